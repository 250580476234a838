"""The agot-melee format plug-in: standings by hand, late joiners, final rankings, standings.json, bad input, `pair`."""
from __future__ import annotations

import dataclasses
import json
import random
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from project import DEMO

from sitegen import games as formats
from sitegen.games.agot.melee.game import FORMAT as MELEE
from sitegen.load.event import load_event
from sitegen.model import Event, Player, Round, Table, Where

EIGHT = """
name: Hand melee
format: agot-melee
date: 2026-01-01
seed: 7
rounds: 2
cut: 0
players: [Ann, Ben, Cat, Dov, Eve, Fay, Gus, Hal]
"""
# R1 T1: Ann wins; Ben 8 (2nd: 4), Cat 6 (3rd: 2), Dov 4 (4th: 1).
# R1 T2: Fay wins; Gus 12 (2nd: 6), Eve 6 (3rd: 2), Hal decked out (4th, 0).
EIGHT_R1 = """
tables:
  - table: 1
    players: [ann, ben, cat, dov]
    power: {ann: 15, ben: 8, cat: 6, dov: 4}
    winner: ann
  - table: 2
    players: [eve, fay, gus, hal]
    power: {eve: 6, fay: 15, gus: 12, hal: 5}
    winner: fay
    eliminated: [hal]
"""
# R2 T1: Gus wins; Ann 9 (2nd: 4), Dov 3 (3rd: 1), Eve 2 (4th: 0).
# R2 T2: time, Fay 14 closest (15); Cat 8 (2nd: 4), Ben 6 (3rd: 2), Hal 1 (4th: 0).
EIGHT_R2 = """
tables:
  - table: 1
    players: [ann, eve, gus, dov]
    power: {ann: 9, eve: 2, gus: 15, dov: 3}
    winner: gus
  - table: 2
    players: [fay, ben, cat, hal]
    power: {fay: 14, ben: 6, cat: 8, hal: 1}
"""


def load(make_site, files: dict[str, str]) -> Event:
    content = make_site({f"events/e/{name}": text for name, text in files.items()})
    event = load_event(content / "events" / "e")
    assert formats.validate(event) == []
    return event


def eight_player_board(make_site):
    event = load(make_site, {"event.yaml": EIGHT, "round-1.yaml": EIGHT_R1, "round-2.yaml": EIGHT_R2})
    return event, MELEE.score(event)


def test_points_head_to_head_sos_esos_by_hand(make_site):
    event, board = eight_player_board(make_site)
    rows = {r.player: r.values for r in board.standings}
    exact = {r.player: r.exact for r in board.standings}
    h2h = {r.player: r.head_to_head for r in board.standings}
    assert {p: v["points"] for p, v in rows.items()} == {
        "ann": 19, "ben": 6, "cat": 6, "dov": 2, "eve": 2, "fay": 30, "gus": 21, "hal": 0}
    assert {p: v["wins"] for p, v in rows.items()} == {
        "ann": 1, "ben": 0, "cat": 0, "dov": 0, "eve": 0, "fay": 2, "gus": 1, "hal": 0}
    # Averages over 2 rounds: ann 9.5, ben 3, cat 3, dov 1, eve 1, fay 15, gus 10.5, hal 0.
    # SoS: one entry per opponent per game, six entries each.
    assert {p: e["sos"] for p, e in exact.items()} == {
        "ann": Fraction(39, 12),  # 3 + 3 + 1 | 1 + 10.5 + 1
        "ben": Fraction(63, 12),  # 9.5 + 3 + 1 | 15 + 3 + 0
        "cat": Fraction(63, 12),  # 9.5 + 3 + 1 | 15 + 3 + 0
        "dov": Fraction(73, 12),  # 9.5 + 3 + 3 | 9.5 + 1 + 10.5
        "eve": Fraction(93, 12),  # 15 + 10.5 + 0 | 9.5 + 10.5 + 1
        "fay": Fraction(35, 12),  # 1 + 10.5 + 0 | 3 + 3 + 0
        "gus": Fraction(55, 12),  # 1 + 15 + 0 | 9.5 + 1 + 1
        "hal": Fraction(95, 12),  # 1 + 15 + 10.5 | 15 + 3 + 3
    }
    # ESoS of Ben: (ann 39 + cat 63 + dov 73 + fay 35 + cat 63 + hal 95) / 12 / 6; Cat mirrors him exactly.
    assert exact["ben"]["esos"] == exact["cat"]["esos"] == Fraction(368, 72)
    assert exact["dov"]["esos"] == Fraction(39 + 63 + 63 + 39 + 93 + 55, 72)
    assert rows["eve"]["sos"] == "7.75" and rows["ann"]["sos"] == "3.25"
    # Dov placed ahead of Eve at their only table: Head-to-Head beats Eve's higher SoS.
    # Ben and Cat each placed ahead of the other once: no Head-to-Head, equal SoS and ESoS: the seeded draw decides.
    order = [r.player for r in board.standings]
    assert order[:3] == ["fay", "gus", "ann"] and set(order[3:5]) == {"ben", "cat"} and order[5:] == ["dov", "eve", "hal"]
    assert h2h["dov"] and not h2h["eve"]
    assert not h2h["ben"] and not h2h["cat"]
    assert [r.coin_toss for r in board.standings] == [False, False, False, True, True, False, False, False]
    # After round 1: Fay and Ann on 15 never met, Fay's SoS (2 + 6 + 0)/3 beats Ann's (4 + 2 + 1)/3; Eve's 7 beats Cat's 20/3.
    assert [r.player for r in board.standings_after[0]] == ["fay", "ann", "gus", "ben", "eve", "cat", "dov", "hal"]


