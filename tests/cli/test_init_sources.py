"""`sitegen init` writes workflows that install this very sitegen, however it was installed: from the index, a VCS
URL at its commit, a git checkout with a public https origin (at HEAD, said out loud), else nothing but a refusal
that suggests --vendor; with --vendor, the running copy's wheel goes into the club's repository. Never a placeholder,
never a name that would install someone else's package. (The slow tests in test_install.py install what is written.)"""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
import yaml
from actionlint import actionlint

from sitegen.edit import install_source
from sitegen.edit.install_source import Source, checkout_source, installed_source, package_source
from sitegen.edit.report_files import WORKFLOW_PATH
from sitegen.edit.scaffold import init_site
from sitegen.games.base import Refused

ORIGIN = "https://github.com/you/sitegen"


class Installed:
    """A stand-in for the installed distribution: its version and its PEP 610 record."""

    def __init__(self, record: str | None) -> None:
        self.version, self.record = "0.2.0", record

    def read_text(self, name: str) -> str | None:
        return self.record if name == "direct_url.json" else None


def checkout(folder: Path, origin: str | None) -> str:
    """A git checkout with one commit (and `origin`, when given): its HEAD commit."""
    folder.mkdir(parents=True, exist_ok=True)
    git = ["git", "-C", str(folder), "-c", "user.name=T", "-c", "user.email=t@example.org"]
    subprocess.run([*git, "init", "--quiet"], check=True)
    (folder / "pyproject.toml").write_text("[project]\nname = 'sitegen-standings'\n")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "--quiet", "-m", "sitegen"], check=True)
    if origin:
        subprocess.run([*git, "remote", "add", "origin", origin], check=True)
    return subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()


def installed_as(monkeypatch, record: str | None) -> None:
    monkeypatch.setattr(install_source, "_running_distribution", lambda: Installed(record))


@pytest.mark.parametrize("record, source", [
    (None, "sitegen-standings==0.2.0"),  # from the index, under the name that is ours there
    ({"url": "https://github.com/club/sitegen", "vcs_info": {"vcs": "git", "commit_id": "0dc7ce9"}}, "git+https://github.com/club/sitegen@0dc7ce9"),
    ({"url": "https://example.org/sitegen_standings-0.2.0-py3-none-any.whl", "archive_info": {}},
     "https://example.org/sitegen_standings-0.2.0-py3-none-any.whl"),
    ({"url": "file:///home/to/sitegen", "dir_info": {"editable": True}}, None),
    ({"url": "file:///home/to/sitegen_standings-0.2.0-py3-none-any.whl", "archive_info": {}}, None),
])
def test_the_install_record_says_what_pip_installs(record, source):
    assert package_source(record, "0.2.0") == source


def test_a_checkout_with_a_public_https_origin_gives_it_at_head_and_says_so(tmp_path):
    commit = checkout(tmp_path / "sitegen", ORIGIN)
    source = checkout_source(tmp_path / "sitegen")
    assert source == Source(f"git+{ORIGIN}@{commit}", f"the club's CI installs sitegen from {ORIGIN} at {commit[:7]}; push that commit first")
    (tmp_path / "sitegen" / "pyproject.toml").write_text("changed")
    assert checkout_source(tmp_path / "sitegen").said.endswith(f"(the changes not committed in {tmp_path / 'sitegen'} are not in it)")


@pytest.mark.parametrize("origin", [None, "git@github.com:you/sitegen.git", "/srv/git/sitegen", "https://you:ghp_secret@github.com/you/sitegen",
                                    "http://github.com/you/sitegen"])
def test_a_checkout_without_a_public_https_origin_gives_nothing(tmp_path, origin):
    checkout(tmp_path / "sitegen", origin)
    assert checkout_source(tmp_path / "sitegen") is None
    assert checkout_source(tmp_path) is None  # not a checkout at all


def test_init_from_the_index_and_from_a_vcs_url(monkeypatch):
    installed_as(monkeypatch, None)
    assert installed_source() == Source("sitegen-standings==0.2.0")
    installed_as(monkeypatch, f'{{"url": "{ORIGIN}", "vcs_info": {{"vcs": "git", "commit_id": "1a2b3c4d"}}}}')
    assert installed_source() == Source(f"git+{ORIGIN}@1a2b3c4d")


def test_init_from_a_checkout_installs_its_origin_at_head_and_says_so(tmp_path, monkeypatch, run_cli):
    commit = checkout(tmp_path / "sitegen", ORIGIN)
    installed_as(monkeypatch, f'{{"url": "{(tmp_path / "sitegen").as_uri()}", "dir_info": {{"editable": true}}}}')
    status, out, err = run_cli("init", tmp_path / "club", "--base-url", "", "--timezone", "")
    assert status == 0, err
    assert f"installs sitegen from {ORIGIN} at {commit[:7]}; push that commit first" in out
    workflow = yaml.safe_load((tmp_path / "club" / ".github/workflows/publish.yml").read_text())
    assert workflow["env"]["SITEGEN_PACKAGE"] == f"git+{ORIGIN}@{commit}"


@pytest.mark.parametrize("record", [
    '{"url": "FOLDER", "dir_info": {"editable": true}}',  # a checkout with no origin
    '{"url": "FOLDER", "dir_info": {}}',  # pip install ./folder
    '{"url": "file:///home/to/sitegen_standings-0.2.0-py3-none-any.whl", "archive_info": {}}',
])
def test_init_from_anywhere_else_refuses_and_suggests_vendor(tmp_path, monkeypatch, run_cli, record):
    checkout(tmp_path / "sitegen", origin=None)
    installed_as(monkeypatch, record.replace("FOLDER", (tmp_path / "sitegen").as_uri()))
    with pytest.raises(Refused, match="--vendor"):
        installed_source()
    status, out, err = run_cli("init", tmp_path / "club", "--base-url", "", "--timezone", "")
    assert status == 2 and "Give --vendor to put this sitegen's wheel into the club's repository (.sitegen/)" in err
    assert not (tmp_path / "club").exists()


def test_init_with_a_wheel_installs_it_from_the_repository(tmp_path):
    wheel = tmp_path / "sitegen_standings-0.2.0-py3-none-any.whl"
    wheel.write_bytes(b"PK wheel")
    written = init_site(tmp_path / "club", package="", title="Crows", wheel=wheel)
    assert (tmp_path / "club" / ".sitegen" / wheel.name).read_bytes() == b"PK wheel" and tmp_path / "club" / ".sitegen" / wheel.name in written
    for path in (".github/workflows/publish.yml", WORKFLOW_PATH):
        assert yaml.safe_load((tmp_path / "club" / path).read_text())["env"]["SITEGEN_PACKAGE"] == f".sitegen/{wheel.name}"
    assert f'pip install ".sitegen/{wheel.name}"' in (tmp_path / "club" / "README.md").read_text()


@pytest.mark.browser  # needs the npm test tools that `make browser` installs
@pytest.mark.parametrize("package", ["sitegen-standings==0.2.0", f"git+{ORIGIN}@1a2b3c4d", ".sitegen/sitegen_standings-0.2.0-py3-none-any.whl"])
def test_actionlint_finds_nothing_in_the_workflows_of_each_kind(tmp_path, package):
    init_site(tmp_path, package=package, title="Crows")
    assert actionlint(tmp_path / ".github/workflows/publish.yml", tmp_path / WORKFLOW_PATH) == ""
