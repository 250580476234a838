"""`sitegen serve`: build, serve the output on localhost, rebuild and reload open pages on every change.

livereload's server, on Tornado, listening with the limits of `serve.limits` (as the desk does): idle and body
timeouts, a bounded number of connections, and no request body over `MAX_BODY` (the site is read-only)."""
from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import livereload.server
from livereload import Server
from livereload.handlers import ForceReloadHandler, LiveReloadHandler, LiveReloadJSHandler, StaticFileHandler
from livereload.watcher import Watcher
from tornado import ioloop, web

from sitegen.build.engine import Memory, build
from sitegen.model import ContentError
from sitegen.render.templates import BUILTIN_THEMES
from sitegen.serve import limits
from sitegen.serve.overlay import OVERLAY_PATH, PROBLEMS_PATH, ProblemBoard, overlay_code, overlay_script

# livereload skips a reload within 3 s of the previous one; a TO entering results expects each save to show.
LiveReloadHandler.DEFAULT_RELOAD_TIME = 0
POLL_MS = 200  # livereload's own poll is every 800 ms
MAX_BODY = 4 * 1024  # bytes: nothing here takes a body


class QuickWatcher(Watcher):  # type: ignore[misc]  # livereload ships no type hints
    """livereload's polling watcher, looking every 200 ms instead of 800."""

    def start(self, callback: Callable[[], None]) -> bool:
        ioloop.PeriodicCallback(callback, POLL_MS).start()
        return True  # tells livereload the polling is taken care of


def rebuild(content: str, output: str, memory: Memory | None = None, jobs: int = 1, cache: Path | None = None,
            board: ProblemBoard | None = None) -> bool:
    """Build once, redoing only what changed; a content mistake is printed (and put on `board`, for the open
    pages' overlay) and the last good site keeps being served."""
    try:
        report = build(content, output, memory, jobs=jobs, cache=cache)
    except ContentError as exc:
        if board:
            board.set(exc.problems)
        print("\n".join(str(p) for p in exc.problems), file=sys.stderr, flush=True)
        print("sitegen: fix the problems above; still serving the last good build", file=sys.stderr, flush=True)
        return False
    if board:
        board.set([])
    print(f"rebuilt: {len(report.written)} written, {len(report.removed)} removed", flush=True)
    return True


def serve(content: str, output: str, host: str, port: int, jobs: int = 1, cache: Path | None = None) -> None:
    memory = Memory()  # what a rebuild needs of the last one: the templates, the build state, the cards
    board = ProblemBoard()
    rebuild(content, output, memory, jobs, cache, board)
    Path(output).mkdir(parents=True, exist_ok=True)
    server = OverlayServer(board, watcher=QuickWatcher())
    for watched in (content, str(BUILTIN_THEMES)):
        server.watch(watched, lambda: rebuild(content, output, memory, jobs, cache, board), delay=0)
    print(f"serving {output}/ at http://{host}:{port}/ (Ctrl-C stops)", flush=True)
    server.serve(host=host, port=port, root=output, open_url_delay=None, restart_delay=0)


# The content's problems in the open pages: a JSON handler beside livereload's, and its script injected into
# every HTML page served (by livereload's own injector, subclassed here, which `OverlayServer.application` uses).
# It also adds livereload's client: livereload's own snippet is an inline script, which the pages' policy does not run.
OVERLAY = overlay_script(OVERLAY_PATH, PROBLEMS_PATH, livereload=True).encode()


class OverlayCodeHandler(web.RequestHandler):
    def get(self) -> None:
        self.set_header("Content-Type", "text/javascript; charset=utf-8")
        self.write(overlay_code())


class ProblemsHandler(web.RequestHandler):
    def initialize(self, board: ProblemBoard) -> None:
        self.board = board

    def get(self) -> None:
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.write(self.board.json())


class OverlayInjector(livereload.server.LiveScriptInjector):  # type: ignore[misc]
    """Adds the overlay's script tag, and not livereload's inline snippet (which the pages' policy would not run)."""

    def transform_first_chunk(self, status_code: int, headers: dict[str, str], chunk: bytes, finishing: bool) -> tuple[int, dict[str, str], bytes]:
        if "html" in headers.get("Content-Type", "") and b"</head>" in chunk:
            chunk = chunk.replace(b"</head>", OVERLAY + b"</head>", 1)
            if "Content-Length" in headers:
                headers["Content-Length"] = str(int(headers["Content-Length"]) + len(OVERLAY))
        return status_code, headers, chunk


class StaticFiles(StaticFileHandler):  # type: ignore[misc]
    """livereload's static files, where no path with a NUL is a file (the file system refuses the name: a 500 and a
    traceback in the log, before)."""

    def get(self, path: str, include_body: bool = True) -> Any:
        if "\0" in path:
            raise web.HTTPError(404)
        return super().get(path, include_body)


class OverlayServer(Server):  # type: ignore[misc]
    """livereload's server with the problems handler in front of the static files."""

    def __init__(self, board: ProblemBoard, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.board = board
        self.SFH = StaticFiles

    def get_web_handlers(self, script: bytes) -> list[Any]:
        handlers: list[Any] = super().get_web_handlers(script)
        return [(PROBLEMS_PATH, ProblemsHandler, {"board": self.board}), (OVERLAY_PATH, OverlayCodeHandler), *handlers]

    def application(self, port: int, host: str, liveport: int | None = None, debug: bool | None = None, live_css: bool = True) -> None:
        """livereload's own (one port, no debug), listening with our limits instead of Tornado's defaults."""
        LiveReloadHandler.watcher = self.watcher
        LiveReloadHandler.live_css = live_css
        handlers = [(r"/livereload", LiveReloadHandler), (r"/forcereload", ForceReloadHandler), (r"/livereload.js", LiveReloadJSHandler),
                    *self.get_web_handlers(b"")]  # the overlay loads livereload's client itself (see OVERLAY)
        app = web.Application(handlers=handlers, transforms=[OverlayInjector], log_function=lambda _handler: None)
        limits.start(app, limits.bind(host, port), max_body=MAX_BODY)
