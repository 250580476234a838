"""What a V:TES event publishes: the standings.json document and the V:EKN report (`sitegen export`)."""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..model import Event
from .base import Scoreboard
from .vtes_event import final_vp, scored
from .vtes_rules import vp_text


def vp_number(vp: Fraction) -> int | float:
    """A VP figure for JSON: a whole number when it is one."""
    return vp.numerator if vp.denominator == 1 else float(vp)


def standings_json(event: Event, board: Scoreboard, format_name: str) -> dict[str, Any]:
    """The standings.json document (a contract: keys are never renamed or removed)."""
    played: dict[str, list[dict[str, Any]]] = {p.id: [] for p in event.players}
    for round_ in event.rounds:
        for table in round_.tables:
            for seat in scored(table) or []:
                played[seat.player].append({"round": round_.number, "table": table.number, "seat": seat.seat,
                                            "vp": vp_number(seat.vp), "gw": seat.gw, "tp": seat.tp})
    names = event.player_by_id
    rows = [
        {"rank": row.rank, "place": row.place, "id": row.player, "name": names[row.player].name, "gw": row.values["gw"],
         "vp": vp_number(row.exact["vp"]), "tp": row.values["tp"], "rounds": played[row.player]}
        for row in board.standings
    ]
    finals = final_vp(event)
    return {
        "event": event.slug,
        "name": event.name,
        "format": format_name,
        "rounds_played": sum(1 for r in event.rounds if r.complete),
        "standings": rows,
        "final_ranking": [{"rank": rank, "id": pid} | ({"final_vp": vp_number(finals[pid])} if pid in finals else {})
                          for rank, pid in board.final_ranking or []],
    }


def export_table(event: Event, board: Scoreboard) -> tuple[list[str], list[list[Any]]]:
    """What the organizer reports to the V:EKN: rank, GW, VP, final VP and TP of every player.

    The rank is the final ranking's (the preliminary one before the final), except that players
    level outside the top five share the place of the first of them.
    """
    finals = final_vp(event)
    place = {row.player: row.place for row in board.standings}
    order = board.final_ranking or [(row.rank, row.player) for row in board.standings]
    rank: dict[str, int] = {}
    for index, (position, pid) in enumerate(order):
        above = order[index - 1][1] if index else None
        level = above is not None and not {pid, above} & set(finals) and place[pid] == place[above]
        rank[pid] = rank[above] if above is not None and level else position
    players = event.player_by_id
    rows = sorted(board.standings, key=lambda row: (rank[row.player], row.rank))
    header = ["rank", "id", "name", "vekn", "gw", "vp", "final_vp", "tp"]
    return header, [
        [rank[row.player], row.player, players[row.player].name, players[row.player].deck.get("vekn", ""), row.values["gw"],
         row.values["vp"], vp_text(finals[row.player]) if row.player in finals else "", row.values["tp"]]
        for row in rows
    ]
