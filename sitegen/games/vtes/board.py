"""A V:TES event's Scoreboard: round and final views, standings after each round and every player's history."""
from __future__ import annotations

from collections.abc import Collection
from fractions import Fraction

from sitegen.games.base import (
    Column,
    OncePerValue,
    PlayerRound,
    RoundView,
    Scoreboard,
    SeatRow,
    StandingRow,
    TableView,
    did_not_play,
    round_label,
)
from sitegen.games.vtes import rating as vtes_rating
from sitegen.games.vtes import rules as vtes_rules
from sitegen.games.vtes import seating as vtes_seating
from sitegen.games.vtes.event import (
    final_played,
    final_vp,
    finalists,
    has_final,
    planned_rounds,
    played,
    predator_of,
    preliminaries_done,
    prey_of,
    ranking_of_totals,
    scored,
    seats_of,
    table_vp,
)
from sitegen.games.vtes.export import standings_json
from sitegen.games.vtes.rules import GW_MIN_VP, PLACE_TP, RankedPlayer, VtesSeat, vp_text
from sitegen.model import Event, Round, Table
from sitegen.text import N_

STANDINGS_COLUMNS = [
    Column("gw", N_("GW"), N_("Game wins: at least {vp} VP and strictly more than anyone else at the table.", vp=vp_text(GW_MIN_VP))),
    Column("vp", N_("VP"), N_("Victory points: 1 per prey ousted, 0.5 for surviving to time or withdrawing, 1 for the last player standing.")),
    Column("tp", N_("TP"), N_("Tournament points from the place at each table: {points} (ties share the average).",
                                   points=", ".join(map(str, PLACE_TP[max(PLACE_TP)])))),
    Column("rating", N_("Rating"), N_("V:EKN rating points: {formula}. Before the final, without it.", formula=vtes_rating.formula_text()), wide_only=True),
]
SEAT_COLUMNS = [
    Column("vp", N_("VP"), N_("Victory points scored at this table.")),
    Column("gw", N_("GW"), N_("1 for the game win."), wide_only=True),
    Column("tp", N_("TP"), N_("Tournament points for the place at the table.")),
    Column("prey", N_("Prey"), N_("The player in the next seat, whom this player tries to oust (the last seat's prey is seat 1)."),
           seating=True, numeric=False),
]
FINAL_COLUMNS = [
    Column("seed", N_("Seed"), N_("Rank after the preliminary rounds; it breaks a tie on VP in the final."), seating=True),
    Column("vp", N_("VP"), N_("Victory points in the final; the most wins the event.")),
    Column("prey", N_("Prey"), N_("The player in the next seat. Seat 1 does not start the final: once the finalists have chosen "
                           "their seats, one of them is drawn to play first (named above the table)."), seating=True, numeric=False),
]


def score(event: Event, format_name: str) -> Scoreboard:
    names = {p.id: p.name for p in event.players}
    rounds: list[RoundView] = []
    standings_after: list[list[StandingRow]] = []
    history: dict[str, list[PlayerRound]] = {p.id: [] for p in event.players}
    totals: dict[str, tuple[int, Fraction, int]] = {}  # over the preliminary tables scored so far
    ranked: list[RankedPlayer] = []
    texts = _Texts()
    absent = did_not_play(event, planned_rounds(event))
    took_part = len(played(event))
    vectors = vtes_seating.violations_after_each([seats_of(r) for r in event.rounds])
    scored_rounds: list[dict[int, list[VtesSeat] | None]] = []  # each round's tables, scored once for the board and export
    for index, (round_, vector) in enumerate(zip(event.rounds, vectors)):
        results = {t.number: scored(t) for t in round_.tables}
        scored_rounds.append(results)
        totals = vtes_rules.preliminary_totals((seats for seats in results.values() if seats), totals)
        tables = [_table_view(t, results[t.number], names, texts) for t in round_.tables]
        rounds.append(RoundView(round_, round_label(round_.number), tables, round_.complete, sitting_out=round_.sitting_out,
                                notes=vtes_seating.violations_lines(vector, index + 1)))
        ranked = ranking_of_totals(event, totals, absent)
        if round_.complete:
            standings_after.append(_standing_rows(event, ranked, _ratings(event, ranked, None, took_part), texts))
        _note_round(event, round_, results, ranked if round_.complete else [], history, texts)
    if not event.rounds:
        ranked = ranking_of_totals(event, totals, absent)  # everyone on zero
    final_ranks = _final_ranking(event, ranked, finalists(event, ranked) if preliminaries_done(event) else [])
    final_ranking = shared_places(final_ranks, ranked, final_vp(event)) if final_ranks is not None else None
    winner = final_ranking[0][1] if final_ranking and event.elims else None
    standings = _standing_rows(event, ranked, _ratings(event, ranked, winner, took_part), texts)
    elims = [_final_view(final, ranked, winner, names, history, event.seed) for final in event.elims]
    board = Scoreboard(
        standings_columns=STANDINGS_COLUMNS,
        seat_columns=SEAT_COLUMNS,
        rounds=rounds,
        elims=elims,
        standings=standings,
        standings_after=standings_after,
        player_rounds=history,
        final_ranking=final_ranking,
        export={},
        planned_rounds=planned_rounds(event),
        cut=vtes_rules.FINAL_SIZE if has_final(event) else 0,
        did_not_play=absent,
    )
    board.export = standings_json(event, board, format_name, final_ranks or [], scored_rounds)
    return board


