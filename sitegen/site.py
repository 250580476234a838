"""Page models: from the validated Site and each event's Scoreboard to (output path, template, context).

Nothing here renders or writes; `render` turns these into bytes and `output` writes them.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from typing import Any
from xml.sax.saxutils import escape, quoteattr

import markdown
import segno

from .charts import Bar, BarChart, bar_chart, rank_chart
from .formats import format_of
from .formats.base import Format, RoundView, Scoreboard
from .model import Event, Site
from .text import csv_text, slugify


@dataclass(frozen=True)
class PageModel:
    path: str  # output path, relative to the output folder, with '/' separators
    template: str | None  # None: `body` is the file's content as it is
    context: dict[str, Any] = field(default_factory=dict)
    body: bytes = b""

    @property
    def root(self) -> str:
        """The relative prefix back to the site's root, so links work from a sub-path and from disk."""
        return "../" * self.path.count("/")


@dataclass(frozen=True)
class EventSummary:
    event: Event
    format: Format
    board: Scoreboard
    state: str  # "live", "upcoming" or "finished"
    status: str  # one line for the home page, e.g. "Round 3 of 5 — pairings posted"
    next_step: str


def summarize(event: Event, fmt: Format, board: Scoreboard) -> EventSummary:
    if board.final_ranking is not None:
        champion = event.player_by_id[board.final_ranking[0][1]].name if board.final_ranking else ""
        return EventSummary(event, fmt, board, "finished", f"Finished — won by {champion}", "")
    current = (board.rounds + board.elims)[-1] if board.rounds or board.elims else None
    if current is None:
        return EventSummary(event, fmt, board, "upcoming", f"{len(event.players)} players registered", "Round 1 pairings come next.")
    stage = f"Round {current.round.number} of {board.planned_rounds}" if current.round.stage == "round" else current.label
    entered = sum(not t.pending for t in current.tables)
    if current.complete:
        status = f"{stage} — results in"
    elif entered == 0:
        status = f"{stage} — pairings posted"
    else:
        status = f"{stage} — {entered} of {len(current.tables)} results in"
    if not current.complete:
        next_step = "Results are entered as games finish."
    elif current.round.stage == "round" and current.round.number < board.planned_rounds:
        next_step = f"Round {current.round.number + 1} pairings come next."
    else:
        next_step = fmt.after_preliminaries
    return EventSummary(event, fmt, board, "live", status, next_step)


def build_pages(site: Site, boards: dict[str, Scoreboard]) -> list[PageModel]:
    """Every page and data file of the site. `boards` maps an event slug to its Scoreboard."""
    summaries = [summarize(e, format_of(e), boards[e.slug]) for e in site.events]
    state_order = {"live": 0, "upcoming": 1, "finished": 2}
    summaries.sort(key=lambda s: (state_order[s.state], _negated(s.event.date), s.event.slug))
    nav_pages = sorted(site.pages, key=lambda p: (p.order, p.slug))
    common = {"site": site, "nav_pages": nav_pages, "base": site.base_url.rstrip("/") + "/" if site.base_url else ""}
    pages = [PageModel("index.html", "home.html", common | {"summaries": summaries, "title": site.title})]
    for page in nav_pages:
        html = markdown.markdown(page.body_markdown, extensions=["tables", "sane_lists"], output_format="html")
        pages.append(PageModel(f"pages/{page.slug}.html", "page.html", common | {"title": page.title, "body_html": html}))
    formats_used = sorted({s.format.name: s.format for s in summaries}.items())
    for name, fmt in formats_used:
        pages.append(PageModel(f"rules/{name}.html", f"rules/{name}.html", common | {"title": f"{fmt.title}: rules", "format": fmt, "rules": fmt.rules_context()}))
    for summary in summaries:
        pages += _event_pages(summary, common)
    # Served for a missing URL at any depth: with a base_url every link and asset must be absolute.
    pages.append(PageModel("404.html", "404.html", common | {"title": "Page not found", "root": common["base"]}))
    pages.append(PageModel("feed.xml", None, body=_feed(site, summaries)))
    if site.base_url:
        pages.append(PageModel("sitemap.xml", None, body=_sitemap(site, pages)))
    for name in ("standings.schema.json", "pairings.schema.json"):
        pages.append(PageModel(f"schema/{name}", None, body=resources.files("sitegen.schema").joinpath(name).read_bytes()))
    return pages


