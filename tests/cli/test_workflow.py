"""The GitHub Pages workflow: actionlint finds nothing, it checks and tests before it deploys,
and a broken round file fails its check step with the `path:line` message in the log."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest
import yaml
from actionlint import actionlint
from project import ROOT

WORKFLOW = ROOT / ".github" / "workflows" / "publish.yml"


@pytest.fixture(scope="module")
def workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def triggers(workflow: dict) -> dict:
    # YAML 1.1 reads the bare key `on` as the boolean True.
    return workflow.get("on", workflow.get(True))


def step_index(steps: list[dict], needle: str) -> int:
    """The position of the one step whose `run` or `uses` contains needle."""
    found = [i for i, s in enumerate(steps) if needle in s.get("run", s.get("uses", ""))]
    assert len(found) == 1, f"expected one step with {needle!r}, found {len(found)}"
    return found[0]


def jobs_using(workflow: dict, action: str) -> list[str]:
    return [name for name, job in workflow["jobs"].items()
            if any(s.get("uses", "").startswith(action + "@") for s in job.get("steps", []))]


@pytest.mark.browser  # needs the npm test tools that `make browser` installs
def test_actionlint_finds_nothing():
    assert actionlint(WORKFLOW) == ""


def test_runs_on_every_push_to_main_and_by_hand(workflow):
    on = triggers(workflow)
    assert on["push"]["branches"] == ["main"]
    assert "workflow_dispatch" in on


def test_checks_tests_and_builds_in_that_order_before_uploading(workflow):
    steps = workflow["jobs"]["build"]["steps"]
    order = [step_index(steps, needle) for needle in
             ("actions/setup-python@", "sitegen check", "make test", "sitegen build", "actions/upload-pages-artifact@")]
    assert order == sorted(order)
    assert steps[order[0]]["with"]["python-version"] == "3.11"
    assert steps[order[-1]]["with"]["path"] == "output"


def test_deploys_only_from_a_job_that_needs_the_build(workflow):
    assert jobs_using(workflow, "actions/upload-pages-artifact") == ["build"]
    assert jobs_using(workflow, "actions/deploy-pages") == ["deploy"]
    deploy = workflow["jobs"]["deploy"]
    assert deploy["needs"] == "build"
    assert "if" not in deploy  # an `if: always()` would deploy after a failed check
    assert deploy["permissions"] == {"pages": "write", "id-token": "write"}
    assert deploy["environment"]["name"] == "github-pages"
    assert workflow["concurrency"]["cancel-in-progress"] is False
    build_steps = workflow["jobs"]["build"]["steps"]
    assert not any("continue-on-error" in s for s in build_steps)


@pytest.fixture
def check_step(workflow, tmp_path):
    """Runs the workflow's check step in tmp_path as the runner would (bash -e), with `sitegen` on PATH."""
    steps = workflow["jobs"]["build"]["steps"]
    script = steps[step_index(steps, "sitegen check")]["run"]
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    wrapper = bin_dir / "sitegen"
    wrapper.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m sitegen "$@"\n')
    wrapper.chmod(0o755)
    env = os.environ | {"PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}", "PYTHONPATH": str(ROOT)}

    def run() -> subprocess.CompletedProcess:
        return subprocess.run(["bash", "-e", "-c", script], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=60)

    return run


EVENT = """
    name: Test Joust
    format: agot-joust
    date: 2026-01-10
    players:
      - name: Ann Example
      - name: Ben Example
    """


def test_check_step_passes_good_content(check_step, make_site):
    make_site({"events/test/event.yaml": EVENT})
    done = check_step()
    assert done.returncode == 0, done.stderr
    assert "::error" not in done.stdout


def test_check_step_fails_on_a_broken_round_file_and_shows_where(check_step, make_site):
    make_site({
        "events/test/event.yaml": EVENT,
        "events/test/round-1.yaml": """
            tables:
              - table: 1
                players: [ann-example, ben-example]
                winner: cat-example
            """,
    })
    done = check_step()
    assert done.returncode == 2
    assert "content/events/test/round-1.yaml:4: winner 'cat-example' is not at table 1" in done.stderr
    assert done.stdout.startswith(
        "::error file=content/events/test/round-1.yaml,line=4::winner 'cat-example' is not at table 1")


def test_annotations_escape_percent_signs(check_step, make_site):
    # A message quoting a % must not be read as one of the workflow commands' escapes.
    make_site({
        "events/test/event.yaml": EVENT,
        "events/test/round-1.yaml": """
            tables:
              - table: 1
                players: [ann-example, ben-example]
                winner: "50%"
            """,
    })
    done = check_step()
    assert done.returncode == 2
    assert "winner '50%' is not at table 1" in done.stderr
    assert done.stdout.startswith("::error file=content/events/test/round-1.yaml,line=4::winner '50%25' is not")
