"""The demo in German (long words) and Polish (long words, three plural forms) on the narrowest phone, light and
dark: nothing overflows, axe finds nothing serious, no script fails."""
from __future__ import annotations

import shutil

import pytest
from browser import AXE, OVERFLOWING, axe_findings, serving
from project import DEMO
from test_every_screen import one_page_per_kind

from sitegen.build.pipeline import build

pytestmark = pytest.mark.browser


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
        yield url + "site/", root / "site", request.param


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_phone_reads_every_page_in_german_and_polish(served_language, browser, scheme):
    base, site, language = served_language
    context = browser.new_context(viewport={"width": 360, "height": 800}, color_scheme=scheme)
    page = context.new_page()
    failures: list[str] = []
    page.on("pageerror", lambda exc: failures.append(f"script error: {exc}"))
    for path in one_page_per_kind(site):
        page.goto(base + path, wait_until="load")
        failures += [f"{path}: overflows: {box}" for box in page.evaluate(OVERFLOWING)]
        failures += [f"{path}: {finding}" for finding in axe_findings(page)]
    context.close()
    if failures:
        pytest.fail(f"{language}, 360 px, {scheme}:\n" + "\n".join(failures), pytrace=False)
