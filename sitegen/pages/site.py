"""Page models: from the validated Site and each event's summary to (output path, template, context).

Nothing here renders or writes; `render` turns these into bytes and `output` writes them. What a page
shows is worked out here (with `views` and `summary`), so the templates only format it.
"""
from __future__ import annotations

import functools
import heapq
import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib import resources
from typing import Any

import segno

from sitegen.games import format_of
from sitegen.games.base import Format, RoundView, Scoreboard
from sitegen.model import Event, Site
from sitegen.pages import datafiles, venue
from sitegen.pages import display as views
from sitegen.pages import player_display as player_views
from sitegen.pages.charts import rank_chart
from sitegen.pages.decklists import decklist_pages, list_records, shown_lists
from sitegen.pages.league_pages import season_pages
from sitegen.pages.league_standings import leagues_of
from sitegen.pages.markdown_html import markdown_html
from sitegen.pages.page_model import PageModel
from sitegen.pages.summary import EventCard, EventSummary, card, sections, sort_key, status, summarize
from sitegen.text import N_

EVENT_PAGE_RANKING = 8  # final places listed on the event page; the bracket page lists them all
MOVED = "moved.html"  # a page whose address leads on to another page of the site (`target`): left out of the sitemap
PROJECTOR_PLACES = 8  # the places a finished event's venue screen shows when it had no elimination rounds
HOME_FINISHED = 30  # finished events the home page lists, the latest first; all of them are on the archive pages


def common_context(site: Site) -> dict[str, Any]:
    """What every page is given: the site, its menu and the absolute base URL ('' without base_url)."""
    nav_pages = sorted(site.pages, key=lambda p: (p.order, p.slug))
    return {"site": site, "nav_pages": nav_pages, "base": site.base_url.rstrip("/") + "/" if site.base_url else ""}


def shared_pages(site: Site, cards: list[EventCard]) -> list[PageModel]:
    """The pages and data files about the whole site: home, pages, rules, 404, feed, sitemap, schemas.

    They read only each event's card, so an unchanged event need not be read again to build them."""
    cards = sorted(cards, key=sort_key)
    common = common_context(site)
    pages = _home_and_archive(site, cards, common)
    for page in common["nav_pages"]:
        html = markdown_html(page.body_markdown)
        pages.append(PageModel(f"pages/{page.slug}.html", "page.html", common | {"title": page.title, "body_html": html}))
    pages += _rules_pages(cards, common) + season_pages(site, cards, common)
    # Served for a missing URL at any depth: with a base_url every link and asset must be absolute.
    pages.append(PageModel("404.html", "404.html", common | {"title": N_("Page not found"), "root": common["base"]}))
    pages.append(PageModel("feed.xml", None, body=datafiles.feed(site, cards)))
    if site.base_url:
        made = datafiles.sitemaps(site, _html_paths(pages, cards))
        pages += [PageModel(path, None, body=body) for path, body in made.items()]
    for name in ("standings.schema.json", "pairings.schema.json"):
        pages.append(PageModel(f"schema/{name}", None, body=resources.files("sitegen.schema").joinpath(name).read_bytes()))
    return pages


def _home_and_archive(site: Site, cards: list[EventCard], common: dict[str, Any]) -> list[PageModel]:
    """The home page: the live and upcoming events and the latest HOME_FINISHED finished ones. A site with more
    finished events than that also gets an archive page per year (archive/YYYY.html, every finished event of the
    year), linked from the home page: a thousand events do not make one page of a thousand cards."""
    finished = [card for card in cards if card.state == "finished"]  # sorted latest first
    years = sorted({card.date[:4] for card in finished}, reverse=True) if len(finished) > HOME_FINISHED else []
    shown = [card for card in cards if card.state != "finished"] + finished[:HOME_FINISHED]
    pages = [PageModel("index.html", "home.html", common | {"summaries": cards, "sections": sections(shown), "title": site.title,
                                                              "archive": years})]
    for year in years:
        of_year = [card for card in finished if card.date[:4] == year]
        pages.append(PageModel(f"archive/{year}.html", "archive.html", common | {
            "title": N_("Events of {year}", year=year), "sections": sections(of_year), "archive": years}))
    return pages


