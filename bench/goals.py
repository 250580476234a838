"""`make bench`'s closing table: every goal the benches measured (bench/measure.py's goals file), its figure, the
ratio to its reference, the limit and whether it is met.

    python bench/goals.py [--reset]   # --reset empties the goals file, before a run of the benches
"""
from __future__ import annotations

import json
import sys

from measure import GOALS, load


def main() -> None:
    if sys.argv[1:] == ["--reset"]:
        GOALS.unlink(missing_ok=True)
        return
    rows = [json.loads(line) for line in GOALS.read_text(encoding="utf-8").splitlines()] if GOALS.exists() else []
    if not rows:
        raise SystemExit(f"no goal was measured (nothing in {GOALS})")
    width = max(len(row["goal"]) for row in rows)
    measured = max(len(row["measured"]) for row in rows)
    print(f"\nGoals ({load()})")
    print(f"| {'goal':<{width}} | {'measured':<{measured}} |  ratio | limit | verdict")
    print(f"|{'-' * (width + 2)}|{'-' * (measured + 2)}|--------|-------|--------")
    for row in rows:
        verdict = "met" if row["met"] else "NOT met"
        print(f"| {row['goal']:<{width}} | {row['measured']:<{measured}} | {row['ratio']:6.3g} | {row['limit']:5g} | {verdict}")
    print(f"{sum(row['met'] for row in rows)} of {len(rows)} goals met")


if __name__ == "__main__":
    main()
