"""Issue 21's phone run: a touch phone at 360×740 runs a 13-player V:TES event through the desk alone (a drop to 12,
the final's seats chosen by the finalists in turn, who plays first drawn), and the files equal what the CLI verbs
write on a twin folder. It counts the taps a result takes and prints them; it checks every box and runs axe on the
desk page, light and dark. SITEGEN_SHOTS=/some/folder keeps its screenshots."""
from __future__ import annotations

from pathlib import Path

import pytest
from browser import Taps, boxes_and_axe, pair, tables_on
from desk_events import DeskServer, snapshot
from playwright.sync_api import Page, expect

from sitegen.cli.main import main
from sitegen.load.event import load_event

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou", "Max"]
VP = {5: [2.5, 0, 0, 0.5, 0.5], 4: [2.5, 0, 0, 0.5]}  # by seat: seat 1 ousts two, then time


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
            if vp:  # a blank is 0 (issue 30.7): only the VP scored are typed
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
                taps.tap(page.locator("#round a[href='players#drop-max-example']"))
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
