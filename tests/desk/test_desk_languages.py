"""The desk in the players' language (issue 23): every screen of the TO's desk and every player's report page in
German and in Polish shows no English interface text (compared with the same screens in English, names and content
left out); an event's own `language:` gives its screens and its players' report pages that language; the checks'
and edits' lines are in the same language (those not yet written as messages stay English, marked lang="en"). The German event screens at 360 px: no box past the screen's edge."""
from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from babel import Locale
from desk_events import Desk, DeskServer, make_event, snapshot, vtes_to_final
from i18n.test_languages import ALLOWED, language_words, texts

from sitegen.cli.main import main
from sitegen.desk.screens import problem_line
from sitegen.games import FORMATS
from sitegen.language import translate
from sitegen.load.event import load_event
from sitegen.model import LANGUAGES, Problem, Where
from sitegen.text import N_, unplaced

EVENTS = {"joust": "agot-joust", "joust2": "agot-joust", "melee": "agot-melee", "vtes": "vtes"}


def tables(folder: Path) -> list[tuple[str, ...]]:
    return [t.players for t in load_event(folder).rounds[-1].tables]


def content_with_every_screen(root: Path) -> Path:
    """Events whose desk pages show most of what the desk says: a result entered and one in play, a clock running, a
    drop after pairing (the round to pair again), a completed round with standings and an earlier round, a Melee
    table (orders, places), a V:TES table (VP in halves, a judge's override)."""
    for slug, fmt in EVENTS.items():
        make_event(root, fmt, slug=slug)
    joust, joust2 = root / "content" / "events" / "joust", root / "content" / "events" / "joust2"
    assert main(["result", str(joust), "1", "--winner", tables(joust)[0][0]]) == 0
    assert main(["clock", str(joust), "--start", "10:00", "--minutes", "50"]) == 0
    assert main(["drop", str(joust), tables(joust)[1][1]]) == 0
    for number, players in enumerate(tables(joust2), start=1):
        assert main(["result", str(joust2), str(number), "--winner", players[0]]) == 0
    assert main(["pair", str(joust2)]) == 0
    return root / "content"


def screens(server: Desk) -> dict[str, str]:
    """Every page the desk shows for the content, by path: its index, each event and its players, the sheets, a player's
    report page (with a report held) and what the player is told after reporting."""
    found = {"index": server.get("")[1]} | {slug: server.get(f"e/{slug}/")[1] for slug in EVENTS}
    found |= {f"{slug}-players": server.get(f"e/{slug}/players")[1] for slug in EVENTS}
    found |= {f"joust-{form}": server.get(f"e/joust/?open={form}")[1] for form in ("table-1", "swap")}  # the forms a link opens
    found |= {sheet: server.get(f"e/joust/{sheet}")[1] for sheet in ("links", "slips")}
    links = json.loads(server.get("e/joust/links.json")[1])["players"]
    first = next(p for p in links if p["table"] == 1)
    path = urlsplit(first["url"]).path
    found["report"] = server.request("GET", path)[1]
    form = {"link": path.rsplit("/", 1)[1], "round": "round-1", "table": "1", "way": "won", "winner": first["id"]}
    found["reported"] = server.request("POST", path, form)[1]
    found["held"] = server.get("e/joust/")[1]
    found["stale"] = server.post("e/melee/result", {"way": "result", "round": "round-1", "table": "1", "version": "x"})[1]
    return found


def final_screens(server: Desk) -> dict[str, str]:
    return {"final": server.get("e/desk/")[1]}


@pytest.fixture(scope="module")
def contents(tmp_path_factory) -> list[Path]:
    root = tmp_path_factory.mktemp("languages")
    final = root / "final"
    vtes_to_final(final)
    return [content_with_every_screen(root / "every"), final / "content"]


def shown(contents: list[Path], language: str) -> dict[str, str]:
    """The screens of both content folders in `language` (English: the desk's default, the site has none)."""
    pages: dict[str, str] = {}
    for content, pick in zip(contents, (screens, final_screens)):
        server = Desk(content, content.parent, language=language)  # the same cache: the same report links
        try:
            pages |= pick(server)
        finally:
            server.close()
    return pages


def content_words(contents: list[Path]) -> str:
    """Names, event names, slugs and the games' titles: the same in every language."""
    text = " ".join(p.read_text(encoding="utf-8") for content in contents for p in content.rglob("*.yaml"))
    return text + " ".join(f"{fmt.title} {fmt.name}" for fmt in FORMATS.values())


@pytest.fixture(scope="module")
def english(contents) -> dict[str, str]:
    return shown(contents, "en")


