"""Issue 21, "the venue": late changes fold into a round paired but not started, and the verbs of a round under way
(swap, fixed tables, a chosen bye, clear a result, undo a drop, remove, rename, clock, the event's length)."""
from __future__ import annotations

import datetime

import pytest
import yaml
from desk_events import make_event, snapshot

from sitegen.edit.players import add_player, drop_player, remove_player, rename_player
from sitegen.edit.results import clear_result, enter_result
from sitegen.edit.rounds import pair_round, set_length
from sitegen.edit.venue import ClockChange, clock_keys, set_clock, swap_players
from sitegen.games.base import Refused
from sitegen.games.rounds import place_fixed
from sitegen.load.event import load_event
from sitegen.model import ContentError


def round_file(folder, name="round-1.yaml"):
    return yaml.safe_load((folder / name).read_text())


def seated(folder, name="round-1.yaml"):
    data = round_file(folder, name)
    return {p for t in data["tables"] for p in t["players"]} | set(data.get("byes") or [])


def finish(folder, round_name="round-1.yaml"):
    for table in round_file(folder, round_name)["tables"]:
        enter_result(folder, table["table"], {"winner": table["players"][0]})


def test_a_late_arrival_joins_the_round_paired_without_a_result_and_redo_seats_them(tmp_path):
    folder = make_event(tmp_path, "agot-joust")
    change = add_player(folder, "Zoe Late")
    assert change.round == 1 and change.repair == 1
    assert "joined" not in (folder / "event.yaml").read_text().split("Zoe Late")[1]
    pair_round(folder, redo=True)
    assert "zoe-late" in seated(folder)


def test_a_late_drop_leaves_the_round_paired_without_a_result(tmp_path):
    folder = make_event(tmp_path, "agot-joust")
    change = drop_player(folder, "ann-example")
    assert change.round == 0 and change.repair == 1
    assert load_event(folder).player_by_id["ann-example"].dropped == 0
    with pytest.raises(ContentError, match="is seated in round 1"):  # no result before the round is paired again
        table = next(t for t in round_file(folder)["tables"] if "ann-example" not in t["players"])
        enter_result(folder, table["table"], {"winner": table["players"][0]})
    pair_round(folder, redo=True)
    assert "ann-example" not in seated(folder)


def test_after_a_result_late_changes_apply_to_the_next_round_and_a_finished_event_refuses_them(tmp_path):
    folder = make_event(tmp_path, "agot-joust")
    finish(folder)
    assert add_player(folder, "Zoe Late").round == 2
    change = drop_player(folder, "ann-example")
    assert change.round == 1 and change.repair is None
    (folder / "event.yaml").write_text((folder / "event.yaml").read_text().replace("rounds: 3", "rounds: 1"))
    assert "rounds: 1" in (folder / "event.yaml").read_text()
    (folder / "event.yaml").write_text((folder / "event.yaml").read_text().replace("cut: 4", "cut: 0"))
    with pytest.raises(Refused, match="rounds are over"):
        add_player(folder, "Yan Later")
    with pytest.raises(Refused, match="rounds are over"):
        drop_player(folder, "ben-example")


def test_drop_undo(tmp_path):
    folder = make_event(tmp_path, "agot-joust")
    finish(folder)
    drop_player(folder, "ann-example")
    change = drop_player(folder, "ann-example", undo=True)
    assert load_event(folder).player_by_id["ann-example"].dropped is None and change.round == 2
    with pytest.raises(Refused, match="has not dropped"):
        drop_player(folder, "ann-example", undo=True)


def test_swap_trades_seats_until_a_result(tmp_path):
    folder = make_event(tmp_path, "agot-joust")
    (a, b), (c, d) = [t["players"] for t in round_file(folder)["tables"]]
    swap_players(folder, a, c)
    assert [t["players"] for t in round_file(folder)["tables"]] == [[c, b], [a, d]]
    enter_result(folder, 1, {"winner": c})
    before = snapshot(folder)
    with pytest.raises(Refused, match="has a result"):
        swap_players(folder, b, d)
    assert snapshot(folder) == before


def test_fixed_tables_and_a_chosen_bye(tmp_path):
    folder = make_event(tmp_path, "agot-joust", pair=False)
    add_player(folder, "Eve Example")
    pair_round(folder, tables={"cat-example": 2}, bye="ann-example")
    data = round_file(folder)
    assert data["byes"] == ["ann-example"] and data["chosen_byes"] == ["ann-example"]
    assert "cat-example" in data["tables"][1]["players"] and data["tables"][1]["table"] == 2
    assert load_event(folder).player_by_id["cat-example"].table == 2
    pair_round(folder, redo=True)  # the chosen bye and the fixed table are kept
    data = round_file(folder)
    assert data["chosen_byes"] == ["ann-example"] and "cat-example" in data["tables"][1]["players"]
    pair_round(folder, redo=True, tables={"cat-example": None}, bye="ben-example")
    assert load_event(folder).player_by_id["cat-example"].table is None and round_file(folder)["byes"] == ["ben-example"]


