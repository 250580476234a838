"""What the AGoT games (Joust and Melee) share as plug-ins: player fields, the event's length, the SoS breakdown."""
from __future__ import annotations

from collections.abc import Mapping

from sitegen.games.agot.decklist import DECK_RULES
from sitegen.games.agot.length import PLAYER_EXAMPLE, new_event_lines, planned_rounds
from sitegen.games.agot.rules import MIN_PLAYERS
from sitegen.games.base import Format, ScheduleStrength, Scoreboard, StandingRow, cut_of
from sitegen.games.tournament.swiss import schedule_strength
from sitegen.model import Event, Problem
from sitegen.text import N_, Nn_


class AgotGame(Format):
    """An AGoT 2nd ed. game under the Tournament Rules v2.0: Swiss rounds, then an elimination cut."""

    deck_fields = {"faction": N_("Faction"), "agenda": N_("Agenda")}
    deck_rules = DECK_RULES
    meta_fields = ("faction", "agenda")
    player_example = PLAYER_EXAMPLE

    def planned_rounds(self, event: Event) -> int:
        return planned_rounds(event)

    def new_event_lines(self, rounds: int | None, cut: int | None) -> list[str]:
        return new_event_lines(rounds, cut)

    def schedule_strength(self, player: str, board: Scoreboard, rows: Mapping[str, StandingRow] | None = None) -> ScheduleStrength | None:
        return schedule_strength(player, board, rows)

    def warnings(self, event: Event) -> list[Problem]:
        """Before round 1: fewer players than competitive play needs."""
        active = [p for p in event.players if p.dropped is None]
        if event.rounds or len(active) >= MIN_PLAYERS:
            return []
        return [Problem(event.at("players"), Nn_(
            "{count} player so far: the tournament rules need at least {minimum} for competitive play; add the others before pairing round 1",
            "{count} players so far: the tournament rules need at least {minimum} for competitive play; add the others before pairing round 1",
            len(active), minimum=MIN_PLAYERS))]

    def length_settings(self, event: Event) -> dict[str, int]:
        """The event's length and cut as they stand now, for `pair` to write into event.yaml at round 1."""
        return {"rounds": self.planned_rounds(event), "cut": cut_of(self, event)}
