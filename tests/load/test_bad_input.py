"""Every kind of bad content gets `path:line: message`, exit status 2, and leaves output/ as it was."""
import pytest

EVENT = """\
name: Bad input
format: agot-joust
date: 2026-01-01
cut: 0
players:
  - name: Ann
  - name: Ben
  - name: Cat
  - name: Dov
    dropped: 1
"""
GOOD_R1 = "tables:\n  - table: 1\n    players: [ann, ben]\n    winner: ann\n  - table: 2\n    players: [cat, dov]\n    winner: dov\n"

CASES = {
    "yaml syntax": ({"round-1.yaml": "tables:\n  - table: 1\n    players: [ann, ben\n"}, "round-1.yaml", 4, "YAML syntax error"),
    "unknown key suggests": ({"round-1.yaml": GOOD_R1.replace("winner: ann", "winer: ann")}, "round-1.yaml", 4, "did you mean 'winner'?"),
    "unknown event key": ({"event.yaml": EVENT.replace("cut: 0", "cutt: 0")}, "event.yaml", 4, "did you mean 'cut'?"),
    "unknown player id": ({"round-1.yaml": GOOD_R1.replace("[cat, dov]", "[cat, dow]")}, "round-1.yaml", 6, "unknown player id 'dow'; did you mean 'dov'?"),
    "duplicate player id": ({"event.yaml": EVENT + "  - name: Ben\n"}, "event.yaml", 11, "duplicate player id 'ben'"),
    "player twice in a round": ({"round-1.yaml": GOOD_R1.replace("[cat, dov]", "[cat, ann]").replace("winner: dov", "winner: cat")}, "round-1.yaml", 6, "appears twice"),
    "winner not at the table": ({"round-1.yaml": GOOD_R1.replace("winner: dov", "winner: ben")}, "round-1.yaml", 7, "winner 'ben' is not at table 2"),
    "negative power": ({"round-1.yaml": GOOD_R1.replace("winner: dov", "power: {cat: -1, dov: 3}")}, "round-1.yaml", 7, "power of 'cat' must be a whole number"),
    "non-integer power": ({"round-1.yaml": GOOD_R1.replace("winner: dov", "power: {cat: 2.5, dov: 3}")}, "round-1.yaml", 7, "power of 'cat' must be a whole number"),
    "gap in rounds": ({"round-1.yaml": GOOD_R1, "round-3.yaml": "tables: []\n"}, "round-3.yaml", 1, "gap in round numbering"),
    "result for a dropped player": ({"round-1.yaml": GOOD_R1, "round-2.yaml": "tables:\n  - table: 1\n    players: [ann, dov]\n    winner: ann\n"}, "round-2.yaml", 3, "dropped after round 1"),
    "table of the wrong size": ({"round-1.yaml": GOOD_R1.replace("[cat, dov]", "[cat, dov, ben]").replace("[ann, ben]", "[ann]").replace("winner: ann", "")}, "round-1.yaml", 2, "a Joust table seats 2 players"),
    "unknown format": ({"event.yaml": EVENT.replace("agot-joust", "agot-jost")}, "event.yaml", 2, "did you mean 'agot-joust'?"),
    "elimination without winner": ({"round-1.yaml": GOOD_R1, "elim-1.yaml": "tables:\n  - table: 1\n    players: [ann, ben]\n    power: {ann: 3, ben: 3}\n"}, "elim-1.yaml", 2, "always has a winner"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_content_is_reported_with_its_line(case, make_site, run_cli, tmp_path):
    files, bad_file, line, message = CASES[case]
    content = make_site({"events/e/event.yaml": EVENT} | {f"events/e/{k}": v for k, v in files.items()})
    output = tmp_path / "output"
    output.mkdir()
    (output / "index.html").write_text("the last good build")
    status, out, err = run_cli("build", "--content", content, "--output", output)
    assert status == 2
    expected = f"{content / 'events' / 'e' / bad_file}:{line}: "
    lines = [text for text in err.splitlines() if text.startswith(expected)]
    assert lines, f"no '{expected}' in:\n{err}"
    assert any(message in text for text in lines), err
    assert "Traceback" not in err
    assert [p.name for p in output.iterdir()] == ["index.html"]
    assert (output / "index.html").read_text() == "the last good build"
    status, _, err2 = run_cli("check", "--content", content)
    assert status == 2 and err2 == err


def test_missing_site_yaml(tmp_path, run_cli):
    status, _, err = run_cli("check", "--content", tmp_path)
    assert status == 2 and f"{tmp_path / 'site.yaml'}:1: no site.yaml" in err


def test_a_list_where_the_site_title_belongs(tmp_path, run_cli):
    (tmp_path / "site.yaml").write_text("title:\n  - one\n  - two\n")
    status, _, err = run_cli("check", "--content", tmp_path)
    assert status == 2 and f"{tmp_path / 'site.yaml'}:1: 'title' must be a single value" in err


def test_a_mapping_among_a_leagues_tiebreakers_is_reported_with_its_line(make_site, run_cli):
    content = make_site({"events/e/event.yaml": EVENT, "leagues/season.yaml": "name: S\nevents: [e]\npoints: [3]\ntiebreakers: [{a: 1}]\n"})
    status, _, err = run_cli("check", "--content", content)
    assert status == 2 and "leagues/season.yaml:4:" in err
