"""`sitegen build` on a terminal says how far it is: one line, written over, with the events built of the events to
build; nothing of it when its stderr is not a terminal (a log, CI) or under --quiet."""
from __future__ import annotations

import os
import pty
import subprocess
import sys

import pytest
from project import DEMO

from sitegen.build.engine import build

DEMO_EVENTS = len([folder for folder in (DEMO / "events").iterdir() if (folder / "event.yaml").is_file()])


@pytest.mark.parametrize("jobs", [1, 2])
def test_each_event_built_is_told_once_as_it_ends(tmp_path, jobs):
    told: list[tuple[int, int]] = []
    build(DEMO, tmp_path / "out", jobs=jobs, cache=tmp_path / "cache", progress=lambda done, total: told.append((done, total)))
    assert told == [(done, DEMO_EVENTS) for done in range(1, DEMO_EVENTS + 1)]
    told.clear()
    build(DEMO, tmp_path / "out", jobs=jobs, cache=tmp_path / "cache", progress=lambda done, total: told.append((done, total)))
    assert told == []  # nothing to build: no progress


def build_command(tmp_path, *flags: str, terminal: bool) -> tuple[str, str]:
    """`sitegen build`, its stderr a terminal (a pseudo-terminal) or a pipe: what it wrote on stdout and stderr."""
    command = [sys.executable, "-m", "sitegen", "build", "--content", DEMO, "--output", tmp_path / "out", "--cache", tmp_path / "cache",
               "--clean", "--jobs", "1", *flags]
    if not terminal:
        done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=True)
        return done.stdout, done.stderr
    reader, writer = pty.openpty()
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=writer, text=True) as process:
        os.close(writer)
        seen = b""
        while chunk := _read(reader):
            seen += chunk
        out = process.stdout.read() if process.stdout else ""
    os.close(reader)
    assert process.returncode == 0
    return out, seen.decode()


def _read(fd: int) -> bytes:
    try:
        return os.read(fd, 4096)
    except OSError:  # the terminal's other end closed: the process has ended
        return b""


def test_on_a_terminal_one_line_counts_the_events_then_makes_way_for_the_summary(tmp_path):
    out, terminal = build_command(tmp_path, terminal=True)
    steps = [f"\rbuilding events: {done} of {DEMO_EVENTS}" for done in range(1, DEMO_EVENTS + 1)]
    assert terminal == "".join(steps) + "\r\x1b[K"
    assert out.startswith(f"built {tmp_path / 'out'}/: ")


def test_nothing_extra_when_not_a_terminal_or_quiet(tmp_path):
    out, err = build_command(tmp_path, terminal=False)
    assert err == "" and out.startswith("built ")
    assert build_command(tmp_path, "--quiet", terminal=True) == ("", "")
