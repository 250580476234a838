"""Every page type of every event of the demo, on two phones and a desktop, light and dark:
no element's box passes the viewport's right edge unless it sits in a region that visibly scrolls,
and axe's WCAG 2.2 AA rules find nothing serious or critical."""
from __future__ import annotations

import functools
import http.server
import shutil
import threading
from pathlib import Path
from urllib.parse import urljoin

import pytest
from browser import chromium
from playwright.sync_api import sync_playwright

from sitegen.pipeline import build

pytestmark = pytest.mark.browser  # drives Debian's Chromium: skipped by `make test-fast`

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "content"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
WIDTHS = (360, 412, 1280)
SCHEMES = ("light", "dark")
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]
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


def page_kind(path: str) -> str:
    """events/e/round-3.html -> events/e/round-N.html; a player, page or rules page -> .../*.html."""
    parts = path.split("/")
    if len(parts) > 1 and parts[-2] in ("players", "pages", "rules"):
        parts[-1] = "*.html"
    name = parts[-1]
    for prefix in ("round-", "elim-", "standings-"):
        if name.startswith(prefix) and name[len(prefix):len(prefix) + 1].isdigit():
            parts[-1] = prefix + "N" + name[name.index("-", len(prefix)):] if "-print" in name else prefix + "N.html"
    return "/".join(parts)


def one_page_per_kind(site: Path) -> list[str]:
    """The last page of each kind of each event (the latest round, the latest standings), and the shared pages."""
    chosen: dict[str, str] = {}
    for path in sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html")):
        chosen[page_kind(path)] = path
    return sorted(chosen.values())


@pytest.fixture(scope="module")
def served_demo(tmp_path_factory):
    root = tmp_path_factory.mktemp("screens")
    site = root / "site"
    build(DEMO, site)
    shutil.copy(AXE, root / AXE.name)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(
        type("Quiet", (http.server.SimpleHTTPRequestHandler,), {"log_message": lambda *a: None}), directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/site/", site
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        browser = chromium(p)
        yield browser
        browser.close()


def test_the_kinds_cover_every_format(served_demo):
    _, site = served_demo
    kinds = {page_kind(p) for p in one_page_per_kind(site)}
    elimination = {"winter-joust-2026": ("bracket.html", "elim-N.html"), "autumn-melee-2026": ("bracket.html", "elim-N.html"),
                   "autumn-vtes-2026": ("final.html", "final-print.html")}  # a V:TES final is one page, no bracket
    for event, pages in elimination.items():
        for kind in ("index.html", "round-N.html", "round-N-print.html", "standings.html", "standings-N.html",
                     "players/*.html", "rules.html", *pages):
            assert f"events/{event}/{kind}" in kinds
    assert {"index.html", "404.html", "pages/*.html", "rules/*.html"} <= kinds


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("width", WIDTHS)
def test_no_overflow_and_no_serious_axe_finding(served_demo, browser, width, scheme):
    base, site = served_demo
    context = browser.new_context(viewport={"width": width, "height": 800}, color_scheme=scheme)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    failures = []
    for path in one_page_per_kind(site):
        page.goto(base + path)
        failures += [f"{path}: overflows: {box}" for box in page.evaluate(OVERFLOWING)]
        page.add_script_tag(url=urljoin(base, "/" + AXE.name))
        options = {"resultTypes": ["violations"], "runOnly": {"type": "tag", "values": WCAG_TAGS}}
        for v in page.evaluate("async (options) => (await axe.run(document, options)).violations", options):
            if v["impact"] in BLOCKING_IMPACTS:
                targets = ", ".join(" ".join(n["target"]) for n in v["nodes"][:3])
                failures.append(f"{path}: {v['id']} ({v['impact']}, {len(v['nodes'])} nodes) at {targets}")
    context.close()
    failures += errors
    if failures:
        pytest.fail(f"{width} px, {scheme}:\n" + "\n".join(failures), pytrace=False)