def test_sos_separates_players_who_never_met(make_site):
    files = {
        "event.yaml": EIGHT.replace("rounds: 2", "rounds: 1").replace("[Ann, Ben, Cat, Dov, Eve, Fay, Gus, Hal]", "[A, B, C, D, E, F]"),
        "round-1.yaml": """
            tables:
              - {table: 1, players: [a, b, c], power: {a: 15, b: 9, c: 3}, winner: a}
              - {table: 2, players: [d, e, f], power: {d: 15, e: 9, f: 0}, winner: d}
            """,
    }
    board = MELEE.score(load(make_site, files))
    exact = {r.player: r.exact for r in board.standings}
    assert [r.player for r in board.standings] == ["a", "d", "b", "e", "c", "f"]
    assert exact["a"]["sos"] == Fraction(5, 2) and exact["d"]["sos"] == Fraction(2)  # (4 + 1)/2 v (4 + 0)/2
    assert exact["b"]["sos"] == Fraction(8) and exact["e"]["sos"] == Fraction(15, 2)  # (15 + 1)/2 v (15 + 0)/2
    # ESoS of A: the SoS of B (8) and of C ((15 + 4)/2).
    assert exact["a"]["esos"] == Fraction(8 + Fraction(19, 2), 2)
    assert not any(r.coin_toss or r.head_to_head for r in board.standings)


def test_results_pages_show_power_place_and_points(make_site):
    _, board = eight_player_board(make_site)
    table = board.rounds[0].tables[1]
    assert [(s.player, s.values, s.winner) for s in table.seats] == [
        ("eve", {"power": 6, "place": "3", "points": 2}, False),
        ("fay", {"power": 15, "place": "1", "points": 15}, True),
        ("gus", {"power": 12, "place": "2", "points": 6}, False),
        ("hal", {"power": 5, "place": "4 out", "points": 0}, False),
    ]
    assert board.rounds[1].tables[1].note == "Went to time"
    dov = board.player_rounds["dov"]
    assert [(h.table, h.seat, h.opponents, h.result, h.points, h.total) for h in dov] == [
        (1, 4, ["ann", "ben", "cat"], "4th", "1", "1"),
        (1, 4, ["ann", "eve", "gus"], "3rd", "1", "2"),
    ]
    assert board.player_rounds["hal"][0].result == "Eliminated (4th)"


def test_standings_json_shape(make_site):
    _, board = eight_player_board(make_site)
    doc = board.export
    assert doc["format"] == "agot-melee" and doc["rounds_played"] == 2 and doc["final_ranking"][0] == {"rank": 1, "id": "fay"}
    assert [row["rank"] for row in doc["standings"]] == list(range(1, 9))
    fay = doc["standings"][0]
    assert {k: fay[k] for k in ("rank", "id", "name", "points", "sos", "esos")} == {
        "rank": 1, "id": "fay", "name": "Fay", "points": 30, "sos": float(Fraction(35, 12)), "esos": float(Fraction(93 + 55 + 95 + 63 + 63 + 95, 72))}
    assert fay["rounds"] == [
        {"round": 1, "table": 2, "opponent": None, "opponents": ["eve", "gus", "hal"], "result": "win", "points": 15, "place": 1, "power": 15},
        {"round": 2, "table": 2, "opponent": None, "opponents": ["ben", "cat", "hal"], "result": "win", "points": 15, "place": 1, "power": 14},
    ]
    json.dumps(doc)  # plain JSON types only


