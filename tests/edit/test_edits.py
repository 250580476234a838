"""The desk's library (sitegen/edits*.py): each change keeps the TO's layout, and a rejected one writes nothing."""
from __future__ import annotations

import difflib

import pytest
from desk_events import make_event, snapshot

from sitegen import games as formats
from sitegen.edit.commit import commit
from sitegen.edit.players import add_player, drop_player
from sitegen.edit.results import enter_result, number, read_result, scores
from sitegen.edit.round_trip import RoundTrip, replace_keys
from sitegen.games.base import Refused
from sitegen.load.event import load_event
from sitegen.model import ContentError


def seats(folder, slug="round-1"):
    """{table number: players} of one round."""
    event = load_event(folder)
    round_ = next(r for r in event.rounds + event.elims if r.slug == slug)
    return {t.number: list(t.players) for t in round_.tables}


def test_one_result_changes_only_that_tables_lines_and_keeps_comments(tmp_path):
    folder = make_event(tmp_path, "agot-joust")
    path = folder / "round-1.yaml"
    path.write_text(path.read_text().replace("- table: 2", "# the late table\n- table: 2  # by the window"))
    before = path.read_text()
    a, b = seats(folder)[1]
    enter_result(folder, 1, {"winner": a})
    after = path.read_text()
    changed = [line for line in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
               if line[:1] in "+-" and line[:3] not in ("+++", "---")]
    assert changed == [f"+  winner: {a}"]
    enter_result(folder, 1, {"power": [f"{a}=9", f"{b}=11"]})  # replaces the winner
    again = path.read_text()
    assert f"power: {{{a}: 9, {b}: 11}}" in again and "winner:" not in again.split("tables:")[1]
    assert "# the late table" in again and "# by the window" in again and again.startswith("# Desk Joust")


def test_an_indented_file_stays_indented(tmp_path):
    text = "# hand-written\ntables:\n  - table: 1   # near the door\n    players: [ann, ben]\nbyes: [cat]\n"
    doc = RoundTrip(text)
    doc.data["tables"][0]["winner"] = "ann"
    assert doc.dump() == text.replace("[ann, ben]\n", "[ann, ben]\n    winner: ann\n")


@pytest.mark.parametrize("fmt", ["agot-joust", "agot-melee", "vtes"])
def test_a_result_in_each_format(tmp_path, fmt):
    folder = make_event(tmp_path, fmt)
    players = seats(folder)[1]
    if fmt == "agot-joust":
        result = {"power": dict(zip(players, [12, 7]))}
    elif fmt == "agot-melee":
        result = {"power": dict(zip(players, [15, 4, 9, 3])), "winner": players[0], "eliminated": [players[3]]}
    else:
        result = {"vp": dict(zip(players, [2.5, 0, 0, 0.5, 0.5]))}  # two ousts, then time
    entered = enter_result(folder, 1, {key: [f"{p}={n}" for p, n in held.items()] if isinstance(held, dict) else held for key, held in result.items()})
    table = next(t for t in entered.round.tables if t.number == 1)
    assert table.result == result
    assert entered.standings  # the first result moves every row that played
    assert load_event(folder).rounds[0].tables[0].result == result


def refused(folder, call):
    """The call fails as the CLI turns into exit status 2, and the event's files are byte-identical."""
    before = snapshot(folder)
    with pytest.raises((ContentError, Refused)) as caught:
        call()
    assert snapshot(folder) == before
    return str(caught.value)


def test_refusals_write_nothing(tmp_path):
    folder = make_event(tmp_path, "agot-joust")
    (a, b), (c, _d) = seats(folder).values()
    assert "no table 7; its tables: 1, 2" in refused(folder, lambda: enter_result(folder, 7, {"winner": a}))
    message = refused(folder, lambda: enter_result(folder, 1, {"power": [f"{a}=3", f"{c}=5"]}))
    assert f"'power' names '{c}', who is not at table 1" in message
    assert "did you mean 'ann-example'" in refused(folder, lambda: enter_result(folder, 1, {"winner": "ann-exampel"}))
    assert "'vp' is no part of a result" in refused(folder, lambda: enter_result(folder, 1, {"vp": [f"{a}=1", f"{b}=0"]}))
    # the check rejects it: a time result where a player reached the victory total
    message = refused(folder, lambda: enter_result(folder, 1, {"power": [f"{a}=15", f"{b}=3"]}))
    assert str(folder / "round-1.yaml") + ":" in message and "victory total" in message
    assert "no round-4" in refused(folder, lambda: enter_result(folder, 1, {"winner": a}, round_slug="round-4"))
    assert "give table 1's result" in refused(folder, lambda: enter_result(folder, 1, {}))


