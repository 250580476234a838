"""Every page type of every event of the demo, on two phones and a desktop, light and dark:
no element's box passes the viewport's right edge unless it sits in a region that visibly scrolls,
axe's WCAG 2.2 AA rules find nothing serious or critical, no script fails and no request leaves the site
(served below a sub-path, as GitHub Pages serves a project site: the links must be relative)."""
from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from browser import OVERFLOWING, axe_findings

pytestmark = pytest.mark.browser  # drives Debian's Chromium: skipped by `make test-fast`

WIDTHS = (360, 412, 1280)
# axe at the narrowest phone and the desktop, both schemes: the colours follow the scheme and what is shown follows the
# layout, and the two phones share one layout (axe is two thirds of this test's time; the boxes are checked at all three)
AXE_WIDTHS = (360, 1280)
SCHEMES = ("light", "dark")


def page_kind(path: str) -> str:
    """events/e/round-3-slips.html -> events/e/round-N-slips.html; a player, page or rules page -> .../*.html."""
    parts = path.split("/")
    if len(parts) > 1 and parts[-2] in ("players", "pages", "rules"):
        parts[-1] = "*.html"
    parts[-1] = re.sub(r"^(round|elim|standings)-\d+", r"\1-N", parts[-1])
    return "/".join(parts)


def one_page_per_kind(site: Path) -> list[str]:
    """The last page of each kind of each event (the latest round, the latest standings), and the shared pages; not
    an address kept to lead on to another page (an event's rules.html that is its format's rules page)."""
    chosen: dict[str, str] = {}
    for path in sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html")):
        if 'http-equiv="refresh"' not in (site / path).read_text(encoding="utf-8"):
            chosen[page_kind(path)] = path
    return sorted(chosen.values())


def test_the_kinds_cover_every_format(served_demo):
    _, site = served_demo
    kinds = {page_kind(p) for p in one_page_per_kind(site)}
    elimination = {"winter-joust-2026": ("bracket.html", "elim-N.html"), "autumn-melee-2026": ("bracket.html", "elim-N.html"),
                   "autumn-vtes-2026": ("final.html",)}  # a V:TES final is one page, no bracket
    for event, pages in elimination.items():
        for kind in ("index.html", "round-N.html", "standings.html", "standings-N.html",
                     "players/*.html", "crosstable.html", "projector.html", *pages):
            assert f"events/{event}/{kind}" in kinds
    # The print view and the slips exist while a round is in play: the live event's current round has them.
    assert {"events/thursday-league-joust/round-N-print.html", "events/thursday-league-joust/round-N-slips.html"} <= kinds
    assert {"index.html", "404.html", "pages/*.html", "rules/*.html", "players/*.html",
            "leagues/thursday-joust-autumn/index.html"} <= kinds


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("width", WIDTHS)
def test_no_overflow_no_serious_axe_finding_and_nothing_leaves_the_site(served_demo, browser, width, scheme):
    base, site = served_demo
    context = browser.new_context(viewport={"width": width, "height": 800}, color_scheme=scheme)
    page = context.new_page()
    failures: list[str] = []
    where = [""]  # the page being checked, for the messages of the listeners below
    page.on("pageerror", lambda exc: failures.append(f"{where[0]}: script error: {exc}"))
    page.on("console", lambda msg: msg.type == "error" and failures.append(f"{where[0]}: console error: {msg.text}"))
    # ERR_ABORTED: a load the next navigation cancelled (the favicon, a status poll), not a missing file
    page.on("requestfailed", lambda r: "ERR_ABORTED" in (r.failure or "") or failures.append(f"{where[0]}: failed: {r.url}"))
    page.on("request", lambda r: urlsplit(r.url).hostname == "127.0.0.1" or failures.append(f"{where[0]}: external: {r.url}"))
    for path in one_page_per_kind(site):
        where[0] = path
        page.goto(base + path, wait_until="load")
        failures += [f"{path}: overflows: {box}" for box in page.evaluate(OVERFLOWING)]
        failures += [f"{path}: {finding}" for finding in axe_findings(page)] if width in AXE_WIDTHS else []
    context.close()
    if failures:
        pytest.fail(f"{width} px, {scheme}:\n" + "\n".join(failures), pytrace=False)


@pytest.mark.parametrize("event", ["winter-joust-2026", "autumn-melee-2026", "autumn-vtes-2026"])
def test_a_players_rounds_fit_a_phone_without_scrolling(served_demo, browser, event):
    """The round-by-round table is what a player opens their page for: every column in view, none cut at the edge
    of its scrolling region (a rank of 12 clipped to "1" once read as first)."""
    base, site = served_demo
    page = browser.new_page(viewport={"width": 360, "height": 800})
    for path in sorted((site / "events" / event / "players").glob("*.html"))[:5]:
        page.goto(f"{base}events/{event}/players/{path.name}")
        region = page.locator(".scroll:has(table.history)")
        assert region.evaluate("(box) => box.scrollWidth <= box.clientWidth"), f"{event}/{path.name}: the rounds scroll sideways"
    page.close()
