"""A Game of Thrones 2nd ed. Melee (Tournament Rules v2.0): Swiss rounds at tables of 3 or 4, then a final.

The plug-in only wires the Melee modules together:
- `rules`: the rules' numbers (table sizes too) and table scoring (pure); `seating`: who sits at which table;
- `results`: a table's result read into a checked game, or its problems;
- `checks`: every check of an event; `standings` (with `rows`, what the pages show of a table and a round): the Scoreboard;
- `pairing`: the next round; `wording`: the rules in words, for messages and the rules page.
Standings and tiebreakers are the AGoT ones shared with Joust (`games/tournament/swiss.py`), where "beaten" means placed ahead of
at every shared table.

Decisions where the rules are silent:
- A late joiner's points for each missed round are credited in that round, and the round counts as one
  taken part in for the SoS average, as a Joust bye does: the points stand in for a game.
- The default cut follows the AGoT cut table, reading its "top 8" as top 4 (Melee cuts to 4 or 16 only).
- The cut, and every ranking the elimination rules derive from "total points", use the cut order: points, SoS,
  ESoS (the Melee elimination section names no Head-to-Head), then the seeded draw.
- After a top 16, the players who did not win their first table rank by their place there (tied players
  share the better place, as the table shows them), then by the cut order.
- standings.json: a round row keeps "opponent", always null (a melee game has no single opponent), and
  adds "opponents" (seat order), "place" and "power".
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from sitegen.games.agot.game import AgotGame
from sitegen.games.agot.length import TEMPLATES as AGOT_TEMPLATES
from sitegen.games.agot.melee.checks import validate
from sitegen.games.agot.melee.pairing import next_round
from sitegen.games.agot.melee.rules import ROUND_MINUTES, planned_melee_cut
from sitegen.games.agot.melee.seating import melee_table_sizes
from sitegen.games.agot.melee.standings import current_standings, score_event
from sitegen.games.agot.melee.wording import CUT_ORDER_WORDS, SLIP_INSTRUCTIONS, rules_context
from sitegen.games.agot.rules import DEFAULT_VICTORY_TOTAL
from sitegen.games.base import Elimination, NextRound, Refused, Scoreboard, Seating
from sitegen.games.result_entry import FIGURES, ORDER, PLAYER, ResultEntry, ResultField, ResultWay, SlipForm
from sitegen.games.rounds import refuse_pending
from sitegen.model import Event, Problem, Round
from sitegen.text import N_


class Melee(AgotGame):
    name = "agot-melee"
    title = N_("A Game of Thrones 2nd ed. — Melee")
    seating = Seating()
    elimination = Elimination(planned_melee_cut, N_("Final tables"), N_("The final table comes next."),
                              N_("the Melee elimination rules order the cut by {order}, leaving out Head-to-Head", order=CUT_ORDER_WORDS))
    event_keys: tuple[str, ...] = ()
    results = ResultEntry(
        fields=(ResultField("power", FIGURES, N_("Power"), "each player's power at the end of the game, whole numbers", slip=N_("Power")),
                ResultField("winner", PLAYER, N_("Won before time"), "the player who reached the victory total before time", slip=N_("Winner"),
                            reached=("power", DEFAULT_VICTORY_TOTAL)),
                ResultField("eliminated", ORDER, N_("Left the game"), "players decked out or conceding, first to leave first", slip=N_("Out (order)")),
                ResultField("victory", FIGURES, N_("Victory total"), f"a victory total other than {DEFAULT_VICTORY_TOTAL} that a card set for a player",
                            minimum=1)),
        ways=(ResultWay("result", ("power", "eliminated", "victory", "winner"), N_("The table's result"), N_("Save result")),))
    round_minutes = ROUND_MINUTES
    templates = (Path(__file__).resolve().parent / "templates", AGOT_TEMPLATES)
    result_hint = N_("Enter 'power: {<id>: N, ...}' for every player at the table; add 'winner: <id>' if someone won before time "
                     "and 'eliminated: [<id>, ...]' for players who decked out or conceded, first to leave first.")

    def validate(self, event: Event) -> list[Problem]:
        return validate(event, self)

    def score(self, event: Event) -> Scoreboard:
        return score_event(event, self.name, self.planned_rounds(event), planned_melee_cut(event))

    def round_sizes(self, players: int) -> list[int]:
        try:
            return melee_table_sizes(players)
        except ValueError as exc:
            raise Refused(exc.args[0]) from None  # the rules' message, translated where it is shown

    def next_round(self, event: Event) -> NextRound:
        refuse_pending(event)
        return next_round(event, current_standings(event, self.planned_rounds(event), planned_melee_cut(event)))

    def slip_form(self, round_: Round) -> SlipForm:
        return SlipForm(self.results.slip_boxes(round_.stage), SLIP_INSTRUCTIONS)

    def rules_context(self) -> dict[str, Any]:
        return rules_context()


FORMAT = Melee()
