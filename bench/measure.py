"""What every bench measures with: wall and CPU time, peak RSS summed over a command's processes, and the goals file
that `bench/goals.py` prints as `make bench`'s closing table.

On a shared machine CPU time is the fair figure (another process's load stretches the wall clock, not the CPU a
command spends); both are shown. A command's CPU counts its worker processes too (the kernel adds a reaped child's
time to its parent's), and its RSS is sampled as the sum over the process and its children, every few milliseconds.
"""
from __future__ import annotations

import json
import os
import resource
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GOALS = Path(os.environ.get("BENCH_GOALS", ROOT / "bench" / "out" / "goals.jsonl"))
# Children run this tree's sitegen with its bytecode cached as an installed package's is (pip compiles it): without
# that, a sandbox's PYTHONDONTWRITEBYTECODE times compiling sitegen on every command.
ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"} | {
    "PYTHONPATH": str(ROOT), "PYTHONPYCACHEPREFIX": str(Path(tempfile.gettempdir()) / "sitegen-bench-pycache")}
SAMPLE = 0.02  # seconds between two looks at a command's memory


@dataclass(frozen=True)
class Usage:
    wall: float  # seconds
    cpu: float  # seconds of user and system time, the command's workers included
    rss: int  # KiB: the largest sum, over one look, of the resident memory of the command and its children

    def __str__(self) -> str:
        return f"{self.cpu:.2f} s CPU, {self.wall:.2f} s wall"


def _tree_rss(pid: int) -> int:
    """KiB resident in `pid` and its descendants now (0 for a process already gone)."""
    total, todo = 0, [pid]
    while todo:
        current = todo.pop()
        try:
            status = Path(f"/proc/{current}/status").read_text()
            children = Path(f"/proc/{current}/task/{current}/children").read_text().split()
        except OSError:
            continue
        total += next((int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:")), 0)
        todo += [int(child) for child in children]
    return total


def run(command: list[str], cwd: Path = ROOT, env: dict[str, str] | None = None, stdin: str | None = None) -> Usage:
    """Run `command` to its end (it must succeed); its wall and CPU time and summed peak RSS."""
    started = time.perf_counter()
    child = subprocess.Popen(command, cwd=cwd, env=env or ENV, stdout=subprocess.DEVNULL,
                             stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL)
    if stdin is not None and child.stdin is not None:
        child.stdin.write(stdin.encode())
        child.stdin.close()
    peak = 0
    while True:
        # The first look comes after the child's exec: until then it is a copy of this process, and counts its memory
        # (that is also why the kernel's ru_maxrss is only the fallback, for a command too short to be looked at).
        time.sleep(SAMPLE)
        pid, status, usage = os.wait4(child.pid, os.WNOHANG)
        if pid:
            break
        peak = max(peak, _tree_rss(child.pid))
    wall = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise SystemExit(f"{' '.join(command)} failed (exit {child.returncode})")
    return Usage(wall, usage.ru_utime + usage.ru_stime, peak or usage.ru_maxrss)


def side_by_side(commands: dict[str, Callable[[int], list[str]]], runs: int) -> dict[str, list[tuple[Usage, str]]]:
    """Each command run again and again on one core, the same one for all, until each has finished `runs` runs; a
    run still going then is stopped and left out. `commands[name](i)` is the i-th run's command line. Each finished
    run's usage (wall time stretched by the sharing) and what it printed, by name.

    This machine's speed swings by a third over seconds and minutes, and its two cores differ at the same moment:
    commands compared one after the other, or on two cores, measure the machine as much as the code. Sharing one core
    for the whole time, every run of each command meets the same conditions as the others'."""
    core = max(os.sched_getaffinity(0))
    finished: dict[str, list[tuple[Usage, str]]] = {name: [] for name in commands}
    going: dict[str, tuple[subprocess.Popen[bytes], float, Any]] = {}

    def start(name: str) -> None:
        out = tempfile.TemporaryFile()
        child = subprocess.Popen(commands[name](len(finished[name])), cwd=ROOT, env=ENV, stdout=out, stdin=subprocess.DEVNULL,
                                 preexec_fn=lambda: os.sched_setaffinity(0, {core}))
        going[name] = (child, time.perf_counter(), out)

    for name in commands:
        start(name)
    while any(len(done) < runs for done in finished.values()):
        time.sleep(SAMPLE)
        for name, (child, started, out) in list(going.items()):
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if not pid:
                continue
            child.returncode = os.waitstatus_to_exitcode(status)
            if child.returncode:
                raise SystemExit(f"{name}'s command failed (exit {child.returncode})")
            out.seek(0)
            finished[name].append((Usage(time.perf_counter() - started, usage.ru_utime + usage.ru_stime, usage.ru_maxrss),
                                   out.read().decode()))
            out.close()
            start(name)
    for child, _, out in going.values():
        child.kill()
        child.wait()
        out.close()
    return finished


@contextmanager
def in_process() -> Iterator[list[Usage]]:
    """Time the block in this process (one core): `with in_process() as took: ...`, then `took[0]`."""
    took: list[Usage] = []
    wall, cpu = time.perf_counter(), time.process_time()
    yield took
    took.append(Usage(time.perf_counter() - wall, time.process_time() - cpu, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss))


def timed(function: Callable[[], Any]) -> tuple[Any, Usage]:
    with in_process() as took:
        result = function()
    return result, took[0]


def show(label: str, figure: str) -> None:
    """One figure, printed as soon as it is measured: a bench that fails later loses none of the earlier ones."""
    print(f"{label}: {figure}", flush=True)


def goal(name: str, measured: str, ratio: float, limit: float) -> None:
    """A goal of the issue: `ratio` (measured over its reference) must be at most `limit`. Printed now, and kept
    for the closing table."""
    met = ratio <= limit
    show(f"goal {name}", f"{measured}: {ratio:.3g} (at most {limit:g}) {'met' if met else 'NOT met'}")
    GOALS.parent.mkdir(parents=True, exist_ok=True)
    with GOALS.open("a", encoding="utf-8") as goals:
        goals.write(json.dumps({"goal": name, "measured": measured, "ratio": ratio, "limit": limit, "met": met}) + "\n")


def load() -> str:
    """The machine's load, for the record beside the figures."""
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} CPUs"
