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


@dataclass(frozen=True)
class Record:
    value: str  # "House Stark", or a pair: "House Stark / Banner of the Wolf"
    lists: int
    won: int
    lost: int
    drawn: int

    @property
    def win_rate(self) -> float:
        """Games won of games played, in percent (a draw is a game not won)."""
        games = self.won + self.lost + self.drawn
        return 100 * self.won / games if games else 0.0


@dataclass(frozen=True)
class RecordTable:
    title: Msg  # "Faction", "Faction + Agenda"
    rows: tuple[Record, ...]  # most lists first


def list_records(event: Event, board: Scoreboard, lists: dict[str, ShownList]) -> list[RecordTable]:
    """The games of the published lists' players, by what the lists play (the game's `DeckRules.records`): won,
    lost and drawn (byes and games without a result not counted)."""
    rules = format_of(event).deck_rules
    tables = []
    for traits in rules.records if rules else ():
        tallies: dict[str, list[int]] = {}
        titles: dict[str, Msg] = {}
        for shown in lists.values():
            found = {title.msgid: (title, value) for title, value in shown.deck.traits}
            if not all(trait in found for trait in traits):
                continue
            titles.update({trait: found[trait][0] for trait in traits})
            games = [h for h in board.player_rounds.get(shown.player, []) if h.won is not None]
            tally = tallies.setdefault(" / ".join(found[trait][1] for trait in traits), [0, 0, 0, 0])
            won, drawn = sum(h.won is True for h in games), sum(h.drew for h in games)
            for index, count in enumerate((1, won, len(games) - won - drawn, drawn)):
                tally[index] += count
        if tallies:
            title = titles[traits[0]] if len(traits) == 1 else N_("{first} + {second}", first=titles[traits[0]], second=titles[traits[1]])
            rows = sorted((Record(value, *tally) for value, tally in tallies.items()), key=lambda row: (-row.lists, -row.win_rate, row.value))
            tables.append(RecordTable(title, tuple(rows)))
    return tables


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
