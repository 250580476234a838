"""The checks a game's `validate` starts from: unknown keys (`check_common`), everyone seated, and the readers of a
table's result that collect their problems at `path:line`."""
from __future__ import annotations

from pathlib import Path

from sitegen.games.base import Format, round_name
from sitegen.model import DECKS_FOLDER, EVENT_KEYS, PLAYER_KEYS, TABLE_KEYS, Event, Player, Problem, Round, Table, Where
from sitegen.text import N_, Msg, Nn_, suggest


def check_keys(problems: list[Problem], keys: dict[str, int], allowed: tuple[str, ...], where: Where, what: str) -> None:
    for key, line in keys.items():
        if key not in allowed:
            problems.append(Problem(Where(where.path, line), N_("unknown key '{key}' in {what}; {hint}", key=key, what=what, hint=suggest(key, allowed))))


def check_common(event: Event, fmt: Format) -> list[Problem]:
    """Unknown keys in event.yaml, players and tables, against what the loader and this format read."""
    problems: list[Problem] = []
    extra = {k: v for k, v in event.key_lines.items() if k not in EVENT_KEYS}
    check_keys(problems, extra, EVENT_KEYS + fmt.event_keys, event.where, "event.yaml")
    for player in event.players:
        where = player.where or event.where  # players built in code (tests, tools) carry no line
        extra = {k: player.key_lines.get(k, where.line) for k in player.deck}
        check_keys(problems, extra, PLAYER_KEYS + tuple(fmt.deck_fields), where, f"player '{player.id}'")
        problems += _beyond_the_rounds(event, player, where)
        body = fmt.ranking_body
        if body and (number := player.deck.get(body.number_key)) is not None and (problem := body.number_problem(number)):
            problems.append(Problem(Where(where.path, player.key_lines.get(body.number_key, where.line)), problem))
    for round_ in event.rounds + event.elims:
        for table in round_.tables:
            extra = {k: table.key_lines.get(k, table.where.line) for k in table.result}
            check_keys(problems, extra, TABLE_KEYS + fmt.results.keys, table.where, f"table {table.number}")
    problems += _seed_kept(event) + _released_round_lists(event, fmt)
    if event.planned_rounds is not None and len(event.rounds) > event.planned_rounds:  # a round file past `rounds:`
        extra_round = event.rounds[event.planned_rounds]
        problems.append(Problem(extra_round.where, N_("event.yaml says 'rounds: {planned_rounds}', and this is round {number}; raise 'rounds:' in event.yaml, "
                                                      "or remove this file", planned_rounds=event.planned_rounds, number=extra_round.number)))
    return problems + _round_order(event, fmt)


def _seed_kept(event: Event) -> list[Problem]:
    """The seed a round with results was paired with (its `seed:`, written by `pair`) is the event's: the seed decides
    every random draw (the seatings, the order of equal players), so a seed changed afterwards would redraw them."""
    used = next((r for r in event.rounds + event.elims if r.seed is not None and r.seed != event.seed and r.has_result), None)
    if used is None:
        return []
    now = N_("'seed: {seed}'", seed=event.seed) if "seed" in event.key_lines else N_("{seed} (no 'seed:': from the folder name)", seed=event.seed)
    return [Problem(event.at("seed"), N_("{file} was paired with 'seed: {used}' and has results, but the event's seed is now {now}; the seed "
                                         "decides the event's draws (seatings, the order of equal players), so it cannot change once results "
                                         "are in: write 'seed: {used}' in event.yaml", file=used.where.path, used=used.seed, now=now))]


def _released_round_lists(event: Event, fmt: Format) -> list[Problem]:
    """A round's published list (`decks/<player-id>.round-2.txt`, multi-deck) names a round whose lists go by round,
    beside the player's own `decks/<player-id>.txt` (the list of their last round)."""
    keys = fmt.deck_rules.rounds(event) if fmt.deck_rules else ()
    problems = []
    for player, lists in sorted(event.released_round_decks.items()):
        for key in sorted(lists):
            where = Where(str(Path(event.where.path).parent / DECKS_FOLDER / f"{player}.{key}.txt"), 1)
            if key not in keys:
                problems.append(Problem(where, N_("this event takes no list for '{key}' (its lists by round: {keys}); rename or remove the file",
                                                  key=key, keys=", ".join(keys) or N_("none, one list for the whole event"))))
            elif player not in event.released_decks:
                problems.append(Problem(where, N_("a round's list needs the player's own list beside it: add {file}, the list of their last round",
                                                  file=f"{DECKS_FOLDER}/{player}.txt")))
    return problems


def _round_order(event: Event, fmt: Format) -> list[Problem]:
    """A round comes after the one before it is over: no later round file while a table is in play, except a game's
    preliminary rounds seated ahead (its seating's `plan`), and those only without a result."""
    plans_ahead = bool(fmt.seating and fmt.seating.plan)
    problems: list[Problem] = []
    in_play: Round | None = None
    for round_ in event.rounds + event.elims:
        planned = plans_ahead and round_.stage == "round"
        if in_play is not None and not (planned and not round_.has_result):
            problems.append(Problem(round_.where, _in_play(round_, in_play, planned)))
        if in_play is None and round_.pending_tables:
            in_play = round_
    return problems


