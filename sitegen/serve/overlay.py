"""Content problems shown in the browser (`serve` and `desk`): a JSON list the open page polls, and its overlay.

The server keeps the problems of its last build in a `ProblemBoard`; every HTML page it serves carries a small
script (`overlay_script`) that asks for them each second and shows each `path:line: message` over the page,
removing the overlay once the content is fixed. Nothing is written into the output folder.
"""
from __future__ import annotations

import html
import json
import threading
from importlib import resources

from sitegen.model import Problem

PROBLEMS_PATH = "/__sitegen/problems"
OVERLAY_PATH = "/__sitegen/overlay.js"


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


def overlay_code() -> bytes:
    """overlay.js, served by `serve` and the desk at their `__sitegen/overlay.js`."""
    return resources.files("sitegen.serve").joinpath("overlay.js").read_bytes()


def overlay_script(src: str, problems: str, *, reload: bool = False, docked: bool = False, livereload: bool = False,
                   nonce: str = "", words: dict[str, str] | None = None) -> str:
    """The `<script>` tag an HTML page gets: overlay.js from `src` polls `problems` and shows or clears the overlay;
    with `reload`, it also reloads the page when the JSON's `build` number changes (the desk's preview, which has no
    livereload); `docked` keeps it to the bottom of the screen (the desk's own pages, which stay usable, and offer a reload once
    the content or the held reports change beneath them);
    `livereload` adds livereload's client (serve). `nonce` lets it run under the desk preview's policy. `words`: its
    "hide" button, "title", "changed" and "reload" in the page's language (the desk's); English without."""
    settings = {"src": src, "data-problems": problems, "data-reload": json.dumps(reload), "data-docked": json.dumps(docked),
                "data-livereload": json.dumps(livereload)} | ({"nonce": nonce} if nonce else {}) \
        | {f"data-t-{key}": said for key, said in (words or {}).items()}
    return "<script " + " ".join(f'{key}="{html.escape(value)}"' for key, value in settings.items()) + "></script>"
