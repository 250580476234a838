"""Mutate valid content every way a TO's editor can (types, keys, values, structure, Unicode, raw
characters): sitegen answers exit 0, or exit 2 with `path:line: message` lines; never a traceback
or a hang. Each command runs under a time limit."""
from __future__ import annotations

import hashlib
import json
import shutil
import signal
import traceback

import pytest
import yaml
from corpus_site import FILES, snapshot, write
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sitegen.cli.main import main

TIMEOUT = 10
YAML_FILES = sorted(rel for rel in FILES if rel.endswith(".yaml"))
TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)  # no lone surrogates: they are not UTF-8
TRICKY = st.sampled_from(["", " ", "../../x", "../standings", "Ann", "ann ", "\x00", "🎲", "ÄNN", "a" * 300, "=1+1", "~",
                          "2026-02-30", "yes", ".inf", "*a", "&a", "!!str", "{", "[", "'", '"', "#", "- x", "a: b", "\t"])
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20), st.floats(), TEXT, TRICKY)
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.one_of(TEXT, TRICKY), inner, max_size=4)), max_leaves=8)


def _paths(node, prefix=()):
    """Every place inside parsed YAML: (path of keys/indices, value)."""
    yield prefix, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _paths(value, prefix + (i,))


def _mutate(data, draw):
    places = list(_paths(data))
    path, node = draw(st.sampled_from(places))
    kind = draw(st.sampled_from(["value", "delete", "rename", "insert", "wrap", "duplicate", "unicode"]))
    if not path:
        return draw(VALUES) if kind == "value" else data
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if kind == "value":
        parent[last] = draw(VALUES)
    elif kind == "delete":
        del parent[last]
    elif kind == "rename" and isinstance(parent, dict):
        parent[draw(st.one_of(TEXT, TRICKY, st.integers(0, 9)))] = parent.pop(last)
    elif kind == "insert" and isinstance(node, dict):
        node[draw(st.one_of(TEXT, TRICKY))] = draw(VALUES)
    elif kind == "wrap":
        parent[last] = [node]
    elif kind == "duplicate" and isinstance(parent, list):
        parent.append(node)
    elif kind == "unicode" and isinstance(node, str):
        parent[last] = draw(st.sampled_from([node.upper(), node + " ", "\u00a0" + node, node.replace("a", "а"), node + "\u0301", node * 40]))
    return data


@st.composite
def mutated_files(draw):
    """One to three files of the corpus site, each changed by a parsed-YAML or a raw-text mutation."""
    changed = {}
    for rel in draw(st.lists(st.sampled_from(YAML_FILES + ["pages/about.md"]), min_size=1, max_size=3, unique=True)):
        text = FILES[rel]
        if rel.endswith(".md") or draw(st.booleans()) is False:
            pos = draw(st.integers(0, len(text)))
            cut = draw(st.integers(0, 8))
            text = text[:pos] + draw(st.one_of(TEXT, TRICKY)) + text[pos + cut:]
        else:
            data = yaml.safe_load(text)
            for _ in range(draw(st.integers(1, 3))):
                data = _mutate(data, draw)
            text = yaml.safe_dump(data, allow_unicode=draw(st.booleans()), sort_keys=False)
        changed[rel] = text
    return changed


def _run(argv: list[str]) -> int:
    def hang(*_):
        raise TimeoutError(f"no answer after {TIMEOUT} s")

    previous = signal.signal(signal.SIGALRM, hang)
    signal.alarm(TIMEOUT)
    try:
        return main(argv)
    except BaseException:
        pytest.fail(f"sitegen {' '.join(argv)} raised:\n{traceback.format_exc()}")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.slow
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(changed=mutated_files(), event=st.sampled_from(["j", "m", "v"]))
def test_mutated_content_is_answered_never_crashes(changed, event, tmp_path_factory, capsys):
    root = tmp_path_factory.mktemp("fuzz")
    content = write(root / "content")
    for rel, text in changed.items():
        (content / rel).write_text(text, encoding="utf-8")
    commands = [["check", "--content", str(content)], ["build", "--content", str(content), "--output", str(root / "output")],
                ["standings", str(content / "events" / event)], ["pair", str(content / "events" / event)]]
    for argv in commands:
        status = _run(argv)
        err = capsys.readouterr().err
        assert status in (0, 2), f"sitegen {argv[0]}: exit {status}\n{err}"
        if status == 2:
            lines = [line for line in err.splitlines() if line]
            assert lines and all(line.startswith((str(content), "sitegen: ")) for line in lines), err
            assert all(": " in line for line in lines), err



@pytest.fixture(scope="module")
def cache_site(tmp_path_factory):
    """The corpus site built with a cache folder, and the output a clean build gives once event m changed."""
    root = tmp_path_factory.mktemp("cache-fuzz")
    content = write(root / "content")
    assert main(["build", "--content", str(content), "--output", str(root / "output"), "--cache", str(root / "cache")]) == 0
    _change_event_m(content)
    assert main(["build", "--content", str(content), "--output", str(root / "expected"), "--cache", str(root / "clean")]) == 0
    return root


def _change_event_m(content):
    path = content / "events/m/event.yaml"
    path.write_text(FILES["events/m/event.yaml"].replace("Corpus Melee", "Corpus Melee Cup"), encoding="utf-8")


def _damage_cache(cache, output, kind, draw):
    """The state's JSON mutated with its checksum recomputed (a forgery), its bytes changed, or a cache entry
    replaced by a link, a folder or junk."""
    from sitegen.build import state as buildstate

    state = cache / buildstate.STATE_FILE
    if kind == "forged":
        data = json.loads(state.read_bytes().partition(b"\n")[2])
        for _ in range(draw(st.integers(1, 3))):
            data = _mutate(data, draw)
        text = json.dumps(data, separators=(",", ":")).encode()
        state.write_bytes(hashlib.sha256(text).hexdigest().encode() + b"\n" + text)
    elif kind == "bytes":
        data = state.read_bytes()
        pos, cut = draw(st.integers(0, len(data))), draw(st.integers(0, 8))
        state.write_bytes(data[:pos] + draw(st.binary(max_size=8)) + data[pos + cut:])
    else:
        target = draw(st.sampled_from(["/dev/zero", "/etc/hostname", "..", buildstate.STATE_FILE]))
        where = state if kind == "state" else buildstate.journal(cache, output) / draw(st.sampled_from(["j", "m", ".shared"]))
        where.parent.mkdir(exist_ok=True)
        where.unlink(missing_ok=True)
        draw(st.sampled_from([lambda: where.symlink_to(target), where.mkdir, lambda: where.write_bytes(b"\xff\x00")]))()


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(kind=st.sampled_from(["forged", "bytes", "state", "journal"]), data=st.data())
def test_a_mutated_cache_folder_is_only_a_rebuild(kind, data, cache_site, tmp_path_factory):
    """Issue 20: the cache is a hint. Whatever is in it, the build exits 0 and publishes what a clean build does."""
    root = tmp_path_factory.mktemp("run")
    content, output, cache = root / "content", root / "output", root / "cache"
    for name in ("content", "output", "cache"):
        shutil.copytree(cache_site / name, root / name, symlinks=True)
    _damage_cache(cache, output, kind, data.draw)
    _change_event_m(content)
    assert _run(["build", "--content", str(content), "--output", str(output), "--cache", str(cache)]) == 0
    assert snapshot(output) == snapshot(cache_site / "expected")
