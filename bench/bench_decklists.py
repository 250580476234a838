"""Time checking 200 V:TES decklists in one process: the card database loaded once (from krcg's package files),
then each list read and checked (formats, counts, grouping, bans, spelling).

Run from the repository root:  PYTHONPATH=. python bench/bench_decklists.py [--lists 200]
Goal: all 200 under 5 s on one core, the load included. The lists are the test corpus's 40 (8 cases in each of the 5
formats krcg reads, legal and broken) taken in turn, each given a line of its own so no two texts are the same.
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

GOAL_S = 5.0
CORPUS = Path(__file__).resolve().parent.parent / "tests" / "games" / "vtes" / "decklists"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lists", type=int, default=200)
    args = parser.parse_args()
    texts = [path.read_text(encoding="utf-8") for path in sorted(CORPUS.glob("*.txt"))]
    lists = [f"{texts[i % len(texts)]}\n-- list {i}\n" for i in range(args.lists)]
    started = time.perf_counter()
    from sitegen.games.vtes.decklist import DECK_RULES, card_database

    card_database()
    loaded = time.perf_counter()
    legal = sum(DECK_RULES.check(text).valid for text in lists)
    done = time.perf_counter()
    total = done - started
    print(f"decklists: {args.lists} V:TES lists ({legal} legal) checked in {total:.2f} s: card database (import and load, once) "
          f"{loaded - started:.2f} s, lists {done - loaded:.2f} s ({(done - loaded) / args.lists * 1000:.1f} ms each); "
          f"goal under {GOAL_S:.0f} s: {'met' if total < GOAL_S else 'MISSED'}")


if __name__ == "__main__":
    main()
