"""V:TES under the V:EKN tournament rules: seated preliminary rounds of 4-5 players, then a top-five final.

The format plug-in itself, each concern in its own module:

vtes_rules    scoring rules and rule constants: GW, VP, TP, rankings, the final (pure functions)
vtes_results  whether a table result can come out of a real game (pure functions)
vtes_examples the example tables on the rules page
vtes_event    reading an event: options, tables with a result, the preliminary ranking
vtes_checks   validation of the content
vtes_board    the Scoreboard: round and final views, standings, player histories
vtes_export   standings.json and the V:EKN report
vtes_pairing  the round files `sitegen pair` writes (seating itself: `pairing.vtes_seating`)
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..model import Event, Person, Problem
from ..pairing import vtes_seating
from . import vtes_board, vtes_checks, vtes_event, vtes_examples, vtes_export, vtes_pairing, vtes_rating, vtes_rules
from .base import Format, NextRound, Scoreboard
from .vtes_rules import vp_text


class Vtes(Format):
    name = "vtes"
    title = "Vampire: The Eternal Struggle (V:EKN rules)"
    seated = True
    elimination_title = "Final table"
    event_keys = ("final", "multideck")
    table_keys = ("vp", "override", *vtes_event.SEATING_KEYS)
    seating_keys = vtes_event.SEATING_KEYS
    deck_fields = {"vekn": "V:EKN number", "deck": "Deck"}
    after_preliminaries = "The final comes next: the top five choose their seats."
    result_hint = ("Enter each table's result as 'vp: {<id>: N, ...}' (steps of 0.5, every player at the table); "
                   "add 'override: true' only when a judge confirmed VP that no game gives (e.g. from card effects).")

    def planned_rounds(self, event: Event) -> int:
        return vtes_event.planned_rounds(event)

    def validate(self, event: Event) -> list[Problem]:
        return vtes_checks.validate(event, self)

    def score(self, event: Event) -> Scoreboard:
        return vtes_board.score(event, self.name)

    def export_table(self, event: Event) -> tuple[list[str], list[list[Any]]]:
        return vtes_export.export_table(event, self.score(event))

    export_formats = ("archondata",)

    def export_text(self, event: Event, name: str, known: Mapping[str, Person]) -> str:
        if name != "archondata":
            return super().export_text(event, name, known)
        return vtes_export.archondata(event, self.score(event), known)

    def next_round(self, event: Event) -> NextRound:
        return vtes_pairing.next_round(event)

    def plan_rounds(self, event: Event) -> list[NextRound]:
        return vtes_pairing.plan_rounds(event)

    def rules_context(self) -> dict[str, Any]:
        return {"examples": vtes_examples.rules_examples(), "place_tp": vtes_rules.PLACE_TP, "vp_text": vp_text,
                "multideck_limit": vtes_rules.MULTIDECK_LIMIT, "no_final_limit": vtes_rules.NO_FINAL_LIMIT,
                "final_size": vtes_rules.FINAL_SIZE, "drawn_places": vtes_rules.DRAWN_PLACES,
                "gw_min_vp": vp_text(vtes_rules.GW_MIN_VP), "seating_criteria": vtes_seating.CRITERIA,
                "rating": vtes_rating.rules_context()}


FORMAT = Vtes()
