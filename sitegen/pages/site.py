"""Page models: from the validated Site and each event's summary to (output path, template, context).

Nothing here renders or writes; `render` turns these into bytes and `output` writes them. What a page
shows is worked out here (with `views` and `summary`), so the templates only format it.
"""
from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import markdown
import segno

from sitegen.games.base import Format, Scoreboard
from sitegen.model import Site
from sitegen.pages import datafiles, venue
from sitegen.pages import display as views
from sitegen.pages import player_display as player_views
from sitegen.pages.charts import rank_chart
from sitegen.pages.league_pages import season_pages
from sitegen.pages.league_standings import leagues_of
from sitegen.pages.summary import EventCard, EventSummary, sections, sort_key, status

EVENT_PAGE_RANKING = 8  # final places listed on the event page; the bracket page lists them all


@dataclass(frozen=True)
class PageModel:
    path: str  # output path, relative to the output folder, with '/' separators
    template: str | None  # None: `body` is the file's content as it is
    context: dict[str, Any] = field(default_factory=dict)
    body: bytes = b""
    fallback: str = ""  # the template to use when the theme has no `template` (a format without its own page)

    @property
    def root(self) -> str:
        """The relative prefix back to the site's root, so links work from a sub-path and from disk."""
        return "../" * self.path.count("/")


def common_context(site: Site) -> dict[str, Any]:
    """What every page is given: the site, its menu and the absolute base URL ('' without base_url)."""
    nav_pages = sorted(site.pages, key=lambda p: (p.order, p.slug))
    return {"site": site, "nav_pages": nav_pages, "base": site.base_url.rstrip("/") + "/" if site.base_url else ""}


def shared_pages(site: Site, cards: list[EventCard]) -> list[PageModel]:
    """The pages and data files about the whole site: home, pages, rules, 404, feed, sitemap, schemas.

    They read only each event's card, so an unchanged event need not be read again to build them."""
    cards = sorted(cards, key=sort_key)
    common = common_context(site)
    pages = [PageModel("index.html", "home.html", common | {"summaries": cards, "sections": sections(cards), "title": site.title})]
    for page in common["nav_pages"]:
        html = markdown.markdown(page.body_markdown, extensions=["tables", "sane_lists"], output_format="html")
        pages.append(PageModel(f"pages/{page.slug}.html", "page.html", common | {"title": page.title, "body_html": html}))
    pages += _rules_pages(cards, common) + season_pages(site, cards, common)
    # Served for a missing URL at any depth: with a base_url every link and asset must be absolute.
    pages.append(PageModel("404.html", "404.html", common | {"title": "Page not found", "root": common["base"]}))
    pages.append(PageModel("feed.xml", None, body=datafiles.feed(site, cards)))
    if site.base_url:
        pages.append(PageModel("sitemap.xml", None, body=datafiles.sitemap(site, _html_paths(pages, cards))))
    for name in ("standings.schema.json", "pairings.schema.json"):
        pages.append(PageModel(f"schema/{name}", None, body=resources.files("sitegen.schema").joinpath(name).read_bytes()))
    return pages


def _html_paths(pages: list[PageModel], cards: list[EventCard]) -> Iterator[str]:
    """Every HTML page's path, sorted, one event's at a time (a site has tens of thousands): an event's pages are
    all in events/SLUG/, so the events go by SLUG + '/' and the pages about all events merge in."""
    by_folder = sorted(cards, key=lambda card: card.slug + "/")
    events = (sorted(rel for rel in card.files.split("\n") if rel.endswith(".html")) for card in by_folder)
    return heapq.merge(sorted(page.path for page in pages if page.path.endswith(".html")), itertools.chain.from_iterable(events))


def _tiebreakers(fmt: Format) -> list[str]:
    """The tiebreaker text to include: the format's own, else a generic one built from its standings columns."""
    return [f"tiebreakers/{fmt.name}.html", "tiebreakers/generic.html"]


def _rules_pages(cards: list[EventCard], common: dict[str, Any]) -> list[PageModel]:
    """One rules page per format in use; a format without its own rules template gets the generic one."""
    first_of = {c.format.name: c for c in reversed(cards)}  # the standings columns of one of its events
    pages = []
    for name, card in sorted(first_of.items()):
        fmt = card.format
        pages.append(PageModel(f"rules/{name}.html", f"rules/{name}.html", common | {
            "title": f"{fmt.title}: rules", "format": fmt, "rules": fmt.rules_context(),
            "standings_columns": list(card.standings_columns), "tiebreakers": _tiebreakers(fmt)}, fallback="rules/generic.html"))
    return pages


def _elimination_page(board: Scoreboard) -> str:
    """Where the event menu's elimination link leads: a single final table (V:TES) is its own round page,
    anything else the bracket page; "" for an event without a cut."""
    if board.elims and all(v.round.stage == "final" for v in board.elims) and len(board.elims) == 1:
        return f"{board.elims[0].round.slug}.html"
    return "bracket.html" if board.elims or board.cut else ""


