"""Change the players of event.yaml: a drop (`sitegen drop`) and a late arrival (`sitegen add`)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from sitegen.edit.commit import Edited, checked_for_players, commit, preliminaries_over
from sitegen.edit.fold import fold_change
from sitegen.edit.lock import one_writer
from sitegen.edit.round_trip import RoundTrip, player_entry, player_map
from sitegen.games.base import Refused, round_name
from sitegen.model import Event, Player, Round
from sitegen.pairing.fold import LOSS
from sitegen.text import N_, filled, readable_id, slugify, suggest


@dataclass(frozen=True)
class RosterChange:
    """What a change to the players did: the event, and the round it applies to (`first` round played, or `last`)."""

    edited: Edited
    player: str  # the player's id
    round: int  # add: the first round played; drop: the last one (0: none)
    repair: int | None = None  # a round already paired without this change: pair it again before its first result
    folded: tuple[int, ...] | None = None  # the change folded into that round (`fold`): the tables it changed

    @property
    def event(self) -> Event:
        return self.edited.event

    @property
    def written(self) -> list[Path]:
        return self.edited.written


def open_round(event: Event) -> int | None:
    """The current preliminary round while none of its tables has a result: late arrivals and drops fold into it."""
    if event.elims or not event.rounds or event.rounds[-1].has_result:
        return None
    return event.rounds[-1].number


# What is refused once the Swiss rounds are over, by change: whole sentences, each translated as one.
ROUNDS_OVER = {"dropped": N_("{event}'s rounds are over: a player can no longer be dropped"),
               "brought back": N_("{event}'s rounds are over: a player can no longer be brought back"),
               "added": N_("{event}'s rounds are over: a player can no longer be added")}


def refuse_finished(event: Event, what: str) -> None:
    """A change to the players once the Swiss rounds are over (the cut, or the last result) is refused."""
    if preliminaries_over(event):
        raise Refused(filled(ROUNDS_OVER[what], event=event.name))


@one_writer
def drop_player(event_dir: str | Path, pid: str, *, after: int | None = None, undo: bool = False,
                fold: str | None = None) -> RosterChange:
    """Set `dropped: N` on player `pid`: the last round played. By default the last round paired, or the one before it
    while it has no result (the player leaves that round too: `fold` says how, see `edit.fold`; without it the round
    is to be paired again). `undo` takes a drop back."""
    event, known = checked_for_players(event_dir)
    player = _player(event, pid)
    refuse_finished(event, "dropped" if not undo else "brought back")
    if undo:
        return _undo_drop(event_dir, event, player, known)
    open_ = open_round(event)
    last = after if after is not None else (open_ - 1 if open_ else len(event.rounds))
    if last < 0:
        raise Refused(N_("--after must be 0 (before round 1) or a round number"))
    path = Path(event.where.path)
    doc = RoundTrip(path.read_text(encoding="utf-8"))
    entry = player_map(doc.data["players"], pid)
    if "dropped" in entry:
        entry["dropped"] = last
    else:
        entry.insert(len(entry), "dropped", last)
    seated = open_ is not None and last < open_ and pid in _seated(event.rounds[-1])
    if seated and fold:
        return _folded(event_dir, {path: doc.dump()}, fold, pid, last, dropped=pid)
    new = commit(event_dir, {path: doc.dump()}, known=known)
    return RosterChange(Edited(new, [path]), pid, last, open_ if seated else None)


def _folded(event_dir: str | Path, texts: dict[Path, str | None], fold: str, pid: str, number: int, *,
            newcomer: str | None = None, dropped: str | None = None) -> RosterChange:
    folded = fold_change(event_dir, texts, fold, newcomer=newcomer, dropped=dropped)
    return RosterChange(folded.edited, pid, number, folded=folded.tables)


def _undo_drop(event_dir: str | Path, event: Event, player: Player, known: set[str]) -> RosterChange:
    if player.dropped is None:
        raise Refused(N_("{name} has not dropped", name=player.name))
    open_ = open_round(event)
    if player.dropped < len(event.rounds) - (1 if open_ else 0):
        raise Refused(N_("{name} missed round {number}: a drop can be taken back only before the next "
                         "round is paired, or while it has no result", name=player.name, number=player.dropped + 1))
    path = Path(event.where.path)
    doc = RoundTrip(path.read_text(encoding="utf-8"))
    entry = player_map(doc.data["players"], player.id)
    entry.pop("dropped", None)
    new = commit(event_dir, {path: doc.dump()}, known=known)
    seated = open_ is not None and player.id in _seated(event.rounds[-1])
    return RosterChange(Edited(new, [path]), player.id, max(player.joined, len(event.rounds) + (0 if open_ else 1)),
                        open_ if open_ and not seated else None)


def _seated(round_: Round) -> set[str]:
    return set(round_.seated()) | set(round_.byes) | set(round_.sitting_out)


def _player(event: Event, pid: str) -> Player:
    if pid not in event.player_by_id:
        raise Refused(N_("no player '{pid}' in {event}; {hint}", pid=pid, event=event.name, hint=suggest(pid, event.player_by_id)))
    return event.player_by_id[pid]


@one_writer
def add_player(event_dir: str | Path, name: str, *, pid: str | None = None, joined: int | None = None,
               fields: dict[str, str] | None = None, fold: str | None = None) -> RosterChange:
    """Append a player to event.yaml; `joined` defaults to the current round while it has no result (`fold` says how
    the player joins it, see `edit.fold`; without it the round is to be paired again), else to the next round."""
    event, known = checked_for_players(event_dir)  # the event may wait for this player to pass the check (a cut larger than the field)
    refuse_finished(event, "added")
    name = name.strip()
    if not name:
        raise Refused(N_("give the player's full name"))
    new_id = pid or readable_id(name)
    if new_id in event.player_by_id:
        raise Refused(N_("there is already a player '{pid}' ({name}); give the new one --id", pid=new_id, name=event.player_by_id[new_id].name))
    open_ = open_round(event)
    first = (open_ or len(event.rounds) + 1) if joined is None else joined
    if fold == LOSS and open_ and first == open_:
        first, fold = open_ + 1, None  # a loss: the round is played without them, they start the next one
    entry: dict[str, Any] = {"name": name}
    if new_id != slugify(name):  # given, or spelt where the rule for a name without an id would drop a letter
        entry["id"] = new_id
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
    if fold and open_ and first <= open_:
        return _folded(event_dir, {path: doc.dump()}, fold, new_id, first, newcomer=new_id)
    new = commit(event_dir, {path: doc.dump()}, known=known)
    return RosterChange(Edited(new, [path]), new_id, first, open_ if open_ and first <= open_ else None)


@one_writer
def remove_player(event_dir: str | Path, pid: str) -> Edited:
    """Take a player out of event.yaml altogether: only one who has no seat and no result in any round (entered by
    mistake, or never came)."""
    event, known = checked_for_players(event_dir)
    player = _player(event, pid)
    for round_ in event.rounds + event.elims:
        if pid in _seated(round_):
            raise Refused(N_("{name} is seated in {round}: drop them instead (a player with a seat stays on the record)", name=player.name,
                             round=round_name(round_)))
    path = Path(event.where.path)
    doc = RoundTrip(path.read_text(encoding="utf-8"))
    players: CommentedSeq = doc.data["players"]
    del players[player_entry(players, pid)]
    return Edited(commit(event_dir, {path: doc.dump()}, known=known), [path])


@one_writer
def rename_player(event_dir: str | Path, pid: str, name: str) -> Edited:
    """Give a player another name; the id stays (written as `id:` when it was made from the old name)."""
    event, known = checked_for_players(event_dir)
    _player(event, pid)
    name = name.strip()
    if not name:
        raise Refused(N_("give the player's full name"))
    path = Path(event.where.path)
    doc = RoundTrip(path.read_text(encoding="utf-8"))
    entry = player_map(doc.data["players"], pid)
    entry["name"] = name
    if "id" not in entry and slugify(name) != pid:
        entry.insert(list(entry).index("name") + 1, "id", pid)
    return Edited(commit(event_dir, {path: doc.dump()}, known=known), [path])


def fields_of(pairs: list[str]) -> dict[str, str]:
    """`--field faction=Stark` pairs into {"faction": "Stark"}."""
    found = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise Refused(N_("--field {pair}: write it as KEY=VALUE, e.g. --field faction=Stark", pair=pair))
        found[key.strip()] = value.strip()
    return found
