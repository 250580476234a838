"""V:TES decklists read and checked with krcg: the corpus of 40 lists (8 cases in each of the 5 formats krcg reads),
each with the problems it must give, and the legal ones through the TWDA export and krcg's TWDA parser."""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from sitegen.games.decklist import MAX_DECKLIST_BYTES, read_checked
from sitegen.games.vtes.decklist import DECK_RULES, card_database, parse, twda_entry

CORPUS = Path(__file__).parent / "decklists"
EXPECTED: dict[str, list[str]] = json.loads((CORPUS / "expected.json").read_text(encoding="utf-8"))


def test_the_corpus_holds_forty_lists_in_five_formats():
    assert len(EXPECTED) == 40
    assert {name.split(".")[1] for name in EXPECTED} == {"twda", "vdb", "amaranth", "lackey", "jol"}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_list_gives_its_verdict(name):
    checked = DECK_RULES.check((CORPUS / name).read_text(encoding="utf-8"))
    assert sorted(problem.plural or problem.msgid for problem in checked.problems) == sorted(EXPECTED[name])  # a count: its plural id
    assert checked.valid == (not EXPECTED[name])


@pytest.mark.parametrize("name", sorted(name for name, problems in EXPECTED.items() if not problems))
def test_a_legal_list_round_trips_through_the_twda(name):
    from krcg.deck import Deck

    text = (CORPUS / name).read_text(encoding="utf-8")
    entry = twda_entry(text, event="Winter Court", place="Lyon, France", date="2026-12-05", rounds="3R+F", players=15, winner="Ann Example (3200123)")
    again = Deck.from_txt(io.StringIO(entry), twda=True)
    assert {card.id: count for card, count in again.items()} == {card.id: count for card, count in parse(text).deck.items()}
    assert (again.event, again.place, again.players_count, again.tournament_format) == ("Winter Court", "Lyon, France", 15, "3R+F")
    assert again.player == "Ann Example" and str(again.date) == "2026-12-05"


def test_worked_sentences():
    checked = DECK_RULES.check((CORPUS / "misspelt.vdb.txt").read_text(encoding="utf-8"))
    assert [str(problem) for problem in checked.problems] == ["'Govern the Unalined': did you mean 'Govern the Unaligned'?"]
    assert [str(p) for p in DECK_RULES.check((CORPUS / "library-59.jol.txt").read_text()).problems] == ["The library has 59 cards; 60 at least."]
    assert [str(p) for p in DECK_RULES.check((CORPUS / "banned.lackey.txt").read_text()).problems] == ["'Edge Explosion' is banned."]
    gap = DECK_RULES.check((CORPUS / "group-gap.amaranth.txt").read_text()).problems
    assert [str(p) for p in gap] == ["The crypt holds vampires of groups 2, 3, 4; a crypt's vampires come from two consecutive groups at most."]


def test_a_name_nothing_is_close_to_is_named_with_its_line():
    text = (CORPUS / "legal-a.jol.txt").read_text(encoding="utf-8").replace("1x Information Highway", "1x Zzyzx Qwopbarf")
    problems = [str(p) for p in DECK_RULES.check(text).problems]
    assert problems[0].startswith("Line ") and "'Zzyzx Qwopbarf' is no V:TES card we know" in problems[0]


def test_a_list_over_the_limit_is_refused_unread():
    checked = read_checked(DECK_RULES, "1x Govern the Unaligned\n" * 50_000)
    assert [p.msgid for p in checked.problems] == ["This list holds {size} bytes; a decklist is {limit} at most. Paste the list only, without other text."]
    assert checked.problems[0].values["limit"] == MAX_DECKLIST_BYTES


def test_the_card_database_is_loaded_once_from_the_package(monkeypatch):
    import socket

    def no_network(*args, **kwargs):
        raise AssertionError("the card database went to the network")

    monkeypatch.setattr(socket, "create_connection", no_network)
    monkeypatch.setattr(socket.socket, "connect", no_network)
    assert card_database() is card_database()
    assert DECK_RULES.check((CORPUS / "legal-b.twda.txt").read_text(encoding="utf-8")).valid


def test_the_traits_the_meta_counts():
    traits = DECK_RULES.check((CORPUS / "legal-a.twda.txt").read_text(encoding="utf-8")).traits
    assert [(str(what), value) for what, value in traits] == [("Clan", "Toreador"), ("Crypt groups", "2–3"), ("Disciplines", "AUS CEL PRE")]


def test_a_count_of_cards_takes_the_languages_plural_form():
    """Polish: "Biblioteka ma 92 karty" (2-4, 22-24 ...), "98 kart"; the counts are plural messages."""
    from sitegen.language import translate

    over = DECK_RULES.check((CORPUS / "library-91.vdb.txt").read_text(encoding="utf-8"))
    assert [translate(p, "pl") for p in over.problems] == ["Biblioteka ma 98 kart; najwyżej 90."]
    legal = (CORPUS / "legal-a.vdb.txt").read_text(encoding="utf-8")
    over = DECK_RULES.check(legal.replace("Library (74)", "Library (92)").replace("4x Freak Drive", "22x Freak Drive"))
    assert [translate(p, "pl") for p in over.problems] == ["Biblioteka ma 92 karty; najwyżej 90."]
    assert [str(p) for p in over.problems] == ["The library has 92 cards; 90 at most."]
