"""The editors' JSON Schemas: shipped as generated from the table of keys, and the demo content passes them."""
from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from sitegen.load import content_schema
from sitegen.load.event import load_event
from sitegen.load.yaml_reader import parse_yaml
from sitegen.model import EVENT_KEYS, ROUND_KEYS, SITE_KEYS, ContentError
from sitegen.schema import keys

DEMO = Path(__file__).resolve().parents[2] / "content"
SCHEMAS = content_schema.schemas()


@pytest.mark.parametrize("kind", sorted(SCHEMAS))
def test_the_shipped_schema_is_the_generated_one(kind):
    shipped = (content_schema.SHIPPED / content_schema.file_name(kind)).read_text(encoding="utf-8")
    assert shipped == content_schema.text(SCHEMAS[kind]), "run `make schema` and commit sitegen/schema/"


@pytest.mark.parametrize("kind", sorted(SCHEMAS))
def test_each_schema_is_a_valid_schema(kind):
    jsonschema.Draft202012Validator.check_schema(SCHEMAS[kind])


def demo_files():
    yield "site", DEMO / "site.yaml"
    yield "players", DEMO / "players.yaml"
    for folder in sorted((DEMO / "events").iterdir()):
        yield "event", folder / "event.yaml"
        for path in sorted(folder.glob("*.yaml")):
            if path.name != "event.yaml":
                yield "round", path


@pytest.mark.parametrize(("kind", "path"), list(demo_files()), ids=lambda v: str(v).rsplit("content/", 1)[-1])
def test_the_demo_content_passes_its_schema(kind, path):
    # Read as the loader reads it (YAML 1.2, as editors do: an unquoted date is text).
    jsonschema.Draft202012Validator(SCHEMAS[kind]).validate(parse_yaml(path.read_text(encoding="utf-8"), str(path)))


def validate(kind, data):
    return [e.message for e in jsonschema.Draft202012Validator(SCHEMAS[kind]).iter_errors(data)]


def test_a_misspelt_key_and_a_wrong_type_are_underlined():
    assert validate("site", {"title": "T", "tilte": "x"})
    assert validate("event", {"name": "E", "format": "joust", "date": "2026-01-01", "players": [], "rounds": "three"})
    assert validate("round", {"tables": [{"table": 1, "players": ["a", "b"], "winer": "a"}]})


def test_a_games_own_event_key_is_allowed_in_its_format_only():
    games = json.dumps(SCHEMAS["event"]["allOf"])
    event_key = next(k for k in ("final", "multideck") if k in games)
    base = {"name": "E", "date": "2026-01-01", "players": [], event_key: True}
    game = next(rule["if"]["properties"]["format"]["const"] for rule in SCHEMAS["event"]["allOf"])
    other = next(name for name in SCHEMAS["event"]["properties"]["format"]["enum"] if name != game)
    assert not validate("event", base | {"format": game})
    assert validate("event", base | {"format": other})


def test_the_loaders_key_lists_come_from_the_table():
    assert SITE_KEYS == keys.names(keys.SITE) and EVENT_KEYS == keys.names(keys.EVENT) and ROUND_KEYS == keys.names(keys.ROUND)
    assert all(key.help and "\n" not in key.help for table in (keys.SITE, keys.EVENT, keys.PLAYER, keys.PERSON, keys.ROUND,
                                                                 keys.TABLE, keys.DECKLISTS) for key in table)


EVENT_YAML = "name: E\nformat: agot-joust\ndate: 2026-01-01\nplayers:\n  - name: Ann\n    {player}\n  - name: Bo\n{event}\n"
ROUND_YAML = "{round}\ntables:\n  - table: 1\n    players: [ann, bo]\n    {table}\n"


def problems(tmp_path, event="", player="", round_="", table=""):
    folder = tmp_path / "events" / "e"
    folder.mkdir(parents=True, exist_ok=True)
    texts = {folder / "event.yaml": EVENT_YAML.format(event=event, player=player),
             folder / "round-1.yaml": ROUND_YAML.format(round=round_, table=table)}
    try:
        load_event(folder, texts)
    except ContentError as error:
        return [str(p) for p in error.problems]
    return []


WHOLE_KEYS = [(where, key) for where, table in (("event", keys.EVENT), ("player", keys.PLAYER), ("round_", keys.ROUND))
              for key in table if key.type == keys.WHOLE]


@pytest.mark.parametrize(("where", "key"), WHOLE_KEYS, ids=lambda v: getattr(v, "name", v))
def test_the_loader_refuses_a_whole_number_key_out_of_its_declared_type_and_bounds(tmp_path, where, key):
    for wrong in ("many", key.minimum - 1, (key.maximum or 10**9) + 1):
        if wrong == 10**9 + 1:
            continue  # no upper bound declared
        found = problems(tmp_path, **{where: f"{key.name}: {wrong}"})
        assert any(f"'{key.name}'" in p for p in found), (wrong, found)
    assert not problems(tmp_path, **{where: f"{key.name}: {max(key.minimum, 1)}"})
