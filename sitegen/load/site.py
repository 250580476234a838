"""Load a content folder (site.yaml, its theme, the pages and every event) into the model's Site.

Every problem in the folder is collected with its `path:line` and reported together; one
event folder alone is `content_event.load_event`.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from sitegen.load import declared
from sitegen.load.event import read_event
from sitegen.load.players_and_leagues import read_leagues, read_people
from sitegen.load.reader import FAILED, Collector, visible
from sitegen.load.yaml_reader import LineDict, LineList, parse_yaml
from sitegen.model import (
    DEFAULT_LANGUAGE,
    REPORT_MODES,
    REPORTS_CONFIRM_ALL,
    REPORTS_MERGED,
    REPORTS_REVIEWED,
    SITE_KEYS,
    ContentError,
    Page,
    Problem,
    Site,
    Where,
)
from sitegen.schema import keys
from sitegen.text import N_, login_problem, suggest, text_control_problem


@dataclass(frozen=True)
class Outline:
    """A content folder without its events read: the site (events left empty), the event folders to read
    and the problems found so far, in the order a whole load reports them."""

    site: Site
    entries: tuple[Path | Problem, ...]  # each event folder, or the problem with an entry of events/, in folder order
    before: tuple[Problem, ...]  # site.yaml's own and the theme's, reported before the events'
    after: tuple[Problem, ...]  # the pages' and site.yaml's fields, reported after the events'


def load_site(root: str | Path) -> Site:
    """Read and check a whole content folder. Raises ContentError listing every problem found."""
    outline = read_outline(root)
    problems, events = list(outline.before), []
    for entry in outline.entries:
        if isinstance(entry, Problem):
            problems.append(entry)
            continue
        c = Collector(Path(root))
        event = read_event(entry, c)
        problems += c.problems
        if event:
            events.append(event)
    problems += outline.after
    if problems:
        raise ContentError(problems)
    return replace(outline.site, events=tuple(events))


def read_outline(root: str | Path) -> Outline:
    """site.yaml, the theme's files and the pages, and the list of event folders (each one is read on its own)."""
    root = Path(root)
    site_path = root / "site.yaml"
    shown = str(site_path)
    if not site_path.exists() and not site_path.is_symlink():
        raise ContentError([Problem(Where(shown, 1), f"no site.yaml in {root}/; create one with 'title: My events'")])
    c = Collector(root)
    raw = c.read(site_path, shown)
    if raw is None:  # nothing but comments, or nothing at all: not the site a TO meant to publish
        c.add(Where(shown, 1), N_("site.yaml is empty; write at least the site's title, e.g. 'title: Crow's Nest'"))
    data = c.mapping(raw, Where(shown, 1), "site.yaml") if raw not in (None, FAILED) else None
    data = data or LineDict()
    c.unknown_keys(data, SITE_KEYS, shown, "site.yaml")
    c.no_empty_values(data, shown)
    theme = declared.text(c, data, keys.SITE, "theme", shown)
    where_theme = Where(shown, data.key_lines.get("theme", 1))
    if c.identifier(theme, where_theme, "'theme'") and c.folder(root / "themes" / theme):
        _check_theme_files(root / "themes" / theme, c)
        c.no_file_for_folder(root / "themes" / theme / "templates")
        c.no_file_for_folder(root / "themes" / theme / "static")
    for folder in (root / "pages", root / "events", root / "leagues"):
        c.no_file_for_folder(folder)
    before, c.problems = c.problems, []
    entries: list[Path | Problem] = []
    for event_dir in visible(root / "events") if c.folder(root / "events") else []:
        if c.folder(event_dir):
            entries.append(event_dir)
        entries += c.problems
        c.problems = []
    entries += c.problems  # the events folder itself
    c.problems = []
    pages = []
    if c.folder(root / "pages"):
        pages = [_load_page(p, c) for p in visible(root / "pages") if p.suffix == ".md"]
        for odd in (p for p in visible(root / "pages") if p.suffix.lower() == ".md" and p.suffix != ".md"):
            c.add(Where(str(odd), 1), N_("pages end in '.md' in small letters; rename it {name}.md", name=odd.stem))
    site = _site(root, data, theme, pages, entries, c)
    return Outline(site, tuple(entries), tuple(before), tuple(c.problems))


