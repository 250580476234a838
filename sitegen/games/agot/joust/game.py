"""A Game of Thrones 2nd ed. Joust (Tournament Rules v2.0): Swiss rounds, then a single-elimination cut.

The plug-in the site calls. The game rules are in `joust.rules` (the victory total in `agot.rules`), the event's
length in `agot.length`; the work is done by `checks` (validation), `scoring` (the Scoreboard) and `pairing`.
"""
from __future__ import annotations

from typing import Any

from sitegen.games.agot.joust import checks as joust_checks
from sitegen.games.agot.joust import pairing as joust_pairing
from sitegen.games.agot.joust import scoring as joust_scoring
from sitegen.games.agot.joust.rules import RESULTS, ROUND_MINUTES
from sitegen.games.agot.length import CUT_BY_PLAYERS, ROUNDS_BY_PLAYERS, planned_cut, planned_rounds
from sitegen.games.agot.rules import DEFAULT_VICTORY_TOTAL
from sitegen.games.agot.swiss_standings import ESOS_MEANING, SOS_MEANING
from sitegen.games.base import Format, NextRound, Scoreboard, SlipBox, SlipForm
from sitegen.model import Event, Problem, Round


class Joust(Format):
    name = "agot-joust"
    title = "A Game of Thrones 2nd ed. — Joust"
    seated = False  # two players a table: seat numbers mean nothing
    elimination_title = "Bracket"
    after_preliminaries = "The elimination bracket comes next."
    event_keys: tuple[str, ...] = ()
    table_keys = ("winner", "power", "victory")
    deck_fields = {"faction": "Faction", "agenda": "Agenda"}
    meta_fields = ("faction", "agenda")
    result_hint = "Enter each result as 'winner: <id>' (victory, concession, decking) or 'power: {<id>: N, <id>: M}' when time was called."

    def validate(self, event: Event) -> list[Problem]:
        return joust_checks.problems(event, self)

    def score(self, event: Event) -> Scoreboard:
        return joust_scoring.scoreboard(event, self.name)

    def next_round(self, event: Event) -> NextRound:
        return joust_pairing.next_round(event, self.name)

    def planned_rounds(self, event: Event) -> int:
        return planned_rounds(event)

    def cut(self, event: Event) -> int:
        return planned_cut(event)

    def length_settings(self, event: Event) -> dict[str, int]:
        """The event's length and cut as they stand now, for `pair` to write into event.yaml at round 1."""
        return {"rounds": self.planned_rounds(event), "cut": self.cut(event)}

    def slip_form(self, round_: Round) -> SlipForm:
        if round_.stage != "round":
            return SlipForm((SlipBox("Winner", tick=True),), "An elimination game always has a winner: tick it.")
        return SlipForm((SlipBox("Winner", tick=True), SlipBox("Power")),
                        f"Tick the winner of a game won outright ({DEFAULT_VICTORY_TOTAL} power, concession or decking). "
                        "If time was called, tick no one and write both players' power.")

    def rules_context(self) -> dict[str, Any]:
        return {"results": RESULTS, "victory_total": DEFAULT_VICTORY_TOTAL, "minutes": ROUND_MINUTES, "sos": SOS_MEANING, "esos": ESOS_MEANING,
                "rounds_table": ROUNDS_BY_PLAYERS, "cut_table": CUT_BY_PLAYERS}


FORMAT = Joust()
