"""A club installs sitegen with plain pip (not editable) and builds its own site from its own folder."""
from __future__ import annotations

import email
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest
from project import ROOT
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


def test_make_site_in_a_fresh_clone_builds_the_demo_and_installs_no_test_tool(tmp_path):
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "--quiet", ROOT, clone], check=True, timeout=120)
    subprocess.run(["git", "-C", clone, "checkout", "--quiet", "--detach"], check=True)
    shutil.rmtree(clone / "sitegen")  # the working tree as it is now, not only what is committed
    shutil.copytree(ROOT / "sitegen", clone / "sitegen", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy(ROOT / name, clone / name)
    done = subprocess.run(["make", "site"], cwd=clone, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr
    assert (clone / "output" / "index.html").is_file()
    tools = [name for name in ("pytest", "hypothesis", "playwright", "ruff", "mypy") if (clone / ".venv" / "bin" / name).exists()]
    assert tools == []
