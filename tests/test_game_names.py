"""A game is a plug-in: nothing outside its folder under sitegen/games/ names it (the registry aside)."""
from __future__ import annotations

import ast
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


# The games' own words, as help texts would spell them (a new game adds its own).
GAME_WORDS = re.compile(r"AGoT|Joust|Melee|V:TES|VTES|V:EKN|Game of Thrones|Vampire|vekn", re.IGNORECASE)


def test_no_help_text_or_league_schema_names_a_game():
    """The CLI's help and league.json's schema list the games' names, schemes and capabilities from the registry:
    no string of `cli/` and nothing in the league schema names one (standings.schema.json documents each game's
    records: it is the contract, and names them)."""
    found = []
    for path in sorted((PACKAGE / "cli").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and GAME_WORDS.search(node.value):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value[:80]!r}")
    schema = SCHEMAS / "league.schema.json"
    found += [f"{schema.relative_to(ROOT)}:{n}: {line.strip()}" for n, line in enumerate(schema.read_text().splitlines(), 1)
              if GAME_WORDS.search(line)]
    assert not found, "\n".join(found)
