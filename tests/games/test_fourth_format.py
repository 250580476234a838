"""A fourth game needs only the files docs/architecture.md names: tests/toy/ holds them (a rules module,
a format module) and the registry line is the monkeypatch below; it has no templates of its own. Its Swiss
standings (win 3, draw 1, loss 0; SoS, ESoS) and its top 8 bracket are the shared tournament tools alone."""
from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
import yaml
from desk_events import Desk
from toy.toy_format import FORMAT as TOY

from sitegen import games as formats
from sitegen.language import translate

PLAYERS = ["Ann", "Ben", "Cat", "Dov", "Eve"]


def toy_site(make_site, monkeypatch, players):
    monkeypatch.setitem(formats.FORMATS, TOY.name, TOY)  # the registry line
    names = "".join(f"  - name: {name}\n" for name in players)
    content = make_site({"events/e/event.yaml": f"name: Toy night\nformat: toy-swiss\ndate: 2026-03-01\nseed: 7\nplayers:\n{names}"})
    return content, content / "events" / "e"


@pytest.fixture
def toy_event(make_site, monkeypatch):
    return toy_site(make_site, monkeypatch, PLAYERS)


def play_round(folder, number, stage="round"):
    """The first listed player of each table wins, except at table 2 of a Swiss round, which is drawn."""
    path = folder / f"{stage}-{number}.yaml"
    data = yaml.safe_load(path.read_text())
    for table in data["tables"]:
        table |= {"draw": True} if table["table"] == 2 and stage == "round" else {"winner": table["players"][0]}
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return data


def test_a_toy_fourth_format_pairs_scores_and_builds(toy_event, run_cli, tmp_path):
    content, folder = toy_event
    expected = {pid: 0 for pid in ("ann", "ben", "cat", "dov", "eve")}
    for number in (1, 2, 3):
        status, out, err = run_cli("pair", folder)
        assert status == 0, err
        data = play_round(folder, number)
        for table in data["tables"]:
            for pid in table["players"]:
                expected[pid] += 1 if "draw" in table else 3 * (pid == table["winner"])
        for pid in data.get("byes", []):
            expected[pid] += 3
    assert run_cli("pair", folder)[0] == 2  # three rounds by default, then finished
    assert run_cli("check", "--content", content)[0] == 0
    status, _, err = run_cli("build", "--content", content, "--output", tmp_path / "out")
    assert status == 0, err

    out = tmp_path / "out"
    doc = json.loads((out / "events/e/standings.json").read_text())
    jsonschema.validate(doc, json.loads((out / "schema/standings.schema.json").read_text()))
    assert {row["id"]: row["points"] for row in doc["standings"]} == expected
    assert [row["points"] for row in doc["standings"]] == sorted(expected.values(), reverse=True)
    assert doc["format"] == "toy-swiss" and doc["rounds_played"] == 3
    rules_page = (out / "rules/toy-swiss.html").read_text()
    assert "Toy Swiss" in rules_page and "win 3, draw 1, loss 0, bye 3" in rules_page
    for page in ("index.html", "standings.html", "round-3.html", "players/ann.html"):
        assert (out / "events/e" / page).exists(), page


def test_capabilities_the_toy_does_not_have_are_refused_clearly(toy_event, run_cli):
    _, folder = toy_event
    status, _, err = run_cli("export", folder)
    assert status == 2 and "the toy-swiss format has no ranking export" in err
    status, _, err = run_cli("pair", "--plan", folder)
    assert status == 2 and "pairs one round at a time" in err


def test_a_toy_result_is_entered_with_sitegen_result_and_through_the_desk(toy_event, run_cli, tmp_path):
    """The toy declares its results (a winner, or a draw): `sitegen result`'s flags and the desk's forms come from it."""
    content, folder = toy_event
    assert run_cli("pair", folder)[0] == 0
    tables = yaml.safe_load((folder / "round-1.yaml").read_text())["tables"]
    a, c = tables[0]["players"][0], tables[1]["players"][0]
    status, out, err = run_cli("result", folder, 1, "--winner", a)
    assert status == 0, err
    assert run_cli("result", folder, 2, "--vp", f"{c}=1")[0] == 2  # a key the toy does not declare
    server = Desk(content, tmp_path)
    try:
        status, page = server.get("e/e/")
        assert status == 200 and f'name="winner" value="{c}">{c.capitalize()} won</button>' in page
        page = server.get("e/e/?open=table-2")[1]  # the table's other way (the draw): a link, this page its form
        draw_form = next(body for body in re.findall(r'<form method="post" action="result"[^>]*>(.*?)</form>', page, re.S)
                         if 'name="table" value="2"' in body and 'name="draw"' in body)
        version = re.search(r'name="version" value="(\w+)"', draw_form)[1]
        status, _, _ = server.post("e/e/result", {"way": "draw", "round": "round-1", "table": "2", "draw": "on", "version": version})
        assert status == 303
    finally:
        server.close()
    results = {t["table"]: {k: v for k, v in t.items() if k not in ("table", "players")}
               for t in yaml.safe_load((folder / "round-1.yaml").read_text())["tables"]}
    assert results[1] == {"winner": a} and results[2] == {"draw": True}


