"""The desk's list of events says where each stands: a finished event (its last round played, nothing more to pair)
is "Finished — won by X", as the site's own summary says it, not "Round 2 complete"."""
from __future__ import annotations

from desk_events import Desk, make_event, vtes_to_final

from sitegen.cli.main import main
from sitegen.desk.screens import table_version
from sitegen.load.event import load_event


def state_of(desk: Desk, name: str) -> str:
    page = desk.get("")[1]
    return page.split(f"<strong>{name}</strong><span>", 1)[1].split("</span>", 1)[0]


def play_round(folder, *, last_table_at=None) -> None:
    """Round paired and played, the first listed player winning each table; the last table's result entered at the
    desk `last_table_at` when given (the desk then keeps the event's checked board)."""
    assert main(["pair", str(folder)]) == 0
    round_ = load_event(folder).rounds[-1]
    *others, last = round_.tables
    for table in others + ([] if last_table_at else [last]):
        assert main(["result", str(folder), str(table.number), "--winner", table.players[0]]) == 0
    if last_table_at:
        round_ = load_event(folder).rounds[-1]
        form = {"way": "won", "round": round_.slug, "table": str(last.number), "winner": last.players[0],
                "version": table_version(round_, round_.tables[-1])}
        assert last_table_at.post("e/desk/result", form)[0] == 303


def test_a_joust_after_its_planned_rounds_is_finished_and_names_its_winner(tmp_path):
    """Four players, two rounds, no cut: Ann beats Ben and Cat beats Dan in round 1 (pair lists them at random), the
    two winners meet in round 2: the one who won both has won, whether the CLI or the desk entered the last result."""
    for way in ("cli", "desk"):
        folder = make_event(tmp_path / way, "agot-joust", pair=False)
        (folder / "event.yaml").write_text((folder / "event.yaml").read_text() + "rounds: 2\ncut: 0\n")
        desk = Desk(tmp_path / way / "content", tmp_path / way)
        try:
            play_round(folder)
            assert state_of(desk, "Desk Joust") == "Round 1 complete"
            play_round(folder, last_table_at=desk if way == "desk" else None)
            event = load_event(folder)
            champion = event.player_by_id[event.rounds[-1].tables[0].players[0]].name
            assert state_of(desk, "Desk Joust") == f"Finished — won by {champion}", way
            assert state_of(desk, "Desk Joust") == f"Finished — won by {champion}", way  # asked again: the same
        finally:
            desk.close()


def test_a_vtes_event_is_finished_after_its_final_not_after_its_rounds(tmp_path):
    folder = vtes_to_final(tmp_path)
    final = load_event(folder).elims[-1].tables[0]
    desk = Desk(tmp_path / "content", tmp_path)
    try:
        assert state_of(desk, "Desk VTES Final") == "Final: 1 table in play"
        (folder / "final.yaml").unlink()
        assert state_of(desk, "Desk VTES Final") == "Round 3 complete"  # the final is still to come
        assert main(["pair", str(folder)]) == 0
        vp = [f"{final.players[0]}={len(final.players)}"] + [f"{p}=0" for p in final.players[1:]]
        assert main(["result", str(folder), "1", "--vp", *vp]) == 0
        winner = load_event(folder).player_by_id[final.players[0]].name
        assert state_of(desk, "Desk VTES Final") == f"Finished — won by {winner}"
    finally:
        desk.close()
