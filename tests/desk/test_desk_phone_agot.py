"""Issue 21's phone runs for AGoT: a touch phone at 360×740 runs a 10-player Joust (a late arrival folded into round 1,
the top-4 cut chosen, a swap, the clock started and extended, a drop, a wrong result of round 1 corrected in round 3)
to the champion, and a Melee (a late arrival, a drop, a correction) to its final table, through the desk alone. The
files equal what the CLI verbs write on a twin folder, run as each desk step happens. Each test counts the taps
(every tap, field filled and choice the phone user makes) and prints them (`pytest -s`); the box test and axe run on
each page state. SITEGEN_SHOTS=/some/folder keeps the screenshots."""
from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser import Taps, boxes_and_axe, pair, tables_on
from desk_events import DeskServer, snapshot
from playwright.sync_api import Page, expect

from sitegen.cli.main import main
from sitegen.load.event import load_event

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jon"]


def new_event(root: Path, fmt: str, players: int) -> Path:
    folder = root / "content" / "events" / "club"
    argv = ["new", str(folder), "--format", fmt, "--name", "Club Event", "--date", "2026-12-05"]
    for name in NAMES[:players]:
        argv += ["--player", f"{name} Example"]
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(argv) == 0
    return folder


class Run:
    """The phone on the desk and the CLI on the twin folder, step by step; taps counted apart for results."""

    def __init__(self, page: Page, cli_folder: Path) -> None:
        self.page, self.cli, self.taps = page, str(cli_folder), Taps()
        self.result_taps, self.results = 0, 0
        self.steps: dict[str, int] = {}

    def cli_does(self, *argv: str) -> None:
        with contextlib.redirect_stdout(io.StringIO()) as said:  # what the verb prints is not the phone's business
            assert main([argv[0], self.cli, *argv[1:]]) == 0, (argv, said.getvalue())

    def done(self, text: str) -> None:
        expect(self.page.locator(".note.done")).to_contain_text(text)

    def step(self, name: str, before: int) -> None:
        self.steps[name] = self.steps.get(name, 0) + self.taps.count - before

    def pair(self) -> bool:
        before = self.taps.count
        if not pair(self.page, self.taps):
            return False
        self.cli_does("pair")
        self.step("pair", before)
        return True

    def name(self, pid: str) -> str:
        return load_event(Path(self.cli)).player_by_id[pid].name

    def drop(self, pid: str, *, after: int, shot: str = "") -> None:
        """Drop a player at the desk (their name at their table opens their drop on the players' page, then its
        confirmation, looked at when `shot` names it), and with the CLI."""
        before = self.taps.count
        name = self.name(pid)
        self.taps.tap(self.page.locator(f"#round a[href='players#drop-{pid}']"))
        expect(self.page.get_by_role("button", name=f"Yes, drop {name}").first).to_be_visible()  # the confirmation, open
        if shot:
            boxes_and_axe(self.page, shot)
        self.taps.tap(self.page.get_by_role("button", name=f"Yes, drop {name}"))
        self.done(f"{name} drops after round {after}")
        self.cli_does("drop", pid)
        self.step("drop", before)

    def joust_result(self, scope: str, number: int, winner: str, loser: str, *, power: bool = False,
                     round_: int | None = None) -> None:
        """One Joust table's result: the one-tap "won", or time called with both players' power."""
        before, table = self.taps.count, self.page.locator(f"#{scope}")
        if power:
            self.taps.tap(table.get_by_text("Time called: enter power"))
            self.taps.fill(table.locator(f"input[name=power-{winner}]"), "9")
            self.taps.fill(table.locator(f"input[name=power-{loser}]"), "7")
            self.taps.tap(table.get_by_role("button", name="Save power"))
            argv = ["--power", f"{winner}=9", f"{loser}=7"]
        else:
            self.taps.tap(table.locator(f"button[name=winner][value={winner}]"))
            argv = ["--winner", winner]
        expect(self.page.locator(f"#{scope} h3 small")).to_have_text("done")
        self.cli_does("result", str(number), *argv, *(["--round", str(round_)] if round_ else []))
        self.result_taps += self.taps.count - before
        self.results += 1

    def melee_result(self, scope: str, number: int, seats: list[str], *, winner: int = 0, round_: int | None = None) -> None:
        """One Melee table's result: every player's power (in seat order), the `winner`th seat reached 15 and won
        before time."""
        before, table = self.taps.count, self.page.locator(f"#{scope}")
        figures = MELEE_POWER[:len(seats)]
        figures.insert(winner, figures.pop(0))
        power = dict(zip(seats, figures))
        won = seats[winner]
        for pid, figure in power.items():
            self.taps.fill(table.locator(f"input[name=power-{pid}]"), str(figure))
        expect(table.locator("select[name=winner]")).to_have_value(won)  # who reached 15 is chosen as it is typed
        self.taps.tap(table.get_by_role("button", name="Save result"))
        expect(table.locator("li.winner .name")).to_have_text(self.name(won))
        self.cli_does("result", str(number), "--power", *(f"{p}={n}" for p, n in power.items()), "--winner", won,
                      *(["--round", str(round_)] if round_ else []))
        self.result_taps += self.taps.count - before
        self.results += 1


