"""The XSS corpus in Chromium: every built page of the corpus site opened, served and through the desk's preview;
no payload runs (no dialog, no window.__pwned, the title as built, no navigation), and the site's own scripts do."""
from __future__ import annotations

import threading

import pytest
from browser import serving
from xss_site import write_xss_site

from sitegen.build.pipeline import build
from sitegen.desk.server import DeskConfig, make_server

pytestmark = pytest.mark.browser

PROBE = "() => ({pwned: window.__pwned, title: document.title, url: location.href})"


def visit_all(browser, base: str, paths: list[str], leads_on: dict[str, str] | None = None) -> list[str]:
    """The payloads that ran; `leads_on`: the pages kept to lead on to another page of the site, and where to."""
    ran: list[str] = []
    page = browser.new_page()
    page.on("dialog", lambda dialog: (ran.append(f"dialog {dialog.message!r} on {page.url}"), dialog.dismiss()))
    for path in paths:
        page.goto(base + path)
        page.wait_for_timeout(150)  # an onload, autofocus or meta refresh has had its chance
        seen = page.evaluate(PROBE)
        if seen["pwned"] is not None or seen["title"] == "PWNED" or seen["url"] != base + (leads_on or {}).get(path, path):
            ran.append(f"{path}: {seen}")
    page.close()
    return ran


def test_no_payload_runs_on_any_page_of_the_built_site(browser, tmp_path):
    site = build(write_xss_site(tmp_path / "content"), tmp_path / "out")
    del site
    paths = sorted(p.relative_to(tmp_path / "out").as_posix() for p in (tmp_path / "out").rglob("*.html"))
    leads_on = {"events/e/rules.html": "rules/agot-joust.html"}  # the event follows its format's rules page
    assert 'http-equiv="refresh"' in (tmp_path / "out" / "events/e/rules.html").read_text(encoding="utf-8")
    with serving(tmp_path / "out") as url:
        assert visit_all(browser, url, paths, leads_on) == []
        page = browser.new_page()  # the site's own scripts still run under its policy: find-your-name filters
        errors: list[str] = []
        page.on("console", lambda message: errors.append(message.text) if "Content Security Policy" in message.text else None)
        page.goto(url + "events/e/round-1.html")
        page.fill("#find-input", "p0-nobody")
        assert page.locator(".find-count").inner_text() == "No player by that name"
        page.goto(url + "events/e/round-1-slips.html")
        page.close()
        assert [e for e in errors if "script-src" in e and "static/" in e] == []


def test_no_payload_runs_in_the_desks_preview(browser, tmp_path):
    content = write_xss_site(tmp_path / "content")
    server = make_server(DeskConfig(content, tmp_path / "preview", tmp_path / "cache", "xss-test-token-0123"), "127.0.0.1", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}/xss-test-token-0123/site/"
        paths = ["index.html", "pages/about.html", "events/e/index.html", "events/e/round-1.html", "events/e/players/p0.html",
                 "leagues/season/index.html"]
        assert visit_all(browser, base, paths) == []
    finally:
        server.shutdown()
        server.server_close()
