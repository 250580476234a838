"""The released decklists of an event, as its pages show them: each list read and checked again by its game's deck
rules (the site shows what was understood, and any problem), the champion's first, then by final place and standing."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from sitegen.games import format_of
from sitegen.games.base import Scoreboard
from sitegen.games.decklist import CheckedDeck, read_checked
from sitegen.model import DECKS_FOLDER, Event
from sitegen.pages.page_model import PageModel
from sitegen.text import N_


@dataclass(frozen=True)
class ShownList:
    player: str
    deck: CheckedDeck
    download: str  # the .txt file, relative to the event's folder


def shown_lists(event: Event, board: Scoreboard) -> dict[str, ShownList]:
    """The released lists by player id, in the order the Decklists page lists them."""
    rules = format_of(event).deck_rules
    if rules is None or not event.released_decks:
        return {}
    order = [player for _, player in board.final_ranking or []] + [row.player for row in board.standings]
    ranked = sorted(event.released_decks, key=lambda player: order.index(player) if player in order else len(order))
    return {player: ShownList(player, read_checked(rules, event.released_decks[player]), f"{DECKS_FOLDER}/{player}.txt") for player in ranked}


def decklist_pages(base: str, event: Event, lists: dict[str, ShownList], ctx: dict[str, object]) -> Iterator[PageModel]:
    """The Decklists page and each list's text file (as registered: a deck builder reads it back)."""
    if not lists:
        return
    yield PageModel(f"{base}/decklists.html", "decklists.html", ctx | {"title": N_("Decklists — {event}", event=event.name)})
    for shown in lists.values():
        yield PageModel(f"{base}/{shown.download}", None, body=event.released_decks[shown.player].encode("utf-8"))
