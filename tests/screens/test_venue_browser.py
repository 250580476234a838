"""The venue pages in Chromium, beyond what test_every_screen checks of every page: the projector fills a 1920 x 1080
screen with nothing past its edge, scrolls (or pages, with reduced motion) and works from file://, and the slips print
whole, several to a sheet."""
from __future__ import annotations

import pytest
from browser import OVERFLOWING

pytestmark = pytest.mark.browser  # drives Debian's Chromium: skipped by `make test-fast`

EVENTS = ("thursday-league-joust", "winter-joust-2026", "autumn-melee-2026", "autumn-vtes-2026")
PROJECTORS = [f"events/{e}/projector.html" for e in EVENTS]
SCREEN = {"width": 1920, "height": 1080}


def open_page(browser, url: str, viewport: dict[str, int], **options):
    context = browser.new_context(viewport=viewport, **options)
    page = context.new_page()
    page.problems = []
    page.on("console", lambda m: m.type == "error" and page.problems.append(m.text))
    page.on("pageerror", lambda e: page.problems.append(str(e)))
    page.on("response", lambda r: r.status >= 400 and page.problems.append(f"{r.status} {r.url}"))  # the console omits the address
    page.goto(url, wait_until="load")
    return page


def test_the_projector_fills_a_full_hd_screen_and_nothing_overflows(browser, served_demo):
    base, _ = served_demo
    for path in PROJECTORS:
        page = open_page(browser, base + path, SCREEN)
        assert page.evaluate(OVERFLOWING) == [] and page.problems == [], path
        if page.locator(".projector-scroll").count():  # a round in play; a finished event's screen shows its winners
            box = page.locator(".projector-scroll").bounding_box()
            assert box["y"] + box["height"] == pytest.approx(SCREEN["height"], abs=1), path  # the list reaches the bottom
        else:
            assert page.locator(".projector-list li").count() > 0, path
        assert page.evaluate("document.documentElement.scrollHeight") <= SCREEN["height"], path  # and the page itself never scrolls
        page.context.close()


def test_a_long_list_scrolls_endlessly_or_pages_when_motion_is_reduced(browser, served_demo):
    base, _ = served_demo
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


def test_the_projector_works_from_the_file_system_with_its_clock(browser, served_demo):
    _, folder = served_demo
    page = open_page(browser, (folder / "events/thursday-league-joust/projector.html").as_uri(), SCREEN)
    page.wait_for_function("document.querySelector('.clock-left').textContent.trim() !== ''")
    assert page.locator(".clock-left").inner_text() in ("time is called",) or page.locator(".clock-left").inner_text().endswith(" left")
    assert page.locator(".projector-list li").first.inner_text().split("\n")[0] == "Anselm Grieve"
    assert page.problems == []
    page.context.close()


def test_slips_print_whole_several_to_a_sheet(browser, served_demo):
    base, _ = served_demo
    page = open_page(browser, base + "events/thursday-league-joust/round-3-slips.html", {"width": 800, "height": 1000})
    page.emulate_media(media="print")
    assert page.evaluate("getComputedStyle(document.querySelector('.slip')).breakInside") == "avoid"
    assert page.locator(".screen-only").first.is_hidden()
    heights = page.evaluate("Array.from(document.querySelectorAll('.slip'), (s) => s.getBoundingClientRect().height)")
    a4_printable = (297 - 24) / 25.4 * 96  # px: A4 less the 12 mm margins; Letter's (279.4 - 24) mm is close
    assert len(heights) == 5 and all(h < a4_printable / 3 for h in heights)  # a two-player slip: at least three a sheet
    page.context.close()


def test_an_events_kept_rules_address_leads_on_to_its_formats_rules(browser, served_demo):
    """The demo events follow their format's rules: their Rules link and their old rules.html both reach rules/NAME.html."""
    base, _ = served_demo
    page = open_page(browser, base + "events/autumn-vtes-2026/rules.html", {"width": 360, "height": 800})
    page.wait_for_url("**/rules/vtes.html")
    assert page.locator("h1").first.inner_text() and page.problems == []
    page.context.close()
