"""Seats the players choose (`sitegen seat`, the desk's seat form): a round whose game declares a `SeatChoice`
(a final with its own procedure) gets its table's players rewritten in the seat order they chose, then who plays first is
drawn from the event's seed and that seating and recorded on the table. Both before the table has a result."""
from __future__ import annotations

from pathlib import Path

from sitegen import games as formats
from sitegen.edit.commit import Edited, commit, current_round
from sitegen.edit.lock import one_writer
from sitegen.edit.round_trip import RoundTrip
from sitegen.games.base import Format, Refused, SeatChoice, round_name, stage_label
from sitegen.load.check import validated
from sitegen.model import Event, Round, Table
from sitegen.text import N_, in_list


def _choosing_round(event: Event) -> tuple[Format, SeatChoice, Round, Table]:
    """The game, its seat choice, the current round and its one table, when that round's seats are chosen."""
    fmt = formats.format_of(event)
    choice = fmt.seat_choice
    if choice is None:
        raise Refused(N_("in {game} the players do not choose their seats: `pair` deals them", game=fmt.title))
    round_ = current_round(event)
    if round_.stage != choice.stage or len(round_.tables) != 1:
        raise Refused(N_("the players choose their seats in the {stage} only; {event} is at {round}", stage=stage_label(choice.stage, 1, 1), event=event.name,
                         round=round_name(round_)))
    return fmt, choice, round_, round_.tables[0]


def seat_numbers(pairs: list[str]) -> dict[str, int]:
    """`ann=2 ben=1` into {"ann": 2, "ben": 1}; a malformed pair is refused in words."""
    seats: dict[str, int] = {}
    for pair in pairs:
        pid, _, number = pair.partition("=")
        if not pid or not number.strip().isdigit():
            raise Refused(N_("'{pair}': write each seat as ID=N, e.g. ann-example=3", pair=pair))
        seats[pid.strip()] = int(number)
    return seats


def chosen_order(table: Table, seats: dict[str, int], names: dict[str, str]) -> list[str]:
    """The table's players in seat order, from each one's chosen seat (1 to the table's size, each once)."""
    missing = [names.get(p, p) for p in table.players if p not in seats]
    strangers = [p for p in seats if p not in table.players]
    if strangers:
        raise Refused(N_("{names} not at this table; it seats {seats}",
                         names=', '.join(names.get(p, p) for p in strangers), seats=', '.join(names[p] for p in table.players)))
    if missing:
        raise Refused(N_("choose a seat for {names} as well", names=', '.join(missing)))
    size = len(table.players)
    wrong = sorted({n for n in seats.values() if not 1 <= n <= size})
    if wrong:
        raise Refused(N_("seat {wrong} does not exist: the seats are 1 to {size}", wrong=wrong[0], size=size))
    by_seat: dict[int, list[str]] = {}
    for pid, number in seats.items():
        by_seat.setdefault(number, []).append(names.get(pid, pid))
    shared = next((who for who in by_seat.values() if len(who) > 1), None)
    if shared:
        raise Refused(N_("{names} chose the same seat; each seat takes one player", names=in_list(shared)))
    return [pid for _, pid in sorted((number, pid) for pid, number in seats.items())]


@one_writer
def choose_seats(event_dir: str | Path, seats: dict[str, int]) -> Edited:
    """The round's table seated in the order its players chose (`seats`: each one's seat, from 1); a draw of who
    plays first made on the old seating is taken out (draw again)."""
    event = validated(event_dir)
    _, choice, round_, table = _choosing_round(event)
    names = {p.id: p.name for p in event.players}
    if any(key != choice.first_key for key in table.result):
        raise Refused(N_("the table has a result: the seats are chosen before play; clear the result first"))
    order = chosen_order(table, seats, names)
    path = Path(round_.where.path)
    doc = RoundTrip(path.read_text(encoding="utf-8"))
    written = doc.data["tables"][0]
    written["players"][:] = order
    if written.get(choice.first_key) is not None:  # drawn on the old seating: it is drawn again on the new one
        del written[choice.first_key]
    return Edited(commit(event_dir, {path: doc.dump()}), [path])


@one_writer
def draw_first(event_dir: str | Path) -> tuple[Edited, str]:
    """Who plays first at the round's table, drawn from the event's seed and the seating, recorded on the table."""
    event = validated(event_dir)
    fmt, choice, round_, table = _choosing_round(event)
    if any(key != choice.first_key for key in table.result):
        raise Refused(N_("the table has a result: who played first is decided; clear the result to draw again"))
    drawn = choice.draw_first(event, table.players)
    path = Path(round_.where.path)
    doc = RoundTrip(path.read_text(encoding="utf-8"))
    doc.data["tables"][0][choice.first_key] = drawn
    return Edited(commit(event_dir, {path: doc.dump()}), [path]), drawn
