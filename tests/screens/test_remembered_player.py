"""What a player's phone does for them across pages: remembers who they are (also from file://), counts the
round down right whatever zone the phone is set to, and sends an open page to a newly posted round."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser  # drives Debian's Chromium: skipped by `make test-fast`

EVENT = "events/thursday-league-joust/"


@pytest.fixture(scope="module")
def site(served_demo):
    return served_demo[1]


@pytest.fixture(scope="module")
def site_url(served_demo):
    return served_demo[0]


def table_of(page, player: str) -> str:
    return page.locator(f'table.game:has(th > a[href$="players/{player}.html"])').get_attribute("data-table")


@pytest.mark.parametrize("served", [True, False], ids=["http", "file"])
def test_the_chosen_player_is_remembered_across_rounds(browser, site, site_url, served):
    base = (site_url if served else site.as_uri() + "/") + EVENT
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(base + "round-3.html")
    assert page.locator(".you-bar").count() == 0  # nobody chosen yet
    entry = page.locator('.find-list li[data-player="ysolde-kowal"]')
    assert "Table 2" in entry.inner_text() and "against Ottilie Castellan" in entry.inner_text()
    entry.locator("a").click()
    for number in (1, 2, 3):
        page.goto(base + f"round-{number}.html")
        yours = page.locator("table.game.yours")
        assert yours.count() == 1 and yours.get_attribute("data-table") == table_of(page, "ysolde-kowal")
        bar = page.locator(".you-bar")
        assert f"your table: {table_of(page, 'ysolde-kowal')}" in bar.inner_text()
        assert bar.get_by_role("link", name="Ysolde Kowal (your page)").get_attribute("href").endswith("players/ysolde-kowal.html")
    page.goto(base + "standings.html")
    assert page.locator("tr.yours th > a").get_attribute("href") == "players/ysolde-kowal.html"
    page.get_by_role("link", name="Ysolde Kowal (your page)").click()
    assert page.locator("h1").inner_text() == "Ysolde Kowal"
    page.get_by_role("button", name="Not you?").click()
    page.goto(base + "standings.html")
    assert page.locator("tr.yours").count() == 0 and page.locator(".you-bar").count() == 0
    context.close()


def test_the_players_own_table_is_on_the_first_screen_remembered_or_typed(browser, site_url):
    """Issue 30.8: at 360×740 the player's table is lifted above the list of names and the other tables."""
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(site_url + EVENT + "round-3.html")
    page.locator("#find-input").fill("Ysolde")  # typed: the one table that name finds comes up
    typed = page.locator("table.game.lifted")
    assert typed.get_attribute("data-table") == table_of(page, "ysolde-kowal") and typed.bounding_box()["y"] < 740
    page.locator("#find-input").fill("")
    assert page.locator("table.game.lifted").count() == 0  # back in its place
    page.locator('.find-list li[data-player="ysolde-kowal"] a').click()
    page.goto(site_url + EVENT + "round-3.html")  # remembered
    mine = page.locator("table.game.lifted")
    box = mine.bounding_box()
    assert mine.get_attribute("data-table") == table_of(page, "ysolde-kowal") and box["y"] + box["height"] <= 740
    others = page.locator("table.game:not(.lifted)")
    assert others.count() >= 1 and others.first.bounding_box()["y"] > box["y"]
    context.close()


@pytest.mark.parametrize("zone", ["America/New_York", "Asia/Tokyo"])
def test_the_clock_counts_the_same_minutes_in_any_time_zone(browser, site_url, zone):
    """Round 3 starts at 20:30 in the event's zone, Europe/Paris (19:30 UTC), and lasts 55 minutes."""
    context = browser.new_context(timezone_id=zone)
    page = context.new_page()
    page.clock.install(time="2026-11-19T19:30:00Z")
    page.clock.pause_at("2026-11-19T19:40:00Z")  # 10 minutes into the round
    page.goto(site_url + EVENT + "round-3.html")
    assert page.evaluate("Intl.DateTimeFormat().resolvedOptions().timeZone") == zone
    assert page.locator(".clock-left").inner_text() == "45:00 left"
    assert "2026-11-19 20:30 (Europe/Paris time)" in page.locator(".clock").inner_text()
    page.clock.run_for(46 * 60_000)
    assert page.locator(".clock-left").inner_text() == "time is called"
    context.close()


def test_the_clock_stays_in_view_while_the_page_scrolls(browser, site_url):
    page = browser.new_page(viewport={"width": 360, "height": 640})
    page.goto(site_url + EVENT + "round-3.html")
    page.mouse.wheel(0, 1500)
    page.wait_for_function("window.scrollY > 500")
    assert page.locator(".clock").bounding_box()["y"] == 0
    page.close()


def test_the_banner_links_to_a_newly_posted_round(browser, site_url):
    page = browser.new_page()
    page.clock.install()
    page.route(site_url + EVENT + "status.json", lambda route: route.fulfill(
        json={"version": "round-4:0", "current": "round-4", "current_label": "Round 4"}))
    page.goto(site_url + EVENT + "round-2.html")
    page.clock.run_for(31_000)
    banner = page.locator(".update-banner")
    banner.wait_for(state="visible", timeout=10_000)  # the fetch is real: a loaded machine takes its time
    link = banner.get_by_role("link")
    assert link.inner_text() == "Open Round 4"
    assert link.evaluate("a => a.href").endswith(EVENT + "round-4.html")  # the link is relative: where it leads
    page.close()


@pytest.mark.parametrize(("event", "player", "label"), [
    (EVENT, "ysolde-kowal", "This is me: mark my table on every round"),
    ("events/joute-de-lyon-2026/", "greta-holm", "C'est moi : signaler ma table à chaque ronde")])
def test_this_is_me_on_a_players_page_remembers_them(browser, site_url, event, player, label):
    """The button only a script can work is the script's: it is there with the script (in the page's language), and
    a tap remembers the page's player for the event's other pages."""
    page = browser.new_page(viewport={"width": 360, "height": 740})
    page.goto(site_url + event + f"players/{player}.html")
    name = page.locator("h1").inner_text()
    page.get_by_role("button", name=label).click()
    page.goto(site_url + event + "standings.html")
    assert page.locator("tr.yours th > a").get_attribute("href") == f"players/{player}.html"
    assert page.locator(".you-bar").get_by_role("link").first.inner_text().startswith(name)
    page.close()


def test_the_mark_on_the_players_table_is_in_the_pages_language(browser, site_url):
    """The remembered player's table caption said " · your table" (a style sheet's English) on a French page too."""
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(site_url + "events/joute-de-lyon-2026/players/suvi-arden.html")
    page.get_by_role("button", name="C'est moi : signaler ma table à chaque ronde").click()
    page.goto(site_url + "events/joute-de-lyon-2026/round-1.html")
    caption = page.locator("table.game.yours caption")
    shown = caption.inner_text() + caption.evaluate("c => getComputedStyle(c, '::after').content")
    assert "your table" not in shown and "votre table" in shown
    page.get_by_role("button", name="Ce n'est pas vous ?").click()
    assert page.locator("table.game caption", has_text="votre table").count() == 0
    context.close()
