"""The package's imports go one way: no module imports one that imports it back, and no stage of the pipeline
imports a later one. Inside `games/`: the interface (the modules directly in it) < the shared tournament tools
(`games/tournament/`) < each game's folder < the registry (`games/__init__.py`), and no game imports another
game's folder. Every import counts, those inside functions and under TYPE_CHECKING too."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "sitegen"
# Lowest first: a module may import its own stage or an earlier one. `sitegen.model`, `sitegen.errors`, `sitegen.text`, `sitegen.files`, `sitegen.language` (and the
# package's own __init__) are the core.
STAGES = ("core", "pairing", "games", "load", "pages", "render", "build", "edit", "serve", "desk", "cli")
TOP = {"__main__": "cli", "schema": "core", "model": "core", "text": "core", "files": "core", "errors": "core", "language": "core", "__init__": "core"}


def module_names() -> dict[str, Path]:
    names = {}
    for path in PACKAGE.rglob("*.py"):
        parts = ("sitegen", *path.relative_to(PACKAGE).with_suffix("").parts)
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return names


MODULES = module_names()


def imports(path: Path) -> set[str]:
    """The sitegen modules `path` imports, wherever in it (`from sitegen.x import y` is sitegen.x.y when y is a
    module, sitegen.x otherwise); a package's __init__ run by importing one of its modules is not counted."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            assert node.level == 0, f"{path}:{node.lineno}: a relative import; write it absolute"
            found |= {f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in MODULES else node.module for a in node.names}
    return {name for name in found if name in MODULES}


GRAPH = {name: imports(path) for name, path in MODULES.items()}


def stage(module: str) -> int:
    first = module.split(".")[1] if "." in module else "__init__"
    return STAGES.index(TOP.get(first, first))


def test_every_module_has_a_stage():
    for module in MODULES:
        assert stage(module) >= 0, module


def test_no_stage_imports_a_later_one():
    upward = sorted(f"{a} ({STAGES[stage(a)]}) imports {b} ({STAGES[stage(b)]})"
                    for a, targets in GRAPH.items() for b in targets if stage(b) > stage(a))
    assert not upward, "\n".join(upward)


GAMES = PACKAGE / "games"
SHARED = "tournament"  # games/tournament/: what several games share (Swiss standings, the elimination bracket)
REGISTRY = "sitegen.games"


def games_folder(module: str) -> str | None:
    """The folder directly under games/ that a module lies in ("agot", "vtes", "tournament"); None for the interface
    (the modules directly in games/), the registry and every module outside games/."""
    path = MODULES[module]
    if GAMES not in path.parents or path.parent == GAMES:
        return None
    return path.relative_to(GAMES).parts[0]


def test_no_game_imports_another_games_folder():
    found = sorted(f"{a} imports {b}" for a, targets in GRAPH.items() if games_folder(a) not in (None, SHARED)
                   for b in targets if b == REGISTRY or games_folder(b) not in (None, SHARED, games_folder(a)))
    assert not found, "\n".join(found)


def test_the_shared_tools_and_the_interface_import_no_game():
    found = sorted(f"{a} imports {b}" for a, targets in GRAPH.items()
                   if a != REGISTRY and stage(a) == STAGES.index("games") and games_folder(a) in (None, SHARED)
                   for b in targets if b == REGISTRY or games_folder(b) not in (None, SHARED)
                   or (games_folder(a) is None and games_folder(b) == SHARED))
    assert not found, "\n".join(found)


def test_no_import_cycles():
    found = cycles(GRAPH)
    assert not found, "import cycles:\n" + "\n".join(" <-> ".join(cycle) for cycle in found)


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module, or of one importing itself (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while not component or component[-1] != node:
                component.append(stack.pop())
            if len(component) > 1 or node in graph[node]:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)
