"""The public JSON files match the JSON Schemas published beside them, for every demo event."""
import json

import jsonschema


def test_every_standings_json_matches_its_schema(demo_files):
    schema = json.loads(demo_files["schema/standings.schema.json"])
    jsonschema.Draft202012Validator.check_schema(schema)
    documents = [path for path in demo_files if path.endswith("/standings.json")]
    assert len(documents) == 8  # the demo's events, the three Thursday nights of its season and the French one included
    formats = set()
    for path in documents:
        document = json.loads(demo_files[path])
        jsonschema.validate(document, schema)
        formats.add(document["format"])
    assert formats == {"agot-joust", "agot-melee", "vtes"}


def test_every_pairings_json_matches_its_schema(demo_files):
    schema = json.loads(demo_files["schema/pairings.schema.json"])
    documents = [path for path in demo_files if "/pairings/" in path]
    assert documents
    for path in documents:
        jsonschema.validate(json.loads(demo_files[path]), schema)
