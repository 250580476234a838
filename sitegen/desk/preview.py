"""The desk's site preview: the content built into the output folder (incrementally, with `engine.build`)
whenever a content file changed, and the list of files it may serve (never a path made from a request)."""
from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from pathlib import Path

from sitegen.model import ContentError, Problem, Where
from sitegen.serve.overlay import ProblemBoard


@dataclass(frozen=True)
class DeskConfig:
    content: Path
    output: Path
    cache: Path
    token: str
    commit: bool = False
    language: str = ""  # `sitegen desk --language`; "": the site's (an event's own `language:` still applies to its pages)


class Preview:
    """The built site the desk serves under /site/: rebuilt (incrementally) when a content file changed."""

    def __init__(self, config: DeskConfig, board: ProblemBoard) -> None:
        self.config = config
        self.board = board
        self.generation = 0  # counts successful builds: an open preview reloads when it changes
        self.files: dict[str, Path] = {}
        self._seen: object = None
        self._lock = threading.Lock()

    def refresh(self) -> None:
        from sitegen.build.engine import build  # the build pipeline is loaded once the first page asks for it

        with self._lock:
            seen = _stat_signature(self.config.content)
            if seen == self._seen:
                return
            self._seen = seen
            try:
                build(self.config.content, self.config.output, jobs=1, cache=self.config.cache)
            except ContentError as exc:
                self.board.set(exc.problems)
                return
            except OSError as exc:
                self.board.set([Problem(Where(str(self.config.output), 0), f"the preview could not be written: {exc}")])
                return
            self.board.set([])
            self.generation += 1
            out = self.config.output
            self.files = {p.relative_to(out).as_posix(): p for p in out.rglob("*") if p.is_file() and not p.is_symlink()}


def _stat_signature(root: Path) -> list[tuple[str, int, int]]:
    found = []
    for folder, _dirs, files in os.walk(root):
        for name in files:
            stat = os.stat(os.path.join(folder, name), follow_symlinks=False)
            found.append((os.path.join(folder, name), stat.st_mtime_ns, stat.st_size))
    return sorted(found)


CONTENT_TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8", ".js": "text/javascript",
                  ".json": "application/json", ".svg": "image/svg+xml", ".xml": "application/xml", ".csv": "text/csv; charset=utf-8",
                  ".png": "image/png", ".txt": "text/plain; charset=utf-8", ".ico": "image/x-icon", ".webmanifest": "application/manifest+json"}
