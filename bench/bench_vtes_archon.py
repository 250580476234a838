"""Peer comparison of sitegen's V:TES table scoring with the V:EKN's Archon engine.

The engine is the `vtes-archon` package (MIT licence); only its `archon.scoring` module is used
(`check_table_vps`, `compute_table_scores`). It lives in a virtualenv of its own (default
.venv-archon, made by `make bench`; override with --archon-python) and runs as a subprocess:
sitegen's package imports its pairing dependencies, which that virtualenv does not have, and the
engine's web-application dependencies stay out of sitegen's. If the interpreter is missing or
cannot import the module, the comparison is skipped with the reason.

1,000 tables (seeded, 4 and 5 seats) are played out at random with ousts, withdrawals and time;
both sides score them (GW, VP, TP per seat) and check them. Then both check random VP vectors, most
of which no game gives: every vector of halves from 0 to the table size, and a sample of those whose
rounded-up total is right (the only check the Archon total makes).

    PYTHONPATH=. python bench/bench_vtes_archon.py [--tables 1000] [--seed 1] [--archon-python PATH]
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
from fractions import Fraction
from pathlib import Path

from sitegen.games.vtes.results import table_problems
from sitegen.games.vtes.rules import score_vtes_table

ARCHON_RUNNER = """
import json, sys
from archon import scoring
out = []
for vps in json.load(sys.stdin):
    scores = [scoring.Score(vp=vp) for vp in vps]
    error = scoring.check_table_vps(scores)
    scoring.compute_table_scores(scores)
    out.append({"error": None if error is None else f"{type(error).__name__}: {error}".rstrip(": "),
                "scores": [[s.gw, s.vp, s.tp] for s in scores]})
