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

from sitegen import games
from sitegen.edit.commit import commit
from sitegen.edit.lock import one_writer
from sitegen.files import write_atomic
from sitegen.games import format_of
from sitegen.games.base import Refused
from sitegen.games.decklist import CheckedDeck, read_checked, round_name, too_long
from sitegen.load.event import load_event
from sitegen.model import DECKS_FOLDER, Event
from sitegen.text import N_, Msg

HELD_FOLDER = "decklists"  # in the cache folder


@dataclass(frozen=True)
class HeldDecks:
    """The lists held for one event, one text file a player (`<player>.txt`), and when lists go by round, one more for
    each later round the player registered a new list for (`<player>.round-2.txt`, `<player>.final.txt`)."""

    folder: Path

    @classmethod
    def of(cls, cache: Path, event: Event) -> HeldDecks:
        return cls(cache / HELD_FOLDER / event.slug)

    def path(self, player: str, round_key: str = "") -> Path:
        return self.folder / (f"{player}.{round_key}.txt" if round_key else f"{player}.txt")

    def text(self, player: str, round_key: str = "") -> str | None:
        path = self.path(player, round_key)
        return path.read_text(encoding="utf-8") if path.is_file() else None

    def files(self) -> list[Path]:
        return sorted(self.folder.glob("*.txt")) if self.folder.is_dir() else []

    def all(self) -> dict[str, str]:
        """Each player's list for the whole event (one list per round: their list from round 1 on)."""
        return {path.stem: path.read_text(encoding="utf-8") for path in self.files() if "." not in path.stem}

    def by_round(self) -> dict[str, dict[str, str]]:
        """Every held list by player, then by the round it holds from ("": from the first round on)."""
        lists: dict[str, dict[str, str]] = {}
        for path in self.files():
            player, _, round_key = path.stem.partition(".")
            lists.setdefault(player, {})[round_key] = path.read_text(encoding="utf-8")
        return lists

    def hold(self, player: str, text: str, round_key: str = "") -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        write_atomic(self.path(player, round_key), text.encode("utf-8"))

    def export(self, to: Path) -> list[Path]:
        """Copies of every held list in `to` (a backup of the TO's laptop)."""
        to.mkdir(parents=True, exist_ok=True)
        return [Path(shutil.copyfile(path, to / path.name)) for path in self.files()]


def check_list(event: Event, text: str) -> CheckedDeck:
    rules = format_of(event).deck_rules
    if rules is None:
        raise Refused(N_("{event}: its game takes no decklists", event=event.name))
    return read_checked(rules, text)


def round_keys(event: Event) -> tuple[str, ...]:
    """The event's rounds in order when each takes a list of its own (V:TES multi-deck); empty: one list per event (or
    a misspelt format, which the event's check reports)."""
    fmt = games.FORMATS.get(event.format)
    return fmt.deck_rules.rounds(event) if fmt and fmt.deck_rules else ()


def paired_keys(event: Event) -> set[str]:
    return {round_.slug for round_ in event.rounds + event.elims}


def target_round(event: Event) -> str:
    """When lists go by round: the round a list registered now is for, the first one not paired yet (the last round
    once all are); "" for one list per event."""
    keys, paired = round_keys(event), paired_keys(event)
    return next((key for key in keys if key not in paired), keys[-1]) if keys else ""


def list_for_round(event: Event, lists: dict[str, dict[str, str]], player: str, round_key: str) -> str | None:
    """The list the player plays in the round (`lists`: `HeldDecks.by_round`): the one registered for it, else the
    last one registered before it (a player who changes nothing plays the same deck again)."""
    keys = round_keys(event)
    held = lists.get(player, {})
    for key in reversed(keys[:keys.index(round_key) + 1]):
        text = held.get("" if key == keys[0] else key)
        if text is not None:
            return text
    return None


def lists_so_far(event: Event, lists: dict[str, dict[str, str]], player: str) -> list[tuple[str, str | None]]:
    """The player's lists to show the TO: (round key, its list or None), for each round up to the next one to be paired
    when lists go by round; else the one list, under the key ""."""
    keys = round_keys(event)
    if not keys:
        return [("", lists.get(player, {}).get(""))]
    return [(key, list_for_round(event, lists, player, key)) for key in keys[:keys.index(target_round(event)) + 1]]


def english_round(key: str) -> str:
    """A round key in the command line's words: "round 2", "the final"."""
    return "the final" if key == "final" else key.replace("-", " ")


def locked(event: Event, player: str, round_key: str = "") -> Msg | None:
    """Why the player's list (for `round_key`, when lists go by round) may no longer be replaced (None while it may):
    once round 1 (that round) is paired, or the player's list is released. Only the TO may still replace it."""
    if round_key:
        return _locked_since(round_key, player) if round_key in paired_keys(event) else None
    if player in event.released_decks:
        return N_("{player}'s list is published already; it can no longer be replaced", player=player)
    if event.rounds and player in event.rounds[0].seated():
        return _locked_since("round-1", player)
    return None


def _locked_since(round_key: str, player: str) -> Msg:
    return N_("{round} is paired: {player}'s list for it is locked; only the TO may still replace it", round=round_name(round_key), player=player)


