"""Proposing the next Melee round: a Swiss round seated by `melee.seating`, the cut's tables, the final table."""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from sitegen.games.agot.melee.results import table_winners
from sitegen.games.agot.melee.rules import ELIMINATION_TABLES, FINAL_TABLE, FULL_TABLE, SMALL_TABLE
from sitegen.games.agot.melee.seating import melee_table_sizes, seat_melee_round
from sitegen.games.agot.melee.wording import spell
from sitegen.games.base import NextRound, Refused
from sitegen.games.rounds import chosen_bye, finished, fixed_tables, round_rng, tables_file
from sitegen.games.tournament.swiss import CurrentStandings, cut_seeds
from sitegen.model import Event
from sitegen.text import N_

ELIMINATION_HINT = ("Enter 'power: {<id>: N, ...}' for every player and 'winner: <id>': an elimination table always has a winner "
                    "(a tie for the lead at time plays extra game rounds).")


def next_round(event: Event, board: CurrentStandings) -> NextRound:
    """The next round file of an event with every result in, or Refused when it is finished."""
    chosen_bye(event, (), byes=False)
    if len(event.rounds) < board.planned_rounds:
        return _seat_swiss_round(event, board, len(event.rounds) + 1)
    if board.cut and not event.elims:
        return _seat_cut(event, board)
    if 0 < len(event.elims) < len(ELIMINATION_TABLES[board.cut]):
        winners = table_winners(event.elims[-1])
        number = len(event.elims) + 1
        round_rng(event, f"elim-{number}").shuffle(winners)
        return NextRound(f"elim-{number}.yaml", tables_file([winners]),
                         f"The final table: the {spell(len(winners))} table winners, seats drawn at random; untimed.", hint=ELIMINATION_HINT)
    raise finished(event, board.planned_rounds, "final" if board.cut else "")


def repeated_pairs(tables: Sequence[Sequence[str]], history: Sequence[Sequence[Sequence[str]]]) -> int:
    """How many earlier meetings the new tables bring together again."""
    met = Counter(frozenset(pair) for round_ in history for table in round_ for pair in combinations(table, 2))
    return sum(met[frozenset(pair)] for table in tables for pair in combinations(table, 2))


def _seat_swiss_round(event: Event, board: CurrentStandings, number: int) -> NextRound:
    active = {p.id for p in event.players if p.active_in(number)}
    try:
        sizes = melee_table_sizes(len(active))
    except ValueError as exc:
        raise Refused(N_("round {number}: {exc}. Add a player or drop one ('joined'/'dropped' in event.yaml) before pairing",
                         number=number, exc=exc.args[0])) from None
    ranked = [row.player for row in board.standings if row.player in active]
    history = [[list(table.players) for table in round_.tables] for round_ in event.rounds]
    tables = seat_melee_round(ranked, history, round_rng(event, f"round-{number}"), first_round=number == 1)
    repeats = repeated_pairs(tables, history)
    summary = (f"Round {number} of {board.planned_rounds}: {sizes.count(FULL_TABLE)} table(s) of {FULL_TABLE}, "
               f"{sizes.count(SMALL_TABLE)} of {SMALL_TABLE}; {repeats} earlier meeting(s) repeated")
    return NextRound(f"round-{number}.yaml", tables_file(tables, fixed_tables(event, number)), summary)


def _seat_cut(event: Event, board: CurrentStandings) -> NextRound:
    """The first elimination round: the cut drawn at random onto tables of FINAL_TABLE."""
    seeds = cut_seeds(board.cut_order, board.standings, board.cut)
    round_rng(event, "elim-1").shuffle(seeds)
    tables = [seeds[start : start + FINAL_TABLE] for start in range(0, board.cut, FINAL_TABLE)]
    what = "The final table, seats drawn at random; untimed." if len(tables) == 1 else \
        f"Top {board.cut}: {spell(len(tables))} tables drawn at random; each winner goes to the final table."
    return NextRound("elim-1.yaml", tables_file(tables), what, hint=ELIMINATION_HINT)
