"""Seeded random events: complete, valid content folders for all three formats.

`write_event(root, format, seed)` writes `root/site.yaml` and `root/events/e/...` and returns the
event folder. Preliminary rounds are drawn here (random tables, random results, late joiners,
drops, byes, time results, eliminated players, reachable V:TES scores); elimination rounds and
the V:TES final are seated by sitegen's own `next_round` (pairing is not what these tests are
about) and then given random results.
"""
from __future__ import annotations

import itertools
import random
from pathlib import Path

import yaml

from sitegen import games as formats
from sitegen.load.event import load_event

EVENT = "e"
SYLLABLES = ["ka", "lo", "mir", "ve", "tan", "os", "ru", "del", "sa", "yn", "bri", "co"]


def random_ids(rng: random.Random, count: int) -> list[str]:
    """`count` distinct valid player ids: lowercase letters, digits and hyphens."""
    ids: set[str] = set()
    while len(ids) < count:
        word = "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(1, 3)))
        ids.add(rng.choice([word, f"{word}-{rng.randint(0, 99)}", f"{word}-{rng.choice(SYLLABLES)}"]))
    ordered = sorted(ids)  # a set's order changes with the interpreter's hash seed; the event must not
    rng.shuffle(ordered)
    return ordered


def dump(path: Path, data: dict) -> None:
    path.write_text(yaml.safe_dump(data, sort_keys=False, default_flow_style=None, allow_unicode=True), encoding="utf-8")


def roster(rng: random.Random, count: int, rounds: int, late: int, drops: int) -> list[dict]:
    """Players with ids, some joining late (`joined`) and some dropping (`dropped`) before the last round."""
    players = [{"name": f"Player {i}", "id": pid} for i, pid in enumerate(random_ids(rng, count), start=1)]
    movers = rng.sample(range(count), late + drops)
    for i in movers[:late]:
        players[i]["joined"] = rng.randint(2, rounds)
    for i in movers[late:]:
        players[i]["dropped"] = rng.randint(1, rounds - 1)
    return players


def active(players: list[dict], number: int) -> list[str]:
    return [p["id"] for p in players
            if p.get("joined", 1) <= number and ("dropped" not in p or number <= p["dropped"])]


def next_round(folder: Path) -> tuple[str, dict]:
    """sitegen's own seating of the next round (elimination rounds and the V:TES final)."""
    event = load_event(folder)
    proposal = formats.format_of(event).next_round(event)
    return proposal.filename, proposal.data


# -- AGoT Joust ----------------------------------------------------------------------------


def joust_result(rng: random.Random, table: dict, elimination: bool) -> None:
    a, b = table["players"]
    if elimination or rng.random() < 0.55:
        table["winner"] = rng.choice([a, b])
        return
    victory = {p: rng.choice([15, 15, 15, 16, 17]) for p in (a, b)}
    power = {a: rng.randint(0, victory[a] - 1)}
    if rng.random() < 0.3:  # equally close: a draw
        power[b] = max(0, victory[b] - (victory[a] - power[a]))
    else:
        power[b] = rng.randint(0, victory[b] - 1)
    table["power"] = power
    if victory != {a: 15, b: 15}:
        table["victory"] = {p: v for p, v in victory.items() if v != 15 or rng.random() < 0.3}


def closer_first(table: dict) -> None:
    """List the winner (or the player closer to their victory total) first; the power keys follow."""
    a, b = table["players"]
    if "winner" in table:
        first = table["winner"]
    else:
        victory = table.get("victory") or {}
        first = min((a, b), key=lambda p: victory.get(p, 15) - table["power"][p])
    table["players"] = [first, b if first == a else a]
    if "power" in table:
        table["power"] = {p: table["power"][p] for p in table["players"]}


def joust_round(rng: random.Random, players: list[dict], number: int, winners_first: bool) -> dict:
    field = active(players, number)
    rng.shuffle(field)
    byes = [field.pop()] if len(field) % 2 else []
    tables = []
    for i in range(0, len(field), 2):
        table = {"table": len(tables) + 1, "players": field[i: i + 2]}  # the winner is first or second at random
        joust_result(rng, table, elimination=False)
        if winners_first:
            closer_first(table)
        tables.append(table)
    return {"tables": tables} | ({"byes": byes} if byes else {})


