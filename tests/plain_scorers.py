"""Reference scorers, written straight from the tournament rules and sharing no code with `sitegen`.

They read an event folder's YAML themselves and compute, with plain loops and Fractions:
every player's totals, their result in every preliminary round, the Head-to-Head flags, and the
standings and final ranking as a list of *tie classes*: sets of players that the rules do not
separate (only a random draw does), best class first. `sitegen` is right when its order lists the
same classes in the same sequence, in any order inside a class.

Sources: AGoT 2nd ed. Tournament Rules v2.0 (Joust and Melee scoring, tiebreakers, cut,
elimination rounds), the Melee organizer notes (table points, ties, eliminated players, late
joiners) and the V:EKN tournament rules (GW, VP, TP, final).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import yaml

VICTORY_TOTAL = 15

JOUST_POINTS = {"win": 5, "modified-win": 4, "draw": 2, "modified-loss": 1, "loss": 0, "bye": 5}
JOUST_BEATS = ("win", "modified-win")

MELEE_WIN_POINTS = 15
MELEE_POWER_CAP = 15
MELEE_LATE_JOIN_POINTS = 6

VTES_TP = {5: [60, 48, 36, 24, 12], 4: [60, 48, 24, 12]}  # at a table of 4 the empty seat takes 3rd place
VTES_GW_MINIMUM = 2
VTES_FINAL_SIZE = 5


# -- reading the folder ---------------------------------------------------------------------


@dataclass
class EventFiles:
    event: dict
    rounds: list[dict]  # round-1.yaml, round-2.yaml ... in order
    elims: list[dict]  # elim-1.yaml, elim-2.yaml ... in order
    final: dict | None  # final.yaml (V:TES)

    @property
    def player_ids(self) -> list[str]:
        return [p["id"] for p in self.event["players"]]

    def player(self, pid: str) -> dict:
        return next(p for p in self.event["players"] if p["id"] == pid)

    def took_part(self, pid: str, round_number: int) -> bool:
        """Whether the player is in the event in this preliminary round (not before joining, not after dropping)."""
        p = self.player(pid)
        return p.get("joined", 1) <= round_number and ("dropped" not in p or round_number <= p["dropped"])

    def dropped(self, pid: str) -> bool:
        return "dropped" in self.player(pid)


def read_event(folder: Path) -> EventFiles:
    def numbered(prefix: str) -> list[dict]:
        files = [f for f in folder.glob(f"{prefix}-*.yaml") if re.fullmatch(rf"{prefix}-\d+\.yaml", f.name)]
        files.sort(key=lambda f: int(f.stem.split("-")[1]))
        return [yaml.safe_load(f.read_text()) for f in files]

    final = folder / "final.yaml"
    return EventFiles(
        event=yaml.safe_load((folder / "event.yaml").read_text()),
        rounds=numbered("round"),
        elims=numbered("elim"),
        final=yaml.safe_load(final.read_text()) if final.exists() else None,
    )


# -- what every reference result looks like ---------------------------------------------------


@dataclass
class Reference:
    totals: dict[str, dict]  # player -> {"points", "sos", "esos"} (AGoT) or {"gw", "vp", "tp"} (V:TES)
    round_results: dict[str, list[tuple]]  # player -> one tuple per preliminary round
    h2h: dict[str, bool]  # AGoT: placed first of their points group by Head-to-Head
    standings: list[set[str]]  # tie classes, best first
    cut_order: list[set[str]]  # tie classes of the players who may make the cut, best first
    final_ranking: list[set[str]]  # tie classes, best first


def classes_by(players: list[str], key) -> list[set[str]]:
    """Players sorted by `key` (smallest first), grouped into classes of equal keys."""
    classes: list[set[str]] = []
    last = object()
    for pid in sorted(players, key=key):
        if key(pid) != last:
            classes.append(set())
            last = key(pid)
        classes[-1].add(pid)
    return classes


def restrict(classes: list[set[str]], players) -> list[set[str]]:
    """The same classes, keeping only `players` (and dropping the classes left empty)."""
    kept = [c & set(players) for c in classes]
    return [c for c in kept if c]


# -- AGoT: what Joust and Melee share ---------------------------------------------------------


def mean(values: list[Fraction]) -> Fraction:
    return sum(values, Fraction(0)) / len(values) if values else Fraction(0)


def agot_standings(files: EventFiles, points: dict, rounds_taken_part: dict, opponents: dict, meetings: dict):
    """SoS, ESoS, Head-to-Head and the standings classes.

    `opponents[p]`: one entry per opponent per game. `meetings[(x, y)]`: for every game x and y
    played together, whether x beat y.
    """
    players = files.player_ids
    average = {p: Fraction(points[p], rounds_taken_part[p]) if rounds_taken_part[p] else Fraction(0) for p in players}
    sos = {p: mean([average[o] for o in opponents[p]]) for p in players}
    esos = {p: mean([sos[o] for o in opponents[p]]) for p in players}

    h2h = {p: False for p in players}
    for group_points in set(points.values()):
        group = [p for p in players if points[p] == group_points]
        if len(group) < 2:
            continue
        for p in group:
            beat_everyone = True
            for other in group:
                if other == p:
                    continue
                results = meetings.get((p, other), [])
                if not results or not all(results):
                    beat_everyone = False
            if beat_everyone:
                h2h[p] = True

    standings = classes_by(players, lambda p: (-points[p], not h2h[p], -sos[p], -esos[p]))
    may_cut = [p for p in players if not files.dropped(p)]
    cut_order_no_h2h = classes_by(may_cut, lambda p: (-points[p], -sos[p], -esos[p]))
    cut_order_swiss = restrict(standings, may_cut)
    totals = {p: {"points": points[p], "sos": sos[p], "esos": esos[p]} for p in players}
    return totals, h2h, standings, cut_order_no_h2h, cut_order_swiss


# -- AGoT Joust ----------------------------------------------------------------------------


def joust_game(table: dict) -> dict[str, str]:
    """Each player's result at a finished Joust table."""
    a, b = table["players"]
    if "winner" in table:
        loser = b if table["winner"] == a else a
        return {table["winner"]: "win", loser: "loss"}
    victory = table.get("victory") or {}
    need_a = victory.get(a, VICTORY_TOTAL) - table["power"][a]
    need_b = victory.get(b, VICTORY_TOTAL) - table["power"][b]
    if need_a == need_b:
        return {a: "draw", b: "draw"}
    if need_a < need_b:
        return {a: "modified-win", b: "modified-loss"}
    return {a: "modified-loss", b: "modified-win"}


