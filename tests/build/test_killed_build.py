"""A build killed at any moment (SIGKILL: no cleanup runs) leaves every output file whole, either
as the last build wrote it or as the new build would; the next build removes every temporary file
and ends with exactly the new site."""
from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from corpus_site import snapshot
from project import DEMO, ROOT

from sitegen.build.output import MANIFEST
from sitegen.build.state import STATE_FILE
from sitegen.cli.main import main
from sitegen.files import TEMP_FILE

KILLS = 10


def _change(content: Path) -> None:
    """A new version of the site: every page changes, a page is added and a page goes away."""
    site = content / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8").replace("title:", "title: New —", 1), encoding="utf-8")
    (content / "pages" / "rules-summary.md").write_text("---\ntitle: Rules\n---\nShort rules.\n", encoding="utf-8")
    (content / "pages" / "about.md").unlink()


def _build(content: Path, output: Path) -> dict[str, bytes]:
    assert main(["build", "--content", str(content), "--output", str(output)]) == 0
    return snapshot(output)


def _started_writing(output: Path, old_manifest_mtime: float) -> bool:
    """The build has reached the writer: a temp file or a rewritten manifest at the top of output/."""
    try:
        names = os.listdir(output)
        return any(n.endswith(".tmp") for n in names) or (output / MANIFEST).stat().st_mtime != old_manifest_mtime
    except FileNotFoundError:
        return False


@pytest.mark.slow
def test_killed_builds_leave_old_or_new_files_and_the_next_build_cleans_up(tmp_path, capsys):
    old_content, new_content = tmp_path / "old", tmp_path / "new"
    shutil.copytree(DEMO, old_content)
    shutil.copytree(DEMO, new_content)
    _change(new_content)
    old = _build(old_content, tmp_path / "expected-old")
    new = _build(new_content, tmp_path / "expected-new")
    union_manifest = ("\n".join(sorted(set(old[MANIFEST].decode().split()) | set(new[MANIFEST].decode().split()))) + "\n").encode()
    output = tmp_path / "output"
    rng = random.Random(20261123)
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    for attempt in range(KILLS):
        shutil.rmtree(output, ignore_errors=True)
        shutil.copytree(tmp_path / "expected-old", output)
        manifest_mtime = (output / MANIFEST).stat().st_mtime
        os.utime(output / MANIFEST, (manifest_mtime - 10, manifest_mtime - 10))  # so a rewrite shows in the mtime
        manifest_mtime -= 10
        proc = subprocess.Popen([sys.executable, "-m", "sitegen", "build", "--content", str(new_content), "--output", str(output)],
                                env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=tmp_path)
        deadline = time.monotonic() + 30
        if attempt % 2:  # kill while the writer is at work: wait for it, then a little more
            while proc.poll() is None and not _started_writing(output, manifest_mtime) and time.monotonic() < deadline:
                time.sleep(0.0005)
            time.sleep(rng.uniform(0, 0.03))
        else:  # kill at any moment of the whole run
            time.sleep(rng.uniform(0.1, 2.0))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        after = snapshot(output)
        for rel, data in after.items():
            if TEMP_FILE.match(Path(rel).name):
                continue  # a temp file of the killed build: the next build removes it
            if rel == MANIFEST:
                assert data in (old[MANIFEST], new[MANIFEST], union_manifest), "the manifest is neither old, new nor old+new"
                continue
            assert (rel in old and data == old[rel]) or (rel in new and data == new[rel]), f"{rel} is neither the old nor the new file"
        assert main(["build", "--content", str(new_content), "--output", str(output)]) == 0
        assert snapshot(output) == new, f"after kill {attempt}, the next build did not end with exactly the new site"
    capsys.readouterr()


