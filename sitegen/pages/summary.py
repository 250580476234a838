"""Where each event stands: live, upcoming or finished, its current round and the one-line status the pages show."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sitegen.games.base import Column, Format, RoundView, Scoreboard
from sitegen.language import translate
from sitegen.model import DEFAULT_LANGUAGE, Event
from sitegen.pages.display import PlayerResult, player_results, results_in
from sitegen.text import N_, Nn_

# The home page's sections, in the order they are shown and events are sorted.
STATES = (("live", N_("Live now")), ("upcoming", N_("Upcoming")), ("finished", N_("Finished")))


@dataclass(frozen=True)
class EventSummary:
    event: Event
    format: Format
    board: Scoreboard
    state: str  # one of STATES
    status: str  # one line for the home page, e.g. "Round 3 of 5 — pairings posted"
    next_step: str
    current: RoundView | None  # the latest round posted, elimination rounds included


@dataclass(frozen=True)
class FeedRound:
    """A posted round, as the feed lists it: its entries' titles already in the event's language (a card is kept as
    JSON, where a `Msg` would fall back to its English text)."""

    slug: str
    posted: str  # "Winter Joust: Round 2 pairings posted"
    results: str  # "Winter Joust: Round 2 results are in"
    start: str | None
    complete: bool


@dataclass(frozen=True)
class EventCard:
    """What the pages about all events (home, feed, sitemap, rules) need of one event: small, and kept in the
    build state so that an unchanged event is neither read nor scored again."""

    slug: str
    name: str
    date: str
    format: Format
    players: int
    state: str  # one of STATES
    status: str
    rounds: tuple[FeedRound, ...]  # elimination rounds included
    files: str  # the event's output files, one a line (one string, not a hundred): the sitemap lists its HTML pages
    standings_columns: tuple[Column, ...]  # for the rules page of its format
    results: tuple[PlayerResult, ...] = ()  # every player's place, record and points: for leagues and player pages
    language: str = DEFAULT_LANGUAGE  # the language its pages are written in (its own `language:` or the site's)
    champion_list: str = ""  # the champion's id when their decklist is published (the home page's card links it)
    moved: tuple[str, ...] = ()  # its pages that only lead on to another page of the site: not in the sitemap


def card(summary: EventSummary, paths: list[str], language: str = DEFAULT_LANGUAGE, moved: tuple[str, ...] = ()) -> EventCard:
    """The event's card; `language`: its pages' (`Site.language_of`), for its feed entries."""
    event, board = summary.event, summary.board
    rounds = tuple(FeedRound(v.round.slug, translate(N_("{event}: {round} pairings posted", event=event.name, round=v.label), language),
                             translate(N_("{event}: {round} results are in", event=event.name, round=v.label), language),
                             v.round.start, v.complete) for v in board.rounds + board.elims)
    return EventCard(event.slug, event.name, event.date, summary.format, len(event.players), summary.state, summary.status,
                     rounds, "\n".join(paths), tuple(board.standings_columns),
                     player_results(event, board), language, _champion_list(event, board), moved)


def _champion_list(event: Event, board: Scoreboard) -> str:
    champions = [player for place, player in board.final_ranking or [] if place == 1 and player in event.released_decks]
    return champions[0] if champions else ""


def current_round(board: Scoreboard) -> RoundView | None:
    views = board.rounds + board.elims
    return views[-1] if views else None


def summarize(event: Event, fmt: Format, board: Scoreboard) -> EventSummary:
    current = current_round(board)
    if board.final_ranking is not None:
        champion = event.player_by_id[board.final_ranking[0][1]].name if board.final_ranking else ""
        return EventSummary(event, fmt, board, "finished", N_("Finished — won by {champion}", champion=champion), "", current)
    if current is None:
        return EventSummary(event, fmt, board, "upcoming", Nn_("{count} player registered", "{count} players registered", len(event.players)),
                            N_("Round 1 pairings come next."), None)
    stage = N_("Round {number} of {planned}", number=current.round.number, planned=board.planned_rounds) if current.round.stage == "round" else current.label
    entered = results_in(current)
    if current.complete:
        status = N_("{stage} — results in", stage=stage)
    elif entered == 0:
        status = N_("{stage} — pairings posted", stage=stage)
    else:
        status = N_("{stage} — {done} of {total} results in", stage=stage, done=entered, total=len(current.tables))
    next_step: str
    if not current.complete:
        next_step = N_("Results are entered as games finish.")
    elif current.round.stage == "round" and current.round.number < board.planned_rounds:
        next_step = N_("Round {number} pairings come next.", number=current.round.number + 1)
    else:
        next_step = fmt.elimination.next_step if fmt.elimination else ""
    return EventSummary(event, fmt, board, "live", status, next_step, current)


def sections(summaries: list[EventCard]) -> list[tuple[str, list[EventCard]]]:
    """The home page's headings, each with its events; a heading without events is left out."""
    grouped = [(heading, [s for s in summaries if s.state == state]) for state, heading in STATES]
    return [(heading, group) for heading, group in grouped if group]


def sort_key(card: EventCard) -> tuple[int, str, str]:
    """Live events first, then upcoming, then finished; later dates first within each."""
    state_order = [state for state, _ in STATES].index(card.state)
    return state_order, _negated(card.date), card.slug


def _negated(date: str) -> str:
    """Sort key that puts later ISO dates first."""
    return "".join(chr(0x10FFFF - ord(ch)) for ch in date)


def status(summary: EventSummary) -> dict[str, Any]:
    """status.json: what an open page polls to notice a new round or new results."""
    current = summary.current
    results = results_in(current) if current else 0
    version = f"{current.round.slug}:{results}" if current else "none"
    return {"event": summary.event.slug, "state": summary.state, "status": summary.status,
            "current": current.round.slug if current else None,
            "current_label": current.label if current else None, "results_in": results, "version": version}