def test_an_unreachable_vtes_result_is_refused(tmp_path):
    folder = make_event(tmp_path, "vtes")
    players = seats(folder)[1]
    refused(folder, lambda: enter_result(folder, 1, {"vp": [f"{p}={v}" for p, v in zip(players, [2, 0, 1.5, 0.5, 1])]}))


def test_typed_figures():
    assert number("3") == 3 and isinstance(number("3"), int)
    assert number("1.5", halves=True) == 1.5 and number("2.0", halves=True) == 2
    with pytest.raises(ValueError):
        number("1.5")
    with pytest.raises(ValueError):
        number("0.25", halves=True)
    assert scores(["ann=2", "ben=0.5"], "vp", halves=True) == {"ann": 2, "ben": 0.5}
    with pytest.raises(Refused):
        scores(["ann:2"], "vp")
    joust = formats.FORMATS["agot-joust"]
    assert read_result(joust.results, joust.title, {"power": ["ann=3", "ben=1"], "winner": "ann"}) == {"winner": "ann", "power": {"ann": 3, "ben": 1}}


def test_changing_a_round_under_later_rounds_warns(tmp_path):
    folder = make_event(tmp_path, "agot-joust")
    for table, players in seats(folder).items():
        enter_result(folder, table, {"winner": players[0]})
    from sitegen.cli.main import main
    assert main(["pair", str(folder)]) == 0
    (a, _b), _ = seats(folder).values()
    entered = enter_result(folder, 1, {"winner": seats(folder)[1][1]}, round_slug="round-1")
    assert entered.edited.warnings and entered.edited.warnings[0].startswith("round 1 changed after round 2 was paired")
    assert enter_result(folder, 1, {"winner": seats(folder)[1][1]}, round_slug="round-1").edited.warnings == []


def test_comment_lines_between_tables_stay_between_them():
    text = ("tables:\n- table: 1\n  players: [a, b]\n  winner: a    # conceded\n# the late table\n"
            "- table: 2  # window\n  players: [c, d]   # eol\n# end\n")
    doc = RoundTrip(text)
    replace_keys(doc.data["tables"][0], ["winner"], {"power": {"a": 1, "b": 3}}, after="players")
    replace_keys(doc.data["tables"][1], [], {"winner": "c"}, after="players")
    assert doc.dump() == ("tables:\n- table: 1\n  players: [a, b]\n  power: {a: 1, b: 3}\n# the late table\n"
                          "- table: 2  # window\n  players: [c, d]   # eol\n  winner: c\n# end\n")


@pytest.mark.parametrize("fmt", ["agot-joust", "agot-melee", "vtes"])
def test_drop_and_add_in_each_format(tmp_path, fmt):
    folder = make_event(tmp_path, fmt)
    path = folder / "event.yaml"
    before = path.read_text()
    fields = {"vekn": "1000009", "deck": "Toreador"} if fmt == "vtes" else {"faction": "Stark"}
    added = add_player(folder, "Zoe Late", fields=fields, joined=2)
    zoe = added.event.player_by_id["zoe-late"]
    assert zoe.joined == 2 and zoe.deck == fields
    dropped = drop_player(folder, "ben-example", after=1)
    assert dropped.event.player_by_id["ben-example"].dropped == 1
    after = path.read_text()
    assert after.startswith(before.split("players:")[0])  # the lines above the players are untouched
    assert after.count("\n") == before.count("\n") + {"agot-joust": 4, "agot-melee": 3, "vtes": 1}[fmt]
    if fmt == "agot-joust":
        assert "faction: Stark   # wolves" in after and "players:           # four players" in after
        assert "  - name: Zoe Late\n    joined: 2\n    faction: Stark\n" in after
    if fmt == "vtes":
        assert "- {name: Zoe Late, joined: 2, vekn: '1000009', deck: Toreador}" in after
        assert "- {name: Ben Example, vekn: '1000002', dropped: 1}" in after
    if fmt == "agot-melee":
        assert "- {name: Ben Example, dropped: 1}" in after


