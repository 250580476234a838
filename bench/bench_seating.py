"""Side-by-side benchmark of sitegen's V:TES seating against krcg.seating.

For each player count, three rounds are seated four ways and every result is
scored by sitegen's own `violations`:

* sitegen `plan_rounds` (all three rounds at once);
* sitegen `seat_next_round` for round 3, given two already seated rounds;
* krcg `optimise` planning the three rounds (first round fixed, as krcg's
  `archon_seating` does), and krcg seating round 3 given the same two rounds.

krcg runs in a separate virtualenv (default .venv-krcg, made by `make bench`; override with
--krcg-python) as a subprocess, so sitegen never needs it; if that
interpreter cannot import krcg its rows are skipped.

    PYTHONPATH=. python bench/bench_seating.py [--sizes 20 50] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import time
from pathlib import Path

from sitegen.games.vtes.seating import plan_rounds, seat_next_round, violations

KRCG_RUNNER = """
import json, sys, time
from krcg import seating
job = json.load(sys.stdin)
players = job["players"]
if job["history"]:
    rounds = [seating.Round(r) for r in job["history"]] + [seating.Round.from_players(players)]
    fixed = len(job["history"])
else:
    rounds = seating.get_rounds(players, job["rounds"])
    fixed = 1
start = time.perf_counter()
best, _ = seating.optimise(rounds, job["iterations"], fixed)
seconds = time.perf_counter() - start
json.dump({"seconds": seconds, "rounds": [[list(t) for t in r] for r in best]}, sys.stdout)
"""


def run_krcg(python: str, players: list[str], history: list, rounds: int, iterations: int) -> dict | None:
    job = {"players": players, "history": history, "rounds": rounds, "iterations": iterations}
    try:
        done = subprocess.run(
            [python, "-c", KRCG_RUNNER], input=json.dumps(job), capture_output=True, text=True, check=True
        )
    except (OSError, subprocess.CalledProcessError):
        return None
    return json.loads(done.stdout)


def krcg_available(python: str) -> bool:
    if not Path(python).exists():
        return False
    return subprocess.run([python, "-c", "import krcg.seating"], capture_output=True).returncode == 0


def timed(function, repeat: int):
    """(median seconds, result of the first run) over ``repeat`` seeded runs."""
    seconds, first = [], None
    for seed in range(repeat):
        start = time.perf_counter()
        result = function(random.Random(seed))
        seconds.append(time.perf_counter() - start)
        first = result if first is None else first
    return statistics.median(seconds), first


def show(vector) -> str:
    return "(" + ", ".join(f"{v:.3f}" if isinstance(v, float) else str(v) for v in vector) + ")"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[20, 27, 50, 100, 200])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=3, help="seeded runs of sitegen per row")
    parser.add_argument("--krcg-python", default=".venv-krcg/bin/python")
    parser.add_argument("--krcg-iterations", type=int, default=20000)
    args = parser.parse_args()
    use_krcg = krcg_available(args.krcg_python)
    if not use_krcg:
        print(f"krcg not importable from {args.krcg_python}: krcg rows skipped")
    print(f"{'players':>7} {'what':<22} {'seconds':>8} {'speedup':>8}  violations (criteria 1-9)")
    for n in args.sizes:
        players = [f"p{i:03d}" for i in range(n)]
        history = plan_rounds(players, args.rounds - 1, random.Random(1000 + n))
        plan_time, plan = timed(lambda rng, players=players: plan_rounds(players, args.rounds, rng), args.repeat)
        next_time, next_round = timed(lambda rng, players=players, history=history: seat_next_round(players, history, rng), args.repeat)
        rows = [
            ("sitegen plan_rounds", plan_time, violations(plan), "plan"),
            ("sitegen seat_next_round", next_time, violations(history + [next_round]), "next"),
        ]
        if use_krcg:
            krcg_plan = run_krcg(args.krcg_python, players, [], args.rounds, args.krcg_iterations)
            krcg_next = run_krcg(args.krcg_python, players, history, args.rounds, args.krcg_iterations)
            for label, outcome, kind in (("krcg plan", krcg_plan, "plan"), ("krcg next round", krcg_next, "next")):
                if outcome is not None:
                    rows.append((label, outcome["seconds"], violations(outcome["rounds"]), kind))
        krcg_seconds = {kind: s for label, s, _, kind in rows if label.startswith("krcg")}
        for label, seconds, vector, kind in rows:
            speedup = ""
            if label.startswith("sitegen") and kind in krcg_seconds:
                speedup = f"{krcg_seconds[kind] / seconds:.1f}x"
            print(f"{n:>7} {label:<22} {seconds:>8.2f} {speedup:>8}  {show(vector)}")


if __name__ == "__main__":
    main()
