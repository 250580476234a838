"""What every browser test here shares: Debian's Chromium through Playwright, the demo built and served on
127.0.0.1 (with axe-core beside it), and the one test of what passes the screen's right edge."""
from __future__ import annotations

import functools
import http.server
import shutil
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from project import DEMO, ROOT

from sitegen.build.pipeline import build

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
BLOCKING_IMPACTS = ("serious", "critical")

# Boxes past the right edge of the viewport, except inside a region that scrolls sideways and says so:
# overflow-x auto or scroll, really wider than its box, reachable by keyboard (tabindex) and named (aria-label/labelledby),
# with the scroll shadow (a background gradient) that shows there is more.
OVERFLOWING = """() => {
  const edge = document.documentElement.clientWidth + 0.5;
  const scrollsVisibly = (box) => {
    const style = getComputedStyle(box);
    return ["auto", "scroll"].includes(style.overflowX) && box.scrollWidth > box.clientWidth
      && box.tabIndex === 0 && (box.hasAttribute("aria-label") || box.hasAttribute("aria-labelledby")) && style.backgroundImage.includes("gradient");
  };
  const found = [];
  for (const el of document.body.querySelectorAll("*")) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || box.right <= edge) continue;
    let inside = false;
    for (let up = el.parentElement; up && up !== document.body && !inside; up = up.parentElement) inside = scrollsVisibly(up);
    if (!inside) found.push(`${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}.${el.getAttribute("class") || ""} right=${Math.round(box.right)}`);
  }
  return found.slice(0, 5);
}"""


def chromium(playwright):
    if not shutil.which(CHROMIUM):
        pytest.fail("Chromium is missing: run `make test` (it installs it) or `make browser`")
    return playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args) -> None:
        pass


@contextmanager
def serving(folder: Path) -> Iterator[str]:
    """`folder` served on 127.0.0.1 while the block runs; yields its address, ending in a slash."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def demo_with_axe(root: Path, sub: str = "site") -> Path:
    """The demo built into root/sub, served below a sub-path as GitHub Pages serves a project site (so its links
    must be relative), with axe.min.js at root: Chromium caches a script loaded by URL, where one injected as text
    is parsed anew on every page."""
    build(DEMO, root / sub)
    if AXE.is_file():
        shutil.copy(AXE, root / AXE.name)
    return root / sub


def axe_findings(page, tags: list[str] = WCAG_TAGS) -> list[str]:
    """The serious and critical axe violations of the open page (axe.min.js must be served at the root)."""
    if not AXE.is_file():
        pytest.fail("node_modules/axe-core is missing: run `make test` (it installs it) or `make browser`")
    page.add_script_tag(url="/" + AXE.name)
    options = {"resultTypes": ["violations"], "runOnly": {"type": "tag", "values": tags}}
    return [f"{v['id']} ({v['impact']}, {len(v['nodes'])} nodes) at {', '.join(' '.join(n['target']) for n in v['nodes'][:3])}"
            for v in page.evaluate("async (options) => (await axe.run(document, options)).violations", options)
            if v["impact"] in BLOCKING_IMPACTS]

def wait_for(url: str, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            urllib.request.urlopen(url, timeout=1).read()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)
