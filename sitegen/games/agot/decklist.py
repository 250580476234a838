"""AGoT 2nd edition decklists: ThronesDB's plain-text export and/or a ThronesDB deck link.

Checked against what a list can show of the Rules Reference's *Deckbuilding*: one faction, exactly 7 plots with at
most one of them there twice, a draw deck of 60 cards at least, at most 3 copies of a card by title. sitegen has no
AGoT card data offline: the card pool (in-faction or neutral cards, legal packs, a card's own deck limit, an agenda's
own deckbuilding) is not checked, and every checked list says so.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from sitegen.games.decklist import CheckedDeck, DeckCard, DeckRules, DeckSection
from sitegen.text import N_, Msg, Nn_

#: The Rules Reference's Deckbuilding numbers.
PLOTS = 7
PLOTS_TWICE = 1  # how many plots may be in the plot deck twice (by title); no plot three times
DRAW_MIN = 60
COPIES_MAX = 3  # copies of a card by title in the draw deck

FACTIONS = ("House Baratheon", "House Greyjoy", "House Lannister", "House Martell", "The Night's Watch", "House Stark",
            "House Targaryen", "House Tyrell")
#: ThronesDB's section headings, by card type: where each type goes.
SECTIONS = {"agenda": "agenda", "plot": "plot", "character": "draw", "attachment": "draw", "location": "draw", "event": "draw"}
HEADING = re.compile(r"^\s*(?P<type>agenda|plot|character|attachment|location|event)s?\s*(\(\d+\))?\s*:?\s*$", re.IGNORECASE)
CARD = re.compile(r"^\s*(?P<count>\d{1,2})\s*x?\s+(?P<title>.+?)(\s+\([^()]*\))?\s*$")
LINK = re.compile(r"https?://(www\.)?thronesdb\.com/\S+")
NOT_CHECKED = N_("Not checked: the card pool (in-faction or neutral cards, legal packs, a card's own deck limit, an agenda's "
                 "own deckbuilding): sitegen has no card data.")


@dataclass
class _Reading:
    cards: dict[str, Counter[str]] = field(default_factory=lambda: {"agenda": Counter(), "plot": Counter(), "draw": Counter()})
    header: list[str] = field(default_factory=list)  # the lines before the first heading
    stray: list[tuple[int, str]] = field(default_factory=list)  # card lines under no heading
    link: str = ""


def _read(text: str) -> _Reading:
    reading, section = _Reading(), ""
    for number, line in enumerate(text.splitlines(), 1):
        link = LINK.search(line)
        heading, card = HEADING.match(line), CARD.match(line)
        if link:
            reading.link = reading.link or link.group(0)
        elif heading:
            section = SECTIONS[heading["type"].lower()]
        elif card and section:
            reading.cards[section][card["title"]] += int(card["count"])
        elif card:
            reading.stray.append((number, line.strip()))
        elif line.strip() and not section:
            reading.header.append(line.strip())
    return reading


def _plot_problems(plots: Counter[str]) -> list[Msg]:
    problems = []
    if plots.total() != PLOTS:
        problems.append(Nn_("The plot deck has {count} card; exactly {plots}.", "The plot deck has {count} cards; exactly {plots}.", plots.total(),
                            plots=PLOTS))
    problems += [N_("'{card}' is in the plot deck {count} times; a plot may be there twice at most.", card=card, count=count)
                 for card, count in sorted(plots.items()) if count > 2]
    twice = sorted(card for card, count in plots.items() if count == 2)
    if len(twice) > PLOTS_TWICE:
        problems.append(N_("{cards} are each in the plot deck twice; only one plot may be.", cards=", ".join(f"'{card}'" for card in twice)))
    return problems


def _draw_problems(draw: Counter[str]) -> list[Msg]:
    problems = []
    if draw.total() < DRAW_MIN:
        problems.append(Nn_("The draw deck has {count} card; {least} at least.", "The draw deck has {count} cards; {least} at least.", draw.total(),
                            least=DRAW_MIN))
    problems += [Nn_("'{card}': {count} copy in the draw deck; {most} at most.", "'{card}': {count} copies in the draw deck; {most} at most.", count,
                     card=card, most=COPIES_MAX)
                 for card, count in sorted(draw.items()) if count > COPIES_MAX]
    return problems


def _header_problems(reading: _Reading) -> list[Msg]:
    factions = [line for line in reading.header if line in FACTIONS]
    problems = [] if len(factions) == 1 else [N_("The list names no faction: a deck has exactly one (the line 'House Stark' of the export, for example).")]
    problems += [N_("Line {line}: '{text}' is under no card type heading (Plot, Character, Attachment, Location, Event).", line=line, text=text)
                 for line, text in reading.stray]
    return problems


class AgotDeckRules(DeckRules):
    formats = N_("ThronesDB's plain-text export, with or without the deck's ThronesDB link.")
    records = (("Faction",), ("Agenda",), ("Faction", "Agenda"))

    def check(self, text: str) -> CheckedDeck:
        reading = _read(text)
        agenda, plots, draw = (reading.cards[key] for key in ("agenda", "plot", "draw"))
        agenda = agenda or _header_agenda(reading)
        sections = tuple(DeckSection(title, tuple(DeckCard(card, count) for card, count in cards.items()))
                         for title, cards in ((N_("Agenda"), agenda), (N_("Plots"), plots), (N_("Draw deck"), draw)) if cards)
        factions = [line for line in reading.header if line in FACTIONS]
        faction = (DeckSection(N_("Faction"), (DeckCard(factions[0], 1),)),) if len(factions) == 1 else ()
        if reading.link and not (plots or draw):
            return CheckedDeck(sections=faction, problems=(), name=_deck_name(reading), link=reading.link,
                               notes=(N_("Only a link: nothing of the list was checked. Paste ThronesDB's plain-text export to have it checked."),))
        problems = _header_problems(reading) + _plot_problems(plots) + _draw_problems(draw)
        traits: tuple[tuple[Msg, str], ...] = ((N_("Faction"), factions[0]),) if len(factions) == 1 else ()
        traits += ((N_("Agenda"), ", ".join(sorted(agenda))),) if agenda else ()
        return CheckedDeck(sections=faction + sections, problems=tuple(problems), notes=(NOT_CHECKED,), name=_deck_name(reading), link=reading.link,
                           traits=traits)


def _header_agenda(reading: _Reading) -> Counter[str]:
    """ThronesDB's export names the agenda on the line after the faction's (no heading of its own)."""
    lines = reading.header
    after = [line for index, line in enumerate(lines) if index and lines[index - 1] in FACTIONS and not line.lower().startswith("packs")]
    return Counter(after[:1])


def _deck_name(reading: _Reading) -> str:
    """ThronesDB's export starts with the deck's name, before the faction line."""
    first = reading.header[0] if reading.header else ""
    return "" if first in FACTIONS or first.lower().startswith("packs") else first


DECK_RULES = AgotDeckRules()
