"""`sitegen pair` for a Joust, as a TO uses it: round after round, then the cut, then the end."""
from pathlib import Path

import yaml

EVENT = """
name: Pairing flow
format: agot-joust
date: 2026-01-01
seed: 42
rounds: 3
cut: 4
players: [Ann, Ben, Cat, Dov, Eli, Fay, Gus, Hal, Ivy]
"""


def play(folder: Path, filename: str) -> dict:
    """Fill every table with a result: the first listed player wins."""
    path = folder / filename
    data = yaml.safe_load(path.read_text())
    for table in data["tables"]:
        table["winner"] = table["players"][0]
    path.write_text(yaml.safe_dump(data))
    return data


def test_a_whole_event_from_pairing_to_champion(make_site, run_cli):
    folder = make_site({"events/e/event.yaml": EVENT}) / "events" / "e"
    byes = []
    for number in (1, 2, 3):
        status, out, err = run_cli("pair", folder)
        assert status == 0, err
        assert f"wrote {folder / f'round-{number}.yaml'}" in out
        data = play(folder, f"round-{number}.yaml")
        seated = [p for t in data["tables"] for p in t["players"]] + data["byes"]
        assert sorted(seated) == ["ann", "ben", "cat", "dov", "eli", "fay", "gus", "hal", "ivy"]
        byes += data["byes"]
    assert len(set(byes)) == 3  # a bye never goes twice to the same player
    status, out, _ = run_cli("pair", folder)
    assert status == 0 and "Elimination round 1: 2 games" in out
    status, out, _ = run_cli("standings", folder)
    top4 = [line.split()[1].lower() for line in out.splitlines()[2:6]]
    semis = yaml.safe_load((folder / "elim-1.yaml").read_text())["tables"]
    assert [t["players"] for t in semis] == [[top4[0], top4[3]], [top4[1], top4[2]]]
    play(folder, "elim-1.yaml")
    assert run_cli("pair", folder)[0] == 0
    final = yaml.safe_load((folder / "elim-2.yaml").read_text())["tables"]
    assert final == [{"table": 1, "players": [top4[0], top4[1]]}]
    play(folder, "elim-2.yaml")
    status, _, err = run_cli("pair", folder)
    assert status == 2 and "is finished" in err


def test_pair_refuses_while_results_are_pending(make_site, run_cli):
    folder = make_site({"events/e/event.yaml": EVENT}) / "events" / "e"
    run_cli("pair", folder)
    before = (folder / "round-1.yaml").read_text()
    status, _, err = run_cli("pair", folder)
    assert status == 2
    assert f"{folder / 'round-1.yaml'}: tables 1, 2, 3, 4 have no result yet" in err
    assert (folder / "round-1.yaml").read_text() == before and not (folder / "round-2.yaml").exists()


def test_same_seed_same_pairing(make_site, run_cli, tmp_path):
    outputs = []
    for name in ("a", "b"):
        folder = tmp_path / name
        folder.mkdir()
        (folder / "event.yaml").write_text(EVENT)
        run_cli("pair", folder)
        outputs.append((folder / "round-1.yaml").read_text())
    assert outputs[0] == outputs[1]


def test_avoid_is_honoured_in_round_one(make_site, run_cli):
    event = EVENT.replace("players:", "avoid: [[ann, ben], [cat, dov]]\nplayers:").replace(", Ivy", "")
    for seed in range(20):
        folder = make_site({f"events/e{seed}/event.yaml": event.replace("seed: 42", f"seed: {seed}")}) / "events" / f"e{seed}"
        run_cli("pair", folder)
        pairs = [set(t["players"]) for t in yaml.safe_load((folder / "round-1.yaml").read_text())["tables"]]
        assert {"ann", "ben"} not in pairs and {"cat", "dov"} not in pairs


def test_new_creates_an_event_that_checks(tmp_path, run_cli):
    (tmp_path / "site.yaml").write_text("title: T\n")
    status, out, _ = run_cli("new", tmp_path / "events" / "friday-joust", "--date", "2026-12-01")
    assert status == 0
    assert run_cli("check", "--content", tmp_path)[0] == 0
    assert run_cli("new", tmp_path / "events" / "friday-joust")[0] == 2


def test_help_lists_the_commands(run_cli, capsys):
    import pytest

    from sitegen.cli.main import main

    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    for command in ("new", "pair", "check", "build", "serve", "standings"):
        assert command in out


def test_avoid_no_longer_applies_after_round_one(make_site, run_cli):
    event = "name: A\nformat: agot-joust\ndate: 2026-01-01\ncut: 0\navoid: [[ann, ben]]\nplayers: [Ann, Ben, Cat, Dov]\n"
    folder = make_site({"events/e/event.yaml": event}) / "events" / "e"
    run_cli("pair", folder)
    round_1 = yaml.safe_load((folder / "round-1.yaml").read_text())
    for table in round_1["tables"]:
        table["winner"] = "ann" if "ann" in table["players"] else "ben"
    (folder / "round-1.yaml").write_text(yaml.safe_dump(round_1))
    run_cli("pair", folder)
    pairs = [set(t["players"]) for t in yaml.safe_load((folder / "round-2.yaml").read_text())["tables"]]
    assert {"ann", "ben"} in pairs  # the two 5-point players meet now
