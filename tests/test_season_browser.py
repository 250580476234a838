"""The league page, the players index and a site-wide player page on a 360 px phone: nothing sticks out past the
right edge (outside a scrolling table) and axe finds nothing serious or critical. Screenshots go to /tmp."""
from __future__ import annotations

import pytest
from browser import chromium
from playwright.sync_api import sync_playwright
from test_accessibility import AXE, PHONE, audit, served_site  # noqa: F401  (the fixture)

pytestmark = pytest.mark.browser

PAGES = ["leagues/thursday-joust-autumn/index.html", "players/index.html", "players/suvi-arden.html"]
# Every element whose right edge passes the viewport's, unless a scrolling ancestor holds it.
OVERFLOW = """() => [...document.querySelectorAll('body *')].filter(el => {
  if (el.getBoundingClientRect().right <= window.innerWidth + 0.5) return false;
  for (let p = el.parentElement; p; p = p.parentElement) {
    const s = getComputedStyle(p);
    if (['auto', 'scroll'].includes(s.overflowX) && p.getBoundingClientRect().right <= window.innerWidth + 0.5) return false;
  }
  return true;
}).map(el => el.tagName + '.' + el.className)"""


def test_season_pages_fit_a_phone_and_pass_axe(served_site):  # noqa: F811
    base, _ = served_site
    failures: list[str] = []
    with sync_playwright() as p:
        browser = chromium(p)
        context = browser.new_context(viewport=PHONE)
        for path in PAGES:
            page = context.new_page()
            page.goto(base + path, wait_until="load")
            failures += [f"{path}: {el} passes the right edge" for el in page.evaluate(OVERFLOW)]
            page.screenshot(path=f"/tmp/season-{path.replace('/', '-')}.png", full_page=True)
            page.close()
            if AXE.is_file():
                failures += audit(context, base + path, path, None)
        browser.close()
    assert not failures, "\n".join(failures)