def _html_paths(pages: list[PageModel], cards: list[EventCard]) -> Iterator[str]:
    """Every HTML page's path, sorted, one event's at a time (a site has tens of thousands): an event's pages are
    all in events/SLUG/, so the events go by SLUG + '/' and the pages about all events merge in."""
    by_folder = sorted(cards, key=lambda card: card.slug + "/")
    events = (sorted(rel for rel in card.files.split("\n") if rel.endswith(".html") and rel not in card.moved) for card in by_folder)
    return heapq.merge(sorted(page.path for page in pages if page.path.endswith(".html")), itertools.chain.from_iterable(events))


def _tiebreakers(fmt: Format) -> list[str]:
    """The tiebreaker text to include: the format's own, else a generic one built from its standings columns."""
    return [f"tiebreakers/{fmt.name}.html", "tiebreakers/generic.html"]


def _rules_pages(cards: list[EventCard], common: dict[str, Any]) -> list[PageModel]:
    """One rules page per format in use; a format without its own rules template gets the generic one."""
    first_of = {c.format.name: c for c in reversed(cards)}  # the standings columns of one of its events
    pages = []
    for name, first in sorted(first_of.items()):
        fmt = first.format
        pages.append(PageModel(rules_path(fmt), f"rules/{name}.html", common | {
            "title": N_("{title}: rules", title=fmt.title), "format": fmt, "rules": fmt.rules_context(),
            "standings_columns": list(first.standings_columns), "tiebreakers": _tiebreakers(fmt)}, fallback="rules/generic.html"))
    return pages


def _elimination_page(board: Scoreboard) -> str:
    """Where the event menu's elimination link leads: a single final table (V:TES) is its own round page,
    anything else the bracket page; "" for an event without a cut."""
    if board.elims and all(v.round.stage == "final" for v in board.elims) and len(board.elims) == 1:
        return f"{board.elims[0].round.slug}.html"
    return "bracket.html" if board.elims or board.cut else ""


def event_pages(site: Site, summary: EventSummary) -> list[PageModel]:
    """One event's pages and data files, kind by kind (`EVENT_PAGES`): they read nothing of the other events."""
    e = _event_context(site, summary)
    return [page for kind in EVENT_PAGES for page in kind(e)]


def event_card_and_pages(site: Site, event: Event) -> tuple[EventCard, list[PageModel]]:
    """A checked event scored into its page models, and its card for the pages about all events."""
    fmt = format_of(event)
    summary = summarize(event, fmt, fmt.score(event))
    pages = event_pages(site, summary)
    moved = tuple(p.path for p in pages if p.template == MOVED)
    return card(summary, [p.path for p in pages], site.language_of(event), moved), pages


@dataclass(frozen=True)
class EventContext:
    """What every page of one event reads."""

    summary: EventSummary
    base: str  # events/SLUG: the event's folder in the output
    zone: str  # the time zone of its round clocks
    status: dict[str, Any]  # status.json, whose version every page polls
    ctx: dict[str, Any]  # every page's template context

    @property
    def event(self) -> Event:
        return self.summary.event

    @property
    def board(self) -> Scoreboard:
        return self.summary.board


def _event_context(site: Site, summary: EventSummary) -> EventContext:
    event, board = summary.event, summary.board
    event_status = status(summary)
    ctx = common_context(site) | {
        "leagues": leagues_of(site.leagues, event.slug, summary.format.name, event.date), "known": {p.id for p in site.people},
        "summary": summary, "event": event, "board": board, "players": event.player_by_id, "format": summary.format,
        "status_version": event_status["version"], "meta": views.meta_charts(event, board),
        "description": f"{event.name}: {summary.status}", "elim_page": _elimination_page(board),
        "standings_columns": board.standings_columns, "tiebreakers": _tiebreakers(summary.format),
        "decklists": shown_lists(event, board), "own_rules": _own_rules(site, event, summary.format), "format_rules": rules_path(summary.format)}
    ctx["list_records"] = list_records(event, board, ctx["decklists"])
    return EventContext(summary, f"events/{event.slug}", event.timezone or site.options.get("timezone", ""), event_status, ctx)


def _home(e: EventContext) -> Iterator[PageModel]:
    yield PageModel(f"{e.base}/index.html", "event.html", e.ctx | {
        "title": e.event.name, "current": e.summary.current, "rounds": views.round_entries(e.board),
        "final_top": (e.board.final_ranking or [])[:EVENT_PAGE_RANKING], "rules_title": N_("{title}: rules", title=e.summary.format.title)})


