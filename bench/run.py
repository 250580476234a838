"""`make bench`: whole commands, as a user runs them: the demo build, start-up (`sitegen --version`, `check` of a
small event), `result` at 512 players, `pair` at 64/512/2048 players. Median of a few runs, CPU and wall time.

    PYTHONPATH=. python bench/run.py [--sizes 64 512 2048] [--runs 3]
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "bench"))

import measure  # noqa: E402
from measure import Usage, goal, show  # noqa: E402
from simulate import field  # noqa: E402

SIZES = (64, 512, 2048)
PAIRED_FORMATS = ("agot-joust", "agot-melee")
RUNS = 3
SITEGEN = [sys.executable, "-m", "sitegen"]


def median(command: list[str], prepare: Callable[[], object] = lambda: None, cwd: Path = ROOT, runs: int = RUNS) -> Usage:
    """The median CPU and wall time of `runs` runs of the whole command, `prepare` called before each."""
    usages = []
    for _ in range(runs):
        prepare()
        usages.append(measure.run(command, cwd=cwd))
    return Usage(statistics.median(u.wall for u in usages), statistics.median(u.cpu for u in usages), max(u.rss for u in usages))


def print_page_weight(out: Path) -> None:
    """Bytes a phone downloads for each demo event's latest pairings page: HTML, CSS and JS (nothing else loads)."""
    assets = sum((out / "static" / name).stat().st_size for name in ("site.css", "site.js"))
    for event in sorted((out / "events").iterdir()):
        rounds = [p for p in event.glob("round-*.html") if p.stem.removeprefix("round-").isdigit()]  # not print views or slips
        page = max(rounds, key=lambda p: int(p.stem.removeprefix("round-")))
        html = page.stat().st_size
        show(f"pairings page {event.name}/{page.name}", f"{html} B HTML + {assets} B CSS/JS = {html + assets} B")


def demo(tmp: Path, runs: int) -> None:
    out = tmp / "out"
    build = SITEGEN + ["build", "--content", "content", "--output", str(out), "--cache", str(tmp / "cache")]
    show("demo build, empty output/", str(median(build + ["--clean"], lambda: shutil.rmtree(out, ignore_errors=True), runs=runs)))
    show("demo build, nothing changed", str(median(build, runs=runs)))
    print_page_weight(out)


def start_up(tmp: Path, runs: int) -> None:
    """`--version`, and `check` of a content folder with one small Joust event: the start-up a judge waits for."""
    python = median([sys.executable, "-c", "pass"], runs=runs)
    version = median(SITEGEN + ["--version"], runs=runs)
    show("python -c pass", str(python))
    show("sitegen --version", str(version))
    goal("sitegen --version, CPU", f"{version.cpu:.3f} s", version.cpu, 0.1)
    content = tmp / "small"
    field(content / "events" / "small", "agot-joust", 8, rounds=1)
    (content / "site.yaml").write_text("title: Small\n", encoding="utf-8")
    started = median(SITEGEN + ["check", "--help"], runs=runs)
    show("sitegen check --help (its start-up: the command parsed, nothing read)", str(started))
    goal("sitegen check start-up (check --help), CPU", f"{started.cpu:.3f} s", started.cpu, 0.1)
    show("sitegen check, one 8-player Joust event (its pages rendered too)", str(median(SITEGEN + ["check", "--content", str(content)], runs=runs)))


def result_time(tmp: Path, players: int, runs: int) -> None:
    """`sitegen result` for one table of round 4 at `players` (rounds 1-3 played), where the earlier commands kept
    what they parsed: the judge's command at the venue."""
    folder = tmp / f"result-{players}"
    field(folder, "agot-joust", players, rounds=3)
    where = tmp / f"result-cwd-{players}"
    where.mkdir()
    measure.run(SITEGEN + ["pair", str(folder)], cwd=where)
    table = yaml.safe_load((folder / "round-4.yaml").read_text(encoding="utf-8"))["tables"][0]
    usages = [measure.run(SITEGEN + ["result", str(folder), str(table["table"]), "--winner", table["players"][run % 2]], cwd=where)
              for run in range(runs)]  # the winner alternating, so each run writes
    cpu = statistics.median(u.cpu for u in usages)
    show(f"sitegen result, one table, {players} players", f"{cpu:.3f} s CPU median")
    goal(f"sitegen result at {players} players, CPU", f"{cpu:.3f} s", cpu, 0.3)


def pair_time(tmp: Path, fmt: str, size: int, runs: int = RUNS) -> tuple[Usage, Usage]:
    """`sitegen pair` (the whole command) on a field of `size` players with 3 rounds played, run where nothing was
    kept: the first run, which parses every file, and the median of the next ones, which read back what the earlier
    runs parsed (as after the round's `sitegen result` commands at the venue)."""
    folder = tmp / f"{fmt}-{size}"
    field(folder, fmt, size, rounds=3)
    next_file = folder / "round-4.yaml"
    where = tmp / f"pair-{fmt}-{size}"  # its own .sitegen-cache
    where.mkdir()
    remove = lambda: next_file.unlink(missing_ok=True)
    first = median(SITEGEN + ["pair", str(folder)], remove, where, runs=1)
    return first, median(SITEGEN + ["pair", str(folder)], remove, where, runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES), help="fields `pair` is timed on")
    parser.add_argument("--result-players", type=int, default=512)
    parser.add_argument("--result-runs", type=int, default=7, help="runs of `result`, median shown: a third of a second on a "
                        "machine whose speed swings by a third (default 7)")
    parser.add_argument("--runs", type=int, default=RUNS)
    args = parser.parse_args()
    print(f"whole commands; {measure.load()}", flush=True)
    with tempfile.TemporaryDirectory() as temporary:
        tmp = Path(temporary)
        demo(tmp, args.runs)
        start_up(tmp, args.runs)
        result_time(tmp, args.result_players, args.result_runs)
        for fmt in PAIRED_FORMATS:
            for size in args.sizes:
                first, took = pair_time(tmp, fmt, size, args.runs)
                show(f"{fmt} pair round 4, {size} players", f"{took} (first run, nothing kept: {first})")


if __name__ == "__main__":
    main()
