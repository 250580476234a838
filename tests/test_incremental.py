"""The incremental build: after any sequence of changes it equals a clean build byte for byte, in parallel
as in one process; a stale or broken build state is only ever a slower build; a content error writes nothing."""
from __future__ import annotations

import json
import os
import random
import shutil
from pathlib import Path

import pytest
from corpus_site import snapshot

from sitegen import engine
from sitegen.buildstate import STATE_FILE
from sitegen.model import ContentError
from sitegen.output import TEMP_FILE

EXAMPLES = int(os.environ.get("SITEGEN_INVARIANT_EXAMPLES", "12"))  # make test-fast tries one sequence of changes, make test three
DEMO = Path(__file__).resolve().parent.parent / "content"


def _events(content: Path) -> list[Path]:
    return sorted((content / "events").iterdir())


def _drop_last_round(content: Path, rng: random.Random) -> None:
    event = rng.choice(_events(content))
    rounds = sorted(p for p in event.glob("*.yaml") if p.name != "event.yaml")
    order = [p for prefix in ("round-", "elim-", "final") for p in sorted(rounds, key=lambda p: (len(p.name), p.name))
             if p.name.startswith(prefix)]
    if order:
        order[-1].unlink()


def _append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def _edit(path: Path, old: str, new: str) -> None:
    path.write_text(path.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")


CHANGES = {
    "rename event": lambda c, rng: (e := rng.choice(_events(c))).rename(e.with_name(e.name + "-b")),
    "copy event": lambda c, rng: shutil.copytree(e := rng.choice(_events(c)), e.with_name(e.name + "-copy")),
    "delete event": lambda c, rng: len(_events(c)) > 1 and shutil.rmtree(rng.choice(_events(c))),
    "drop last round": _drop_last_round,
    "rename in event.yaml": lambda c, rng: _edit(rng.choice(_events(c)) / "event.yaml", "name: ", "name: Renamed "),
    "comment in round file": lambda c, rng: _append(next(iter(sorted(rng.choice(_events(c)).glob("*.yaml")))), "# ok\n"),
    "edit page": lambda c, rng: _append(c / "pages" / "about.md", "\nMore words.\n"),
    "add page": lambda c, rng: (c / "pages" / f"p{rng.randrange(99)}.md").write_text("# Another page\n", encoding="utf-8"),
    "theme static file": lambda c, rng: (c / "themes" / "default" / "static").mkdir(parents=True, exist_ok=True)
    or (c / "themes" / "default" / "static" / "extra.css").write_text(f"b {{ order: {rng.randrange(9)} }}\n"),
    "theme template": lambda c, rng: (c / "themes" / "default" / "templates").mkdir(parents=True, exist_ok=True)
    or (c / "themes" / "default" / "templates" / "404.html").write_text(f"not found {rng.randrange(9)}\n"),
    "site title": lambda c, rng: _edit(c / "site.yaml", "title: ", "title: New "),
}


def _build(content: Path, output: Path, **options: object) -> dict[str, bytes]:
    engine.build(content, output, **options)  # type: ignore[arg-type]
    return snapshot(output)


@pytest.mark.parametrize("seed", range(max(1, EXAMPLES // 4)))
def test_incremental_builds_equal_clean_builds_after_random_changes(seed, tmp_path):
    rng = random.Random(seed)
    content, cache = tmp_path / "content", tmp_path / "cache"
    shutil.copytree(DEMO, content)
    _build(content, tmp_path / "inc", cache=cache, jobs=2)
    for step in range(6):
        name = rng.choice(sorted(CHANGES))
        CHANGES[name](content, rng)
        incremental = _build(content, tmp_path / "inc", cache=cache, jobs=2)
        clean = _build(content, tmp_path / f"clean-{step}", jobs=1)
        assert incremental == clean, f"seed {seed}, step {step}: after '{name}' the incremental build differs"


def test_a_parallel_build_equals_a_serial_one(tmp_path):
    assert _build(DEMO, tmp_path / "a", jobs=1) == _build(DEMO, tmp_path / "b", jobs=4)


def test_a_no_op_rebuild_reads_no_event_and_one_change_reads_one(tmp_path, monkeypatch):
    content, cache, output = tmp_path / "content", tmp_path / "cache", tmp_path / "out"
    shutil.copytree(DEMO, content)
    engine.build(content, output, cache=cache)
    built: list[str] = []
    real = engine.build_event
    monkeypatch.setattr(engine, "build_event", lambda task, env=None: built.append(task.event_dir.name) or real(task, env))
    report = engine.build(content, output, cache=cache)
    assert built == [] and report.written == []
    _edit(content / "events" / "winter-joust-2026" / "round-4.yaml", "\n", "\n# a note\n")
    engine.build(content, output, cache=cache)
    assert built == ["winter-joust-2026"]


@pytest.mark.parametrize("damage", ["garbage", "version", "deleted output", "edited output", "other output"])
def test_a_stale_or_broken_state_means_a_rebuild(damage, tmp_path):
    content, cache, output = tmp_path / "content", tmp_path / "cache", tmp_path / "out"
    shutil.copytree(DEMO, content)
    expected = _build(content, output, cache=cache)
    state = cache / STATE_FILE
    page = output / "events" / "winter-joust-2026" / "standings.html"
    if damage == "garbage":
        state.write_text("{not json")
    elif damage == "version":
        state.write_text(json.dumps(json.loads(state.read_text()) | {"version": -1}))
    elif damage == "deleted output":
        page.unlink()
    elif damage == "edited output":
        page.write_text("edited by hand")
    else:  # the state of another output folder, which an older build of this one was copied from
        shutil.copytree(output, tmp_path / "copy")
        _edit(content / "events" / "winter-joust-2026" / "event.yaml", "name: ", "name: New ")
        _build(content, tmp_path / "copy", cache=cache)
    assert _build(content, output, cache=cache) == _build(content, tmp_path / "clean")
    assert damage == "other output" or snapshot(output) == expected


def test_a_content_error_in_one_changed_event_writes_nothing(tmp_path):
    content, cache, output = tmp_path / "content", tmp_path / "cache", tmp_path / "out"
    shutil.copytree(DEMO, content)
    before = _build(content, output, cache=cache)
    _edit(content / "events" / "autumn-melee-2026" / "event.yaml", "name: ", "name: Changed ")
    (content / "events" / "winter-joust-2026" / "round-2.yaml").write_text("tables: [[[\n")
    with pytest.raises(ContentError):
        engine.build(content, output, cache=cache, jobs=2)
    assert snapshot(output) == before
    with pytest.raises(ContentError):
        engine.build(content, tmp_path / "new" / "out", cache=cache, jobs=2)
    assert not (tmp_path / "new").exists()
    assert not list(cache.glob("staging-*")), "a refused build leaves no journal behind (one per output folder it tried)"
    shutil.copy(DEMO / "events" / "winter-joust-2026" / "round-2.yaml", content / "events" / "winter-joust-2026")
    assert _build(content, output, cache=cache) == _build(content, tmp_path / "clean")
    assert not [p for p in output.rglob("*") if TEMP_FILE.match(p.name)]
