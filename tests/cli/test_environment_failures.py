"""Issue 29: what the machine does wrong is one line, never a traceback nor a hang: a full disk, a named pipe (FIFO)
where a content file belongs."""
from __future__ import annotations

import errno
import os
import subprocess
import sys

import pytest
from corpus_site import snapshot

from sitegen import files

EVENT = """\
name: Winter Joust
format: agot-joust
date: 2026-12-05
players: [Ann Example, Ben Example, Cat Example, Dan Example]
"""
ROUND = "tables:\n  - {table: 1, players: [ann-example, ben-example]}\n  - {table: 2, players: [cat-example, dan-example]}\n"


@pytest.fixture
def content(make_site):
    return make_site({"events/e/event.yaml": EVENT, "events/e/round-1.yaml": ROUND})


def _disk_full(*_args, **_kwargs):
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.mark.parametrize("command", [("result", "{event}", "1", "--winner", "ann-example"),
                                     ("drop", "{event}", "ann-example"),
                                     ("build", "--content", "{content}", "--output", "{out}", "--cache", "{cache}")], ids=lambda c: c[0])
def test_a_full_disk_is_one_line_and_the_content_is_intact(content, run_cli, monkeypatch, tmp_path, command):
    before = snapshot(content)
    monkeypatch.setattr(files, "write_temp", _disk_full)
    given = [part.format(event=content / "events" / "e", content=content, out=tmp_path / "out", cache=tmp_path / "c")
             for part in command]
    status, _, err = run_cli(*given)
    assert status == 2 and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1 and "No space left on device" in err, err
    assert snapshot(content) == before


@pytest.mark.parametrize("where", ["events/e/round-1.yaml", "pages/about.md", "themes/mine/templates/page.html"])
def test_a_named_pipe_where_a_file_belongs_is_refused_at_once(content, tmp_path, where):
    (content / "site.yaml").write_text("title: Crows\ntheme: mine\n")
    (content / "themes/mine/templates").mkdir(parents=True)
    pipe = content / where
    pipe.parent.mkdir(parents=True, exist_ok=True)
    pipe.unlink(missing_ok=True)
    os.mkfifo(pipe)
    for command in (["check", "--content", str(content)],
                    ["build", "--content", str(content), "--output", str(tmp_path / "out"), "--cache", str(tmp_path / "c")]):
        done = subprocess.run([sys.executable, "-m", "sitegen", *command], capture_output=True, text=True, timeout=60)
        assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
        assert f"{pipe}:1: this is not a regular file" in done.stderr, done.stderr


@pytest.mark.parametrize("written", [0, 3], ids=["at once", "mid-file"])
def test_a_disk_that_fills_while_a_file_is_written_leaves_nothing_behind(tmp_path, monkeypatch, written):
    """The build writes its bytes straight to the descriptor: a short write goes on, a failed one removes the file."""
    real_write, calls = os.write, []

    def short_then_full(fd, data):
        calls.append(len(data))
        if len(calls) > 1 or not written:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(fd, bytes(data[:written]))

    open_before = len(os.listdir("/proc/self/fd"))
    monkeypatch.setattr(os, "write", short_then_full)
    with pytest.raises(OSError, match="No space left"):
        files.write_temp(str(tmp_path / "sub" / ".page.html.abcd1234.tmp"), b"<p>whole page</p>")
    assert list((tmp_path / "sub").iterdir()) == []
    assert len(os.listdir("/proc/self/fd")) == open_before
    if written:
        assert calls == [17, 14]  # the rest asked for after a short write


def test_a_short_write_goes_on_until_every_byte_is_written(tmp_path, monkeypatch):
    real_write = os.write
    monkeypatch.setattr(os, "write", lambda fd, data: real_write(fd, bytes(data[:5])))
    files.write_temp(str(tmp_path / "page.tmp"), b"<p>whole page</p>")
    assert (tmp_path / "page.tmp").read_bytes() == b"<p>whole page</p>"
