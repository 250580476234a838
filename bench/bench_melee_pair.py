"""Time `sitegen pair` for AGoT Melee events of 64, 512 and 2048 players.

Run from the repository root:  PYTHONPATH=. python bench/bench_melee_pair.py [--rounds 2] [--repeat 3]
Each field is played with seeded random results for a few rounds (tools/simulate.py), then the next
round is seated the way `sitegen pair` does it: load the event folder, validate, score, seat.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

from simulate import field  # noqa: E402

from sitegen import formats  # noqa: E402
from sitegen.content import load_event  # noqa: E402

SIZES = (64, 512, 2048)


def pair_once(folder: Path) -> tuple[float, str]:
    start = time.perf_counter()
    event = load_event(folder)
    problems = formats.validate(event)
    if problems:
        raise SystemExit(f"{folder}: {problems[0]}")
    proposal = formats.format_of(event).next_round(event)
    return time.perf_counter() - start, proposal.summary


def bench(n: int, rounds: int, repeat: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / f"melee-{n}"
        field(folder, "agot-melee", n, rounds)
        runs = [pair_once(folder) for _ in range(repeat)]
    timings = [seconds for seconds, _ in runs]
    print(f"{n:>5} players, {rounds} rounds played: pair best {min(timings):.3f} s, "
          f"median {statistics.median(timings):.3f} s ({runs[0][1]})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2, help="rounds played before the timed pairing")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per size")
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES), help="field sizes")
    args = parser.parse_args()
    for n in args.sizes:
        bench(n, args.rounds, args.repeat)


if __name__ == "__main__":
    main()
