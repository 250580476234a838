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
from pathlib import Path
from typing import Any

from sitegen.games.base import Elimination, Format, NextRound, RankingBody, RankingExport, Refused, Scoreboard, SeatChoice, Seating
from sitegen.games.result_entry import FIGURES, FLAG, PLAYER, ResultEntry, ResultField, ResultWay, SlipBox, SlipForm
from sitegen.games.vtes import board as vtes_board
from sitegen.games.vtes import checks as vtes_checks
from sitegen.games.vtes import event as vtes_event
from sitegen.games.vtes import examples as vtes_examples
from sitegen.games.vtes import export as vtes_export
from sitegen.games.vtes import pairing as vtes_pairing
from sitegen.games.vtes import rating as vtes_rating
from sitegen.games.vtes import rules as vtes_rules
from sitegen.games.vtes import seating as vtes_seating
from sitegen.games.vtes.decklist import DECK_RULES, twda_export
from sitegen.games.vtes.rules import vp_text
from sitegen.model import Event, Person, Problem, Round
from sitegen.text import N_, Nn_, Num, in_list, place_text

NAME = "vtes"
RANKING_BODY = RankingBody("V:EKN", "vekn", vtes_rules.VEKN_NUMBER, "3200123", "vekn-rating",
                           Nn_("V:EKN rating points; the best {count} event of the last {months} months counts",
                               "V:EKN rating points; the best {count} events of the last {months} months count",
                               vtes_rating.RATING_BEST, months=vtes_rating.RATING_MONTHS),
                           vtes_rating.RATING_BEST, vtes_rating.RATING_MONTHS, "rating")


def seat_choosers(event: Event, round_: Round) -> list[str]:
    """The finalists from the lowest qualifier to the highest: the order they choose their seats in."""
    if round_.stage != "final":
        raise Refused(N_("only the final's seats are chosen; a preliminary round's seats are dealt by the pairing"))
    return list(reversed(vtes_event.finalists(event, vtes_event.ranking(event, event.rounds))))


def export_table(event: Event) -> tuple[list[str], list[list[Any]]]:
    return vtes_export.export_table(event, vtes_board.score(event, NAME))


def export_text(event: Event, name: str, known: Mapping[str, Person]) -> str:
    """The V:EKN's own upload format (`archondata`), or the winner's entry for the TWDA (`twda`)."""
    if name == "twda":
        return twda_export(event, vtes_board.score(event, NAME), known).rstrip("\n")
    return vtes_export.archondata(event, vtes_board.score(event, NAME), known, RANKING_BODY)


