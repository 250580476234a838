"""`make bench`: one AGoT Joust event of 2,000 and of 20,000 players built on its own, to show the build grows about
linearly with the players of an event (issue 20: it was quadratic). The event is written directly, round-robin
pairings and seeded winners, not paired by sitegen (a 20,000-player Swiss pairing is not what is timed here). The CPU
ratio comes from the two built side by side on one core (`measure.side_by_side`), the wall ratio from each built alone
(the small one before and after the large one).

    PYTHONPATH=. .venv/bin/python bench/big_event.py [--players 2000 20000] [--rounds 5]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import measure  # noqa: E402
from measure import Usage, goal, show  # noqa: E402

GOAL = 10  # the largest event may take at most this many times the smallest one's time, per 10x the players


def round_robin(count: int, number: int) -> list[tuple[int, int]]:
    """Round `number` (from 1) of the circle method: nobody meets the same opponent twice in count - 1 rounds."""
    others = list(range(1, count))
    shift = (number - 1) % (count - 1)
    ring = [0] + others[shift:] + others[:shift]
    return [(ring[i], ring[count - 1 - i]) for i in range(count // 2)]


def write_event(folder: Path, count: int, rounds: int) -> None:
    """event.yaml and `rounds` finished round files for `count` (even) players."""
    rng = random.Random(count)
    folder.mkdir(parents=True, exist_ok=True)
    ids = [f"p{i:05d}" for i in range(count)]
    head = f"name: Bench {count}\nformat: agot-joust\ndate: 2026-01-01\nrounds: {rounds}\ncut: 0\nplayers:\n"
    (folder / "event.yaml").write_text(head + "".join(f"  - name: Player {i:05d}\n    id: {pid}\n" for i, pid in enumerate(ids)),
                                       encoding="utf-8")
    for number in range(1, rounds + 1):
        lines = ["tables:\n"]
        for table, (a, b) in enumerate(round_robin(count, number), start=1):
            lines.append(f"  - table: {table}\n    players: [{ids[a]}, {ids[b]}]\n    winner: {ids[rng.choice((a, b))]}\n")
        (folder / f"round-{number}.yaml").write_text("".join(lines), encoding="utf-8")


def build_command(count: int, rounds: int, work: Path, run: str) -> list[str]:
    """The build of the event of `count` players, written the first time, into an empty output folder named for the
    `run` (into one already full, a build compares each page with the file there instead of writing it)."""
    content = work / f"content-{count}"
    if not content.is_dir():
        write_event(content / "events" / "bench", count, rounds)
        (content / "site.yaml").write_text("title: Bench\nbase_url: https://example.org/bench/\n", encoding="utf-8")
    return [sys.executable, "-m", "sitegen", "build", "--clean", "--content", str(content),
            "--output", str(work / f"output-{count}-{run}"), "--cache", str(work / f"cache-{count}-{run}")]


def build(count: int, rounds: int, work: Path, run: str) -> Usage:
    took = measure.run(build_command(count, rounds, work, run))
    show(f"one Joust event, {count} players, {rounds} rounds", f"build {took}, peak RSS {took.rss / 1024:.0f} MiB")
    return took


def cpu_side_by_side(smallest: int, largest: int, rounds: int, work: Path) -> tuple[float, float]:
    """The largest event's build CPU and the median of the smallest's, built again and again on the same core
    meanwhile (`measure.side_by_side`): the machine's speed swings over the long build."""
    found = measure.side_by_side({"small": lambda run: build_command(smallest, rounds, work, f"side-{run}"),
                                  "large": lambda run: build_command(largest, rounds, work, f"side-{run}")}, runs=1)
    small = [usage.cpu for usage, _ in found["small"]]
    show(f"side by side on one core: {largest} players, build CPU s; {smallest} players meanwhile",
         f"{found['large'][0][0].cpu:.2f}; " + ", ".join(f"{cpu:.2f}" for cpu in small))
    return found["large"][0][0].cpu, statistics.median(small)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[2000, 20000], help="event sizes, even (default 2000 20000)")
    parser.add_argument("--rounds", type=int, default=5, help="Swiss rounds played (default 5)")
    parser.add_argument("--work", type=Path, help="where the events are written and built (default: a temporary folder)")
    args = parser.parse_args()
    print(f"one large event; {measure.load()}", flush=True)
    with tempfile.TemporaryDirectory() as temporary:
        work = args.work or Path(temporary)
        smallest, largest = min(args.players), max(args.players)
        before = build(smallest, args.rounds, work, "before")
        times = {count: build(count, args.rounds, work, "alone") for count in args.players if count != smallest}
        # The short build again after the long one, and their mean: the machine's speed drifts over the long one,
        # and a single short run swung the ratio from 7.4 to 10.7 between two runs of `make bench`.
        after = build(smallest, args.rounds, work, "after")
        times[smallest] = measure.Usage((before.wall + after.wall) / 2, (before.cpu + after.cpu) / 2, max(before.rss, after.rss))
        big_cpu, small_cpu = cpu_side_by_side(smallest, largest, args.rounds, work)
    limit = GOAL * largest / smallest / 10
    goal(f"{largest} players / {smallest} players, cpu", f"{big_cpu:.1f} s / {small_cpu:.2f} s", big_cpu / small_cpu, limit)
    big, small = times[largest].wall, times[smallest].wall
    goal(f"{largest} players / {smallest} players, wall", f"{big:.1f} s / {small:.1f} s", big / small, limit)


if __name__ == "__main__":
    main()
