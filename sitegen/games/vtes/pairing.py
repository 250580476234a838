"""The round files `sitegen pair` writes for V:TES: the next preliminary round, the final, or every round at once."""
from __future__ import annotations

import random

from sitegen.games.base import NextRound, Refused
from sitegen.games.rounds import chosen_bye, finished, fixed_tables, refuse_pending, round_rng, tables_file
from sitegen.games.vtes import seating as vtes_seating
from sitegen.games.vtes.event import SEATING_KEYS, Seating, canonical, finalists, has_final, planned_rounds, ranking, seats_of
from sitegen.games.vtes.repeats import predator_prey, reseated
from sitegen.games.vtes.rules import SMALLEST_TABLE
from sitegen.model import Event
from sitegen.text import N_


def next_round(event: Event) -> NextRound:
    refuse_pending(event, SEATING_KEYS)
    chosen_bye(event, (), byes=False)
    planned = planned_rounds(event)
    if len(event.rounds) < planned:
        return _seat_round(event, len(event.rounds) + 1)
    if has_final(event) and not event.elims:
        return _seat_final(event)
    raise finished(event, planned, "final" if has_final(event) else "")


def plan_rounds(event: Event) -> list[NextRound]:
    """Seat every preliminary round at once (`sitegen pair --plan`): the same players throughout."""
    if event.rounds or event.elims:
        raise Refused(N_("{event} already has round files; --plan seats a fresh event only (use `sitegen pair` for the next round)", event=event.name))
    if any(p.joined > 1 or p.dropped is not None for p in event.players):
        raise Refused(N_("--plan seats the same players every round; with late arrivals or drops, seat one round at a time with `sitegen pair`"))
    active = sorted(p.id for p in event.players)
    planned = planned_rounds(event)
    rng = round_rng(event, "plan")
    if len(active) < SMALLEST_TABLE:
        raise Refused(N_("{count} player(s) cannot fill a V:TES table of {smallest}", count=len(active), smallest=SMALLEST_TABLE))
    if not vtes_seating.seatable(len(active)):
        if vtes_seating.equal_games(len(active), planned) is None:
            raise Refused(_no_equal_schedule(event, active, [], rng))
        plan = vtes_seating.staggered_plan(active, planned, rng)
    else:
        plan = vtes_seating.plan_rounds(active, planned, rng)
    note = vtes_seating.violations_note(vtes_seating.violations(plan), len(plan))
    files: list[NextRound] = []
    for number, tables in enumerate(plan, start=1):
        files.append(_round_file(number, tables, active, note, fixed_tables(event, number), [_seats(f) for f in files]))
    return files


def _seat_round(event: Event, number: int) -> NextRound:
    # Sorted ids and canonical rounds: the seating must not depend on how the content lists them.
    active = sorted(p.id for p in event.players if p.active_in(number))
    history = [canonical(seats_of(r)) for r in event.rounds]
    rng = round_rng(event, f"round-{number}")
    if len(active) < SMALLEST_TABLE:
        raise Refused(N_("round {number} would have {count} player(s); a V:TES table needs at least {smallest}",
                         number=number, count=len(active), smallest=SMALLEST_TABLE))
    if not vtes_seating.seatable(len(active)):
        tables = _staggered_round(event, active, history, rng)
    else:
        tables = vtes_seating.seat_next_round(active, history, rng)
    note = vtes_seating.violations_note(vtes_seating.violations(history + [tables]), number)
    return _round_file(number, tables, active, note, fixed_tables(event, number), history)


def _staggered_round(event: Event, active: list[str], history: list[Seating], rng: random.Random) -> Seating:
    """6, 7 or 11 players: follow the event's staggered plan while the rounds on file match it; once the field has
    changed, a staggered schedule for the rounds left, on which everyone ends with as many games."""
    planned = planned_rounds(event)
    if vtes_seating.equal_games(len(active), planned) is not None:
        plan = vtes_seating.staggered_plan(active, planned, round_rng(event, "plan"))
        if [canonical(round_) for round_ in plan[: len(history)]] == history:
            return plan[len(history)]
    played = _games_played(active, history)
    schedule = vtes_seating.remaining_schedule([played[pid] for pid in active], planned - len(history))
    if schedule is None:
        raise Refused(_no_equal_schedule(event, active, history, rng))
    total, counts = schedule
    # Those who still need the most games sit down (Gale-Ryser: the schedule then stays possible).
    order = sorted(active)
    rng.shuffle(order)
    order.sort(key=lambda pid: played[pid] - total)
    return vtes_seating.seat_next_round(order[: counts[0]], history, rng)


