"""The desk's changes: a submitted form turned into the same calls the CLI verbs make (`enter_result`,
`drop_player`, `add_player`, `pair_round`), after checking that the form was made from what the files
hold now. Each returns what to tell the TO and, with `--commit`, the commit message.

A form made from an older version raises `Stale` (HTTP 409); the verbs' own `ContentError` and
`Refused` pass through unchanged: the desk shows them beside the form, and nothing is written.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sitegen import games as formats
from sitegen.desk.screens import length_words, players_version, rounds_version, table_version
from sitegen.edit.commit import find_round
from sitegen.edit.players import RosterChange, add_player, drop_player, remove_player, rename_player
from sitegen.edit.results import Words, clear_result, enter_result, read_result
from sitegen.edit.rounds import pair_round, set_length
from sitegen.edit.seats import choose_seats, draw_first
from sitegen.edit.venue import ClockChange, clock_words, set_clock, swap_players
from sitegen.games.base import Refused, Scoreboard, round_name
from sitegen.games.result_entry import FIGURES, FLAG, ORDER, PLAYER, ResultEntry, ResultWay
from sitegen.load.event import load_event
from sitegen.model import Event, Round, Table
from sitegen.pairing.fold import FOLDS, REPAIR
from sitegen.text import N_, Joined, Msg, Nn_, Num, filled

Form = Mapping[str, list[str]]


class Stale(Exception):
    """The form was made from files that have changed since (another judge's write)."""


STALE_TABLE = N_("This table changed since you loaded it: nothing was written; the page now shows it as it is, enter it again "
                 "if needed.")
STALE_PLAYERS = N_("The list of players changed since you loaded it: nothing was written; the page now shows it as it is, "
                   "enter it again if needed.")
STALE_ROUNDS = N_("The event's rounds changed since you loaded them: nothing was written; the page now shows them as they "
                  "are, enter it again if needed.")


@dataclass(frozen=True)
class Done:
    message: str  # one line: the commit's subject and what the page tells the TO
    written: list[Path]
    warnings: list[str] = field(default_factory=list)
    anchor: str = ""  # where the page scrolls back to
    event: Event | None = None  # the event as the change left it, checked, and its scoreboard: the page after the
    board: Scoreboard | None = None  # redirect shows them without reading the folder again


def value(form: Form, key: str) -> str:
    return (form.get(key) or [""])[0].strip()


def said(exc: Exception) -> str:
    """What a refusal says: the desk's own message (a `Msg`, or a `Joined` list of them, shown in the page's language) as
    it is, else its English text."""
    first = exc.args[0] if exc.args else ""
    return first if isinstance(first, (Msg, Joined)) else str(exc)


def _check_version(form: Form, current: str, stale: Msg) -> None:
    if value(form, "version") != current:
        raise Stale(stale)


def _form_table(folder: Path, form: Form, *, check: bool = True) -> tuple[Event, Round, Table]:
    """The round and table a table's form names, refused when the table changed since the form was made (unless the
    caller checks that itself: `check=False`)."""
    event = load_event(folder)
    round_ = find_round(event, value(form, "round") or None)
    number = _integer(value(form, "table"), N_("Table"))
    table = next((t for t in round_.tables if t.number == number), None)
    if table is None:
        raise Refused(N_("This round has no table {number}.", number=number))
    if check:
        _check_version(form, table_version(round_, table), STALE_TABLE)
    return event, round_, table


def enter(folder: Path, form: Form) -> Done:
    event, round_, table = _form_table(folder, form, check=False)
    fmt = formats.format_of(event)
    entry = fmt.results
    number = table.number
    way = next((w for w in entry.ways_for(round_.stage) if w.name == value(form, "way")), None)
    if way is None:
        raise Refused(N_("{round} takes no result entered that way; reload the page.", round=round_name(round_)))
    if value(form, "version") != table_version(round_, table):
        wanted = read_result(entry, fmt.title, words_from_form(form, entry, way, table.players))
        if _same_result(wanted, table.result, fmt.results.seating_keys):  # a double tap, or two judges entering the same: saved once
            names = {p.id: p.name for p in event.players}
            return Done(N_("{round}, table {number}: already saved ({result})", round=round_name(round_), number=number,
                           result=describe_result(entry, way, table.result, names)), [], anchor=table_anchor(event, round_.slug, number))
        raise Stale(STALE_TABLE)
    entered = enter_result(folder, number, words_from_form(form, entry, way, table.players), round_slug=round_.slug,
                           loaded=event)
    new, board = entered.edited.event, entered.board
    label = next(v.label for v in board.rounds + board.elims if v.round.slug == round_.slug)
    written = next(t for t in entered.round.tables if t.number == number).result
    message = N_("{round}, table {number}: {result}", round=label, number=number,
                 result=describe_result(entry, way, written, {p.id: p.name for p in new.players}))
    return Done(message, entered.edited.written, plain(entered.edited.warnings), table_anchor(event, round_.slug, number), new, board)


def table_anchor(event: Event, round_slug: str, number: int) -> str:
    """A table's place on the desk's page: "table-3" in the current round, "round-1-table-3" in an earlier one (a
    correction is confirmed, or refused, at the table it changes)."""
    return f"table-{number}" if find_round(event, None).slug == round_slug else f"{round_slug}-table-{number}"


def _same_result(wanted: dict[str, Any], held: dict[str, Any], seating_keys: tuple[str, ...]) -> bool:
    """Whether the table already holds the result a form asks for (how the table was seated aside)."""
    def scored(result: dict[str, Any]) -> dict[str, Any]:
        return {key: held_value for key, held_value in result.items() if key not in seating_keys}
    return bool(wanted) and scored(wanted) == scored(held)


def words_from_form(form: Form, entry: ResultEntry, way: ResultWay, players: tuple[str, ...]) -> Words:
    """The result in the CLI's words, from the form made for `way`: an input per seat or one for the table."""
    words: Words = {}
    for key in way.fields:
        field_ = entry.field(key)
        typed = {pid: value(form, f"{key}-{pid}") for pid in players if value(form, f"{key}-{pid}")}
        if field_.kind == FIGURES and typed and field_.blank_is_zero:
            typed = {pid: typed.get(pid, "0") for pid in players}
        if field_.kind == FIGURES:
            words[key] = [f"{pid}={figure}" for pid, figure in typed.items()]
        elif field_.kind == ORDER:
            words[key] = [pid for _, pid in sorted((_integer(place, field_.label), pid) for pid, place in typed.items())]
        elif field_.kind == FLAG:
            words[key] = value(form, key) == "on"
        else:
            words[key] = value(form, key) or None
    return words


def describe_result(entry: ResultEntry, way: ResultWay, result: dict[str, Any], names: dict[str, str]) -> Joined:
    """The result in words for the TO and the commit: "Ann Example won", "Power: Ann Example 7, Ben Example 9"."""
    def who(pid: str) -> str:
        return names.get(pid, pid)

    parts: list[str] = []
    for key in way.fields:
        field_, held = entry.field(key), result.get(key)
        if held is None:
            continue
        if field_.kind == PLAYER:
            parts.append(filled(way.action, name=who(held)) if len(way.fields) == 1 else N_("{label}: {names}", label=field_.label, names=who(held)))
        elif field_.kind == FIGURES:
            figures = Joined([Joined([who(p), Num(n, 1) if n % 1 else str(int(n))], " ") for p, n in held.items()], ", ")
            parts.append(N_("{label}: {names}", label=field_.label, names=figures))
        elif field_.kind == ORDER:
            parts.append(N_("{label}: {names}", label=field_.label, names=", ".join(who(p) for p in held)))
        elif held:
            parts.append(field_.label)
    return Joined(parts, "; ")


def _name(event: Event, pid: str) -> str:
    player = event.player_by_id.get(pid)
    if player is None:
        raise Refused(N_("That player is no longer in the event; reload the page."))
    return player.name


def drop(folder: Path, form: Form) -> Done:
    """Drop a player (after the confirmation), or take the drop back (`undo`); a round paired without the change
    is paired again in the same tap while it has no result."""
    event = load_event(folder)
    _check_version(form, players_version(event), STALE_PLAYERS)
    pid, undo = value(form, "player"), value(form, "undo") == "on"
    name = _name(event, pid)
    change = drop_player(folder, pid, undo=undo, fold=None if undo else _fold(form))
    if undo:
        message = N_("{name} plays on: the drop is undone", name=name)
    else:
        message = N_("{name} drops after round {number}", name=name, number=change.round) if change.round \
            else N_("{name} drops before round 1", name=name)
    return _repaired(folder, change, message, "round")


def add(folder: Path, form: Form) -> Done:
    event = load_event(folder)
    _check_version(form, players_version(event), STALE_PLAYERS)
    fields = {key: value(form, f"field-{key}") for key in formats.format_of(event).deck_fields if value(form, f"field-{key}")}
    change = add_player(folder, value(form, "name"), fields=fields, fold=_fold(form))
    player = change.edited.event.player_by_id[change.player]
    return _repaired(folder, change, N_("{name} joins round {number}", name=player.name, number=player.joined), "round")


def rename(folder: Path, form: Form) -> Done:
    """A player's name corrected (a typo); the id, and so every round file, stays."""
    event = load_event(folder)
    _check_version(form, players_version(event), STALE_PLAYERS)
    pid = value(form, "player")
    old = _name(event, pid)
    edited = rename_player(folder, pid, value(form, "name"))
    new = edited.event.player_by_id[pid].name
    return Done(N_("{old} is now {new}", old=old, new=new), edited.written, plain(edited.warnings), f"player-{pid}")


def remove(folder: Path, form: Form) -> Done:
    """A player entered by mistake, or who never came, taken out of event.yaml: only one with no seat in any round."""
    event = load_event(folder)
    _check_version(form, players_version(event), STALE_PLAYERS)
    pid = value(form, "player")
    name = _name(event, pid)
    edited = remove_player(folder, pid)
    return Done(N_("{name} is removed from the event", name=name), edited.written, plain(edited.warnings), "players")


def _fold(form: Form) -> str:
    """How the change folds into a round paired without it: the button tapped (a page from before the choices: pair again)."""
    fold = value(form, "fold") or REPAIR
    if fold not in FOLDS:
        raise Refused(N_("That choice is not offered; reload the page."))
    return fold


def _repaired(folder: Path, change: RosterChange, message: Msg, anchor: str) -> Done:
    """The change, and how it folded into the round paired without it (the same tap)."""
    written, warnings = list(change.edited.written), list(change.edited.warnings)
    if change.folded is not None:
        round_ = change.event.rounds[-1]
        name = change.event.player_by_id[change.player].name
        said = [Nn_("table {numbers} changed", "tables {numbers} changed", len(change.folded),
                    numbers=", ".join(str(n) for n in change.folded))] if change.folded else []
        said += [N_("{name} has the bye", name=name)] if change.player in round_.byes else \
            [N_("{name} sits out this round", name=name)] if change.player in round_.sitting_out else []
        return Done(Joined([message, *(said or [N_("no table changed")])], "; "), written, plain(warnings), anchor)
    if change.repair:
        paired = pair_round(folder, redo=True)
        written += [p for p in paired.edited.written if p not in written]
        warnings += paired.edited.warnings
        return Done(Joined([message, N_("round {number} is paired again", number=change.repair)], "; "), written, warnings, anchor)
    return Done(message, written, warnings, anchor)


def pair(folder: Path, form: Form) -> Done:
    event = load_event(folder)
    _check_version(form, rounds_version(event), STALE_ROUNDS)
    redo = value(form, "redo") == "on"
    minutes = _integer(value(form, "minutes"), N_("Minutes")) if value(form, "minutes") else None
    start = value(form, "start").replace("T", " ") or None  # a datetime-local input sends 2026-12-05T14:00
    bye = value(form, "bye") or None
    tables: dict[str, int | None] = {}
    if value(form, "fixed"):
        number = value(form, "fixed_table")
        tables[value(form, "fixed")] = _integer(number, N_("Table number")) if number else None
    paired = pair_round(folder, redo=redo, start=start, minutes=minutes, bye=bye, tables=tables)
    new = paired.edited.event
    board = formats.format_of(new).score(new)
    label = (board.rounds + board.elims)[-1].label
    said = N_("{round} is paired again", round=label) if redo else N_("{round} is paired", round=label)
    return Done(said, paired.edited.written, plain(paired.edited.warnings), "round")


def length(folder: Path, form: Form) -> Done:
    """The event's rounds and cut, while round 1 has no result (the same keys `sitegen new --rounds --cut` writes)."""
    event = load_event(folder)
    _check_version(form, rounds_version(event), STALE_ROUNDS)
    rounds = _integer(value(form, "rounds"), N_("Rounds"))
    cut = _integer(value(form, "cut"), N_("Cut")) if "cut" in form else None
    edited = set_length(folder, rounds, cut)
    return Done(length_words(Nn_("{count} round", "{count} rounds", rounds), cut), edited.written, edited.warnings, "length")


def swap(folder: Path, form: Form) -> Done:
    event = load_event(folder)
    _check_version(form, rounds_version(event), STALE_ROUNDS)
    picked = [pid for pid in form.get("pick", []) if pid]
    if len(picked) != 2:
        raise Refused(Nn_("Tap two players to swap their seats (you ticked {count}).", "Tap two players to swap their seats (you ticked {count}).",
                          len(picked)))
    first, second = picked
    edited = swap_players(folder, first, second)
    return Done(N_("{first} and {second} traded seats", first=_name(event, first), second=_name(event, second)), edited.written, edited.warnings, "round")


def clear(folder: Path, form: Form) -> Done:
    event, round_, table = _form_table(folder, form)
    number = table.number
    cleared = clear_result(folder, number, round_slug=round_.slug)
    return Done(N_("Table {number}: the result is cleared, the table is in play", number=number), cleared.edited.written,
                cleared.edited.warnings, f"table-{number}")


def clock(folder: Path, form: Form) -> Done:
    event = load_event(folder)
    _check_version(form, rounds_version(event), STALE_ROUNDS)
    what = value(form, "clock")
    minutes = _integer(value(form, "minutes"), N_("Minutes")) if value(form, "minutes") else None
    start = value(form, "start") if what == "start" else None
    extend = _integer(value(form, "extend"), N_("Add minutes")) if what == "extend" else None
    change = ClockChange(start=start, minutes=minutes, extend=extend, pause=what == "pause", resume=what == "resume",
                         call=what == "call")
    edited = set_clock(folder, change)
    round_ = edited.event.elims[-1] if edited.event.elims else edited.event.rounds[-1]
    return Done(N_("Clock: {state}", state=clock_words(round_)), edited.written, edited.warnings, "clock")


def _chosen_table(folder: Path, form: Form) -> Event:
    """The event, once the form's version is the current round's table's (whose seats are chosen)."""
    event = load_event(folder)
    round_ = find_round(event, None)
    if len(round_.tables) != 1:
        raise Refused(Nn_("{round} has {count} table: its seats are dealt, not chosen.", "{round} has {count} tables: its seats are dealt, "
                          "not chosen.", len(round_.tables), round=round_name(round_)))
    _check_version(form, table_version(round_, round_.tables[0]), STALE_TABLE)
    return event


def seats(folder: Path, form: Form) -> Done:
    """The seats the players chose, in turn (the game's `seat_choice`): the table is seated in that order."""
    event = _chosen_table(folder, form)
    chosen = {key.removeprefix("seat-"): value(form, key) for key in form if key.startswith("seat-")}
    unchosen = [_name(event, pid) for pid, number in chosen.items() if not number]
    if unchosen:
        raise Refused(N_("Choose a seat for {names}.", names=", ".join(unchosen)))
    edited = choose_seats(folder, {pid: _integer(number, N_("{name}'s seat", name=_name(event, pid))) for pid, number in chosen.items()})
    table = find_round(edited.event, None).tables[0]
    order = ", ".join(f"{n}. {_name(edited.event, pid)}" for n, pid in enumerate(table.players, start=1))
    return Done(N_("Seats chosen: {order}", order=order), edited.written, edited.warnings, "seat-choice")


def draw(folder: Path, form: Form) -> Done:
    """Who plays first, drawn from the event's seed and the seating, and recorded."""
    _chosen_table(folder, form)
    edited, drawn = draw_first(folder)
    return Done(N_("{name} plays first (drawn)", name=_name(edited.event, drawn)), edited.written, edited.warnings, "seat-choice")


def plain(warnings: list[str]) -> list[str]:
    """A verb's warnings in the TO's words at the desk."""
    return [plain_line(line) for line in warnings]


def plain_line(line: str) -> str:
    """A verb's message in the TO's words at the desk: without the command-line advice (in brackets, or a clause "then
    run `sitegen ...`"); a desk message (a `Msg`, translated) as it is."""
    if isinstance(line, (Msg, Joined)):
        return line
    line = re.sub(r" ?\([^()]*`[^`]*`[^()]*\)", "", line)
    line = re.sub(r",? (then )?run `[^`]*`( again)?", "", line)
    line = re.sub(r"^\S+\.yaml(:\d+)?: ", "", line)  # the file it is about: the desk shows the event, not its files
    return line.replace("round-", "round ")


def _integer(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise Refused(N_("{what}: '{text}' is not a whole number.", what=what, text=text)) from None


ACTIONS: dict[str, Callable[[Path, Form], Done]] = {"result": enter, "drop": drop, "add": add, "rename": rename, "remove": remove,
                                                     "pair": pair, "swap": swap, "clear": clear, "clock": clock, "length": length,
                                                     "seats": seats, "draw": draw}