class _Texts:
    """A board's texts, each made once per distinct value rather than once per seat, row and round."""

    def __init__(self) -> None:
        self._once = OncePerValue()

    def vp(self, vp: Fraction) -> str:
        return self._once(("vp", vp.numerator, vp.denominator), lambda: vp_text(vp))

    def total(self, r: RankedPlayer) -> str:
        """A player's totals after a round."""
        return self._once(("total", r.gw, r.vp.numerator, r.vp.denominator, r.tp),
                          lambda: N_("{gw} GW, {vp} VP, {tp} TP", gw=r.gw, vp=self.vp(r.vp), tp=r.tp))

    def result(self, seat: VtesSeat) -> str:
        """A player's result at a table."""
        return self._once(("result", seat.vp.numerator, seat.vp.denominator, seat.gw),
                          lambda: N_("{vp} VP, game win", vp=self.vp(seat.vp)) if seat.gw else N_("{vp} VP", vp=self.vp(seat.vp)))

    def points(self, tp: int) -> str:
        return self._once(("points", tp), lambda: N_("{tp} TP", tp=tp))


def _table_view(table: Table, seats: list[VtesSeat] | None, names: dict[str, str], texts: _Texts) -> TableView:
    players = table.players
    rows = []
    for seat, pid in enumerate(players, start=1):
        prey = names[prey_of(players, seat)]
        result = seats[seat - 1] if seats else None
        values = ({"vp": texts.vp(result.vp), "gw": result.gw, "tp": result.tp, "prey": prey} if result
                  else {"vp": "", "gw": "", "tp": "", "prey": prey})
        rows.append(SeatRow(pid, seat, values, winner=bool(result and result.gw)))
    note = "VP confirmed by a judge" if table.result.get("override") else ""
    return TableView(table.number, rows, pending=seats is None, note=note)


def _standing_rows(event: Event, ranked: list[RankedPlayer], ratings: dict[str, int], texts: _Texts) -> list[StandingRow]:
    players = event.player_by_id
    return [
        StandingRow(r.rank, r.player, {"gw": r.gw, "vp": texts.vp(r.vp), "tp": r.tp, "rating": ratings[r.player]}, r.coin_toss,
                    place=r.place, dropped=players[r.player].dropped is not None, exact={"gw": r.gw, "vp": r.vp, "tp": r.tp})
        for r in ranked
    ]


def _ratings(event: Event, ranked: list[RankedPlayer], winner: str | None, players: int) -> dict[str, int]:
    """Each player's V:EKN rating points: the final's VP, GW and bonus once it is played (`winner` known); `players`:
    how many played (`event.played`)."""
    finals = final_vp(event) if winner else {}
    return {r.player: vtes_rating.rating_points(r.vp + finals[r.player], r.gw + (r.player == winner), 1 if r.player == winner else 2, players)
            if r.player in finals else vtes_rating.rating_points(r.vp, r.gw, None, players)
            for r in ranked}


