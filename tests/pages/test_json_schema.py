"""The public JSON files match the JSON Schemas published beside them, for every demo event."""
import json

import jsonschema
import pytest
from project import DEMO

from sitegen.build.pipeline import render


@pytest.fixture(scope="module")
def files():
    return render(DEMO)


def test_every_standings_json_matches_its_schema(files):
    schema = json.loads(files["schema/standings.schema.json"])
    jsonschema.Draft202012Validator.check_schema(schema)
    documents = [path for path in files if path.endswith("/standings.json")]
    assert len(documents) == 7  # the demo's events, the three Thursday nights of its season included
    formats = set()
    for path in documents:
        document = json.loads(files[path])
        jsonschema.validate(document, schema)
        formats.add(document["format"])
    assert formats == {"agot-joust", "agot-melee", "vtes"}


def test_every_pairings_json_matches_its_schema(files):
    schema = json.loads(files["schema/pairings.schema.json"])
    documents = [path for path in files if "/pairings/" in path]
    assert documents
    for path in documents:
        jsonschema.validate(json.loads(files[path]), schema)
