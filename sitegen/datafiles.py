"""The site's machine-readable files: pairings and standings data, the Atom feed and the sitemap."""
from __future__ import annotations

import json
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from .formats.base import RoundView, Scoreboard
from .model import Event, Site
from .summary import EventCard
from .text import csv_text, slugify
from .views import Clock


def absolute(site: Site, path: str) -> str:
    """The published URL of an output path, or '' when site.yaml has no base_url."""
    return site.base_url.rstrip("/") + "/" + path if site.base_url else ""


def json_file(data: Any) -> bytes:
    return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode()


def pairings_json(event: Event, view: RoundView, clock: Clock | None) -> dict[str, Any]:
    timed = {"start": clock.start, "minutes": clock.minutes} if clock else {}
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


def feed(site: Site, cards: list[EventCard]) -> bytes:
    """An Atom feed with one entry per posted round and per completed round, newest first."""
    entries = []
    for event in cards:
        for view in event.rounds:
            path = f"events/{event.slug}/{view.slug}.html"
            when = (view.start or event.date).replace(" ", "T")[:16]
            stamp = f"{when}:00Z" if "T" in when else f"{when}T00:00:00Z"
            entries.append((stamp, path, f"{event.name}: {view.label} pairings posted", f"{view.slug}-pairings"))
            if view.complete:
                entries.append((stamp, path, f"{event.name}: {view.label} results are in", f"{view.slug}-results"))
    entries.sort(key=lambda e: (e[0], e[1], e[3]), reverse=True)
    base = site.base_url.rstrip("/") + "/" if site.base_url else ""
    updated = entries[0][0] if entries else "1970-01-01T00:00:00Z"
    lines = ['<?xml version="1.0" encoding="utf-8"?>', '<feed xmlns="http://www.w3.org/2005/Atom">',
             f"<title>{escape(site.title)}</title>", f"<id>{escape(base or 'urn:sitegen:' + (slugify(site.title) or 'site'))}</id>",
             f"<updated>{updated}</updated>", f"<author><name>{escape(site.title)}</name></author>",
             f"<link rel=\"alternate\" href={quoteattr(base + 'index.html')}/>"]
    for stamp, path, title, key in entries:
        link = base + path
        lines += ["<entry>", f"<title>{escape(title)}</title>", f"<id>{escape(link + '#' + key)}</id>",
                  f"<updated>{stamp}</updated>", f"<link href={quoteattr(link)}/>", "</entry>"]
    lines.append("</feed>")
    return ("\n".join(lines) + "\n").encode()


def sitemap(site: Site, html_paths: list[str]) -> bytes:
    # Written line by line into one buffer: a site's sitemap grows with every event, its pieces need not be held too.
    data = bytearray(b'<?xml version="1.0" encoding="utf-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n')
    for path in sorted(p for p in html_paths if p != "404.html"):  # the URLs' order: they share their start
        data += f"<url><loc>{escape(absolute(site, path))}</loc></url>\n".encode()
    data += b"</urlset>\n"
    return bytes(data)
