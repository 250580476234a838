"""The site's machine-readable files: pairings and standings data, the Atom feed and the sitemap."""
from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from sitegen.games.base import RoundView, Scoreboard
from sitegen.language import language_tag
from sitegen.model import Event, Site
from sitegen.pages.display import Clock
from sitegen.pages.summary import EventCard
from sitegen.text import csv_text, slugify


def absolute(site: Site, path: str) -> str:
    """The published URL of an output path, or '' when site.yaml has no base_url."""
    return site.base_url.rstrip("/") + "/" + path if site.base_url else ""


def json_file(data: Any) -> bytes:
    """A data file's bytes: compact (an archive holds one standings.json and a pairings file per round of every event,
    and without `indent` the json module's C encoder writes it), one line and a newline."""
    return (json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


def pairings_json(event: Event, view: RoundView, clock: Clock | None) -> dict[str, Any]:
    timed: dict[str, Any] = {"start": clock.start, "minutes": clock.minutes} if clock else {}
    if clock and clock.paused_seconds:
        timed["paused_seconds"] = clock.paused_seconds
    if clock and clock.paused:
        timed["paused"] = clock.paused
    if clock and clock.called:
        timed["called"] = clock.called
    return timed | {
        "event": event.slug,
        "round": view.round.slug,
        "label": view.label,
        "complete": view.complete,
        "tables": [
            {"table": t.number, "pending": t.pending,
             "seats": [{"seat": s.seat, "id": s.player, "name": event.player_by_id[s.player].name} for s in t.seats]}
            for t in view.tables
        ],
        "byes": list(view.byes),
        "sitting_out": list(view.sitting_out),
    }


def standings_csv(event: Event, board: Scoreboard) -> bytes:
    header = ["rank", "id", "name"] + [c.key for c in board.standings_columns]
    rows = ([row.rank, row.player, event.player_by_id[row.player].name] + [row.values[c.key] for c in board.standings_columns]
            for row in board.standings)
    return csv_text(header, rows).encode()


FEED_ENTRIES = 200  # the newest entries the feed carries: a reader polls it for news, the archive is on the site
SITEMAP_URLS = 50_000  # the most URLs the sitemaps protocol lets one file list
SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


def feed(site: Site, cards: list[EventCard]) -> bytes:
    """An Atom feed with one entry per posted round and per completed round, newest first, the newest FEED_ENTRIES
    only (the feed of a site of a thousand events stays small): in the site's language (`xml:lang`), an event in
    its own language saying so on its entries."""
    entries = []
    for event in cards:
        for view in event.rounds:
            path = f"events/{event.slug}/{view.slug}.html"
            when = (view.start or event.date).replace(" ", "T")[:16]
            stamp = f"{when}:00Z" if "T" in when else f"{when}T00:00:00Z"
            entries.append((stamp, path, view.posted, f"{view.slug}-pairings", event.language))
            if view.complete:
                entries.append((stamp, path, view.results, f"{view.slug}-results", event.language))
    entries.sort(key=lambda e: (e[0], e[1], e[3]), reverse=True)
    del entries[FEED_ENTRIES:]
    base = site.base_url.rstrip("/") + "/" if site.base_url else ""
    updated = entries[0][0] if entries else "1970-01-01T00:00:00Z"
    data = bytearray()  # written entry by entry
    data += (f'<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="{language_tag(site.language)}">\n'
             f"<title>{escape(site.title)}</title>\n<id>{escape(base or 'urn:sitegen:' + (slugify(site.title) or 'site'))}</id>\n"
             f"<updated>{updated}</updated>\n<author><name>{escape(site.title)}</name></author>\n"
             f"<link rel=\"alternate\" href={quoteattr(base + 'index.html')}/>\n").encode()
    for stamp, path, title, key, language in entries:
        link = base + path
        own = f' xml:lang="{language_tag(language)}"' if language != site.language else ""
        data += (f"<entry{own}>\n<title>{escape(title)}</title>\n<id>{escape(link + '#' + key)}</id>\n"
                 f"<updated>{stamp}</updated>\n<link href={quoteattr(link)}/>\n</entry>\n").encode()
    data += b"</feed>\n"
    return bytes(data)


def sitemaps(site: Site, html_paths: Iterable[str], per_file: int = SITEMAP_URLS) -> dict[str, bytes]:
    """The sitemap of every page but 404.html, by output path; `html_paths` come sorted (the URLs' order: they share
    their start). Up to `per_file` URLs it is one sitemap.xml; beyond, sitemap.xml is the index of sitemap-1.xml,
    sitemap-2.xml ..., each listing `per_file` URLs at most (the protocol's limit), so search engines read them all.

    Written line by line, the paths taken one at a time: a site's sitemap grows with every event."""
    files: list[bytearray] = []
    counts: list[int] = []
    previous = ""
    for path in html_paths:
        if path <= previous:
            raise ValueError(f"sitemap paths out of order: {path!r} after {previous!r}")
        previous = path
        if path == "404.html":
            continue
        if not files or counts[-1] == per_file:
            files.append(bytearray(f'<?xml version="1.0" encoding="utf-8"?>\n<urlset xmlns="{SITEMAP_NS}">\n'.encode()))
            counts.append(0)
        files[-1] += f"<url><loc>{escape(absolute(site, path))}</loc></url>\n".encode()
        counts[-1] += 1
    if len(files) <= 1:
        head = f'<?xml version="1.0" encoding="utf-8"?>\n<urlset xmlns="{SITEMAP_NS}">\n'.encode()
        return {"sitemap.xml": bytes(files[0] if files else head) + b"</urlset>\n"}
    index = bytearray(f'<?xml version="1.0" encoding="utf-8"?>\n<sitemapindex xmlns="{SITEMAP_NS}">\n'.encode())
    for number in range(1, len(files) + 1):
        index += f"<sitemap><loc>{escape(absolute(site, f'sitemap-{number}.xml'))}</loc></sitemap>\n".encode()
    parts = {f"sitemap-{number}.xml": bytes(data) + b"</urlset>\n" for number, data in enumerate(files, start=1)}
    return {"sitemap.xml": bytes(index) + b"</sitemapindex>\n"} | parts
