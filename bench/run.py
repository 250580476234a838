"""`make bench`: how long the demo build and `sitegen pair` take, as whole commands (median of a few runs)."""
from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from simulate import field  # noqa: E402

SIZES = (64, 512, 2048)
PAIRED_FORMATS = ("agot-joust", "agot-melee")
RUNS = 3


# sitegen's bytecode cached as an installed package's is (pip compiles it), whatever PYTHONDONTWRITEBYTECODE says.
ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"} | {
    "PYTHONPYCACHEPREFIX": str(Path(tempfile.gettempdir()) / "sitegen-bench-pycache")}


def timed(command: list[str], prepare=lambda: None, cwd: Path = ROOT, runs: int = RUNS) -> list[float]:
    """Seconds of each of `runs` runs of the whole command, `prepare` called before each."""
    times = []
    for _ in range(runs):
        prepare()
        started = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, cwd=cwd, env=ENV)
        times.append(time.perf_counter() - started)
    return times


def print_page_weight(out: Path) -> None:
    """Bytes a phone downloads for each demo event's latest pairings page: HTML, CSS and JS (nothing else loads)."""
    assets = sum((out / "static" / name).stat().st_size for name in ("site.css", "site.js"))
    for event in sorted((out / "events").iterdir()):
        rounds = [p for p in event.glob("round-*.html") if p.stem.removeprefix("round-").isdigit()]  # not print views or slips
        page = max(rounds, key=lambda p: int(p.stem.removeprefix("round-")))
        html = page.stat().st_size
        print(f"pairings page {event.name}/{page.name}: {html} B HTML + {assets} B CSS/JS = {html + assets} B")


def main() -> None:
    sitegen = [sys.executable, "-m", "sitegen"]
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out"
        cold = statistics.median(timed(sitegen + ["build", "--content", "content", "--output", str(out)],
                                       lambda: shutil.rmtree(out, ignore_errors=True)))
        warm = statistics.median(timed(sitegen + ["build", "--content", "content", "--output", str(out)]))
        print(f"demo build, empty output/:      {cold:6.2f} s")
        print(f"demo build, nothing changed:    {warm:6.2f} s")
        print_page_weight(out)
        for fmt in PAIRED_FORMATS:
            for size in SIZES:
                first, took = pair_time(Path(tmp), fmt, size)
                print(f"{fmt} pair round 4, {size:5d} players: {took:6.2f} s (first run, nothing kept: {first:.2f} s)")


def pair_time(tmp: Path, fmt: str, size: int) -> tuple[float, float]:
    """`sitegen pair` (the whole command) on a field of `size` players with 3 rounds played, run where nothing was
    kept: seconds of the first run, which parses every file, and the median of the next ones, which read back what
    the earlier runs parsed (as after the round's `sitegen result` commands at the venue)."""
    folder = tmp / f"{fmt}-{size}"
    field(folder, fmt, size, rounds=3)
    next_file = folder / "round-4.yaml"
    where = tmp / f"pair-{fmt}-{size}"  # its own .sitegen-cache
    where.mkdir()
    times = timed([sys.executable, "-m", "sitegen", "pair", str(folder)], lambda: next_file.unlink(missing_ok=True), where, RUNS + 1)
    return times[0], statistics.median(times[1:])


if __name__ == "__main__":
    main()
