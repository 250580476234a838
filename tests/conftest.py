"""Shared fixtures: small content folders written from YAML text, and the CLI run in-process."""
from __future__ import annotations

import textwrap
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType

import pytest
from corpus_site import snapshot
from project import DEMO

from sitegen import games as formats
from sitegen.build import engine
from sitegen.build.pipeline import render
from sitegen.cli.main import main
from sitegen.load.event import load_event


def write_files(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return root


@pytest.fixture(autouse=True)
def _build_state_in_tmp(tmp_path, monkeypatch):
    """A build run by a test keeps its state in the test's folder, not in the working tree it runs from."""
    monkeypatch.setattr("sitegen.cli.main.DEFAULT_CACHE", tmp_path / ".sitegen-cache")


@pytest.fixture(scope="session")
def demo_files() -> Mapping[str, bytes]:
    """Every file of the demo site rendered in memory, once per test process, for the tests that only read it."""
    return MappingProxyType(render(DEMO))


@pytest.fixture(scope="session")
def demo_output(tmp_path_factory) -> Path:
    """The demo built into a folder (one process, no build state), once per test process, for the tests that only
    read it. Whatever a test changes in it is an error at the end of the run."""
    output = tmp_path_factory.mktemp("demo-output") / "out"
    engine.build(DEMO, output)
    built = snapshot(output)
    yield output
    assert snapshot(output) == built, "a test changed the shared demo build (demo_output is read-only: copy it first)"


@pytest.fixture
def make_site(tmp_path):
    """make_site({"events/x/event.yaml": "...", ...}) -> content folder (site.yaml added if missing)."""

    def make(files: dict[str, str]) -> Path:
        content = tmp_path / "content"
        files = {"site.yaml": "title: Test events\n"} | files
        return write_files(content, files)

    return make


@pytest.fixture
def run_cli(capsys):
    """run_cli("build", "--content", dir) -> (exit status, stdout, stderr)."""

    def run(*args: str) -> tuple[int, str, str]:
        status = main([str(a) for a in args])
        out, err = capsys.readouterr()
        return status, out, err

    return run


@pytest.fixture
def scored_event(make_site):
    """scored_event({"events/e/event.yaml": ..., "events/e/round-1.yaml": ...}) -> (event, its Scoreboard).

    The event must have no problems: the test is about scoring, not validation."""

    def score(files: dict[str, str]):
        event = load_event(make_site(files) / "events" / "e")
        assert formats.validate(event) == []
        return event, formats.format_of(event).score(event)

    return score


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium, one per test module (imported here only when a browser test asks for it)."""
    from browser import chromium
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = chromium(p)
        yield launched
        launched.close()


@pytest.fixture
def touch_phone(browser):
    """A page on a touch phone at 360×740 (tests/browser.py's PHONE)."""
    from browser import PHONE

    context = browser.new_context(**PHONE)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture(scope="session")
def served_demo(tmp_path_factory):
    """(base URL, folder) of the demo site built with axe-core beside it, served on 127.0.0.1; one per test process,
    shared by the browser tests, which only read it."""
    from browser import demo_with_axe, serving

    root = tmp_path_factory.mktemp("demo")
    site = demo_with_axe(root)
    with serving(root) as url:
        yield url + "site/", site


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The browser tests first, then the slow ones: the workers share out what is left as they finish, so the long
    tests started last would leave one core idle at the end (a stable sort: the order within each part is kept)."""
    items.sort(key=lambda item: (item.get_closest_marker("browser") is None, item.get_closest_marker("slow") is None))
