"""The desk's decklist pages in each of the 7 languages, on a 360 px phone, light and dark: the TO's statuses (a V:TES
multi-deck event, so each round's status too), the print sheet, one list, and a player's page to register their deck
(their held list with problems, then a pasted list with a "did you mean"). Nothing past the right edge, every button a
44 px target, no serious axe finding.

One desk serves an event per language (made once for the module): each language's test reads its own pages."""
from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest
from browser import boxes_and_axe
from desk_events import DeskServer, make_event

from sitegen.cli.main import main
from sitegen.model import LANGUAGES

pytestmark = pytest.mark.browser

CORPUS = Path(__file__).resolve().parent.parent / "games" / "vtes" / "decklists"
RULE = "rounds: 3\nmultideck: true\nlanguage: {language}\ndecklists:\n  collect: required\n  publish: all\n"


def slug(language: str) -> str:
    return "vtes-" + language.lower().replace("_", "-")


def run(*args: object) -> None:
    assert main([str(a) for a in args]) == 0, args


@pytest.fixture(scope="module")
def desk(tmp_path_factory):
    """An event per language: Ann's list legal, Ben's misspelt, round 1 paired, then Ann's list for round 2."""
    root = tmp_path_factory.mktemp("deck-pages")
    cache = root / "cache"  # the DeskServer's cache folder
    with pytest.MonkeyPatch.context() as patch, contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        patch.setattr("sitegen.cli.main.DEFAULT_CACHE", cache)
        for language in LANGUAGES:
            folder = make_event(root, "vtes", slug=slug(language), pair=False)
            (folder / "event.yaml").write_text((folder / "event.yaml").read_text() + RULE.format(language=language))
            run("deck", folder, "ann-example", CORPUS / "legal-a.twda.txt")
            run("deck", folder, "ben-example", CORPUS / "misspelt.vdb.txt")
            run("pair", folder, "--without-decklists")
            run("deck", folder, "ann-example", CORPUS / "legal-b.vdb.txt")
    server = DeskServer(root)
    yield server
    server.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_deck_pages_fit_a_phone_and_pass_axe(desk, touch_phone, language):
    page = touch_phone
    event = slug(language)
    page.goto(f"{desk.url}e/{event}/decks")
    assert page.locator("html").get_attribute("lang") == language.replace("_", "-")
    assert page.locator(".deck-rounds").count() == 5  # each player's round 1 and round 2 statuses
    boxes_and_axe(page, f"desk-{event}-statuses")
    ben = dict(zip(re.findall(r"<strong>([^<]+)</strong>", page.content()), re.findall(r"<small>(http://[^<]+/d/[^<]+)</small>", page.content())))["Ben Example"]
    page.evaluate("() => document.querySelectorAll('.links strong').forEach(s => s.textContent = 'Małgorzata Wiśniewska-Dąbrowska')")
    tags = page.locator(".links .tag").evaluate_all("tags => tags.map(t => t.getClientRects().length)")
    assert set(tags) == {1}, tags  # a status reads on one line, beside a long name too ("ma | problemy" was split)
    for path in ("decks/print", "decks/ben-example"):
        page.goto(f"{desk.url}e/{event}/{path}")
        boxes_and_axe(page, f"desk-{event}-{path.replace('/', '-')}")
    page.goto(ben)
    assert page.locator("p.error").count() >= 1  # his held list's misspelt card
    boxes_and_axe(page, f"desk-{event}-register")
    page.fill("#list", (CORPUS / "misspelt.lackey.txt").read_text())
    page.locator("form:has(#list) button").tap()
    page.wait_for_selector("input[name=step][value=confirm]", state="attached")
    assert "Govern the Unaligned" in page.content()
    boxes_and_axe(page, f"desk-{event}-register-checked")