def test_shared_first_place_at_time(make_site):
    files = {
        "event.yaml": EIGHT.replace("rounds: 2", "rounds: 1"),
        "round-1.yaml": """
            tables:
              - {table: 1, players: [ann, ben, cat, dov], power: {ann: 12, ben: 12, cat: 11, dov: 6}}
              - {table: 2, players: [eve, fay, gus, hal], power: {eve: 10, fay: 10, gus: 10, hal: 5}}
            """,
    }
    board = MELEE.score(load(make_site, files))
    points = {r.player: r.values["points"] for r in board.standings}
    # 15 + 12 // 2 = 21 split in two; three-way: 15 + 10 // 2 + 10 // 3 = 23 split in three.
    assert points == {"ann": 10, "ben": 10, "cat": 3, "dov": 1, "eve": 7, "fay": 7, "gus": 7, "hal": 1}
    assert all(r.values["wins"] == 0 for r in board.standings)
    assert board.rounds[0].tables[0].note == "Tied for first at time: points shared"
    assert board.export["standings"][0]["rounds"][0]["result"] == "shared-win"


def test_late_joiner_gets_six_points_per_missed_round(make_site):
    files = {
        "event.yaml": """
            name: Late
            format: agot-melee
            date: 2026-01-01
            rounds: 2
            cut: 0
            players: [A, B, C, D, E, F, {name: Lou, joined: 2}]
            """,
        "round-1.yaml": """
            tables:
              - {table: 1, players: [a, b, c], power: {a: 15, b: 9, c: 3}, winner: a}
              - {table: 2, players: [d, e, f], power: {d: 15, e: 9, f: 0}, winner: d}
            """,
        "round-2.yaml": """
            tables:
              - {table: 1, players: [a, lou, b, c], power: {a: 15, lou: 10, b: 4, c: 1}, winner: a}
              - {table: 2, players: [d, e, f], power: {d: 15, e: 2, f: 2}, winner: d}
            """,
    }
    board = MELEE.score(load(make_site, files))
    after_one = {r.player: r.values["points"] for r in board.standings_after[0]}
    assert after_one["lou"] == 6
    lou = next(r for r in board.standings if r.player == "lou")
    assert lou.values["points"] == 11  # 6 for round 1, then second with 10 power: 10 // 2
    # The missed round counts as a round for the average: Lou's is 11 / 2, seen in A's SoS.
    a = next(r for r in board.standings if r.player == "a")
    b_avg, c_avg = Fraction(4 + 1, 2), Fraction(1 + 0, 2)
    assert a.exact["sos"] == (b_avg + c_avg + Fraction(11, 2) + b_avg + c_avg) / 5
    rounds = next(row for row in board.export["standings"] if row["id"] == "lou")["rounds"]
    assert rounds[0] == {"round": 1, "table": None, "opponent": None, "opponents": [], "result": "late-join",
                         "points": 6, "place": None, "power": None}
    assert board.player_rounds["lou"][0].result.startswith("Joined later")
    # e and f tie for second at the three-player table: both divide by 3.
    assert board.rounds[1].tables[1].seats[1].values == {"power": 2, "place": "T2", "points": 0}


# --- final rankings --------------------------------------------------------------------------

def swiss_round(ids: list[str]) -> str:
    """One Swiss round at tables of four: the first of each table wins, the others 12, 9 and 4 power."""
    lines = ["tables:"]
    for number, start in enumerate(range(0, len(ids), 4), start=1):
        a, b, c, d = ids[start:start + 4]
        lines.append(f"  - {{table: {number}, players: [{a}, {b}, {c}, {d}], power: {{{a}: 15, {b}: 12, {c}: 9, {d}: 4}}, winner: {a}}}")
    return "\n".join(lines) + "\n"