def test_the_top_8_of_ten_players_play_a_bracket_and_the_final_ranks_everyone(make_site, monkeypatch, run_cli, tmp_path):
    """Ten players: three Swiss rounds, then the top 8 play quarterfinals, semifinals and a final. The better seed wins
    every bracket game (it is listed first), so the final ranking is the Swiss order: champion seed 1, finalist seed 2,
    the semifinal losers (seeds 3, 4) and the quarterfinal losers (5 to 8) in Swiss order, then the two left out."""
    content, folder = toy_site(make_site, monkeypatch, [f"P{n}" for n in range(10)])
    for number in (1, 2, 3):
        assert run_cli("pair", folder)[0] == 0
        play_round(folder, number)
    swiss_order = [row["id"] for row in run_standings(run_cli, content, tmp_path)["standings"]]
    for number, games in ((1, 4), (2, 2), (3, 1)):
        status, out, err = run_cli("pair", folder)
        assert status == 0, err
        data = play_round(folder, number, stage="elim")
        assert len(data["tables"]) == games
    first = yaml.safe_load((folder / "elim-1.yaml").read_text())["tables"]
    assert [table["players"] for table in first] == [[swiss_order[0], swiss_order[7]], [swiss_order[3], swiss_order[4]],
                                                     [swiss_order[1], swiss_order[6]], [swiss_order[2], swiss_order[5]]]
    status, _, err = run_cli("pair", folder)
    assert status == 2 and "is finished" in err
    doc = run_standings(run_cli, content, tmp_path)
    assert [row["id"] for row in doc["final_ranking"]] == swiss_order
    assert (tmp_path / "out/events/e/bracket.html").exists()


def test_a_bracket_round_that_does_not_follow_the_seeds_is_refused(make_site, monkeypatch, run_cli):
    content, folder = toy_site(make_site, monkeypatch, [f"P{n}" for n in range(9)])
    for number in (1, 2, 3):
        assert run_cli("pair", folder)[0] == 0
        play_round(folder, number)
    assert run_cli("pair", folder)[0] == 0
    data = yaml.safe_load((folder / "elim-1.yaml").read_text())
    data["tables"][0]["players"][1], data["tables"][1]["players"][1] = data["tables"][1]["players"][1], data["tables"][0]["players"][1]
    (folder / "elim-1.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    status, _, err = run_cli("check", "--content", content)
    assert status == 2 and "must follow the bracket of the top 8 of the Swiss standings" in err


def run_standings(run_cli, content, tmp_path):
    status, _, err = run_cli("build", "--content", content, "--output", tmp_path / "out")
    assert status == 0, err
    return json.loads((tmp_path / "out/events/e/standings.json").read_text())


def test_the_toy_speaks_french_from_its_own_folders_catalog(toy_event, run_cli, tmp_path):
    """The toy's words are translated in tests/toy/locale/ (its own domain, merged over the core's): a French event
    shows them, and `check` has nothing to say about its language."""
    content, folder = toy_event
    (folder / "event.yaml").write_text((folder / "event.yaml").read_text() + "language: fr\n")
    for number in (1, 2):
        assert run_cli("pair", folder)[0] == 0
        play_round(folder, number)
    status, _, err = run_cli("check", "--content", content)
    assert status == 0 and "not translated" not in err
    assert run_cli("build", "--content", content, "--output", tmp_path / "out")[0] == 0
    standings = (tmp_path / "out/events/e/standings.html").read_text()
    assert "Points de tournoi : victoire 3, nulle 1, défaite 0, exempt 3." in standings
    assert "Tournament points" not in standings
    round_page = (tmp_path / "out/events/e/round-1.html").read_text()
    assert "Victoire" in round_page and ">Win<" not in round_page


class Untranslated(type(TOY)):
    """The toy without its catalogs: a game nobody translated yet."""

    name = "toy-plain"

    @property
    def catalog(self):
        return "toy-plain", Path(__file__).parent / "no-such-locale"


def test_a_game_without_translations_shows_english_and_check_says_so(make_site, monkeypatch, run_cli):
    plain = Untranslated()
    monkeypatch.setitem(formats.FORMATS, plain.name, plain)
    content = make_site({"site.yaml": "title: Soirées\nlanguage: de\n",
                         "events/e/event.yaml": "name: Toy night\nformat: toy-plain\ndate: 2026-03-01\nplayers:\n  - name: Ann\n  - name: Ben\n"})
    status, _, err = run_cli("check", "--content", content)
    assert status == 0
    assert ("event.yaml:2: the toy-plain format's words are not translated into 'de': "
            "its labels, results and rules pages show in English") in err
    assert translate(plain.title, "de") == "Toy Swiss"  # when the registry has no other catalog that holds it
