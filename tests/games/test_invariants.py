"""Scores never depend on how the content is written down.

Each property takes a random event (cut short at a random round, so a next round is usually
still to pair), rewrites its YAML files on disk in a way that changes nothing the rules read, and
rebuilds with the real code: the standings, the final ranking, the `standings.json` bytes and the
next pairing must come out the same. Renaming every player changes no score and no order except
among players only the seeded draw separates.
"""
from __future__ import annotations

import json
import random
import string
import tempfile
from pathlib import Path

import pytest
import yaml
from budget import EXAMPLES
from hypothesis import Phase, given, settings
from hypothesis import strategies as st
from plain_scorers import order_mismatch
from random_events import EVENT, dump, write_event

from sitegen import games as formats
from sitegen.build.pipeline import render
from sitegen.games.base import Refused
from sitegen.load.event import load_event
from sitegen.pages.datafiles import json_file
from sitegen.text import id_problem

FORMATS = ("agot-joust", "agot-melee", "vtes")
# The same examples every run, and no shrinking: a failure already names its seed, and shrinking
# whole events costs minutes on this box.
FIXED = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                 phases=[Phase.explicit, Phase.generate])


def event_folder(content: Path) -> Path:
    return content / "events" / EVENT


def random_event(root: Path, fmt: str, seed: int, keep: int, preliminary_only: bool = False) -> Path:
    """A random event with only its first `keep` round files (at least one)."""
    write_event(root, fmt, seed)
    folder = event_folder(root)
    files = round_files(folder)
    if preliminary_only:
        files = [f for f in files if f.name.startswith("round-")]
    for late in round_files(folder)[max(1, keep % (len(files) + 1)):]:
        late.unlink()
    return root


def round_files(folder: Path) -> list[Path]:
    """round-1.yaml ... then elim-1.yaml ... then final.yaml: the order they are played in."""
    def order(path: Path) -> tuple:
        stage, _, number = path.stem.partition("-")
        return ("round", "elim", "final").index(stage), int(number or 0)

    return sorted((f for f in folder.glob("*.yaml") if f.name != "event.yaml"), key=order)


def snapshot(content: Path) -> dict:
    """What the real code makes of the content: standings, final ranking, standings.json, next round."""
    event = load_event(event_folder(content))
    assert formats.validate(event) == []
    fmt = formats.format_of(event)
    board = fmt.score(event)
    try:
        next_round = fmt.next_round(event).data
    except Refused:
        next_round = "refused"  # the event is finished
    return {
        "standings": [(row.rank, row.player, row.values | {"h2h": row.head_to_head} | {f"exact_{k}": v for k, v in row.exact.items()}, row.coin_toss)
                      for row in board.standings],
        "final_ranking": board.final_ranking,
        "standings.json": render(content)[f"events/{EVENT}/standings.json"],
        "next_round": next_round,
    }


def rewrite(folder: Path, change) -> None:
    """Apply `change(name, data)` to every YAML file of the event, in place."""
    for path in sorted(folder.glob("*.yaml")):
        data = yaml.safe_load(path.read_text())
        dump(path, change(path.name, data))


# -- rewrites that must change nothing -----------------------------------------------------------


def swap_joust_seats(rng: random.Random, folder: Path) -> dict:
    def change(name, data):
        for table in data.get("tables", []) if name != "event.yaml" else []:
            if rng.random() < 0.8:
                table["players"].reverse()
        return data

    rewrite(folder, change)
    return {}


def reorder_tables(rng: random.Random, folder: Path) -> dict:
    """Shuffle and renumber the tables of every preliminary round; returns {round: {new number: old}}."""
    renumbered: dict[int, dict[int, int]] = {}

    def change(name, data):
        if name.startswith("round-"):
            rng.shuffle(data["tables"])
            number = int(name[len("round-"):-len(".yaml")])
            renumbered[number] = {}
            for new, table in enumerate(data["tables"], start=1):
                renumbered[number][new] = table["table"]
                table["table"] = new
        return data

    rewrite(folder, change)
    return renumbered


def reorder_players(rng: random.Random, folder: Path) -> dict:
    def change(name, data):
        if name == "event.yaml":
            rng.shuffle(data["players"])
        return data

    rewrite(folder, change)
    return {}


def reorder_keys(rng: random.Random, folder: Path) -> dict:
    def shuffled(value):
        if isinstance(value, dict):
            keys = list(value)
            rng.shuffle(keys)
            return {k: shuffled(value[k]) for k in keys}
        if isinstance(value, list):
            return [shuffled(v) for v in value]
        return value

    rewrite(folder, lambda name, data: shuffled(data))
    return {}


def original_table_numbers(document: bytes, renumbered: dict) -> bytes:
    """standings.json with the table numbers of reordered rounds put back as they were."""
    data = json.loads(document)
    for player in data["standings"]:
        for row in player["rounds"]:
            if row["table"] is not None and row["round"] in renumbered:
                row["table"] = renumbered[row["round"]][row["table"]]
    return json_file(data)


REWRITES = {f.__name__: f for f in (swap_joust_seats, reorder_tables, reorder_players, reorder_keys)}