def _note_round(event: Event, round_: Round, results: dict[int, list[VtesSeat] | None], ranked: list[RankedPlayer],
                history: dict[str, list[PlayerRound]], texts: _Texts) -> None:
    """Each player's line for this round: their table and result, or why they did not play."""
    rank_of = {r.player: r for r in ranked}
    label = round_label(round_.number)
    where = {pid: (table, seat) for table in round_.tables for seat, pid in enumerate(table.players, start=1)}
    for player in event.players:
        pid = player.id
        totals = rank_of.get(pid)
        total = texts.total(totals) if totals else ""
        rank = totals.rank if totals else None
        if pid not in where:
            result = "Sat out" if pid in round_.sitting_out else "Did not play"
            history[pid].append(PlayerRound(round=round_, label=label, result=result, total=total, rank=rank))
            continue
        table, seat = where[pid]
        seats = results[table.number]
        mine = seats[seat - 1] if seats else None
        result = texts.result(mine) if mine else N_("Pending")
        history[pid].append(PlayerRound(round=round_, label=label, table=table.number, seat=seat,
                                        opponents=[p for p in table.players if p != pid], prey=prey_of(table.players, seat),
                                        predator=predator_of(table.players, seat), score=mine.tp if mine else None,
                                        result=result, points=texts.points(mine.tp) if mine else "", total=total,
                                        rank=rank, won=bool(mine.gw) if mine else None))


def _final_view(final: Round, ranked: list[RankedPlayer], winner: str | None, names: dict[str, str],
                history: dict[str, list[PlayerRound]], seed: int) -> RoundView:
    table = final.tables[0]
    rank_of = {r.player: r.rank for r in ranked}
    vp = table_vp(table)
    if "first" in table.result:
        first, how = str(table.result["first"]), N_("{name} plays first (the judge's draw)", name=names[str(table.result["first"])])
    else:
        first = vtes_rules.drawn_first_player(seed, table.players)
        how = N_("{name} plays first (drawn by this site from the event seed and the seating)", name=names[first])
    seats = []
    for seat, pid in enumerate(table.players, start=1):
        prey = names[prey_of(table.players, seat)]
        values = {"seed": rank_of[pid], "vp": vp_text(vp[pid]) if vp else "", "prey": prey}
        seats.append(SeatRow(pid, seat, values, winner=pid == winner))
        result = (N_("Won the final") if pid == winner else N_("Finalist (2nd)")) if vp else N_("Pending")
        history[pid].append(PlayerRound(round=final, label=N_("Final"), table=table.number, seat=seat,
                                        opponents=[p for p in table.players if p != pid], prey=prey_of(table.players, seat),
                                        predator=predator_of(table.players, seat), result=result,
                                        points=N_("{vp} VP", vp=vp_text(vp[pid])) if vp else "", won=pid == winner if vp else None))
    note = N_("{first}; VP confirmed by a judge", first=how) if table.result.get("override") else how
    view = TableView(table.number, seats, pending=not vp, note=note)
    return RoundView(final, N_("Final"), [view], final_played(final), columns=FINAL_COLUMNS)


def shared_places(ranks: list[tuple[int, str]], ranked: list[RankedPlayer], finals: Collection[str]) -> list[tuple[int, str]]:
    """The final ranking's places: its ranks, except that players level in the preliminary standings outside the
    drawn places (the same `place`) and not at the final share the place of the first of them."""
    place = {r.player: r.place for r in ranked}
    places: list[tuple[int, str]] = []
    for index, (rank, pid) in enumerate(ranks):
        above = ranks[index - 1][1] if index else None
        level = above is not None and not {pid, above} & set(finals) and place[pid] == place[above]
        places.append((places[-1][0] if level else rank, pid))
    return places


def _final_ranking(event: Event, ranked: list[RankedPlayer], qualified: list[str]) -> list[tuple[int, str]] | None:
    if not preliminaries_done(event):
        return None
    order = [r.player for r in ranked]
    if not has_final(event):
        return vtes_rules.final_ranking(order, {})
    final = event.elims[-1] if event.elims else None
    if final is None or not final_played(final):
        return None
    # Dropped players rank after the finalists, who are then the top of the order as final_ranking needs.
    order = qualified + [pid for pid in order if pid not in qualified]
    return vtes_rules.final_ranking(order, dict(final.tables[0].result["vp"]))
