"""V:TES `multideck: true` (V:EKN 3.1.5: between rounds a player may switch decks): one list per round.

A list registered before round 1 is paired is the player's list from round 1 on (held as `<player>.txt`); one
registered later is their list from the next round on (held as `<player>.round-N.txt`, or `.final.txt`) and is locked
once that round is paired. A player who registers nothing new plays their last list again. Released, each list a
player played is `decks/<player>.round-N.txt`, and `decks/<player>.txt` is the one of their last round (the TWDA's)."""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from desk_events import vtes_event_with

from sitegen.edit.decklists import HeldDecks, list_for_round, target_round
from sitegen.load.event import load_event

CORPUS = Path(__file__).resolve().parent.parent / "games" / "vtes" / "decklists"
RULE = "rounds: 3\nmultideck: true\ndecklists:\n  collect: required\n  publish: all\n"
PLAYERS = ["ann-example", "ben-example", "cat-example", "dan-example", "eli-example"]
A_ONLY, B_ONLY = "Telepathic Misdirection", "Voter Captivation"  # in legal-a's list only, in legal-b's only


@pytest.fixture
def event(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return vtes_event_with(tmp_path, RULE)


def deck(run_cli, folder, player, name, *extra):
    return run_cli("deck", folder, player, CORPUS / name, *extra)


def play_round(run_cli, folder, number):
    """Pair round `number`, then Ann ousts her whole table (5 VP)."""
    assert run_cli("pair", folder)[0] == 0
    seated = load_event(folder).rounds[number - 1].tables[0].players
    status, out, err = run_cli("result", folder, "1", "--vp", *[f"{p}={5 if p == 'ann-example' else 0}" for p in seated])
    assert status == 0, err
    return out


def test_each_round_takes_its_own_list_and_locks_when_paired(event, run_cli, tmp_path):
    for player in PLAYERS:
        status, out, _ = deck(run_cli, event, player, "legal-a.twda.txt" if player == "ann-example" else "legal-b.jol.txt")
        assert status == 0 and "for round 1" in out
    assert target_round(load_event(event)) == "round-1"
    play_round(run_cli, event, 1)
    assert target_round(load_event(event)) == "round-2"
    status, out, _ = deck(run_cli, event, "ann-example", "legal-b.vdb.txt")
    assert status == 0 and "for round 2" in out
    status, _, _ = deck(run_cli, event, "ben-example", "crypt-11.amaranth.txt")
    assert status == 0
    held = HeldDecks.of(tmp_path / ".sitegen-cache", load_event(event))
    assert sorted(p.name for p in held.folder.iterdir()) == sorted([f"{p}.txt" for p in PLAYERS] + ["ann-example.round-2.txt", "ben-example.round-2.txt"])
    status, _, _ = run_cli("decks", event, "--export", tmp_path / "backup")
    assert status == 0 and sorted(p.name for p in (tmp_path / "backup").iterdir()) == sorted(p.name for p in held.folder.iterdir())
    status, out, _ = run_cli("decks", event)
    assert status == 0 and "ann-example: round 1 registered, round 2 registered" in out and "ben-example: round 1 registered, round 2 has problems" in out
    status, _, err = run_cli("pair", event)
    assert status == 2 and "round 2 is not paired" in err and "ben-example (has problems)" in err and "ann-example" not in err
    assert deck(run_cli, event, "ben-example", "legal-a.vdb.txt")[0] == 0
    play_round(run_cli, event, 2)
    status, _, err = deck(run_cli, event, "ann-example", "legal-a.twda.txt", "--round", "round-2")
    assert status == 2 and "Round 2 is paired" in err and "--force" in err
    status, _, err = deck(run_cli, event, "ann-example", "legal-a.twda.txt", "--round", "round-9")
    assert status == 2 and "round-1, round-2, round-3" in err
    event_now = load_event(event)
    lists = held.by_round()
    assert list_for_round(event_now, lists, "cat-example", "round-3") == (CORPUS / "legal-b.jol.txt").read_text()  # nothing new: the last list again
    assert list_for_round(event_now, lists, "ann-example", "round-3") == (CORPUS / "legal-b.vdb.txt").read_text()
    assert not (event / "decks").exists()  # nothing published before the event's end
    assert "published the decklists" in play_round(run_cli, event, 3)

    decks = event / "decks"
    assert (decks / "ann-example.round-1.txt").read_text() == (CORPUS / "legal-a.twda.txt").read_text()
    assert (decks / "ann-example.round-2.txt").read_text() == (CORPUS / "legal-b.vdb.txt").read_text()
    assert (decks / "ann-example.round-3.txt").read_text() == (CORPUS / "legal-b.vdb.txt").read_text()
    assert (decks / "ann-example.txt").read_text() == (CORPUS / "legal-b.vdb.txt").read_text()  # the list of her last round
    assert (decks / "ben-example.round-1.txt").read_text() == (CORPUS / "legal-b.jol.txt").read_text()
    assert (decks / "ben-example.txt").read_text() == (CORPUS / "legal-a.vdb.txt").read_text()
    assert len(list(decks.iterdir())) == 5 * 4

    assert run_cli("build", "--content", tmp_path / "content", "--output", tmp_path / "output")[0] == 0
    site = tmp_path / "output" / "events" / "desk"
    ann = (site / "players" / "ann-example.html").read_text()
    assert A_ONLY in ann and B_ONLY in ann and "decks/ann-example.round-1.txt" in ann and "decks/ann-example.txt" in ann
    assert (site / "decks" / "ann-example.round-1.txt").read_text() == (CORPUS / "legal-a.twda.txt").read_text()
    assert "decks/ben-example.round-2.txt" in (site / "decklists.html").read_text()
    document = json.loads((site / "standings.json").read_text())
    assert document["decklists"] == PLAYERS
    assert document["decklists_by_round"]["ann-example"] == ["round-1", "round-2", "round-3"]


def test_the_twda_takes_the_winners_last_list(event, run_cli):
    from krcg.deck import Deck

    (event / "event.yaml").write_text((event / "event.yaml").read_text() + "place: Lyon, France\n")
    for player in PLAYERS:
        deck(run_cli, event, player, "legal-a.twda.txt")
    play_round(run_cli, event, 1)
    deck(run_cli, event, "ann-example", "legal-b.twda.txt")
    play_round(run_cli, event, 2)
    play_round(run_cli, event, 3)
    status, out, _ = run_cli("export", event, "--format", "twda")
    assert status == 0
    again = Deck.from_txt(io.StringIO(out), twda=True)
    played = Deck.from_txt(io.StringIO((CORPUS / "legal-b.twda.txt").read_text()), twda=True)
    assert {c.id: n for c, n in again.items()} == {c.id: n for c, n in played.items()}


def test_a_single_deck_event_keeps_one_list(event, run_cli):
    (event / "event.yaml").write_text((event / "event.yaml").read_text().replace("multideck: true\n", ""))
    assert target_round(load_event(event)) == ""
    status, out, _ = deck(run_cli, event, "ann-example", "legal-a.twda.txt")
    assert status == 0 and "for round" not in out
    status, _, err = deck(run_cli, event, "ann-example", "legal-a.twda.txt", "--round", "round-2")
    assert status == 2 and "multideck" in err


def test_pair_says_a_misspelt_format_plainly_when_lists_are_required(event, run_cli):
    (event / "event.yaml").write_text((event / "event.yaml").read_text().replace("format: vtes", "format: vtess"))
    status, _, err = run_cli("pair", event)
    assert status == 2 and "unknown format 'vtess'; did you mean 'vtes'?" in err and not (event / "round-1.yaml").exists()


def test_a_published_rounds_list_names_a_round_of_the_event_beside_the_players_list(event, run_cli):
    """By hand, a TO may misname a round's list: `check` says which file, naming the event's rounds."""
    decks = event / "decks"
    decks.mkdir()
    list_text = (CORPUS / "legal-a.twda.txt").read_text(encoding="utf-8")
    (decks / "ann-example.txt").write_text(list_text, encoding="utf-8")
    (decks / "ann-example.round-9.txt").write_text(list_text, encoding="utf-8")
    (decks / "ben-example.round-2.txt").write_text(list_text, encoding="utf-8")
    status, _, err = run_cli("check", "--content", event.parent.parent)
    assert status == 2
    assert f"{decks / 'ann-example.round-9.txt'}:1: " in err and "round-1, round-2, round-3" in err
    assert f"{decks / 'ben-example.round-2.txt'}:1: " in err and "ben-example.txt" in err
