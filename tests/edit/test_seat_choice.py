"""The V:TES final's seats, chosen by the finalists in turn (lowest qualifier first), and who plays first drawn from
the event's seed and that seating: `sitegen seat` and the desk's seat form write the same final.yaml."""
from __future__ import annotations

import shutil

import pytest
import yaml
from desk_events import TOKEN, Desk, snapshot, vtes_to_final

from sitegen import games as formats
from sitegen.cli.main import main
from sitegen.desk.screens import table_version
from sitegen.edit.seats import choose_seats, draw_first
from sitegen.games.base import Refused
from sitegen.games.vtes.rules import drawn_first_player
from sitegen.load.event import load_event


def final_table(folder):
    return yaml.safe_load((folder / "final.yaml").read_text())["tables"][0]


def test_the_lowest_qualifier_chooses_first(tmp_path):
    folder = vtes_to_final(tmp_path)
    event = load_event(folder)
    final = event.elims[-1]
    listed = list(final.tables[0].players)  # pair lists the finalists in ranking order
    assert formats.format_of(event).seat_choice.choosers(event, final) == listed[::-1]


def test_seat_then_draw_first(tmp_path, capsys):
    folder = vtes_to_final(tmp_path)
    listed = final_table(folder)["players"]
    chosen = {pid: len(listed) - i for i, pid in enumerate(listed)}  # the top seed takes the last seat, and so on
    assert main(["seat", str(folder), *(f"{p}={n}" for p, n in chosen.items())]) == 0
    assert final_table(folder)["players"] == listed[::-1]
    assert main(["seat", str(folder), "--draw-first"]) == 0
    event = load_event(folder)
    assert final_table(folder)["first"] == drawn_first_player(event.seed, tuple(listed[::-1]))
    assert "plays first (drawn" in capsys.readouterr().out
    choose_seats(folder, {p: i for i, p in enumerate(listed, start=1)})  # seated again: the old draw is taken out
    assert "first" not in final_table(folder)


def test_bad_seats_are_refused_in_words(tmp_path):
    folder = vtes_to_final(tmp_path)
    listed = final_table(folder)["players"]
    before = snapshot(folder)
    others = [p for p in ("cat-example", "dan-example", "eli-example") if p not in listed]
    with pytest.raises(Refused, match="not at this table"):
        choose_seats(folder, {others[0]: 1})
    with pytest.raises(Refused, match="choose a seat for"):
        choose_seats(folder, {listed[0]: 1})
    with pytest.raises(Refused, match="the same seat"):
        choose_seats(folder, {p: 1 for p in listed})
    with pytest.raises(Refused, match="seat 9 does not exist"):
        choose_seats(folder, {p: 9 for p in listed})
    assert main(["seat", str(folder), "x=y"]) == 2
    assert main(["seat", str(folder)]) == 2
    assert snapshot(folder) == before


def test_the_seats_are_chosen_in_the_final_only(tmp_path):
    folder = vtes_to_final(tmp_path)
    (folder / "final.yaml").unlink()
    with pytest.raises(Refused, match="in the Final only; .* is at Round 3"):
        draw_first(folder)


def test_the_desk_writes_what_the_verb_writes(tmp_path):
    folder = vtes_to_final(tmp_path / "desk")
    twin = tmp_path / "cli"
    shutil.copytree(tmp_path / "desk", twin)
    twin_folder = twin / "content" / "events" / "desk"
    listed = final_table(folder)["players"]
    seats = {pid: (i + 2) % len(listed) + 1 for i, pid in enumerate(listed)}
    desk = Desk(tmp_path / "desk" / "content", tmp_path)
    try:
        status, page = desk.get("e/desk/")
        assert status == 200 and "Seats and who plays first" in page
        final = load_event(folder).elims[-1]
        version = table_version(final, final.tables[0])
        status, _, _ = desk.post("e/desk/seats", {"version": version} | {f"seat-{p}": str(n) for p, n in seats.items()})
        assert status == 303
        final = load_event(folder).elims[-1]
        status, _, _ = desk.post("e/desk/draw", {"version": table_version(final, final.tables[0])})
        assert status == 303
        status, page = desk.get("e/desk/")
        assert "plays first." in page and TOKEN in page
    finally:
        desk.close()
    assert main(["seat", str(twin_folder), *(f"{p}={n}" for p, n in seats.items())]) == 0
    assert main(["seat", str(twin_folder), "--draw-first"]) == 0
    assert (folder / "final.yaml").read_bytes() == (twin_folder / "final.yaml").read_bytes()