def _rounds(e: EventContext) -> Iterator[PageModel]:
    """Each round's pages (`ROUND_PAGES`), round by round, and its printed ones (`PLAY_PAGES`) while it is in play."""
    for view in e.board.rounds + e.board.elims:
        round_ctx = e.ctx | {"view": view, "find": views.find_list(view, e.event), "clock": views.clock(view, e.event, e.zone)}
        for kind in ROUND_PAGES + (() if view.complete else PLAY_PAGES):
            yield kind(e, view, round_ctx)


def _round_page(e: EventContext, view: RoundView, ctx: dict[str, Any]) -> PageModel:
    return PageModel(f"{e.base}/{view.round.slug}.html", "round.html", ctx | {
        "title": N_("{round} — {event}", round=view.label, event=e.event.name), "columns": views.seat_columns(view, e.board),
        "tables": views.shown_tables(view, e.board), "results_in": views.results_in(view)})


@functools.lru_cache(maxsize=4096)
def _qr_svg(url: str) -> str:
    """A page's QR code, made once per process (a rebuild in `serve` or the desk reprints the same addresses). A fixed
    mask pattern: any mask scans, and searching for the best one costs 3-5x the whole encoding."""
    return str(segno.make(url, error="m", mask=0).svg_inline(scale=4, dark="#000", light="#fff"))


def _print_page(e: EventContext, view: RoundView, ctx: dict[str, Any]) -> PageModel:
    live_url = datafiles.absolute(ctx["site"], f"{e.base}/{view.round.slug}.html")
    qr = _qr_svg(live_url) if live_url else ""
    return PageModel(f"{e.base}/{view.round.slug}-print.html", "print.html", ctx | {
        "title": N_("{round} pairings — {event}", round=view.label, event=e.event.name), "qr_svg": qr, "live_url": live_url})


def _slips_page(e: EventContext, view: RoundView, ctx: dict[str, Any]) -> PageModel:
    return PageModel(f"{e.base}/{view.round.slug}-slips.html", "slips.html", ctx | {
        "title": N_("{round} result slips — {event}", round=view.label, event=e.event.name), "sheet": venue.slip_sheet(e.summary.format, view, e.board)})


def _pairings_file(e: EventContext, view: RoundView, ctx: dict[str, Any]) -> PageModel:
    return PageModel(f"{e.base}/pairings/{view.round.slug}.json", None,
                     body=datafiles.json_file(datafiles.pairings_json(e.event, view, ctx["clock"])))


def _projector(e: EventContext) -> Iterator[PageModel]:
    current = e.summary.current
    if e.board.final_ranking is not None:  # an open screen reloads onto the winners, not onto the last round's seats
        shown = e.board.cut or PROJECTOR_PLACES  # those who played the elimination, else the top of the standings
        yield PageModel(f"{e.base}/projector.html", "projector.html", e.ctx | {
            "title": N_("{round} — {event}", round=N_("Final ranking"), event=e.event.name),
            "final": [(place, pid) for place, pid in e.board.final_ranking if place <= shown], "clock": None})
    elif current:  # the venue screen always shows the latest round: one address to leave open
        lines = venue.projector_lines(current, e.event)
        yield PageModel(f"{e.base}/projector.html", "projector.html", e.ctx | {
            "title": N_("{round} — {event}", round=current.label, event=e.event.name), "view": current, "clock": views.clock(current, e.event, e.zone),
            "lines": lines, "scroll_seconds": venue.scroll_seconds(lines), "final": None})


def _crosstable(e: EventContext) -> Iterator[PageModel]:
    yield PageModel(f"{e.base}/crosstable.html", "crosstable.html", e.ctx | {
        "title": N_("All results — {event}", event=e.event.name), "crosstable": venue.crosstable(e.board)})


def _standings(e: EventContext) -> Iterator[PageModel]:
    """The standings now, and after each earlier round: the standings after the latest round are the standings page
    itself (its copy would be the same table under another address)."""
    board, name = e.board, e.event.name
    cut_note = views.cut_note(board, e.event)
    ctx = e.ctx | {"snapshots": [views.standings_page(board, number) for number in range(1, len(board.standings_after) + 1)]}
    lines = views.standing_lines(board.standings)
    yield PageModel(f"{e.base}/standings.html", "standings.html", ctx | {
        "title": N_("Standings — {event}", event=name), "rows": lines, "tags": views.explained_tags(lines), "earlier": False,
        "after": len(board.standings_after), "cut_note": cut_note, "final_lines": player_views.final_lines(board)})
    for number, rows in enumerate(board.standings_after[:-1], start=1):
        lines = views.standing_lines(rows)
        yield PageModel(f"{e.base}/standings-{number}.html", "standings.html", ctx | {
            "title": N_("Standings after round {number} — {event}", number=number, event=name), "rows": lines,
            "tags": views.explained_tags(lines), "after": number, "earlier": True, "cut_note": cut_note if number == board.planned_rounds else []})