def event_yaml(count: int, cut: int) -> str:
    names = ", ".join(f"P{i:02d}" for i in range(1, count + 1))
    return f"name: Cut\nformat: agot-melee\ndate: 2026-01-01\nseed: 3\nrounds: 1\ncut: {cut}\nplayers: [{names}]\n"


def test_top_four_final_table_then_swiss_order(make_site):
    ids = [f"p{i:02d}" for i in range(1, 9)]
    final = """
        tables:
          - table: 1
            players: [p01, p05, p02, p06]
            power: {p01: 10, p05: 15, p02: 10, p06: 3}
            winner: p05
        """
    event = load(make_site, {"event.yaml": event_yaml(8, 4), "round-1.yaml": swiss_round(ids), "elim-1.yaml": final})
    board = MELEE.score(event)
    swiss = [r.player for r in board.standings]
    assert set(swiss[:2]) == {"p01", "p05"} and set(swiss[2:4]) == {"p02", "p06"}  # 15, 15, 6, 6
    ranking = [pid for _, pid in board.final_ranking]
    # p01 and p02 are level on power at the final (both "T2"): the Swiss order puts p01 (15 points) first.
    assert ranking[:4] == ["p05", "p01", "p02", "p06"]
    assert ranking[4:] == [p for p in swiss if p not in ranking[:4]]
    assert [rank for rank, _ in board.final_ranking] == list(range(1, 9))
    view = board.elims[0]
    assert view.label == "Final table" and [s.player for s in view.tables[0].seats][0] == "p05"


def test_top_sixteen_ranking_follows_the_rules_example(make_site):
    ids = [f"p{i:02d}" for i in range(1, 21)]
    # Four random tables: table 3 has two players level for second, so five players "place second", three
    # third and four fourth, as in the rules' ranking example.
    elim_1 = """
        tables:
          - {table: 1, players: [p01, p02, p03, p04], power: {p01: 15, p02: 11, p03: 7, p04: 2}, winner: p01}
          - {table: 2, players: [p05, p06, p07, p08], power: {p05: 4, p06: 15, p07: 9, p08: 8}, winner: p06}
          - {table: 3, players: [p09, p10, p11, p12], power: {p09: 8, p10: 8, p11: 15, p12: 1}, winner: p11}
          - {table: 4, players: [p13, p14, p15, p16], power: {p13: 3, p14: 5, p15: 6, p16: 15}, winner: p16}
        """
    elim_2 = """
        tables:
          - {table: 1, players: [p16, p11, p06, p01], power: {p16: 9, p11: 15, p06: 12, p01: 2}, winner: p11}
        """
    files = {"event.yaml": event_yaml(20, 16), "round-1.yaml": swiss_round(ids)}
    cut = MELEE.score(load(make_site, files)).cut_order
    qualifier = dict(zip(ids, cut))  # the example's p01..p16 are played by the sixteen who made the cut

    def named(text):
        return re.sub(r"p\d\d", lambda m: qualifier[m.group(0)], text)

    board = MELEE.score(load(make_site, files | {"elim-1.yaml": named(elim_1), "elim-2.yaml": named(elim_2)}))
    swiss = [r.player for r in board.standings]
    ranking = [pid for _, pid in board.final_ranking]

    def by_cut(group):
        return sorted((qualifier[p] for p in group), key=cut.index)

    assert ranking[:4] == [qualifier[p] for p in ("p11", "p06", "p16", "p01")]
    assert ranking[4:9] == by_cut(["p02", "p07", "p09", "p10", "p15"])  # second at their table (two tied at table 3)
    assert ranking[9:12] == by_cut(["p03", "p08", "p14"])  # third
    assert ranking[12:16] == by_cut(["p04", "p05", "p12", "p13"])  # fourth
    assert ranking[16:] == [p for p in swiss if p in cut[16:]]
    assert [v.label for v in board.elims] == ["Top 16 tables", "Final table"]


def test_no_final_ranking_until_the_final_table_is_played(make_site):
    ids = [f"p{i:02d}" for i in range(1, 9)]
    pending = "tables:\n  - {table: 1, players: [p01, p05, p02, p06]}\n"
    board = MELEE.score(load(make_site, {"event.yaml": event_yaml(8, 4), "round-1.yaml": swiss_round(ids), "elim-1.yaml": pending}))
    assert board.final_ranking is None and board.export["final_ranking"] == []
    assert board.elims[0].tables[0].pending


