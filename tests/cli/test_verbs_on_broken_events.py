"""Issue 29: every command that writes checks the whole event first, exactly like `sitegen check`: against an event
the check refuses, each one exits 2 with the problem at its `path:line`, writes nothing and shows no traceback.
Before, `drop` and `add` crashed (KeyError) on a misspelt `format:`, and `rename`, `remove`, `drop` and `add`
wrote into an event `check` refused."""
from __future__ import annotations

import pytest
from corpus_site import snapshot

EVENT = """\
name: Broken Joust
format: agot-joust
date: 2026-12-05
players: [Ann Example, Ben Example, Cat Example, Dan Example, Eve Example]
"""
ROUND_1 = """\
tables:
  - {table: 1, players: [ann-example, ben-example]}
  - {table: 2, players: [cat-example, dan-example], winner: dan-exampel}
byes: [eve-example]
"""

VERBS = [
    ("result", "1", "--winner", "ann-example"),
    ("result", "2", "--clear"),
    ("drop", "ben-example"),
    ("drop", "ben-example", "--undo"),
    ("add", "Fay Example"),
    ("remove", "eve-example"),
    ("rename", "ann-example", "Ann Other"),
    ("pair",),
    ("pair", "--redo"),
    ("pair", "--table", "ann-example=3"),
    ("swap", "ann-example", "cat-example"),
    ("length", "--rounds", "3"),
    ("clock", "--start", "10:00"),
    ("clock", "--extend", "5"),
    ("seat", "--draw-first"),
]


@pytest.mark.parametrize("verb", VERBS, ids=" ".join)
@pytest.mark.parametrize(("files", "problem"), [
    ({"round-1.yaml": ROUND_1}, "round-1.yaml:3: "),
    ({"round-1.yaml": ROUND_1.replace("dan-exampel", "dan-example"),
      "event.yaml": EVENT.replace("agot-joust", "agot-jousts")}, "event.yaml:2: unknown format 'agot-jousts'"),
], ids=["a misspelt winner", "a misspelt format"])
def test_a_writing_verb_refuses_a_broken_event_and_writes_nothing(make_site, run_cli, verb, files, problem):
    content = make_site({f"events/broken/{name}": text for name, text in ({"event.yaml": EVENT} | files).items()})
    folder = content / "events" / "broken"
    before = snapshot(content)
    status, out, err = run_cli(verb[0], folder, *verb[1:])
    assert status == 2, (out, err)
    assert problem in err and "Traceback" not in err, err
    assert snapshot(content) == before
