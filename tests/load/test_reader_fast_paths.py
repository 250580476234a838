"""The collector's shortcut for reading a file (a regular file in a folder already found inside the content folder is
read after one lstat) gives exactly what the full checks give: the same text, or the same problems at the same place."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from sitegen.load.reader import Collector


def _content(tmp_path: Path) -> tuple[Path, Path]:
    """A content folder with every kind of entry a round file's name may lead to, and a folder outside it."""
    root, outside = tmp_path / "content", tmp_path / "outside"
    (root / "events" / "e").mkdir(parents=True)
    outside.mkdir()
    (outside / "secret.yaml").write_text("secret: 1\n", encoding="utf-8")
    (outside / "round-1.yaml").write_text("tables: []\n", encoding="utf-8")
    event = root / "events" / "e"
    (event / "event.yaml").write_text("name: E\n", encoding="utf-8")
    (event / "latin1.yaml").write_bytes(b"name: \xe9\n")
    (event / "folder.yaml").mkdir()
    os.mkfifo(event / "pipe.yaml")
    (event / "inside-link.yaml").symlink_to(event / "event.yaml")
    (event / "outside-link.yaml").symlink_to(outside / "secret.yaml")
    (event / "dangling.yaml").symlink_to(event / "gone.yaml")
    (root / "events" / "linked").symlink_to(outside)  # a folder that leads out: its files too
    return root, event


NAMES = ["event.yaml", "latin1.yaml", "folder.yaml", "pipe.yaml", "inside-link.yaml", "outside-link.yaml", "dangling.yaml",
         "missing.yaml", "../linked/round-1.yaml", "../linked/secret.yaml"]


def _read_all(root: Path, event: Path, fast: bool, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str | None, list[str]]]:
    with monkeypatch.context() as patch:
        if not fast:
            patch.setattr(Collector, "_plain_file_inside", lambda self, path: False)
        c = Collector(root)
        seen = []
        for name in NAMES * 2:  # twice: the second time the folders are known
            before = len(c.problems)
            text = c.read_text(event / name, str(event / name))
            seen.append((text, [str(p) for p in c.problems[before:]]))
        return seen


def test_reading_a_file_through_the_shortcut_gives_what_the_full_checks_give(tmp_path, monkeypatch):
    root, event = _content(tmp_path)
    fast, full = _read_all(root, event, True, monkeypatch), _read_all(root, event, False, monkeypatch)
    assert fast == full
    assert fast[0] == ("name: E\n", [])  # the cases do reach both outcomes
    assert any(problems for _, problems in fast)
    shortcut = Collector(root)._plain_file_inside
    assert [name for name in NAMES if shortcut(event / name)] == ["event.yaml", "latin1.yaml"]  # taken where it may be


def test_a_file_reached_through_a_folder_that_leads_out_is_refused_each_time(tmp_path):
    root, event = _content(tmp_path)
    c = Collector(root)
    for _ in range(2):
        assert c.read_text(event / "../linked/round-1.yaml", "r") is None
    assert len(c.problems) == 2
    assert all("leads outside the content folder" in p.message for p in c.problems)
