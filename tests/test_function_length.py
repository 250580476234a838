"""No function in the package is longer than MAX_LINES: a longer one does several things, each worth a name."""
from __future__ import annotations

import ast

from project import ROOT

PACKAGE = ROOT / "sitegen"
MAX_LINES = 50  # from `def` to the last line, decorators not counted


def test_no_function_is_over_max_lines():
    long = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno - node.lineno + 1 > MAX_LINES:
                long.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: {node.name} has {node.end_lineno - node.lineno + 1} lines")
    assert not long, "\n".join(long)
