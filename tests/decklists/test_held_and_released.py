"""Decklists from the command line: held out of git and the site until event.yaml's rule releases them, then content.

A V:TES event of five players, three rounds and no final: its last table's result ends it, and `publish: winner` then
writes the winner's list, and only that one, into decks/<player-id>.txt."""
from __future__ import annotations

import io
import json
import subprocess
from pathlib import Path

import pytest
from desk_events import vtes_event_with

from sitegen.cli.main import main

CORPUS = Path(__file__).resolve().parent.parent / "games" / "vtes" / "decklists"
RULE = "rounds: 3\ndecklists:\n  collect: required\n  publish: winner\n"
ANN_ONLY, BEN_ONLY = "Telepathic Misdirection", "Voter Captivation"  # a card in one player's list and no other's
PLAYERS = ["ann-example", "ben-example", "cat-example", "dan-example", "eli-example"]


@pytest.fixture
def event(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return vtes_event_with(tmp_path, RULE)


def every_text(root: Path) -> str:
    """Every file under `root` as text (the output, its JSON, feed and sitemap included)."""
    return "\n".join(path.read_text(encoding="utf-8", errors="replace") for path in sorted(root.rglob("*")) if path.is_file())


def register(run_cli, folder, player, corpus_name, *extra):
    return run_cli("deck", folder, player, CORPUS / corpus_name, *extra)


HOSTILE = "<img src=x onerror=alert(1)>"


def test_held_lists_stay_out_of_the_site_and_git_until_the_winners_is_released(event, run_cli, tmp_path):
    ann = tmp_path.parent / f"{tmp_path.name}-ann.txt"  # the player's own file, outside the site's repository
    ann.write_text((CORPUS / "legal-a.vdb.txt").read_text().replace("Deck Name: legal-a (vdb)", f"Deck Name: {HOSTILE}"))
    assert run_cli("deck", event, "ann-example", ann)[0] == 0
    status, out, _ = register(run_cli, event, "ben-example", "misspelt.lackey.txt")
    assert status == 0 and "did you mean 'Govern the Unaligned'?" in out
    for player in PLAYERS[2:]:
        assert register(run_cli, event, player, "legal-b.jol.txt")[0] == 0
    status, _, err = run_cli("pair", event)
    assert status == 2 and "ben-example (has problems)" in err and not (event / "round-1.yaml").exists()
    assert register(run_cli, event, "ben-example", "legal-b.lackey.txt")[0] == 0
    assert run_cli("pair", event)[0] == 0
    status, _, err = register(run_cli, event, "ann-example", "legal-b.vdb.txt")
    assert status == 2 and "locked" in err
    assert run_cli("build", "--content", tmp_path / "content", "--output", tmp_path / "output")[0] == 0
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    (tmp_path / ".gitignore").write_text(".sitegen-cache/\noutput/\n")
    subprocess.run(["git", "-C", str(tmp_path), "add", "-A"], check=True)
    tracked = subprocess.run(["git", "-C", str(tmp_path), "ls-files"], check=True, capture_output=True, text=True).stdout.split()
    assert not any(name.endswith(".txt") for name in tracked)
    assert not any(ANN_ONLY in (tmp_path / name).read_text(errors="replace") for name in tracked)
    assert ANN_ONLY not in every_text(tmp_path / "output") + every_text(tmp_path / "content")
    assert main(["standings", str(event)]) == 0 and not (event / "decks").exists()

    for number in (1, 2, 3):
        out = _ann_wins_the_table(run_cli, event, number)
    assert "published the decklists of ann-example" in out
    assert sorted(p.name for p in (event / "decks").iterdir()) == ["ann-example.txt"]
    assert (event / "decks" / "ann-example.txt").read_text() == ann.read_text()
    assert run_cli("build", "--content", tmp_path / "content", "--output", tmp_path / "output")[0] == 0
    site = tmp_path / "output" / "events" / "desk"
    assert BEN_ONLY not in every_text(tmp_path / "output")
    for page in ("decklists.html", "index.html", "players/ann-example.html"):  # the Decklists page, the champion's, Ann's own
        html = (site / page).read_text()
        assert ANN_ONLY in html and "decks/ann-example.txt" in html and HOSTILE not in html and "&lt;img src=x" in html, page
    assert (site / "decks" / "ann-example.txt").read_text() == ann.read_text()
    assert 'href="events/desk/index.html#champion-list"' in (tmp_path / "output" / "index.html").read_text()  # the home page's card
    meta = (site / "decklists.html").read_text()
    assert "What the lists play" in meta and "<th scope=\"row\">Toreador</th><td class=\"num\">1</td><td class=\"num\">1</td>" in meta
    assert ANN_ONLY not in (site / "players" / "ben-example.html").read_text()
    assert json.loads((tmp_path / "output" / "events" / "desk" / "standings.json").read_text())["decklists"] == ["ann-example"]


def test_the_winners_twda_entry_reads_back_in_krcg(event, run_cli):
    from krcg.deck import Deck

    for player in PLAYERS:
        register(run_cli, event, player, "legal-a.twda.txt" if player == "ann-example" else "legal-b.jol.txt")
    status, _, err = run_cli("export", event, "--format", "twda")
    assert status == 2 and "not over" in err
    for number in (1, 2, 3):
        _ann_wins_the_table(run_cli, event, number)
    status, _, err = run_cli("export", event, "--format", "twda")
    assert status == 2 and "add 'place: Lyon, France'" in err
    (event / "event.yaml").write_text((event / "event.yaml").read_text() + "place: Lyon, France\n")
    status, out, _ = run_cli("export", event, "--format", "twda")
    assert status == 0
    assert out.splitlines()[:5] == ["Desk VTES", "Lyon, France", "December 5th 2026", "5 players", "Ann Example (1000001)"]  # no final: no "3R+F"
    again = Deck.from_txt(io.StringIO(out), twda=True)
    assert (again.event, again.place, str(again.date), again.players_count, again.player) == ("Desk VTES", "Lyon, France", "2026-12-05", 5, "Ann Example")
    legal = Deck.from_txt(io.StringIO((CORPUS / "legal-a.twda.txt").read_text()), twda=True)
    assert {c.id: n for c, n in again.items()} == {c.id: n for c, n in legal.items()}


def _ann_wins_the_table(run_cli, event, number) -> str:
    """Round `number` (paired here unless it is already): Ann ousts everyone (5 VP): what `result` printed."""
    from sitegen.load.event import load_event

    if len(load_event(event).rounds) < number:
        assert run_cli("pair", event)[0] == 0

    seated = load_event(event).rounds[number - 1].tables[0].players
    vp = {player: 0 for player in seated} | {"ann-example": 5}
    status, out, err = run_cli("result", event, "1", "--vp", *[f"{p}={v}" for p, v in vp.items()])
    assert status == 0, err
    return out


def test_decks_statuses_check_export_and_a_list_too_long(event, run_cli, tmp_path):
    register(run_cli, event, "ann-example", "legal-a.twda.txt")
    register(run_cli, event, "ben-example", "crypt-11.amaranth.txt")
    status, out, _ = run_cli("decks", event)
    assert status == 0 and out.splitlines()[:3] == ["ann-example: registered", "ben-example: has problems", "cat-example: missing"]
    status, out, _ = run_cli("decks", event, "--check")
    assert status == 2 and "The crypt has 11 cards; 12 at least." in out
    status, out, _ = run_cli("decks", event, "--export", tmp_path / "backup")
    assert status == 0 and sorted(p.name for p in (tmp_path / "backup").iterdir()) == ["ann-example.txt", "ben-example.txt"]
    huge = tmp_path / "huge.txt"
    huge.write_text("1x Govern the Unaligned\n" * 50_000)
    status, _, err = run_cli("deck", event, "cat-example", huge)
    assert status == 2 and "a decklist is 20000 at most" in err
    status, _, err = run_cli("deck", event, "zed", CORPUS / "legal-a.twda.txt")
    assert status == 2 and "no player 'zed'" in err
    assert run_cli("pair", event, "--without-decklists")[0] == 0


def test_publish_refuses_a_winner_before_the_end(event, run_cli):
    register(run_cli, event, "ann-example", "legal-a.twda.txt")
    status, _, err = run_cli("decks", event, "--publish")
    assert status == 2 and "no winner yet" in err and not (event / "decks").exists()


def test_the_decklists_rule_is_checked(make_site, run_cli):
    content = make_site({"events/x/event.yaml": "name: X\nformat: vtes\ndate: 2026-12-05\nplayers: [Ann Example]\n"
                                                "decklists:\n  collect: sometimes\n  publsh: all\n"})
    status, _, err = run_cli("check", "--content", content)
    assert status == 2
    assert "'decklists: collect: sometimes' is not one of none, optional, required" in err
    assert "unknown key 'publsh' in 'decklists:'; did you mean 'publish'?" in err
