"""No function in the package is longer than MAX_LINES: a longer one does several things, each worth a name."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "sitegen"
MAX_LINES = 50  # from `def` to the last line, decorators not counted
# The games are being shortened on their own branch; this skip goes when that lands.
NOT_YET = PACKAGE / "games"


def test_no_function_is_over_max_lines():
    long = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if NOT_YET in path.parents:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno - node.lineno + 1 > MAX_LINES:
                long.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: {node.name} has {node.end_lineno - node.lineno + 1} lines")
    assert not long, "\n".join(long)
