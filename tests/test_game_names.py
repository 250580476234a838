"""A game is a plug-in: nothing outside its folder under sitegen/games/ names it (the registry aside)."""
from __future__ import annotations

import re

from project import ROOT

from sitegen import games as formats

PACKAGE = ROOT / "sitegen"
REGISTRY = PACKAGE / "games" / "__init__.py"
SHARED = PACKAGE / "games" / "tournament"  # what several games share: it names none of them
SCHEMAS = PACKAGE / "schema"  # the published contract documents every game's records, by name


def test_no_game_is_named_outside_its_folder():
    names = re.compile(r"(?<![\w-])(" + "|".join(re.escape(name) for name in formats.FORMATS) + r")(?![\w-])")
    found = []
    for path in sorted(PACKAGE.rglob("*")):
        if not path.is_file() or path.suffix not in (".py", ".html", ".js", ".css", ".json") or path == REGISTRY or SCHEMAS in path.parents:
            continue
        if (PACKAGE / "games") in path.parents and path.parent != PACKAGE / "games" and SHARED not in path.parents:
            continue  # inside a game's own folder
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if names.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "\n".join(found)
