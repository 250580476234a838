"""AGoT Joust and Melee: each case is a rule the code once got wrong, checked against the v2.0 tournament rules."""
from pathlib import Path

import pytest
import yaml

from sitegen import games as formats
from sitegen.build.pipeline import render
from sitegen.load.event import load_event


def event_dir(make_site, files: dict[str, str]) -> Path:
    return make_site({f"events/e/{name}": text for name, text in files.items()}) / "events" / "e"


def scored(make_site, files: dict[str, str]):
    event = load_event(event_dir(make_site, files))
    assert formats.validate(event) == []
    return formats.format_of(event).score(event)


def joust(players: str, extra: str = "") -> str:
    return f"name: J\nformat: agot-joust\ndate: 2026-01-01\nseed: 5\n{extra}players: [{players}]\n"


# -- Joust Head-to-Head follows the winner, wherever the winner is listed ---------------------------------


# Ben beats Ann in round 1; both end on 10 points, alone in their points group, Ann with the higher SoS.
HEAD_TO_HEAD = {
    "round-2.yaml": "tables:\n  - {table: 1, players: [eve, ben], winner: eve}\n"
                    "  - {table: 2, players: [cat, dov], winner: dov}\n  - {table: 3, players: [ann, fay], winner: ann}\n",
    "round-3.yaml": "tables:\n  - {table: 1, players: [eve, ann], winner: ann}\n"
                    "  - {table: 2, players: [cat, ben], winner: ben}\n  - {table: 3, players: [fay, dov], winner: dov}\n",
}


@pytest.mark.parametrize("listed", [["ann", "ben"], ["ben", "ann"]])
def test_head_to_head_goes_to_the_winner_wherever_the_winner_is_listed(make_site, listed):
    round_1 = (f"tables:\n  - {{table: 1, players: [{listed[0]}, {listed[1]}], winner: ben}}\n"
               "  - {table: 2, players: [cat, fay], winner: fay}\n  - {table: 3, players: [eve, dov], winner: dov}\n")
    files = {"event.yaml": joust("Ann, Ben, Cat, Dov, Eve, Fay", "rounds: 3\ncut: 0\n"), "round-1.yaml": round_1} | HEAD_TO_HEAD
    board = scored(make_site, files)
    rows = {r.player: r for r in board.standings}
    assert rows["ann"].values["points"] == rows["ben"].values["points"] == 10
    assert rows["ann"].exact["sos"] > rows["ben"].exact["sos"]
    assert [r.player for r in board.standings][1:3] == ["ben", "ann"]
    assert rows["ben"].head_to_head and not rows["ann"].head_to_head


# -- Joust time results: reaching the victory total is a win, not a time result ----------------------------


@pytest.mark.parametrize("power, victory", [
    ("{ann: 15, ben: 9}", ""),
    ("{ann: 16, ben: 16}", ""),
    ("{ann: 12, ben: 3}", "victory: {ann: 12}"),
])
def test_a_time_result_at_the_victory_total_is_refused(make_site, run_cli, power, victory):
    files = {
        "event.yaml": joust("Ann, Ben", "rounds: 1\ncut: 0\n"),
        "round-1.yaml": f"tables:\n  - table: 1\n    players: [ann, ben]\n    power: {power}\n" + (f"    {victory}\n" if victory else ""),
    }
    folder = event_dir(make_site, files)
    status, _, err = run_cli("check", "--content", folder.parent.parent)
    assert status == 2
    assert f"{folder / 'round-1.yaml'}:4:" in err and "winner:" in err


# -- The event's length and cut are fixed once round 1 exists ----------------------------------------------


def sixteen(extra_players: str = "") -> str:
    names = ", ".join(f"P{i:02d}" for i in range(1, 17))
    return f"name: J\nformat: agot-joust\ndate: 2026-01-01\nseed: 5\nplayers: [{names}{extra_players}]\n"


