"""`sitegen serve`: build, serve the output on localhost, rebuild and reload open pages on every change."""
from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from livereload import Server
from livereload.handlers import LiveReloadHandler
from livereload.watcher import Watcher
from tornado import ioloop

from .engine import Memory, build
from .model import ContentError
from .render import BUILTIN_THEMES

# livereload skips a reload within 3 s of the previous one; a TO entering results expects each save to show.
LiveReloadHandler.DEFAULT_RELOAD_TIME = 0
POLL_MS = 200  # livereload's own poll is every 800 ms


class QuickWatcher(Watcher):  # type: ignore[misc]  # livereload ships no type hints
    """livereload's polling watcher, looking every 200 ms instead of 800."""

    def start(self, callback: Callable[[], None]) -> bool:
        ioloop.PeriodicCallback(callback, POLL_MS).start()
        return True  # tells livereload the polling is taken care of


def rebuild(content: str, output: str, memory: Memory | None = None, jobs: int = 1, cache: Path | None = None) -> bool:
    """Build once, redoing only what changed; a content mistake is printed and the last good site keeps being served."""
    try:
        report = build(content, output, memory, jobs=jobs, cache=cache)
    except ContentError as exc:
        print("\n".join(str(p) for p in exc.problems), file=sys.stderr, flush=True)
        print("sitegen: fix the problems above; still serving the last good build", file=sys.stderr, flush=True)
        return False
    print(f"rebuilt: {len(report.written)} written, {len(report.removed)} removed", flush=True)
    return True


def serve(content: str, output: str, host: str, port: int, jobs: int = 1, cache: Path | None = None) -> None:
    memory = Memory()  # what a rebuild needs of the last one: the templates, the build state, the cards
    rebuild(content, output, memory, jobs, cache)
    Path(output).mkdir(parents=True, exist_ok=True)
    server = Server(watcher=QuickWatcher())
    for watched in (content, str(BUILTIN_THEMES)):
        server.watch(watched, lambda: rebuild(content, output, memory, jobs, cache), delay=0)
    print(f"serving {output}/ at http://{host}:{port}/ (Ctrl-C stops)", flush=True)
    server.serve(host=host, port=port, root=output, open_url_delay=None, restart_delay=0)