MELEE_POWER = [15, 10, 8, 5]


@contextlib.contextmanager
def desk_beside_cli(tmp_path: Path, page: Page, fmt: str, players: int) -> Iterator[tuple[Run, Path]]:
    """The same new event in a desk, open on `page`, and in a folder the CLI verbs follow (the `Run`'s); once the
    event is run, the desk's folder passes `sitegen check` and holds the same files as the CLI's."""
    desk_folder, cli_folder = new_event(tmp_path / "desk", fmt, players), new_event(tmp_path / "cli", fmt, players)
    run = Run(page, cli_folder)
    server = DeskServer(tmp_path / "desk")
    try:
        page.goto(f"{server.url}e/club/")
        yield run, desk_folder
    finally:
        server.close()
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["check", "--content", str(tmp_path / "desk" / "content")]) == 0
    assert snapshot(desk_folder) == snapshot(cli_folder)


def test_a_10_player_joust_on_a_touch_phone(tmp_path, touch_phone):
    page = touch_phone
    with desk_beside_cli(tmp_path, page, "agot-joust", 10) as (run, desk_folder):
        taps = run.taps
        boxes_and_axe(page, "joust-no-round")
        assert run.pair()
        boxes_and_axe(page, "joust-round-1-paired")

        before = taps.count  # a late arrival, folded into round 1 (no result yet): the same tap pairs it again
        taps.tap(page.get_by_role("main").get_by_role("link", name="Players", exact=True))
        expect(page.get_by_label("Full name")).to_be_visible()
        boxes_and_axe(page, "joust-players")
        taps.fill(page.get_by_label("Full name"), "Kim Example")
        taps.fill(page.get_by_label("Faction"), "Martell")
        taps.tap(page.get_by_role("button", name="Add to Round 1: only the tables it needs change"))
        run.done("Kim Example joins round 1; Kim Example has the bye")  # ten were seated: no table changes
        run.cli_does("add", "Kim Example", "--field", "faction=Martell", "--fold", "pair")
        run.step("late arrival", before)

        before = taps.count  # the cut, chosen while round 1 has no result
        rounds = page.locator("input[name=rounds]").input_value()
        taps.tap(page.get_by_text("Change the rounds and the cut"))
        boxes_and_axe(page, "joust-length-open")
        taps.choose(page.locator("select[name=cut]"), "4")
        taps.tap(page.get_by_role("button", name="Save the rounds and cut"))
        run.done(f"{rounds} rounds · top 4")
        run.cli_does("length", "--rounds", rounds, "--cut", "4")
        run.step("top-4 cut", before)

        before = taps.count  # two players at different tables trade seats
        tables = tables_on(page)
        first, second = tables[1][0], tables[2][0]
        taps.tap(page.get_by_text("Swap two players' seats"))
        taps.tap(page.locator(f"#swap input[value={first}]"))
        taps.tap(page.locator(f"#swap input[value={second}]"))
        boxes_and_axe(page, "joust-swap-ticked")
        taps.tap(page.get_by_role("button", name="Swap their seats"))
        run.done("traded seats")
        run.cli_does("swap", first, second)
        run.step("swap", before)

        before = taps.count  # the clock: started at 10:00 for 50 minutes, then 5 more
        taps.fill(page.get_by_label("Start at"), "10:00")
        taps.fill(page.locator("#clock input[name=minutes]"), "50")
        taps.tap(page.get_by_role("button", name="Start the clock"))
        run.done("Clock: started at 10:00, 50 minutes")
        run.cli_does("clock", "--start", "10:00", "--minutes", "50")
        taps.tap(page.get_by_role("button", name="Extend"))
        run.done("Clock: started at 10:00, 50 + 5 minutes")
        run.cli_does("clock", "--extend", "5")
        run.step("clock", before)
        boxes_and_axe(page, "joust-clock-running")

        wrong = None
        number = 1
        while True:
            elimination = "Round" not in page.locator("#round h2").inner_text()
            for table, (a, b) in tables_on(page).items():
                if number == 1 and table == 1:
                    wrong = (a, b)  # entered the wrong way round: b won
                run.joust_result(f"table-{table}", table, a, b, power=table % 3 == 2 and not elimination)
            if number == 1:
                boxes_and_axe(page, "joust-round-1-complete")
                run.drop(tables_on(page)[2][1], after=1, shot="joust-drop-confirm")
            if not run.pair():
                break
            number += 1
            if number == 3:  # two rounds later: round 1's table 1 is corrected
                before, results = taps.count, run.result_taps
                taps.tap(page.get_by_text("Round 1: correct a result"))
                taps.tap(page.locator("#round-1-table-1").get_by_text("Change the result"))
                boxes_and_axe(page, "joust-round-1-reopened")
                run.joust_result("round-1-table-1", 1, wrong[1], wrong[0], round_=1)
                expect(page.locator("#round-1-table-1 li.winner")).to_contain_text(run.name(wrong[1]))
                run.step("correction", before)
                run.result_taps, run.results = results, run.results - 1  # a step of its own, not a result
        expect(page.locator("#standings .final")).to_contain_text("champion")
        boxes_and_axe(page, "joust-decided")
    event = load_event(desk_folder)
    assert [len(r.tables) for r in event.elims] == [2, 1] and event.player_by_id["kim-example"].joined == 1
    report("Joust, 10 players + 1 late", run)


