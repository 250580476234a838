"""Time melee seating for large fields with a few earlier rounds.

Run from the repository root:  PYTHONPATH=. python bench/bench_tables.py [--rounds 2] [--repeat 5]
For each field size it prints the best and median time of ``seat_melee_round``
and the repeat cost (earlier meetings of pairs seated together again).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from itertools import combinations

from sitegen.games.agot.melee.seating import seat_melee_round

SIZES = (64, 512, 2048)  # add 2047 etc. with --sizes to include three-player tables


def repeat_cost(tables: list[list[str]], history: list[list[list[str]]]) -> int:
    met = Counter(frozenset(pair) for round_ in history for table in round_ for pair in combinations(table, 2))
    return sum(met[frozenset(pair)] for table in tables for pair in combinations(table, 2))


def earlier_rounds(ranked: list[str], rounds: int, rng: random.Random) -> list[list[list[str]]]:
    history: list[list[list[str]]] = []
    for number in range(rounds):
        history.append(seat_melee_round(ranked, history, rng, first_round=number == 0))
    return history


def bench(n: int, rounds: int, repeat: int) -> None:
    ranked = [f"player{i:04d}" for i in range(n)]
    history = earlier_rounds(ranked, rounds, random.Random(n))
    timings, costs = [], []
    for seed in range(repeat):
        start = time.perf_counter()
        tables = seat_melee_round(ranked, history, random.Random(seed), first_round=False)
        timings.append(time.perf_counter() - start)
        costs.append(repeat_cost(tables, history))
    print(
        f"{n:>5} players, {rounds} earlier rounds: best {min(timings):.3f} s, "
        f"median {statistics.median(timings):.3f} s, repeat cost {max(costs)} (worst of {repeat})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2, help="earlier rounds in the history")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per size")
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES), help="field sizes")
    args = parser.parse_args()
    for n in args.sizes:
        bench(n, args.rounds, args.repeat)


if __name__ == "__main__":
    main()
