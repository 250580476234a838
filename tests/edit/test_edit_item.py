"""`sitegen result` edits the table's own lines (`round_trip.edit_item`), not the whole round file: the text is the
one the whole file's round trip writes, and a layout it cannot place falls back to that."""
from __future__ import annotations

from typing import Any

import pytest

from sitegen.edit.round_trip import RoundTrip, edit_item, replace_keys

FLAT = """# Demo: round 2
# Enter each result as 'winner: <id>'
tables:
- table: 1
  players: [ann, ben]   # the feature table
  winner: ben
- table: 2
  players: [cat, dan]
  # dan arrived late

- table: 3
  players: [eve, fay]
seed: 7
"""
INDENTED = """tables:
  - table: 1
    players:
      - ann
      - ben
  - table: 2
    players: [cat, dan]
    power: {cat: 3, dan: 9}
"""


def whole_file(text: str, table: int, add: dict[str, Any]) -> str:
    doc = RoundTrip(text)
    entry = next(t for t in doc.data["tables"] if t["table"] == table)
    replace_keys(entry, [k for k in entry if k in ("winner", "power")], add, after="players")
    return doc.dump()


def item_only(text: str, line: int, table: int, add: dict[str, Any]) -> str | None:
    def edit(entry: Any) -> bool:
        if entry.get("table") != table:
            return False
        replace_keys(entry, [k for k in entry if k in ("winner", "power")], add, after="players")
        return True
    return edit_item(text, line, edit)


@pytest.mark.parametrize(("text", "line", "table", "add"), [
    (FLAT, 4, 1, {"winner": "ann"}),  # a result replaced, the end-of-line comment kept
    (FLAT, 4, 1, {}),  # a result cleared
    (FLAT, 7, 2, {"power": {"cat": 12, "dan": 9}}),  # the comment lines below the table stay below it
    (FLAT, 11, 3, {"winner": "fay"}),  # the last table, `seed:` below it
    (INDENTED, 2, 1, {"winner": "ben"}),  # an indented list, the players as a block list
    (INDENTED, 6, 2, {"winner": "cat"}),  # the file's last item
])
def test_the_table_alone_written_as_the_whole_file_would_be(text, line, table, add):
    edited = item_only(text, line, table, add)
    assert edited == whole_file(text, table, add)


def test_only_the_table_lines_change():
    edited = item_only(FLAT, 7, 2, {"winner": "dan"})
    assert edited == FLAT.replace("  players: [cat, dan]\n", "  players: [cat, dan]\n  winner: dan\n")


def test_a_line_that_starts_no_item_or_the_wrong_table_falls_back():
    assert item_only(FLAT, 5, 1, {"winner": "ann"}) is None  # `players:`, not a `- ` line
    assert item_only(FLAT, 7, 1, {"winner": "ann"}) is None  # table 2's line, table 1 wanted
    assert item_only(FLAT, 99, 1, {"winner": "ann"}) is None



def test_lines_that_are_no_item_alone_fall_back():
    wrapped = "tables:\n  - {table: 1,\n  players: [ann, ben]}\n"  # a flow mapping wrapped to the dash's column
    assert RoundTrip(wrapped).data["tables"][0]["players"] == ["ann", "ben"]
    assert edit_item(wrapped, 2, lambda entry: True) is None
