"""Swiss standings, for any game that ranks by points, Head-to-Head, SoS, ESoS, then the seeded draw. A game counts
its rounds into the players' `Record`s (its points, who met and beat whom); this module ranks them.

Definitions (exact, with Fractions so ties are real ties):
- a player's average = total points / rounds the player took part in (byes count; missed rounds do not);
- SoS = mean of the averages of the player's opponents, one entry per opponent per game (a bye is no opponent);
- ESoS = mean of those same opponents' SoS entries;
- Head-to-Head: among players on equal points, one who met every other one and beat each of them (the game says
  what beating is, `note_meeting`: at a table of more, e.g. placed ahead) ranks first of that group; the rest of the
  group keeps the SoS/ESoS order. It is applied once per group, as the rules describe it.
"""
from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import groupby
from typing import Any, NamedTuple, TypeVar

from sitegen.games.base import OpponentLine, Refused, ScheduleStrength, Scoreboard, StandingRow, did_not_play, standings_document
from sitegen.games.rounds import draw_key, whole_numbers
from sitegen.model import Event, Round
from sitegen.text import N_, Num

Counted = TypeVar("Counted")  # what a format's round counter hands back about one round (its tables' outcomes)

# SoS and ESoS in a player's words, for column help and tiebreaker pages.
SOS_MEANING = N_("the mean of your opponents' average points per round")
ESOS_MEANING = N_("the mean of your opponents' SoS")


@dataclass
class Record:
    """A player's preliminary rounds so far."""

    points: int = 0
    games: int = 0  # rounds taken part in, byes included
    opponents: list[str] = field(default_factory=list)  # one entry per opponent per game
    beaten: dict[str, bool] = field(default_factory=dict)  # opponent -> "beat them every time so far"
    codes: list[str] = field(default_factory=list)  # the format's result code of each round played


class Ranked(NamedTuple):  # a tuple: made for every player after every round, and quicker to make than a dataclass
    player: str
    rank: int
    points: int
    sos: Fraction
    esos: Fraction
    head_to_head: bool  # ranked first of its points group by Head-to-Head
    coin_toss: bool  # separated from an equal player only by the seeded random order
    sos_text: str  # SoS and ESoS shown to two decimals
    esos_text: str


@dataclass(frozen=True)
class CurrentStandings:
    """What proposing the next round needs of the scores: the Scoreboard's standings (`tally_rounds`, as the pages
    have them), length, cut and cut order, worked out without the pages' views."""

    standings: list[StandingRow]
    planned_rounds: int
    cut: int
    cut_order: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Tally:
    """The preliminary rounds counted and ranked (`tally_rounds`)."""

    standings: list[StandingRow]  # after the last complete round; before any, of the results in so far
    standings_after: list[list[StandingRow]]  # after each complete round, when the pages asked for them
    did_not_play: list[str]  # registered players left out of every ranking (`base.did_not_play`)


RoundCounter = Callable[[Mapping[str, Record], Round], Counted]
RoundNoter = Callable[[Round, Counted, Mapping[str, Record], list[StandingRow] | None], None]


def tally_rounds(event: Event, count_round: RoundCounter[Counted], own_values: Callable[[Record], dict[str, Any]],
                 note_round: RoundNoter[Counted] | None = None, *, planned: int) -> Tally:
    """Count each preliminary round into the players' records and rank them: the one ranking that both the pages
    and the next round's pairing read.

    `count_round` adds a round's results to the records. With `note_round` (the pages), the players are also
    ranked after every complete round, and `note_round(round, counted, records, standings or None)` is called
    once each round is counted; without it (pairing) they are ranked after the last complete round only.
    `planned`: the preliminary rounds the event plays (a player who can no longer play one is left out).
    """
    records = {p.id: Record() for p in event.players}
    absent = did_not_play(event, planned)
    ranked_records = _without(records, absent)
    last_complete = max((i for i, round_ in enumerate(event.rounds) if round_.complete), default=None)
    standings: list[StandingRow] | None = None
    standings_after: list[list[StandingRow]] = []
    for i, round_ in enumerate(event.rounds):
        counted = count_round(records, round_)
        rows = None
        if i == last_complete or (note_round is not None and round_.complete):
            rows = standing_rows(rank_players(ranked_records, event.seed), records, event, own_values)
            if i == last_complete:
                standings = rows
            if note_round is not None and rows:
                standings_after.append(rows)
        if note_round is not None:
            note_round(round_, counted, records, rows)
    if standings is None:
        standings = standing_rows(rank_players(ranked_records, event.seed), records, event, own_values)
    return Tally(standings, standings_after, absent)