def register(event_dir: str | Path, cache: Path, player: str, text: str, *, force: bool = False, round_key: str = "") -> CheckedDeck:
    """Hold `text` as the player's list for the event (when lists go by round: for `round_key`, by default the next
    round to be paired), when it may still be replaced (`force`: the TO's say-so); the list as it was understood. A
    list with problems is held too (the player sees them and may fix it)."""
    event = load_event(event_dir)
    if player not in event.player_by_id:
        raise Refused(N_("{event} has no player '{player}'", event=event.name, player=player))
    if event.decklists.collect == "none":
        raise Refused(N_("{event} collects no decklists; set 'decklists: collect: optional' (or required) in event.yaml", event=event.name))
    round_key = _round_asked(event, round_key)
    refused = too_long(text)
    if refused is not None:
        raise Refused(str(refused))
    checked = check_list(event, text)
    why = locked(event, player, round_key)
    if why and not force:
        raise Refused(why)
    keys = round_keys(event)
    HeldDecks.of(cache, event).hold(player, text, "" if not keys or round_key == keys[0] else round_key)
    return checked


def _round_asked(event: Event, round_key: str) -> str:
    """The round a list is registered for: the one asked, else the next to be paired; "" for one list per event."""
    keys = round_keys(event)
    if round_key and not keys:
        raise Refused(f"{event.name} takes one list per player for the whole event (a list per round is for 'multideck: true')")
    if round_key and round_key not in keys:
        raise Refused(f"{event.name} has no round '{round_key}'; its rounds are {', '.join(keys)}")
    return round_key or target_round(event)


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
def release(event_dir: str | Path, cache: Path, *, now: bool = False) -> list[Path]:
    """Write the held lists the rule releases into the event folder (`decks/<player-id>.txt`, and when lists go by
    round `decks/<player-id>.<round>.txt` for each round played); `now`: the TO's publish, which releases whose lists
    `publish:` says without waiting for `when:`. The files written, sorted."""
    if not now and not HeldDecks(cache / HELD_FOLDER / Path(event_dir).absolute().name).files():
        return []  # nothing held (the event's folder name is its slug): `pair` and `result` need not read the event again
    event = load_event(event_dir)
    if now and event.decklists.publish == "never":
        raise Refused(N_("{event}'s event.yaml says 'decklists: publish: never'; change it to winner, cut or all first", event=event.name))
    lists = HeldDecks.of(cache, event).by_round()
    if event.decklists.publish == "never" or not lists:
        return []
    finished = format_of(event).score(event).final_ranking is not None
    players = due(event, finished) if not now else due(event, True) if finished else _due_now(event)
    folder = Path(event_dir) / DECKS_FOLDER
    texts: dict[Path, str | None] = {folder / name: text for player in players for name, text in _released(event, lists, player).items()}
    if texts:
        folder.mkdir(exist_ok=True)
        try:
            commit(event_dir, texts)
        finally:
            if not any(folder.iterdir()):
                folder.rmdir()
    return sorted(texts)


def players_of(written: list[Path]) -> list[str]:
    """The players whose lists `release` wrote."""
    return sorted({path.name.split(".")[0] for path in written})


def _released(event: Event, lists: dict[str, dict[str, str]], player: str) -> dict[str, str]:
    """The files to write for the player (file name -> text), leaving out those already released as they are. When
    lists go by round: each round's list under the round's name, and the list of their last round as their list."""
    keys = round_keys(event)
    if not keys:
        whole = lists.get(player, {}).get("")
        return {f"{player}.txt": whole} if whole is not None and event.released_decks.get(player) != whole else {}
    played = [round_.slug for round_ in event.rounds + event.elims if player in round_.seated()]
    files = {f"{player}.{key}.txt": text for key in played if (text := list_for_round(event, lists, player, key)) is not None
             and event.released_round_decks.get(player, {}).get(key) != text}
    last = list_for_round(event, lists, player, played[-1] if played else keys[-1])
    if last is not None and event.released_decks.get(player) != last:
        files[f"{player}.txt"] = last
    return files


def _due_now(event: Event) -> list[str]:
    """Whose lists the TO's publish releases before the event's end: the cut's once it is paired, everyone's for `all`."""
    if event.decklists.publish == "winner":
        raise Refused(N_("{event} has no winner yet: the winner's list is published once the event is over", event=event.name))
    if event.decklists.publish == "cut" and not event.elims:
        raise Refused(N_("{event}'s cut is not paired yet: its lists are published once it is", event=event.name))
    return sorted(event.elims[0].seated()) if event.decklists.publish == "cut" else [p.id for p in event.players]


def missing_lists(event_dir: str | Path, cache: Path) -> tuple[str, dict[str, str]]:
    """Before round 1 (when lists go by round: before each preliminary round) of an event with `collect: required`:
    the round, and the players starting it without a legal list for it, each with "missing" or "has problems" (none
    otherwise; a final's players are known only once it is paired)."""
    event = load_event(event_dir)
    if event.decklists.collect != "required" or event.format not in games.FORMATS:
        return "", {}  # a misspelt format: `pair` says so plainly
    key = target_round(event) or ("round-1" if not event.rounds else "")
    stage, _, number = key.partition("-")
    if stage != "round" or key in paired_keys(event):
        return key, {}
    lists = HeldDecks.of(cache, event).by_round()
    texts = {player.id: list_for_round(event, lists, player.id, key) if round_keys(event) else lists.get(player.id, {}).get("")
             for player in event.players if player.active_in(int(number))}
    return key, {player: "missing" if text is None else "has problems"
                 for player, text in texts.items() if text is None or not check_list(event, text).valid}
