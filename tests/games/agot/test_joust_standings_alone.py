"""The Joust's standings made alone (`Format.standings`, for `sitegen result`'s rows that moved) and a round's view
with them (`Format.result_view`, what `sitegen result` prints) are the scoreboard's, at every point of an event:
before round 1, after each round, and with a round half played."""
from __future__ import annotations

import dataclasses
import tempfile
from pathlib import Path

import pytest
from random_events import EVENT, write_event

from sitegen import games as formats
from sitegen.games.base import Format
from sitegen.load.event import load_event


@pytest.mark.parametrize("seed", range(4))
def test_standings_alone_equal_the_scoreboards(seed):
    joust = formats.FORMATS["agot-joust"]
    with tempfile.TemporaryDirectory() as tmp:
        write_event(Path(tmp), "agot-joust", seed)
        event = load_event(Path(tmp) / "events" / EVENT)
    for played in range(len(event.rounds) + 1):
        rounds = list(event.rounds[:played])
        cases = [rounds]
        if rounds:  # the last of them half played: its second half of tables in play
            last = rounds[-1]
            half = [t if i < len(last.tables) // 2 else dataclasses.replace(t, result={}) for i, t in enumerate(last.tables)]
            cases.append(rounds[:-1] + [dataclasses.replace(last, tables=half)])
        for case in cases:
            moment = dataclasses.replace(event, rounds=case, elims=[])
            assert joust.standings(moment) == joust.score(moment).standings
            for round_ in case:  # the Joust's own view against the default one, taken from the scoreboard
                assert joust.result_view(moment, round_) == Format.result_view(joust, moment, round_)