@pytest.mark.parametrize("language", ["de", "pl"])
def test_no_english_is_left_on_the_desk(language, contents, english):
    """A text the English screen shows too is left in English when one of its words is neither the language's (any
    catalog's, the games' terms) nor the content's (names), nor a language's own name in the picker."""
    autonyms = " ".join(Locale.parse(other).get_display_name(other) for other in LANGUAGES)
    own = language_words(language) | ALLOWED | {w.lower() for w in re.findall(r"\w+", content_words(contents) + autonyms)}
    translated = shown(contents, language)
    left: dict[str, str] = {}
    for path, page in translated.items():
        assert f'<html lang="{language}">' in page, path
        same = set(texts(english[path].encode()))
        for text in texts(page.encode()):
            words = [w.lower() for w in re.findall(r"[^\W\d_]+", text)]
            if text in same and not text.startswith("http") and not all(w in own for w in words):
                left.setdefault(text, path)
    assert not left, "\n".join(f"{path}: {text!r}" for text, path in sorted(left.items())[:40])


def test_an_event_in_french_has_french_screens_and_report_pages_in_a_german_desk(tmp_path):
    folder = make_event(tmp_path, "agot-joust")
    (folder / "event.yaml").write_text((folder / "event.yaml").read_text(encoding="utf-8") + "language: fr\n", encoding="utf-8")
    server = Desk(tmp_path / "content", tmp_path, language="de")
    try:
        assert '<html lang="de">' in server.get("")[1] and "Turniere" in server.get("")[1]
        event = server.get("e/desk/")[1]
        assert '<html lang="fr">' in event and "Apparier la ronde suivante" in event and "Ann Example a gagné" in event
        link = json.loads(server.get("links.json")[1])["players"][0]
        path = urlsplit(link["url"]).path
        page = server.request("GET", path)[1]
        assert '<html lang="fr">' in page and "Vous êtes <strong>" in page and "Report your table" not in page and f"{link['name']} a gagné" in page
        form = {"link": path.rsplit("/", 1)[1], "round": "round-1", "table": str(link["table"]), "way": "won", "winner": link["id"]}
        told = server.request("POST", path, form)[1]
        assert f"Votre déclaration est en attente : {link['name']} a gagné." in told
        unknown = server.request("GET", "/r/no-such-link")[1]
        assert '<html lang="de">' in unknown and "Die Turnierleitung kennt diesen Link nicht" in unknown
    finally:
        server.close()


def refused(server: Desk, form: dict[str, str], folder: Path) -> tuple[int, list[tuple[str, str]]]:
    """Post a table's result with the table's current version; the status and each error line (its lang mark, its text)."""
    page = server.get("e/desk/")[1]
    version = re.search(r'name="version" value="(\w+)">\s*<input type="hidden" name="round" value="round-1">'
                        r'<input type="hidden" name="table" value="1">', page)[1]
    status, body, _ = server.post("e/desk/result", form | {"round": "round-1", "table": "1", "version": version})
    return status, re.findall(r'<p class="error" role="alert"( lang="en")?>(.*?)</p>', body)


def test_the_sites_language_is_the_desks_and_a_refused_result_speaks_it(tmp_path):
    folder = make_event(tmp_path, "agot-melee")
    site = tmp_path / "content" / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8") + "language: pl\n", encoding="utf-8")
    server = Desk(tmp_path / "content", tmp_path)
    try:
        page = server.get("e/desk/")[1]
        assert '<html lang="pl">' in page and "Sparuj następną rundę" in page and ">1.</option>" in page
        players = tables(folder)[0]
        form = {"way": "result", f"power-{players[0]}": "-3"}
        status, errors = refused(server, form, folder)
        assert status == 400 and errors and not any(mark for mark, _ in errors), "the checks' lines in Polish, none marked lang=en"
        assert "power gracza &#39;Dan Example&#39; musi być liczbą całkowitą nie mniejszą niż 0, nie -3" in [text for _, text in errors]
        stale = server.post("e/desk/result", form | {"round": "round-1", "table": "1", "version": "0" * 16})[1]
        assert "Ten stół zmienił się od wczytania strony" in stale
    finally:
        server.close()


def test_a_wrong_result_is_refused_in_french_at_the_desk(tmp_path, capsys):
    """Issue 28: the refusals the TO meets at the desk, from the shared checks, in the page's language (the CLI says
    the same in English)."""
    folder = make_event(tmp_path, "vtes")
    site = tmp_path / "content" / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8") + "language: fr\n", encoding="utf-8")
    before = snapshot(folder)
    server = Desk(tmp_path / "content", tmp_path)
    try:
        status, errors = refused(server, {"way": "vp"} | {f"vp-{pid}": "5" for pid in tables(folder)[0]}, folder)
    finally:
        server.close()
    assert status == 400 and snapshot(folder) == before
    assert errors == [("", "table 1 : Les VP (5 ; 5 ; 5 ; 5 ; 5) ne tombent pas juste : chaque demi-point arrondi au supérieur, ils font 25, "
                           "mais une table de 5 joueurs doit faire 5. Vérifiez les scores, ou marquez la table comme confirmée par un juge. "
                           "(ajoutez &#39;override: true&#39;)")]
    capsys.readouterr()
    assert main(["result", str(folder), "1", "--vp", *[f"{pid}=5" for pid in tables(folder)[0]]]) == 2
    said = capsys.readouterr()
    assert "round-1.yaml:6: table 1: The VP (5, 5, 5, 5, 5) do not add up" in said.out + said.err  # the CLI: English, as before


