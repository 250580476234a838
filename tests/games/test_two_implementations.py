"""Two implementations, one truth: sitegen against the plain reference scorers on random events.

Hundreds of seeded random complete events per format are scored by both; every aspect (totals,
round results, Head-to-Head, standings order, who makes the cut, final ranking) is its own test,
so a failure names the aspect it breaks. Orders are compared modulo random draws.
A failure prints the smallest disagreeing event, whole, as a reproducer.

Joust runs twice: with winners listed first or second at random (the listing once decided who got
Head-to-Head credit), and with winners listed first. Melee runs once more on the events where
Head-to-Head decides nothing (a cut once ordered by Head-to-Head could hide other cut mistakes).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from budget import EXAMPLES
from plain_scorers import SCORERS, EventFiles, Reference, order_mismatch, read_event, top_mismatch
from plain_scorers import score as reference_score
from random_events import write_event

from sitegen import games as formats
from sitegen.games.base import Scoreboard
from sitegen.load.event import load_event

QUICK, THOROUGH = EXAMPLES * 10 // 3, 300  # random events per kind: 40 (10 in make test-fast), and the slow run's
KINDS = ("agot-joust", "agot-joust/winners-first", "agot-melee", "agot-melee/no-head-to-head", "vtes")
NO_H2H = "/no-head-to-head"  # a kind's events where no player is placed first by Head-to-Head


@dataclass
class Case:
    folder: Path
    board: Scoreboard
    reference: Reference

    def yaml(self) -> str:
        return "".join(f"# --- {f.name}\n{f.read_text()}" for f in sorted(self.folder.glob("*.yaml")))


@pytest.fixture(scope="module")
def cases_of(tmp_path_factory):
    """cases_of(kind, count) -> the first `count` random events of that kind, scored both ways (each made once)."""
    made: dict[str, list[Case]] = {}

    def cases(kind: str, count: int) -> list[Case]:
        if kind.endswith(NO_H2H):
            return [c for c in cases(kind.removesuffix(NO_H2H), count) if not any(c.reference.h2h.values())]
        made.setdefault(kind, [])
        for seed in range(len(made[kind]), count):
            folder = write_event(tmp_path_factory.mktemp(f"{kind.replace('/', '-')}-{seed}-"), kind, seed)
            event = load_event(folder)
            assert formats.validate(event) == [], f"the generator wrote an invalid event: {folder}"
            made[kind].append(Case(folder, formats.format_of(event).score(event), reference_score(folder)))
        return made[kind][:count]

    return cases


# -- the aspects compared: each returns what differs, or None ----------------------------------


def totals_mismatch(rows: list, reference: Reference) -> str | None:
    for row in rows:
        expected = reference.totals[row.player]
        got = {key: row.exact[key] for key in expected}
        if got != expected:
            return f"{row.player}: sitegen {got}, reference {expected}"
    return None


def totals(case: Case) -> str | None:
    return totals_mismatch(case.board.standings, case.reference)


def exported_round(fmt: str, row: dict) -> tuple:
    """One standings.json round row in the reference's shape."""
    if fmt == "agot-joust":
        return row["round"], row["opponent"], row["result"], row["points"]
    if fmt == "agot-melee":
        return row["round"], row["result"], row["points"], row["place"]
    return row["round"], row["vp"], row["gw"], row["tp"]


def round_results(case: Case) -> str | None:
    fmt = case.board.export["format"]
    for player in case.board.export["standings"]:
        got = [exported_round(fmt, row) for row in player["rounds"]]
        expected = case.reference.round_results[player["id"]]
        if got != expected:
            return f"{player['id']}: sitegen {got}, reference {expected}"
    return None


def head_to_head(case: Case) -> str | None:
    got = {row.player: row.head_to_head for row in case.board.standings}
    if got != case.reference.h2h:
        differ = sorted(p for p in got if got[p] != case.reference.h2h[p])
        return f"Head-to-Head flags differ for {differ}: sitegen {[got[p] for p in differ]}"
    return None


def standings_order(case: Case) -> str | None:
    return order_mismatch([row.player for row in case.board.standings], case.reference.standings)


def standings_after_each_round(case: Case) -> str | None:
    """The standings shown after round 1, 2 ...: the reference scores the event as it stood then."""
    files = read_event(case.folder)
    for number, rows in enumerate(case.board.standings_after, start=1):
        then = SCORERS[files.event["format"]](EventFiles(files.event, files.rounds[:number], [], None))
        why = totals_mismatch(rows, then) or order_mismatch([row.player for row in rows], then.standings)
        if why:
            return f"after round {number}: {why}"
    return None


def cut(case: Case) -> str | None:
    """Who plays the elimination rounds or the final: the best of the cut order (dropped players cannot)."""
    files = read_event(case.folder)
    first = files.final if files.final is not None else (files.elims[0] if files.elims else None)
    if first is None:
        return None
    chosen = {p for table in first["tables"] for p in table["players"]}
    return top_mismatch(chosen, case.reference.cut_order, len(chosen))


def final_ranking(case: Case) -> str | None:
    if case.board.final_ranking is None:
        return "sitegen has no final ranking for a finished event"
    ranking = case.board.final_ranking
    if case.board.export["format"] == "vtes" and read_event(case.folder).final is not None:
        ranks = [rank for rank, _ in ranking[:5]]
        if ranks != [1, 2, 2, 2, 2]:
            return f"the finalists' ranks are {ranks}; the winner is 1st and the other four share 2nd"
    return order_mismatch([pid for _, pid in ranking], case.reference.final_ranking)


ASPECTS = {f.__name__: f for f in (totals, round_results, head_to_head, standings_order, standings_after_each_round, cut,
                                   final_ranking)}

def combinations() -> list:
    params = []
    for count, speed in ((QUICK, []), (THOROUGH, [pytest.mark.slow])):
        for kind in KINDS:
            for name in ASPECTS:
                if name == "head_to_head" and kind == "vtes":
                    continue
                # One worker per kind under pytest -n: the module's cases_of makes a kind's events once per process.
                group = pytest.mark.xdist_group(kind.removesuffix(NO_H2H))
                params.append(pytest.param(kind, name, count, id=f"{kind}-{name}-{count}", marks=[*speed, group]))
    return params


@pytest.mark.parametrize(("kind", "aspect", "count"), combinations())
def test_sitegen_agrees_with_the_reference(cases_of, kind, aspect, count):
    cases = cases_of(kind, count)
    failures = [(case, why) for case in cases if (why := ASPECTS[aspect](case))]
    if failures:
        case, why = min(failures, key=lambda f: len(f[0].yaml()))
        pytest.fail(f"{aspect}: {len(failures)} of {len(cases)} random {kind} events disagree. "
                    f"Smallest one ({case.folder}):\n{why}\n\n{case.yaml()}", pytrace=False)