# --- bad input -------------------------------------------------------------------------------

GOOD_R1 = EIGHT_R1.lstrip("\n")  # line 1 is 'tables:', as the line numbers below expect
ONE_ROUND = EIGHT.lstrip("\n").replace("rounds: 2", "rounds: 1")
FINAL = "tables:\n  - table: 1\n    players: [ann, fay, gus, ben]\n    power: {ann: 3, fay: 14, gus: 2, ben: 1}\n"

BAD = {
    "table of 2": ({"round-1.yaml": GOOD_R1.replace("[ann, ben, cat, dov]", "[ann, ben]").replace(", cat: 6, dov: 4", "")
                    + "  - table: 3\n    players: [cat, dov]\n"}, "round-1.yaml", 12, "a Melee table seats 3 or 4 players; table 3 has 2"),
    "table of 5": ({"round-1.yaml": GOOD_R1.replace("[eve, fay, gus, hal]", "[eve, fay, gus, hal, dov]").replace("[ann, ben, cat, dov]", "[ann, ben, cat]").replace(", dov: 4", "")},
                   "round-1.yaml", 7, "table 2 has 5"),
    "power for a player not at the table": ({"round-1.yaml": GOOD_R1.replace("dov: 4}", "dov: 4, eve: 2}")}, "round-1.yaml", 4, "'power' names 'eve', who is not at table 1"),
    "power missing for a player": ({"round-1.yaml": GOOD_R1.replace(", dov: 4}", "}")}, "round-1.yaml", 4, "'power' of table 1 misses dov"),
    "result without power": ({"round-1.yaml": GOOD_R1.replace("    power: {ann: 15, ben: 8, cat: 6, dov: 4}\n", "")}, "round-1.yaml", 2, "table 1 has a result but no 'power'"),
    "eliminated player listed as winner": ({"round-1.yaml": GOOD_R1.replace("eliminated: [hal]", "eliminated: [fay]")}, "round-1.yaml", 9, "winner 'fay' is also listed under 'eliminated'"),
    "eliminated player not at the table": ({"round-1.yaml": GOOD_R1.replace("eliminated: [hal]", "eliminated: [ann]")}, "round-1.yaml", 10, "'eliminated' names 'ann', who is not at table 2"),
    "eliminated twice": ({"round-1.yaml": GOOD_R1.replace("eliminated: [hal]", "eliminated: [hal, hal]")}, "round-1.yaml", 10, "'hal' is listed 2 times"),
    "eliminated not a list": ({"round-1.yaml": GOOD_R1.replace("eliminated: [hal]", "eliminated: hal")}, "round-1.yaml", 10, "'eliminated' must be a list"),
    "winner not at the table": ({"round-1.yaml": GOOD_R1.replace("winner: fay", "winner: ann")}, "round-1.yaml", 9, "winner 'ann' is not at table 2"),
    "two players at 15 without a winner": ({"round-1.yaml": GOOD_R1.replace("gus: 12", "gus: 15").replace("    winner: fay\n", "")}, "round-1.yaml", 6, "table 2: 'fay', 'gus' all reached their victory total; say which one won"),
    "winner behind another player": ({"round-1.yaml": GOOD_R1.replace("ann: 15, ben: 8", "ann: 7, ben: 8")}, "round-1.yaml", 2, "table 1: 'ann' is named winner without reaching their victory total"),
    "negative power": ({"round-1.yaml": GOOD_R1.replace("cat: 6", "cat: -6")}, "round-1.yaml", 4, "power of 'cat' must be a whole number"),
    "cut of 8": ({"event.yaml": ONE_ROUND.replace("cut: 0", "cut: 8")}, "event.yaml", 6, "'cut: 8' is not a Melee cut; use 0 (no elimination), 4"),
    "missing winner on an elimination table": ({"event.yaml": ONE_ROUND.replace("cut: 0", "cut: 4"), "elim-1.yaml": FINAL}, "elim-1.yaml", 2, "an elimination table always names its winner"),
    "elimination table without a cut": ({"elim-1.yaml": FINAL + "    winner: fay\n"}, "elim-1.yaml", 1, "this event has no cut ('cut: 0')"),
    "a second final after a top 4": ({"event.yaml": ONE_ROUND.replace("cut: 0", "cut: 4"), "elim-1.yaml": FINAL + "    winner: fay\n", "elim-2.yaml": FINAL + "    winner: fay\n"},
                                     "elim-2.yaml", 1, "a top 4 Melee has 1 elimination round(s); remove this file"),
    "byes": ({"round-1.yaml": GOOD_R1.replace("[eve, fay, gus, hal]", "[eve, fay, gus]").replace(", hal: 5", "").replace("eliminated: [hal]", "eliminated: [eve]") + "byes: [hal]\n"},
             "round-1.yaml", 11, "Melee has no byes"),
    "player not seated": ({"round-1.yaml": GOOD_R1.replace("[eve, fay, gus, hal]", "[eve, fay, gus]").replace(", hal: 5", "").replace("eliminated: [hal]", "eliminated: [eve]")},
                          "round-1.yaml", 1, "player 'hal' takes part in round 1 but is not seated; add them to a table or to 'sitting_out'"),
    "unknown result key": ({"round-1.yaml": GOOD_R1.replace("eliminated: [hal]", "eliminate: [hal]")}, "round-1.yaml", 10, "did you mean 'eliminated'?"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_melee_input_is_reported_at_its_line(case, make_site, run_cli):
    files, bad_file, line, message = BAD[case]
    files = {"event.yaml": ONE_ROUND, "round-1.yaml": GOOD_R1} | files
    content = make_site({f"events/e/{name}": text for name, text in files.items()})
    status, _, err = run_cli("check", "--content", content)
    assert status == 2
    expected = f"{content / 'events' / 'e' / bad_file}:{line}: "
    assert any(text.startswith(expected) and message in text for text in err.splitlines()), err
    assert "Traceback" not in err


def test_the_good_input_of_the_bad_input_cases_is_good(make_site, run_cli):
    content = make_site({"events/e/event.yaml": ONE_ROUND, "events/e/round-1.yaml": GOOD_R1})
    assert run_cli("check", "--content", content)[0] == 0


# --- pairing ---------------------------------------------------------------------------------

def play_melee(path: Path, rng: random.Random) -> dict:
    """Give every table of a round file a result: a random winner at 15, the others random power below."""
    data = yaml.safe_load(path.read_text())
    for table in data["tables"]:
        table["power"] = {p: rng.randint(0, 14) for p in table["players"]}
        table["winner"] = rng.choice(table["players"])
        table["power"][table["winner"]] = 15
    path.write_text(yaml.safe_dump(data))
    return data


def melee_event(count: int, rounds: int, cut: int) -> str:
    names = ", ".join(f"Player {i:02d}" for i in range(1, count + 1))
    return f"name: Pair\nformat: agot-melee\ndate: 2026-01-01\nseed: 5\nrounds: {rounds}\ncut: {cut}\nplayers: [{names}]\n"


def test_pair_seats_every_round_then_the_top_four_then_stops(make_site, run_cli):
    folder = make_site({"events/e/event.yaml": melee_event(22, 3, 4)}) / "events" / "e"
    everyone = sorted(f"player-{i:02d}" for i in range(1, 23))
    rng = random.Random(1)
    for number in (1, 2, 3):
        status, out, err = run_cli("pair", folder)
        assert status == 0, err
        assert f"Round {number} of 3: 4 table(s) of 4, 2 of 3" in out
        data = play_melee(folder / f"round-{number}.yaml", rng)
        assert sorted(len(t["players"]) for t in data["tables"]) == [3, 3, 4, 4, 4, 4]
        assert sorted(p for t in data["tables"] for p in t["players"]) == everyone
        if number > 1:  # the three-player seats go to the bottom of the standings
            event = load_event(folder)
            standings = MELEE.score(event).standings_after[number - 2]
            points = {r.player: r.values["points"] for r in standings}
            small = [p for t in data["tables"] if len(t["players"]) == 3 for p in t["players"]]
            large = [p for t in data["tables"] if len(t["players"]) == 4 for p in t["players"]]
            assert max(points[p] for p in small) <= min(points[p] for p in large)
    status, out, err = run_cli("pair", folder)
    assert status == 0 and "The final table" in out
    final = yaml.safe_load((folder / "elim-1.yaml").read_text())["tables"]
    top4 = [r.player for r in MELEE.score(load_event(folder)).standings[:4]]
    assert len(final) == 1 and sorted(final[0]["players"]) == sorted(top4)
    assert run_cli("pair", folder)[0] == 2  # the final table has no result yet
    play_melee(folder / "elim-1.yaml", rng)
    assert run_cli("check", "--content", folder.parent.parent)[0] == 0
    status, _, err = run_cli("pair", folder)
    assert status == 2 and "is finished" in err


def test_pair_top_sixteen_then_the_winners_final(make_site, run_cli):
    folder = make_site({"events/e/event.yaml": melee_event(20, 1, 16)}) / "events" / "e"
    rng = random.Random(2)
    assert run_cli("pair", folder)[0] == 0
    play_melee(folder / "round-1.yaml", rng)
    status, out, _ = run_cli("pair", folder)
    assert status == 0 and "Top 16: four tables drawn at random" in out
    tables = play_melee(folder / "elim-1.yaml", rng)["tables"]
    top16 = {r.player for r in MELEE.score(load_event(folder)).standings[:16]}
    assert [len(t["players"]) for t in tables] == [4, 4, 4, 4]
    assert {p for t in tables for p in t["players"]} == top16
    assert run_cli("pair", folder)[0] == 0
    final = yaml.safe_load((folder / "elim-2.yaml").read_text())["tables"]
    assert sorted(final[0]["players"]) == sorted(t["winner"] for t in tables)
    champion = play_melee(folder / "elim-2.yaml", rng)["tables"][0]["winner"]
    board = MELEE.score(load_event(folder))
    assert len(board.final_ranking) == 20 and board.final_ranking[0][1] == champion


def test_pair_refuses_five_players_and_pending_results(make_site, run_cli):
    folder = make_site({"events/e/event.yaml": melee_event(5, 2, 0)}) / "events" / "e"
    status, _, err = run_cli("pair", folder)
    assert status == 2 and "5 players cannot be seated for melee" in err and "Traceback" not in err
    assert not (folder / "round-1.yaml").exists()
    folder = make_site({"events/f/event.yaml": melee_event(7, 2, 0)}) / "events" / "f"
    assert run_cli("pair", folder)[0] == 0
    status, _, err = run_cli("pair", folder)
    assert status == 2 and "have no result yet" in err


@settings(max_examples=25, deadline=None)
@given(count=st.integers(min_value=3, max_value=40).filter(lambda n: n != 5), seed=st.integers(0, 10_000))
def test_two_rounds_seat_every_active_player_once(count, seed):
    rng = random.Random(seed)
    players = tuple(Player(f"p{i:02d}", f"P{i:02d}", dropped=1 if i == 0 and count > 6 else None) for i in range(count))
    event = Event("e", "E", "agot-melee", "2026-01-01", seed, players, (), (), Where("e/event.yaml", 1), planned_rounds=3, cut=0)
    for number in (1, 2):
        data = MELEE.next_round(event).data
        active = sorted(p.id for p in players if p.active_in(number))
        seated = [p for t in data["tables"] for p in t["players"]]
        assert sorted(seated) == active
        sizes = Counter(len(t["players"]) for t in data["tables"])
        assert set(sizes) <= {3, 4} and sizes[3] == -len(active) % 4
        tables = []
        for t in data["tables"]:
            power = {p: rng.randint(0, 14) for p in t["players"]}
            tables.append(Table(t["table"], tuple(t["players"]), {"power": power}, Where(f"e/round-{number}.yaml", 1)))
        round_ = Round("round", number, tuple(tables), Where(f"e/round-{number}.yaml", 1))
        event = dataclasses.replace(event, rounds=event.rounds + (round_,))
        assert MELEE.validate(event) == []


def test_deck_win_rates_count_table_wins(demo_files):
    """The Decks page counts a melee table win as a win: its wins add up to the tables won outright."""
    event = load_event(DEMO / "events" / "autumn-melee-2026")
    board = MELEE.score(event)
    tables_won = sum(seat.winner and seat.values["points"] == 15 for view in board.rounds for t in view.tables for seat in t.seats)
    page = demo_files["events/autumn-melee-2026/meta.html"].decode()
    faction_table = page[page.index("Faction: players, games and wins"):]
    wins = [int(cells[2]) for cells in re.findall(r'<td class="num">(\d+)</td><td class="num wide">(\d+)</td><td class="num">(\d+)</td>', faction_table)]
    assert tables_won > 0 and sum(wins) == tables_won
