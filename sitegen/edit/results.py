"""Enter one table's result into its round file (`sitegen result`), replacing an earlier one."""
from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap

from sitegen import games as formats
from sitegen.edit.commit import Edited, commit, find_round
from sitegen.edit.lock import one_writer
from sitegen.edit.round_trip import RoundTrip, edit_item, replace_keys
from sitegen.games.base import Refused, ResultView, Scoreboard, StandingRow, round_name
from sitegen.games.result_entry import FIGURES, FLAG, ORDER, ResultEntry
from sitegen.load.check import validated
from sitegen.model import ContentError, Event, Problem, Round, Table
from sitegen.text import N_, suggest


class ResultEntered:
    """A result written: the event as it now stands, the round and table; what is shown of it is made when first asked
    for (the desk needs the new scoreboard, the CLI and a report the round's view and the rows that moved)."""

    def __init__(self, edited: Edited, round_: Round, table: int, before: Event) -> None:
        self.edited, self.round, self.table, self._before = edited, round_, table, before
        self._board: Scoreboard | None = None
        self._view: ResultView | None = None

    @property
    def board(self) -> Scoreboard:
        """The new scoreboard, made once."""
        if self._board is None:
            event = self.edited.event
            self._board = formats.format_of(event).score(event)
        return self._board

    @property
    def view(self) -> ResultView:
        """The round as it now stands and the new standings, made once."""
        if self._view is None:
            event = self.edited.event
            round_ = next(r for r in event.rounds + event.elims if r.slug == self.round.slug)
            self._view = formats.format_of(event).result_view(event, round_)
        return self._view

    @property
    def standings(self) -> list[StandingRow]:
        """The rows the result moved (rank or figures)."""
        before = formats.format_of(self._before).standings(self._before)
        old_rows = {row.player: (row.rank, row.values) for row in before}
        return [row for row in self.view.standings if old_rows.get(row.player) != (row.rank, row.values)]


Words = dict[str, str | list[str] | bool | None]  # a result in the CLI's words: {"winner": "ann"}, {"power": ["ann=12", "ben=9"]}


def number(text: str, *, halves: bool = False) -> int | float:
    """A typed figure: a whole number, or with `halves` a multiple of 0.5 (V:TES VP); ValueError otherwise."""
    try:
        value = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"'{text}' is not a number") from None
    if value.denominator != 1 and not (halves and value.denominator == 2):
        raise ValueError(f"'{text}' is not a {'multiple of 0.5' if halves else 'whole number'}")
    return int(value) if value.denominator == 1 else float(value)


def scores(pairs: list[str], key: str, *, halves: bool = False) -> dict[str, int | float]:
    """`--power ann=12 ben=9` into {"ann": 12, "ben": 9}; Refused naming the bad pair."""
    found: dict[str, int | float] = {}
    for pair in pairs:
        pid, sep, figure = pair.partition("=")
        if not sep or not pid.strip():
            raise Refused(N_("--{key} {pair}: write each as ID=N, e.g. --{key} ann-example=3", key=key, pair=pair))
        try:
            found[pid.strip()] = number(figure, halves=halves)
        except ValueError as exc:
            raise Refused(f"--{key} {pair}: {exc}") from None
    return found


def read_result(entry: ResultEntry, title: str, words: Words) -> dict[str, Any]:
    """A table's result keys from the CLI's words, read as the game declares them, in the order round files write them."""
    unknown = [key for key, given in words.items() if given and key not in entry.keys]
    if unknown:
        raise Refused(N_("'{key}' is no part of a result in this event's game ({game}); {hint}", key=unknown[0], game=title,
                          hint=suggest(unknown[0], entry.keys)))
    result: dict[str, Any] = {}
    for field in entry.fields:
        given = words.get(field.key)
        if not given:
            continue
        if field.kind == FIGURES:
            result[field.key] = scores(list(given) if isinstance(given, list) else [str(given)], field.key, halves=field.halves)
        elif field.kind == ORDER:
            result[field.key] = list(given) if isinstance(given, list) else [str(given)]
        else:
            result[field.key] = True if field.kind == FLAG else str(given)
    return result