class Vtes(Format):
    name = NAME
    title = N_("Vampire: The Eternal Struggle (V:EKN rules)")
    seating = Seating(plan=vtes_pairing.plan_rounds)
    elimination = Elimination(lambda event: vtes_rules.FINAL_SIZE if vtes_event.has_final(event) else 0, N_("Final table"),
                              N_("The final comes next: the top five choose their seats."))
    seat_choice = SeatChoice("final", vtes_event.FIRST,
                             N_("The finalists choose their seats in turn, the lowest qualifier first; then one of them is "
                                "drawn to play first."),
                             seat_choosers, lambda event, seating: vtes_rules.drawn_first_player(event.seed, seating))
    export = RankingExport(export_table, ("archondata", "twda"), export_text)
    ranking_body = RANKING_BODY
    event_keys = ("final", "multideck", vtes_event.PAIRED_SEED, vtes_event.PLACE)
    results = ResultEntry(
        fields=(ResultField("vp", FIGURES, N_("VP"), "each player's victory points, in steps of 0.5", halves=True, slip=N_("VP"),
                            blank_is_zero=True),
                ResultField("override", FLAG, N_("A judge confirmed VP no game gives"), "a judge confirmed VP that no game gives (card effects)",
                            judges_only=True),
                ResultField(vtes_event.FIRST, PLAYER, N_("Plays first"), "the finalist drawn to play first (the final)", seating=True,
                            slip=N_("Plays first"))),
        ways=(ResultWay("vp", ("vp", "override"), N_("Each player's VP (in halves)"), N_("Save VP")),
              ResultWay("first", (vtes_event.FIRST,), N_("Who plays first?"), N_("{name} plays first"), stages=("final",))))
    deck_fields = {"vekn": N_("V:EKN number"), "deck": N_("Deck")}
    deck_rules = DECK_RULES
    result_hint = N_("Enter each table's result as 'vp: {<id>: N, ...}' (steps of 0.5, every player at the table); "
                     "add 'override: true' only when a judge confirmed VP that no game gives (e.g. from card effects).")

    templates = (Path(__file__).resolve().parent / "templates",)
    player_example = ("    vekn: '1000001'      # optional: the V:EKN number (for the ranking export)\n"
                      "    deck: Toreador wall  # optional: shown on the player page\n")

    def new_event_lines(self, rounds: int | None, cut: int | None) -> list[str]:
        if cut is not None:
            raise Refused(N_("a V:TES event has no cut: its top five play the final (write 'final: false' to play none)"))
        return [f"rounds: {rounds}" if rounds else "# rounds: 3          # preliminary rounds (default 3)",
                "# final: false       # no final table (events under 8 players)"]

    def planned_rounds(self, event: Event) -> int:
        return vtes_event.planned_rounds(event)

    def length_settings(self, event: Event) -> dict[str, int]:
        """Round 1 fixes the length and the seed: the seed decides the draws for the top five and for who plays
        first at the final, so `pair` writes it twice; `check` refuses a `seed:` changed afterwards."""
        return {"rounds": self.planned_rounds(event), "seed": event.seed, vtes_event.PAIRED_SEED: event.seed}

    def validate(self, event: Event) -> list[Problem]:
        return vtes_checks.validate(event, self)

    def score(self, event: Event) -> Scoreboard:
        return vtes_board.score(event, self.name)

    def next_round(self, event: Event) -> NextRound:
        return vtes_pairing.next_round(event)

    def round_sizes(self, players: int) -> list[int]:
        """As many tables of 5 as the players who can be seated allow (6, 7 or 11: some sit out)."""
        return vtes_seating.table_sizes(vtes_seating.largest_seatable(players)) if players >= vtes_rules.SMALLEST_TABLE else []

    def slip_form(self, round_: Round) -> SlipForm:
        if round_.stage == "final":
            return SlipForm(self.results.slip_boxes(round_.stage),
                            N_("Renumber the seats if the finalists chose others. Tick who was drawn to play first. Write each "
                               "player's VP (steps of {half}): the most VP wins; a tie goes to the better seed.", half=Num(0.5, 1)))
        return SlipForm((*self.results.slip_boxes(round_.stage), SlipBox(N_("GW"), tick=True)),
                        N_("Seat 1 plays first, then clockwise; each player's prey is the next seat. Write each player's VP (steps "
                           "of {half}). Tick GW for the player with at least {vp} VP and more than anyone else.",
                           half=Num(0.5, 1), vp=vp_text(vtes_rules.GW_MIN_VP)))

    def rules_context(self) -> dict[str, Any]:
        return {"examples": vtes_examples.rules_examples(), "place_tp": vtes_rules.PLACE_TP, "vp_text": vp_text,
                "places": [place_text(place) for place in range(1, max(vtes_rules.PLACE_TP) + 1)],
                "multideck_limit": vtes_rules.MULTIDECK_LIMIT, "no_final_limit": vtes_rules.NO_FINAL_LIMIT,
                "final_size": vtes_rules.FINAL_SIZE, "drawn_places": vtes_rules.DRAWN_PLACES,
                "gw_min_vp": vp_text(vtes_rules.GW_MIN_VP), "seating_criteria": vtes_seating.CRITERIA,
                "seating_rules": in_list([criterion.rule for criterion in vtes_seating.CRITERIA]),
                "rating": vtes_rating.rules_context()}


FORMAT = Vtes()
