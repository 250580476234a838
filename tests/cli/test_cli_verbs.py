"""The TO's desk from the command line: result, drop, add, pair --redo/--start, standings, init, new."""
from __future__ import annotations

import re
import subprocess
import sys

import pytest
import yaml
from desk_events import make_event, snapshot

from sitegen.load.event import load_event


def seats(folder, slug=None):
    event = load_event(folder)
    round_ = (event.rounds + event.elims)[-1] if slug is None else next(r for r in event.rounds + event.elims if r.slug == slug)
    return {t.number: list(t.players) for t in round_.tables}


def test_result_prints_the_table_and_the_rows_it_moved(tmp_path, run_cli):
    folder = make_event(tmp_path, "agot-joust")
    a, b = seats(folder)[1]
    status, out, err = run_cli("result", folder, 1, "--power", f"{a}=9", f"{b}=11")
    assert status == 0, err
    assert "Round 1, table 1" in out and "Modified win" in out and "standings rows that changed" in out
    assert "Ann Example" in out or "Cat Example" in out


@pytest.mark.parametrize("args, message", [
    (["7", "--winner", "ann-example"], "has no table 7"),
    (["1", "--winner", "zed"], "'winner' names 'zed', who is not at table 1"),
    (["1", "--power", "ann-example=x"], "--power ann-example=x"),
    (["1", "--vp", "ann-example=1"], "'vp' is no part of a result"),
    (["1", "--winner", "ann-example", "--round", "3"], "has no round-3"),
])
def test_result_refusals_exit_2_and_write_nothing(tmp_path, run_cli, args, message):
    folder = make_event(tmp_path, "agot-joust")
    before = snapshot(folder)
    status, _out, err = run_cli("result", folder, *args)
    assert status == 2 and message in err
    assert snapshot(folder) == before


def test_result_the_check_rejects_points_at_the_line(tmp_path, run_cli):
    folder = make_event(tmp_path, "agot-melee")
    players = seats(folder)[1]
    before = snapshot(folder)
    power = [f"{pid}=15" for pid in players]  # everyone at the victory total and no winner
    status, _out, err = run_cli("result", folder, 1, "--power", *power)
    assert status == 2 and f"{folder / 'round-1.yaml'}:" in err and "nothing was written" in err
    assert snapshot(folder) == before


def test_drop_and_add_from_the_command_line(tmp_path, run_cli):
    folder = make_event(tmp_path, "vtes")
    status, out, err = run_cli("add", folder, "Zoe Late", "--field", "vekn=1000009", "deck=Toreador")
    assert status == 0, err
    assert "added Zoe Late (id zoe-late, first round 1)" in out  # round 1 has no result yet: she joins it
    assert "pair it again with `sitegen pair --redo" in out
    status, out, err = run_cli("drop", folder, "ben-example")
    assert status == 0 and "not paired from round 1 on" in out
    event = load_event(folder)
    assert event.player_by_id["ben-example"].dropped == 0 and event.player_by_id["zoe-late"].joined == 1


@pytest.mark.parametrize("args, message", [
    (["drop", "zed"], "no player 'zed'"),
    (["add", "Zoe Late", "--joined", "0"], "'joined' must be a whole number of at least 1"),
    (["add", "Ann Example"], "already a player"),
    (["add", "Zoe Late", "--field", "faction"], "KEY=VALUE"),
    (["add", "Zoe Late", "--field", "faction=Stark"], "'faction'"),
])
def test_drop_and_add_refusals(tmp_path, run_cli, args, message):
    folder = make_event(tmp_path, "vtes")
    before = snapshot(folder)
    status, _out, err = run_cli(args[0], folder, *args[1:])
    assert status == 2 and message in err
    assert snapshot(folder) == before


@pytest.mark.parametrize("fmt", ["agot-joust", "agot-melee", "vtes"])
def test_pair_writes_the_round_clock_and_redo_keeps_it(tmp_path, run_cli, fmt):
    folder = make_event(tmp_path, fmt, pair=False)
    status, out, err = run_cli("pair", folder, "--start", "2026-12-05 14:00", "--minutes", "55")
    assert status == 0, err
    round_ = load_event(folder).rounds[0]
    assert (round_.start, round_.minutes) == ("2026-12-05 14:00", 55)
    status, out, err = run_cli("pair", folder, "--redo", "--minutes", "50")
    assert status == 0, err
    round_ = load_event(folder).rounds[0]
    assert (round_.start, round_.minutes) == ("2026-12-05 14:00", 50) and len(load_event(folder).rounds) == 1


def test_pair_refusals(tmp_path, run_cli):
    folder = make_event(tmp_path, "agot-joust")
    a = seats(folder)[2][0]
    assert run_cli("result", folder, 2, "--winner", a)[0] == 0
    before = snapshot(folder)
    status, _out, err = run_cli("pair", folder, "--redo")
    assert status == 2 and "table 2 of Round 1 has a result" in err
    status, _out, err = run_cli("pair", folder, "--plan", "--start", "2026-12-05 14:00")
    assert status == 2 and "--plan" in err
    assert snapshot(folder) == before
    fresh = make_event(tmp_path / "other", "agot-joust", pair=False)
    before = snapshot(fresh)
    status, _out, err = run_cli("pair", fresh, "--start", "2026-12-05 25:00")
    assert status == 2 and "must be a local date and time" in err and str(fresh / "round-1.yaml") in err
    assert snapshot(fresh) == before


