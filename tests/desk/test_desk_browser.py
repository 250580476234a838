"""The desk in a browser at phone width: a whole 8-player Joust and a 10-player V:TES event run through it alone
leave the same files as the CLI verbs; content problems show in an overlay (desk and serve) and clear when fixed.

SITEGEN_SHOTS=/some/folder keeps screenshots of the pages at 360 px."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from browser import fits_the_phone, free_port, pair, shot, tables_on, wait_for
from desk_events import DeskServer, snapshot
from playwright.sync_api import Page, expect

from sitegen.cli.main import main
from sitegen.load.event import load_event

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 780}
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jon"]
VP = [2.5, 0, 0, 0.5, 0.5]  # by seat: a game that ends like this at any table of five (seat 1 ousts two, time)


def new_event(root: Path, fmt: str, players: int) -> Path:
    folder = root / "content" / "events" / "club"
    argv = ["new", folder, "--format", fmt, "--name", "Club Event", "--date", "2026-12-05"]
    for name in NAMES[:players]:
        argv += ["--player", f"{name} Example"]
    if fmt == "agot-joust":
        argv += ["--cut", "4"]
    assert main([str(a) for a in argv]) == 0
    return folder


@pytest.fixture
def phone(browser):
    page = browser.new_page(viewport=PHONE)
    yield page
    page.close()


def test_a_whole_joust_through_the_desk_equals_the_cli(tmp_path, phone):
    desk_folder, cli_folder = new_event(tmp_path / "desk", "agot-joust", 6), new_event(tmp_path / "cli", "agot-joust", 6)
    server = DeskServer(tmp_path / "desk")
    try:
        phone.goto(server.url)
        phone.get_by_role("link", name="Club Event").click()
        for name in NAMES[6:8]:
            phone.get_by_role("main").get_by_role("link", name="Players", exact=True).click()
            phone.get_by_label("Full name").fill(f"{name} Example")
            phone.get_by_label("Faction").fill("Stark")
            phone.get_by_role("button", name="Add player").click()
            expect(phone.locator(".note.done")).to_contain_text(f"{name} Example joins round 1")
            assert main(["add", str(cli_folder), f"{name} Example", "--field", "faction=Stark"]) == 0
        rounds = 0
        while pair(phone):
            assert main(["pair", str(cli_folder)]) == 0
            rounds += 1
            elimination = "Round" not in phone.locator("#round h2").inner_text()
            if rounds == 1:
                shot(phone, "joust-round-1")
                fits_the_phone(phone)
            for number, (a, b) in tables_on(phone).items():
                table = phone.locator(f"#table-{number}")
                if number % 2 == 0 and not elimination:
                    table.get_by_text("Time called: enter power").click()
                    table.locator(f"input[name=power-{a}]").fill("7")
                    table.locator(f"input[name=power-{b}]").fill("9")
                    table.get_by_role("button", name="Save power").click()
                    argv = ["result", cli_folder, number, "--power", f"{a}=7", f"{b}=9"]
                else:
                    table.locator(f"button[name=winner][value={a}]").click()
                    argv = ["result", cli_folder, number, "--winner", a]
                expect(phone.locator(f"#table-{number} h3 small")).to_have_text("done")
                assert main([str(x) for x in argv]) == 0
        assert main(["pair", str(cli_folder)]) == 2  # finished there too
        expect(phone.locator("#standings .final")).to_contain_text("champion")
        shot(phone, "joust-final")
        fits_the_phone(phone)
    finally:
        server.close()
    event = load_event(desk_folder)
    assert len(event.rounds) == 3 and [len(r.tables) for r in event.elims] == [2, 1]
    assert main(["check", "--content", str(tmp_path / "desk" / "content")]) == 0
    assert snapshot(desk_folder) == snapshot(cli_folder)


def test_a_vtes_event_through_the_desk_equals_the_cli(tmp_path, phone):
    desk_folder, cli_folder = new_event(tmp_path / "desk", "vtes", 10), new_event(tmp_path / "cli", "vtes", 10)
    server = DeskServer(tmp_path / "desk")
    try:
        phone.goto(f"{server.url}e/club/")
        while pair(phone):
            assert main(["pair", str(cli_folder)]) == 0
            for number, players in tables_on(phone).items():
                table = phone.locator(f"#table-{number}")
                for pid, vp in zip(players, VP):
                    table.locator(f"input[name=vp-{pid}]").fill(str(vp))
                table.get_by_role("button", name="Save VP").click()
                expect(phone.locator(f"#table-{number} h3 small")).to_have_text("done")
                argv = ["result", cli_folder, number, "--vp", *[f"{pid}={vp}" for pid, vp in zip(players, VP)]]
                assert main([str(x) for x in argv]) == 0
        shot(phone, "vtes-final")
        fits_the_phone(phone)
        expect(phone.locator("#standings .final")).to_contain_text("champion")
    finally:
        server.close()
    assert load_event(desk_folder).elims
    assert main(["check", "--content", str(tmp_path / "desk" / "content")]) == 0
    assert snapshot(desk_folder) == snapshot(cli_folder)


def test_an_error_shows_beside_the_table(tmp_path, phone):
    new_event(tmp_path, "agot-joust", 4)
    assert main(["pair", str(tmp_path / "content" / "events" / "club")]) == 0
    server = DeskServer(tmp_path)
    try:
        phone.goto(f"{server.url}e/club/")
        table = phone.locator("#table-1")
        table.get_by_text("Time called: enter power").click()
        table.locator("input[name^=power-]").first.fill("7")
        table.get_by_role("button", name="Save power").click()
        expect(phone.locator("#table-1 .error")).to_contain_text("'power' needs both players of table 1")  # the TO's words, no file path
        expect(phone.locator("#table-1 .error")).not_to_contain_text("-example")  # names, not ids
        phone.locator("#table-1").scroll_into_view_if_needed()
        shot(phone, "joust-error-beside-table")
        fits_the_phone(phone)
    finally:
        server.close()


def overlay_comes_and_goes(page: Page, event_yaml: Path, name: str) -> None:
    good = event_yaml.read_text()
    event_yaml.write_text(good.replace("date: 2026-12-05", "date: 2026-13-45"))
    overlay = page.locator("#sitegen-problems")
    expect(overlay).to_contain_text(f"{event_yaml}:", timeout=10_000)
    expect(overlay).to_contain_text("date")
    shot(page, f"overlay-{name}")
    event_yaml.write_text(good)
    expect(overlay).to_have_count(0, timeout=10_000)


def test_a_judge_is_told_when_another_changed_the_event_and_not_after_their_own_tap(tmp_path, browser):
    """Two judges at once: the one whose page is older is told, and offered a reload (never reloaded mid-form)."""
    folder = new_event(tmp_path, "agot-joust", 4)
    server = DeskServer(tmp_path)
    judges = [browser.new_page(viewport=PHONE) for _ in range(2)]
    try:
        for judge in judges:
            judge.goto(f"{server.url}e/club/")
        assert pair(judges[0])
        changed = judges[1].locator("#sitegen-changed")
        expect(changed).to_be_visible(timeout=10_000)  # the other judge paired the round
        shot(judges[1], "desk-changed")
        judges[1].get_by_role("button", name="Reload").click()
        expect(judges[1].locator("article.table#table-2")).to_be_visible()  # the reloaded page: `tables_on` does not wait
        (a, _), (c, _) = tables_on(judges[1]).values()
        judges[1].locator(f"#table-1 button[name=winner][value={a}]").click()  # their own tap: no notice for it
        expect(judges[1].locator("#table-1 h3 small")).to_have_text("done")
        judges[1].wait_for_timeout(2500)  # two polls
        expect(changed).to_have_count(0)
        assert main(["result", str(folder), "2", "--winner", c]) == 0  # a command at the terminal
        expect(changed).to_contain_text("This event changed", timeout=10_000)
        judges[1].get_by_role("button", name="Reload").click()
        expect(judges[1].locator("#table-2 h3 small")).to_have_text("done")
        expect(changed).to_have_count(0)
    finally:
        server.close()


def test_the_desk_shows_content_problems_in_an_overlay(tmp_path, phone):
    folder = new_event(tmp_path, "agot-joust", 4)
    server = DeskServer(tmp_path)
    try:
        phone.goto(f"{server.url}e/club/")
        overlay_comes_and_goes(phone, folder / "event.yaml", "desk")
        phone.goto(f"{server.url}site/events/club/index.html")
        expect(phone.locator("h1")).to_contain_text("Club Event")
        overlay_comes_and_goes(phone, folder / "event.yaml", "desk-preview")
    finally:
        server.close()


def test_a_french_desks_overlay_shows_the_problems_in_french(tmp_path, phone):
    """The problems in the desk's language, each line unmarked (a line written as plain text would be lang="en")."""
    folder = new_event(tmp_path, "agot-joust", 4)
    server = DeskServer(tmp_path, language="fr")
    try:
        phone.goto(f"{server.url}e/club/")
        event_yaml = folder / "event.yaml"
        event_yaml.write_text(event_yaml.read_text().replace("date: 2026-12-05", "date: 2026-13-45"))
        line = phone.locator("#sitegen-problems p").first
        expect(line).to_contain_text("n'est pas une date", timeout=10_000)
        assert line.get_attribute("lang") is None
        shot(phone, "desk-overlay-fr")
    finally:
        server.close()


def test_serve_shows_content_problems_in_an_overlay(tmp_path, phone):
    folder = new_event(tmp_path, "agot-joust", 4)
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "sitegen", "serve", "--content", tmp_path / "content", "--output", tmp_path / "out",
                                "--cache", tmp_path / "cache", "--port", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        url = f"http://127.0.0.1:{port}/events/club/index.html"
        wait_for(url)
        phone.goto(url)
        overlay_comes_and_goes(phone, folder / "event.yaml", "serve")
        assert not any("problems" in p.name for p in (tmp_path / "out").rglob("*"))  # nothing written into the output
    finally:
        process.terminate()
        process.wait(timeout=10)
    shutil.rmtree(tmp_path / "out")