def test_add_before_round_1_and_with_an_id(tmp_path):
    folder = make_event(tmp_path, "agot-melee", pair=False)
    event = add_player(folder, "Zoe Late").event
    assert event.player_by_id["zoe-late"].joined == 1
    assert (folder / "event.yaml").read_text().endswith("  - Zoe Late\n")
    event = add_player(folder, "Zoe Late", pid="zoe-2", joined=2).event
    assert event.player_by_id["zoe-2"].joined == 2


def test_drop_and_add_refusals_write_nothing(tmp_path):
    folder = make_event(tmp_path, "agot-joust")
    assert "did you mean 'ann-example'" in refused(folder, lambda: drop_player(folder, "ann-exampel"))
    # seated in round 1 but joined later: the check refuses (a late drop awaits `pair --redo`, a late join does not)
    assert "'joined'" in refused(folder, lambda: add_player(folder, "Zoe Late", joined=0))
    assert "already a player 'ann-example'" in refused(folder, lambda: add_player(folder, "Ann Example"))
    assert "'deck'" in refused(folder, lambda: add_player(folder, "Zoe Late", fields={"deck": "Toreador"}))


def test_commit_checks_the_new_texts_with_the_loader_before_writing(tmp_path):
    """`commit` reads the folder with the new texts in place of its files: whatever `sitegen check` would refuse
    in the written files is refused at their real path:line, and nothing is written; what it accepts is what a
    fresh load of the written folder gives."""
    folder = make_event(tmp_path, "agot-joust")
    round_1 = (folder / "round-1.yaml").read_text()
    (a, b), _ = seats(folder).values()
    bad = {
        "a YAML syntax error": ({folder / "round-2.yaml": "tables: [[[\n"}, "round-2.yaml:2: YAML syntax error"),
        "an unknown player": ({folder / "round-2.yaml": "tables:\n- table: 1\n  players: [ann-example, nobody]\n"},
                              "round-2.yaml:3: unknown player id 'nobody'"),
        "a gap in the rounds": ({folder / "round-3.yaml": round_1}, "gap in round numbering"),
        "a file name the loader refuses": ({folder / "round-02.yaml": round_1}, "unexpected file name"),
        "the format's own check": ({folder / "round-1.yaml": round_1.replace(f"players: [{a}, {b}]", f"players: [{a}, {b}]\n  power: {{{a}: 15, {b}: 3}}", 1)},
                                   "victory total"),
        "event.yaml deleted": ({folder / "event.yaml": None}, "missing event.yaml"),
    }
    for name, (texts, expected) in bad.items():
        message = refused(folder, lambda texts=texts: commit(folder, texts))
        assert expected in message and str(folder) in message, name
    relative = folder.relative_to(tmp_path)  # `sitegen pair content/events/desk` from the repository's folder
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(tmp_path)
        emptied = commit(relative, {relative / "round-1.yaml": None})
    assert emptied == load_event(folder) and emptied.rounds == () and not (folder / "round-1.yaml").exists()
    noted = commit(folder, {folder / "round-1.yaml": round_1 + "# a note\n"})
    assert noted == load_event(folder) and [r.slug for r in noted.rounds] == ["round-1"]
    assert (folder / "round-1.yaml").read_text() == round_1 + "# a note\n"


def test_a_file_read_again_unchanged_is_not_built_again_but_follows_what_it_depends_on(tmp_path):
    """The loader keeps what it built from each unchanged file (the check of an edit reads the whole event again):
    the same round comes back, but a change to the players it seats, or a problem in it, is never hidden."""
    folder = make_event(tmp_path, "agot-joust")
    first = load_event(folder)
    assert load_event(folder).rounds[0] is first.rounds[0]
    seated = first.rounds[0].tables[0].players[0]
    event_yaml = (folder / "event.yaml").read_text()
    name = first.player_by_id[seated].name
    (folder / "event.yaml").write_text(event_yaml.replace(f"- name: {name}\n", f"- name: {name}\n    joined: 2\n", 1))
    with pytest.raises(ContentError, match="is seated in round 1"):
        load_event(folder)
    (folder / "event.yaml").write_text(event_yaml)
    assert load_event(folder) == first
    (folder / "round-1.yaml").write_text((folder / "round-1.yaml").read_text() + "bogus: 1\n")
    for _ in range(2):
        with pytest.raises(ContentError, match="unknown key 'bogus'"):
            load_event(folder)
