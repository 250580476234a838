"""The released decklists of an event, as its pages show them: each list read and checked again by its game's deck
rules (the site shows what was understood, and any problem), the champion's first, then by final place and standing."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from sitegen.games import format_of
from sitegen.games.base import Scoreboard
from sitegen.games.decklist import CheckedDeck, DeckRules, in_round_order, read_checked, round_name
from sitegen.model import DECKS_FOLDER, Event
from sitegen.pages.page_model import PageModel
from sitegen.text import N_, Msg


@dataclass(frozen=True)
class RoundList:
    """One round's list of a player, when lists go by round (V:TES multi-deck)."""

    label: Msg  # "Round 2", "Final"
    download: str  # the .txt file, relative to the event's folder
    deck: CheckedDeck | None  # None: the same list as the player's last one (shown in full)


@dataclass(frozen=True)
class ShownList:
    player: str
    deck: CheckedDeck  # the player's list; when lists go by round, the one of their last round
    download: str  # the .txt file, relative to the event's folder
    rounds: tuple[RoundList, ...] = ()


def shown_lists(event: Event, board: Scoreboard) -> dict[str, ShownList]:
    """The released lists by player id, in the order the Decklists page lists them."""
    rules = format_of(event).deck_rules
    if rules is None or not event.released_decks:
        return {}
    order = [player for _, player in board.final_ranking or []] + [row.player for row in board.standings]
    ranked = sorted(event.released_decks, key=lambda player: order.index(player) if player in order else len(order))
    return {player: ShownList(player, read_checked(rules, event.released_decks[player]), f"{DECKS_FOLDER}/{player}.txt",
                              _round_lists(rules, event, player)) for player in ranked}


def _round_lists(rules: DeckRules, event: Event, player: str) -> tuple[RoundList, ...]:
    lists, last = event.released_round_decks.get(player, {}), event.released_decks[player]
    return tuple(RoundList(round_name(key), f"{DECKS_FOLDER}/{player}.{key}.txt", None if lists[key] == last else read_checked(rules, lists[key]))
                 for key in in_round_order(lists))


TOP = 5  # the meta's second column: the lists of the players placed this high or higher


@dataclass(frozen=True)
class MetaTable:
    title: Msg  # "Clan", "Faction"...
    rows: tuple[tuple[str, int, int], ...]  # (value, lists in the field, lists in the top five), most played first


def lists_meta(board: Scoreboard, lists: dict[str, ShownList]) -> list[MetaTable]:
    """What the published lists play, trait by trait (each game's `CheckedDeck.traits`): in the whole field and in the top five."""
    top = {player for place, player in board.final_ranking or [] if place <= TOP}
    field: dict[str, Counter[str]] = {}
    best: dict[str, Counter[str]] = {}
    titles: dict[str, Msg] = {}
    for shown in lists.values():
        for title, trait in shown.deck.traits:
            titles.setdefault(title.msgid, title)
            field.setdefault(title.msgid, Counter())[trait] += 1
            best.setdefault(title.msgid, Counter())[trait] += shown.player in top
    return [MetaTable(titles[key], tuple((trait, count, best[key][trait]) for trait, count in sorted(counts.items(), key=lambda item: (-item[1], item[0]))))
            for key, counts in field.items()]


def decklist_pages(base: str, event: Event, board: Scoreboard, lists: dict[str, ShownList], ctx: dict[str, object]) -> Iterator[PageModel]:
    """The Decklists page and each list's text file (as registered: a deck builder reads it back)."""
    if not lists:
        return
    yield PageModel(f"{base}/decklists.html", "decklists.html", ctx | {"title": N_("Decklists — {event}", event=event.name),
                                                                       "lists_meta": lists_meta(board, lists), "top": TOP})
    for shown in lists.values():
        yield PageModel(f"{base}/{shown.download}", None, body=event.released_decks[shown.player].encode("utf-8"))
        for key, text in sorted(event.released_round_decks.get(shown.player, {}).items()):
            yield PageModel(f"{base}/{DECKS_FOLDER}/{shown.player}.{key}.txt", None, body=text.encode("utf-8"))
