"""The whole site in memory, one direction: load -> validate -> score -> page models -> render.

`engine.build` is the same sequence event by event, writing as it goes into staged files."""
from __future__ import annotations

from pathlib import Path

import jinja2

from sitegen import games as formats
from sitegen.build.engine import build
from sitegen.load.check import event_problems
from sitegen.load.site import load_site
from sitegen.model import ContentError, Site
from sitegen.pages.site import event_pages, shared_pages
from sitegen.pages.summary import card, sort_key, summarize
from sitegen.render.templates import environment, render_pages, static_files, theme_dirs

__all__ = ["build", "check", "render"]


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
    dirs = theme_dirs(site)
    env = env or environment(dirs)
    events = []
    for event in site.events:
        fmt = formats.format_of(event)
        summary = summarize(event, fmt, fmt.score(event))
        pages = event_pages(site, summary)
        events.append((card(summary, [p.path for p in pages]), pages))
    events.sort(key=lambda pair: sort_key(pair[0]))
    files = render_pages(site, shared_pages(site, [c for c, _ in events]), env)
    for _, pages in events:
        files |= render_pages(site, pages, env)
    return files | static_files(dirs)


