"""What every browser test here shares: Debian's Chromium through Playwright, the demo built and served on
127.0.0.1 (with axe-core beside it), and the one test of what passes the screen's right edge."""
from __future__ import annotations

import functools
import http.server
import os
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


# The desk on a phone (issue 21's phone runs): a touch phone at 360×740, what its user does counted, the current
# round's tables as the page shows them, "Pair the next round", and the box test with axe on each page state.
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2,
         "bypass_csp": True}  # the CSP would refuse axe's script; the desk's own pages are what is tested


class Taps:
    """What the phone user does, counted: a tap, a typed figure, a choice from a list (two taps: open, choose)."""

    def __init__(self) -> None:
        self.count = 0

    def tap(self, target) -> None:
        self.count += 1
        target.tap()

    def fill(self, target, text: str) -> None:
        self.count += 1  # the tap into the field; the figures typed are not taps
        target.fill(text)

    def choose(self, target, value: str) -> None:
        self.count += 2
        target.select_option(value)


def shot(page, name: str) -> None:
    """A full-page screenshot into $SITEGEN_SHOTS, when it is set."""
    if os.environ.get("SITEGEN_SHOTS"):
        page.screenshot(path=str(Path(os.environ["SITEGEN_SHOTS"]) / f"{name}.png"), full_page=True)


def fits_the_phone(page, width: int = 360, name: str = "") -> None:
    """Nothing sticks out of the screen, and every button is a 44 px tap target (`name`: the page's, in a failure)."""
    page.wait_for_load_state("load")  # a page's elements can be there before its stylesheet is
    assert page.evaluate("document.documentElement.scrollWidth") <= width, name
    for box in page.locator("button:visible").evaluate_all("bs => bs.map(b => b.getBoundingClientRect().toJSON())"):
        assert box["height"] >= 44 and box["right"] <= width + 0.5, (name, box)


def boxes_and_axe(page, name: str, width: int = 360) -> None:
    """Nothing past the right edge, every button a 44 px target, no serious axe finding, light and dark."""
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        fits_the_phone(page, width, name)
        assert page.evaluate(OVERFLOWING) == [], (name, scheme)
        page.add_script_tag(path=str(AXE))
        options = {"resultTypes": ["violations"], "runOnly": {"type": "tag", "values": WCAG_TAGS}}
        found = [f"{v['id']} at {[n['target'] for n in v['nodes'][:3]]}" for v in
                 page.evaluate("async (options) => (await axe.run(document, options)).violations", options)
                 if v["impact"] in BLOCKING_IMPACTS]
        assert found == [], (name, scheme, found)
        shot(page, f"{name}-{scheme}")
    page.emulate_media(color_scheme="light")


def tables_on(page) -> dict[int, list[str]]:
    """The desk's current round's tables as the page shows them: player ids in seat order."""
    found = {}
    for article in page.locator("article.table[id^=table-]").all():  # the current round's (earlier rounds' are round-N-table-M)
        number = int(article.get_attribute("id").removeprefix("table-"))
        found[number] = [name.removeprefix(prefix) for prefix in ("vp-", "power-") for name in article.locator(
            f"input[name^={prefix}]").evaluate_all("inputs => inputs.map(i => i.name)")] \
            or article.locator("button[name=winner]").evaluate_all("bs => bs.map(b => b.value)")
    return found


def pair(page, taps: Taps | None = None) -> bool:
    """Tap the desk's "Pair the next round" (counted by `taps` when given); False once the event is decided."""
    from playwright.sync_api import expect

    button = page.get_by_role("button", name="Pair the next round")
    if not button.count():
        expect(page.locator("#pair")).to_contain_text("The event is decided")
        return False
    with page.expect_navigation():  # the answer's page, not the one the tap left (its boxes are no longer there)
        if taps is not None:
            taps.tap(button)
        else:
            button.click()
    errors = page.locator("#pair .error")
    if errors.count():
        assert "finished" in errors.first.inner_text(), errors.first.inner_text()
        return False
    return True