def joust_event(rng: random.Random, winners_first: bool = False) -> tuple[dict, list[dict]]:
    rounds = rng.randint(2, 4)
    count = rng.randint(4, 11)
    players = roster(rng, count, rounds, late=rng.randint(0, 2), drops=rng.randint(0, 2))
    staying = sum("dropped" not in p for p in players)
    cut = rng.choice([0, 0] + [c for c in (2, 4, 8) if c <= staying])
    event = {"name": "Random Joust", "format": "agot-joust", "date": "2026-11-14", "seed": rng.randint(0, 9999),
             "rounds": rounds, "cut": cut, "players": players}
    return event, [joust_round(rng, players, n, winners_first) for n in range(1, rounds + 1)]


# -- AGoT Melee ----------------------------------------------------------------------------


def melee_sizes(count: int) -> list[int] | None:
    """Tables of 4 with as few tables of 3 as possible, or None when `count` cannot be seated."""
    threes = (4 - count % 4) % 4
    if count < 3 * threes or count < 3:
        return None
    return [3] * threes + [4] * ((count - 3 * threes) // 4)


def melee_result(rng: random.Random, table: dict, elimination: bool) -> None:
    seated = table["players"]
    victory = {p: 15 for p in seated}
    if rng.random() < 0.35:
        table["victory"] = {p: rng.choice([15, 16, 17]) for p in rng.sample(seated, rng.randint(1, len(seated)))}
        victory |= table["victory"]
    out = rng.sample(seated, rng.choice([0, 0, 0, 1, 1, 2]) if len(seated) == 4 else rng.choice([0, 0, 1]))
    winner = rng.choice([p for p in seated if p not in out]) if elimination or rng.random() < 0.5 else None
    power = {}
    for p in seated:
        if p == winner:
            power[p] = victory[p]
        elif rng.random() < 0.3 and power:  # equally close as someone else: a tie
            other = rng.choice(list(power))
            power[p] = max(0, min(victory[p] - 1, victory[p] - (victory[other] - power[other])))
        else:
            power[p] = rng.randint(0, victory[p] - 1)
    table["power"] = power
    if winner:
        table["winner"] = winner
    if out:
        table["eliminated"] = out


def melee_round(rng: random.Random, players: list[dict], number: int) -> dict:
    field = active(players, number)
    rng.shuffle(field)
    tables = []
    for size in melee_sizes(len(field)):
        table = {"table": len(tables) + 1, "players": field[:size]}
        field = field[size:]
        melee_result(rng, table, elimination=False)
        tables.append(table)
    rng.shuffle(tables)
    for number_, table in enumerate(tables, start=1):
        table["table"] = number_
    return {"tables": tables}


def melee_event(rng: random.Random) -> tuple[dict, list[dict]]:
    while True:
        rounds = rng.randint(2, 4)
        count = rng.choice([rng.randint(6, 13), rng.randint(16, 19)])
        players = roster(rng, count, rounds, late=rng.randint(0, 2), drops=rng.randint(0, 2))
        if all(melee_sizes(len(active(players, n))) for n in range(1, rounds + 1)):
            break
    staying = sum("dropped" not in p for p in players)
    cut = rng.choice([0] + [c for c in (4, 16) if c <= staying])
    event = {"name": "Random Melee", "format": "agot-melee", "date": "2026-10-24", "seed": rng.randint(0, 9999),
             "rounds": rounds, "cut": cut, "players": players}
    return event, [melee_round(rng, players, n) for n in range(1, rounds + 1)]


# -- V:TES ----------------------------------------------------------------------------------

VTES_SEATABLE = (4, 5, 8, 9, 10, 12, 13, 14, 15)  # tables of 4 and 5 only, nobody sits out


def vtes_sizes(count: int) -> list[int]:
    tables = -(-count // 5)
    fours = 5 * tables - count
    return [5] * (tables - fours) + [4] * fours


def vtes_game(rng: random.Random, seated: list[str]) -> dict[str, float]:
    """A game played out: a predator ousting its prey scores 1 VP, a withdrawal 0.5, at time
    each survivor 0.5, and the last one standing 1 more."""
    vp = {p: 0.0 for p in seated}
    alive = list(seated)
    while len(alive) > 1:
        if rng.random() < 0.12:  # time is called
            for p in alive:
                vp[p] += 0.5
            return vp
        if rng.random() < 0.1:
            leaving = rng.choice(alive)
            vp[leaving] += 0.5
        else:
            predator = rng.choice(alive)
            leaving = alive[(alive.index(predator) + 1) % len(alive)]
            vp[predator] += 1
        alive.remove(leaving)
    vp[alive[0]] += 1
    return vp


def vtes_round(rng: random.Random, players: list[dict], number: int, earlier: list[dict]) -> dict:
    field = active(players, number)
    rng.shuffle(field)
    seen = {pair for round_ in earlier for table in round_["tables"] for pair in _predator_prey(table["players"])}
    tables = []
    for size in vtes_sizes(len(field)):
        seated, field = _unrepeated(field[:size], seen), field[size:]
        tables.append({"table": len(tables) + 1, "players": seated, "vp": vtes_game(rng, seated)})
    return {"tables": tables}


def _predator_prey(seated: list[str]) -> list[tuple[str, str]]:
    return [(pid, seated[(seat + 1) % len(seated)]) for seat, pid in enumerate(seated)]


def _unrepeated(seated: list[str], seen: set[tuple[str, str]]) -> list[str]:
    """The table in the first seat order that repeats no predator-prey pair of an earlier round, as the rules want
    whenever one exists; else as drawn."""
    orders = ([seated[0], *rest] for rest in itertools.permutations(seated[1:]))
    return next((order for order in orders if not seen.intersection(_predator_prey(order))), seated)


def vtes_event(rng: random.Random) -> tuple[dict, list[dict]]:
    while True:
        rounds = rng.randint(3, 4)
        count = rng.choice([8, 9, 10, 12, 13, 14, 15])
        players = roster(rng, count, rounds, late=rng.randint(0, 2), drops=rng.randint(0, 2))
        fields = [len(active(players, n)) for n in range(1, rounds + 1)]
        if all(f in VTES_SEATABLE and f >= 8 for f in fields):
            break
    event = {"name": "Random V:TES", "format": "vtes", "date": "2026-10-24", "seed": rng.randint(0, 9999),
             "rounds": rounds, "players": players}
    played: list[dict] = []
    for number in range(1, rounds + 1):
        played.append(vtes_round(rng, players, number, played))
    return event, played


# -- writing ---------------------------------------------------------------------------------

# Each kind of random event by name: a format, and for Joust also a population whose tables list
# the winner first (where a Head-to-Head credited to the first-listed player happens to be right).
EVENTS = {
    "agot-joust": joust_event,
    "agot-joust/winners-first": lambda rng: joust_event(rng, winners_first=True),
    "agot-melee": melee_event,
    "vtes": vtes_event,
}


def fill_elimination(rng: random.Random, fmt: str, data: dict) -> None:
    for table in data["tables"]:
        if fmt == "agot-joust":
            joust_result(rng, table, elimination=True)
        elif fmt == "agot-melee":
            melee_result(rng, table, elimination=True)
        else:
            rng.shuffle(table["players"])  # the finalists choose their seats
            table["vp"] = vtes_game(rng, table["players"])


def write_event(root: Path, kind: str, seed: int) -> Path:
    """A complete random event of `kind` (see EVENTS); the same seed gives the same files."""
    rng = random.Random(f"{kind}:{seed}")
    event, rounds = EVENTS[kind](rng)
    fmt = event["format"]
    folder = root / "events" / EVENT
    folder.mkdir(parents=True)
    dump(root / "site.yaml", {"title": "Random events"})
    dump(folder / "event.yaml", event)
    for number, data in enumerate(rounds, start=1):
        dump(folder / f"round-{number}.yaml", data)
    while fmt == "vtes" or event.get("cut"):
        filename, data = next_round(folder)
        fill_elimination(rng, fmt, data)
        dump(folder / filename, data)
        if len(data["tables"]) == 1:
            break
    return folder
