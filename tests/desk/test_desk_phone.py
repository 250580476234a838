"""Issue 21's phone run: a touch phone at 360×740 runs a 13-player V:TES event through the desk alone (a drop to 12,
the final's seats chosen by the finalists in turn, who plays first drawn), and the files equal what the CLI verbs
write on a twin folder. It counts the taps a result takes and prints them; it checks every box and runs axe on the
desk page, light and dark. SITEGEN_SHOTS=/some/folder keeps its screenshots."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from browser import AXE, OVERFLOWING, WCAG_TAGS
from desk_events import snapshot
from playwright.sync_api import Locator, Page, expect

from sitegen.cli.main import main
from sitegen.load.event import load_event
from tests.desk.test_desk_browser import DeskServer, pair, tables_on

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2,
         "bypass_csp": True}  # the CSP would refuse axe's script; the desk's own pages are what is tested
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou", "Max"]
VP = {5: [2.5, 0, 0, 0.5, 0.5], 4: [2.5, 0, 0, 0.5]}  # by seat: seat 1 ousts two, then time


class Taps:
    """What the phone user does, counted: a tap, a typed figure, a choice from a list (two taps: open, choose)."""

    def __init__(self) -> None:
        self.count = 0

    def tap(self, target: Locator) -> None:
        self.count += 1
        target.tap()

    def fill(self, target: Locator, text: str) -> None:
        self.count += 1  # the tap into the field; the figures typed are not taps
        target.fill(text)

    def choose(self, target: Locator, value: str) -> None:
        self.count += 2
        target.select_option(value)


@pytest.fixture
def touch_phone(browser):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    yield page
    context.close()


def shot(page: Page, name: str) -> None:
    if os.environ.get("SITEGEN_SHOTS"):
        page.screenshot(path=str(Path(os.environ["SITEGEN_SHOTS"]) / f"{name}.png"), full_page=True)


def boxes_and_axe(page: Page, name: str) -> None:
    """Nothing past the right edge, every button a 44 px target, no serious axe finding, light and dark."""
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert page.evaluate(OVERFLOWING) == [], (name, scheme)
        for box in page.locator("button:visible").evaluate_all("bs => bs.map(b => b.getBoundingClientRect().toJSON())"):
            assert box["height"] >= 44 and box["right"] <= 360.5, (name, box)
        page.add_script_tag(path=str(AXE))
        options = {"resultTypes": ["violations"], "runOnly": {"type": "tag", "values": WCAG_TAGS}}
        found = [f"{v['id']} at {[n['target'] for n in v['nodes'][:3]]}" for v in
                 page.evaluate("async (options) => (await axe.run(document, options)).violations", options)
                 if v["impact"] in ("serious", "critical")]
        assert found == [], (name, scheme, found)
        shot(page, f"{name}-{scheme}")
    page.emulate_media(color_scheme="light")


def new_vtes(root: Path) -> Path:
    folder = root / "content" / "events" / "club"
    argv = ["new", str(folder), "--format", "vtes", "--name", "Club Event", "--date", "2026-12-05"]
    for name in NAMES:
        argv += ["--player", f"{name} Example"]
    assert main(argv) == 0
    return folder


def enter_vp(page: Page, taps: Taps, cli_folder: Path) -> int:
    """Every table of the current round: each seat's VP, then "Save VP"; the results entered."""
    results = 0
    for number, players in tables_on(page).items():
        table = page.locator(f"#table-{number}")
        for pid, vp in zip(players, VP[len(players)]):
            taps.fill(table.locator(f"input[name=vp-{pid}]"), str(vp))
        taps.tap(table.get_by_role("button", name="Save VP"))
        expect(page.locator(f"#table-{number} h3 small")).to_have_text("done")
        argv = ["result", str(cli_folder), str(number), "--vp", *[f"{p}={v}" for p, v in zip(players, VP[len(players)])]]
        assert main(argv) == 0
        results += 1
    return results


def test_a_13_player_vtes_event_on_a_touch_phone(tmp_path, touch_phone, capsys):
    page, taps = touch_phone, Taps()
    desk_folder, cli_folder = new_vtes(tmp_path / "desk"), new_vtes(tmp_path / "cli")
    server = DeskServer(tmp_path / "desk")
    results = 0
    try:
        page.goto(f"{server.url}e/club/")
        for number in (1, 2, 3):
            assert pair(page)
            assert main(["pair", str(cli_folder)]) == 0
            if number == 1:
                boxes_and_axe(page, "vtes-round-1")
            before = taps.count
            results += enter_vp(page, taps, cli_folder)
            per_table = (taps.count - before) / len(tables_on(page))
            if number == 1:  # Max drops after round 1: twelve play on
                taps.tap(page.get_by_text("Drop Max Example", exact=True))
                taps.tap(page.get_by_role("button", name="Yes, drop Max Example"))
                expect(page.locator(".note.done")).to_contain_text("Max Example drops after round 1")
                assert main(["drop", str(cli_folder), "max-example"]) == 0
        assert pair(page)  # the final
        assert main(["pair", str(cli_folder)]) == 0
        boxes_and_axe(page, "vtes-final-seats")
        finalists = load_event(desk_folder).elims[-1].tables[0].players  # ranking order: the top seed first
        seats = {pid: n for n, pid in enumerate(reversed(finalists), start=1)}
        before = taps.count
        for pid, seat in seats.items():
            taps.choose(page.locator(f"select[name=seat-{pid}]"), str(seat))
        taps.tap(page.get_by_role("button", name="Seat them"))
        expect(page.locator(".note.done")).to_contain_text("Seats chosen: 1. ")
        taps.tap(page.get_by_role("button", name="Draw who plays first"))
        expect(page.locator(".note.done")).to_contain_text("plays first (drawn)")
        seating_taps = taps.count - before
        assert main(["seat", str(cli_folder), *(f"{p}={n}" for p, n in seats.items())]) == 0
        assert main(["seat", str(cli_folder), "--draw-first"]) == 0
        boxes_and_axe(page, "vtes-final-drawn")
        results += enter_vp(page, taps, cli_folder)
        expect(page.locator("#standings .final")).to_contain_text("champion")
        boxes_and_axe(page, "vtes-decided")
    finally:
        server.close()
    assert main(["check", "--content", str(tmp_path / "desk" / "content")]) == 0
    assert snapshot(desk_folder) == snapshot(cli_folder)
    with capsys.disabled():
        print(f"\nV:TES, 13 players: {taps.count} taps for {results} results ({taps.count / results:.1f} a result, "
              f"{per_table:.1f} a table of round 3); the final's seats and first player: {seating_taps} taps")