def event_pages(site: Site, summary: EventSummary) -> list[PageModel]:
    """One event's pages and data files: they read nothing of the other events."""
    common = common_context(site)
    event, board = summary.event, summary.board
    base = f"events/{event.slug}"
    event_status = status(summary)
    meta = views.meta_charts(event, board)
    zone = event.timezone or site.options.get("timezone", "")
    ctx = common | {"leagues": leagues_of(site.leagues, event.slug, summary.format.name, event.date),
                    "known": {p.id for p in site.people},
                    "summary": summary, "event": event, "board": board, "players": event.player_by_id, "format": summary.format,
                    "status_version": event_status["version"], "meta": meta, "description": f"{event.name}: {summary.status}",
                    "elim_page": _elimination_page(board),
                    "standings_columns": board.standings_columns,
                    "tiebreakers": _tiebreakers(summary.format)}
    pages = [PageModel(f"{base}/index.html", "event.html", ctx | {"title": event.name, "current": summary.current,
                                                                  "rounds": views.round_entries(board),
                                                                  "final_top": (board.final_ranking or [])[:EVENT_PAGE_RANKING]})]
    for view in board.rounds + board.elims:
        slug = view.round.slug
        round_ctx = ctx | {"view": view, "find": views.find_list(view, event), "clock": views.clock(view, event, zone)}
        pages.append(PageModel(f"{base}/{slug}.html", "round.html", round_ctx | {
            "title": f"{view.label} — {event.name}", "columns": views.seat_columns(view, board),
            "tables": views.shown_tables(view, board), "results_in": views.results_in(view)}))
        live_url = datafiles.absolute(common["site"], f"{base}/{slug}.html")
        # A fixed mask pattern: any mask scans, and searching for the best one costs 3-5x the whole encoding.
        qr = segno.make(live_url, error="m", mask=0).svg_inline(scale=4, dark="#000", light="#fff") if live_url else ""
        pages.append(PageModel(f"{base}/{slug}-print.html", "print.html", round_ctx | {
            "title": f"{view.label} pairings — {event.name}", "qr_svg": qr, "live_url": live_url}))
        pages.append(PageModel(f"{base}/{slug}-slips.html", "slips.html", round_ctx | {
            "title": f"{view.label} result slips — {event.name}", "sheet": venue.slip_sheet(summary.format, view, board)}))
        pages.append(PageModel(f"{base}/pairings/{slug}.json", None, body=datafiles.json_file(datafiles.pairings_json(event, view, round_ctx["clock"]))))
    if summary.current:  # the venue screen always shows the latest round: one address to leave open
        lines = venue.projector_lines(summary.current, event)
        pages.append(PageModel(f"{base}/projector.html", "projector.html", ctx | {
            "title": f"{summary.current.label} — {event.name}", "view": summary.current, "clock": views.clock(summary.current, event, zone),
            "lines": lines, "scroll_seconds": venue.scroll_seconds(lines)}))
    pages.append(PageModel(f"{base}/crosstable.html", "crosstable.html", ctx | {
        "title": f"All results — {event.name}", "crosstable": venue.crosstable(board)}))
    cut_note = views.cut_note(board, event)
    pages.append(PageModel(f"{base}/standings.html", "standings.html", ctx | {
        "title": f"Standings — {event.name}", "rows": views.standing_lines(board.standings),
        "after": len(board.standings_after), "cut_note": cut_note, "final_lines": player_views.final_lines(board)}))
    for number, rows in enumerate(board.standings_after, start=1):
        pages.append(PageModel(f"{base}/standings-{number}.html", "standings.html", ctx | {
            "title": f"Standings after round {number} — {event.name}", "rows": views.standing_lines(rows), "after": number,
            "cut_note": cut_note if number == board.planned_rounds else []}))
    if ctx["elim_page"] == "bracket.html":
        pages.append(PageModel(f"{base}/bracket.html", "bracket.html", ctx | {"title": f"Elimination — {event.name}",
                                                                              "bracket": views.bracket(board)}))
    if meta:
        pages.append(PageModel(f"{base}/meta.html", "meta.html", ctx | {"title": f"Decks — {event.name}"}))
    standing_of = {row.player: row for row in board.standings}
    final_rank = dict((pid, rank) for rank, pid in board.final_ranking or [])
    for player in event.players:
        history = board.player_rounds[player.id]
        ranks = [(views.short_label(h.label), h.rank) for h in history if h.rank]
        pages.append(PageModel(f"{base}/players/{player.id}.html", "player.html", ctx | {
            "title": f"{player.name} — {event.name}", "player": player, "standing": standing_of[player.id], "history": history,
            "final_rank": final_rank.get(player.id), "chart": rank_chart(ranks, len(event.players)),
            "strength": player_views.schedule_strength(player.id, board, standing_of)}))
    fmt = summary.format
    rules = fmt.rules_context()
    minutes = player_views.round_minutes(event, rules.get("minutes"))
    pages.append(PageModel(f"{base}/rules.html", f"rules/{fmt.name}.html", ctx | {
        "title": f"Rules — {event.name}", "layout": "event_base.html", "rules": rules | ({"minutes": minutes} if minutes else {})},
        fallback="rules/generic.html"))
    pages.append(PageModel(f"{base}/standings.json", None, body=datafiles.json_file(board.export)))
    pages.append(PageModel(f"{base}/standings.csv", None, body=datafiles.standings_csv(event, board)))
    pages.append(PageModel(f"{base}/status.json", None, body=datafiles.json_file(event_status)))
    return pages
