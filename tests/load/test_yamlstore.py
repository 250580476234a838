"""Parsed YAML kept between commands (yamlstore): what comes back is exactly what the parser gives, or nothing.

A kept value must be indistinguishable from a fresh parse (types, key order, every line), and a damaged,
foreign or unwritable store must cost only speed: never a wrong value, never an error.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from budget import EXAMPLES
from desk_events import make_event
from hypothesis import given, settings
from hypothesis import strategies as st
from project import ROOT

from sitegen.cli.main import PARSED_FOLDER, main
from sitegen.load import yaml_reader as yamlfile
from sitegen.load import yaml_store as yamlstore
from sitegen.load.yaml_reader import LineDict, LineList, dump_yaml, parse_yaml

UNSET = object()


def same(a: Any, b: Any) -> bool:
    """Equal values of the very same types, with the same lines and key order, all the way down."""
    if type(a) is not type(b):
        return False
    if isinstance(a, LineDict):
        return (a.line, list(a.key_lines.items()), [type(k) for k in a]) == (b.line, list(b.key_lines.items()), [type(k) for k in b]) \
            and list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, LineList):
        return (a.line, a.item_lines, len(a)) == (b.line, b.item_lines, len(b)) and all(map(same, a, b))
    return bool(a == b)


def kept_and_read_back(folder: Path, text: str) -> Any:
    store = yamlstore.ParsedStore(folder)
    store.put(text, yamlfile._parse(text, "x.yaml"))
    return yamlstore.ParsedStore(folder).get(text, UNSET)


def test_every_content_file_of_the_demo_comes_back_exactly_as_parsed(tmp_path):
    files = sorted((ROOT / "content").rglob("*.yaml"))
    assert len(files) > 20
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert same(kept_and_read_back(tmp_path, text), yamlfile._parse(text, str(path))), path


SCALARS = st.one_of(st.text(max_size=8), st.integers(), st.booleans(), st.none(),
                    st.floats(allow_nan=False, allow_infinity=False), st.sampled_from(["1", "true", "null", "1.0", "", "[1]", "- x"]))
KEYS = st.one_of(st.text(min_size=1, max_size=6), st.integers(-3, 3), st.booleans(), st.sampled_from(["1", "0", "true"]))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(KEYS, inner, max_size=4)), max_leaves=20)


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.dictionaries(KEYS, VALUES, max_size=5))
def test_any_value_yaml_can_hold_comes_back_exactly(tmp_path_factory, value):
    """Keys 1 and '1', True and 1, 1.0 and '1.0' stay apart; lines and key order survive."""
    text = dump_yaml(value)
    parsed = yamlfile._parse(text, "x.yaml")
    assert same(kept_and_read_back(tmp_path_factory.mktemp("store"), text), parsed)


@pytest.mark.parametrize("damage", [
    lambda data: data[:-7],  # cut short
    lambda data: data.replace(b"1", b"2", 1),  # a flipped digit after the checksum
    lambda data: b"",  # emptied
    lambda data: b"\xff\xfe not json",
    lambda data: data.split(b"\n", 1)[0] + b"\n[1, 2]",  # another payload under the old checksum
])
def test_a_damaged_entry_is_a_miss_and_the_next_read_writes_it_again(tmp_path, damage):
    text = "tables:\n- table: 1\n  players: [ann, ben]\n  winner: ann\n"
    store = yamlstore.ParsedStore(tmp_path)
    store.put(text, yamlfile._parse(text, "x.yaml"))
    (entry,) = tmp_path.iterdir()
    entry.write_bytes(damage(entry.read_bytes()))
    assert store.get(text, UNSET) is UNSET
    yamlfile.keep_parsed(store)
    try:
        yamlfile._PARSED.clear()
        assert same(parse_yaml(text, "x.yaml"), yamlfile._parse(text, "x.yaml"))
    finally:
        yamlfile.keep_parsed(None)
    assert same(store.get(text, UNSET), yamlfile._parse(text, "x.yaml"))


@pytest.mark.parametrize("payload", ['[1]', '[1, [2, 3], [4]]', '[1, ["k", 1]]', '[1, [[1], 1, 2]]', '[[], [], []]', '{"a": 1}'])
def test_a_well_formed_entry_of_the_wrong_shape_is_a_miss(tmp_path, payload):
    """Even with a right checksum (a bug, or an entry from elsewhere), a shape no parse gives is not trusted."""
    import hashlib

    text = "a: 1\n"
    store = yamlstore.ParsedStore(tmp_path)
    store.put(text, yamlfile._parse(text, "x.yaml"))
    (entry,) = tmp_path.iterdir()
    entry.write_text(hashlib.sha256(payload.encode()).hexdigest() + "\n" + payload)
    assert store.get(text, UNSET) is UNSET


def test_only_the_most_recently_used_entries_are_kept(tmp_path):
    store = yamlstore.ParsedStore(tmp_path)
    texts = [f"n: {i}\n" for i in range(yamlstore.LIMIT + 5)]
    for text in texts:
        store.put(text, yamlfile._parse(text, "x.yaml"))
    assert len(list(tmp_path.iterdir())) == yamlstore.LIMIT
    assert store.get(texts[0], UNSET) is UNSET and store.get(texts[-1], UNSET) == {"n": yamlstore.LIMIT + 4}


def test_the_commands_on_one_event_keep_what_they_parse_and_write_the_same_bytes_with_it(tmp_path, monkeypatch):
    """`result` and `pair` keep parsed files under the cache folder and read them back (the next command parses only
    the new text); an event run with an unusable store (the cache folder is a file) gets the very same round files."""
    yamlfile._PARSED.clear()  # as in a new process: this one may have parsed the same texts before, with no store
    kept, plain = make_event(tmp_path / "kept", "agot-joust"), make_event(tmp_path / "plain", "agot-joust")
    parsed: list[str] = []
    real_parse = yamlfile._parse
    monkeypatch.setattr(yamlfile, "_parse", lambda text, path: parsed.append(path) or real_parse(text, path))
    for folder, cache in ((kept, tmp_path / ".sitegen-cache"), (plain, tmp_path / "a-file")):
        monkeypatch.setattr("sitegen.cli.main.DEFAULT_CACHE", cache)
        (tmp_path / "a-file").write_text("not a folder")
        for table in (1, 2):
            assert main(["result", str(folder), str(table), "--winner", _first_seat(folder, table)]) == 0
        yamlfile._PARSED.clear()
        parsed.clear()
        assert main(["pair", str(folder)]) == 0
        if folder == kept:
            assert [Path(path).name for path in parsed] == ["round-2.yaml"]  # event.yaml and round-1.yaml were kept
            assert len(list((cache / PARSED_FOLDER).iterdir())) >= 3
    assert [p.read_bytes() for p in sorted(kept.iterdir())] == [p.read_bytes() for p in sorted(plain.iterdir())]


def _first_seat(folder: Path, table: int) -> str:
    return str(parse_yaml((folder / "round-1.yaml").read_text(), "round-1.yaml")["tables"][table - 1]["players"][0])


TEXT = "tables:\n- table: 1\n  players: [ann, ben]\n  winner: ann\n"
FORGED = '[1,["tables",1,[2,[2],[[2,["table",2,1,"players",3,[3,[3,3],["ann","ben"]],"winner",4,"ben"]]]]]]'


def test_a_forged_entry_with_its_checksum_recomputed_is_a_miss(tmp_path):
    """Issue 20: an entry written by anyone but sitegen on this machine (a cache copied, committed or restored from
    elsewhere), however well formed, is not trusted: `result` used to read 'winner: ben' from it."""
    import hashlib

    store = yamlstore.ParsedStore(tmp_path)
    store.put(TEXT, yamlfile._parse(TEXT, "x.yaml"))
    (entry,) = tmp_path.iterdir()
    entry.write_text(hashlib.sha256(FORGED.encode()).hexdigest() + "\n" + FORGED)
    assert store.get(TEXT, UNSET) is UNSET


@pytest.mark.parametrize("target", ["/dev/zero", "outside"])
def test_an_entry_that_is_a_link_is_never_followed(tmp_path, target):
    """A link to /dev/zero used to be read until the machine ran out of memory; a link to a file elsewhere was read."""
    store = yamlstore.ParsedStore(tmp_path / "store")
    store.put(TEXT, yamlfile._parse(TEXT, "x.yaml"))
    (entry,) = (tmp_path / "store").iterdir()
    if target == "outside":
        (tmp_path / "outside").write_bytes(entry.read_bytes())
    entry.unlink()
    entry.symlink_to(target if target.startswith("/") else tmp_path / target)
    assert store.get(TEXT, UNSET) is UNSET


def test_an_entry_far_larger_than_its_text_is_not_read(tmp_path):
    store = yamlstore.ParsedStore(tmp_path)
    store.put(TEXT, yamlfile._parse(TEXT, "x.yaml"))
    (entry,) = tmp_path.iterdir()
    entry.write_bytes(entry.read_bytes() + b" " * (yamlstore.ENTRY_BYTES_PER_CHAR * len(TEXT) + 4096))
    assert store.get(TEXT, UNSET) is UNSET
