"""A player on a phone: home -> event -> current round, finds their table by typing, opens their page, prints."""
import pytest

pytestmark = pytest.mark.browser  # drives Debian's Chromium: skipped by `make test-fast`


@pytest.fixture(scope="module")
def site_url(served_demo):
    return served_demo[0]


@pytest.fixture(scope="module")
def phone(browser, site_url):
    """A 360 px wide page that records console errors, failed loads and any request leaving the site."""
    page = browser.new_page(viewport={"width": 360, "height": 740})
    page.problems = []
    page.on("console", lambda m: m.type == "error" and page.problems.append(m.text))
    page.on("pageerror", lambda e: page.problems.append(str(e)))
    # ERR_ABORTED: a load the next navigation cancelled (the favicon, typically), not a missing file
    page.on("requestfailed", lambda r: "ERR_ABORTED" in (r.failure or "") or page.problems.append(f"failed: {r.url} {r.failure}"))
    page.on("request", lambda r: r.url.startswith(site_url) or page.problems.append(f"external: {r.url}"))
    yield page
    page.close()


def test_find_my_table_and_my_page(phone, site_url, tmp_path):
    phone.goto(site_url)
    phone.get_by_role("link", name="Thursday League Joust").click()
    assert "pairings posted" in phone.locator(".status-banner").inner_text()
    phone.get_by_role("link", name="Round 3: pairings").click()
    assert phone.locator("h1").inner_text() == "Round 3"
    tables = phone.locator("table.game")
    assert tables.count() == 5
    phone.locator("#find-input").fill("ysolde")
    visible = [t for t in tables.all() if t.is_visible()]
    assert len(visible) == 1 and "Ysolde Kowal" in visible[0].inner_text()
    assert phone.locator(".find-count").inner_text() == "1 player found"
    phone.screenshot(path=tmp_path / "round-360.png", full_page=True)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, "the round page scrolls sideways on a phone"
    phone.locator("#find-input").fill("")
    assert all(t.is_visible() for t in tables.all())
    # (a table's place changes while a typed name lifts it to the top: found again by its player, not its position)
    phone.locator('table.game:has(th > a[href$="players/ysolde-kowal.html"])').get_by_role("link", name="Ysolde Kowal").click()
    assert phone.locator("h1").inner_text() == "Ysolde Kowal"
    assert phone.locator("table.history tbody tr").count() == 3
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    assert phone.problems == []


def test_print_view(phone, site_url):
    phone.goto(site_url + "events/thursday-league-joust/round-3-print.html")
    rows = phone.locator("table.print-list tbody tr")
    names = [rows.nth(i).locator("th").inner_text() for i in range(rows.count())]
    assert len(names) == 10 and names == sorted(names, key=str.casefold)
    assert phone.locator(".qr svg").count() == 1
    phone.emulate_media(media="print")
    assert phone.locator(".screen-only").is_hidden()
    phone.emulate_media(media="screen")
    assert phone.problems == []


def test_an_open_page_notices_a_new_round(browser, site_url):
    """Each poll is set when the last one's answer arrives, in real time: the fake clock is moved a poll at a time,
    never ahead of an answer still on its way (the flake a loaded CI machine showed)."""
    page = browser.new_page()
    page.clock.install()
    status_url = site_url + "events/thursday-league-joust/status.json"
    posted = {"version": None}
    polls = []

    def answer(route):
        polls.append(route.request.url)
        route.fulfill(json={"version": posted["version"] or page_version})

    page.route(status_url, answer)
    page.goto(site_url + "events/thursday-league-joust/round-3.html")
    page_version = page.locator("#main").get_attribute("data-version")
    banner = page.locator(".update-banner")

    def until_polled(count):
        for _ in range(200):
            if len(polls) >= count:
                return
            page.clock.run_for(31_000)
            page.wait_for_timeout(50)
        raise AssertionError(f"the page polled {len(polls)} times, not {count}")

    until_polled(2)  # the first answer (nothing new) was read: it set the second poll
    assert banner.is_hidden()
    posted["version"] = "round-3:5"
    until_polled(len(polls) + 1)
    banner.wait_for(state="visible", timeout=10_000)
    assert "New results or pairings" in banner.inner_text()
    page.close()


def test_round_clock_counts_down_from_the_round_files_start(browser, site_url):
    page = browser.new_page()
    page.clock.install(time="2026-11-19T19:00:00Z")
    # 10 minutes into a 55-minute round starting 20:30 Paris time (the event's zone); it was local time
    # before the events had a zone, which is the bug a phone in another zone showed.
    page.clock.pause_at("2026-11-19T19:40:00Z")
    page.goto(site_url + "events/thursday-league-joust/round-3.html")
    assert page.locator(".clock-left").inner_text() == "45:00 left"
    page.clock.run_for(46 * 60_000)
    assert page.locator(".clock-left").inner_text() == "time is called"
    page.close()