def _without(records: dict[str, Record], absent: list[str]) -> Mapping[str, Record]:
    """The records of the players ranked: the same objects, so that counting a round moves both."""
    left_out = set(absent)
    return {pid: record for pid, record in records.items() if pid not in left_out}


def note_meeting(records: Mapping[str, Record], winner_side: str, loser_side: str, decisive: bool) -> None:
    """Record that two players met; `decisive` means `winner_side` beat `loser_side` (win or modified win)."""
    winner, loser = records[winner_side], records[loser_side]
    winner.opponents.append(loser_side)
    loser.opponents.append(winner_side)
    winner.beaten[loser_side] = winner.beaten.get(loser_side, True) and decisive
    loser.beaten[winner_side] = False


def rank_players(records: Mapping[str, Record], seed: int) -> list[Ranked]:
    """Order players by points, Head-to-Head, SoS, ESoS, then the seeded draw among exact equals."""
    sos, esos, (sos_denominator, esos_denominator) = _scaled_tiebreakers(records)
    sos_exact, esos_exact = _exact(sos, sos_denominator), _exact(esos, esos_denominator)
    key = {p: (r.points, sos[p], esos[p]) for p, r in records.items()}
    equals = Counter(key.values())

    def order(p: str) -> tuple[int, int, int, bytes]:
        # The draw decides only among exact equals, so it is worked out for those alone: same order, far fewer hashes.
        points, scaled_sos, scaled_esos = key[p]
        drawn = draw_key(seed, (points, sos_exact[scaled_sos][0], esos_exact[scaled_esos][0]), p) if equals[key[p]] > 1 else b""
        return -points, -scaled_sos, -scaled_esos, drawn

    ordered: list[tuple[str, bool]] = []
    for _, grouped in groupby(sorted(records, key=order), key=lambda p: records[p].points):
        group = list(grouped)
        leader = _head_to_head_leader(group, records)
        if leader:
            group.remove(leader)
            group.insert(0, leader)
        ordered.extend((p, p == leader) for p in group)
    leaders = {p for p, h2h in ordered if h2h}
    result = []
    for i, (pid, h2h) in enumerate(ordered):
        points, scaled_sos, scaled_esos = level = key[pid]
        coin = not h2h and equals[level] > 1 and any(
            key[n] == level and n not in leaders for n in [ordered[j][0] for j in (i - 1, i + 1) if 0 <= j < len(ordered)])
        (sos_value, sos_text), (esos_value, esos_text) = sos_exact[scaled_sos], esos_exact[scaled_esos]
        result.append(Ranked(pid, i + 1, points, sos_value, esos_value, h2h, coin, sos_text, esos_text))
    return result


def _exact(scaled: dict[str, int], denominator: int) -> dict[int, tuple[Fraction, str]]:
    """Each distinct scaled value's exact Fraction and its text to two decimals, made once."""
    return {value: (Fraction(value, denominator), _two_decimals_of(value, denominator)) for value in set(scaled.values())}


