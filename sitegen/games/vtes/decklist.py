"""V:TES decklists, read and checked with krcg (the V:TES community's library).

krcg reads the texts players already have (TWDA, VDB, Amaranth, Lackey, JOL) and its wheel ships the V:EKN card
files: the database is loaded from those package files once per process, never from the network. Its `Deck.check`
counts cards only; the grouping rule and the banned list are checked here from its card data.
"""
from __future__ import annotations

import functools
import io
import re
import warnings
from collections import Counter
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sitegen.games.base import Refused, Scoreboard
from sitegen.games.decklist import CheckedDeck, DeckCard, DeckRules, DeckSection
from sitegen.games.vtes.event import PLACE, has_final, multideck, planned_rounds
from sitegen.model import Event, Person
from sitegen.text import N_, Msg, Nn_

if TYPE_CHECKING:
    from krcg.cards import Card
    from krcg.deck import Deck

#: The V:EKN's deck construction rules (tournament rules 3.1.1 and the card list's bans).
CRYPT_MIN = 12
LIBRARY_MIN, LIBRARY_MAX = 60, 90
GROUPS_SPAN = 2  # a crypt's cards come from two consecutive groups at most ("any" group cards fit either)

#: A line that says a count then something: the shape of a card line in every format krcg reads.
COUNTED_LINE = re.compile(r"^\s*(\d{1,3})\s*[xX×]?\s+(?P<name>[^\t]+?)\s*(?:\t.*)?$")
#: Counted lines of a list's header that name no card: "12 players", "3R+F".
NOT_A_CARD = re.compile(r"^\s*\d+\s*(players?\b|R\+F)", re.IGNORECASE)


@functools.cache
def card_database() -> Any:
    """krcg's card database, loaded once from the CSV files its wheel ships (the package `cards`): no network."""
    import importlib.resources

    from krcg import vtes

    if not vtes.VTES:
        files = importlib.resources.files("cards")
        with warnings.catch_warnings():  # krcg warns of each card the sets file would date; we load no sets file
            warnings.simplefilter("ignore")
            vtes.VTES.load_from_files(*(io.BytesIO(files.joinpath(name).read_bytes()) for name in ("vtescrypt.csv", "vteslib.csv")))
    return vtes.VTES


@functools.cache
def _known_names() -> dict[str, str]:
    """Every card's plain name, lowercase, to its name as printed: for "did you mean" when krcg finds nothing close."""
    return {card.vekn_name.lower(): card.vekn_name for card in card_database()}


@functools.cache
def _heard() -> Any:
    """A handler of krcg's log (logging is loaded with krcg, when a list is read: not by every command that loads the
    games)."""
    import logging

    class Heard(logging.Handler):
        """What krcg says while it reads a list: the names it matched only approximately (its "did you mean")."""

        def __init__(self) -> None:
            super().__init__(logging.INFO)
            self.approximate: dict[str, str] = {}  # the name as written (lowercase) -> krcg's key

        def emit(self, record: logging.LogRecord) -> None:
            if record.msg == '"%s" matched "%s"' and isinstance(record.args, tuple):
                written, matched = record.args
                self.approximate[str(written)] = str(matched)

    return Heard


@contextmanager
def _listening() -> Iterator[Any]:
    """krcg's log, heard instead of printed, for the time of one parse."""
    import logging

    heard = _heard()()
    log = logging.getLogger("krcg")
    level, propagate = log.level, log.propagate
    log.addHandler(heard)
    log.setLevel(logging.INFO)
    log.propagate = False
    try:
        yield heard
    finally:
        log.removeHandler(heard)
        log.setLevel(level)
        log.propagate = propagate


@dataclass
class Reading:
    deck: Deck
    approximate: dict[str, str]  # names krcg matched only approximately: as written (lowercase) -> its key
    unread: list[tuple[int, str]]  # (line number, line) of the lines that were neither a header nor a card