def test_pair_writes_the_resolved_length_into_event_yaml(make_site, run_cli):
    folder = event_dir(make_site, {"event.yaml": "# my event\n" + sixteen()})
    status, out, err = run_cli("pair", folder)
    assert status == 0, err
    text = (folder / "event.yaml").read_text()
    assert text.startswith("# my event\n")
    assert yaml.safe_load(text)["rounds"] == 4 and yaml.safe_load(text)["cut"] == 0
    assert "rounds: 4" in out and "cut: 0" in out


@pytest.mark.parametrize("newcomer", ["{name: Late, joined: 2}", "{name: Gone, dropped: 0}"])
def test_a_late_joiner_or_a_no_show_does_not_change_the_length_once_round_one_exists(make_site, newcomer):
    pairs = ", ".join(f"{{table: {i}, players: [p{2 * i - 1:02d}, p{2 * i:02d}]}}" for i in range(1, 9))
    files = {"event.yaml": sixteen(f", {newcomer}"), "round-1.yaml": f"tables: [{pairs}]\n"}
    board = scored(make_site, files)
    assert (board.planned_rounds, board.cut) == (4, 0)  # 17 registered would mean a top 4 cut


# -- Joust pairing and elimination rounds --------------------------------------------------------------------

FOUR_DONE = {
    "event.yaml": joust("Ann, Ben, Cat, Dov, Eve, Fay, Gus, Hal", "rounds: 1\ncut: 4\n"),
    "round-1.yaml": "tables:\n  - {table: 1, players: [ann, ben], winner: ann}\n  - {table: 2, players: [cat, dov], winner: cat}\n"
                    "  - {table: 3, players: [eve, fay], winner: eve}\n  - {table: 4, players: [gus, hal], winner: gus}\n",
}


def test_pair_refuses_a_cut_larger_than_the_players_still_in(make_site, run_cli):
    files = FOUR_DONE | {"event.yaml": FOUR_DONE["event.yaml"].replace("[Ann, Ben, Cat,", "[Ann, Ben, {name: Cat, dropped: 1},")
                                       .replace("Eve, Fay, Gus, Hal", "{name: Eve, dropped: 1}, {name: Fay, dropped: 1}, "
                                                                      "{name: Gus, dropped: 1}, {name: Hal, dropped: 1}")}
    status, _, err = run_cli("pair", event_dir(make_site, files))
    assert status == 2 and "top 4" in err and "3 players" in err and "Traceback" not in err


def test_an_elimination_round_must_follow_the_bracket(make_site, run_cli):
    folder = event_dir(make_site, FOUR_DONE)
    assert run_cli("pair", folder)[0] == 0
    semis = yaml.safe_load((folder / "elim-1.yaml").read_text())["tables"]
    winners = [t["players"][0] for t in semis]
    losers = [t["players"][1] for t in semis]
    (folder / "elim-1.yaml").write_text(yaml.safe_dump({"tables": [t | {"winner": w} for t, w in zip(semis, winners)]}))
    (folder / "elim-2.yaml").write_text(yaml.safe_dump({"tables": [{"table": 1, "players": [winners[0], losers[1]]}]}))
    status, _, err = run_cli("check", "--content", folder.parent.parent)
    assert status == 2 and f"{folder / 'elim-2.yaml'}:" in err and losers[1] in err
    # The semifinal tables listed the other way round still lead to the same final.
    (folder / "elim-1.yaml").write_text(yaml.safe_dump({"tables": [t | {"winner": w} for t, w in reversed(list(zip(semis, winners)))]}))
    (folder / "elim-2.yaml").unlink()
    assert run_cli("pair", folder)[0] == 0
    assert sorted(yaml.safe_load((folder / "elim-2.yaml").read_text())["tables"][0]["players"]) == sorted(winners)


def test_the_first_elimination_round_seats_the_cut(make_site, run_cli):
    files = FOUR_DONE | {"elim-1.yaml": "tables:\n  - {table: 1, players: [ann, ben]}\n  - {table: 2, players: [cat, eve]}\n"}
    status, _, err = run_cli("check", "--content", event_dir(make_site, files).parent.parent)
    assert status == 2 and "elim-1.yaml" in err and "ben" in err


