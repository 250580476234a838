"""Issue 20: the cache folder is a hint, never code nor trusted data. CI restores it (with output/) from the cache of
earlier runs, and anything may be in it: a damaged or forged entry only means a rebuild, never a traceback, a link
in it is never followed, reads from it are bounded, and what a forged build-state record can change is kept to the
event it names."""
from __future__ import annotations

import hashlib
import hmac
import json
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from corpus_site import snapshot, write

from sitegen import files
from sitegen.build import state as buildstate
from sitegen.cli.main import main


@pytest.fixture
def site(tmp_path: Path) -> tuple[Path, Path, Path]:
    content, output, cache = write(tmp_path / "content"), tmp_path / "output", tmp_path / "cache"
    assert _build(content, output, cache) == 0
    return content, output, cache


def _build(content: Path, output: Path, cache: Path) -> int:
    return main(["build", "--content", str(content), "--output", str(output), "--cache", str(cache)])


def _forge(cache: Path, change, *, keyed: bool = True) -> None:
    """Edit the state's JSON and write it back under this machine's key (as if the key were stolen: the records are
    still checked), or with a plain sha256 (`keyed=False`: what a forger without the key can do)."""
    path = cache / buildstate.STATE_FILE
    data = json.loads(path.read_bytes().partition(b"\n")[2])
    change(data)
    text = json.dumps(data, separators=(",", ":")).encode()
    key = files.machine_key()
    mac = hmac.new(key, text, hashlib.sha256) if keyed and key else hashlib.sha256(text)
    path.write_bytes(mac.hexdigest().encode() + b"\n" + text)


def _touch_an_event(content: Path) -> None:
    """A change in event m: the pages about all events are made again, from the other events' cards in the state."""
    page = content / "events/m/event.yaml"
    page.write_text(page.read_text().replace("Corpus Melee", "Corpus Melee Cup"))


def _clean_build(content: Path, tmp_path: Path) -> dict[str, bytes]:
    assert main(["build", "--content", str(content), "--output", str(tmp_path / "clean"), "--cache", str(tmp_path / "c2")]) == 0
    return snapshot(tmp_path / "clean")


def test_a_card_that_names_another_event_is_not_published(site, tmp_path):
    content, output, cache = site
    _forge(cache, lambda data: data["events"]["j"].update(card=data["events"]["v"]["card"]))
    _touch_an_event(content)
    assert _build(content, output, cache) == 0
    assert snapshot(output) == _clean_build(content, tmp_path)


@pytest.mark.parametrize("change", [
    lambda data: data["events"]["j"].update(card='{"slug":"j","name":"FOREIGN"}'),  # a card of the wrong shape
    lambda data: data["events"]["j"].update(card='{"slug":"j",' + "[" * 100_000),
    lambda data: data.update(checked_ns="soon"),
    lambda data: data["events"]["j"].update(fingerprint=[1, 2]),
    lambda data: data["events"]["j"].update(files="events/j/index.html\n../../outside.txt"),
    lambda data: data["events"]["j"].update(files="index.html"),  # a shared page claimed by an event
    lambda data: data["shared"].update(files="events/j/index.html"),  # an event's page claimed by the shared pages
    lambda data: data.update(events=[]),
])
def test_a_forged_or_malformed_state_is_a_rebuild(site, tmp_path, change):
    content, output, cache = site
    _forge(cache, change)
    _touch_an_event(content)
    assert _build(content, output, cache) == 0
    assert snapshot(output) == _clean_build(content, tmp_path)


def _renamed(data: dict) -> None:
    card = json.loads(data["events"]["j"]["card"])
    data["events"]["j"]["card"] = json.dumps(card | {"name": "FORGED"}, separators=(",", ":"))


def test_a_forged_card_of_the_right_shape_changes_no_published_byte(site, tmp_path):
    """Issue 29: a state whose checksum anyone can recompute published a forged card (name, places, champion) on the
    home page, the league and player pages. The state is keyed like the parsed-YAML store: a forged one is a rebuild."""
    content, output, cache = site
    _forge(cache, _renamed, keyed=False)
    _touch_an_event(content)
    assert _build(content, output, cache) == 0
    assert snapshot(output) == _clean_build(content, tmp_path)


def test_a_state_copied_from_another_machine_is_a_rebuild(site, tmp_path, monkeypatch):
    """Another machine's key (CI restoring the cache folder of another run's runner): nothing of it is trusted."""
    content, output, cache = site
    key = json.loads((cache / buildstate.STATE_FILE).read_bytes().partition(b"\n")[2])["key"]
    assert buildstate.load(cache, output, key).events  # this machine's own
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "elsewhere"))
    files.machine_key.cache_clear()
    try:
        assert buildstate.load(cache, output, key).events == {}
    finally:
        files.machine_key.cache_clear()


def test_the_state_file_is_never_read_through_a_link(site, tmp_path):
    """A state linked to /dev/zero used to be read until memory ran out."""
    content, output, cache = site
    (cache / buildstate.STATE_FILE).unlink()
    (cache / buildstate.STATE_FILE).symlink_to("/dev/zero")
    _touch_an_event(content)
    assert _build(content, output, cache) == 0
    assert snapshot(output) == _clean_build(content, tmp_path)


def test_a_journal_entry_that_is_a_link_is_replaced_not_written_through(site, tmp_path):
    content, output, cache = site
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    journal = buildstate.journal(cache, output)
    journal.mkdir()
    (journal / "m").symlink_to(victim)
    _touch_an_event(content)
    assert _build(content, output, cache) == 0
    assert victim.read_text() == "precious\n"


def test_a_journal_that_is_a_link_to_a_folder_is_not_written_into(site, tmp_path):
    content, output, cache = site
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    buildstate.journal(cache, output).symlink_to(elsewhere, target_is_directory=True)
    _touch_an_event(content)
    assert _build(content, output, cache) == 0
    assert list(elsewhere.iterdir()) == []


@pytest.mark.parametrize("damage", ["file", "folder entry", "bytes"])
def test_a_damaged_journal_is_no_traceback(site, tmp_path, damage):
    content, output, cache = site
    journal = buildstate.journal(cache, output)
    if damage == "file":
        journal.write_text("not a folder\n")
    else:
        journal.mkdir()
        (journal / "j").mkdir() if damage == "folder entry" else (journal / "j").write_bytes(b"\xff\xfe\n")
    _touch_an_event(content)
    assert _build(content, output, cache) == 0
    assert snapshot(output) == _clean_build(content, tmp_path)


def test_workers_making_the_journal_at_once_all_write_their_entries(tmp_path):
    """A build's workers stage at the same time. One looked and found no journal, another made it before the first went
    on, and the first removed it as a damaged file: IsADirectoryError, the build failed (seen once in CI). Played with
    threads switching as often as they can."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        for attempt in range(40):
            journal = tmp_path / "cache" / f"staging-{attempt}"
            _stage_at_once(journal, 4)
            assert buildstate.journal_names(journal) == {f"events/{w}/index.html" for w in range(4)}, attempt
    finally:
        sys.setswitchinterval(interval)


def _stage_at_once(journal: Path, workers: int) -> None:
    """`workers` threads, released together, each writing its entry into the journal."""
    start = threading.Barrier(workers)

    def stage(worker: int) -> None:
        start.wait()
        buildstate.write_journal_entry(journal, f"w{worker}", f"events/{worker}/index.html\n")

    with ThreadPoolExecutor(workers) as pool:
        list(pool.map(stage, range(workers)))