def test_a_whole_joust_run_through_the_verbs_alone(tmp_path, run_cli):
    """Eight players: new, add, pair, results (wins and time results), a drop, the cut, the final; check and build pass."""
    content = tmp_path / "content"
    folder = content / "events" / "club-joust"
    status, _out, err = run_cli("new", folder, "--name", "Club Joust", "--date", "2026-12-05", "--cut", "4",
                                "--player", "Ann Example", "--player", "Ben Example")
    assert status == 0, err
    for name in ["Cat", "Dan", "Eli", "Fay", "Gus", "Hal"]:
        assert run_cli("add", folder, f"{name} Example", "--field", "faction=Stark")[0] == 0
    dropped = False
    for _ in range(12):
        status, out, err = run_cli("pair", folder)
        if status == 2:
            assert "finished" in err or "decided" in err, err
            break
        elimination = bool(load_event(folder).elims)
        for number, (a, b) in seats(folder).items():
            if number % 2 or elimination:
                status, out, err = run_cli("result", folder, number, "--winner", a)
            else:
                status, out, err = run_cli("result", folder, number, "--power", f"{a}=7", f"{b}=9")
            assert status == 0, err
        if not dropped:
            status, out, err = run_cli("drop", folder, "hal-example")
            assert status == 0, err
            dropped = True
    event = load_event(folder)
    assert len(event.rounds) == 3 and event.elims
    assert run_cli("check", "--content", content)[0] == 0
    status, out, err = run_cli("standings", folder)
    assert status == 0 and "final ranking" in out and "(champion)" in out and "(dropped)" in out
    assert out.index("final ranking") < out.index("standings after")
    status, out, err = run_cli("build", "--content", content, "--output", tmp_path / "output")
    assert status == 0, err
    assert (tmp_path / "output" / "events" / "club-joust" / "standings.json").exists()


def test_init_makes_a_site_that_passes_check_and_builds(tmp_path, run_cli):
    root = tmp_path / "club"
    status, out, err = run_cli("init", root, "--title", "Crow's Nest", "--package", "sitegen==0.1.0",
                               "--base-url", "https://crows.example.org/nest", "--timezone", "Europe/Paris")
    assert status == 0, err
    site = yaml.safe_load((root / "content/site.yaml").read_text())
    assert site["base_url"] == "https://crows.example.org/nest/" and site["timezone"] == "Europe/Paris"
    assert 'SITEGEN_PACKAGE: "sitegen==0.1.0"' in (root / ".github/workflows/publish.yml").read_text()
    assert "OWNER" not in (root / "README.md").read_text()
    for rel in ["content/site.yaml", "content/pages/about.md", "content/events", ".gitignore",
                ".github/workflows/publish.yml", "README.md"]:
        assert (root / rel).exists(), rel
    assert "output/" in (root / ".gitignore").read_text() and ".sitegen-cache/" in (root / ".gitignore").read_text()
    workflow = yaml.safe_load((root / ".github/workflows/publish.yml").read_text())
    steps = [step.get("run", step.get("uses", "")) for step in workflow["jobs"]["build"]["steps"]]
    assert any("pip install" in s for s in steps) and any("sitegen build" in s for s in steps)
    assert any("deploy-pages" in s.get("uses", "") for s in workflow["jobs"]["deploy"]["steps"])
    assert run_cli("check", "--content", root / "content")[0] == 0
    assert run_cli("build", "--content", root / "content", "--output", root / "output")[0] == 0
    assert run_cli("init", root, "--package", "sitegen==0.1.0")[0] == 2  # never over an existing site


def test_init_refuses_a_source_the_club_cannot_install_from(tmp_path, run_cli):
    """This checkout is an editable install: a folder on this computer that the club's CI cannot reach."""
    done = subprocess.run([sys.executable, "-m", "sitegen", "init", "club", "--base-url", "", "--timezone", ""],
                          cwd=tmp_path, capture_output=True, text=True, stdin=subprocess.DEVNULL)  # away from the checkout's egg-info
    assert done.returncode == 2 and "--vendor" in done.stderr and not (tmp_path / "club").exists()
    assert run_cli("init", tmp_path / "club", "--package", "x", "--base-url", "javascript:alert(1)//")[0] == 2


