"""A crawl of the built demo site: every internal link and asset exists, every #anchor is on its
page, and nothing points at another site (a player's phone makes no request beyond the site)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urlsplit

import yaml
from conftest import write_files
from project import DEMO

URL_ATTRIBUTES = ("href", "src", "action", "poster", "data")
# Head links that name a page rather than load one: these may be absolute (canonical, feed).
NAMING_RELS = {"canonical", "alternate"}
CSS_URL = re.compile(r"""url\(\s*['"]?([^'")]+)['"]?\s*\)""")


@dataclass(frozen=True)
class Reference:
    source: str  # the referring file, relative to the site root
    url: str
    may_be_absolute: bool  # a <head> meta tag's or naming link's URL


@dataclass
class Parsed:
    ids: set[str] = field(default_factory=set)
    references: list[Reference] = field(default_factory=list)
    names_icon: bool = False  # without a <link rel="icon"> a browser asks the host's /favicon.ico, outside the site


class PageParser(HTMLParser):
    def __init__(self, source: str) -> None:
        super().__init__(convert_charrefs=True)
        self.source = source
        self.parsed = Parsed()
        self.in_head = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if tag == "head":
            self.in_head = True
        if tag == "body":
            self.in_head = False
        for name in ("id", "name") if tag == "a" else ("id",):
            if values.get(name):
                self.parsed.ids.add(values[name])
        if tag == "link" and "icon" in values.get("rel", "").split():
            self.parsed.names_icon = True
        naming = self.in_head and (tag == "meta" or (tag == "link" and NAMING_RELS & set(values.get("rel", "").split())))
        urls = [values[a] for a in URL_ATTRIBUTES if a in values]
        urls += [candidate.split()[0] for candidate in values.get("srcset", "").split(",") if candidate.strip()]
        if tag == "meta" and re.match(r"https?://", values.get("content", "")):
            urls.append(values["content"])
        self.parsed.references += [Reference(self.source, url, naming) for url in urls]

    def handle_endtag(self, tag: str) -> None:
        if tag == "head":
            self.in_head = False


def parse_site(root: Path) -> dict[str, Parsed]:
    """Ids and references of every HTML page, plus the url()s of every stylesheet."""
    parsed: dict[str, Parsed] = {}
    for path in sorted(root.rglob("*.html")):
        source = path.relative_to(root).as_posix()
        parser = PageParser(source)
        parser.feed(path.read_text(encoding="utf-8"))
        parser.close()
        parsed[source] = parser.parsed
    for path in sorted(root.rglob("*.css")):
        source = path.relative_to(root).as_posix()
        urls = CSS_URL.findall(path.read_text(encoding="utf-8"))
        parsed[source] = Parsed(references=[Reference(source, u, False) for u in urls])
    return parsed


def target_of(source: str, path: str) -> str | None:
    """The site-relative file a relative URL path points at, or None if it leaves the site."""
    parts: list[str] = []
    for part in (PurePosixPath(source).parent / unquote(path)).parts:
        if part == "..":
            if not parts:
                return None
            parts.pop()
        elif part != ".":
            parts.append(part)
    return "/".join(parts)


def problems(root: Path, base_url: str) -> list[str]:
    """Every broken reference in the site at root, as `source: url: what is wrong`."""
    site = parse_site(root)
    found = []
    for parsed in site.values():
        for ref in parsed.references:
            wrong = reference_problem(root, site, ref, base_url)
            if wrong:
                found.append(f"{ref.source}: {ref.url}: {wrong}")
    return found


def reference_problem(root: Path, site: dict[str, Parsed], ref: Reference, base_url: str) -> str | None:
    url = urlsplit(ref.url)
    if url.scheme in ("http", "https") or url.netloc:
        # 404.html is served for a missing URL at any depth, so only base_url links work there
        if (ref.may_be_absolute or ref.source == "404.html") and base_url and ref.url.startswith(base_url):
            return None
        return "absolute link (only <head> metadata and 404.html may name base_url)"
    if url.scheme in ("mailto", "data"):
        return None
    if url.scheme:
        return f"unexpected {url.scheme}: link"
    if url.path.startswith("/"):
        return "root-relative link (breaks when the site is served from a sub-path)"
    target = target_of(ref.source, url.path) if url.path else ref.source
    if target is None:
        return "leads out of the site"
    if (root / target).is_dir():  # a folder link is served as its index page
        target = (PurePosixPath(target) / "index.html").as_posix()
    if not (root / target).is_file():
        return f"{target} does not exist"
    if url.fragment and url.fragment not in site.get(target, Parsed()).ids:
        return f"no id {url.fragment!r} on {target}"
    return None


def test_the_demo_output_has_no_broken_link_missing_asset_or_external_link(demo_output):
    base_url = yaml.safe_load((DEMO / "site.yaml").read_text(encoding="utf-8")).get("base_url", "")
    assert problems(demo_output, base_url) == []


def test_the_crawl_reaches_every_page_and_the_stylesheet(demo_output):
    site = parse_site(demo_output)
    linked = {target_of(r.source, urlsplit(r.url).path) for p in site.values() for r in p.references
              if not urlsplit(r.url).scheme and urlsplit(r.url).path}
    # Every page but the home page (and a 404 page, shown by the server) is linked from somewhere.
    pages = {path for path in site if path.endswith(".html") and path not in ("index.html", "404.html")
             and 'http-equiv="refresh"' not in (demo_output / path).read_text(encoding="utf-8")}  # kept for links already shared
    assert pages - linked == set()
    assert "static/site.css" in linked


def test_the_crawl_finds_each_kind_of_broken_link(tmp_path):
    write_files(tmp_path, {
        "index.html": """
            <html><head><link rel="stylesheet" href="static/site.css">
            <meta property="og:url" content="https://example.org/site/index.html">
            <meta property="og:image" content="https://elsewhere.example/logo.png">
            <link rel="canonical" href="https://example.org/site/">
            </head><body id="top">
            <a href="#top">ok</a> <a href="./">ok</a> <a href="#gone">1</a> <a href="a/">2</a> <a href="a/page.html#t1">ok</a>
            <a href="a/page.html#t2">3</a> <a href="../up.html">4</a> <a href="/abs.html">5</a>
            <a href="https://example.org/site/">6</a> <img src="missing.png" alt=""> <a href="mailto:to@example.org">ok</a>
            <a href="javascript:void(0)">7</a>
            </body></html>""",
        "a/page.html": '<html><body><table id="t1"></table><a href="../index.html?x=1#top">ok</a></body></html>',
        "static/site.css": "body { background: url('img/bg.png'); }",
    })
    assert problems(tmp_path, "https://example.org/site/") == [
        "index.html: https://elsewhere.example/logo.png: absolute link (only <head> metadata and 404.html may name base_url)",
        "index.html: #gone: no id 'gone' on index.html",
        "index.html: a/: a/index.html does not exist",
        "index.html: a/page.html#t2: no id 't2' on a/page.html",
        "index.html: ../up.html: leads out of the site",
        "index.html: /abs.html: root-relative link (breaks when the site is served from a sub-path)",
        "index.html: https://example.org/site/: absolute link (only <head> metadata and 404.html may name base_url)",
        "index.html: missing.png: missing.png does not exist",
        "index.html: javascript:void(0): unexpected javascript: link",
        "static/site.css: img/bg.png: static/img/bg.png does not exist",
    ]


def test_every_page_names_its_icon(demo_output):
    """A page without one makes the browser ask the host for /favicon.ico: a 404 on a site served below a sub-path,
    as the kept address of an event's rules page was."""
    pages = {source: parsed for source, parsed in parse_site(demo_output).items() if source.endswith(".html")}
    assert [source for source, parsed in pages.items() if not parsed.names_icon] == []
