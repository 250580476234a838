"""`sitegen serve`: build, serve the output on localhost, rebuild and reload open pages on every change."""
from __future__ import annotations

import sys
from pathlib import Path

from livereload import Server
from livereload.handlers import LiveReloadHandler

from .model import ContentError
from .pipeline import build
from .render import BUILTIN_THEMES

# livereload skips a reload within 3 s of the previous one; a TO entering results expects each save to show.
LiveReloadHandler.DEFAULT_RELOAD_TIME = 0


def rebuild(content: str, output: str) -> bool:
    """Build once; a content mistake is printed and the last good site keeps being served."""
    try:
        report = build(content, output)
    except ContentError as exc:
        print("\n".join(str(p) for p in exc.problems), file=sys.stderr, flush=True)
        print("sitegen: fix the problems above; still serving the last good build", file=sys.stderr, flush=True)
        return False
    print(f"rebuilt: {len(report.written)} written, {len(report.removed)} removed", flush=True)
    return True


def serve(content: str, output: str, host: str, port: int) -> None:
    rebuild(content, output)
    Path(output).mkdir(parents=True, exist_ok=True)
    server = Server()
    for watched in (content, str(BUILTIN_THEMES)):
        server.watch(watched, lambda: rebuild(content, output), delay=0)
    print(f"serving {output}/ at http://{host}:{port}/ (Ctrl-C stops)", flush=True)
    server.serve(host=host, port=port, root=output, open_url_delay=None, restart_delay=0)
