"""axe-core in Chromium on one page of every page type of the demo site, on a phone-sized screen:
no serious or critical violation in dark mode, no colour contrast failure in light mode either,
no console error and no request that leaves the site."""
from __future__ import annotations

import functools
import http.server
import re
import shutil
import threading
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from browser import chromium
from playwright.sync_api import sync_playwright

from sitegen.pipeline import build

pytestmark = pytest.mark.browser  # drives Debian's Chromium: skipped by `make test-fast`

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "content"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
# Served below a sub-path, as GitHub Pages serves a project site, to prove the links are relative.
SUB_PATH = "crows-nest"
PHONE = {"width": 360, "height": 800}
BLOCKING_IMPACTS = ("serious", "critical")
# Every axe rule in dark mode; in light mode only colours differ, so only contrast is checked again.
RULES = {"dark": None, "light": ["color-contrast"]}


def page_type(path: str) -> str:
    """The kind of page a site path is: events/e/round-3.html -> events/*/round-N.html."""
    parts = path.split("/")
    if parts[0] == "events" and len(parts) > 2:
        parts[1] = "*"
    if len(parts) > 1 and parts[-2] in ("players", "pages", "rules"):
        parts[-1] = "*.html"
    parts[-1] = re.sub(r"-\d+\.html$", "-N.html", parts[-1])
    return "/".join(parts)


def one_page_per_type(site: Path) -> list[str]:
    """The last page of each type in path order (the latest round, the latest standings)."""
    chosen: dict[str, str] = {}
    for path in sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html")):
        chosen[page_type(path)] = path
    return sorted(chosen.values())


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args) -> None:  # keep the test output for failures
        pass


@pytest.fixture(scope="module")
def served_site(tmp_path_factory):
    """(base URL, site folder) of the demo, built and served on 127.0.0.1 below SUB_PATH.

    axe.min.js is served beside the site: Chromium caches a script loaded by URL, where one
    injected as text is parsed anew on every page (measured here: about twice as slow).
    """
    root = tmp_path_factory.mktemp("pages")
    site = root / SUB_PATH
    build(DEMO, site)
    if AXE.is_file():
        shutil.copy(AXE, root / AXE.name)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/{SUB_PATH}/", site
    finally:
        server.shutdown()
        server.server_close()


def test_every_page_type_is_audited(served_site):
    _, site = served_site
    kinds = {page_type(p) for p in one_page_per_type(site)}
    expected = {"index.html", "pages/*.html", "rules/*.html", "events/*/index.html", "events/*/round-N.html",
                "events/*/elim-N.html", "events/*/standings.html", "events/*/standings-N.html",
                "events/*/bracket.html", "events/*/players/*.html"}
    assert expected <= kinds


@pytest.mark.parametrize("scheme", sorted(RULES))
def test_axe_finds_no_serious_violation_and_pages_stay_on_the_site(served_site, scheme):
    if not AXE.is_file():
        pytest.fail("node_modules/axe-core is missing: run `make test` (it installs it) or `make browser`")
    base, site = served_site
    failures: list[str] = []
    with sync_playwright() as p:
        browser = chromium(p)
        context = browser.new_context(viewport=PHONE, color_scheme=scheme)
        for path in one_page_per_type(site):
            failures += audit(context, base + path, path, RULES[scheme])
        browser.close()
    if failures:
        pytest.fail(f"{scheme} mode, {PHONE['width']} px wide:\n" + "\n".join(failures), pytrace=False)


def allow_only_local(found: list[str], path: str, route) -> None:
    url = route.request.url
    if urlsplit(url).hostname == "127.0.0.1":
        route.continue_()
    else:
        found.append(f"{path}: external request: {url}")
        route.abort()


def audit(context, url: str, path: str, rules: list[str] | None) -> list[str]:
    """Problems on one page: axe violations that block (of the given rules, or all), console
    errors, failed requests."""
    found: list[str] = []
    page = context.new_page()
    page.route("**/*", functools.partial(allow_only_local, found, path))
    page.on("console", lambda msg: msg.type == "error" and found.append(f"{path}: console error: {msg.text}"))
    page.on("pageerror", lambda exc: found.append(f"{path}: script error: {exc}"))
    page.on("requestfailed", lambda req: found.append(f"{path}: request failed: {req.url}"))
    page.goto(url, wait_until="load")
    page.add_script_tag(url=urljoin(url, "/" + AXE.name))
    options = {"resultTypes": ["violations"]} | ({"runOnly": rules} if rules else {})
    violations = page.evaluate("async (options) => (await axe.run(document, options)).violations", options)
    for v in violations:
        if v["impact"] in BLOCKING_IMPACTS:
            for node in v["nodes"]:
                why = node.get("failureSummary", "").strip().splitlines()[-1:]  # the line with the numbers
                found.append(f"{path}: {v['id']} ({v['impact']}) at {' '.join(node['target'])}: {v['help']}"
                             + "".join(f" — {line.strip()}" for line in why))
    page.close()
    return found
