"""A Game of Thrones 2nd ed. Joust (Tournament Rules v2.0): Swiss rounds, then a single-elimination cut.

The plug-in the site calls. The game rules are in `joust.rules` (the victory total in `agot.rules`), the event's
length in `agot.length`; the work is done by `checks` (validation), `scoring` (the Scoreboard) and `pairing`.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from sitegen.games.agot.game import AgotGame
from sitegen.games.agot.joust import checks as joust_checks
from sitegen.games.agot.joust import pairing as joust_pairing
from sitegen.games.agot.joust import scoring as joust_scoring
from sitegen.games.agot.joust.rules import RESULTS, ROUND_MINUTES
from sitegen.games.agot.length import CUT_BY_PLAYERS, ROUNDS_BY_PLAYERS, planned_cut
from sitegen.games.agot.length import TEMPLATES as AGOT_TEMPLATES
from sitegen.games.agot.rules import DEFAULT_VICTORY_TOTAL
from sitegen.games.base import Elimination, NextRound, ResultView, Scoreboard, StandingRow
from sitegen.games.result_entry import FIGURES, PLAYER, ResultEntry, ResultField, ResultWay, SlipForm
from sitegen.games.tournament.swiss import ESOS_MEANING, SOS_MEANING
from sitegen.model import Event, Problem, Round
from sitegen.text import N_


class Joust(AgotGame):
    gives_byes = True
    name = "agot-joust"
    title = N_("A Game of Thrones 2nd ed. — Joust")
    seated = False  # two players a table: seat numbers mean nothing
    elimination = Elimination(planned_cut, N_("Bracket"), N_("The elimination bracket comes next."))
    event_keys: tuple[str, ...] = ()
    results = ResultEntry(
        fields=(ResultField("winner", PLAYER, N_("Winner"), "the player who won (victory total, concession or decking)", slip=N_("Winner")),
                ResultField("power", FIGURES, N_("Power"), "each player's power when time was called, whole numbers", slip=N_("Power")),
                ResultField("victory", FIGURES, N_("Victory total"), f"a victory total other than {DEFAULT_VICTORY_TOTAL} that a card set for a player",
                            minimum=1)),
        ways=(ResultWay("won", ("winner",), N_("Who won?"), N_("{name} won")),
              # An elimination game at time plays on: power is entered in the Swiss rounds only.
              ResultWay("time", ("power", "victory"), N_("Time called: enter power"), N_("Save power"), stages=("round",))))
    round_minutes = ROUND_MINUTES
    templates = (Path(__file__).resolve().parent / "templates", AGOT_TEMPLATES)
    result_hint = N_("Enter each result as 'winner: <id>' (victory, concession, decking) or 'power: {<id>: N, <id>: M}' when time was called.")

    def validate(self, event: Event) -> list[Problem]:
        return joust_checks.problems(event, self)

    def score(self, event: Event) -> Scoreboard:
        return joust_scoring.scoreboard(event, self.name)

    def standings(self, event: Event) -> list[StandingRow]:
        return joust_scoring.current_standings(event).standings

    def result_view(self, event: Event, round_: Round) -> ResultView:
        """A Swiss round's view is its tables' alone: made without the scoreboard's histories and standings after
        each round (a quarter of its time at 512 players)."""
        if round_.stage != "round":
            return super().result_view(event, round_)
        return ResultView(joust_scoring.round_view(round_), joust_scoring.SEAT_COLUMNS, joust_scoring.STANDINGS_COLUMNS,
                          self.standings(event))

    def next_round(self, event: Event) -> NextRound:
        return joust_pairing.next_round(event, self.name)

    def round_sizes(self, players: int) -> list[int]:
        return [2] * (players // 2)  # an odd player out has the bye

    def slip_form(self, round_: Round) -> SlipForm:
        boxes = self.results.slip_boxes(round_.stage)
        if round_.stage != "round":
            return SlipForm(boxes, N_("An elimination game always has a winner: tick it."))
        return SlipForm(boxes, N_("Tick the winner of a game won outright ({victory} power, concession or decking). If time was "
                                  "called, tick no one and write both players' power.", victory=DEFAULT_VICTORY_TOTAL))

    def rules_context(self) -> dict[str, Any]:
        return {"results": RESULTS, "victory_total": DEFAULT_VICTORY_TOTAL, "minutes": ROUND_MINUTES, "sos": SOS_MEANING, "esos": ESOS_MEANING,
                "rounds_table": ROUNDS_BY_PLAYERS, "cut_table": CUT_BY_PLAYERS}


FORMAT = Joust()