def _scaled_tiebreakers(records: Mapping[str, Record]) -> tuple[dict[str, int], dict[str, int], tuple[int, int]]:
    """SoS and ESoS as exact integers over common denominators (returned too): SoS = sos[p] / (L*M), ESoS = esos[p] / (L*M*M).

    L is the least common multiple of the players' game counts (so L * average is a whole number for everyone) and
    M that of their opponent-entry counts (so M * a mean is one). Equal integers are equal Fractions, and the order
    is the same: ranking compares whole numbers instead of adding and dividing Fractions.
    """
    scale = math.lcm(*(r.games for r in records.values() if r.games))
    average = {p: r.points * (scale // r.games) if r.games else 0 for p, r in records.items()}
    spread = math.lcm(*(len(r.opponents) for r in records.values() if r.opponents))
    sos = {p: sum(map(average.__getitem__, r.opponents)) * (spread // len(r.opponents)) if r.opponents else 0
           for p, r in records.items()}
    esos = {p: sum(map(sos.__getitem__, r.opponents)) * (spread // len(r.opponents)) if r.opponents else 0
            for p, r in records.items()}
    return sos, esos, (scale * spread, scale * spread * spread)


def cut_order(rows: Sequence[StandingRow], seed: int) -> list[str]:
    """Standings rows re-ordered by points, SoS and ESoS alone (no Head-to-Head), then the same seeded draw."""
    exact = {row.player: (row.exact["points"], row.exact["sos"], row.exact["esos"]) for row in rows}
    sos, esos = whole_numbers([sos for _, sos, _ in exact.values()]), whole_numbers([esos for _, _, esos in exact.values()])
    level = {pid: (points, sos[i], esos[i]) for i, (pid, (points, _, _)) in enumerate(exact.items())}
    equals = Counter(level.values())

    def key(row: StandingRow) -> tuple[Any, ...]:
        # The draw decides only among exact equals, so it is worked out for those alone: same order.
        points, scaled_sos, scaled_esos = separated = level[row.player]
        return (-points, -scaled_sos, -scaled_esos, draw_key(seed, exact[row.player], row.player) if equals[separated] > 1 else b"")

    return [row.player for row in sorted(rows, key=key)]


def cut_seeds(order: Sequence[str], rows: Sequence[StandingRow], cut: int) -> list[str]:
    """The `cut` best players of `order` who have not dropped; refuses when too few are still in."""
    dropped = {row.player for row in rows if row.dropped}
    seeds = [pid for pid in order if pid not in dropped][:cut]
    if len(seeds) < cut:
        raise Refused(N_("a top {cut} cut needs {cut} players who have not dropped, but only {count} players are still in; "
                         "set a smaller 'cut:' in event.yaml (0 for none)", cut=cut, count=len(seeds)))
    return seeds


def _head_to_head_leader(group: list[str], records: Mapping[str, Record]) -> str | None:
    if len(group) < 2:
        return None
    for pid in group:
        beaten = records[pid].beaten
        if all(beaten.get(other, False) for other in group if other != pid):
            return pid
    return None


def standing_rows(ranked: Sequence[Ranked], records: Mapping[str, Record], event: Event,
                  own_values: Callable[[Record], dict[str, Any]]) -> list[StandingRow]:
    """Standings rows with the shared Swiss values (points, SoS, ESoS) plus the format's own."""
    players = event.player_by_id
    return [
        StandingRow(
            r.rank,
            r.player,
            {"points": r.points, **own_values(records[r.player]), "sos": r.sos_text, "esos": r.esos_text},
            r.coin_toss,
            head_to_head=r.head_to_head,
            dropped=players[r.player].dropped is not None,
            exact={"points": r.points, "sos": r.sos, "esos": r.esos, "games": records[r.player].games},
        )
        for r in ranked
    ]


def export_document(event: Event, format_name: str, board: Scoreboard,
                    rounds_of: Mapping[str, list[dict[str, Any]]],
                    extra_of: Mapping[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    """The standings.json document; `rounds_of` holds each player's per-round rows, shaped by the format,
    and `extra_of` any further keys of a player's row."""
    names = event.player_by_id
    rows = [
        {"rank": row.rank, "id": row.player, "name": names[row.player].name, "points": row.values["points"],
         "sos": float(row.exact["sos"]), "esos": float(row.exact["esos"]),
         "sos_exact": str(row.exact["sos"]), "esos_exact": str(row.exact["esos"]),
         "rounds": rounds_of[row.player]} | (extra_of or {}).get(row.player, {})
        for row in board.standings
    ]
    return standings_document(event, format_name, rows, [{"rank": rank, "id": pid} for rank, pid in board.final_ranking or []],
                              board.did_not_play)


@functools.lru_cache(maxsize=4096)  # a player page shows each opponent's average: the same few values over and over
def _two_decimals_of(numerator: int, denominator: int) -> str:
    """numerator / denominator to two decimals: int / int is correctly rounded, so this is the float of the Fraction
    (reduced or not), without making one."""
    return Num(numerator / denominator, 2)


def schedule_strength(player: str, board: Scoreboard, rows: Mapping[str, StandingRow] | None = None) -> ScheduleStrength | None:
    """The opponents behind a player's SoS (formats that rank by it): one line per opponent per preliminary game
    counted in the standings, with their average, and the sum that makes the SoS. `rows`: the
    standings by player, when the caller made them already (once per event, not once per player)."""
    rows = rows or {row.player: row for row in board.standings}
    if "sos" not in rows[player].exact or "games" not in rows[player].exact:
        return None
    counted = len(board.standings_after)  # the standings are those after the last complete round
    lines, averages = [], []
    for entry in board.player_rounds[player]:
        if entry.round.stage != "round" or entry.round.number > counted:
            continue
        for opponent in entry.opponents:
            exact = rows[opponent].exact
            points, games = (exact["points"], exact["games"]) if exact["games"] else (0, 1)
            averages.append((points, games))
            lines.append(OpponentLine(entry.label, opponent, _two_decimals_of(points, games)))
    if not lines:
        return None
    # The averages' exact sum over their common denominator: whole numbers, not a Fraction made and added per line.
    common = math.lcm(*(games for _, games in averages))
    total = sum(points * (common // games) for points, games in averages)
    return ScheduleStrength(lines, _two_decimals_of(total, common), _two_decimals_of(total, common * len(lines)))