json.dump(out, sys.stdout)
"""
EXAMPLES = 3


def played_table(rng: random.Random) -> list[Fraction]:
    """The VP of one game played out at random: ousts, withdrawals, then time or one left standing."""
    size = rng.choice([4, 5])
    vp = [Fraction(0)] * size
    still_in = list(range(size))  # seat order; each player's prey is the next one still in
    while len(still_in) > 1:
        step = rng.choices(["oust", "withdraw", "time"], weights=[6, 1, 2])[0]
        if step == "time":
            for seat in still_in:
                vp[seat] += Fraction(1, 2)
            return vp
        position = rng.randrange(len(still_in))
        leaving = still_in.pop(position)
        if step == "oust":
            vp[still_in[position - 1]] += 1  # the predator: the player before, wrapping round
        else:
            vp[leaving] += Fraction(1, 2)
    vp[still_in[0]] += 1  # last one standing
    return vp


def every_vector(size: int) -> list[list[Fraction]]:
    vectors: list[list[Fraction]] = [[]]
    for _ in range(size):
        vectors = [v + [Fraction(h, 2)] for v in vectors for h in range(2 * size + 1)]
    return vectors


def right_total_sample(rng: random.Random, count: int) -> list[list[Fraction]]:
    """Random VP vectors whose rounded-up total equals the table size."""
    sample = []
    while len(sample) < count:
        size = rng.choice([4, 5])
        vector = [Fraction(rng.randint(0, 2 * size), 2) for _ in range(size)]
        if sum(-(-v // 1) for v in vector) == size:
            sample.append(vector)
    return sample


def archon(python: str, tables: list[list[Fraction]]) -> list[dict]:
    job = json.dumps([[float(v) for v in vps] for vps in tables])
    done = subprocess.run([python, "-c", ARCHON_RUNNER], input=job, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def sitegen_accepts(vps: list[Fraction]) -> tuple[bool, str]:
    players = [f"s{seat}" for seat in range(1, len(vps) + 1)]
    problems = table_problems(players, dict(zip(players, vps)))
    return not problems, problems[0] if problems else ""


def shown(vps: list[Fraction]) -> str:
    return "[" + ", ".join(f"{float(v):g}" for v in vps) + "]"


def compare_scores(tables: list[list[Fraction]], theirs: list[dict]) -> None:
    agree = {"gw": 0, "vp": 0, "tp": 0}
    seats = whole_tables = 0
    differing = []
    for vps, other in zip(tables, theirs):
        players = [f"s{seat}" for seat in range(1, len(vps) + 1)]
        ours = [(s.gw, float(s.vp), s.tp) for s in score_vtes_table(players, dict(zip(players, vps)))]
        for mine, their in zip(ours, other["scores"]):
            seats += 1
            for index, key in enumerate(agree):
                agree[key] += mine[index] == their[index]
        whole_tables += ours == [tuple(s) for s in other["scores"]]
        if ours != [tuple(s) for s in other["scores"]] and len(differing) < EXAMPLES:
            differing.append((vps, ours, other["scores"]))
    print(f"Scoring of {len(tables)} played tables ({seats} seats): tables identical {whole_tables}/{len(tables)}; "
          + ", ".join(f"{key.upper()} agree {count}/{seats}" for key, count in agree.items()))
    for vps, ours, their in differing:
        print(f"  differs: VP {shown(vps)}: sitegen (gw, vp, tp) {ours}, archon {their}")


def compare_checks(label: str, tables: list[list[Fraction]], theirs: list[dict]) -> None:
    only_ours, only_theirs, both, neither = [], [], 0, 0
    for vps, other in zip(tables, theirs):
        ours, reason = sitegen_accepts(vps)
        archon_ok = other["error"] is None
        if ours and archon_ok:
            both += 1
        elif not ours and not archon_ok:
            neither += 1
        elif ours:
            only_ours.append((vps, other["error"]))
        else:
            only_theirs.append((vps, reason))
    print(f"Checks on {label} ({len(tables)}): both accept {both}, both reject {neither}, "
          f"only sitegen accepts {len(only_ours)}, only archon accepts {len(only_theirs)}")
    for vps, error in only_ours[:EXAMPLES]:
        print(f"  only sitegen accepts {shown(vps)}; archon says {error}")
    for vps, reason in only_theirs[:EXAMPLES]:
        print(f"  only archon accepts {shown(vps)}; sitegen says: {reason}")


STANDINGS_RUNNER = """
import json, sys, types
from archon import engine, models, scoring
events = json.load(sys.stdin)
out = []
for event in events:
    players = {p["uid"]: types.SimpleNamespace(uid=p["uid"], state=models.PlayerState.PLAYING, rounds_played=p["rounds"],
                                               result=scoring.Score(gw=p["gw"], vp=p["vp"], tp=p["tp"]), toss=p["toss"])
               for p in event["players"]}
    tournament = types.SimpleNamespace(players=players, winner=event["winner"], finals_seeds=event["finalists"],
                                       state=models.TournamentState.FINISHED)
    out.append([[rank, player.uid] for rank, player in engine.standings(tournament)])
