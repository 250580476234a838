"""The lock file the tests install from (requirements-test.txt) holds, with its hashes, a version of everything
pyproject.toml asks for, inside pyproject.toml's range: a dependency added without `make lock` fails here."""
from __future__ import annotations

import re
import tomllib

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from project import ROOT

PIN = re.compile(r"^([A-Za-z0-9._-]+)==([^ ;\\]+)", re.MULTILINE)


def locked_versions(text: str) -> dict[str, set[str]]:
    """Each package's pinned versions (one per Python version or platform, when they differ)."""
    versions: dict[str, set[str]] = {}
    for name, version in PIN.findall(text):
        versions.setdefault(canonicalize_name(name), set()).add(version)
    return versions


def declared() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return [Requirement(text) for text in project["dependencies"] + project["optional-dependencies"]["test"]]


def lock_problems(lock: str, requirements: list[Requirement]) -> list[str]:
    """The requirements the lock pins no version of, or only versions outside their range."""
    locked = locked_versions(lock)
    problems = []
    for requirement in requirements:
        versions = locked.get(canonicalize_name(requirement.name), set())
        if not any(requirement.specifier.contains(version, prereleases=True) for version in versions):
            problems.append(f"{requirement} (locked: {', '.join(sorted(versions)) or 'nothing'})")
    return problems


def test_the_lock_pins_every_declared_dependency_inside_its_range():
    problems = lock_problems((ROOT / "requirements-test.txt").read_text(), declared())
    assert not problems, "run make lock: " + "; ".join(problems)


def test_a_dependency_the_lock_lacks_or_pins_outside_its_range_is_named():
    lock = "jinja2==3.1.6 \\\n    --hash=sha256:00\nnumpy==2.4.6 ; python_full_version < '3.12' \\\nnumpy==2.5.5 ; python_full_version >= '3.12' \\\n"
    wanted = [Requirement("jinja2>=3.1"), Requirement("krcg>=4"), Requirement("Jinja2>=3.2"), Requirement("numpy>=2.5")]
    assert lock_problems(lock, wanted) == ["krcg>=4 (locked: nothing)", "Jinja2>=3.2 (locked: 3.1.6)"]


def test_every_pin_of_the_lock_has_a_hash():
    lock = (ROOT / "requirements-test.txt").read_text()
    entries = re.split(r"\n(?=[A-Za-z0-9])", lock.split("\n", 2)[2])
    assert len(entries) > 10 and all("--hash=sha256:" in entry for entry in entries), "run make lock"
