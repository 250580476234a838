"""The incremental build: after any sequence of changes it equals a clean build byte for byte, in parallel
as in one process; a stale or broken build state is only ever a slower build; a content error writes nothing."""
from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import time
from pathlib import Path

import pytest
from budget import EXAMPLES
from corpus_site import snapshot
from project import DEMO

from sitegen.build import engine
from sitegen.build import state as buildstate
from sitegen.build.state import STATE_FILE
from sitegen.files import TEMP_FILE
from sitegen.model import ContentError


def _two_events(content: Path) -> None:
    """The demo with two of its events, a Joust and a Melee with their cuts: all a test of the build state needs
    (the random changes run on the whole demo)."""
    kept = ("winter-joust-2026", "autumn-melee-2026")
    shutil.copytree(DEMO, content, ignore=lambda folder, names: [n for n in names if Path(folder).name == "events" and n not in kept])


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


@pytest.mark.parametrize("seed", range(max(1, EXAMPLES // 4)))  # make test-fast: one sequence of three changes
def test_incremental_builds_equal_clean_builds_after_random_changes(seed, tmp_path):
    rng = random.Random(seed)
    content, cache = tmp_path / "content", tmp_path / "cache"
    shutil.copytree(DEMO, content)
    _build(content, tmp_path / "inc", cache=cache, jobs=2)
    for step in range(min(6, EXAMPLES)):
        name = rng.choice(sorted(CHANGES))
        CHANGES[name](content, rng)
        incremental = _build(content, tmp_path / "inc", cache=cache, jobs=2)
        clean = _build(content, tmp_path / f"clean-{step}", jobs=1)
        assert incremental == clean, f"seed {seed}, step {step}: after '{name}' the incremental build differs"


def test_a_parallel_build_equals_a_serial_one(demo_output, tmp_path):
    """demo_output is the demo built in one process."""
    assert snapshot(demo_output) == _build(DEMO, tmp_path / "parallel", jobs=4)


def test_a_no_op_rebuild_reads_no_event_and_one_change_reads_one(tmp_path, monkeypatch):
    content, cache, output = tmp_path / "content", tmp_path / "cache", tmp_path / "out"
    _two_events(content)
    engine.build(content, output, cache=cache)
    built: list[str] = []
    real = engine.build_event
    monkeypatch.setattr(engine, "build_event", lambda task, env=None: built.append(task.event_dir.name) or real(task, env))
    report = engine.build(content, output, cache=cache)
    assert built == [] and report.written == []
    _edit(content / "events" / "winter-joust-2026" / "round-4.yaml", "\n", "\n# a note\n")
    engine.build(content, output, cache=cache)
    assert built == ["winter-joust-2026"]


def _rewrite_state(state: Path, change: dict[str, object], checksum: bool = True) -> None:
    """The state file with `change` made to its JSON: with a matching checksum line, as a build would write it,
    or keeping the old one, as a damaged or hand-edited file would."""
    old_sum, _, text = state.read_bytes().partition(b"\n")
    data = json.dumps(json.loads(text) | change).encode()
    state.write_bytes((hashlib.sha256(data).hexdigest().encode() if checksum else old_sum) + b"\n" + data)


@pytest.mark.parametrize("damage", ["garbage", "version", "damaged card", "deleted output", "edited output",
                                    "deleted home page", "other output"])
def test_a_stale_or_broken_state_means_a_rebuild(damage, tmp_path):
    content, cache, output = tmp_path / "content", tmp_path / "cache", tmp_path / "out"
    _two_events(content)
    expected = _build(content, output, cache=cache)
    state = cache / STATE_FILE
    page = output / "events" / "winter-joust-2026" / "standings.html"
    if damage == "garbage":
        state.write_text("{not json")
    elif damage == "version":
        _rewrite_state(state, {"version": -1})
    elif damage == "damaged card":  # parses, and names the right version, output and key: only the checksum tells
        events = json.loads(state.read_bytes().partition(b"\n")[2])["events"]
        card = json.loads(events["winter-joust-2026"]["card"])  # the card is kept as its JSON text
        events["winter-joust-2026"]["card"] = json.dumps(card | {"name": "Not the event's name"})
        _rewrite_state(state, {"events": events}, checksum=False)
        _edit(content / "events" / "autumn-melee-2026" / "event.yaml", "name: ", "name: New ")  # the home page is made again
    elif damage == "deleted output":
        page.unlink()
    elif damage == "edited output":
        page.write_text("edited by hand")
    elif damage == "deleted home page":
        (output / "index.html").unlink()
    else:  # the state of another output folder, which an older build of this one was copied from
        shutil.copytree(output, tmp_path / "copy")
        _edit(content / "events" / "winter-joust-2026" / "event.yaml", "name: ", "name: New ")
        _build(content, tmp_path / "copy", cache=cache)
    content_changed = damage in ("other output", "damaged card")
    # the first build was a clean one: a build of the same content must give it again
    assert _build(content, output, cache=cache) == (_build(content, tmp_path / "clean") if content_changed else expected)


def test_a_content_error_in_one_changed_event_writes_nothing(tmp_path):
    content, cache, output = tmp_path / "content", tmp_path / "cache", tmp_path / "out"
    _two_events(content)
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


def test_a_no_op_rebuild_makes_no_shared_page_and_one_change_makes_them_again(tmp_path, monkeypatch):
    content, cache, output = tmp_path / "content", tmp_path / "cache", tmp_path / "out"
    _two_events(content)
    engine.build(content, output, cache=cache)
    made: list[int] = []
    real = engine.shared_files
    monkeypatch.setattr(engine, "shared_files", lambda *args: made.append(1) or real(*args))
    engine.build(content, output, cache=cache)
    assert made == []
    _edit(content / "events" / "winter-joust-2026" / "event.yaml", "name: ", "name: New ")
    incremental = _build(content, output, cache=cache)
    assert made == [1]
    assert incremental == _build(content, tmp_path / "clean")


def _stamp(path: Path, ns: int) -> None:
    os.utime(path, ns=(ns, ns))


def test_an_event_is_read_again_when_a_file_changed_even_if_its_stats_did_not_tell(tmp_path):
    """Stats are trusted only when they are older than the last check by more than a coarse mtime tick."""
    folder = tmp_path / "event"
    folder.mkdir()
    round_file = folder / "round-1.yaml"
    round_file.write_text("tables: 1\n")
    checked = time.time_ns()
    old, recent = checked - 60 * 10**9, checked - 10**9
    _stamp(round_file, old)
    first = buildstate.fingerprint(folder, None, 0)
    known = buildstate.EventRecord(first, "", buildstate.Outputs("", ""))
    assert buildstate.fingerprint(folder, known, checked) is first  # old, unchanged stats: the file is not read
    round_file.write_text("tables: 2\n")  # same size
    _stamp(round_file, old)
    assert buildstate.fingerprint(folder, known, checked) is first  # as make and Hugo do: same stats, same file
    replaced = folder / "new.tmp"
    replaced.write_text("tables: 3\n")
    _stamp(replaced, old)
    replaced.replace(round_file)  # same size and mtime, another inode (an editor's save, a git checkout)
    assert buildstate.fingerprint(folder, known, checked).digest != first.digest
    _stamp(round_file, recent)
    second = buildstate.fingerprint(folder, None, 0)
    known = buildstate.EventRecord(second, "", buildstate.Outputs("", ""))
    round_file.write_text("tables: 4\n")  # within the same tick as the stats the last build took
    _stamp(round_file, recent)
    assert buildstate.fingerprint(folder, known, checked).digest != second.digest


def test_the_temporary_files_of_a_killed_build_are_removed_by_the_next(tmp_path):
    content, cache, output = tmp_path / "content", tmp_path / "cache", tmp_path / "out"
    _two_events(content)
    expected = _build(content, output, cache=cache)
    leftover = output / "events" / "winter-joust-2026" / ".standings.html.abcd1234.tmp"
    leftover.write_text("half a page")
    journal = buildstate.journal(cache, output)  # as a killed build leaves it
    journal.mkdir()
    (journal / "winter-joust-2026").write_text("events/winter-joust-2026/standings.html\n")
    assert _build(content, output, cache=cache) == expected
    assert not journal.exists()


def test_a_kept_environment_picks_up_an_edited_template(tmp_path):
    """`serve` keeps its Jinja environment from build to build: a template edited meanwhile is read again (a one-shot
    build's environment does not look at its templates' files again)."""
    content, output, memory = tmp_path / "content", tmp_path / "out", engine.Memory()
    _two_events(content)
    template = content / "themes" / "default" / "templates" / "404.html"
    template.parent.mkdir(parents=True)
    template.write_text("not found, first\n")
    engine.build(content, output, memory)
    assert (output / "404.html").read_text() == "not found, first\n"
    template.write_text("not found, second and longer\n")
    engine.build(content, output, memory)
    assert (output / "404.html").read_text() == "not found, second and longer\n"
