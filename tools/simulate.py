"""Play events with seeded random results, through sitegen's own `pair`: the demo content and benchmarks.

    python tools/simulate.py demo content/          # (re)write the embedded demo events
    python tools/simulate.py field DIR FORMAT N R   # an event of N players with R rounds played (benchmarks)
"""
from __future__ import annotations

import random
import shutil
import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sitegen import games as formats  # noqa: E402
from sitegen.load.event import load_event  # noqa: E402
from sitegen.load.yaml_reader import dump_yaml  # noqa: E402

FIRST = ("Maren Tobias Ilsa Corwin Petra Anselm Juno Halvard Odile Benedikt Rosalind Emrys Talia Ferris Wren Ottilie "
         "Caspian Liesel Ivo Saskia Dorian Nell Bastian Greer Lorcan Mirela Thaddeus Ysolde Anouk Jarek Philippa Soren "
         "Clemence Ruairi Hedda Lazlo Verity Matthias Esme Quentin").split()
LAST = ("Holloway Varga Pennick Ashgrove Lindqvist Okafor Marchetti Brandt Quill Thorne Delacroix Haverford Sato Rooke "
        "Fairweather Kowal Ellery Strand Morrow Abernathy Castellan Dunmore Ivers Laskaris Vane Whitlock Oyelaran Petrov "
        "Raines Sorensen Tamsin Ulver Wexley Yardley Zeller Grieve Beaumont Calloway Dray Everly").split()
FACTIONS = ("Baratheon", "Greyjoy", "Lannister", "Martell", "The Night's Watch", "Stark", "Targaryen", "Tyrell")
AGENDAS = ("Banner of the Wolf", "The Lord of the Crossing", "Alliance", "The Rains of Castamere", "Kingdoms of the West",
           "Fealty", "Sea of Blood", "The Free Folk")


def invented_names(count: int, rng: random.Random) -> list[str]:
    names = sorted({f"{first} {last}" for first in FIRST for last in LAST})
    return rng.sample(names, count)


def joust_result(players: list[str], rng: random.Random, elimination: bool) -> dict:
    a, b = players
    if elimination or rng.random() < 0.7:
        return {"winner": rng.choice(players)}
    return {"power": {a: rng.randint(5, 14), b: rng.randint(5, 14)}}


def melee_result(players: list[str], rng: random.Random, elimination: bool) -> dict:
    """Power below 15 for all; half the games (and every elimination game) won outright; now and then a player decks out."""
    power = {p: rng.randint(0, 14) for p in players}
    result: dict = {"power": power}
    if elimination or rng.random() < 0.5:
        winner = rng.choice(players)
        power[winner] = 15
        result["winner"] = winner
    if rng.random() < 0.15:
        result["eliminated"] = [rng.choice([p for p in players if p != result.get("winner")])]
    return result




def vtes_result(players: list[str], rng: random.Random, elimination: bool) -> dict:
    """A game played out in seat order: random predators oust their current prey until one player
    is left standing or time is called, so the VP always pass the Archon check."""
    alive = list(players)
    vp = {pid: 0.0 for pid in players}
    ousts = rng.choices(range(len(players)), weights=(1, 2, 3, 3, 2)[: len(players)])[0]
    for _ in range(ousts):
        predator = rng.choices(alive, weights=[1 + 3 * vp[pid] for pid in alive])[0]  # a player who ousts tends to go on
        prey = alive[(alive.index(predator) + 1) % len(alive)]
        vp[predator] += 1
        alive.remove(prey)
    for pid in alive:
        vp[pid] += 1 if len(alive) == 1 else 0.5
    return {"vp": {pid: int(v) if v.is_integer() else v for pid, v in vp.items()}}


RESULTS = {"agot-joust": joust_result, "agot-melee": melee_result, "vtes": vtes_result}
# What an event.yaml says for "no elimination rounds": AGoT's cut of 0; V:TES has no cut key (its final is played
# once the rounds are, and a field played to a given round never reaches it).
NO_CUT: dict[str, dict] = {"agot-joust": {"cut": 0}, "agot-melee": {"cut": 0}, "vtes": {}}
VTES_DECKS = ("Tremere stealth-bleed", "Ventrue grinder", "Malkavian Dementation", "Toreador Academy", "Nosferatu royalty",
              "Brujah Debate", "Tzimisce toolbox", "Ministry stealth", "Lasombra Oblivion", "Banu Haqim rush")


def write_event(folder: Path, fmt: str, name: str, date: str, players: list[dict], **extra) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    data = {"name": name, "format": fmt, "date": date, **extra, "players": players}
    (folder / "event.yaml").write_text(dump_yaml(data), encoding="utf-8")


