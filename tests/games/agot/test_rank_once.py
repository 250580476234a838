"""Pairing and pages read the same standings.

Joust and Melee rank their players in one place (`tournament.swiss.tally_rounds`); the next round is paired from
`current_standings`, the pages show `score()`. This guards that the two never drift apart: random events are cut
short after each round, with the last round whole or with some of its games still in play, and both must give the
same standings rows (rank, values, exact tiebreakers, coin tosses), length, cut and (Melee) cut order.
"""
from __future__ import annotations

import random
import tempfile
from dataclasses import replace
from pathlib import Path

import pytest
from budget import EXAMPLES
from hypothesis import Phase, given, settings
from hypothesis import strategies as st
from random_events import write_event

from sitegen import games as formats
from sitegen.games.agot.joust import scoring as joust_scoring
from sitegen.games.agot.melee import standings as melee_standings
from sitegen.games.base import cut_of
from sitegen.games.tournament.swiss import CurrentStandings
from sitegen.load.event import load_event
from sitegen.model import Event

KINDS = ("agot-joust", "agot-melee")
QUICK, THOROUGH = EXAMPLES * 10 // 3, 300  # random events per kind: 40 (10 in make test-fast), and the slow run's


def pairing_standings(event: Event) -> CurrentStandings:
    if event.format == "agot-joust":
        return joust_scoring.current_standings(event)
    fmt = formats.format_of(event)
    return melee_standings.current_standings(event, fmt.planned_rounds(event), cut_of(fmt, event))


def cut_short(event: Event, rng: random.Random) -> list[Event]:
    """The event after each of its preliminary rounds, and again with some of that round's games still in play."""
    versions = []
    for keep in range(1, len(event.rounds) + 1):
        versions.append(replace(event, rounds=event.rounds[:keep], elims=event.elims if keep == len(event.rounds) else ()))
        last = event.rounds[keep - 1]
        if not last.tables:  # a round of byes only
            continue
        in_play = set(rng.sample(range(len(last.tables)), rng.randint(1, len(last.tables))))
        tables = tuple(replace(table, result={}) if i in in_play else table for i, table in enumerate(last.tables))
        versions.append(replace(event, rounds=event.rounds[:keep - 1] + (replace(last, tables=tables),), elims=()))
    return versions


def check_same_standings(kind: str, seed: int) -> None:
    with tempfile.TemporaryDirectory() as root:
        event = load_event(write_event(Path(root), kind, seed))
    fmt = formats.format_of(event)
    for version in cut_short(event, random.Random(seed)):
        board, paired = fmt.score(version), pairing_standings(version)
        where = f"{kind} seed {seed}, {len(version.rounds)} round(s), {len(version.rounds[-1].pending_tables)} game(s) in play"
        assert paired.standings == board.standings, where
        assert (paired.planned_rounds, paired.cut) == (board.planned_rounds, board.cut), where
        if paired.cut_order:  # Melee works it out for pairing only once the Swiss rounds are over
            assert paired.cut_order == board.cut_order, where


def runs(count: int) -> settings:
    return settings(max_examples=count, deadline=None, derandomize=True, database=None, phases=[Phase.explicit, Phase.generate])


@pytest.mark.parametrize("kind", KINDS)
@runs(QUICK)
@given(seed=st.integers(0, 10**6))
def test_pairing_reads_the_pages_standings(kind: str, seed: int) -> None:
    check_same_standings(kind, seed)


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS)
@runs(THOROUGH)
@given(seed=st.integers(0, 10**6))
def test_pairing_reads_the_pages_standings_thoroughly(kind: str, seed: int) -> None:
    check_same_standings(kind, seed)