def rewrite_cases() -> list:
    cases = []
    for name in REWRITES:
        for fmt in FORMATS:
            if name == "swap_joust_seats" and fmt != "agot-joust":
                continue
            cases.append(pytest.param(name, fmt, id=f"{name}-{fmt}"))
    return cases


class PairingChanged(AssertionError):
    """The next round's pairing or seating changed (and nothing else did): told apart so the known
    seating bug cannot hide a change in the scores."""


# Seat order matters to the rules only through Head-to-Head, which decides a points group in few
# events: the (cheap) Joust seat swap looks at several events per example to meet enough of them.
EVENTS_PER_EXAMPLE = {"swap_joust_seats": 4}


@pytest.mark.parametrize(("rewrite_name", "fmt"), rewrite_cases())
@FIXED
@given(data=st.data())
def test_rewriting_the_files_changes_nothing(rewrite_name, fmt, data):
    for _ in range(EVENTS_PER_EXAMPLE.get(rewrite_name, 1)):
        seed = data.draw(st.integers(0, 10_000), label="seed")
        keep = data.draw(st.integers(0, 20), label="keep")
        rewrite_seed = data.draw(st.integers(0, 2**32), label="rewrite_seed")
        with tempfile.TemporaryDirectory() as tmp:
            content = random_event(Path(tmp), fmt, seed, keep)
            before = snapshot(content)
            renumbered = REWRITES[rewrite_name](random.Random(rewrite_seed), event_folder(content))
            after = snapshot(content)
        after["standings.json"] = original_table_numbers(after["standings.json"], renumbered)
        for key in ("standings", "final_ranking", "standings.json"):
            assert after[key] == before[key], f"{rewrite_name} changed the {key}"
        if after["next_round"] != before["next_round"]:
            raise PairingChanged(f"{rewrite_name} changed the next round:\n{before['next_round']}\n{after['next_round']}")


# -- renaming every player -------------------------------------------------------------------------


def new_ids(rng: random.Random, old: list[str]) -> dict[str, str]:
    """A random bijection from the old ids to fresh valid ids (lowercase letters, digits, hyphens)."""
    fresh: set[str] = set()
    while len(fresh) < len(old):
        word = rng.choice(string.ascii_lowercase) + "".join(rng.choices(string.ascii_lowercase + string.digits, k=rng.randint(0, 6)))
        candidate = rng.choice([word, f"{word}-{rng.randint(0, 999)}"])
        if candidate not in old and id_problem(candidate) is None:  # 'n' or 'no' would read as yes/no
            fresh.add(candidate)
    ordered = sorted(fresh)  # not the set's order, which changes with the interpreter's hash seed
    rng.shuffle(ordered)
    return dict(zip(old, ordered))


def renamed(value, ids: dict[str, str]):
    """`value` with every player id, as a string or a mapping key, replaced."""
    if isinstance(value, dict):
        return {renamed(k, ids): renamed(v, ids) for k, v in value.items()}
    if isinstance(value, list):
        return [renamed(v, ids) for v in value]
    return ids.get(value, value) if isinstance(value, str) else value


RANKED_BY = ("points", "h2h", "exact_sos", "exact_esos", "gw", "exact_vp", "tp")  # what the rules order by


def draw_classes(rows: list) -> list[set[str]]:
    """Consecutive standings rows equal on everything the rules order by: only the seeded draw orders them."""
    def criteria(values: dict) -> tuple:
        return tuple(values.get(key) for key in RANKED_BY)

    classes: list[set[str]] = []
    for i, (_, player, values, _) in enumerate(rows):
        if i == 0 or criteria(values) != criteria(rows[i - 1][2]):
            classes.append(set())
        classes[-1].add(player)
    return classes


def exported_players(document: bytes) -> dict[str, dict]:
    """standings.json's rows by player id, without rank and place (the draw may change them: V:TES draws the top five)."""
    return {row["id"]: {k: v for k, v in row.items() if k not in ("rank", "place")} for row in json.loads(document)["standings"]}


@pytest.mark.parametrize("fmt", FORMATS)
@FIXED
@given(seed=st.integers(0, 10_000), keep=st.integers(0, 20), rewrite_seed=st.integers(0, 2**32))
def test_renaming_players_changes_only_draws(fmt, seed, keep, rewrite_seed):
    # preliminary rounds only: who made a cut at a tie can change with the draw, and with it which files are valid
    with tempfile.TemporaryDirectory() as tmp:
        content = random_event(Path(tmp), fmt, seed, keep, preliminary_only=True)
        folder = event_folder(content)
        before = snapshot(content)
        ids = new_ids(random.Random(rewrite_seed), [p["id"] for p in yaml.safe_load((folder / "event.yaml").read_text())["players"]])
        rewrite(folder, lambda name, data: renamed(data, ids))
        after = snapshot(content)

    values_after = {player: values for _, player, values, _ in after["standings"]}
    for _, player, values, _ in before["standings"]:
        assert values_after[ids[player]] == values, f"renaming changed the scores of {player} ({ids[player]})"
    assert exported_players(after["standings.json"]) == renamed(exported_players(before["standings.json"]), ids)
    expected = [{ids[p] for p in c} for c in draw_classes(before["standings"])]
    assert order_mismatch([player for _, player, _, _ in after["standings"]], expected) is None
