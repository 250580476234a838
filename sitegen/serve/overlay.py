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
from urllib.parse import parse_qs

from sitegen.language import translate
from sitegen.model import DEFAULT_LANGUAGE, LANGUAGES, Problem
from sitegen.text import Msg, placed

PROBLEMS_PATH = "/__sitegen/problems"
OVERLAY_PATH = "/__sitegen/overlay.js"


class ProblemBoard:
    """The problems of the last build, read and written from several threads."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._problems: list[Problem] = []

    def set(self, problems: list[Problem]) -> None:
        with self._lock:
            self._problems = list(problems)

    def document(self, language: str = DEFAULT_LANGUAGE) -> dict[str, list[str] | list[bool]]:
        """What the overlay polls: each problem's `path:line: message` line, in `language` when its message is a `Msg`
        (in English, the CLI's line), and which lines stay English whatever the language (a message written as plain
        text: overlay.js marks it lang="en")."""
        with self._lock:
            problems = list(self._problems)
        translated = [isinstance(p.message, Msg) and language != DEFAULT_LANGUAGE for p in problems]
        return {"problems": [str(translate(placed(p.where, p.message), language)) if said else str(p) for p, said in zip(problems, translated)],
                "english": [not isinstance(p.message, Msg) for p in problems]}

    def json(self) -> bytes:
        return json.dumps(self.document()).encode()


def asked_language(query: str) -> str:
    """The overlay's `?lang=` (one of the shipped languages), else English."""
    asked = parse_qs(query).get("lang", [""])[0]
    return asked if asked in LANGUAGES else DEFAULT_LANGUAGE


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