def _in_play(round_: Round, in_play: Round, planned: bool) -> Msg:
    """Why `round_` may not be there yet: `in_play` still has tables without a result (`planned`: a round seated ahead
    may be there, but without a result)."""
    tables = [str(t.number) for t in in_play.pending_tables]
    values = {"round": round_name(round_), "other": round_name(in_play), "tables": ", ".join(tables)}
    if planned:
        return Nn_("{round} has a result while {other} still has a table in play (table {tables}); enter its result first "
                   "(`sitegen result`), or remove this file",
                   "{round} has a result while {other} still has tables in play (tables {tables}); enter their results first "
                   "(`sitegen result`), or remove this file", len(tables), **values)
    return Nn_("{round} is paired while {other} still has a table in play (table {tables}); enter its result first "
               "(`sitegen result`), or remove this file",
               "{round} is paired while {other} still has tables in play (tables {tables}); enter their results first "
               "(`sitegen result`), or remove this file", len(tables), **values)


def _beyond_the_rounds(event: Event, player: Player, where: Where) -> list[Problem]:
    """'joined:' or 'dropped:' past the rounds event.yaml plans: a typo (`sitegen add --joined 99`). A player may join
    the round after the last one: registered, but arrived too late to play (the ranking body leaves them out)."""
    planned = event.planned_rounds
    found = []
    for key, value, last in (("joined", player.joined, (planned or 0) + 1), ("dropped", player.dropped, planned)):
        if planned is not None and value is not None and last is not None and value > last:
            found.append(Problem(Where(where.path, player.key_lines.get(key, where.line)),
                                 N_("'{key}: {value}' is after the event's last round ('rounds: {planned}' in event.yaml); give a round from 1 to {last}",
                                    key=key, value=value, planned=planned, last=last)))
    return found


def check_everyone_seated(event: Event, round_: Round, not_playing: str = "byes") -> list[Problem]:
    """Every player active in a preliminary round must be at a table, have a bye or sit out, once it has a result.

    A round without any result may wait for late arrivals: `pair --redo` seats them. `not_playing` names the
    round-file key the format uses for active players who do not play.
    """
    if round_.tables and not round_.has_result:
        return []
    return [
        Problem(
            round_.where,
            N_("player '{pid}' takes part in round {number} but is not seated; add them to a table or to '{not_playing}', or set 'dropped: {last}' (or "
               "'joined') in event.yaml (a late arrival: pair the round again before its first result, `sitegen pair --redo`)",
               pid=pid, number=round_.number, not_playing=not_playing, last=round_.number - 1),
        )
        for pid in late_changes(event, round_)[0]
    ]


def late_changes(event: Event, round_: Round) -> tuple[list[str], list[str]]:
    """Players a preliminary round's pairing missed: those who take part but are not seated (late arrivals), and those
    seated who no longer take part (late drops). Both empty when the round is paired as the roster stands."""
    if round_.stage != "round":
        return [], []
    seated = set(round_.seated()) | set(round_.byes) | set(round_.sitting_out)
    arrived = [p.id for p in event.players if p.active_in(round_.number) and p.id not in seated]
    by_id = event.player_by_id
    left = [pid for pid in [*round_.seated(), *round_.byes, *round_.sitting_out]
            if pid in by_id and not by_id[pid].active_in(round_.number)]
    return arrived, left


def int_mapping(table: Table, key: str, problems: list[Problem], *, minimum: int = 0) -> dict[str, int]:
    """A `{id: whole number}` result mapping for the players at `table`, problems collected."""
    raw = table.result.get(key)
    if raw is None:
        return {}
    where = table.at(key)
    if not isinstance(raw, dict):
        problems.append(Problem(where, N_("'{key}' must map player ids to numbers, e.g. '{key}: {{alice: 12, bob: 9}}'", key=key)))
        return {}
    values: dict[str, int] = {}
    for pid, value in raw.items():
        pid = str(pid)
        if pid not in table.players:
            problems.append(Problem(where, N_("'{key}' names '{pid}', who is not at table {number}; use the ids of the players here: {names}",
                                              key=key, pid=pid, number=table.number, names=', '.join(table.players))))
        elif isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            problems.append(Problem(where, N_("{key} of '{pid}' must be a whole number of at least {minimum}, not {value}",
                                              key=key, pid=pid, minimum=minimum, value=repr(value))))
        else:
            values[pid] = value
    return values


def player_id(table: Table, key: str, problems: list[Problem]) -> str | None:
    """A single player id result (`winner: alice`) that must be at the table."""
    raw = table.result.get(key)
    if raw is None:
        return None
    if str(raw) not in table.players:
        problems.append(
            Problem(table.at(key), N_("{key} '{raw}' is not at table {number}; use one of: {names}",
                                      key=key, raw=raw, number=table.number, names=', '.join(table.players)))
        )
        return None
    return str(raw)
