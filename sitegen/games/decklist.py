"""Decklists, whatever the game: the records a game's deck rules hand over, and the size a pasted list may have.

A game that checks decklists declares a `DeckRules` as its `deck_rules`; reading a list is pure (text in, a
`CheckedDeck` out), so the CLI, the desk and the tests all check a list the same way. Problems are `Msg`s: a
sentence a player understands, translated where it is shown.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from dataclasses import dataclass

from sitegen.model import Event
from sitegen.text import N_, Msg

#: The most a pasted or uploaded decklist may hold, in bytes of UTF-8: a long V:TES list with comments is some 4 KB.
MAX_DECKLIST_BYTES = 20_000


@dataclass(frozen=True)
class DeckCard:
    name: str  # the card's name as the game's card data spells it (V:TES), or as the list wrote it (AGoT)
    count: int


@dataclass(frozen=True)
class DeckSection:
    title: Msg  # "Crypt", "Plots", ...
    cards: tuple[DeckCard, ...]

    @property
    def count(self) -> int:
        return sum(card.count for card in self.cards)


@dataclass(frozen=True)
class CheckedDeck:
    """A decklist as it was understood: its sections, what breaks the rules, and what was not checked."""

    sections: tuple[DeckSection, ...]
    problems: tuple[Msg, ...]  # each one a reason the list is not legal
    notes: tuple[Msg, ...] = ()  # what the check could not see (AGoT's card pool)
    name: str = ""  # the deck's name, when the list gives one
    link: str = ""  # a deck builder's address, when the list gives one
    traits: tuple[tuple[Msg, str], ...] = ()  # what the meta counts across lists: (what, its value), e.g. (Clan, Toreador)

    @property
    def valid(self) -> bool:
        return not self.problems

    def card_names(self) -> set[str]:
        return {card.name for section in self.sections for card in section.cards}


class DeckRules(ABC):
    """A game's decklist capability: which texts it reads and what it checks."""

    #: What a player may paste, for the help texts: a sentence naming the exports the game reads.
    formats: Msg
    #: The traits (`CheckedDeck.traits` titles' msgids) whose games the meta page counts (won, lost, drawn), one table
    #: each; a pair of them: a table of their combinations. Empty: the game has no records to show (a V:TES game is no win or loss).
    records: tuple[tuple[str, ...], ...] = ()

    @abstractmethod
    def check(self, text: str) -> CheckedDeck:
        """The list read from `text` (any of `formats`) and checked against the game's deckbuilding rules."""

    def rounds(self, event: Event) -> tuple[str, ...]:
        """When each round takes a list of its own (V:TES multi-deck): the keys of the event's rounds in the order
        they are played ("round-1", ..., "final"); empty (the default): one list for the whole event."""
        return ()


def round_name(key: str) -> Msg:
    """A round key as players read it: "round-2" -> "Round 2", "final" -> "Final"."""
    stage, _, number = key.partition("-")
    return N_("Round {number}", number=int(number)) if stage == "round" and number.isdigit() else N_("Final")


def in_round_order(keys: Iterable[str]) -> list[str]:
    """Round keys in the order the rounds are played: round-1, round-2, ..., round-10, then the final."""
    return sorted(keys, key=lambda key: (key == "final", int(key.rpartition("-")[2]) if key != "final" else 0))


def too_long(text: str) -> Msg | None:
    """The sentence refusing a list over `MAX_DECKLIST_BYTES`, or None."""
    size = len(text.encode("utf-8"))
    if size <= MAX_DECKLIST_BYTES:
        return None
    return N_("This list holds {size} bytes; a decklist is {limit} at most. Paste the list only, without other text.",
              size=size, limit=MAX_DECKLIST_BYTES)


def read_checked(rules: DeckRules, text: str) -> CheckedDeck:
    """`rules.check(text)`, or a list with the one problem of being too long (never read, however large)."""
    refused = too_long(text)
    if refused is not None:
        return CheckedDeck(sections=(), problems=(refused,))
    if not text.strip():
        return CheckedDeck(sections=(), problems=(N_("The list is empty: paste your deck builder's text export."),))
    return rules.check(text)
