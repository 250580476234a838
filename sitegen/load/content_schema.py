"""The editors' JSON Schemas of the content files, made from the table of keys (sitegen/schema/keys.py) and the keys
each game adds: its event keys, its player fields and its result keys.

`make schema` writes them into sitegen/schema/ (a test checks the shipped files equal these); `sitegen init` copies
them into a club's repository so an editor finds them offline.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from sitegen import games as formats
from sitegen.games.result_entry import FIGURES, FLAG, ORDER, PLAYER, ResultField
from sitegen.schema import keys

SHIPPED = Path(__file__).resolve().parent.parent / "schema"
#: What each schema checks, by file kind: `sitegen/schema/<kind>.schema.json`.
TITLES = {"site": "site.yaml: the site's settings", "event": "event.yaml: an event's settings and players",
          "players": "players.yaml: the players known across events", "round": "a round file: its tables and results"}


def schemas() -> dict[str, dict[str, Any]]:
    """Each file kind's JSON Schema."""
    bodies = {"site": keys.object_schema(keys.SITE), "event": _event(), "players": _people(), "round": _round()}
    return {kind: {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": file_name(kind), "title": TITLES[kind],
                   **body} for kind, body in bodies.items()}


def file_name(kind: str) -> str:
    return f"{kind}.schema.json"


def text(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def _event() -> dict[str, Any]:
    """event.yaml: the shared keys, and each game's own keys where `format:` names that game."""
    schema = keys.object_schema(keys.EVENT)
    properties = schema["properties"]
    properties["format"]["enum"] = sorted(formats.FORMATS)
    properties["decklists"] |= keys.object_schema(keys.DECKLISTS)
    fields = {name: {"type": "string", "description": f"{fmt.title}: {name}"}
              for fmt in formats.FORMATS.values() for name in fmt.deck_fields}
    player = keys.object_schema(keys.PLAYER, fields)
    properties["players"]["items"] = {"anyOf": [player, {"type": "string", "description": "the player's full name"}]}
    del schema["additionalProperties"]  # an object's own keys and its game's: unevaluatedProperties sees both
    schema["unevaluatedProperties"] = False
    schema["allOf"] = [{"if": {"properties": {"format": {"const": name}}, "required": ["format"]},
                        "then": {"properties": {key: {"description": f"{fmt.title}: {key}"} for key in fmt.event_keys}}}
                       for name, fmt in sorted(formats.FORMATS.items()) if fmt.event_keys]
    return schema


def _people() -> dict[str, Any]:
    numbers = {body.number_key: {"type": "string", "description": f"{body.name} number"}
               for _game, body in formats.RANKING_BODIES.values()}
    schema = keys.object_schema(keys.PEOPLE)
    schema["properties"]["players"]["items"] = keys.object_schema(keys.PERSON, numbers)
    return schema


def _round() -> dict[str, Any]:
    results = {field.key: _result(field) for fmt in formats.FORMATS.values() for field in fmt.results.fields}
    schema = keys.object_schema(keys.ROUND)
    schema["properties"]["tables"]["items"] = keys.object_schema(keys.TABLE, results)
    return schema


def _result(field: ResultField) -> dict[str, Any]:
    """A result key's schema, from how the game enters it."""
    number = {"type": "number", "minimum": field.minimum, **({"multipleOf": 0.5} if field.halves else {"multipleOf": 1})}
    by_kind: dict[str, dict[str, Any]] = {PLAYER: keys.ID, FIGURES: {"type": "object", "additionalProperties": number},
                                          ORDER: keys.IDS, FLAG: {"type": "boolean"}}
    return by_kind[field.kind] | {"description": field.help}


def write(folder: Path = SHIPPED) -> list[Path]:
    """Write each schema into `folder` (sitegen/schema/ by default)."""
    written = []
    for kind, schema in schemas().items():
        path = folder / file_name(kind)
        path.write_text(text(schema), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":  # `make schema`
    sys.stdout.write("".join(f"wrote {path}\n" for path in write()))