def absolute(site: Site, path: str) -> str:
    """The published URL of an output path, or '' when site.yaml has no base_url."""
    return site.base_url.rstrip("/") + "/" + path if site.base_url else ""


def _negated(date: str) -> str:
    """Sort key that puts later ISO dates first."""
    return "".join(chr(0x10FFFF - ord(ch)) for ch in date)


def _event_pages(summary: EventSummary, common: dict[str, Any]) -> list[PageModel]:
    event, board = summary.event, summary.board
    base = f"events/{event.slug}"
    ctx = common | {"summary": summary, "event": event, "board": board, "players": event.player_by_id, "format": summary.format}
    status = _status(summary)
    meta = _meta(event, board)
    ctx |= {"status_version": status["version"], "meta": meta, "description": f"{event.name}: {summary.status}"}
    pages = [PageModel(f"{base}/index.html", "event.html", ctx | {"title": event.name})]
    for view in board.rounds + board.elims:
        slug = view.round.slug
        round_ctx = ctx | {"view": view, "find": _find_list(view, event), "clock": _clock(view)}
        pages.append(PageModel(f"{base}/{slug}.html", "round.html", round_ctx | {"title": f"{view.label} — {event.name}"}))
        live_url = absolute(common["site"], f"{base}/{slug}.html")
        # A fixed mask pattern: any mask scans, and searching for the best one costs 3-5x the whole encoding.
        qr = segno.make(live_url, error="m", mask=0).svg_inline(scale=4, dark="#000", light="#fff") if live_url else ""
        pages.append(PageModel(f"{base}/{slug}-print.html", "print.html", round_ctx | {"title": f"{view.label} pairings — {event.name}", "qr_svg": qr, "live_url": live_url}))
        pages.append(PageModel(f"{base}/pairings/{slug}.json", None, body=_json(_pairings_json(event, view))))
    cut_note = _cut_note(board, event)
    pages.append(PageModel(f"{base}/standings.html", "standings.html", ctx | {"title": f"Standings — {event.name}", "rows": board.standings,
                                                                             "after": len(board.standings_after), "cut_note": cut_note}))
    for number, rows in enumerate(board.standings_after, start=1):
        pages.append(PageModel(f"{base}/standings-{number}.html", "standings.html", ctx | {
            "title": f"Standings after round {number} — {event.name}", "rows": rows, "after": number,
            "cut_note": cut_note if number == board.planned_rounds else []}))
    if board.elims or board.cut:
        pages.append(PageModel(f"{base}/bracket.html", "bracket.html", ctx | {"title": f"Elimination — {event.name}"}))
    if meta:
        pages.append(PageModel(f"{base}/meta.html", "meta.html", ctx | {"title": f"Decks — {event.name}", "meta": meta}))
    standing_of = {row.player: row for row in board.standings}
    final_rank = dict((pid, rank) for rank, pid in board.final_ranking or [])
    for player in event.players:
        history = board.player_rounds[player.id]
        ranks = [(h.label.replace("Round ", "R"), h.rank) for h in history if h.rank]
        pages.append(PageModel(
            f"{base}/players/{player.id}.html",
            "player.html",
            ctx | {"title": f"{player.name} — {event.name}", "player": player, "standing": standing_of[player.id],
                   "history": history, "final_rank": final_rank.get(player.id), "chart": rank_chart(ranks, len(event.players))},
        ))
    pages.append(PageModel(f"{base}/standings.json", None, body=_json(board.export)))
    pages.append(PageModel(f"{base}/standings.csv", None, body=_standings_csv(event, board)))
    pages.append(PageModel(f"{base}/status.json", None, body=_json(status)))
    return pages


def _cut_note(board: Scoreboard, event: Event) -> list[str]:
    """The qualifiers in cut order, once the Swiss rounds are over, when that order is not the standings' own."""
    if not board.cut or not board.cut_order or len(board.standings_after) < board.planned_rounds:
        return []
    dropped = {p.id for p in event.players if p.dropped is not None}
    by_cut = [pid for pid in board.cut_order if pid not in dropped][: board.cut]
    by_standings = [row.player for row in board.standings if row.player not in dropped][: board.cut]
    return by_cut if by_cut != by_standings else []