@pytest.mark.parametrize("fmt, fields, absent", [
    ("agot-joust", ["faction:", "agenda:", "# cut:"], "vekn"),
    ("agot-melee", ["faction:", "agenda:", "# cut:"], "vekn"),
    ("vtes", ["vekn:", "deck:", "# final: false"], "cut"),
])
def test_new_writes_the_formats_fields_and_a_site_yaml(tmp_path, run_cli, fmt, fields, absent):
    folder = tmp_path / "content" / "events" / "club-event"
    status, out, err = run_cli("new", folder, "--format", fmt, "--date", "2026-12-05")
    assert status == 0, err
    text = (folder / "event.yaml").read_text()
    assert all(field in text for field in fields) and absent not in text
    assert (tmp_path / "content" / "site.yaml").exists()
    assert run_cli("check", "--content", tmp_path / "content")[0] == 0
    assert run_cli("new", folder)[0] == 2


def test_new_says_what_each_file_it_created_is_for(tmp_path, run_cli):
    """site.yaml is the one to edit; the schemas are for an editor (it said "the site's title and address" of each)."""
    folder = tmp_path / "content" / "events" / "club-event"
    status, out, _ = run_cli("new", folder, "--date", "2026-12-05")
    lines = dict(line.removeprefix("created ").split(": ", 1) for line in out.splitlines())
    site, event = str(tmp_path / "content" / "site.yaml"), str(folder / "event.yaml")
    assert status == 0 and lines.pop(site) == "the site's title and address; edit it" and lines.pop(event).startswith("list the players")
    assert lines and all(path.endswith(".schema.json") and "editor" in what for path, what in lines.items())


def test_pair_warns_of_a_forced_rematch_and_a_refusal_names_who_has_no_result(tmp_path, run_cli):
    folder = tmp_path / "content" / "events" / "pair-of-two"
    assert run_cli("new", folder, "--player", "Ann Example", "--player", "Ben Example", "--rounds", "2")[0] == 0
    status, _out, err = run_cli("pair", folder)
    assert status == 0 and "rematch" not in err and "2 players so far" in err  # round 1: the only warning is the field size
    status, _out, err = run_cli("pair", folder)
    assert status == 2 and re.search(r"table 1 has no result yet \(table 1: (Ann|Ben) Example – (Ben|Ann) Example\)", err), err
    assert run_cli("result", folder, 1, "--winner", "ann-example")[0] == 0
    status, _out, err = run_cli("pair", folder)
    assert status == 0 and "sitegen: warning: round-2: 1 rematch could not be avoided: " in err, err


def test_build_warns_once_when_printed_pairings_lack_the_base_url_for_their_qr_code(tmp_path, run_cli):
    folder = tmp_path / "content" / "events" / "club"
    assert run_cli("new", folder, "--date", "2026-12-05", *[x for n in "ABCD" for x in ("--player", f"Player {n}")])[0] == 0
    assert run_cli("pair", folder)[0] == 0
    status, _, err = run_cli("build", "--content", tmp_path / "content", "--output", tmp_path / "out")
    assert status == 0 and err.count("no base_url") == 1 and "QR code" in err
    site = tmp_path / "content" / "site.yaml"
    site.write_text(site.read_text() + "base_url: https://club.example.org/\n")
    assert "base_url" not in run_cli("build", "--content", tmp_path / "content", "--output", tmp_path / "out")[2]


def test_new_without_players_writes_an_empty_roster_not_placeholders_and_check_warns_below_four(tmp_path, run_cli):
    folder = tmp_path / "content" / "events" / "club"
    assert run_cli("new", folder, "--date", "2026-12-05")[0] == 0
    assert yaml.safe_load((folder / "event.yaml").read_text())["players"] == []
    status, _, err = run_cli("check", "--content", tmp_path / "content")
    assert status == 0 and "0 players so far" in err and "at least 4" in err
    for name in ("Ann Example", "Ben Example", "Cat Example", "Dan Example"):
        assert run_cli("add", folder, name)[0] == 0
    assert [p["name"] for p in yaml.safe_load((folder / "event.yaml").read_text())["players"]][0] == "Ann Example"
    status, _, err = run_cli("check", "--content", tmp_path / "content")
    assert status == 0 and "players so far" not in err


def test_pairing_round_1_below_four_players_warns(tmp_path, run_cli):
    folder = tmp_path / "content" / "events" / "club"
    assert run_cli("new", folder, "--date", "2026-12-05", "--player", "Ann Example", "--player", "Ben Example")[0] == 0
    status, _, err = run_cli("pair", folder)
    assert status == 0 and "2 players so far" in err and "at least 4" in err


def test_new_writes_the_events_own_language(tmp_path, run_cli):
    """An event in another language than the site's, made without typing YAML (the desk's form says the same)."""
    folder = tmp_path / "content" / "events" / "tournoi"
    assert run_cli("new", folder, "--date", "2026-12-05", "--language", "fr")[0] == 0
    text = (folder / "event.yaml").read_text()
    assert "\nlanguage: fr  " in text and "# language:" not in text
    assert load_event(folder).language == "fr"
    assert run_cli("check", "--content", tmp_path / "content")[0] == 0
    status, _, err = run_cli("new", tmp_path / "content" / "events" / "other", "--language", "xx")
    assert status == 2 and "xx" in err and not (tmp_path / "content" / "events" / "other").exists()
