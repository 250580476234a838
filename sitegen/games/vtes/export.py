"""What a V:TES event publishes: the standings.json document and the V:EKN report (`sitegen export`)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import groupby
from typing import Any

from sitegen.games.base import RankingBody, Refused, Scoreboard, StandingRow, standings_document
from sitegen.games.vtes.event import final_vp, played
from sitegen.games.vtes.rules import VtesSeat, vp_text
from sitegen.model import ContentError, Event, Person, Problem, Where


def vp_number(vp: Fraction) -> int | float:
    """A VP figure for JSON: a whole number when it is one."""
    return vp.numerator if vp.denominator == 1 else float(vp)


def standings_json(event: Event, board: Scoreboard, format_name: str, final_ranks: list[tuple[int, str]],
                   results: Sequence[Mapping[int, Sequence[VtesSeat] | None]]) -> dict[str, Any]:
    """The standings.json document (a contract: keys are never renamed or removed). A final ranking entry's `rank`
    is `final_ranks`' (the finalists share 2nd, everyone else apart); its `place` is the Scoreboard's, shared by
    players level outside the top five as on the standings page. `results`: each preliminary round's tables as the
    board scored them (`scored`), by table number."""
    played: dict[str, list[dict[str, Any]]] = {p.id: [] for p in event.players}
    for round_, scored_tables in zip(event.rounds, results):
        for table in round_.tables:
            for seat in scored_tables[table.number] or []:
                played[seat.player].append({"round": round_.number, "table": table.number, "seat": seat.seat,
                                            "vp": vp_number(seat.vp), "gw": seat.gw, "tp": seat.tp})
    names = event.player_by_id
    rows = [
        {"rank": row.rank, "place": row.place, "id": row.player, "name": names[row.player].name, "gw": row.values["gw"],
         "vp": vp_number(row.exact["vp"]), "tp": row.values["tp"], "rating_points": row.values["rating"], "rounds": played[row.player]}
        for row in board.standings
    ]
    finals = final_vp(event)
    rank_of = {pid: rank for rank, pid in final_ranks}
    ranking = [{"rank": rank_of[pid], "place": place, "id": pid} | ({"final_vp": vp_number(finals[pid])} if pid in finals else {})
               for place, pid in board.final_ranking or []]
    return standings_document(event, format_name, rows, ranking, board.did_not_play)


def _report_order(event: Event, board: Scoreboard) -> list[tuple[int, StandingRow]]:
    """Each player's place in the report, best first: the final ranking's (the preliminary standings' before the
    final), where players level outside the top five share a place. Players who never sat at a table are left
    out: the ranking body lists and rates only those who played."""
    row_of = {row.player: row for row in board.standings}
    order = board.final_ranking or [(row.place or row.rank, row.player) for row in board.standings]
    took_part = played(event)
    return [(place, row_of[pid]) for place, pid in order if pid in took_part]


def export_table(event: Event, board: Scoreboard) -> tuple[list[str], list[list[Any]]]:
    """What the organizer reports to the V:EKN: rank, GW, VP, final VP and TP of every player."""
    finals = final_vp(event)
    players = event.player_by_id
    header = ["rank", "id", "name", "vekn", "gw", "vp", "final_vp", "tp"]
    return header, [
        [rank, row.player, players[row.player].name, players[row.player].deck.get("vekn", ""), row.values["gw"],
         row.values["vp"], vp_text(finals[row.player]) if row.player in finals else "", row.values["tp"]]
        for rank, row in _report_order(event, board)
    ]


# The ranking body's upload string: `{rounds}¤` then one record per player in rank order, each field followed by §:
# rank, first name, last name, city, V:EKN number, GW, VP, final VP, TP, coin toss, rating points.
ARCHON_FIELD_END, ARCHON_HEADER_END = "§", "¤"


def archondata(event: Event, board: Scoreboard, known: Mapping[str, Person], body: RankingBody) -> str:
    """The archondata string the V:EKN site takes. GW, VP and TP are the preliminary rounds' (the final's VP has
    its own field, 0 for a non-finalist); the rounds count the final; city and coin toss are not kept by sitegen
    (empty, and 0 unless a draw decided the place: then its position among the players it separated)."""
    if board.final_ranking is None:
        raise Refused(f"{event.where.path}: the event is not finished; report it once the final (or the last round) is played")
    players = event.player_by_id
    finals = final_vp(event)
    numbers = _vekn_numbers(event, known, body)
    tosses = _tosses(board)
    rounds = sum(1 for r in event.rounds if r.complete) + (1 if finals else 0)
    records = []
    for rank, row in _report_order(event, board):
        first, _, last = players[row.player].name.partition(" ")
        fields = (rank, first, last, "", numbers[row.player], row.values["gw"], row.values["vp"],
                  vp_text(finals.get(row.player, Fraction(0))), row.values["tp"], tosses.get(row.player, 0), row.values["rating"])
        records.append("".join(f"{value}{ARCHON_FIELD_END}" for value in fields))
    return f"{rounds}{ARCHON_HEADER_END}" + "".join(records)


def _vekn_numbers(event: Event, known: Mapping[str, Person], body: RankingBody) -> dict[str, str]:
    """Every player's V:EKN number (event.yaml's `vekn`, else players.yaml's), or every reason the report can't be made
    (a player who never played is not reported, and needs none)."""
    problems: list[Problem] = []
    numbers: dict[str, str] = {}
    first_with: dict[str, str] = {}
    took_part = played(event)
    for player in (p for p in event.players if p.id in took_part):
        where = player.where or event.where
        where = Where(where.path, player.key_lines.get("vekn", where.line))
        bad = next((ch for ch in ARCHON_FIELD_END + ARCHON_HEADER_END if ch in player.name), None)
        if bad:
            problems.append(Problem(where, f"player '{player.id}' is named {player.name!r}: the V:EKN report can't hold "
                                           f"'{bad}' in a name; write the name without it"))
        person = known.get(player.id)
        number = player.deck.get("vekn") or (person.numbers.get("vekn") if person else None)
        if not number:
            problems.append(Problem(where, f"player '{player.id}' ({player.name}) has no V:EKN number; add 'vekn: 1234567' "
                                           "to the player here or in players.yaml"))
        elif problem := body.number_problem(number):  # `check` says so first; here for an event built in code
            problems.append(Problem(where, f"player '{player.id}': {problem}"))
        elif number in first_with:
            problems.append(Problem(where, f"players '{first_with[number]}' and '{player.id}' share the V:EKN number {number}; "
                                           "each player has their own"))
        else:
            first_with[number], numbers[player.id] = player.id, number
    if problems:
        raise ContentError(problems)
    return numbers


def _tosses(board: Scoreboard) -> dict[str, int]:
    """For a player whose place a draw decided: their position among the players level with them."""
    tosses: dict[str, int] = {}
    for _, group in groupby(board.standings, key=lambda row: (row.exact["gw"], row.exact["vp"], row.exact["tp"])):
        rows = list(group)
        if len(rows) > 1 and any(row.coin_toss for row in rows):
            tosses |= {row.player: position for position, row in enumerate(rows, start=1)}
    return tosses
