"""The whole site in memory, one direction: load -> validate -> score -> page models -> render.

`engine.build` is the same sequence event by event, writing as it goes into staged files."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import jinja2

from sitegen import games as formats
from sitegen.load.site import load_site
from sitegen.load.players_and_leagues import name_problems
from sitegen.build.engine import build
from sitegen.model import ContentError, Site
from sitegen.render.templates import environment, render_pages, static_files, theme_dirs
from sitegen.pages.site import event_pages, shared_pages
from sitegen.pages.summary import card, sort_key, summarize

__all__ = ["build", "check", "check_pages", "render"]


def check(content: str | Path) -> Site:
    """Load the content and run every format's checks; raises ContentError with all problems."""
    site = load_site(content)
    problems = [p for event in site.events for p in formats.validate(event) + name_problems(event, site.people)]
    if problems:
        raise ContentError(problems)
    return site


def render(content: str | Path, env: jinja2.Environment | None = None) -> dict[str, bytes]:
    """Every output file in memory. Nothing is written, so a mistake anywhere leaves the output as it was."""
    site = check(content)
    files: dict[str, bytes] = {}
    for batch in _rendered(site, env):
        files |= batch
    return files


def check_pages(content: str | Path) -> Site:
    """`check`, then every page rendered and dropped: a theme's template mistake, or a file a template may not
    read, is reported as `build` reports it."""
    site = check(content)
    for _batch in _rendered(site):
        pass
    return site


def _rendered(site: Site, env: jinja2.Environment | None = None) -> Iterator[dict[str, bytes]]:
    """The site's files a batch at a time: the pages about all events, each event's, the theme's static files."""
    dirs = theme_dirs(site)
    env = env or environment(dirs)
    events = []
    for event in site.events:
        fmt = formats.format_of(event)
        summary = summarize(event, fmt, fmt.score(event))
        pages = event_pages(site, summary)
        events.append((card(summary, [p.path for p in pages]), pages))
    events.sort(key=lambda pair: sort_key(pair[0]))
    yield render_pages(site, shared_pages(site, [c for c, _ in events]), env)
    for _, pages in events:
        yield render_pages(site, pages, env)
    yield static_files(dirs)
