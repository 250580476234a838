"""Every third-party module the package imports is a dependency its metadata declares (Requires-Dist), so that
`pip install sitegen-standings` brings it: tornado came only through livereload before it was declared."""
from __future__ import annotations

import ast
import sys
from importlib.metadata import packages_distributions, requires

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from project import ROOT

from sitegen import DISTRIBUTION


def third_party_imports() -> dict[str, str]:
    """Each top-level module the package imports that is neither the standard library nor sitegen: a file importing it."""
    found: dict[str, str] = {}
    for path in sorted((ROOT / "sitegen").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for top in {name.split(".")[0] for name in names} - set(sys.stdlib_module_names) - {"sitegen"}:
                found.setdefault(top, str(path.relative_to(ROOT)))
    return found


def undeclared(requires_dist: list[str]) -> list[str]:
    """The imports whose distribution (as installed here) is not among the Requires-Dist lines without an extra."""
    declared = {canonicalize_name(Requirement(line).name) for line in requires_dist if "extra ==" not in line}
    providers = packages_distributions()
    return [f"{module} (imported by {path}; pip's name: {', '.join(providers.get(module, ['?']))})"
            for module, path in third_party_imports().items()
            if not {canonicalize_name(name) for name in providers.get(module, [])} & declared]


def test_every_third_party_import_is_a_declared_dependency():
    assert not undeclared(requires(DISTRIBUTION) or []), "declare it in pyproject.toml's dependencies, with why"


def test_an_undeclared_import_is_named():
    problems = undeclared(["jinja2>=3.1", "pytest>=8; extra == 'test'"])
    assert any(problem.startswith("tornado (imported by sitegen/") for problem in problems)
    assert not any(problem.startswith("jinja2 ") for problem in problems)


def test_the_package_says_it_is_typed():
    assert (ROOT / "sitegen" / "py.typed").is_file()