@functools.cache
def _reader() -> Any:
    """krcg's parser, noting each line it could not read as a card (its own log only says so mid-list)."""
    from krcg.parser import Mark, Parser

    class Reader(Parser):
        unread: list[tuple[int, str]]
        number = 0

        def read(self, text: str) -> None:
            """`Parser.parse` line by line, without its two costs that are no use here: asking whether the database
            is loaded (krcg counts its 4,000 cards each time: a third of a list's check) and its count check's log."""
            for index, line in enumerate(io.StringIO(text), 1):
                self.number = index
                self.parse_line(index, line, False)
            self.comment("", mark=Mark.END)

        def get_card(self, line: str, twda: bool = False) -> tuple[Card | None, int]:
            card, count = super().get_card(line, twda)
            if card is None:
                self.unread.append((self.number, line))
            return card, count

    return Reader


def parse(text: str) -> Reading:
    """krcg's reading of `text` (any format it reads)."""
    from krcg.deck import Deck

    card_database()
    reader = _reader()(Deck())
    reader.unread = []
    with _listening() as heard:
        reader.read(text)
    return Reading(reader.deck, heard.approximate, reader.unread)


def _unread_cards(reading: Reading) -> Iterator[tuple[int, str]]:
    """The lines that look like a card (a count, then a name) but name no card: (line number, the name as written)."""
    for number, line in reading.unread:
        found = COUNTED_LINE.match(line)
        if found and not NOT_A_CARD.match(line):
            yield number, re.split(r"\s{2,}", found["name"])[0]  # a TWDA crypt line: the name, then capacity, disciplines...


def _did_you_mean(written: str) -> Msg:
    import difflib

    close = difflib.get_close_matches(written.lower(), _known_names(), n=1, cutoff=0.6)
    if close:
        return N_("'{written}': did you mean '{card}'?", written=written, card=_known_names()[close[0]])
    return N_("'{written}' is no V:TES card we know: check its spelling against your deck builder.", written=written)


def _written(text: str, key: str) -> str:
    """The name as the player typed it, found back from krcg's lowercase form of it."""
    for line in text.splitlines():
        start = line.lower().find(key)
        if start >= 0:
            return line[start:start + len(key)]
    return key


def spelling_problems(text: str, reading: Reading) -> list[Msg]:
    db = card_database()
    problems = [N_("'{written}': did you mean '{card}'?", written=_written(text, written), card=db[matched].vekn_name)
                for written, matched in reading.approximate.items()]
    return problems + [N_("Line {line}: {problem}", line=line, problem=_did_you_mean(name)) for line, name in _unread_cards(reading)]


def group_problem(crypt: list[Card]) -> Msg | None:
    """The crypt grouping rule: every crypt card's group within two consecutive groups ("any" fits all)."""
    groups = sorted({int(card.group) for card in crypt if card.group and card.group.isdigit()})
    if not groups or groups[-1] - groups[0] < GROUPS_SPAN:
        return None
    return N_("The crypt holds vampires of groups {groups}; a crypt's vampires come from two consecutive groups at most.",
              groups=", ".join(str(group) for group in groups))


def count_problems(crypt_count: int, library_count: int) -> list[Msg]:
    problems = []
    if crypt_count < CRYPT_MIN:
        problems.append(Nn_("The crypt has {count} card; {least} at least.", "The crypt has {count} cards; {least} at least.", crypt_count, least=CRYPT_MIN))
    if library_count < LIBRARY_MIN:
        problems.append(Nn_("The library has {count} card; {least} at least.", "The library has {count} cards; {least} at least.", library_count,
                                least=LIBRARY_MIN))
    if library_count > LIBRARY_MAX:
        problems.append(Nn_("The library has {count} card; {most} at most.", "The library has {count} cards; {most} at most.", library_count,
                                most=LIBRARY_MAX))
    return problems


