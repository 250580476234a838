"""One event check: `check`, `build`, every edit verb and the desk refuse the same events.

An event player whose id players.yaml knows must carry its name there (or an alias); an edit that breaks this
used to be written, and the next `sitegen check` refused the event."""
from __future__ import annotations

import pytest
from desk_events import make_event, snapshot

from sitegen.desk.actions import ACTIONS
from sitegen.desk.screens import players_version
from sitegen.edit.players import add_player
from sitegen.load.event import load_event
from sitegen.model import ContentError

PEOPLE = "players:\n  - {id: ann-example, name: Ann Example}\n  - {id: zoe-late, name: Zoe Late}\n"


def known_event(tmp_path):
    """A Joust event whose content folder's players.yaml knows ann-example and zoe-late."""
    folder = make_event(tmp_path, "agot-joust")
    (tmp_path / "content" / "players.yaml").write_text(PEOPLE, encoding="utf-8")
    return folder


def test_add_with_a_known_id_under_another_name_is_refused_by_the_cli(tmp_path, run_cli):
    folder = known_event(tmp_path)
    before = snapshot(folder)
    status, _out, err = run_cli("add", folder, "Annie Other", "--id", "zoe-late")
    assert status == 2, err
    assert f"{folder / 'event.yaml'}:" in err and "named 'Annie Other' here but 'Zoe Late'" in err
    assert snapshot(folder) == before
    assert run_cli("check", "--content", tmp_path / "content")[0] == 0


def test_add_with_a_known_id_under_another_name_is_refused_by_the_edit_library(tmp_path):
    folder = known_event(tmp_path)
    before = snapshot(folder)
    with pytest.raises(ContentError, match="named 'Annie Other' here but 'Zoe Late'"):
        add_player(folder, "Annie Other", pid="zoe-late")
    assert snapshot(folder) == before


def test_the_desks_add_player_is_refused_the_same(tmp_path):
    folder = known_event(tmp_path)
    (tmp_path / "content" / "players.yaml").write_text(PEOPLE.replace("Zoe Late", "Zoe Early"), encoding="utf-8")
    before = snapshot(folder)
    with pytest.raises(ContentError, match="named 'Zoe Late' here but 'Zoe Early'"):
        ACTIONS["add"](folder, {"name": ["Zoe Late"], "version": [players_version(load_event(folder))]})
    assert snapshot(folder) == before


def test_check_and_the_one_event_commands_agree(tmp_path, run_cli):
    """A hand-edited event.yaml that players.yaml contradicts: `check` and `standings` both refuse it."""
    folder = known_event(tmp_path)
    path = folder / "event.yaml"
    path.write_text(path.read_text().replace("- name: Ben Example", "- {name: Annie Other, id: zoe-late, joined: 2}\n  - name: Ben Example"))
    for args in (["check", "--content", tmp_path / "content"], ["standings", folder]):
        status, _out, err = run_cli(*args)
        assert status == 2 and "named 'Annie Other' here but 'Zoe Late'" in err, args
