"""A club installs sitegen with plain pip (not editable) and builds its own site from its own folder."""
from __future__ import annotations

import email
import os
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest
import yaml
from project import README, ROOT
from test_dependencies import undeclared

from sitegen import DISTRIBUTION

pytestmark = pytest.mark.slow  # fresh virtualenvs and package builds



def fresh_venv(folder: Path) -> Path:
    venv.create(folder, with_pip=True)
    return folder / "bin"


def pip_install(bin_dir: Path, target: str) -> None:
    subprocess.run([bin_dir / "python", "-m", "pip", "install", "--quiet", target], check=True, timeout=600)


def builds_the_demo(bin_dir: Path, elsewhere: Path) -> None:
    """From a folder that is not the repository, so nothing can come from the checkout."""
    content = shutil.copytree(ROOT / "content", elsewhere / "club-content")
    done = subprocess.run([bin_dir / "sitegen", "build", "--content", content, "--output", elsewhere / "site"],
                          cwd=elsewhere, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert (elsewhere / "site" / "index.html").is_file() and (elsewhere / "site" / "static" / "site.css").is_file()
    version = subprocess.run([bin_dir / "sitegen", "--version"], capture_output=True, text=True, check=True)
    assert version.stdout.startswith("sitegen ")


def not_the_sources(folder: str, names: list[str]) -> set[str]:
    """What a copy of the checkout leaves out: tool folders anywhere, and the build and output folders at the top only
    (sitegen/build/ is a package: a pattern for "build" anywhere once left it out of the install)."""
    left_out = shutil.ignore_patterns(".git", ".venv*", "node_modules", "*.egg-info", ".pytest_cache", ".hypothesis")(folder, names)
    return left_out | ({"output", "build"} & set(names) if Path(folder) == ROOT else set())


def test_the_sdist_and_wheel_a_release_publishes_are_complete_and_build_a_site(tmp_path):
    """What the release workflow's `make dist` does, with this venv's tools: build the sdist and, from it, the wheel
    out of a copy of the sources (so nothing comes from this checkout's build folders), check both with twine, then
    install the wheel in a fresh virtualenv and build a site with it, from a folder that is not the sources."""
    source = shutil.copytree(ROOT, tmp_path / "src", ignore=not_the_sources)
    subprocess.run([sys.executable, "-m", "build", "--outdir", tmp_path / "dist", source], check=True, timeout=600, cwd=tmp_path, capture_output=True)
    subprocess.run([sys.executable, "-m", "twine", "check", "--strict", *(tmp_path / "dist").iterdir()], check=True, timeout=120)
    wheel = next((tmp_path / "dist").glob("sitegen_standings-*-py3-none-any.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    package = {path.relative_to(ROOT).as_posix() for path in (ROOT / "sitegen").rglob("*")
               if path.is_file() and "__pycache__" not in path.parts and path.name != "README.md"}  # a translator's guide
    assert package <= names, sorted(package - names)  # every module, template, catalog and schema, and py.typed
    assert "sitegen/py.typed" in names
    metadata = email.message_from_bytes(zipfile.ZipFile(wheel).read(f"sitegen_standings-{wheel.name.split('-')[1]}.dist-info/METADATA"))
    assert metadata["Name"] == DISTRIBUTION
    assert not undeclared(metadata.get_all("Requires-Dist") or [])
    bin_dir = fresh_venv(tmp_path / "venv")
    pip_install(bin_dir, str(wheel))
    builds_the_demo(bin_dir, tmp_path)


def readme_walkthrough() -> str:
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## Running an event, step by step"):]
    return section[section.index("```sh\n") + 6:section.index("```", section.index("```sh\n") + 6)]


def test_make_site_in_a_fresh_clone_then_the_readme_walkthrough_as_written(tmp_path):
    """A clone from GitHub (its origin an https URL), `make site`, then the README's commands in a shell, word for word:
    `init` installs the clone's origin at its HEAD in the club's workflow, and says so."""
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "--quiet", ROOT, clone], check=True, timeout=120)
    subprocess.run(["git", "-C", clone, "checkout", "--quiet", "--detach"], check=True)
    subprocess.run(["git", "-C", clone, "remote", "set-url", "origin", "https://github.com/you/sitegen"], check=True)
    shutil.rmtree(clone / "sitegen")  # the working tree as it is now, not only what is committed
    shutil.copytree(ROOT / "sitegen", clone / "sitegen", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("Makefile", "pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, clone / name)
    # as a newcomer types it: not with the variables of the `make test` running this test (TOOLS=newest would build .venv-newest)
    newcomer = {key: value for key, value in os.environ.items() if key not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "TOOLS")}
    done = subprocess.run(["make", "site"], cwd=clone, capture_output=True, text=True, timeout=900, env=newcomer)
    assert done.returncode == 0, done.stderr
    assert (clone / "output" / "index.html").is_file()
    tools = [name for name in ("pytest", "hypothesis", "playwright", "ruff", "mypy") if (clone / ".venv" / "bin" / name).exists()]
    assert tools == []
    head = subprocess.run(["git", "-C", clone, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    (tmp_path / "club").mkdir()
    done = subprocess.run(["bash", "-e", "-c", readme_walkthrough()], cwd=tmp_path / "club", capture_output=True, text=True, timeout=600,
                          env={**os.environ, "PATH": f"{clone / '.venv' / 'bin'}:{os.environ['PATH']}"}, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    assert f"the club's CI installs sitegen from https://github.com/you/sitegen at {head[:7]}; push that commit first" in done.stdout
    workflow = (tmp_path / "club" / "crows-nest" / ".github" / "workflows" / "publish.yml").read_text()
    assert f'SITEGEN_PACKAGE: "git+https://github.com/you/sitegen@{head}"' in workflow
    assert (tmp_path / "club" / "crows-nest" / "output" / "events" / "winter-joust" / "standings.json").is_file()


def run_install_step(club: Path, bin_dir: Path) -> None:
    """The club's workflow's "Install sitegen" step, as a runner runs it: in the repository, with its env."""
    workflow = yaml.safe_load((club / ".github" / "workflows" / "publish.yml").read_text())
    step = next(step for step in workflow["jobs"]["build"]["steps"] if step.get("name") == "Install sitegen")
    env = {**os.environ, **workflow["env"], "PATH": f"{bin_dir}:{os.environ['PATH']}"}
    done = subprocess.run(["bash", "-e", "-c", step["run"]], cwd=club, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr


def test_init_vendor_puts_the_wheel_in_the_club_and_its_workflow_installs_it(tmp_path):
    """--vendor from this editable install (the wheel built from the checkout), the workflow's install step in a fresh
    virtualenv, then init, new and build with no source tree; that copy's own --vendor makes the same wheel again
    from its installed files, and the index kind's requirement finds it in a local index."""
    sitegen = [sys.executable, "-m", "sitegen"]
    done = subprocess.run([*sitegen, "init", "club", "--vendor", "--base-url", "", "--timezone", "UTC"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    wheel = next((tmp_path / "club" / ".sitegen").glob("sitegen_standings-*-py3-none-any.whl"))
    assert f"installs sitegen from .sitegen/{wheel.name}: commit it" in done.stdout
    bin_dir = fresh_venv(tmp_path / "venv")
    run_install_step(tmp_path / "club", bin_dir)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    refused = subprocess.run([bin_dir / "sitegen", "init", "again", "--timezone", "UTC", "--base-url", ""], cwd=elsewhere, capture_output=True, text=True)
    assert refused.returncode == 2 and "Give --vendor" in refused.stderr  # installed from a file in another folder
    done = subprocess.run([bin_dir / "sitegen", "init", "again", "--vendor", "--timezone", "UTC", "--base-url", ""], cwd=elsewhere, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    again = elsewhere / "again" / ".sitegen" / wheel.name
    assert sorted(zipfile.ZipFile(again).namelist()) == sorted(zipfile.ZipFile(wheel).namelist())
    for command in (["new", "content/events/winter-joust", "--date", "2026-12-05", "--player", "Ann Example", "--player", "Ben Example"],
                    ["pair", "content/events/winter-joust"], ["build"]):
        done = subprocess.run([bin_dir / "sitegen", *command], cwd=elsewhere / "again", capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
    assert (elsewhere / "again" / "output" / "events" / "winter-joust" / "index.html").is_file()
    version = wheel.name.split("-")[1]
    found = subprocess.run([sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed", "--no-index", "--no-deps", "--find-links", again.parent,
                            f"{DISTRIBUTION}=={version}"], capture_output=True, text=True, timeout=120)
    assert found.returncode == 0 and f"Would install {DISTRIBUTION}-{version}" in found.stdout, found.stderr
