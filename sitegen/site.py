"""Page models: from the validated Site and each event's Scoreboard to (output path, template, context).

Nothing here renders or writes; `render` turns these into bytes and `output` writes them.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import markdown

from .formats import format_of
from .formats.base import Format, RoundView, Scoreboard
from .model import Event, Site


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
        next_step = "The elimination rounds come next."
    return EventSummary(event, fmt, board, "live", status, next_step)


def build_pages(site: Site, boards: dict[str, Scoreboard]) -> list[PageModel]:
    """Every page and data file of the site. `boards` maps an event slug to its Scoreboard."""
    summaries = [summarize(e, format_of(e), boards[e.slug]) for e in site.events]
    state_order = {"live": 0, "upcoming": 1, "finished": 2}
    summaries.sort(key=lambda s: (state_order[s.state], _negated(s.event.date), s.event.slug))
    nav_pages = sorted(site.pages, key=lambda p: (p.order, p.slug))
    common = {"site": site, "nav_pages": nav_pages}
    pages = [PageModel("index.html", "home.html", common | {"summaries": summaries, "title": site.title})]
    for page in nav_pages:
        html = markdown.markdown(page.body_markdown, extensions=["tables", "sane_lists"], output_format="html")
        pages.append(PageModel(f"pages/{page.slug}.html", "page.html", common | {"title": page.title, "body_html": html}))
    formats_used = sorted({s.format.name: s.format for s in summaries}.items())
    for name, fmt in formats_used:
        pages.append(PageModel(f"rules/{name}.html", f"rules/{name}.html", common | {"title": f"{fmt.title}: rules", "format": fmt, "rules": fmt.rules_context()}))
    for summary in summaries:
        pages += _event_pages(summary, common)
    return pages


def _negated(date: str) -> str:
    """Sort key that puts later ISO dates first."""
    return "".join(chr(0x10FFFF - ord(ch)) for ch in date)


def _event_pages(summary: EventSummary, common: dict[str, Any]) -> list[PageModel]:
    event, board = summary.event, summary.board
    base = f"events/{event.slug}"
    ctx = common | {"summary": summary, "event": event, "board": board, "players": event.player_by_id, "format": summary.format}
    pages = [PageModel(f"{base}/index.html", "event.html", ctx | {"title": event.name})]
    for view in board.rounds + board.elims:
        pages.append(PageModel(f"{base}/{view.round.slug}.html", "round.html", ctx | {"title": f"{view.label} — {event.name}", "view": view, "find": _find_list(view, event)}))
    pages.append(PageModel(f"{base}/standings.html", "standings.html", ctx | {"title": f"Standings — {event.name}", "rows": board.standings, "after": len(board.standings_after)}))
    for number, rows in enumerate(board.standings_after, start=1):
        pages.append(PageModel(f"{base}/standings-{number}.html", "standings.html", ctx | {"title": f"Standings after round {number} — {event.name}", "rows": rows, "after": number}))
    if board.elims or board.cut:
        pages.append(PageModel(f"{base}/bracket.html", "bracket.html", ctx | {"title": f"Elimination — {event.name}"}))
    standing_of = {row.player: row for row in board.standings}
    final_rank = dict((pid, rank) for rank, pid in board.final_ranking or [])
    for player in event.players:
        pages.append(PageModel(
            f"{base}/players/{player.id}.html",
            "player.html",
            ctx | {"title": f"{player.name} — {event.name}", "player": player, "standing": standing_of[player.id],
                   "history": board.player_rounds[player.id], "final_rank": final_rank.get(player.id)},
        ))
    pages.append(PageModel(f"{base}/standings.json", None, body=_json(board.export)))
    return pages


def _find_list(view: RoundView, event: Event) -> list[tuple[str, str, int | None, int | None]]:
    """(name, id, table, seat) for everyone in the round, alphabetically: the 'find your name' list."""
    rows = [(event.player_by_id[s.player].name, s.player, t.number, s.seat) for t in view.tables for s in t.seats]
    rows += [(event.player_by_id[p].name, p, None, None) for p in view.byes + view.sitting_out]
    return sorted(rows, key=lambda r: (r[0].casefold(), r[1]))


def _json(data: Any) -> bytes:
    return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode()
