"""The published decklists on the site, on a 360 px phone: the Decklists page, the event page with the champion's list,
a player's page; nothing past the right edge and no serious axe finding, light and dark, in English and Polish."""
from __future__ import annotations

import contextlib
import io
import shutil
from pathlib import Path

import pytest
from browser import AXE, OVERFLOWING, axe_findings, serving
from desk_events import make_event

from sitegen.cli.main import main
from sitegen.load.event import load_event

pytestmark = pytest.mark.browser

CORPUS = Path(__file__).resolve().parent.parent / "games" / "vtes" / "decklists"
LISTS = ["legal-a.twda.txt", "legal-b.vdb.txt", "legal-a.jol.txt", "legal-b.lackey.txt", "legal-a.amaranth.txt"]


def published_site(root: Path, language: str) -> Path:
    folder = make_event(root, "vtes", pair=False)
    (folder / "event.yaml").write_text((folder / "event.yaml").read_text() + f"rounds: 3\nlanguage: {language}\n"
                                       "decklists:\n  collect: optional\n  publish: all\n")
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        for player, name in zip(sorted(p.id for p in load_event(folder).players), LISTS):
            assert main(["deck", str(folder), player, str(CORPUS / name), "--cache", str(root / "cache")]) == 0
        for number in range(3):
            assert main(["pair", str(folder)]) == 0
            seated = load_event(folder).rounds[number].tables[0].players
            vp = [f"{p}={5 if p == 'ann-example' else 0}" for p in seated]
            assert main(["result", str(folder), "1", "--vp", *vp]) == 0
        assert main(["decks", str(folder), "--publish", "--cache", str(root / "cache")]) == 0
        assert main(["build", "--content", str(root / "content"), "--output", str(root / "output")]) == 0
    shutil.copy(AXE, root / "output" / AXE.name)
    return root / "output"


@pytest.mark.parametrize("language", ["en", "pl"])
def test_the_decklists_pages_fit_a_phone_and_pass_axe(tmp_path, browser, language):
    output = published_site(tmp_path, language)
    assert sorted(p.name for p in (output / "events" / "desk" / "decks").iterdir()) == [f"{p}-example.txt" for p in ("ann", "ben", "cat", "dan", "eli")]
    context = browser.new_context(viewport={"width": 360, "height": 740}, bypass_csp=True)
    page = context.new_page()
    with serving(output) as url:
        for path in ("decklists.html", "index.html", "players/ann-example.html"):
            page.goto(f"{url}/events/desk/{path}")
            for scheme in ("light", "dark"):
                page.emulate_media(color_scheme=scheme)
                assert page.evaluate(OVERFLOWING) == [], (path, scheme)
                assert axe_findings(page) == [], (path, scheme)
    context.close()
