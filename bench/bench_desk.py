"""Time the desk's round trip for one result, through HTTP like a phone: the POST of a result to its redirect, then
the GET of the event page the redirect names, on a Joust event at 64 and 256 players in round 3. The desk is a
`sitegen desk` process of its own (its CPU time read from /proc), this process only the phone.

Run from the repository root:  PYTHONPATH=. python bench/bench_desk.py [--sizes 64 256] [--repeat 15]
Goals: the median round trip under 100 ms at 64 players, 256 players within 4x of 64, the page after a tap
under 60 kB. Each repeat enters a
result on the same table, the winner alternating, so each POST really writes.
"""
from __future__ import annotations

import argparse
import contextlib
import gzip
import http.client
import io
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent))

import measure  # noqa: E402
from measure import ENV, goal, show  # noqa: E402

from sitegen.cli.main import main  # noqa: E402
from sitegen.desk.screens import table_version  # noqa: E402
from sitegen.load.event import load_event  # noqa: E402

GOAL_MS = 100.0
PAGE_KB = 60.0  # what a phone downloads after each tap


def make_event(root: Path, players: int) -> Path:
    """A Joust of `players` with rounds 1 and 2 played and round 3 paired."""
    content = root / "content"
    folder = content / "events" / "bench"
    folder.mkdir(parents=True)
    (content / "site.yaml").write_text("title: Desk bench\n", encoding="utf-8")
    names = "".join(f"  - Player {i:04d}\n" for i in range(players))
    (folder / "event.yaml").write_text(f"name: Desk bench\nformat: agot-joust\ndate: 2026-12-05\nplayers:\n{names}", encoding="utf-8")
    with contextlib.redirect_stdout(io.StringIO()):
        for _ in range(2):
            assert main(["pair", str(folder)]) == 0
            for table in load_event(folder).rounds[-1].tables:
                assert main(["result", str(folder), str(table.number), "--winner", table.players[0]]) == 0
        assert main(["pair", str(folder)]) == 0
    return folder


def request(port: int, method: str, path: str, form: dict[str, str] | None = None) -> tuple[int, str, int, int]:
    """Status, Location, the page's size and the bytes sent for it (gzipped, as a phone's browser asks) of one request,
    on a connection of its own (as a phone's tap)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    body = urlencode(form) if form is not None else None
    headers = {"Accept-Encoding": "gzip"} | ({"Content-Type": "application/x-www-form-urlencoded"} if body is not None else {})
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    sent = response.read()
    page = gzip.decompress(sent) if response.getheader("Content-Encoding") == "gzip" else sent
    connection.close()
    return response.status, response.getheader("Location") or "", len(page), len(sent)


def cpu_seconds(pid: int) -> float:
    """User and system time a running process has spent so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextlib.contextmanager
def desk_process(root: Path):
    """A `sitegen desk` child on a free port: (its pid, port, the path prefix with its token)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    desk = subprocess.Popen([sys.executable, "-m", "sitegen", "desk", "--content", str(root / "content"), "--output", str(root / "output"),
                             "--cache", str(root / "cache"), "--port", str(port)], env=ENV, cwd=root, stdout=subprocess.PIPE, text=True)
    try:
        assert desk.stdout is not None
        line = desk.stdout.readline()
        found = re.search(rf"http://127\.0\.0\.1:{port}(/[^/\s]+/)", line)
        if found is None:
            raise SystemExit(f"sitegen desk did not print its address: {line!r}")
        yield desk.pid, port, found.group(1)
    finally:
        desk.terminate()
        desk.wait(timeout=30)


def tap(port: int, prefix: str, folder: Path, attempt: int) -> tuple[float, float, int, int]:
    """One result entered: the round trip and the POST alone (ms), the size of the page the redirect names and the bytes sent."""
    round_ = load_event(folder).rounds[-1]
    table = round_.tables[0]
    form = {"token": prefix.strip("/"), "version": table_version(round_, table), "round": round_.slug,
            "table": str(table.number), "way": "won", "winner": table.players[attempt % 2]}
    start = time.perf_counter()
    status, location, _, _ = request(port, "POST", f"{prefix}e/bench/result", form)
    posted = time.perf_counter()
    assert status == 303, status
    status, _, size, sent = request(port, "GET", location.split("#")[0])
    assert status == 200, status
    return (time.perf_counter() - start) * 1000, (posted - start) * 1000, size, sent


def bench(players: int, repeat: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:
        folder = make_event(Path(tmp), players)
        with desk_process(Path(tmp)) as (pid, port, prefix):
            request(port, "GET", f"{prefix}e/bench/")  # warm: imports, templates
            before = cpu_seconds(pid)
            taps = [tap(port, prefix, folder, attempt) for attempt in range(repeat)]
            cpu = (cpu_seconds(pid) - before) / repeat * 1000
            time.sleep(0.5)  # whatever the desk does after its answers is not the phone's wait
    trips = sorted(t for t, _, _, _ in taps)
    return {"median": statistics.median(trips), "p95": trips[min(len(trips) - 1, round(0.95 * (len(trips) - 1)))],
            "post": statistics.median(p for _, p, _, _ in taps), "cpu": cpu, "kb": taps[-1][2] / 1000, "sent": taps[-1][3] / 1000}


def run() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[64, 256])
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    print(f"desk: one result, POST to redirect then GET of the event page; {measure.load()}", flush=True)
    seen = {}
    for players in args.sizes:
        seen[players] = got = bench(players, args.repeat)
        show(f"desk, {players} players", f"round trip {got['median']:.1f} ms median, {got['p95']:.1f} ms p95 (POST alone "
             f"{got['post']:.1f} ms); the desk's CPU {got['cpu']:.1f} ms per result; the page after the tap "
             f"{got['kb']:.0f} kB ({got['sent']:.0f} kB sent gzipped)")
    small, large = min(seen), max(seen)
    goal(f"desk round trip at {small} players, median ms", f"{seen[small]['median']:.1f} ms", seen[small]["median"], GOAL_MS)
    goal(f"desk page after a tap at {small} players, kB", f"{seen[small]['kb']:.0f} kB", seen[small]["kb"], PAGE_KB)
    if large != small:
        ratio = seen[large]["median"] / seen[small]["median"]
        goal(f"desk round trip, {large} / {small} players", f"{seen[large]['median']:.0f} / {seen[small]['median']:.0f} ms", ratio,
             large / small)


if __name__ == "__main__":
    run()
