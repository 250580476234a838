"""V:TES at the edges (issue 28): shared places in every listing, draws that can't be re-rolled quietly, an avoidable
predator-prey repeat refused, and the 27-player plan."""
import random
import re

import pytest
from test_vtes_format import FINAL, NINE_FILES, fill_time_out, read_round

from sitegen.games.vtes import seating
from sitegen.load.event import load_event

# -- shared places: the CLI's preliminary standings and the final ranking's "Prelim. rank" ----------------------


def test_players_level_below_the_top_five_share_their_place_everywhere(make_site, run_cli):
    # Cat and Gus are level on GW, VP and TP below the top five: the page's standings give both 7th.
    content = make_site(NINE_FILES | {"events/e/final.yaml": FINAL})
    status, out, _ = run_cli("standings", content / "events" / "e")
    assert status == 0
    prelim = out.split("\n\n")[1].splitlines()[2:]  # the title, the header, then the rows
    assert [line.split()[0] for line in prelim] == ["1", "2", "3", "4", "5", "6", "7", "7", "9"]
    assert run_cli("build", "--content", content, "--output", content.parent / "out")[0] == 0
    page = (content.parent / "out" / "events" / "e" / "standings.html").read_text()
    final_table = page.split('<table class="standings final">')[1].split("</table>")[0]
    prelim_ranks = re.findall(r'</th><td>(\d+)</td></tr>', final_table)
    assert sorted(map(int, prelim_ranks)) == [1, 2, 3, 4, 5, 6, 7, 7, 9]


# -- draws can't be re-rolled quietly -----------------------------------------------------------------------------

def _paired_and_played(make_site, run_cli):
    players = ", ".join(f"P{i:02d}" for i in range(1, 10))
    content = make_site({"events/e/event.yaml": f"name: Seeded\nformat: vtes\ndate: 2026-01-01\nseed: 77\nrounds: 2\nplayers: [{players}]\n"})
    folder = content / "events" / "e"  # seed 77, not the folder name's
    assert run_cli("pair", folder)[0] == 0
    fill_time_out(folder / "round-1.yaml")
    return content, folder


def test_pair_records_the_seed_in_the_round_file(make_site, run_cli):
    content, folder = _paired_and_played(make_site, run_cli)
    seed = load_event(folder).seed
    assert read_round(folder / "round-1.yaml")["seed"] == seed
    assert run_cli("check", "--content", content)[0] == 0


@pytest.mark.parametrize("change", ["deleted", "edited"])
def test_check_refuses_a_seed_changed_after_results_even_with_paired_seed(make_site, run_cli, change):
    content, folder = _paired_and_played(make_site, run_cli)
    seed = load_event(folder).seed
    path = folder / "event.yaml"
    text = path.read_text().replace(f"paired_seed: {seed}\n", "").replace(f"seed: {seed}\n", "")
    if change == "edited":
        text = text.replace("rounds: 2\n", f"rounds: 2\nseed: {seed + 1}\npaired_seed: {seed + 1}\n")
    path.write_text(text)
    assert "paired_seed" not in text or change == "edited"
    status, _, err = run_cli("check", "--content", content)
    assert status == 2 and "Traceback" not in err
    assert f"{path}:" in err and "round-1.yaml" in err and f"seed: {seed}" in err


def test_a_seed_changed_before_any_result_is_paired_again(make_site, run_cli):
    players = ", ".join(f"P{i:02d}" for i in range(1, 10))
    content = make_site({"events/e/event.yaml": f"name: Seeded\nformat: agot-joust\ndate: 2026-01-01\nseed: 4\nplayers: [{players}]\n"})
    folder = content / "events" / "e"
    assert run_cli("pair", folder)[0] == 0
    path = folder / "event.yaml"
    path.write_text(path.read_text().replace("seed: 4\n", "seed: 5\n"))
    assert run_cli("check", "--content", content)[0] == 0  # no result yet: `pair --redo` seats it with the new seed
    assert run_cli("pair", "--redo", folder)[0] == 0
    assert read_round(folder / "round-1.yaml")["seed"] == 5


# -- an avoidable predator-prey repeat is refused -------------------------------------------------------------------

def _hand_written(make_site, event: str, rounds: list[str]):
    files = {"events/e/event.yaml": event}
    for number, players in enumerate(rounds, start=1):
        files[f"events/e/round-{number}.yaml"] = f"tables:\n  - table: 1\n    players: [{players}]\n"
    return make_site(files)


def test_check_refuses_a_predator_prey_pair_repeated_where_the_table_could_avoid_it(make_site, run_cli):
    # Round 1 seats a before b; round 2 does again, where seated [a, c, e, b, d] it would repeat no pair of round 1.
    event = "name: Five\nformat: vtes\ndate: 2026-01-01\nrounds: 2\nplayers: [A, B, C, D, E]\n"
    content = _hand_written(make_site, event, ["a, b, c, d, e", "a, b, d, c, e"])
    status, _, err = run_cli("check", "--content", content)
    assert status == 2 and "Traceback" not in err
    assert "round-2.yaml:3:" in err and "'a' as the predator of 'b' again, as round 1 did" in err
    suggested = re.search(r"seated 'players: \[([a-e, ]+)\]'", err)
    assert suggested, err
    (content / "events" / "e" / "round-2.yaml").write_text(f"tables:\n  - table: 1\n    players: [{suggested[1]}]\n")
    assert run_cli("check", "--content", content)[0] == 0


def test_check_takes_a_repeat_no_seating_of_the_table_avoids(make_site, run_cli):
    # Four players over three rounds: rounds 1 and 2 use 8 of the 12 predator-prey pairs, and the 4 left (a-c, c-a,
    # b-d, d-b) make no cycle of the four: round 3 repeats a pair however it is seated.
    event = "name: Four\nformat: vtes\ndate: 2026-01-01\nrounds: 3\nfinal: false\nplayers: [A, B, C, D]\n"
    content = _hand_written(make_site, event, ["a, b, c, d", "a, d, c, b", "a, c, b, d"])
    status, _, err = run_cli("check", "--content", content)
    assert status == 0, err


# -- 27 and 28 players: `pair --plan` reaches R4 = 0 for the seeds that stopped above it ---------------------------

# `pair --plan` with 'seed: N': 27 players, seeds 8 and 17 left R4 at 1 after four chains; then, among seeds 0-15,
# 0, 2, 12 and 14 at 1 after twelve, 1 at 2 and 6 at 3 after one; 28 players, seeds 1, 2 and 4 at 1 after twelve.
@pytest.mark.parametrize("count, seed", [(27, 0), (27, 1), (27, 2), (27, 6), (27, 8), (27, 12), (27, 14), (27, 17),
                                         (28, 1), (28, 2), (28, 4)])
def test_the_27_and_28_player_plans_meet_nobody_twice_for_the_seeds_that_repeated_a_pair(count, seed):
    plan = seating.plan_rounds([f"p{i:02d}" for i in range(count)], 3, random.Random(f"{seed}:plan"))
    assert seating.violations(plan)[:4:3] == (0, 0)  # R1 and R4
