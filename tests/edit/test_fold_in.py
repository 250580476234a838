"""A late arrival or a drop after pairing, before results (issue 30.3, issue 28.2): `sitegen add/drop --fold` changes
only the tables it touches; V:TES at 6 and 11 players folds in like any other count, with or without --fold."""
from __future__ import annotations

import pytest
from desk_events import paired_event, seating

from sitegen.cli.main import main
from sitegen.load.event import load_event


def changed(before: dict[int, tuple[str, ...]], after: dict[int, tuple[str, ...]]) -> list[int]:
    return [n for n in sorted(set(before) | set(after)) if before.get(n) != after.get(n)]


def test_joust_a_late_arrival_plays_the_bye_player_and_no_other_table_changes(tmp_path):
    folder = paired_event(tmp_path, "agot-joust", 9)
    tables, byes = seating(folder)
    assert main(["add", str(folder), "Zed Example", "--fold", "pair"]) == 0
    after, after_byes = seating(folder)
    assert changed(tables, after) == [5] and after[5] == ("zed-example", byes[0]) and after_byes == ()
    assert main(["check", "--content", str(tmp_path / "content")]) == 0


def test_joust_a_drop_gives_the_opponent_the_bye_player_or_the_bye(tmp_path):
    folder = paired_event(tmp_path, "agot-joust", 9)
    tables, byes = seating(folder)
    leaving, opponent = tables[2]
    assert main(["drop", str(folder), leaving, "--fold", "pair"]) == 0
    after, after_byes = seating(folder)
    assert changed(tables, after) == [2] and after[2] == (opponent, byes[0]) and after_byes == ()
    other = paired_event(tmp_path / "even", "agot-joust", 8)
    tables, _ = seating(other)
    assert main(["drop", str(other), tables[1][0], "--fold", "bye"]) == 0
    after, after_byes = seating(other)
    assert changed(tables, after) == [1] and after_byes == (tables[1][1],)


def test_a_late_arrival_given_a_loss_starts_next_round(tmp_path):
    folder = paired_event(tmp_path, "agot-joust", 8)
    before = seating(folder)
    assert main(["add", str(folder), "Zed Example", "--fold", "loss"]) == 0
    assert seating(folder) == before and load_event(folder).player_by_id["zed-example"].joined == 2
    assert main(["check", "--content", str(tmp_path / "content")]) == 0


def test_repair_pairs_the_round_again_in_the_same_step(tmp_path):
    folder = paired_event(tmp_path, "agot-joust", 8)
    assert main(["add", str(folder), "Zed Example", "--fold", "repair"]) == 0
    tables, byes = seating(folder)
    assert len(tables) == 4 and len(byes) == 1 and "zed-example" in {p for t in tables.values() for p in t} | set(byes)


@pytest.mark.parametrize("count", [6, 11])
@pytest.mark.parametrize("fold", ["pair", "repair", None])
def test_vtes_at_6_and_11_players_a_no_show_drops_and_a_late_arrival_joins(tmp_path, count, fold):
    folder = paired_event(tmp_path, "vtes", count)
    tables, _ = seating(folder)
    seated = tables[1][0]
    with_fold = ["--fold", fold] if fold else []
    assert main(["drop", str(folder), seated, *with_fold]) == 0
    if fold is None:  # the round awaits `pair --redo`, as at every other count
        assert main(["pair", "--redo", str(folder)]) == 0
    assert main(["add", str(folder), "Zed Example", *with_fold]) == 0
    if fold is None:
        assert main(["pair", "--redo", str(folder)]) == 0
    assert main(["check", "--content", str(tmp_path / "content")]) == 0
    after, out = seating(folder)
    everyone = [p for t in after.values() for p in t] + list(out)
    assert seated not in everyone and "zed-example" in everyone and len(everyone) == count


def test_vtes_a_drop_with_fold_pair_changes_only_the_table_it_touches(tmp_path):
    folder = paired_event(tmp_path, "vtes", 13)  # 5 + 4 + 4
    tables, _ = seating(folder)
    small = next(n for n, t in tables.items() if len(t) == 4)
    assert main(["drop", str(folder), tables[small][0], "--fold", "pair"]) == 0  # 12: 4 + 4 + 4, the 5-table gives up a seat
    after, _ = seating(folder)
    big = next(n for n, t in tables.items() if len(t) == 5)
    assert changed(tables, after) == sorted([small, big]) and sorted(len(t) for t in after.values()) == [4, 4, 4]
    assert main(["add", str(folder), "Zed Example", "--fold", "pair"]) == 0  # 13 again: a 4-table gains the newcomer
    again, _ = seating(folder)
    assert len(changed(after, again)) == 1 and sorted(len(t) for t in again.values()) == [4, 4, 5]


def test_vtes_7_players_the_refusal_offers_what_the_to_can_do_and_it_works(tmp_path, capsys):
    folder = paired_event(tmp_path, "vtes", 8)  # 4 + 4
    for table in load_event(folder).rounds[0].tables:
        vp = [f"{table.players[0]}=4"] + [f"{p}=0" for p in table.players[1:]]
        assert main(["result", str(folder), str(table.number), "--vp", *vp]) == 0
    assert main(["drop", str(folder), "hal-example"]) == 0
    capsys.readouterr()
    assert main(["pair", str(folder)]) == 2
    refusal = capsys.readouterr().err
    assert "`sitegen length EVENT --rounds 4`" in refusal and "add 1 late arrival" in refusal and "'rounds: 4' in event.yaml" not in refusal
    assert main(["length", str(folder), "--rounds", "4"]) == 0  # round 1 has results: the rounds may still change
    assert main(["pair", str(folder)]) == 0


def test_the_round_files_first_line_no_longer_describes_the_round_as_first_paired(tmp_path):
    """The first comment line summed up the round as paired ("4 tables, bye: X"); once a late arrival is folded in it
    said a bye that no longer is: it now describes the round as it stands, and says it changed after pairing."""
    folder = paired_event(tmp_path, "agot-joust", 9)
    first = (folder / "round-1.yaml").read_text().splitlines()[0]
    assert first.startswith("# Venue: Round 1 of 4: 4 tables, bye: ")
    assert main(["add", str(folder), "Zed Example", "--fold", "pair"]) == 0
    lines = (folder / "round-1.yaml").read_text().splitlines()
    assert lines[0] == "# Venue: Round 1: 5 tables; table 5 changed after pairing (a late arrival or a drop folded in)"
    assert lines[1].startswith("# Enter each result")  # the hint stays


def test_after_two_folds_the_first_line_names_every_table_changed_and_the_bye(tmp_path):
    """A late arrival folded in (table 5), then a drop at table 2 folded in: the first line named only table 2 and not
    the bye the drop left; it describes the round as it stands, every table changed since pairing and the bye."""
    folder = paired_event(tmp_path, "agot-joust", 9)
    assert main(["add", str(folder), "Zed Example", "--fold", "pair"]) == 0
    tables, _ = seating(folder)
    leaving, opponent = tables[2]
    assert main(["drop", str(folder), leaving, "--fold", "bye"]) == 0
    first = (folder / "round-1.yaml").read_text().splitlines()[0]
    assert first == (f"# Venue: Round 1: 4 tables, bye: {opponent}; tables 2, 5 changed after pairing "
                     "(a late arrival or a drop folded in)")
