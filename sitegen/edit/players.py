"""Change the players of event.yaml: a drop (`sitegen drop`) and a late arrival (`sitegen add`)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from sitegen.edit.commit import Edited, commit, problem_messages
from sitegen.edit.lock import one_writer
from sitegen.edit.round_trip import RoundTrip, player_entry
from sitegen.games.base import Refused
from sitegen.load.event import load_event
from sitegen.text import slugify, suggest


@one_writer
def drop_player(event_dir: str | Path, pid: str, *, after: int | None = None) -> Edited:
    """Set `dropped: N` on player `pid`: the last round played (default: the last round paired)."""
    event = load_event(event_dir)
    if pid not in event.player_by_id:
        raise Refused(f"no player '{pid}' in {event.name}; {suggest(pid, event.player_by_id)}")
    last = len(event.rounds) if after is None else after
    if last < 0:
        raise Refused("--after must be 0 (before round 1) or a round number")
    path = Path(event.where.path)
    doc = RoundTrip(path.read_text(encoding="utf-8"))
    players: CommentedSeq = doc.data["players"]
    index = player_entry(players, pid)
    entry = players[index]
    if isinstance(entry, str):  # `- Ann Example` becomes `- {name: Ann Example, dropped: 2}`
        entry = CommentedMap(name=entry)
        entry.fa.set_flow_style()
        players[index] = entry
    if "dropped" in entry:
        entry["dropped"] = last
    else:
        entry.insert(len(entry), "dropped", last)
    return Edited(commit(event_dir, {path: doc.dump()}, known=problem_messages(event_dir, event)), [path])


@one_writer
def add_player(event_dir: str | Path, name: str, *, pid: str | None = None, joined: int | None = None,
               fields: dict[str, str] | None = None) -> Edited:
    """Append a player to event.yaml; `joined` defaults to the next round once round 1 is paired."""
    event = load_event(event_dir)  # the event may wait for this player to pass the check (a cut larger than the field)
    name = name.strip()
    if not name:
        raise Refused("give the player's full name")
    new_id = pid or slugify(name)
    if new_id in event.player_by_id:
        raise Refused(f"there is already a player '{new_id}' ({event.player_by_id[new_id].name}); give the new one --id")
    first = len(event.rounds) + 1 if joined is None else joined
    entry: dict[str, Any] = {"name": name}
    if pid:
        entry["id"] = pid
    if first != 1:
        entry["joined"] = first
    entry.update(fields or {})
    path = Path(event.where.path)
    doc = RoundTrip(path.read_text(encoding="utf-8"))
    players: CommentedSeq = doc.data["players"]
    last = players[-1] if len(players) else None
    if last is None:
        players.fa.set_block_style()  # `players: []` as `sitegen new` writes it becomes a list, one player a line
    if isinstance(last, str) and len(entry) == 1:
        players.append(name)
    else:
        item = CommentedMap(entry)
        if isinstance(last, CommentedMap) and last.fa.flow_style():
            item.fa.set_flow_style()
        players.append(item)
    new = commit(event_dir, {path: doc.dump()}, known=problem_messages(event_dir, event))
    return Edited(new, [path])


def fields_of(pairs: list[str]) -> dict[str, str]:
    """`--field faction=Stark` pairs into {"faction": "Stark"}."""
    found = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise Refused(f"--field {pair}: write it as KEY=VALUE, e.g. --field faction=Stark")
        found[key.strip()] = value.strip()
    return found
