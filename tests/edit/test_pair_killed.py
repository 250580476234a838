"""Issue 20: `pair` writes round-1.yaml and event.yaml's `rounds:`/`cut:` as a set. A build killed between the two
renames used to leave round 1 without `rounds:` and `cut:`; now event.yaml is written first, so any kill leaves an
event that `check` passes and `pair` carries on from."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from corpus_site import FILES, write

from sitegen.cli.main import main

KILL_ON_SECOND_WRITE = """
import os, signal, sys
import sitegen.edit.commit as commit
real, calls = commit.write_atomic, []
def write_atomic(path, data):
    calls.append(path)
    if len(calls) == 2:
        os.kill(os.getpid(), signal.SIGKILL)
    real(path, data)
commit.write_atomic = write_atomic
from sitegen.cli.main import main
main(["pair", sys.argv[1]])
"""


def test_a_pair_killed_between_its_two_writes_leaves_a_valid_event(tmp_path: Path):
    content = write(tmp_path / "content", {k: v for k, v in FILES.items() if not k.startswith("events/")} | {
        "events/new-j/event.yaml": "name: New Joust\nformat: agot-joust\ndate: 2026-05-01\nplayers:\n  - name: Ann\n  - name: Ben\n"
                               "  - name: Cat\n  - name: Dov\n"})
    killed = subprocess.run([sys.executable, "-c", KILL_ON_SECOND_WRITE, str(content / "events/new-j")], capture_output=True)
    assert killed.returncode == -9, killed.stderr
    event = content / "events/new-j"
    assert not (event / "round-1.yaml").exists() or "rounds:" in (event / "event.yaml").read_text(), "round 1 without its length"
    assert main(["check", "--content", str(content)]) == 0
    assert main(["pair", str(content / "events/new-j")]) == 0
    assert "rounds:" in (content / "events/new-j/event.yaml").read_text()
