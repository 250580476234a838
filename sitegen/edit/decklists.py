"""Decklists registered and held, then released as the event's rule says.

A list a player or the TO registers is held in the cache folder (`<cache>/decklists/<event>/<player-id>.txt`: never
in git, never in output/, kept across a restart), beside the desk's held reports. It becomes content only when
released: written to the event folder as `decks/<player-id>.txt`, checked like any edit. Which lists are released,
and when, is event.yaml's `decklists:` (`publish:` and `when:`), or the TO's explicit publish.
"""
from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from sitegen.edit.commit import commit
from sitegen.edit.lock import one_writer
from sitegen.files import write_atomic
from sitegen.games import format_of
from sitegen.games.base import Refused
from sitegen.games.decklist import CheckedDeck, read_checked, too_long
from sitegen.load.event import load_event
from sitegen.model import DECKS_FOLDER, Event
from sitegen.text import N_

HELD_FOLDER = "decklists"  # in the cache folder


@dataclass(frozen=True)
class HeldDecks:
    """The lists held for one event, one text file a player, in the cache folder."""

    folder: Path

    @classmethod
    def of(cls, cache: Path, event: Event) -> HeldDecks:
        return cls(cache / HELD_FOLDER / event.slug)

    def path(self, player: str) -> Path:
        return self.folder / f"{player}.txt"

    def text(self, player: str) -> str | None:
        path = self.path(player)
        return path.read_text(encoding="utf-8") if path.is_file() else None

    def all(self) -> dict[str, str]:
        if not self.folder.is_dir():
            return {}
        return {path.stem: path.read_text(encoding="utf-8") for path in sorted(self.folder.glob("*.txt"))}

    def hold(self, player: str, text: str) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        write_atomic(self.path(player), text.encode("utf-8"))

    def export(self, to: Path) -> list[Path]:
        """Copies of every held list in `to` (a backup of the TO's laptop)."""
        to.mkdir(parents=True, exist_ok=True)
        return [Path(shutil.copyfile(self.path(player), to / f"{player}.txt")) for player in self.all()]


def check_list(event: Event, text: str) -> CheckedDeck:
    rules = format_of(event).deck_rules
    if rules is None:
        raise Refused(N_("{event}: its game takes no decklists", event=event.name))
    return read_checked(rules, text)


def locked(event: Event, player: str) -> str:
    """Why the player's list may no longer be replaced ("" while it may): once round 1 is paired, or the player's
    list is released."""
    if player in event.released_decks:
        return f"{player}'s list is published already; it can no longer be replaced"
    if event.rounds and player in event.rounds[0].seated():
        return f"round 1 is paired: {player}'s list is locked (the TO may still register it with `sitegen deck --force`)"
    return ""


def register(event_dir: str | Path, cache: Path, player: str, text: str, *, force: bool = False) -> CheckedDeck:
    """Hold `text` as the player's list for the event, when it may still be replaced (`force`: the TO's say-so); the
    list as it was understood. A list with problems is held too (the player sees them and may fix it)."""
    event = load_event(event_dir)
    if player not in event.player_by_id:
        raise Refused(N_("{event} has no player '{player}'", event=event.name, player=player))
    if event.decklists.collect == "none":
        raise Refused(N_("{event} collects no decklists; set 'decklists: collect: optional' (or required) in event.yaml", event=event.name))
    refused = too_long(text)
    if refused is not None:
        raise Refused(str(refused))
    checked = check_list(event, text)
    why = locked(event, player)
    if why and not force:
        raise Refused(why)
    HeldDecks.of(cache, event).hold(player, text)
    return checked


def due(event: Event, finished: bool) -> list[str]:
    """The players whose lists the rule releases now: `publish:` says whose, `when:` from when (the winner's is known
    only at the event's end)."""
    rule = event.decklists
    cut_paired = bool(event.elims)
    if rule.publish == "never" or not (finished or (rule.when == "after-cut" and cut_paired)):
        return []
    if rule.publish == "winner":
        return winners(event) if finished else []
    if rule.publish == "cut":
        return sorted(event.elims[0].seated()) if cut_paired else []
    return [player.id for player in event.players]


def winners(event: Event) -> list[str]:
    board = format_of(event).score(event)
    return [player for place, player in board.final_ranking or [] if place == 1]


@one_writer
def release(event_dir: str | Path, cache: Path, *, now: bool = False) -> list[str]:
    """Write the held lists the rule releases into the event folder (`decks/<player-id>.txt`); `now`: the TO's publish,
    which releases whose lists `publish:` says without waiting for `when:`. The players whose lists were written."""
    if not now and not HeldDecks(cache / HELD_FOLDER / Path(event_dir).absolute().name).all():
        return []  # nothing held (the event's folder name is its slug): `pair` and `result` need not read the event again
    event = load_event(event_dir)
    if now and event.decklists.publish == "never":
        raise Refused(N_("{event}'s event.yaml says 'decklists: publish: never'; change it to winner, cut or all first", event=event.name))
    held = HeldDecks.of(cache, event).all()
    if event.decklists.publish == "never" or not held:
        return []
    finished = format_of(event).score(event).final_ranking is not None
    players = due(event, finished) if not now else due(event, True) if finished else _due_now(event)
    folder = Path(event_dir) / DECKS_FOLDER
    texts: dict[Path, str | None] = {folder / f"{p}.txt": held[p] for p in players if p in held and event.released_decks.get(p) != held[p]}
    if texts:
        folder.mkdir(exist_ok=True)
        try:
            commit(event_dir, texts)
        finally:
            if not any(folder.iterdir()):
                folder.rmdir()
    return sorted(path.stem for path in texts)


def _due_now(event: Event) -> list[str]:
    """Whose lists the TO's publish releases before the event's end: the cut's once it is paired, everyone's for `all`."""
    if event.decklists.publish == "winner":
        raise Refused(N_("{event} has no winner yet: the winner's list is published once the event is over", event=event.name))
    if event.decklists.publish == "cut" and not event.elims:
        raise Refused(N_("{event}'s cut is not paired yet: its lists are published once it is", event=event.name))
    return sorted(event.elims[0].seated()) if event.decklists.publish == "cut" else [p.id for p in event.players]


def missing_lists(event_dir: str | Path, cache: Path) -> dict[str, str]:
    """Before round 1 of an event with `collect: required`: the players starting it without a legal list, each with
    "missing" or "has problems"; empty otherwise."""
    event = load_event(event_dir)
    if event.decklists.collect != "required" or event.rounds:
        return {}
    held = HeldDecks.of(cache, event).all()
    starting = [p.id for p in event.players if p.joined <= 1 and p.dropped is None]
    return {player: N_("missing") if player not in held else N_("has problems")
            for player in starting if player not in held or not check_list(event, held[player]).valid}
