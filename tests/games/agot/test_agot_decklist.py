"""AGoT decklists in ThronesDB's plain-text export: 20 lists, each with the problems it must give."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from sitegen.games.agot.decklist import DECK_RULES, NOT_CHECKED

CORPUS = Path(__file__).parent / "decklists"
EXPECTED: dict[str, list[str]] = json.loads((CORPUS / "expected.json").read_text(encoding="utf-8"))


def test_the_corpus_holds_twenty_lists():
    assert len(EXPECTED) == 20


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_list_gives_its_verdict(name):
    checked = DECK_RULES.check((CORPUS / name).read_text(encoding="utf-8"))
    assert [problem.plural or problem.msgid for problem in checked.problems] == EXPECTED[name]  # a count: its plural id


def test_worked_sentences_and_what_is_not_checked():
    legal = DECK_RULES.check((CORPUS / "legal.txt").read_text(encoding="utf-8"))
    assert legal.valid and legal.notes == (NOT_CHECKED,) and legal.name == "Winter Is Here"
    assert [(str(s.title), s.count) for s in legal.sections] == [("Faction", 1), ("Agenda", 1), ("Plots", 7), ("Draw deck", 60)]
    twice = DECK_RULES.check((CORPUS / "two-plots-twice.txt").read_text(encoding="utf-8"))
    assert [str(p) for p in twice.problems] == ["'A Noble Cause', 'Wildfire Assault' are each in the plot deck twice; only one plot may be."]
    copies = DECK_RULES.check((CORPUS / "four-copies-in-two-sets.txt").read_text(encoding="utf-8"))
    assert [str(p) for p in copies.problems] == ["'Eddard Stark': 4 copies in the draw deck; 3 at most."]


def test_a_link_alone_is_kept_and_said_unchecked():
    checked = DECK_RULES.check((CORPUS / "link-only.txt").read_text(encoding="utf-8"))
    assert checked.valid and checked.link == "https://thronesdb.com/deck/view/987654"
    assert "nothing of the list was checked" in str(checked.notes[0])


def test_the_traits_the_meta_counts():
    traits = DECK_RULES.check((CORPUS / "legal-night-watch.txt").read_text(encoding="utf-8")).traits
    assert [(str(what), value) for what, value in traits] == [("Faction", "The Night's Watch"), ("Agenda", "The Lord of the Crossing")]


def test_a_count_of_cards_takes_the_languages_plural_form():
    """Polish says 2-4 (and 22-24 ...) "karty", "egzemplarze", 5-21 "kart", "egzemplarzy": the counts are plural messages."""
    from collections import Counter

    from sitegen.games.agot.decklist import _draw_problems, _plot_problems
    from sitegen.language import translate

    copies = DECK_RULES.check((CORPUS / "four-copies-in-two-sets.txt").read_text(encoding="utf-8"))
    assert translate(copies.problems[0], "pl") == "„Eddard Stark”: 4 egzemplarze w talii dobierania; najwyżej 3."
    assert translate(_draw_problems(Counter({"Ned": 5}))[-1], "pl") == "„Ned”: 5 egzemplarzy w talii dobierania; najwyżej 3."
    assert translate(_draw_problems(Counter({f"card {n}": 2 for n in range(26)}))[0], "pl") == \
        "Talia dobierania ma 52 karty; co najmniej 60."
    assert translate(_plot_problems(Counter({"A": 1, "B": 1, "C": 1}))[0], "pl") == "Talia intryg ma 3 karty; dokładnie 7."
    assert str(_plot_problems(Counter({"A": 1}))[0]) == "The plot deck has 1 card; exactly 7."
