"""Content problems shown in the browser (`serve` and `desk`): a JSON list the open page polls, and its overlay.

The server keeps the problems of its last build in a `ProblemBoard`; every HTML page it serves carries a small
script (`overlay_script`) that asks for them each second and shows each `path:line: message` over the page,
removing the overlay once the content is fixed. Nothing is written into the output folder.
"""
from __future__ import annotations

import json
import threading
from importlib import resources

from sitegen.model import Problem

PROBLEMS_PATH = "/__sitegen/problems"


class ProblemBoard:
    """The problems of the last build, read and written from several threads."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._lines: list[str] = []

    def set(self, problems: list[Problem]) -> None:
        with self._lock:
            self._lines = [str(p) for p in problems]

    def lines(self) -> list[str]:
        with self._lock:
            return list(self._lines)

    def json(self) -> bytes:
        return json.dumps({"problems": self.lines()}).encode()


def overlay_code(url: str, *, reload: bool = False, docked: bool = False) -> str:
    """The script's code: it polls `url` and shows or clears the overlay; with `reload`, it also reloads the page
    when the JSON's `build` number changes (the desk's preview, which has no livereload); `docked` keeps it to the
    bottom of the screen (the desk's own pages, which stay usable)."""
    code = resources.files("sitegen.serve").joinpath("overlay.js").read_text(encoding="utf-8")
    code = code.replace("__PROBLEMS_URL__", json.dumps(url)).replace("__RELOAD__", json.dumps(reload))
    return code.replace("__DOCKED__", json.dumps(docked))


def overlay_script(url: str, *, reload: bool = False, docked: bool = False) -> str:
    """The inline `<script>` an HTML page gets (see `overlay_code`)."""
    return f"<script>{overlay_code(url, reload=reload, docked=docked)}</script>"