def test_a_planned_vtes_event_keeps_the_fixed_tables_in_every_round(tmp_path):
    """`pair --plan` seats every round at once: a player with a fixed table (the one near the door) has it in each."""
    folder = make_event(tmp_path, "vtes", pair=False)
    players = "".join(f"  - {{name: Player {n}, vekn: '20000{n:02d}'}}\n" for n in range(13))
    (folder / "event.yaml").write_text(f"name: Planned\nformat: vtes\ndate: 2026-12-05\nrounds: 3\nplayers:\n{players}")
    pair_round(folder, plan=True, tables={"player-4": 3, "player-7": 1})
    for number in (1, 2, 3):
        tables = {t["table"]: t["players"] for t in round_file(folder, f"round-{number}.yaml")["tables"]}
        assert "player-4" in tables[3] and "player-7" in tables[1], f"round {number}: {tables}"


def test_place_fixed_moves_a_player_to_their_table_and_numbers_the_rest():
    assert place_fixed([["a", "b"], ["c", "d"], ["e", "f"]], {"e": 1}) == [(1, ["e", "f"]), (2, ["a", "b"]), (3, ["c", "d"])]
    assert place_fixed([["a", "b"], ["c", "d"]], {"a": 1, "b": 2}) == [(1, ["a", "d"]), (2, ["c", "b"])]
    assert place_fixed([["a", "b"], ["c", "d"]], {"c": 9}) == [(1, ["a", "b"]), (9, ["c", "d"])]


def test_clear_a_result(tmp_path):
    folder = make_event(tmp_path, "agot-joust")
    (a, _b), _ = [t["players"] for t in round_file(folder)["tables"]]
    enter_result(folder, 1, {"winner": a})
    clear_result(folder, 1)
    assert "winner" not in round_file(folder)["tables"][0]
    with pytest.raises(Refused, match="no result to clear"):
        clear_result(folder, 1)


def test_remove_and_rename(tmp_path):
    folder = make_event(tmp_path, "agot-joust")
    add_player(folder, "Zoe Late", joined=2)
    remove_player(folder, "zoe-late")
    assert "zoe-late" not in load_event(folder).player_by_id
    with pytest.raises(Refused, match="drop them instead"):
        remove_player(folder, "ann-example")
    rename_player(folder, "ben-example", "Benjamin Example")
    player = load_event(folder).player_by_id["ben-example"]
    assert player.name == "Benjamin Example"


def test_clock_keys_start_extend_pause_resume_call():
    now = datetime.datetime(2026, 12, 5, 10, 0)
    keys = clock_keys({}, ClockChange(start="", minutes=55), now)
    assert keys == {"start": "2026-12-05 10:00", "minutes": 55}
    keys = clock_keys(keys, ClockChange(extend=5), now)
    keys = clock_keys(keys, ClockChange(pause=True), now + datetime.timedelta(minutes=20))
    assert keys["paused"] == "2026-12-05 10:20:00"
    keys = clock_keys(keys, ClockChange(resume=True), now + datetime.timedelta(minutes=22))
    assert keys == {"start": "2026-12-05 10:00", "minutes": 55, "extended": 5, "paused_seconds": 120}
    keys = clock_keys(keys, ClockChange(call=True), now + datetime.timedelta(minutes=62))
    assert keys["called"] == "2026-12-05 11:02:00"
    with pytest.raises(Refused, match="already called"):
        clock_keys(keys, ClockChange(extend=5), now)
    assert clock_keys({}, ClockChange(start="14:30", minutes=50), now)["start"] == "2026-12-05 14:30"


def test_clock_verb_writes_the_round_file(tmp_path):
    folder = make_event(tmp_path, "agot-joust")
    now = datetime.datetime(2026, 12, 5, 10, 0)
    set_clock(folder, ClockChange(start="", minutes=50), now=now)
    set_clock(folder, ClockChange(extend=10), now=now)
    round_ = load_event(folder).rounds[0]
    assert round_.start == "2026-12-05 10:00" and round_.minutes == 50 and round_.clock and round_.clock.extended == 10


def test_length_until_round_1_has_a_result(tmp_path):
    folder = make_event(tmp_path, "agot-joust")
    set_length(folder, 2, 0)
    event = load_event(folder)
    assert event.planned_rounds == 2 and event.cut == 0
    finish(folder)
    with pytest.raises(Refused, match="the cut is fixed now"):
        set_length(folder, 3, 2)
    set_length(folder, 3, None)  # the rounds may change while the preliminaries are on (issue 28.6)
    assert load_event(folder).planned_rounds == 3
    with pytest.raises(Refused, match="1 round is paired already"):
        set_length(folder, 0, None)


def test_the_rounds_never_change_once_the_preliminaries_are_over(tmp_path):
    folder = make_event(tmp_path, "agot-joust")
    set_length(folder, 1, 0)
    finish(folder)
    with pytest.raises(Refused, match="rounds are over"):
        set_length(folder, 2, None)