def _site(root: Path, data: LineDict, theme: str, pages: list[Page | None], entries: list[Path | Problem], c: Collector) -> Site:
    """site.yaml's record, with players.yaml and the leagues (the events are read on their own)."""
    shown = str(root / "site.yaml")
    return Site(
        title=_site_title(data, shown, c),
        base_url=_base_url(data, shown, c),
        theme=theme,
        root=str(root),
        events=(),
        pages=tuple(p for p in pages if p),
        options={"description": declared.text(c, data, keys.SITE, "description", shown), "timezone": c.timezone(data, "timezone", shown)},
        key_lines=dict(data.key_lines),
        people=read_people(root, c),
        leagues=read_leagues(root, {e.name for e in entries if isinstance(e, Path)}, c),
        organizers=_organizers(data, shown, c),
        reports=(reports := _reports(data, shown, c))[0],
        confirm_all=reports[1],
        language=c.language(data, "language", shown) or DEFAULT_LANGUAGE,
        image_sources=_image_sources(data, shown, c),
    )


# An absolute web address: it goes into links, the feed and the sitemap, so no javascript:, data: or relative one.
WEB_ADDRESS = re.compile(r"https?://[^\s/?#\\\"'<>`]+(?:[/?#][^\s\\\"'<>`]*)?", re.IGNORECASE)


def _base_url(data: LineDict, shown: str, c: Collector) -> str:
    url = declared.text(c, data, keys.SITE, "base_url", shown)
    if url and not WEB_ADDRESS.fullmatch(url):
        c.add(Where(shown, data.key_lines["base_url"]), N_("'base_url: {url}' is not a web address; write the site's address starting "
              "with https:// (or http://), e.g. 'base_url: https://your-name.github.io/your-repo/'", url=url))
        return ""
    return url


# A web origin, as the pages' Content-Security-Policy names one: a scheme, a host and perhaps a port, nothing else.
WEB_ORIGIN = re.compile(r"(https?://[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(?::[0-9]{1,5})?)/?", re.IGNORECASE)


def _image_sources(data: LineDict, shown: str, c: Collector) -> tuple[str, ...]:
    """site.yaml's `image_sources:`, the sites a page may show images from (by default only the site itself: an image
    from elsewhere tells that site who reads the page, and when)."""
    raw = data.get("image_sources")
    if raw is None:
        return ()
    if not isinstance(raw, LineList):
        c.add(Where(shown, data.key_lines["image_sources"]), N_("'image_sources' must be a list of web addresses, e.g. "
                                                                "'image_sources: [https://images.example.org]'"))
        return ()
    sources = []
    for source, line in zip(raw, raw.item_lines):
        found = WEB_ORIGIN.fullmatch(source) if isinstance(source, str) else None
        if found:
            sources.append(found[1].lower())
        else:
            c.add(Where(shown, line), N_("'image_sources': {source} is not a web origin; write the site's scheme and "
                                         "name only, e.g. https://images.example.org", source=repr(str(source)[:80])))
    return tuple(sources)


def _organizers(data: LineDict, shown: str, c: Collector) -> tuple[str, ...]:
    """site.yaml's `organizers:`, the GitHub logins that may report any table's result."""
    raw = data.get("organizers")
    if raw is None:
        return ()
    if not isinstance(raw, LineList):
        c.add(Where(shown, data.key_lines["organizers"]), N_("'organizers' must be a list of GitHub logins, e.g. 'organizers: [ann-example]'"))
        return ()
    logins = []
    for login, line in zip(raw, raw.item_lines):
        problem = login_problem(login)
        if problem:
            c.add(Where(shown, line), N_("{what}: {problem}", what="'organizers'", problem=problem))
        else:
            logins.append(str(login))
    return tuple(logins)


def _reports(data: LineDict, shown: str, c: Collector) -> tuple[str, bool]:
    """`reports:`, one word or a list: one of REPORT_MODES (default: review), and `confirm-all` or not."""
    raw = data.get("reports")
    words = [str(word) for word in raw] if isinstance(raw, LineList) else [c.text(data, "reports", shown, default=REPORTS_REVIEWED)]
    known = (*REPORT_MODES, REPORTS_CONFIRM_ALL)
    for word in words:
        if word not in known:
            c.add(Where(shown, data.key_lines["reports"]), f"'reports: {word}': {suggest(word, known)} ({REPORTS_REVIEWED}: a person "
                  f"merges each reported result; {REPORTS_MERGED}: merged once confirmed; {REPORTS_CONFIRM_ALL}: a table of more "
                  "than two players is confirmed by all of them)")
    modes = [word for word in words if word in REPORT_MODES]
    if len(modes) > 1:
        c.add(Where(shown, data.key_lines["reports"]), N_("'reports' names both {first} and {second}; keep one", first=modes[0], second=modes[1]))
    return (modes[0] if modes else REPORTS_REVIEWED), REPORTS_CONFIRM_ALL in words


def _site_title(data: LineDict, shown: str, c: Collector) -> str:
    """site.yaml's title; 'title:' with nothing after it is a problem (`no_empty_values`; no 'title' line at all is the
    default)."""
    return declared.text(c, data, keys.SITE, "title", shown) or str(keys.named(keys.SITE, "title").default)


