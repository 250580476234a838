"""Every bench of `make bench`, run at a tiny size: a bench that breaks fails here, never a timing (the speed goals
live in `make bench` alone). Each run also leaves its goals in the goals file the closing table reads."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest
from project import ROOT

sys.path.insert(0, str(ROOT / "tools"))

import simulate  # noqa: E402

from sitegen.build.pipeline import check  # noqa: E402

# Each bench with the arguments that make it quick; the goals each must report.
BENCHES = {
    "run.py": (["--sizes", "16", "--result-players", "16", "--runs", "1", "--result-runs", "1"],
               ["sitegen --version, CPU", "sitegen result at 16 players, CPU"]),
    "scale.py": (["--events", "3", "--repeat", "1", "--floor-runs", "1"],
                 ["full build CPU, 1 worker / floor CPU", f"full build wall, {os.cpu_count()} workers / floor wall",
                  "MB per 64-player event", "serve: round file saved -> page changed, seconds"]),
    "big_event.py": (["--players", "10", "40", "--rounds", "2"], ["40 players / 10 players, cpu", "40 players / 10 players, wall"]),
    "bench_swiss.py": (["--sizes", "16", "32"], []),
    "bench_tables.py": (["--sizes", "16", "--repeat", "1"], []),
    "bench_desk.py": (["--sizes", "8", "16", "--repeat", "2"], ["desk round trip at 8 players, median ms"]),
    "bench_seating.py": (["--sizes", "12", "--repeat", "1", "--krcg-iterations", "100"], ["V:TES plan, 12 players, CPU s"]),
    "bench_vtes_archon.py": (["--tables", "20", "--events", "1"], []),
    "bench_decklists.py": (["--lists", "8"], ["8 V:TES decklists checked, CPU s (card database loaded once)"]),
}


@pytest.mark.slow
@pytest.mark.parametrize("bench", sorted(BENCHES))
def test_bench_runs_at_a_tiny_size(bench, tmp_path):
    arguments, goals = BENCHES[bench]
    extra = ["--store", str(tmp_path / "store")] if bench == "scale.py" else []
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"} | {
        "PYTHONPATH": str(ROOT), "BENCH_GOALS": str(tmp_path / "goals.jsonl")}
    done = subprocess.run([sys.executable, str(ROOT / "bench" / bench), *arguments, *extra], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    reported = [json.loads(line)["goal"] for line in (tmp_path / "goals.jsonl").read_text().splitlines()] if goals else []
    assert set(goals) <= set(reported), reported


def test_every_bench_make_bench_runs_is_smoke_tested():
    recipe = (ROOT / "Makefile").read_text(encoding="utf-8").split("\nbench: $(STAMP)\n")[1].split("\n\n")[0]
    assert set(re.findall(r"bench/(\w+\.py)", recipe)) - {"goals.py"} == set(BENCHES)


def test_goals_table_lists_every_goal_with_its_verdict(tmp_path):
    goals = tmp_path / "goals.jsonl"
    goals.write_text(json.dumps({"goal": "a", "measured": "1 s", "ratio": 0.5, "limit": 1, "met": True}) + "\n"
                     + json.dumps({"goal": "b", "measured": "3 s", "ratio": 3, "limit": 1, "met": False}) + "\n")
    env = os.environ | {"BENCH_GOALS": str(goals)}
    table = subprocess.run([sys.executable, str(ROOT / "bench" / "goals.py")], env=env, capture_output=True, text=True, check=True).stdout
    assert "| a " in table and "| met" in table and "| b " in table and "NOT met" in table and "1 of 2 goals met" in table


@pytest.mark.parametrize("fmt", ["agot-joust", "agot-melee", "vtes"])
def test_simulated_field_is_one_sitegen_accepts(fmt, tmp_path):
    simulate.field(tmp_path / "events" / "e", fmt, 12, rounds=2)
    (tmp_path / "site.yaml").write_text("title: Simulated\n", encoding="utf-8")
    assert len(check(tmp_path).events[0].rounds) == 2
