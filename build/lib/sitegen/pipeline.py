"""The whole build, one direction: load -> validate -> score -> page models -> render -> write."""
from __future__ import annotations

from pathlib import Path

import jinja2

from . import formats
from .content import load_site
from .model import ContentError, Site
from .output import WriteReport, write_site
from .render import render_pages
from .site import build_pages


def check(content: str | Path) -> Site:
    """Load the content and run every format's checks; raises ContentError with all problems."""
    site = load_site(content)
    problems = [p for event in site.events for p in formats.validate(event)]
    if problems:
        raise ContentError(problems)
    return site


def render(content: str | Path, env: jinja2.Environment | None = None) -> dict[str, bytes]:
    """Every output file in memory. Nothing is written, so a mistake anywhere leaves the output as it was."""
    site = check(content)
    boards = {event.slug: formats.format_of(event).score(event) for event in site.events}
    return render_pages(site, build_pages(site, boards), env)


def build(content: str | Path, output: str | Path, env: jinja2.Environment | None = None) -> WriteReport:
    return write_site(Path(output), render(content, env))