def _check_theme_files(theme_dir: Path, c: Collector) -> None:
    """A theme in the content folder is published too: none of its files may lead outside the folder."""
    for folder, dirs, files in os.walk(theme_dir, onerror=c.cannot_list):  # a folder it may not read too: not skipped
        for name in dirs + files:
            if c.inside(Path(folder) / name):
                c.regular(Path(folder) / name, str(Path(folder) / name))


# Markdown's parser recurses once per level of nested lists and quotes, and its time and memory grow much faster than
# the depth (issue 29: a 20 KB page nested 1000 deep took minutes; 250 deep crashed it). No reader follows a list
# nested deeper than this: a line whose list and quote markers and indentation take more than 4 columns a level (a
# Markdown level's indentation) is refused before Markdown sees the page.
MARKDOWN_DEPTH = 16
_NESTING = re.compile(r"(?:[ \t>]|(?:[-*+]|[0-9]{1,9}[.)])(?=[ \t]))*")


def _too_deep(body: str, first_line: int) -> tuple[int, str] | None:
    """The first line of a page's Markdown nested past MARKDOWN_DEPTH, and what is wrong there; None when none is."""
    for number, line in enumerate(body.split("\n"), first_line):
        prefix = _NESTING.match(line)[0]  # type: ignore[index]  # the pattern matches the empty string
        columns = len(prefix.expandtabs(4))
        if columns > 4 * MARKDOWN_DEPTH:
            return number, (f"this line's list or quote is nested too deep (its markers and indentation take {columns} "
                            f"columns; a page nests at most {MARKDOWN_DEPTH} levels of 4 columns): flatten it")
    return None


def _load_page(path: Path, c: Collector) -> Page | None:
    shown = str(path)
    slug = c.identifier(path.stem, Where(shown, 1), N_("the page's file name (it becomes its address)"))
    text = c.read_text(path, shown)
    if text is None or slug is None:
        return None
    text = text.removeprefix("\ufeff")  # a byte order mark (Windows editors): the front matter still starts the page
    if control := text_control_problem(text):  # YAML refuses these in the front matter; the Markdown must too
        c.add(Where(shown, control[0]), control[1])
        return None
    meta: Any = LineDict()
    body = text
    if text.startswith("---\n"):
        end = text.find("\n---", 4)
        if end == -1:
            c.add(Where(shown, 1), N_("front matter starts with '---' but never ends; add a closing '---' line"))
            return None
        meta = _front_matter(text[4:end], shown, c)
        if meta is None:
            return None
        body = text[end + 4 :].lstrip("\n")
    if deep := _too_deep(body, text.count("\n", 0, len(text) - len(body)) + 1):
        c.add(Where(shown, deep[0]), deep[1])
        return None
    return Page(
        slug=slug,
        title=str(meta.get("title") or path.stem.replace("-", " ").capitalize()),
        order=meta.get("order", 100),
        body_markdown=body,
        where=Where(shown, 1),
    )


def _front_matter(text: str, shown: str, c: Collector) -> LineDict | None:
    """A page's front matter (the text between its '---' lines, from the page's line 2), or None with its problems."""
    try:
        meta = c.mapping(parse_yaml(text, shown) or LineDict(), Where(shown, 1), "front matter")
    except ContentError as exc:
        c.problems.extend(Problem(Where(shown, p.where.line + 1), p.message) for p in exc.problems)
        return None
    if meta is None:
        return None
    before = len(c.problems)
    for key in meta:
        if key not in ("title", "order"):
            c.add(Where(shown, meta.key_lines[key] + 1), N_("unknown front matter key '{key}'; {hint}", key=key, hint=suggest(key, ("title", "order"))))
    title, order = meta.get("title"), meta.get("order")
    if "title" in meta and (title is None or isinstance(title, (list, dict))):
        c.add(Where(shown, meta.key_lines["title"] + 1), N_("'title' must be a single line of text, e.g. 'title: About us'"))
    elif "title" in meta and not str(title).strip():
        c.add(Where(shown, meta.key_lines["title"] + 1), N_("'title' has no value; write the page's title, e.g. 'title: About us', "
                                                             "or delete the line"))
    elif "title" in meta:
        c.one_line(str(title), Where(shown, meta.key_lines["title"] + 1), "'title'")
    if "order" in meta and (isinstance(order, bool) or not isinstance(order, int)):
        c.add(Where(shown, meta.key_lines["order"] + 1), N_("'order' must be a whole number (lower comes first in the menu), not {order}",
                                                            order=repr(order)))
    if len(c.problems) > before:
        return None
    return meta
