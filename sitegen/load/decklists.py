"""An event's decklists as content: event.yaml's `decklists:` rule, and the released lists in `decks/<player-id>.txt`.

Lists not yet released are no content: they are held in the cache folder (`edit/decklists.py`) and never read here.
"""
from __future__ import annotations

import re
from pathlib import Path

from sitegen.games.decklist import MAX_DECKLIST_BYTES
from sitegen.load.reader import Collector
from sitegen.load.yaml_reader import LineDict
from sitegen.model import DECKLIST_RULE, DECKS_FOLDER, DecklistRule, Where
from sitegen.text import N_, suggest


def read_rule(data: LineDict, shown: str, c: Collector) -> DecklistRule:
    """`decklists:` of event.yaml (each key optional, its first value the default); absent: no decklists."""
    if "decklists" not in data:
        return DecklistRule()
    block = c.mapping(data["decklists"], Where(shown, data.key_lines["decklists"]), "'decklists:'")
    if block is None:
        return DecklistRule()
    c.unknown_keys(block, tuple(DECKLIST_RULE), shown, "'decklists:'")
    chosen = {}
    for key, values in DECKLIST_RULE.items():
        value = c.text(block, key, shown, default=values[0])
        if value not in values:
            c.add(Where(shown, block.key_lines[key]), N_("'decklists: {key}: {value}' is not one of {values}; {hint}", key=key, value=value,
                                                             values=", ".join(values), hint=suggest(value, values)))
            value = values[0]
        chosen[key] = value
    return DecklistRule(**chosen)


#: A released list's file name: the player's id, then the round it was played in when lists go by round (multi-deck).
RELEASED_NAME = re.compile(r"^(?P<player>[^.]+?)(\.(?P<round>round-[1-9]\d{0,3}|final))?\.txt$")


def read_released(event_dir: Path, ids: set[str], c: Collector) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """The released lists: `decks/<player-id>.txt` by player id, and `decks/<player-id>.<round>.txt` (one list per
    round) by player id and round key."""
    folder = event_dir / DECKS_FOLDER
    released: dict[str, str] = {}
    by_round: dict[str, dict[str, str]] = {}
    if not c.folder(folder):
        return released, by_round
    for path in c.listing(folder):
        shown, named = str(path), RELEASED_NAME.match(path.name)
        if named is None or named["player"] not in ids:
            c.add(Where(shown, 1), N_("the {folder}/ folder holds one list per player, named <player-id>.txt (or <player-id>.round-2.txt, "
                                      "<player-id>.final.txt for a round's list); {hint}",
                                      folder=DECKS_FOLDER, hint=suggest(path.name.split(".")[0], sorted(ids))))
            continue
        text = c.read_text(path, shown)
        if text is not None and len(text.encode("utf-8")) > MAX_DECKLIST_BYTES:
            c.add(Where(shown, 1), N_("a decklist of more than {limit} bytes; keep the list only", limit=MAX_DECKLIST_BYTES))
        elif text is not None and named["round"]:
            by_round.setdefault(named["player"], {})[named["round"]] = text
        elif text is not None:
            released[named["player"]] = text
    return released, by_round
