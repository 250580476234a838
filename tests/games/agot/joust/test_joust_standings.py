"""Joust scoring and standings, checked against values computed by hand."""
from fractions import Fraction

from sitegen.games.rounds import draw_key
from sitegen.games.tournament.swiss import Record, note_meeting, rank_players

FOUR_PLAYERS = """
name: Hand example
format: agot-joust
date: 2026-01-01
seed: 7
cut: 0
players: [Ann, Ben, Cat, Dov]
"""
# R1: Ann beats Ben; Cat 10 power v Dov 8 at time (Cat modified win).
# R2: Ann beats Cat; Ben 7 v Dov 7 at time (draw).
ROUND_1 = """
tables:
  - {table: 1, players: [ann, ben], winner: ann}
  - {table: 2, players: [cat, dov], power: {cat: 10, dov: 8}}
"""
ROUND_2 = """
tables:
  - {table: 1, players: [ann, cat], winner: ann}
  - {table: 2, players: [ben, dov], power: {ben: 7, dov: 7}}
"""


def test_points_sos_esos_by_hand(scored_event):
    _, board = scored_event({"events/e/event.yaml": FOUR_PLAYERS, "events/e/round-1.yaml": ROUND_1, "events/e/round-2.yaml": ROUND_2})
    rows = {r.player: r for r in board.standings}
    # points: Ann 5+5, Ben 0+2, Cat 4+0, Dov 1+2; averages 5, 1, 2, 1.5
    assert [r.player for r in board.standings] == ["ann", "cat", "dov", "ben"]
    assert {p: r.values["points"] for p, r in rows.items()} == {"ann": 10, "ben": 2, "cat": 4, "dov": 3}
    # SoS: Ann (1+2)/2, Ben (5+1.5)/2, Cat (1.5+5)/2, Dov (2+1)/2
    assert {p: r.exact["sos"] for p, r in rows.items()} == {
        "ann": Fraction(3, 2), "ben": Fraction(13, 4), "cat": Fraction(13, 4), "dov": Fraction(3, 2)}
    # ESoS: Ann (3.25+3.25)/2, Ben (1.5+1.5)/2, Cat (1.5+1.5)/2, Dov (3.25+3.25)/2
    assert {p: r.exact["esos"] for p, r in rows.items()} == {
        "ann": Fraction(13, 4), "ben": Fraction(3, 2), "cat": Fraction(3, 2), "dov": Fraction(13, 4)}
    assert rows["cat"].values["record"] == "0-1-0-0-1"
    assert rows["dov"].values["record"] == "0-0-1-1-0"
    assert rows["ann"].values["sos"] == "1.50" and rows["ben"].values["sos"] == "3.25"
    # standings after round 1 are kept too: Ann 5, Cat 4, Dov 1, Ben 0
    assert [r.player for r in board.standings_after[0]] == ["ann", "cat", "dov", "ben"]


def test_head_to_head_beats_a_higher_sos():
    records = {p: Record() for p in "ABXY"}
    note_meeting(records, "A", "B", True)  # A beat B
    note_meeting(records, "A", "X", False)
    note_meeting(records, "B", "Y", False)
    points = {"A": 5, "B": 5, "X": 0, "Y": 10}
    games = {"A": 2, "B": 2, "X": 1, "Y": 2}
    for p in records:
        records[p].points, records[p].games = points[p], games[p]
    ranked = rank_players(records, seed=1)
    by = {r.player: r for r in ranked}
    # SoS(A) = (2.5 + 0)/2 = 1.25 < SoS(B) = (2.5 + 5)/2 = 3.75, yet A beat B
    assert by["A"].sos == Fraction(5, 4) and by["B"].sos == Fraction(15, 4)
    assert [r.player for r in ranked] == ["Y", "A", "B", "X"]
    assert by["A"].head_to_head and not by["B"].head_to_head


def test_no_head_to_head_when_the_leader_did_not_meet_everyone():
    records = {p: Record(points=5, games=1) for p in "ABC"}
    note_meeting(records, "A", "B", True)
    ranked = rank_players(records, seed=1)
    assert not any(r.head_to_head for r in ranked)


def test_equal_everything_is_ordered_by_the_seeded_draw_and_marked():
    records = {p: Record(points=0, games=0) for p in "ABC"}
    ranked = rank_players(records, seed=1)
    tied = (0, Fraction(0), Fraction(0))
    assert [r.player for r in ranked] == sorted("ABC", key=lambda p: draw_key(1, tied, p))
    assert all(r.coin_toss for r in ranked)
    # The draw hangs on the seed and on the tied results, never on the order players are listed in.
    reordered = {p: records[p] for p in "CBA"}
    assert [r.player for r in rank_players(reordered, seed=1)] == [r.player for r in ranked]
    orders = {tuple(r.player for r in rank_players(records, seed=s)) for s in range(20)}
    assert len(orders) > 1


def test_bye_late_joiner_and_drop(scored_event):
    event_yaml = """
    name: Byes
    format: agot-joust
    date: 2026-01-01
    rounds: 3
    cut: 0
    players:
      - {name: Ann}
      - {name: Ben}
      - {name: Cat, dropped: 1}
      - {name: Dov, joined: 2}
    """
    files = {
        "events/e/event.yaml": event_yaml,
        "events/e/round-1.yaml": "tables: [{table: 1, players: [ann, ben], winner: ben}]\nbyes: [cat]\n",
        "events/e/round-2.yaml": "tables: [{table: 1, players: [ann, dov], power: {ann: 3, dov: 9}}]\nbyes: [ben]\n",
    }
    _, board = scored_event(files)
    rows = {r.player: r for r in board.standings}
    assert {p: r.values["points"] for p, r in rows.items()} == {"ann": 1, "ben": 10, "cat": 5, "dov": 4}
    # Dov missed round 1: average 4/1; Ann's average 1/2; a bye adds no SoS entry
    assert rows["ann"].exact["sos"] == Fraction(10 + 8, 2 * 2)  # (Ben 10/2 + Dov 4/1) / 2
    assert rows["ben"].exact["sos"] == Fraction(1, 2)
    assert rows["cat"].exact["sos"] == 0
    history = board.player_rounds["dov"]
    assert [h.result for h in history] == ["Did not play", "Modified win"]
    assert board.export["standings"][0]["rounds"][1] == {"round": 2, "table": None, "opponent": None, "result": "bye", "points": 5}