def _bracket(e: EventContext) -> Iterator[PageModel]:
    if e.ctx["elim_page"] == "bracket.html":
        yield PageModel(f"{e.base}/bracket.html", "bracket.html", e.ctx | {
            "title": N_("Elimination — {event}", event=e.event.name), "bracket": views.bracket(e.board)})


def _meta(e: EventContext) -> Iterator[PageModel]:
    if e.ctx["meta"] or e.ctx["list_records"]:
        yield PageModel(f"{e.base}/meta.html", "meta.html", e.ctx | {"title": N_("Decks — {event}", event=e.event.name)})


def _decklists(e: EventContext) -> Iterator[PageModel]:
    yield from decklist_pages(e.base, e.event, e.board, e.ctx["decklists"], e.ctx)


def _players(e: EventContext) -> Iterator[PageModel]:
    board, event = e.board, e.event
    standing_of = {row.player: row for row in board.standings}
    final_rank = dict((pid, rank) for rank, pid in board.final_ranking or [])
    fmt = e.summary.format
    short = {view.round.slug: views.short_label(view.label) for view in board.rounds}  # once per round, not per player
    for player in event.players:
        history = board.player_rounds[player.id]
        ranks = [(short[h.round.slug], h.rank) for h in history if h.rank]
        yield PageModel(f"{e.base}/players/{player.id}.html", "player.html", e.ctx | {
            "title": N_("{player} — {event}", player=player.name, event=event.name), "player": player,
            "standing": standing_of.get(player.id), "history": history,  # no standing: registered, did not play
            "final_rank": final_rank.get(player.id), "chart": rank_chart(ranks, len(event.players)),
            "strength": fmt.schedule_strength(player.id, board, standing_of) if player.id in standing_of else None})


def rules_path(fmt: Format) -> str:
    """The format's rules page, from the site's root."""
    return f"rules/{fmt.name}.html"


def _own_rules(site: Site, event: Event, fmt: Format) -> bool:
    """The event's rules page would say what the format's (rules/NAME.html, in the site's language) does not: its
    own round length, or in its own language. Otherwise the event links the format's page: 64-player events by the
    hundred each carried the same 6-18 kB."""
    return player_views.round_minutes(event, fmt.round_minutes) != fmt.round_minutes or site.language_of(event) != site.language


def _rules(e: EventContext) -> Iterator[PageModel]:
    fmt = e.summary.format
    if not e.ctx["own_rules"]:  # the address stays, for the links already shared: it leads to the format's page
        yield PageModel(f"{e.base}/rules.html", MOVED, e.ctx | {"title": N_("{title}: rules", title=fmt.title), "target": e.ctx["format_rules"]})
        return
    rules = fmt.rules_context()
    minutes = player_views.round_minutes(e.event, fmt.round_minutes)
    yield PageModel(f"{e.base}/rules.html", f"rules/{fmt.name}.html", e.ctx | {
        "title": N_("Rules — {event}", event=e.event.name), "layout": "event_base.html", "rules": rules | ({"minutes": minutes} if minutes else {})},
        fallback="rules/generic.html")


def _data_files(e: EventContext) -> Iterator[PageModel]:
    yield PageModel(f"{e.base}/standings.json", None, body=datafiles.json_file(e.board.export))
    yield PageModel(f"{e.base}/standings.csv", None, body=datafiles.standings_csv(e.event, e.board))
    yield PageModel(f"{e.base}/status.json", None, body=datafiles.json_file(e.status))


#: An event's page kinds, in the order its pages are listed (and rendered): each yields its pages.
EVENT_PAGES: tuple[Callable[[EventContext], Iterator[PageModel]], ...] = (
    _home, _rounds, _projector, _crosstable, _standings, _bracket, _meta, _decklists, _players, _rules, _data_files)
#: A round's pages, in that order.
ROUND_PAGES: tuple[Callable[[EventContext, RoundView, dict[str, Any]], PageModel], ...] = (_round_page, _pairings_file)
#: The pages printed for a round while a table of it is in play: the print view and the result slips. Once every result
#: is in they are of no use (the round page shows it all), and an archive would carry them for every round it holds.
PLAY_PAGES: tuple[Callable[[EventContext, RoundView, dict[str, Any]], PageModel], ...] = (_print_page, _slips_page)