def test_a_temp_file_of_the_old_pattern_beside_a_built_file_is_removed(tmp_path, capsys):
    """Interrupted builds of earlier versions left `.NAME.XXXXXXXX.tmp`, some cut off at 4096 bytes."""
    content = tmp_path / "content"
    shutil.copytree(DEMO, content)
    output, cache = tmp_path / "output", tmp_path / "cache"
    assert main(["build", "--content", str(content), "--output", str(output), "--cache", str(cache)]) == 0
    built = snapshot(output)
    # Built by an earlier version: its build state is not one this version reads (a build of this version that is
    # killed keeps its journal in the state's folder, and the next build looks for temporary files because of it).
    (cache / STATE_FILE).unlink()
    leftovers = [output / ".index.html.k2j4_x9a.tmp", output / "events" / "winter-joust-2026" / ".standings.csv.abcdefgh.tmp"]
    for path in leftovers:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"x" * 4096)
    mine = [output / ".notes.txt.abcdefgh.tmp", output / "draft.tmp", output / ".index.html.tmp"]  # not sitegen's: kept
    for path in mine:
        path.write_text("the TO's own file")
    assert main(["build", "--content", str(content), "--output", str(output), "--cache", str(cache)]) == 0
    assert not any(p.exists() for p in leftovers)
    assert all(p.read_text() == "the TO's own file" for p in mine)
    assert {k: v for k, v in snapshot(output).items() if not k.endswith(".tmp")} == built
    capsys.readouterr()


def _children(pid: int) -> set[int]:
    found = set()
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            if f"\nPPid:\t{pid}\n" in status.read_text():
                found.add(int(status.parent.name))
        except OSError:
            pass  # gone meanwhile
    return found


def _alive(pids: set[int]) -> set[int]:
    return {pid for pid in pids if Path(f"/proc/{pid}").exists() and "State:\tZ" not in Path(f"/proc/{pid}/status").read_text()}


SIGKILL_BIT = 1 << (signal.SIGKILL - 1)  # in /proc/PID/status's masks of pending signals


def _running_on(pids: set[int]) -> set[int]:
    """Those alive without a SIGKILL pending: the kernel ends the others the moment they next run."""
    def killed(pid: int) -> bool:
        masks = [line.split("\t")[1] for line in Path(f"/proc/{pid}/status").read_text().splitlines() if line[:7] in ("SigPnd:", "ShdPnd:")]
        return any(int(mask, 16) & SIGKILL_BIT for mask in masks)
    return {pid for pid in _alive(pids) if not killed(pid)}


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads processes from /proc")
def test_the_workers_of_a_killed_build_end_with_it(tmp_path):
    """Killed (SIGKILL), a build's worker processes must not live on: nothing would ever give them work again, and
    one still at work would stage files no build publishes. Not even for a moment: a worker that looked every 50 ms
    whether its build was there staged a whole event's temporary files after the next build had cleaned up (seen once
    in a fresh clone's test run). On Linux the kernel ends them with their build: at once, each with a SIGKILL that it
    cannot outlive (one took more than 5 ms to be scheduled and die in a fresh clone's run on a busy machine)."""
    proc = subprocess.Popen([sys.executable, "-m", "sitegen", "build", "--content", str(DEMO), "--output", str(tmp_path / "output"),
                             "--jobs", "2", "--clean"], env=os.environ | {"PYTHONPATH": str(ROOT)}, cwd=tmp_path,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: set[int] = set()
    try:
        deadline = time.monotonic() + 60
        while proc.poll() is None and (len(workers) < 2 or not any((tmp_path / "output").rglob("*"))) and time.monotonic() < deadline:
            workers |= _children(proc.pid)  # until both are there and staging (each told the kernel to end it with the build)
            time.sleep(0.01)
        assert workers, "the build started no worker process"
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        linux = sys.platform.startswith("linux")  # a worker killed may take a few ms to be scheduled, and die, on a busy machine
        deadline = time.monotonic() + (0.005 if linux else 10)
        while (_running_on(workers) if linux else _alive(workers)) and time.monotonic() < deadline:
            time.sleep(0.001)
        assert not (_running_on(workers) if linux else _alive(workers)), "the workers outlived their build"
    finally:
        for pid in _alive(workers):
            os.kill(pid, signal.SIGKILL)