def _status(summary: EventSummary) -> dict[str, Any]:
    """What an open page polls to notice a new round or new results."""
    views = summary.board.rounds + summary.board.elims
    current = views[-1] if views else None
    results = sum(not t.pending for t in current.tables) if current else 0
    version = f"{current.round.slug}:{results}" if current else "none"
    return {"event": summary.event.slug, "state": summary.state, "status": summary.status,
            "current": current.round.slug if current else None, "results_in": results, "version": version}


def _clock(view: RoundView) -> dict[str, Any] | None:
    """Start (local time, as the browser reads it) and length of a timed round still in play."""
    round_ = view.round
    if view.complete or not round_.start or not round_.minutes:
        return None
    day, time = round_.start[:10], round_.start[11:16]  # the loader checked the 'YYYY-MM-DD HH:MM' shape
    return {"start": f"{day}T{time}", "minutes": round_.minutes, "shown": f"{day} {time}"}


def _pairings_json(event: Event, view: RoundView) -> dict[str, Any]:
    return {
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


def _standings_csv(event: Event, board: Scoreboard) -> bytes:
    header = ["rank", "id", "name"] + [c.key for c in board.standings_columns]
    rows = ([row.rank, row.player, event.player_by_id[row.player].name] + [row.values[c.key] for c in board.standings_columns]
            for row in board.standings)
    return csv_text(header, rows).encode()


def _meta(event: Event, board: Scoreboard) -> dict[str, BarChart] | None:
    """Players, games and wins per value of each of the format's meta fields (AGoT: faction, agenda)."""
    breakdown: dict[str, BarChart] = {}
    for key in format_of(event).meta_fields:
        groups: dict[str, list[int]] = {}
        for player in event.players:
            value = player.deck.get(key)
            if not value:
                continue
            games = [h.won for h in board.player_rounds[player.id] if h.won is not None]
            counts = groups.setdefault(value, [0, 0, 0])
            counts[0] += 1
            counts[1] += len(games)
            counts[2] += sum(games)
        bars = [Bar(label, *counts) for label, counts in groups.items()]
        bars.sort(key=lambda b: (-b.players, b.label))
        if bars:
            breakdown[key] = bar_chart(bars)
    return breakdown or None


def _feed(site: Site, summaries: list[EventSummary]) -> bytes:
    """An Atom feed with one entry per posted round and per completed round, newest first."""
    entries = []
    for summary in summaries:
        event = summary.event
        for view in summary.board.rounds + summary.board.elims:
            path = f"events/{event.slug}/{view.round.slug}.html"
            when = (view.round.start or event.date).replace(" ", "T")[:16]
            stamp = f"{when}:00Z" if "T" in when else f"{when}T00:00:00Z"
            entries.append((stamp, path, f"{event.name}: {view.label} pairings posted", f"{view.round.slug}-pairings"))
            if view.complete:
                entries.append((stamp, path, f"{event.name}: {view.label} results are in", f"{view.round.slug}-results"))
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


def _sitemap(site: Site, pages: list[PageModel]) -> bytes:
    urls = [absolute(site, p.path) for p in pages if p.path.endswith(".html") and p.path != "404.html"]
    body = "".join(f"<url><loc>{escape(u)}</loc></url>\n" for u in sorted(urls))
    return ('<?xml version="1.0" encoding="utf-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
            + body + "</urlset>\n").encode()


def _find_list(view: RoundView, event: Event) -> list[tuple[str, str, int | None, int | None]]:
    """(name, id, table, seat) for everyone in the round, alphabetically: the 'find your name' list."""
    rows = [(event.player_by_id[s.player].name, s.player, t.number, s.seat) for t in view.tables for s in t.seats]
    rows += [(event.player_by_id[p].name, p, None, None) for p in view.byes + view.sitting_out]
    return sorted(rows, key=lambda r: (r[0].casefold(), r[1]))


def _json(data: Any) -> bytes:
    return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode()
