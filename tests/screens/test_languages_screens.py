"""The demo in German (long words) and Polish (long words, three plural forms) on the narrowest phone, light and
dark: nothing overflows, axe finds nothing serious, no script fails. Every page kind of every game, from the event of
that game with the most kinds: events of one game share their templates and words (test_every_screen.py visits
every event, in English)."""
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


@pytest.fixture(scope="module", params=["de", "pl"])
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
        yield url + "site/", one_page_per_kind_and_game(root / "site", content), request.param


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_phone_reads_every_page_in_german_and_polish(served_language, browser, scheme):
    base, pages, language = served_language
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