@pytest.mark.parametrize("files, message", [
    ({"event.yaml": joust("Ann, Ben, Cat, Dov", "rounds: 1\ncut: 0\n"),
      "round-1.yaml": "tables: [{table: 1, players: [ann, ben], winner: ann}]\nbyes: [cat, dov]\n"}, "one bye"),
    ({"event.yaml": joust("Ann, Ben, Cat, Dov", "rounds: 1\ncut: 0\n"),
      "round-1.yaml": "tables: [{table: 1, players: [ann, ben], winner: ann}, {table: 2, players: [cat, dov]}]\nbyes: [cat]\n"}, "twice"),
    ({"event.yaml": joust("Ann, Ben, Cat, Dov, Eve, Fay", "rounds: 1\ncut: 0\n"),
      "round-1.yaml": "tables: [{table: 1, players: [ann, ben], winner: ann}, {table: 2, players: [cat, dov], winner: cat}]\n"
                      "byes: [eve, fay]\n"}, "one bye"),
    ({"event.yaml": joust("Ann, Ben, Cat, Dov", "rounds: 2\ncut: 2\n"),
      "elim-1.yaml": "tables: [{table: 1, players: [ann, ben]}]\n"}, "Swiss rounds"),
    ({"event.yaml": joust("Ann, Ben, Cat, Dov", "rounds: 1\ncut: 0\n"),
      "round-1.yaml": "tables: [{table: 1, players: [ann, ben], winner: ann}, {table: 2, players: [cat, dov], winner: cat}]\n",
      "final.yaml": "tables: [{table: 1, players: [ann, cat], winner: ann}]\n"}, "elim-"),
])
def test_joust_round_structure_mistakes_are_refused(make_site, run_cli, files, message):
    status, _, err = run_cli("check", "--content", event_dir(make_site, files).parent.parent)
    assert status == 2 and message in err, err


def test_a_forced_rematch_is_printed(make_site, run_cli):
    files = {
        "event.yaml": joust("Ann, Ben", "rounds: 2\ncut: 0\n"),
        "round-1.yaml": "tables: [{table: 1, players: [ann, ben], winner: ann}]\n",
    }
    status, out, err = run_cli("pair", event_dir(make_site, files))
    assert status == 0, err
    assert "1 rematch" in out and "ann" in out


def test_an_elimination_file_tells_the_organizer_to_write_the_winner(make_site, run_cli):
    folder = event_dir(make_site, FOUR_DONE)
    run_cli("pair", folder)
    header = [line for line in (folder / "elim-1.yaml").read_text().splitlines() if line.startswith("#")]
    assert "winner" in " ".join(header) and "power" not in " ".join(header)


# -- standings.json keeps SoS and ESoS exact ---------------------------------------------------------------


def test_standings_json_sos_is_not_rounded(make_site):
    files = {
        "event.yaml": joust("Ann, Ben, Cat", "rounds: 1\ncut: 0\n"),
        "round-1.yaml": "tables: [{table: 1, players: [ann, ben], power: {ann: 3, ben: 2}}]\nbyes: [cat]\n",
        "round-2.yaml": "tables: [{table: 1, players: [ann, cat], power: {ann: 2, cat: 1}}]\nbyes: [ben]\n",
        "round-3.yaml": "tables: [{table: 1, players: [ben, cat], winner: ben}]\nbyes: [ann]\n",
    }
    files["event.yaml"] = files["event.yaml"].replace("rounds: 1", "rounds: 3")
    board = scored(make_site, files)
    for row, exported in zip(board.standings, board.export["standings"]):
        assert exported["sos"] == float(row.exact["sos"]) and exported["esos"] == float(row.exact["esos"])
        assert exported["sos_exact"] == str(row.exact["sos"])
    assert any(round(r["sos"], 4) != r["sos"] for r in board.export["standings"])


# -- Melee: cut order and three-player tables ----------------------------------------------------------------

def melee(count: int, extra: str) -> str:
    names = ", ".join(f"P{i:02d}" for i in range(1, count + 1))
    return f"name: M\nformat: agot-melee\ndate: 2026-01-01\nseed: 3\n{extra}players: [{names}]\n"


