"""Decklists on a 360 px phone (issue 32): two players register their lists through their own links (one misspelt,
fixed after "did you mean"), the TO sees the statuses, pairing round 1 under `collect: required` stops on the missing
lists until overridden, and each page passes the box test and axe, light and dark."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser import boxes_and_axe
from desk_events import DeskServer, make_event
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

CORPUS = Path(__file__).resolve().parent.parent / "games" / "vtes" / "decklists"
RULE = "rounds: 3\ndecklists:\n  collect: required\n  publish: all\n"


def test_two_players_register_and_the_to_pairs_round_one(tmp_path, touch_phone):
    page = touch_phone
    folder = make_event(tmp_path, "vtes", pair=False)
    (folder / "event.yaml").write_text((folder / "event.yaml").read_text() + RULE)
    server = DeskServer(tmp_path)
    try:
        page.goto(server.url + "e/desk/decks")
        boxes_and_axe(page, "decks-statuses")
        links = dict(zip(re.findall(r"<strong>([^<]+)</strong>", page.content()), re.findall(r"<small>(http://[^<]+/d/[^<]+)</small>", page.content())))

        page.goto(links["Ann Example"])
        page.fill("#list", (CORPUS / "misspelt.vdb.txt").read_text())
        page.get_by_role("button", name="Check my list").tap()
        expect(page.get_by_text("'Govern the Unalined': did you mean 'Govern the Unaligned'?")).to_be_visible()
        boxes_and_axe(page, "deck-did-you-mean")
        page.fill("#list", page.input_value("#list").replace("Unalined", "Unaligned"))
        page.get_by_role("button", name="Check my list").tap()
        expect(page.get_by_text("No problem found.")).to_be_visible()
        page.get_by_role("button", name="Register this list").tap()
        expect(page.get_by_text("Your list is registered.")).to_be_visible()
        boxes_and_axe(page, "deck-registered")

        page.goto(links["Ben Example"])
        page.fill("#list", (CORPUS / "legal-b.lackey.txt").read_text())
        page.get_by_role("button", name="Check my list").tap()
        page.get_by_role("button", name="Register this list").tap()
        expect(page.get_by_text("Your list is registered.")).to_be_visible()

        page.goto(server.url + "e/desk/decks")
        assert [t.strip() for t in page.locator(".links .tag").all_inner_texts()] == ["registered", "registered", "missing", "missing", "missing"]
        page.goto(server.url + "e/desk/")
        page.get_by_role("button", name="Pair the next round").tap()
        expect(page.get_by_text("Cat Example (missing)")).to_be_visible()
        assert not (folder / "round-1.yaml").exists()
        page.get_by_label("Pair without their decklists").check()
        page.get_by_role("button", name="Pair the next round").tap()
        page.wait_for_url(re.compile(r"note="))
        assert (folder / "round-1.yaml").exists()
    finally:
        server.close()
