"""Issue 29: a round published before the last one is over. A hand-written round-2.yaml passed `check` and was
published while round 1 still had tables in play, and `sitegen result EVENT 2` then wrote into round 2."""
from __future__ import annotations

import yaml
from corpus_site import snapshot

EVENT = """\
name: Winter Joust
format: agot-joust
date: 2026-12-05
players: [Ann Example, Ben Example, Cat Example, Dan Example]
"""
ROUND_1 = "tables:\n  - {table: 1, players: [ann-example, ben-example], winner: ann-example}\n" \
          "  - {table: 2, players: [cat-example, dan-example]}\n"
ROUND_2 = "tables:\n  - {table: 1, players: [ann-example, cat-example]}\n  - {table: 2, players: [ben-example, dan-example]}\n"


def test_a_round_paired_before_the_last_one_is_over_is_refused(make_site, run_cli):
    content = make_site({"events/e/event.yaml": EVENT, "events/e/round-1.yaml": ROUND_1, "events/e/round-2.yaml": ROUND_2})
    status, _, err = run_cli("check", "--content", content)
    assert status == 2
    assert f"{content}/events/e/round-2.yaml:1: Round 2 is paired while Round 1 still has a table in play (table 2)" in err, err
    before = snapshot(content)
    status, _, err = run_cli("result", content / "events" / "e", "2", "--winner", "dan-example")
    assert status == 2 and snapshot(content) == before


def test_an_elimination_round_before_the_swiss_is_over_is_refused(make_site, run_cli):
    elim = "tables:\n  - {table: 1, players: [ann-example, dan-example]}\n  - {table: 2, players: [ben-example, cat-example]}\n"
    content = make_site({"events/e/event.yaml": EVENT.replace("players:", "rounds: 1\ncut: 4\nplayers:"),
                         "events/e/round-1.yaml": ROUND_1, "events/e/elim-1.yaml": elim})
    status, _, err = run_cli("check", "--content", content)
    assert status == 2 and "elim-1.yaml:1: Elimination round 1 is paired while Round 1 still has a table in play (table 2)" in err, err


def _vtes_plan(make_site, run_cli):
    names = ", ".join(f"P{i:02d}" for i in range(1, 11))
    content = make_site({"events/e/event.yaml": f"name: Plan\nformat: vtes\ndate: 2026-01-01\nrounds: 3\nplayers: [{names}]\n"})
    folder = content / "events" / "e"
    assert run_cli("pair", "--plan", folder)[0] == 0
    return content, folder


def test_a_planned_round_waits_without_a_result_and_results_go_to_the_round_in_play(make_site, run_cli):
    """V:TES seats every round at once (`pair --plan`): the later rounds wait, and a result goes to round 1."""
    content, folder = _vtes_plan(make_site, run_cli)
    assert run_cli("check", "--content", content)[0] == 0
    players = yaml.safe_load((folder / "round-1.yaml").read_text())["tables"][0]["players"]
    status, _, err = run_cli("result", folder, "1", "--vp", *(f"{pid}=0.5" for pid in players))
    assert status == 0, err
    assert "vp" in yaml.safe_load((folder / "round-1.yaml").read_text())["tables"][0]
    assert all("vp" not in t for n in (2, 3) for t in yaml.safe_load((folder / f"round-{n}.yaml").read_text())["tables"])


def test_a_planned_round_with_a_result_before_the_round_in_play_is_over_is_refused(make_site, run_cli):
    content, folder = _vtes_plan(make_site, run_cli)
    data = yaml.safe_load((folder / "round-2.yaml").read_text())
    data["tables"][0]["vp"] = {pid: 0.5 for pid in data["tables"][0]["players"]}
    (folder / "round-2.yaml").write_text(yaml.safe_dump(data))
    status, _, err = run_cli("check", "--content", content)
    assert status == 2 and "round-2.yaml:1: Round 2 has a result while Round 1 still has tables in play (tables 1, 2)" in err, err