def melee_table(number: int, power: str, winner: str) -> str:
    players = [part.split(":")[0].strip() for part in power.split(",")]
    return f"  - {{table: {number}, players: [{', '.join(players)}], power: {{{power}}}, winner: {winner}}}\n"


def test_melee_cut_is_ordered_by_points_sos_and_esos_without_head_to_head(make_site, run_cli):
    # p01 and p02 end on 6 points, 4th and 5th; p02 placed ahead of p01 at their only table (Head-to-Head),
    # but p01 has the higher SoS, so p01 makes the top 4 cut and p02 does not.
    rounds = [
        [("p08: 15, p07: 3, p03: 8, p01: 12", "p08"), ("p04: 2, p05: 15, p02: 11, p06: 8", "p05")],
        [("p05: 4, p02: 4, p07: 15, p01: 3", "p07"), ("p03: 7, p06: 6, p08: 15, p04: 10", "p08")],
    ]
    files = {"event.yaml": melee(8, "rounds: 2\ncut: 4\n")}
    for number, tables in enumerate(rounds, start=1):
        files[f"round-{number}.yaml"] = "tables:\n" + "".join(melee_table(i, *t) for i, t in enumerate(tables, start=1))
    board = scored(make_site, files)
    rows = {r.player: r for r in board.standings}
    assert [r.player for r in board.standings][:5] == ["p08", "p05", "p07", "p02", "p01"]
    assert rows["p02"].head_to_head and rows["p01"].exact["sos"] > rows["p02"].exact["sos"]
    assert board.cut_order[:5] == ["p08", "p05", "p07", "p01", "p02"]
    folder = event_dir(make_site, files)
    status, out, err = run_cli("pair", folder)
    assert status == 0, err
    seated = yaml.safe_load((folder / "elim-1.yaml").read_text())["tables"][0]["players"]
    assert sorted(seated) == ["p01", "p05", "p07", "p08"]
    page = render(folder.parent.parent)["events/e/standings.html"].decode()
    assert "The top 4 cut, in its own order" in page
    names = page[page.index("in its own order"):].split("</p>")[0]
    assert [names.index(f"P0{i}") for i in (8, 5, 7, 1)] == sorted(names.index(f"P0{i}") for i in (8, 5, 7, 1))
    assert "P02" not in names
    (folder / "elim-1.yaml").write_text("tables:\n  - {table: 1, players: [p08, p05, p07, p02]}\n")
    status, _, err = run_cli("check", "--content", folder.parent.parent)
    assert status == 2 and "p02 did not make the top 4 cut and p01 did" in err


def test_three_player_tables_go_to_the_lowest_ranked(make_site, run_cli):
    # After round 3, p04 and p01 are level on 17 points; p04 ranks above p01 by Head-to-Head, so p01 (who already sat
    # at tables of three) is among the six lowest-ranked players who take the two tables of three.
    rounds = [
        [("p04: 15, p10: 0, p05: 8, p02: 1", "p04"), ("p09: 0, p03: 15, p08: 3", "p03"), ("p07: 1, p01: 5, p06: 15", "p06")],
        [("p05: 1, p03: 0, p06: 15, p04: 5", "p06"), ("p07: 15, p09: 5, p10: 0", "p07"), ("p01: 15, p02: 8, p08: 0", "p01")],
        [("p01: 0, p06: 15, p04: 1, p07: 1", "p06"), ("p02: 15, p03: 2, p10: 3", "p02"), ("p09: 1, p05: 15, p08: 1", "p05")],
    ]
    files = {"event.yaml": melee(10, "rounds: 4\ncut: 0\n")}
    for number, tables in enumerate(rounds, start=1):
        files[f"round-{number}.yaml"] = "tables:\n" + "".join(melee_table(i, *t) for i, t in enumerate(tables, start=1))
    board = scored(make_site, files)
    lowest = sorted(r.player for r in board.standings[-6:])
    assert "p01" in lowest and "p04" not in lowest
    folder = event_dir(make_site, files)
    assert run_cli("pair", folder)[0] == 0
    tables = yaml.safe_load((folder / "round-4.yaml").read_text())["tables"]
    assert sorted(p for t in tables if len(t["players"]) == 3 for p in t["players"]) == lowest