def _games_played(active: list[str], history: list[Seating]) -> dict[str, int]:
    return {pid: sum(pid in table for round_ in history for table in round_) for pid in active}


def _no_equal_schedule(event: Event, active: list[str], history: list[Seating], rng: random.Random) -> str:
    """Why `pair` cannot seat the round, and what the rules allow instead: another length, or unequal games."""
    number, planned, count = len(history) + 1, planned_rounds(event), len(active)
    played = _games_played(active, history)
    games = [played[pid] for pid in active]
    least = 2 if has_final(event) else 3
    lengths = []
    for length in range(max(least, len(history)), planned + 4):
        left = length - len(history)
        schedule = vtes_seating.remaining_schedule(games, left) if left else ((max(games), []) if len(set(games)) == 1 else None)
        if length != planned and schedule is not None:
            lengths.append(f"play {length} rounds (`sitegen length EVENT --rounds {length}`): " + (
                "the preliminaries end now" if not left else f"{left} round{'s' * (left > 1)} left, everyone ending on {schedule[0]} games"))
    seated = vtes_seating.largest_seatable(count)
    order = sorted(active)
    rng.shuffle(order)
    order.sort(key=lambda pid: -played[pid])
    out = sorted(order[: count - seated])
    more = next(n for n in range(count + 1, count + 9) if vtes_seating.seatable(n))
    offers = lengths[:2] + [
        f"add {more - count} late arrival{'s' * (more - count > 1)} (`sitegen add EVENT NAME`): {more} players sit at tables of 4 and 5",
        f"write round-{number}.yaml by hand with {seated} players at the tables and {', '.join(out)} under 'sitting_out': "
        f"they end with fewer games than the others (the rules want equal games when players sit out: the judge's call)"]
    left_now = planned - len(history)
    return (f"{event.at('rounds')}: round {number} has {count} players, whom tables of 4 and 5 cannot seat at once, and over "
            f"the {left_now} round{'s' * (left_now > 1)} left no schedule lets them all play the same number of games, as the rules "
            f"want when players sit out. What the rules allow instead: " + "; or ".join(offers) + ".")


def _round_file(number: int, tables: Seating, active: list[str], note: str, fixed: dict[str, int], history: list[Seating]) -> NextRound:
    data = tables_file(tables, fixed)
    if fixed:  # a player moved to their fixed table may have made a predator-prey pair repeat that the table's order avoids
        earlier = {pair for round_ in history for table in round_ for pair in predator_prey(table)}
        for entry in data["tables"]:
            entry["players"] = reseated(entry["players"], earlier)
    seated = {pid for t in tables for pid in t}
    out = [pid for pid in active if pid not in seated]
    if out:
        data["sitting_out"] = out
    sizes = "+".join(str(len(t)) for t in tables)
    summary = f"Round {number}: {len(seated)} players at {len(tables)} tables ({sizes})" + (f", sitting out: {', '.join(out)}" if out else "")
    return NextRound(f"round-{number}.yaml", data, f"{summary}; {note}")


def _seats(round_file: NextRound) -> Seating:
    return [list(entry["players"]) for entry in round_file.data["tables"]]


def _seat_final(event: Event) -> NextRound:
    qualified = finalists(event, ranking(event, event.rounds))
    if len(qualified) < SMALLEST_TABLE:
        raise Refused(N_("only {count} players can play a final; a table needs {smallest} (or set 'final: false' in event.yaml)",
                         count=len(qualified), smallest=SMALLEST_TABLE))
    data = tables_file([qualified])
    return NextRound("final.yaml", data, "Final: the top five, listed in preliminary ranking order. They choose their seats "
                                         "(lowest qualifier first): record them with `sitegen seat EVENT ID=N ...` (or the desk), then draw who plays "
                                         "first with `sitegen seat EVENT --draw-first`; a judge's own draw is "
                                         "`sitegen result EVENT 1 --final --first ID`")