def score_joust(files: EventFiles) -> Reference:
    players = files.player_ids
    points = {p: 0 for p in players}
    taken_part = {p: 0 for p in players}
    opponents: dict[str, list[str]] = {p: [] for p in players}
    meetings: dict[tuple[str, str], list[bool]] = {}
    round_results: dict[str, list[tuple]] = {p: [] for p in players}

    for number, round_file in enumerate(files.rounds, start=1):
        result_of = {}
        for pid in round_file.get("byes") or []:
            result_of[pid] = ("bye", None)
        for table in round_file["tables"]:
            a, b = table["players"]
            results = joust_game(table)
            result_of[a] = (results[a], b)
            result_of[b] = (results[b], a)
            opponents[a].append(b)
            opponents[b].append(a)
            meetings.setdefault((a, b), []).append(results[a] in JOUST_BEATS)
            meetings.setdefault((b, a), []).append(results[b] in JOUST_BEATS)
        for pid in players:
            if pid in result_of:
                result, opponent = result_of[pid]
                points[pid] += JOUST_POINTS[result]
                taken_part[pid] += 1
                round_results[pid].append((number, opponent, result, JOUST_POINTS[result]))
            else:
                round_results[pid].append((number, None, "absent", 0))

    totals, h2h, standings, _, cut_order = agot_standings(files, points, taken_part, opponents, meetings)
    return Reference(totals, round_results, h2h, standings, cut_order, joust_final_ranking(files, standings))


def joust_final_ranking(files: EventFiles, standings: list[set[str]]) -> list[set[str]]:
    """No cut: the Swiss order. After the bracket: champion, runner-up, then the losers of each
    earlier elimination round (latest first) in Swiss order, then everyone else in Swiss order."""
    if not files.elims:
        return standings
    final_table = files.elims[-1]["tables"][0]
    champion = final_table["winner"]
    runner_up = next(p for p in final_table["players"] if p != champion)
    ranking = [{champion}, {runner_up}]
    for elim in reversed(files.elims[:-1]):
        losers = [p for t in elim["tables"] for p in t["players"] if p != t["winner"]]
        ranking += restrict(standings, losers)
    placed = {champion, runner_up} | {p for t in files.elims[:-1] for table in t["tables"] for p in table["players"]}
    return ranking + restrict(standings, set(files.player_ids) - placed)


# -- AGoT Melee ----------------------------------------------------------------------------


