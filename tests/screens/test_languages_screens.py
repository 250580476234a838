"""The demo in German (long words) and Polish (long words, three plural forms) on the narrowest phone, light and
dark: nothing overflows, axe finds nothing serious, no script fails. Every page kind of every game, from the event of
that game with the most kinds: events of one game share their templates and words (test_every_screen.py visits
every event, in English). And every table of every page in all seven languages on that phone: no column head cut
inside a word, no table wider than the screen but those made to scroll sideways."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from browser import AXE, OVERFLOWING, axe_findings, serving
from project import DEMO
from test_every_screen import one_page_per_kind

from sitegen.build.pipeline import build

pytestmark = pytest.mark.browser

LANGUAGES = ["en", "fr", "es", "it", "de", "pt_BR", "pl"]
# The regions made to scroll sideways on a phone: the crosstable (a column per round) and the result slips (sized for paper).
MADE_TO_SCROLL = ".crosstable-scroll, .slip-body"
# A head word cut across two lines ("Roun|d"): each piece of a head's text between the places a line may break (a
# space; after a hyphen, dash or slash) must sit on one line.
CUT_HEAD_WORDS = """() => {
  const cut = [];
  for (const head of document.querySelectorAll("thead th")) {
    const texts = document.createTreeWalker(head, NodeFilter.SHOW_TEXT);
    for (let node; (node = texts.nextNode());) {
      for (const word of node.textContent.matchAll(/[^\\s\\/\u2013-]+[\\/\u2013-]?/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const tops = [...range.getClientRects()].filter((box) => box.width > 0).map((box) => box.top);
        if (tops.length && Math.max(...tops) - Math.min(...tops) > 2) cut.push(word[0]);
      }
    }
  }
  return cut;
}"""
# What scrolls sideways that should not: the page, or a table's region not made to scroll.
SCROLLING = """(madeToScroll) => {
  const found = [];
  const page = document.documentElement;
  if (page.scrollWidth > page.clientWidth) found.push(`the page, by ${page.scrollWidth - page.clientWidth} px`);
  for (const region of document.querySelectorAll(".scroll")) {
    if (region.matches(madeToScroll) || region.scrollWidth <= region.clientWidth) continue;
    const table = region.querySelector("table");
    found.push(`table.${table ? table.className : ""} by ${region.scrollWidth - region.clientWidth} px`);
  }
  return found;
}"""


def one_page_per_kind_and_game(site: Path, content: Path) -> list[str]:
    """The shared pages, and each game's event with the most page kinds (an elimination round, a bracket)."""
    by_event: dict[str, list[str]] = {}
    for path in one_page_per_kind(site):
        parts = path.split("/")
        by_event.setdefault(parts[1] if parts[0] == "events" else "", []).append(path)
    fullest: dict[str, str] = {}  # game -> its event with the most page kinds
    for event in sorted(by_event.keys() - {""}):
        game = yaml.safe_load((content / "events" / event / "event.yaml").read_text(encoding="utf-8"))["format"]
        if len(by_event[event]) > len(by_event.get(fullest.get(game, ""), [])):
            fullest[game] = event
    return sorted(by_event.get("", []) + [path for event in fullest.values() for path in by_event[event]])


@pytest.fixture(scope="module", params=LANGUAGES)
def served_language(request, tmp_path_factory):
    root = tmp_path_factory.mktemp(request.param)
    content = root / "content"
    shutil.copytree(DEMO, content, ignore=shutil.ignore_patterns(".sitegen-cache"))
    site_yaml = content / "site.yaml"
    site_yaml.write_text(site_yaml.read_text(encoding="utf-8") + f"language: {request.param}\n", encoding="utf-8")
    build(content, root / "site")
    if AXE.is_file():
        shutil.copy(AXE, root / AXE.name)
    with serving(root) as url:
        yield url + "site/", root / "site", content, request.param


@pytest.mark.parametrize("served_language", ["de", "pl"], indirect=True)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_phone_reads_every_page_in_german_and_polish(served_language, browser, scheme):
    base, site, content, language = served_language
    pages = one_page_per_kind_and_game(site, content)
    context = browser.new_context(viewport={"width": 360, "height": 800}, color_scheme=scheme)
    page = context.new_page()
    failures: list[str] = []
    page.on("pageerror", lambda exc: failures.append(f"script error: {exc}"))
    for path in pages:
        page.goto(base + path, wait_until="load")
        failures += [f"{path}: overflows: {box}" for box in page.evaluate(OVERFLOWING)]
        failures += [f"{path}: {finding}" for finding in axe_findings(page)]
    context.close()
    if failures:
        pytest.fail(f"{language}, 360 px, {scheme}:\n" + "\n".join(failures), pytrace=False)


def test_every_table_fits_a_phone_with_its_heads_whole(served_language, browser):
    """No head word cut across two lines ("Roun|d", "Miej|sce"), and no table wider than the screen, in every
    language: on every page with a table, as a column's width follows its content (names, results, a round's name)."""
    base, site, _, language = served_language
    page = browser.new_page(viewport={"width": 360, "height": 800})
    failures: list[str] = []
    for path in sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html")):
        if "<thead" not in (site / path).read_text(encoding="utf-8"):
            continue
        page.goto(base + path, wait_until="load")
        failures += [f"{path}: head word cut: {word}" for word in page.evaluate(CUT_HEAD_WORDS)]
        failures += [f"{path}: scrolls sideways: {what}" for what in page.evaluate(SCROLLING, MADE_TO_SCROLL)]
    page.close()
    if failures:
        pytest.fail(f"{language}, 360 px:\n" + "\n".join(failures), pytrace=False)


# A date cut across two lines ("19" at a line's end, "nov 2026" below): the tops of its text's line boxes differ.
CUT_DATES = """() => [...document.querySelectorAll("time")].filter((time) => {
  const tops = [...time.getClientRects()].map((box) => box.top);
  return tops.length && Math.max(...tops) - Math.min(...tops) > 2;
}).map((time) => time.textContent)"""


@pytest.mark.parametrize("served_language", ["it", "pt_BR"], indirect=True)
def test_a_date_stays_on_one_line(served_language, browser):
    """Italian and Portuguese write a date in words ("19 nov 2026", "14 de nov. de 2026"): on a phone the home page's
    event cards wrapped it between the day and the month."""
    base, site, _, language = served_language
    page = browser.new_page(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    cut = []
    for path in ["index.html", *sorted(p.relative_to(site).as_posix() for p in site.glob("events/*/index.html"))]:
        page.goto(base + path, wait_until="load")
        cut += [f"{path}: {date}" for date in page.evaluate(CUT_DATES)]
    page.close()
    assert not cut, f"{language}: dates cut across two lines:\n" + "\n".join(cut)
