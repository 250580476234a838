"""Edit a TO's YAML file keeping its comments, key order and layout: a ruamel.yaml round trip.

`edits.commit` checks and writes what these produce. ruamel.yaml takes a while to import, so only the changes
that edit a file's text load this module (`pair` needs it for round 1 alone).
"""
from __future__ import annotations

import io
import re
from collections.abc import Callable
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import CommentMark, YAMLError
from ruamel.yaml.tokens import CommentToken

from sitegen.games.base import Refused
from sitegen.text import slugify

ITEM_KEY = "item"  # edit_item's own key, above the list item it edits alone
BLOCK_KEY = re.compile(r"^( *)[^\s#-][^#]*:\s*(#.*)?$")  # `tables:` with its list on the lines below


class RoundTrip:
    """One YAML file's text as an editable tree that dumps back in the file's own layout."""

    def __init__(self, text: str) -> None:
        self.yaml = YAML()
        self.yaml.preserve_quotes = True
        self.yaml.width = 4096  # never re-wrap a TO's long line
        offset = _list_offset(text)
        self.yaml.indent(mapping=2, sequence=offset + 2, offset=offset)
        self.data: Any = self.yaml.load(text) if text.strip() else CommentedMap()
        if self.data is None:  # a file of comments only
            self.data = CommentedMap()

    def dump(self) -> str:
        buffer = io.StringIO()
        self.yaml.dump(self.data, buffer)
        return buffer.getvalue()


def edit_item(text: str, line: int, edit: Callable[[Any], bool]) -> str | None:
    """`text` with the block list item whose `- ` is on `line` (1-based) edited alone: only its own lines go through
    the round trip, the rest of the file is kept as it is (a round file of 256 tables takes 0.15 s whole). `edit`
    changes the item's tree in place and says whether it is the item it wanted; None when it is not, or when no
    block item starts on that line (the caller edits the whole file then)."""
    lines = text.splitlines(keepends=True)
    start = line - 1
    dash = re.match(r"( *)- ", lines[start]) if 0 <= start < len(lines) else None
    if dash is None:
        return None
    column = len(dash[1])
    end = next((i for i in range(start + 1, len(lines)) if lines[i].strip() and _indent(lines[i]) <= column), len(lines))
    while lines[end - 1].strip() == "":  # blank lines below the item stay outside it
        end -= 1
    try:
        doc = RoundTrip(ITEM_KEY + ":\n" + "".join(lines[start:end]))  # the item under a key, at its own column
    except YAMLError:  # lines that are no item alone (a flow list over several lines)
        return None
    items = doc.data[ITEM_KEY]
    if not (isinstance(items, CommentedSeq) and len(items) == 1 and edit(items[0])):
        return None
    item = doc.dump().split("\n", 1)[1]
    return "".join(lines[:start]) + item + "".join(lines[end:])


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _list_offset(text: str) -> int:
    """How far a block list's dashes sit right of its key: 2 for `  - table: 1`, 0 for `- table: 1`."""
    key_indent: int | None = None
    for line in text.splitlines():
        stripped = line.lstrip(" ")
        if not stripped or stripped.startswith("#"):
            continue
        if key_indent is not None and stripped.startswith("- "):
            return max(0, len(line) - len(stripped) - key_indent)
        match = BLOCK_KEY.match(line)
        key_indent = len(match[1]) if match else None
    return 0


def flow(value: dict[str, Any] | list[Any]) -> CommentedMap | CommentedSeq:
    """A mapping or list written on one line, the way the round files show results: `{ann: 3, ben: 1}`."""
    node: CommentedMap | CommentedSeq = CommentedMap(value) if isinstance(value, dict) else CommentedSeq(value)
    node.fa.set_flow_style()
    return node


def add_missing_keys(data: CommentedMap, values: dict[str, Any], *, before: str) -> list[str]:
    """Add the keys of `values` that `data` lacks, just above the key `before`; returns the keys added."""
    added = [key for key in values if key not in data]
    position = list(data).index(before) if before in data else len(data)
    for offset, key in enumerate(added):
        data.insert(position + offset, key, values[key])
    return added


def replace_keys(entry: CommentedMap, remove: list[str], add: dict[str, Any], *, after: str) -> None:
    """Delete the keys `remove` and write `add` just below the key `after`, in that order.

    The comment lines that follow a mapping (ruamel keeps them on its last key) stay where they were,
    below whatever key is last now; a removed key's own end-of-line comment goes with it.
    """
    keys = list(entry)
    following = _split_comment(entry, keys[-1])[1] if keys else ""
    if keys and following:
        _set_comment(entry, keys[-1], _split_comment(entry, keys[-1])[0], "")
    for key in remove:
        entry.ca.items.pop(key, None)
        del entry[key]
    position = list(entry).index(after) + 1 if after in entry else len(entry)
    for key, value in add.items():
        entry.insert(position, key, flow(value) if isinstance(value, dict | list) else value)
        position += 1
    if following and len(entry):
        last = list(entry)[-1]
        _set_comment(entry, last, _split_comment(entry, last)[0], following)


def _split_comment(entry: CommentedMap, key: Any) -> tuple[str, str]:
    """A key's comment text: the end of its own line (with the newline, "" for none) and the lines after it."""
    item = entry.ca.items.get(key)
    token = item[2] if item and len(item) > 2 else None
    if token is None:
        return "", ""
    text: str = token.value
    if text.startswith("#"):
        eol, _, rest = text.partition("\n")
        return eol + "\n", rest
    return "", text[1:] if text.startswith("\n") else text


def _set_comment(entry: CommentedMap, key: Any, eol: str, following: str) -> None:
    if not eol and not following:
        entry.ca.items.pop(key, None)
        return
    item = entry.ca.items.get(key)
    if item and len(item) > 2 and item[2] is not None:
        item[2].value = (eol or "\n") + following  # the same token keeps its column
    else:
        entry.ca.items[key] = [None, None, CommentToken((eol or "\n") + following, CommentMark(0), None), None]


def player_entry(players: CommentedSeq, pid: str) -> int:
    """The position of player `pid` in event.yaml's `players` list (the id written or the one made from the name)."""
    for index, entry in enumerate(players):
        if isinstance(entry, str) and slugify(entry) == pid:
            return index
        if isinstance(entry, dict) and str(entry.get("id") or slugify(str(entry.get("name", "")))) == pid:
            return index
    raise Refused(f"no player '{pid}' in event.yaml")


def player_map(players: CommentedSeq, pid: str) -> CommentedMap:
    """Player `pid`'s entry in event.yaml's `players`, made a mapping when it was a bare name (`- Ann Example`
    becomes `- {name: Ann Example}`, on one line), to set a key on it."""
    index = player_entry(players, pid)
    entry = players[index]
    if isinstance(entry, str):
        entry = CommentedMap(name=entry)
        entry.fa.set_flow_style()
        players[index] = entry
    assert isinstance(entry, CommentedMap)
    return entry
