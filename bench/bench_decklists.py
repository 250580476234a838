"""Time checking 200 V:TES decklists in one process: the card database loaded once (from krcg's package files),
then each list read and checked (formats, counts, grouping, bans, spelling).

Run from the repository root:  PYTHONPATH=. python bench/bench_decklists.py [--lists 200]
Goal: all 200 under 5 s of CPU on one core, the load included (a goal of `make bench`'s table). The lists are the test corpus's 40 (8 cases in each of the 5
formats krcg reads, legal and broken) taken in turn, each given a line of its own so no two texts are the same.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from measure import goal, in_process, load, show  # noqa: E402

GOAL_S = 5.0
CORPUS = Path(__file__).resolve().parent.parent / "tests" / "games" / "vtes" / "decklists"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lists", type=int, default=200)
    args = parser.parse_args()
    print(f"decklists; {load()}", flush=True)
    texts = [path.read_text(encoding="utf-8") for path in sorted(CORPUS.glob("*.txt"))]
    lists = [f"{texts[i % len(texts)]}\n-- list {i}\n" for i in range(args.lists)]
    with in_process() as loading:
        from sitegen.games.vtes.decklist import DECK_RULES, card_database

        card_database()
    with in_process() as checking:
        legal = sum(DECK_RULES.check(text).valid for text in lists)
    loaded, checked = loading[0], checking[0]
    show(f"{args.lists} V:TES lists ({legal} legal)", f"card database (import and load, once) {loaded}; the lists {checked} "
         f"({checked.cpu / args.lists * 1000:.1f} ms CPU each)")
    cpu = loaded.cpu + checked.cpu
    goal(f"{args.lists} V:TES decklists checked, CPU s (card database loaded once)", f"{cpu:.2f} s", cpu, GOAL_S)


if __name__ == "__main__":
    main()