json.dump(out, sys.stdout)
"""


def random_event(rng: random.Random, folder: Path, count: int) -> Path:
    """A finished event of `count` players over three rounds (played_table's VPs, so ties are frequent), a final,
    and two registered players who never played: one with 'dropped: 0', one joining after the last round."""
    from sitegen.games.vtes.seating import plan_rounds

    ids = [f"p{i:02d}" for i in range(count)]
    names = ", ".join(i.upper() for i in ids)
    (folder / "event.yaml").write_text(f"name: B\nformat: vtes\ndate: 2026-01-01\nseed: {rng.randrange(10**6)}\nrounds: 3\n"
                                       f"players: [{names}, {{name: Zed, dropped: 0}}, {{name: Yan, joined: 4}}]\n")
    for number, round_ in enumerate(plan_rounds(ids, 3, rng, iterations=200), start=1):
        (folder / f"round-{number}.yaml").write_text(_tables_yaml(round_, rng))
    from sitegen import games as formats
    from sitegen.load.event import load_event

    event = load_event(folder)
    board = formats.format_of(event).score(event)
    (folder / "final.yaml").write_text(_tables_yaml([[row.player for row in board.standings[:5]]], rng))
    return folder


def _tables_yaml(round_: list[list[str]], rng: random.Random) -> str:
    lines = ["tables:"]
    for number, table in enumerate(round_, start=1):
        vps = played_table(rng)
        while len(vps) != len(table):
            vps = played_table(rng)
        vp = ", ".join(f"{pid}: {float(v)}" for pid, v in zip(table, vps))
        lines += [f"  - table: {number}", f"    players: [{', '.join(table)}]", f"    vp: {{{vp}}}"]
    return "\n".join(lines) + "\n"


def compare_standings(python: str, events: int, rng: random.Random) -> None:
    """Ranks in sitegen's V:EKN report (CSV and archondata) against archon.engine.standings, for finished events
    with ties outside the top five (shared places) and registered players who never played (given to archon with
    0 rounds played: it leaves them out itself). Coin tosses are 0: the finalists are passed as archon's seeds."""
    import tempfile

    from sitegen import games as formats
    from sitegen.load.event import load_event

    ours, jobs = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for index in range(events):
            folder = Path(tmp) / f"e{index}"
            folder.mkdir()
            event = load_event(random_event(rng, folder, rng.choice([13, 17, 20, 27])))
            fmt = formats.format_of(event)
            board = fmt.score(event)
            assert fmt.export is not None  # V:TES reports to its ranking body
            _, rows = fmt.export.table(event)
            ours.append([[row[0], row[1]] for row in rows])
            finals = [pid for _, pid in (board.final_ranking or [])[:5]]
            totals = {row.player: row for row in board.standings}
            jobs.append({"winner": finals[0], "finalists": finals, "players": [
                {"uid": pid, "rounds": sum(pid in t.players for r in event.rounds for t in r.tables), "gw": row.exact["gw"],
                 "vp": float(row.exact["vp"]), "tp": row.exact["tp"], "toss": 0} for pid, row in totals.items()]})
    done = subprocess.run([python, "-c", STANDINGS_RUNNER], input=json.dumps(jobs), capture_output=True, text=True, check=True)
    theirs = json.loads(done.stdout)
    same = sum(a == b for a, b in zip(ours, theirs))
    shared = sum(len({r for r, _ in e}) < len(e) for e in ours)
    absent = sum(not any(pid in ("zed", "yan") for _, pid in e) for e in ours)
    print(f"  standings: {same}/{events} events ranked alike by sitegen's report and archon.engine.standings "
          f"({shared} with shared places; never-played players left out of {absent}/{events} reports)")
    for a, b in zip(ours, theirs):
        if a != b:
            print(f"    differ: sitegen {a[:12]} ... archon {b[:12]} ...")
            break


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--events", type=int, default=30, help="finished events whose report ranks are compared")
    parser.add_argument("--archon-python", default=".venv-archon/bin/python")
    args = parser.parse_args()
    if not Path(args.archon_python).exists():
        print(f"bench_vtes_archon: skipped: {args.archon_python} does not exist (make bench creates .venv-archon with vtes-archon)")
        return
    probe = subprocess.run([args.archon_python, "-c", "from archon import scoring; scoring.check_table_vps; scoring.compute_table_scores"],
                           capture_output=True, text=True)
    if probe.returncode:
        reason = (probe.stderr.strip().splitlines() or ["no error text"])[-1]
        print(f"bench_vtes_archon: skipped: {args.archon_python} cannot use archon.scoring ({reason})")
        return
    rng = random.Random(args.seed)
    played = [played_table(rng) for _ in range(args.tables)]
    print(f"sitegen vs vtes-archon (archon.scoring), seed {args.seed}")
    compare_scores(played, archon(args.archon_python, played))
    compare_checks("played tables", played, archon(args.archon_python, played))
    for size in (4, 5):
        vectors = every_vector(size)
        compare_checks(f"every {size}-seat VP vector in halves", vectors, archon(args.archon_python, vectors))
    sample = right_total_sample(rng, args.tables)
    compare_checks("random vectors with the right rounded total", sample, archon(args.archon_python, sample))
    compare_standings(args.archon_python, args.events, rng)


if __name__ == "__main__":
    main()
