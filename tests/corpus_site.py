"""A small valid site with all three formats, for the bad-input corpus, the fuzzer and the kill test.

Line numbers in the corpus refer to these texts, so change them only together with the corpus.
"""
from __future__ import annotations

from pathlib import Path

FILES = {
    "site.yaml": """\
title: Corpus events
base_url: https://example.org/site/
theme: default
description: Events for the bad-input corpus
""",
    "pages/about.md": """\
---
title: About us
order: 1
---
# About

Plain page.
""",
    "events/j/event.yaml": """\
name: Corpus Joust
format: agot-joust
date: 2026-01-10
rounds: 2
cut: 2
players:
  - name: Ann
    faction: Stark
  - name: Ben
  - name: Cat
  - name: Dov
""",
    "events/j/round-1.yaml": """\
start: 2026-01-10 10:00
minutes: 55
tables:
  - table: 1
    players: [ann, ben]
    winner: ann
  - table: 2
    players: [cat, dov]
    power: {cat: 12, dov: 9}
""",
    "events/j/round-2.yaml": """\
tables:
  - table: 1
    players: [ann, cat]
    winner: ann
  - table: 2
    players: [ben, dov]
    winner: ben
""",
    "events/j/elim-1.yaml": """\
tables:
  - table: 1
    players: [ann, ben]
    winner: ben
""",
    "events/m/event.yaml": """\
name: Corpus Melee
format: agot-melee
date: 2026-02-14
rounds: 1
cut: 0
players:
  - name: Eve
  - name: Fay
  - name: Gus
  - name: Hal
""",
    "events/m/round-1.yaml": """\
tables:
  - table: 1
    players: [eve, fay, gus, hal]
    power: {eve: 15, fay: 10, gus: 7, hal: 3}
    winner: eve
    eliminated: [hal]
sitting_out: []
""",
    "events/v/event.yaml": """\
name: Corpus VTES
format: vtes
date: 2026-03-21
rounds: 2
players:
  - name: Ida
    vekn: "1000001"
  - name: Jon
  - name: Kim
  - name: Lev
  - name: Max
""",
    "events/v/round-1.yaml": """\
tables:
  - table: 1
    players: [ida, jon, kim, lev, max]
    vp: {ida: 2, jon: 0, kim: 0, lev: 0.5, max: 1.5}
""",
    "events/v/round-2.yaml": """\
tables:
  - table: 1
    players: [jon, lev, ida, max, kim]
    vp: {ida: 0, jon: 3, kim: 0, lev: 1, max: 1}
""",
    "events/v/final.yaml": """\
tables:
  - table: 1
    players: [jon, ida, lev, max, kim]
    vp: {jon: 3, ida: 2, lev: 0, max: 0, kim: 0}
""",
}


def write(root: Path, files: dict[str, str] = FILES) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` (symlinks not followed), by relative path."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file() and not p.is_symlink()}
