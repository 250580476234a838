"""Time the desk's round trip for one result: the POST of a result through the desk server to its redirect, then the
GET of the event page the redirect names, on a Joust event at 64 and 256 players in round 3.

Run from the repository root:  PYTHONPATH=. python bench/bench_desk.py [--sizes 64 256] [--repeat 15]
Goal: under 100 ms at 64 players. Each repeat enters a result on the same table, the winner alternating, so each
POST really writes.
"""
from __future__ import annotations

import argparse
import contextlib
import http.client
import io
import statistics
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

from sitegen.cli.main import main
from sitegen.desk.screens import table_version
from sitegen.desk.server import DeskConfig, make_server
from sitegen.load.event import load_event

GOAL_MS = 100.0
TOKEN = "bench-token-0123456789"


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


def request(port: int, method: str, path: str, form: dict[str, str] | None = None) -> tuple[int, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    body = urlencode(form) if form is not None else None
    headers = {"Content-Type": "application/x-www-form-urlencoded"} if body is not None else {}
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    response.read()
    location = response.getheader("Location") or ""
    connection.close()
    return response.status, location


def bench(players: int, repeat: int) -> tuple[float, float, float]:
    """Best and median round trip (ms), and the median POST alone (ms)."""
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:
        folder = make_event(Path(tmp), players)
        config = DeskConfig(Path(tmp) / "content", Path(tmp) / "output", Path(tmp) / "cache", TOKEN)
        server = make_server(config, "127.0.0.1", 0)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        port = server.server_address[1]
        trips, posts = [], []
        try:
            request(port, "GET", f"/{TOKEN}/e/bench/")  # warm: imports, templates
            for attempt in range(repeat):
                round_ = load_event(folder).rounds[-1]
                table = round_.tables[0]
                form = {"token": TOKEN, "version": table_version(round_, table), "round": round_.slug,
                        "table": str(table.number), "way": "won", "winner": table.players[attempt % 2]}
                start = time.perf_counter()
                status, location = request(port, "POST", f"/{TOKEN}/e/bench/result", form)
                posted = time.perf_counter()
                assert status == 303, status
                status, _ = request(port, "GET", location.split("#")[0])
                assert status == 200, status
                trips.append((time.perf_counter() - start) * 1000)
                posts.append((posted - start) * 1000)
        finally:
            server.shutdown()
            server.server_close()
    return min(trips), statistics.median(trips), statistics.median(posts)


def run() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[64, 256])
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    print(f"desk: one result, POST to redirect then GET of the event page (goal under {GOAL_MS:.0f} ms at 64 players)")
    print(f"{'players':>8} {'best ms':>9} {'median ms':>10} {'POST ms':>8}")
    for players in args.sizes:
        best, median, post = bench(players, args.repeat)
        flag = "" if players != 64 else ("  ok" if median < GOAL_MS else "  over the goal")
        print(f"{players:>8} {best:>9.1f} {median:>10.1f} {post:>8.1f}{flag}")


if __name__ == "__main__":
    run()
