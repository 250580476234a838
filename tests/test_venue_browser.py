"""The venue pages in Chromium: nothing passes the screen's right edge outside a scrollable region (360 and 1280 px,
the projector at 1920 x 1080), axe finds nothing serious, the projector scrolls (or pages, with reduced motion) and
works from file://, and the slips print whole, several to a sheet."""
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
from test_accessibility import AXE, BLOCKING_IMPACTS

from sitegen.pipeline import build

pytestmark = pytest.mark.browser  # drives Debian's Chromium: skipped by `make test-fast`

DEMO = Path(__file__).resolve().parent.parent / "content"
EVENTS = ("thursday-league-joust", "winter-joust-2026", "autumn-melee-2026", "autumn-vtes-2026")
# The latest round of each demo event, whose slips a TO prints now.
SLIPS = ("thursday-league-joust/round-3-slips.html", "winter-joust-2026/round-1-slips.html",
         "autumn-melee-2026/round-4-slips.html", "autumn-vtes-2026/round-3-slips.html", "autumn-vtes-2026/final-slips.html")
PAGES = [f"events/{e}/crosstable.html" for e in EVENTS] + [f"events/{s}" for s in SLIPS]
PROJECTORS = [f"events/{e}/projector.html" for e in EVENTS]
SCREEN = {"width": 1920, "height": 1080}
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]

# Every element whose box passes the right edge of the viewport, unless an ancestor scrolls sideways.
OVERFLOWING = """() => {
  const edge = document.documentElement.clientWidth + 0.5;
  const scrolls = (el) => { for (let p = el.parentElement; p; p = p.parentElement) {
      const x = getComputedStyle(p).overflowX; if (x === "auto" || x === "scroll") return true; } return false; };
  return Array.from(document.body.querySelectorAll("*"))
    .filter((el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.right > edge && !scrolls(el); })
    .map((el) => `${el.tagName.toLowerCase()}.${el.className} right=${Math.round(el.getBoundingClientRect().right)}`);
}"""


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args) -> None:
        pass


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """(base URL, folder) of the demo site, served on 127.0.0.1, with axe beside it."""
    root = tmp_path_factory.mktemp("venue")
    build(DEMO, root / "site")
    if AXE.is_file():
        shutil.copy(AXE, root / AXE.name)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/site/", root / "site"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        browser = chromium(p)
        yield browser
        browser.close()


def open_page(browser, url: str, viewport: dict[str, int], **options):
    context = browser.new_context(viewport=viewport, **options)
    page = context.new_page()
    page.problems = []
    page.on("console", lambda m: m.type == "error" and page.problems.append(m.text))
    page.on("pageerror", lambda e: page.problems.append(str(e)))
    page.goto(url, wait_until="load")
    return page


@pytest.mark.parametrize("width", [360, 1280])
def test_no_venue_page_passes_the_right_edge(browser, site, width):
    base, _ = site
    found = []
    for path in PAGES + PROJECTORS:  # the projector too: a TO may check it on a phone or laptop
        page = open_page(browser, base + path, {"width": width, "height": 800})
        found += [f"{path}: {what}" for what in page.evaluate(OVERFLOWING)[:5]] + page.problems
        page.context.close()
    assert found == []


def test_the_projector_fills_a_full_hd_screen_and_nothing_overflows(browser, site):
    base, _ = site
    for path in PROJECTORS:
        page = open_page(browser, base + path, SCREEN)
        assert page.evaluate(OVERFLOWING) == [] and page.problems == [], path
        box = page.locator(".projector-scroll").bounding_box()
        assert box["y"] + box["height"] == pytest.approx(SCREEN["height"], abs=1), path  # the list reaches the bottom
        assert page.evaluate("document.documentElement.scrollHeight") <= SCREEN["height"], path  # and the page itself never scrolls
        page.context.close()


def test_a_long_list_scrolls_endlessly_or_pages_when_motion_is_reduced(browser, site):
    base, _ = site
    url = base + "events/thursday-league-joust/projector.html"  # ten players: more than one screen holds at this size
    moving = open_page(browser, url, SCREEN)
    assert moving.locator(".projector-scroll.scrolling").count() == 1
    assert moving.locator(".projector-list").count() == 2 and moving.locator(".projector-list[aria-hidden=true]").count() == 1
    assert moving.evaluate("getComputedStyle(document.querySelector('.projector-track')).animationName") == "projector-scroll"
    moving.context.close()
    still = open_page(browser, url, SCREEN, reduced_motion="reduce")
    assert still.locator(".scrolling").count() == 0 and still.locator(".projector-list").count() == 1
    assert still.evaluate("getComputedStyle(document.querySelector('.projector-track')).animationName") == "none"
    still.context.close()


def test_the_projector_works_from_the_file_system_with_its_clock(browser, site):
    _, folder = site
    page = open_page(browser, (folder / "events/thursday-league-joust/projector.html").as_uri(), SCREEN)
    page.wait_for_function("document.querySelector('.clock-left').textContent.trim() !== ''")
    assert page.locator(".clock-left").inner_text() in ("time is called",) or page.locator(".clock-left").inner_text().endswith(" left")
    assert page.locator(".projector-list li").first.inner_text().split("\n")[0] == "Anselm Grieve"
    assert page.problems == []
    page.context.close()


def test_slips_print_whole_several_to_a_sheet(browser, site):
    base, _ = site
    page = open_page(browser, base + "events/thursday-league-joust/round-3-slips.html", {"width": 800, "height": 1000})
    page.emulate_media(media="print")
    assert page.evaluate("getComputedStyle(document.querySelector('.slip')).breakInside") == "avoid"
    assert page.locator(".screen-only").first.is_hidden()
    heights = page.evaluate("Array.from(document.querySelectorAll('.slip'), (s) => s.getBoundingClientRect().height)")
    a4_printable = (297 - 24) / 25.4 * 96  # px: A4 less the 12 mm margins; Letter's (279.4 - 24) mm is close
    assert len(heights) == 5 and all(h < a4_printable / 3 for h in heights)  # a two-player slip: at least three a sheet
    page.context.close()


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_axe_finds_nothing_serious_on_the_venue_pages(browser, site, scheme):
    if not AXE.is_file():
        pytest.fail("node_modules/axe-core is missing: run `make test` (it installs it) or `make browser`")
    base, _ = site
    found = []
    for path, viewport in [(p, {"width": 360, "height": 800}) for p in PAGES] + [(p, SCREEN) for p in PROJECTORS]:
        page = open_page(browser, base + path, viewport, color_scheme=scheme)
        page.add_script_tag(url=urljoin(base, "/" + AXE.name))
        violations = page.evaluate("async (tags) => (await axe.run(document, {resultTypes: ['violations'], "
                                   "runOnly: {type: 'tag', values: tags}})).violations", AXE_TAGS)
        found += [f"{path}: {v['id']} ({v['impact']}) at {' '.join(n['target'][0] for n in v['nodes'][:3])}"
                  for v in violations if v["impact"] in BLOCKING_IMPACTS]
        page.context.close()
    assert found == []