def test_a_message_not_yet_translatable_stays_english_and_marked():
    """A check's line written as plain English text (not a message with an id) is shown as it is, marked lang="en"."""
    problem = Problem(Where("/c/events/e/round-1.yaml", 3), "an old check's English words")
    line = problem_line(problem)
    assert line == "/c/events/e/round-1.yaml:3: an old check's English words" and type(line) is str
    translated = problem_line(Problem(Where("/c/e.yaml", 2), N_("missing '{key}'; add a line '{key}: ...'", key="date")))
    assert str(translated) == "/c/e.yaml:2: missing 'date'; add a line 'date: ...'"
    assert translate(translated, "fr") == "/c/e.yaml:2 : 'date' manque ; ajoutez une ligne 'date: ...'"
    assert translate(unplaced(translated), "fr") == "'date' manque ; ajoutez une ligne 'date: ...'"
    assert unplaced(line) == "an old check's English words"


def test_the_language_flag_takes_only_the_shipped_languages(capsys):
    with pytest.raises(SystemExit):
        main(["desk", "--language", "klingon"])
    assert "invalid choice: 'klingon'" in capsys.readouterr().err


@pytest.mark.browser
@pytest.mark.parametrize("language", ["de", "fr"])
def test_the_desk_fits_a_phone_in_german_and_french(tmp_path, touch_phone, language):
    """Each event's page with every form shown, its players' page, and the forms a link opens (a table's time called,
    the seat swap): no box past the edge, axe clean."""
    from browser import boxes_and_axe

    root = tmp_path / "desk"
    content_with_every_screen(root)
    server = DeskServer(root, language=language)
    pages = [f"{slug}/{page}" for slug in ("joust", "joust2", "melee", "vtes") for page in ("", "players")]
    try:
        for page in pages + ["joust/?open=table-2", "joust/?open=swap"]:
            touch_phone.goto(f"{server.url}e/{page}")
            touch_phone.locator("details").evaluate_all("all => all.forEach(d => d.open = true)")  # every form shown
            boxes_and_axe(touch_phone, f"{language}-{page.replace('/', '-').replace('?open=', '')}")
    finally:
        server.close()


# Each word of a cell on one line (a hyphenated name may wrap after its hyphen): a name broken inside a word
# ("Agniesz|ka") is a name misread.
WORDS_BROKEN = """(cells) => cells.flatMap(cell => {
  const broken = [];
  const text = cell.firstChild;
  if (!text || text.nodeType !== Node.TEXT_NODE) return broken;
  for (const match of text.textContent.matchAll(/[^\\s-]+-?/g)) {
    const range = document.createRange();
    range.setStart(text, match.index); range.setEnd(text, match.index + match[0].length);
    const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
    if (lines.size > 1) broken.push(match[0]);
  }
  return broken;
})"""


@pytest.mark.browser
def test_the_desks_standings_keep_each_word_of_a_name_whole_on_a_phone_in_polish(tmp_path, touch_phone):
    """A Polish Melee event's standings at 360 px: its heads ("Wygrane") left the names 78 px, and "Małgorzata
    Wiśniewska-Dąbrowska" read "Małgorz|ata Wiśniew|ska-"; each word now stays whole, and nothing passes the edge."""
    from browser import OVERFLOWING

    names = ["Agnieszka Zielińska", "Małgorzata Wiśniewska-Dąbrowska", "Krzysztof Lewandowski", "Jan Kowalski",
             "Łukasz Żółw", "Zofia Kamińska", "Piotr Wójcik", "Anna Nowak"]
    folder = tmp_path / "desk" / "content" / "events" / "turniej"
    folder.mkdir(parents=True)
    (tmp_path / "desk" / "content" / "site.yaml").write_text("title: Klub\nlanguage: pl\n", encoding="utf-8")
    (folder / "event.yaml").write_text("name: Turniej\nformat: agot-melee\ndate: 2026-12-05\nplayers:\n"
                                       + "".join(f"  - {name}\n" for name in names), encoding="utf-8")
    assert main(["pair", str(folder)]) == 0
    server = DeskServer(tmp_path / "desk")
    try:
        touch_phone.goto(f"{server.url}e/turniej/")
        assert touch_phone.locator("#standings td:nth-child(2)").evaluate_all(WORDS_BROKEN) == []
        assert touch_phone.evaluate(OVERFLOWING) == []
    finally:
        server.close()