def test_a_melee_to_its_final_table_on_a_touch_phone(tmp_path, touch_phone):
    page = touch_phone
    with desk_beside_cli(tmp_path, page, "agot-melee", 8) as (run, desk_folder):
        taps = run.taps
        assert run.pair()

        before = taps.count  # a late arrival, folded into round 1: nine play it
        taps.tap(page.get_by_role("main").get_by_role("link", name="Players", exact=True))
        taps.fill(page.get_by_label("Full name"), "Ivy Example")
        taps.tap(page.get_by_role("button", name="Add to Round 1: only the tables it needs change"))
        run.done("Ivy Example joins round 1; tables 1, 2, 3 changed")  # 4 + 4 become 3 + 3 + 3
        run.cli_does("add", "Ivy Example", "--fold", "pair")
        run.step("late arrival", before)

        before = taps.count  # two rounds, then one final table of four
        taps.tap(page.get_by_text("Change the rounds and the cut"))
        taps.fill(page.locator("input[name=rounds]"), "2")
        taps.choose(page.locator("select[name=cut]"), "4")
        taps.tap(page.get_by_role("button", name="Save the rounds and cut"))
        run.done("2 rounds · top 4")
        run.cli_does("length", "--rounds", "2", "--cut", "4")
        run.step("length and cut", before)
        boxes_and_axe(page, "melee-round-1-paired")

        before = taps.count
        tables = tables_on(page)
        first, second = tables[1][0], tables[2][1]
        taps.tap(page.get_by_text("Swap two players' seats"))
        taps.tap(page.locator(f"#swap input[value={first}]"))
        taps.tap(page.locator(f"#swap input[value={second}]"))
        taps.tap(page.get_by_role("button", name="Swap their seats"))
        run.done("traded seats")
        run.cli_does("swap", first, second)
        run.step("swap", before)

        number, wrong = 1, None
        while True:
            for table, seats in tables_on(page).items():
                if number == 1 and table == 1:
                    wrong = seats
                run.melee_result(f"table-{table}", table, seats)
            if number == 1:
                boxes_and_axe(page, "melee-round-1-complete")
                run.drop(tables_on(page)[3][2], after=1)  # eight play on
            if not run.pair():
                break
            number += 1
            if number == 2:  # a round later: round 1's table 1 had its seats' figures the wrong way round
                before, results = taps.count, run.result_taps
                taps.tap(page.get_by_text("Round 1: correct a result"))
                taps.tap(page.locator("#round-1-table-1").get_by_text("Change the result"))
                boxes_and_axe(page, "melee-round-1-reopened")
                run.melee_result("round-1-table-1", 1, wrong, winner=1, round_=1)
                run.step("correction", before)
                run.result_taps, run.results = results, run.results - 1
            if number == 3:
                boxes_and_axe(page, "melee-final-table")
        expect(page.locator("#standings .final")).to_contain_text("champion")
        boxes_and_axe(page, "melee-decided")
    event = load_event(desk_folder)
    assert len(event.rounds) == 2 and [len(r.tables) for r in event.elims] == [1] and len(event.elims[0].tables[0].players) == 4
    report("Melee, 8 players + 1 late", run)


def report(title: str, run: Run) -> None:
    steps = ", ".join(f"{name} {count}" for name, count in run.steps.items())
    print(f"\n{title}: {run.taps.count} taps in all; {run.result_taps} taps for {run.results} results "
          f"({run.result_taps / run.results:.2f} a result); {steps}")