def traits(crypt: list[tuple[Card, int]]) -> tuple[tuple[Msg, str], ...]:
    """What the meta counts of a crypt: its clan (the most cards), its groups, and the disciplines at superior level on
    half its cards or more (the deck's core)."""
    if not crypt:
        return ()
    clans: Counter[str] = Counter()
    superior: Counter[str] = Counter()
    for card, count in crypt:
        clans[card.clans[0] if card.clans else "?"] += count
        superior.update({discipline: count for discipline in card.disciplines if discipline.isupper()})
    total = sum(count for _, count in crypt)
    groups = sorted({card.group for card, _ in crypt if card.group and card.group.isdigit()})
    core = sorted(discipline for discipline, count in superior.items() if 2 * count >= total)
    return ((N_("Clan"), min(clans, key=lambda clan: (-clans[clan], clan))), (N_("Crypt groups"), "–".join(groups) if groups else "any"),
            (N_("Disciplines"), " ".join(core) or "–"))


def sections(deck: Deck) -> tuple[DeckSection, DeckSection]:
    return (DeckSection(N_("Crypt"), tuple(DeckCard(card.vekn_name, count) for card, count in deck.crypt)),
            DeckSection(N_("Library"), tuple(DeckCard(card.vekn_name, count) for card, count in deck.library)))


class VtesDeckRules(DeckRules):
    formats = N_("The text export of VDB, Amaranth, Lackey, JOL or a TWDA entry.")

    def check(self, text: str) -> CheckedDeck:
        reading = parse(text)
        deck = reading.deck
        crypt, library = sections(deck)
        problems = spelling_problems(text, reading) + count_problems(crypt.count, library.count)
        grouping = group_problem([card for card, _ in deck.crypt])
        if grouping:
            problems.append(grouping)
        problems += [N_("'{card}' is banned.", card=card.vekn_name) for card in deck if card.banned]
        return CheckedDeck(sections=(crypt, library), problems=tuple(problems), name=deck.name or "", traits=traits(deck.crypt))

    def rounds(self, event: Event) -> tuple[str, ...]:
        """Under the multi-deck system (tournament rules 3.1.5) a player may switch decks between rounds: a list per round."""
        if not multideck(event):
            return ()
        return tuple(f"round-{number}" for number in range(1, planned_rounds(event) + 1)) + (("final",) if has_final(event) else ())


DECK_RULES = VtesDeckRules()


def twda_entry(text: str, *, event: str, place: str, date: str, rounds: str, players: int, winner: str, link: str = "") -> str:
    """The TWDA entry of a winning list, in krcg's own TWDA layout (so its TWDA parser reads the same event and cards):
    event, place, date, the rounds ("3R+F"), "15 players", the winner (their V:EKN number in brackets, which the parser drops), the
    event's address, then the deck. `date` is ISO (2026-12-05)."""
    import datetime

    deck = parse(text).deck
    deck.event, deck.place, deck.date = event, place, datetime.date.fromisoformat(date)
    deck.tournament_format, deck.players_count, deck.player, deck.event_link = rounds or None, players, winner, link or None
    deck.author = None
    return str(deck.to_txt("twd")) + "\n"


def twda_export(event: Event, board: Scoreboard, known: Mapping[str, Person]) -> str:
    """The winner's TWDA entry (`sitegen export --format twda`): the event, its place and date, the rounds, the players
    who played, the winner with their V:EKN number, and the winner's released list."""
    winners = [player for place, player in board.final_ranking or [] if place == 1]
    if not winners:
        raise Refused(f"{event.name} is not over: the TWDA takes the winner's list once the event is finished")
    winner = event.player_by_id[winners[0]]
    if winner.id not in event.released_decks:
        raise Refused(f"{winner.name}'s decklist is not published: register it (`sitegen deck`) and publish it (`sitegen decks --publish`)")
    place = event.options.get(PLACE)
    if not isinstance(place, str) or not place.strip():
        raise Refused(f"{event.at('name').path}: the TWDA entry needs the event's place; add 'place: Lyon, France' (city, country) to event.yaml")
    person = known.get(winner.id)
    number = winner.deck.get("vekn") or (person.numbers.get("vekn") if person else None)
    played = {player for round_ in event.rounds for player in round_.seated()}
    rounds = f"{len(event.rounds)}R+F" if has_final(event) else ""  # the TWDA writes no other form: an event without a final has no line
    return twda_entry(event.released_decks[winner.id], event=event.name, place=place, date=event.date, rounds=rounds,
                      players=len(played), winner=f"{winner.name} ({number})" if number else winner.name)
