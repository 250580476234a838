"""`sitegen init` and `sitegen new` point an editor at the content files' JSON Schemas, copied into the repository."""
from __future__ import annotations

import jsonschema

from sitegen.edit.scaffold import init_site, new_event
from sitegen.load import content_schema
from sitegen.load.yaml_reader import parse_yaml

MODELINE = "# yaml-language-server: $schema="


def schema_of(path):
    """The schema a file's first line names, resolved from the file's folder as an editor does."""
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith(MODELINE), first
    return (path.parent / first.removeprefix(MODELINE)).resolve()


def test_init_and_new_name_the_schema_copies_and_pass_them(tmp_path):
    init_site(tmp_path / "club", package="sitegen")
    event = tmp_path / "club" / "content" / "events" / "winter"
    written = new_event(event, fmt="agot-joust", date="2026-12-05", players=["Ann Example", "Bo Brant"])
    assert written == [event / "event.yaml"]  # init wrote the schemas already
    for kind, path in (("site", tmp_path / "club" / "content" / "site.yaml"), ("event", event / "event.yaml")):
        schema = schema_of(path)
        assert schema == tmp_path / "club" / ".sitegen" / "schema" / f"{kind}.schema.json"
        assert schema.read_text(encoding="utf-8") == content_schema.text(content_schema.schemas()[kind])
        jsonschema.Draft202012Validator(content_schema.schemas()[kind]).validate(parse_yaml(path.read_text(encoding="utf-8"), str(path)))


def test_new_without_init_writes_the_schemas_it_names(tmp_path):
    event = tmp_path / "content" / "events" / "spring"
    written = new_event(event, fmt="agot-joust", date="2026-03-01")
    assert schema_of(event / "event.yaml") in written and schema_of(tmp_path / "content" / "site.yaml") in written


def test_new_outside_a_repository_writes_no_schema_line(tmp_path):
    new_event(tmp_path / "lone", fmt="agot-joust", date="2026-03-01")
    assert not (tmp_path / "lone" / "event.yaml").read_text(encoding="utf-8").startswith(MODELINE)


def test_new_writes_nothing_above_a_content_folder_that_is_not_in_a_repository(tmp_path):
    """A content folder whose parent is no club repository (no .git, no .sitegen there): the schemas go into the
    content folder itself, never into its parent (it wrote /tmp/.sitegen for a content folder /tmp/club)."""
    content = tmp_path / "club"
    content.mkdir()
    (content / "site.yaml").write_text("title: Club\n", encoding="utf-8")
    event = content / "events" / "winter"
    written = new_event(event, fmt="vtes", date="2026-12-05")
    assert not (tmp_path / ".sitegen").exists()
    assert all(content in path.parents for path in written)
    assert schema_of(event / "event.yaml") == content / ".sitegen" / "schema" / "event.schema.json"
    assert schema_of(event / "event.yaml") in written


def test_new_in_a_git_repository_holding_the_content_folder_writes_the_schemas_at_its_top(tmp_path):
    (tmp_path / ".git").mkdir()
    event = tmp_path / "content" / "events" / "winter"
    new_event(event, fmt="agot-joust", date="2026-12-05")
    assert schema_of(event / "event.yaml") == tmp_path / ".sitegen" / "schema" / "event.schema.json"