def melee_table(table: dict) -> dict[str, dict]:
    """Each player's place, points and whether they won the table.

    Places go by closeness to the player's own victory total; equally close players share the
    best place they cover and divide by the worst one. Eliminated players score 0 and take the
    last places, the first one out the very last.
    """
    seated = table["players"]
    power = table["power"]
    victory = table.get("victory") or {}
    eliminated = table.get("eliminated") or []
    winner = table.get("winner")
    result: dict[str, dict] = {}

    for i, pid in enumerate(eliminated):
        result[pid] = {"place": len(seated) - i, "points": 0, "table_win": False, "eliminated": True}

    still_in = [p for p in seated if p not in eliminated]
    next_place = 1
    if winner is not None:
        result[winner] = {"place": 1, "points": MELEE_WIN_POINTS, "table_win": True, "eliminated": False}
        still_in.remove(winner)
        next_place = 2

    need = {p: victory.get(p, VICTORY_TOTAL) - power[p] for p in still_in}
    for closeness in sorted(set(need.values())):
        group = [p for p in still_in if need[p] == closeness]
        best, worst = next_place, next_place + len(group) - 1
        if best == 1 and len(group) == 1:
            result[group[0]] = {"place": 1, "points": MELEE_WIN_POINTS, "table_win": True, "eliminated": False}
        elif best == 1:
            # tied for first at time: split 15 plus the points the other covered places would give
            powers = sorted((power[p] for p in group), reverse=True)
            pool = MELEE_WIN_POINTS
            for place in range(2, len(group) + 1):
                pool += min(powers[place - 1], MELEE_POWER_CAP) // place
            for p in group:
                result[p] = {"place": 1, "points": pool // len(group), "table_win": False, "eliminated": False}
        else:
            for p in group:
                result[p] = {"place": best, "points": min(power[p], MELEE_POWER_CAP) // worst,
                             "table_win": False, "eliminated": False}
        next_place = worst + 1
    return result


def score_melee(files: EventFiles) -> Reference:
    players = files.player_ids
    points = {p: 0 for p in players}
    taken_part = {p: 0 for p in players}
    opponents: dict[str, list[str]] = {p: [] for p in players}
    meetings: dict[tuple[str, str], list[bool]] = {}
    round_results: dict[str, list[tuple]] = {p: [] for p in players}

    for number, round_file in enumerate(files.rounds, start=1):
        seat_of = {}
        for table in round_file["tables"]:
            results = melee_table(table)
            for pid in table["players"]:
                seat_of[pid] = results[pid]
                for other in table["players"]:
                    if other != pid:
                        opponents[pid].append(other)
                        meetings.setdefault((pid, other), []).append(results[pid]["place"] < results[other]["place"])
        for pid in players:
            joined = files.player(pid).get("joined", 1)
            if pid in seat_of:
                seat = seat_of[pid]
                code = "win" if seat["table_win"] else "eliminated" if seat["eliminated"] else \
                    "shared-win" if seat["place"] == 1 else "placed"
                points[pid] += seat["points"]
                taken_part[pid] += 1
                round_results[pid].append((number, code, seat["points"], seat["place"]))
            elif number < joined:
                # a late joiner: 6 points for the missed round, which counts as a round taken part in
                points[pid] += MELEE_LATE_JOIN_POINTS
                taken_part[pid] += 1
                round_results[pid].append((number, "late-join", MELEE_LATE_JOIN_POINTS, None))
            else:
                round_results[pid].append((number, "absent", 0, None))

    totals, h2h, standings, cut_order, _ = agot_standings(files, points, taken_part, opponents, meetings)
    return Reference(totals, round_results, h2h, standings, cut_order, melee_final_ranking(files, standings, cut_order))


def by_place_then(table: dict, order: list[set[str]], players=None) -> list[set[str]]:
    """The players of an elimination table by place; tied places by `order`'s classes."""
    results = melee_table(table)
    players = table["players"] if players is None else players
    ranking = []
    for place in sorted({results[p]["place"] for p in players}):
        ranking += restrict(order, [p for p in players if results[p]["place"] == place])
    return ranking


def melee_final_ranking(files: EventFiles, standings: list[set[str]], cut_order: list[set[str]]) -> list[set[str]]:
    """Top 4: the final table by place, then everyone else in Swiss order. Top 16: the final table
    by place, then the other players of the first elimination round by place, then cut order;
    then everyone else in Swiss order. Tied places go by the cut order."""
    if not files.elims:
        return standings
    final_table = files.elims[-1]["tables"][0]
    ranking = by_place_then(final_table, cut_order)
    placed = set(final_table["players"])
    if len(files.elims) == 2:
        first_round = files.elims[0]["tables"]
        results = {p: r for t in first_round for p, r in melee_table(t).items()}
        others = [p for t in first_round for p in t["players"] if p != t["winner"]]
        for place in sorted({results[p]["place"] for p in others}):
            ranking += restrict(cut_order, [p for p in others if results[p]["place"] == place])
        placed |= set(others)
    return ranking + restrict(standings, set(files.player_ids) - placed)


# -- V:TES -----------------------------------------------------------------------------------


def vtes_table(table: dict) -> dict[str, dict]:
    """Each player's VP, game win and tournament points at one table."""
    seated = table["players"]
    vp = {p: Fraction(table["vp"][p]).limit_denominator(2) for p in seated}
    tp_by_place = VTES_TP[len(seated)]
    result = {}
    next_place = 1
    for points in sorted(set(vp.values()), reverse=True):
        group = [p for p in seated if vp[p] == points]
        covered = tp_by_place[next_place - 1: next_place - 1 + len(group)]
        shared_tp = Fraction(sum(covered), len(group))
        for p in group:
            best_of_the_rest = max((vp[o] for o in seated if o != p), default=Fraction(0))
            game_win = vp[p] >= VTES_GW_MINIMUM and vp[p] > best_of_the_rest
            result[p] = {"vp": vp[p], "gw": int(game_win), "tp": shared_tp}
        next_place += len(group)
    return result


def score_vtes(files: EventFiles) -> Reference:
    players = files.player_ids
    totals = {p: {"gw": 0, "vp": Fraction(0), "tp": Fraction(0)} for p in players}
    round_results: dict[str, list[tuple]] = {p: [] for p in players}
    for number, round_file in enumerate(files.rounds, start=1):
        for table in round_file["tables"]:
            for pid, seat in vtes_table(table).items():
                for key in ("gw", "vp", "tp"):
                    totals[pid][key] += seat[key]
                round_results[pid].append((number, seat["vp"], seat["gw"], seat["tp"]))

    standings = classes_by(players, lambda p: (-totals[p]["gw"], -totals[p]["vp"], -totals[p]["tp"]))
    cut_order = restrict(standings, [p for p in players if not files.dropped(p)])
    return Reference(totals, round_results, {}, standings, cut_order, vtes_final_ranking(files, standings))


def vtes_final_ranking(files: EventFiles, standings: list[set[str]]) -> list[set[str]]:
    """The final's winner (most VP there, a tie going to the better preliminary rank), the other
    finalists sharing 2nd, then everyone else in preliminary order."""
    if files.final is None:
        return standings
    final_vp = {p: Fraction(v).limit_denominator(2) for p, v in files.final["tables"][0]["vp"].items()}
    finalists = set(final_vp)
    most = max(final_vp.values())
    candidates = {p for p in finalists if final_vp[p] == most}
    best_ranked = restrict(standings, candidates)[0]
    if len(best_ranked) == 1:
        head = [best_ranked, finalists - best_ranked]
    else:  # only the preliminary draw tells the winner apart
        head = [finalists]
    return head + restrict(standings, set(files.player_ids) - finalists)


SCORERS = {"agot-joust": score_joust, "agot-melee": score_melee, "vtes": score_vtes}


def score(folder: Path) -> Reference:
    files = read_event(folder)
    return SCORERS[files.event["format"]](files)


# -- comparing orders modulo draws -------------------------------------------------------------


def order_mismatch(real: list[str], classes: list[set[str]]) -> str | None:
    """Why `real` does not list `classes` in sequence (any order inside a class), or None."""
    if sorted(real) != sorted(p for c in classes for p in c):
        return f"different players: {sorted(real)} vs {sorted(p for c in classes for p in c)}"
    position = 0
    for expected in classes:
        got = set(real[position: position + len(expected)])
        if got != expected:
            return (f"positions {position + 1}-{position + len(expected)}: expected the tie class {sorted(expected)}, "
                    f"got {real[position: position + len(expected)]}")
        position += len(expected)
    return None


def top_mismatch(chosen: set[str], classes: list[set[str]], size: int) -> str | None:
    """Why `chosen` is not the best `size` players of `classes` (any pick inside the class at the boundary), or None."""
    if len(chosen) != size:
        return f"{len(chosen)} players chosen, expected {size}"
    left = size
    for expected in classes:
        if left == 0:
            break
        if len(expected) <= left and not expected <= chosen:
            return f"missing {sorted(expected - chosen)} who rank within the top {size}"
        if len(expected) > left and len(expected & chosen) != left:
            return f"the boundary class {sorted(expected)} should give {left} player(s), gave {sorted(expected & chosen)}"
        left -= min(left, len(expected))
    return None