@one_writer
def enter_result(event_dir: str | Path, table_no: int, words: Words, *, round_slug: str | None = None,
                 check_only: bool = False, loaded: Event | None = None) -> ResultEntered:
    """Write the result `words` (the CLI's) as table `table_no`'s result in the round `round_slug` (default: the current round).

    A result of seating keys only (V:TES: who plays first) keeps the result already there. `check_only`: every check
    of the write, and nothing written (a player's report held for the TO). `loaded`: the event as the caller read it
    under the content folder's lock (the desk); it is not checked again, as the new text is checked in full before it
    is written."""
    event = loaded or validated(event_dir)
    fmt = formats.format_of(event)
    result = read_result(fmt.results, fmt.title, words)
    round_ = find_round(event, round_slug)
    table = _table(round_, table_no)
    _check_result(event, round_, table, result)
    path = Path(round_.where.path)
    original = path.read_text(encoding="utf-8")
    kept = (set(fmt.results.seating_keys) if result.keys() - set(fmt.results.seating_keys) else set(fmt.results.keys)) - result.keys()
    text = _edited_table(original, table, lambda entry: [k for k in entry if k in fmt.results.keys and k not in kept], result)
    if check_only:
        return ResultEntered(Edited(validated(event_dir, (), {path: text}), []), round_, table_no, event)
    new = commit(event_dir, {path: text})
    changed_round = next(r for r in new.rounds + new.elims if r.slug == round_.slug)
    warnings = _later_rounds_warning(event, round_) if text != original else []
    return ResultEntered(Edited(new, [path], warnings), changed_round, table_no, event)


def _edited_table(text: str, table: Table, removed: Callable[[Any], list[str]], added: dict[str, Any]) -> str:
    """The round file's text with the keys `removed(entry)` taken out of the table's entry and `added` written below
    its players: the table's own lines edited where the loader found them, else (an unusual layout) the whole file."""

    def edit(entry: Any) -> bool:
        if not isinstance(entry, CommentedMap) or entry.get("table") != table.number:
            return False
        replace_keys(entry, removed(entry), added, after="players")
        return True

    spliced = edit_item(text, table.where.line, edit)
    if spliced is not None:
        return spliced
    doc = RoundTrip(text)
    edit(next(t for t in doc.data["tables"] if t.get("table") == table.number))
    return doc.dump()


def _table(round_: Round, table_no: int) -> Table:
    for table in round_.tables:
        if table.number == table_no:
            return table
    numbers = ", ".join(str(t.number) for t in round_.tables) or "none"
    raise ContentError([Problem(round_.where, N_("{round} has no table {number}; its tables: {numbers}", round=round_name(round_), number=table_no,
                                                 numbers=numbers))])


def _check_result(event: Event, round_: Round, table: Table, result: dict[str, Any]) -> None:
    """Refuse ids not at the table, before any file is touched."""
    if not result:
        raise Refused(N_("give table {number}'s result; {hint}", number=table.number, hint=formats.format_of(event).result_hint))
    problems: list[Problem] = []
    for key, value in result.items():
        ids = list(value) if isinstance(value, dict | list) else [value] if isinstance(value, str) else []
        for pid in ids:
            if pid not in table.players:
                seats = ", ".join(table.players)
                problems.append(Problem(table.where, N_("'{key}' names '{pid}', who is not at table {number} of {round}; the table seats {seats}",
                                                        key=key, pid=pid, number=table.number, round=round_name(round_), seats=seats)
                                        if pid in event.player_by_id else
                                        N_("'{key}' names '{pid}', who is not at table {number} of {round} (no player has that id; {hint}); "
                                           "the table seats {seats}", key=key, pid=pid, number=table.number, round=round_name(round_),
                                           hint=suggest(pid, event.player_by_id), seats=seats)))
    if problems:
        raise ContentError(problems)


def _later_rounds_warning(event: Event, round_: Round) -> list[str]:
    """A result changed under rounds already paired on the standings it changed."""
    order = list(event.rounds + event.elims)
    later = order[order.index(round_) + 1:]
    if not later:
        return []
    numbers = [r.number for r in later if r.stage == "round"]
    parts = []
    if numbers:
        parts.append(f"round {numbers[0]}" if len(numbers) == 1 else f"rounds {numbers[0]}-{numbers[-1]}")
    parts += [r.slug for r in later if r.stage != "round"]
    verb = "was" if len(later) == 1 else "were"
    name = f"round {round_.number}" if round_.stage == "round" else round_.slug
    listed = parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"
    return [f"{name} changed after {listed} {verb} paired on the old standings; "
            "check those pairings (re-pair a round without results with `sitegen pair --redo`)"]


@one_writer
def clear_result(event_dir: str | Path, table_no: int, *, round_slug: str | None = None) -> ResultEntered:
    """Take table `table_no`'s result out of its round file (the current round by default): the table is in play again.
    Its seating keys (V:TES: who plays first) stay."""
    event = validated(event_dir)
    fmt = formats.format_of(event)
    round_ = find_round(event, round_slug)
    table = _table(round_, table_no)
    result_keys = [key for key in table.result if key in fmt.results.keys and key not in fmt.results.seating_keys]
    if not result_keys:
        raise Refused(N_("table {number} of {round} has no result to clear: it is in play", number=table_no, round=round_name(round_)))
    path = Path(round_.where.path)
    new = commit(event_dir, {path: _edited_table(path.read_text(encoding="utf-8"), table, lambda _: result_keys, {})})
    changed_round = next(r for r in new.rounds + new.elims if r.slug == round_.slug)
    return ResultEntered(Edited(new, [path], _later_rounds_warning(event, round_)), changed_round, table_no, event)
