"""The published decklists on the site, on a 360 px phone, in each of the 7 languages: a V:TES multi-deck event's
Decklists page, its champion's event page and a player's page with each round's list, and an AGoT event's Decks played
page with the lists' records; nothing past the right edge and no serious axe finding, light and dark.

One site holds an event of each kind per language (built once for the module): each language's test reads its own."""
from __future__ import annotations

import contextlib
import io
import shutil
from pathlib import Path

import agot_records
import pytest
from browser import AXE, OVERFLOWING, axe_findings, serving, shot
from desk_events import make_event

from sitegen.cli.main import main
from sitegen.load.event import load_event
from sitegen.model import LANGUAGES

pytestmark = pytest.mark.browser

CORPUS = Path(__file__).resolve().parent.parent / "games"
VTES_LISTS = ["legal-a.twda.txt", "legal-b.vdb.txt", "legal-a.jol.txt", "legal-b.lackey.txt", "legal-a.amaranth.txt"]
AGOT_LISTS = {"ann-example": "legal.txt", "ben-example": "legal-night-watch.txt", "cat-example": "legal-one-plot-twice.txt",
              "dan-example": "legal-with-link.txt"}


def slug(language: str) -> str:
    return language.lower().replace("_", "-")  # pt_BR: events/vtes-pt-br/


def run(*args: object) -> None:
    assert main([str(a) for a in args]) == 0, args


def vtes_event(root: Path, language: str) -> None:
    """Three rounds under multi-deck: everyone registers a list, and Ann another one for round 2; Ann wins every table."""
    folder = make_event(root, "vtes", slug=f"vtes-{slug(language)}", pair=False)
    (folder / "event.yaml").write_text((folder / "event.yaml").read_text().replace("Desk VTES", f"Desk VTES {language}")
                                       + f"rounds: 3\nmultideck: true\nlanguage: {language}\ndecklists:\n  collect: optional\n  publish: all\n")
    cache = root / "cache"
    for player, name in zip(sorted(p.id for p in load_event(folder).players), VTES_LISTS):
        run("deck", folder, player, CORPUS / "vtes" / "decklists" / name, "--cache", cache)
    for number in range(3):
        run("pair", folder)
        if number == 0:
            run("deck", folder, "ann-example", CORPUS / "vtes" / "decklists" / "legal-b.twda.txt", "--cache", cache)
        seated = load_event(folder).rounds[number].tables[0].players
        run("result", folder, "1", "--vp", *[f"{p}={5 if p == 'ann-example' else 0}" for p in seated])
    run("decks", folder, "--publish", "--cache", cache)


def agot_event(root: Path, language: str) -> None:
    folder = root / "content" / "events" / f"agot-{slug(language)}"
    (folder / "decks").mkdir(parents=True)
    (folder / "event.yaml").write_text(agot_records.event_in(language))
    for name, text in agot_records.ROUNDS.items():
        (folder / name).write_text(text)
    for player, name in AGOT_LISTS.items():
        shutil.copy(CORPUS / "agot" / "decklists" / name, folder / "decks" / f"{player}.txt")


@pytest.fixture(scope="module")
def published_site(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("decklists-site")
    with pytest.MonkeyPatch.context() as patch, contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        patch.setattr("sitegen.cli.main.DEFAULT_CACHE", root / "build-cache")
        for language in LANGUAGES:
            vtes_event(root, language)
            agot_event(root, language)
        run("build", "--content", root / "content", "--output", root / "output")
    shutil.copy(AXE, root / "output" / AXE.name)
    return root / "output"


PAGES = ("vtes-{slug}/decklists.html", "vtes-{slug}/index.html", "vtes-{slug}/players/ann-example.html",
         "agot-{slug}/meta.html", "agot-{slug}/decklists.html")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_decklists_pages_fit_a_phone_and_pass_axe(published_site, browser, language):
    vtes = published_site / "events" / f"vtes-{slug(language)}" / "decks"
    assert sorted(p.name for p in vtes.iterdir())[:4] == [f"ann-example.{key}.txt" for key in ("round-1", "round-2", "round-3")] + ["ann-example.txt"]
    context = browser.new_context(viewport={"width": 360, "height": 740}, bypass_csp=True)
    page = context.new_page()
    with serving(published_site) as url:
        for path in PAGES:
            page.goto(f"{url}/events/{path.format(slug=slug(language))}")
            assert page.locator("html").get_attribute("lang") == language.replace("_", "-"), path
            for scheme in ("light", "dark"):
                page.emulate_media(color_scheme=scheme)
                assert page.evaluate(OVERFLOWING) == [], (path, scheme)
                assert axe_findings(page) == [], (path, scheme)
                shot(page, f"site-{path.format(slug=slug(language)).replace('/', '-').removesuffix('.html')}-{scheme}")
    context.close()
