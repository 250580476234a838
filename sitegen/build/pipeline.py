"""The whole site in memory: load -> check -> score -> page models -> render, for tests and `sitegen check`.

It is `engine.build` without the build state and the writing: the same per-event and shared pieces
(`pages.site.event_card_and_pages`, `engine.shared_files`); a test holds the two to the same files."""
from __future__ import annotations

from pathlib import Path

import jinja2

from sitegen.build.engine import build, shared_files
from sitegen.load.check import event_problems
from sitegen.load.site import load_site
from sitegen.model import ContentError, Site
from sitegen.pages.site import event_card_and_pages
from sitegen.pages.summary import sort_key
from sitegen.render.templates import environment, render_pages, theme_dirs

__all__ = ["build", "check", "check_pages", "render"]


def check(content: str | Path) -> Site:
    """Load the content and check every event; raises ContentError with all problems."""
    site = load_site(content)
    problems = [p for event in site.events for p in event_problems(event, site.people)]
    if problems:
        raise ContentError(problems)
    return site


def render(content: str | Path, env: jinja2.Environment | None = None) -> dict[str, bytes]:
    """Every output file in memory. Nothing is written, so a mistake anywhere leaves the output as it was."""
    site = check(content)
    return _render(site, env)


def check_pages(content: str | Path) -> Site:
    """`check`, then every page rendered and dropped: a theme's template mistake, or a file a template may not
    read, is reported as `build` reports it."""
    site = check(content)
    _render(site)
    return site


def _render(site: Site, env: jinja2.Environment | None = None) -> dict[str, bytes]:
    env = env or environment(theme_dirs(site))
    events = sorted((event_card_and_pages(site, event) for event in site.events), key=lambda made: sort_key(made[0]))
    files = shared_files(site, [card for card, _ in events], env)
    for _, pages in events:  # in the order of the home page: the first template error is the one a build reports
        files |= render_pages(site, pages, env)
    return files
