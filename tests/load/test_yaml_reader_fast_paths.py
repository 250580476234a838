"""The YAML reader's shortcuts (a plain scalar's tag resolved once per text, text keys and values taken without a
call, merge keys looked for only where the text could hold one) build exactly what PyYAML's own resolver and
constructors build: the same values, the same lines, the same refusal at the same line."""
from __future__ import annotations

import glob
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from sitegen.load import yaml_reader
from sitegen.load.yaml_reader import LineDict, LineList, _LineLoader

ROOT = Path(__file__).resolve().parents[2]


class _Reference(_LineLoader):
    """The same loader with PyYAML's resolver, built through the registered constructors (yaml.load's own path)."""

    resolve = yaml.resolver.BaseResolver.resolve
    descend_resolver = yaml.resolver.BaseResolver.descend_resolver
    ascend_resolver = yaml.resolver.BaseResolver.ascend_resolver


def _shape(value):
    """A parsed value with every line it carries, to compare two readings in full."""
    if isinstance(value, LineDict):
        return ("map", value.line, [(k, value.key_lines[k], _shape(v)) for k, v in value.items()])
    if isinstance(value, LineList):
        return ("seq", value.line, value.item_lines, [_shape(v) for v in value])
    return (type(value).__name__, value)


def _reading(read):
    try:
        return ("value", _shape(read()))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        return ("refused", getattr(exc, "problem", str(exc)), mark.line if mark else None)


def _both(text: str):
    return _reading(lambda: yaml_reader._load(text)), _reading(lambda: yaml.load(text, Loader=_Reference))


TRICKY = ["ann", "yes", "No", "on", "~", "null", "", "1", "-3", "010", "0x1f", "0o7", "1_000", "1:30", "1.5", "1e3", ".inf",
          "-.INF", ".nan", "2026-01-10", "2026-02-30", "=", "<<", "a b", "true", "0", "+1", "12345678901234567890123"]
SCALAR = st.sampled_from(TRICKY) | st.text("ab01=<.:-_ ", max_size=6)
DOCUMENTS = st.recursive(SCALAR, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(SCALAR, inner, max_size=3), max_leaves=10)


@settings(max_examples=300, deadline=None)
@given(DOCUMENTS, st.booleans())
def test_any_document_reads_as_pyyaml_reads_it(data, flow):
    text = yaml.safe_dump(data, default_flow_style=flow, allow_unicode=True)
    plain = text.replace("'", "")  # unquoted: the same words, now resolved as plain scalars (or refused alike)
    for each in (text, plain):
        fast, reference = _both(each)
        assert fast == reference, each


@pytest.mark.parametrize("text", [
    "a: 1\na: 2\n",  # a key written twice
    "? [a]\n: 1\n",  # a key that is no scalar
    "base: &b {x: 1}\nm:\n  <<: *b\n  y: 2\n",  # a merge key
    "m:\n  =: 1\n  y: 2\n",  # a value key
    "x: 010\n", "x: 1_0\n", "x: 0b11\n", "x: 1:00\n", "x: .inf\n",  # numbers read two ways, or unusable
    "tables:\n- table: 1\n  players: [ann, ben]\n  winner: ann\n  power: {ann: 12, ben: 9}\n",
    "- a\n- - b\n  - {c: [1, 2.5, yes, ~]}\n",
    "name: 'Ann: the first'\nnote: \"=\"\nkey: '<<'\n",
])
def test_edge_cases_read_as_pyyaml_reads_them(text):
    fast, reference = _both(text)
    assert fast == reference


def test_the_content_of_this_repository_reads_as_pyyaml_reads_it():
    files = sorted(glob.glob(str(ROOT / "content" / "**" / "*.yaml"), recursive=True))
    assert files
    for name in files:
        text = Path(name).read_text(encoding="utf-8")
        fast, reference = _both(text)
        assert fast == reference, name


def test_a_resolved_text_is_kept_once_and_the_keep_is_bounded(monkeypatch):
    monkeypatch.setattr(yaml_reader, "_PLAIN_TAGS", {})
    monkeypatch.setattr(yaml_reader, "_PLAIN_TAGS_MAX", 3)
    assert yaml_reader._load("[a, 1, yes, b, " + "x" * 100 + "]") == ["a", 1, True, "b", "x" * 100]
    assert len(yaml_reader._PLAIN_TAGS) <= 3 and "x" * 100 not in yaml_reader._PLAIN_TAGS


def test_parsed_values_keep_their_lines_through_pickling_and_copies():
    """LineDict and LineList keep their lines in slots, not an attribute dict: the build's workers and cache get them
    pickled, an edit copies them."""
    import copy
    import pickle

    value = yaml_reader._load("tables:\n- table: 1\n  players: [ann, ben]\n  power: {ann: 12, ben: 9}\n")
    for kept in (pickle.loads(pickle.dumps(value)), copy.deepcopy(value), copy.copy(value)):
        assert _shape(kept) == _shape(value)
        assert not hasattr(kept, "__dict__")