def pair(folder: Path) -> Path | None:
    event = load_event(folder)
    fmt = formats.format_of(event)
    try:
        proposal = fmt.next_round(event)
    except formats.base.Refused:
        return None
    path = folder / proposal.filename
    path.write_text(dump_yaml(proposal.data), encoding="utf-8")
    return path


def choose_final_seats(finalists: list[str], rng: random.Random) -> list[str]:
    """The V:TES card placement: from the lowest qualifier up, each puts their card anywhere in the row."""
    row: list[str] = []
    for pid in reversed(finalists):
        row.insert(rng.randint(0, len(row)), pid)
    return row


def fill_results(path: Path, fmt: str, rng: random.Random) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    elimination = not path.name.startswith("round-")
    if fmt == "vtes" and path.name == "final.yaml":
        data["tables"][0]["players"] = choose_final_seats(data["tables"][0]["players"], rng)
    for table in data["tables"]:
        table.update(RESULTS[fmt](table["players"], rng, elimination))
    path.write_text(dump_yaml(data), encoding="utf-8")


def play(folder: Path, fmt: str, rng: random.Random, rounds: int | None = None, leave_last_pending: bool = False) -> None:
    """Pair and play until the event is finished (or `rounds` files exist); optionally leave the last one open."""
    played = 0
    while rounds is None or played < rounds:
        path = pair(folder)
        if path is None:
            break
        played += 1
        if not (leave_last_pending and played == rounds):
            fill_results(path, fmt, rng)


def agot_players(count: int, rng: random.Random) -> list[dict]:
    return [{"name": n, "faction": rng.choice(FACTIONS), "agenda": rng.choice(AGENDAS)} for n in invented_names(count, rng)]


def vtes_players(count: int, rng: random.Random) -> list[dict]:
    return [{"name": n, "vekn": str(rng.randint(1000000, 9999999)), "deck": rng.choice(VTES_DECKS)} for n in invented_names(count, rng)]


def demo(content: Path) -> None:
    """Rewrite content/events/ from scratch: the same seeds always give the same demo."""
    shutil.rmtree(content / "events", ignore_errors=True)
    rng = random.Random(2026)
    folder = content / "events" / "winter-joust-2026"
    write_event(folder, "agot-joust", "Winter Joust at the Crow's Nest", "2026-11-14", agot_players(20, rng), seed=1114, cut=4)
    play(folder, "agot-joust", rng)
    folder = content / "events" / "thursday-league-joust"
    players = agot_players(11, rng)
    players[3]["dropped"] = 1
    players[-1]["joined"] = 2
    write_event(folder, "agot-joust", "Thursday League Joust", "2026-11-19", players, seed=1119, rounds=4, cut=0)
    play(folder, "agot-joust", rng, rounds=3, leave_last_pending=True)
    time_round(folder / "round-3.yaml", "2026-11-19 20:30", 55)
    melee_demo(content)
    folder = content / "events" / "autumn-vtes-2026"
    write_event(folder, "vtes", "Autumn Methuselah Clash", "2026-10-24", vtes_players(23, rng), seed=1024, rounds=3)
    play(folder, "vtes", rng)


def time_round(path: Path, start: str, minutes: int) -> None:
    """Give a posted round its start time and length, for the round clock."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    path.write_text(dump_yaml({"start": start, "minutes": minutes} | data), encoding="utf-8")


def melee_demo(content: Path) -> None:
    """A finished melee of 22 players (four tables of 4 and two of 3 each round) with a top-4 final table."""
    rng = random.Random(2027)
    folder = content / "events" / "autumn-melee-2026"
    write_event(folder, "agot-melee", "Autumn Melee at the Crow's Nest", "2026-10-24", agot_players(22, rng), seed=1024, cut=4)
    play(folder, "agot-melee", rng)


def field(folder: Path, fmt: str, count: int, rounds: int) -> None:
    rng = random.Random(count)
    names = [f"Player {i:04d}" for i in range(1, count + 1)]
    write_event(folder, fmt, f"Benchmark {count}", "2026-01-01", [{"name": n} for n in names], seed=count, rounds=rounds + 1, **NO_CUT[fmt])
    play(folder, fmt, rng, rounds=rounds)


if __name__ == "__main__":
    command = sys.argv[1:2]
    if command == ["demo"]:
        demo(Path(sys.argv[2]))
    elif command == ["field"]:
        field(Path(sys.argv[2]), sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
    else:
        sys.exit(__doc__)
