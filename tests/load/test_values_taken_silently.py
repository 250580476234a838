"""Issue 29: values the loader took without a word. Each one is now refused at its `path:line`, exit status 2."""
from __future__ import annotations

import pytest

EVENT = """\
name: Winter Joust
format: agot-joust
date: 2026-12-05
players: [Ann Example, Ben Example, Cat Example, Dan Example]
"""
ROUND = "tables:\n  - {table: 1, players: [ann-example, ben-example], winner: ann-example}\n" \
        "  - {table: 2, players: [cat-example, dan-example], winner: cat-example}\n"


def _check(make_site, run_cli, files: dict[str, str]) -> tuple[int, str]:
    content = make_site(files)
    status, _, err = run_cli("check", "--content", content)
    assert "Traceback" not in err
    return status, err.replace(str(content) + "/", "")


def test_a_known_player_with_the_id_index_is_refused_at_its_line(make_site, run_cli, tmp_path):
    """players/index.html is the list of players: a player page of that name crashed `build` (`sitemap paths out of
    order`) and `check`, without naming players.yaml."""
    status, err = _check(make_site, run_cli, {
        "site.yaml": "title: Crows\nbase_url: https://crows.example/\n",
        "players.yaml": "players:\n  - {id: ben-example, name: Ben Example}\n  - {id: index, name: Ann Example}\n",
        "events/e/event.yaml": EVENT.replace("[Ann Example,", "[{name: Ann Example, id: index},"),
        "events/e/round-1.yaml": ROUND.replace("ann-example", "index"),
    })
    assert status == 2
    assert "players.yaml:3: 'id': 'index' is not a valid id: it names the site's list pages" in err, err


@pytest.mark.parametrize(("files", "expected"), [
    ({"events/e/event.yaml": EVENT.replace("name: Winter Joust", "name: no")},
     "events/e/event.yaml:1: 'name' reads as yes/no to YAML, not as text; put it in quotes, e.g. name: '...'"),
    ({"site.yaml": "title: true\n"}, "site.yaml:1: 'title' reads as yes/no to YAML, not as text"),
    ({"site.yaml": "title: Crows\ndescription: 1.10\n"},
     "site.yaml:2: 'description' reads as the number 1.1 to YAML, not as text; put it in quotes"),
    ({"events/e/event.yaml": EVENT + "rounds: 1000000\n"}, "events/e/event.yaml:5: 'rounds' must be a whole number from 1 to 99, not 1000000"),
    ({"events/e/event.yaml": EVENT + "minutes: 1000000000000\n"},
     "events/e/event.yaml:5: 'minutes' must be a whole number from 1 to 1440, not 1000000000000"),
    ({"events/e/round-1.yaml": ROUND.replace("{table: 2,", "{table: 100000000000000000000000,")},
     "events/e/round-1.yaml:3: 'table' must be a whole number from 1 to 100000, not 100000000000000000000000"),
    ({"events/e/event.yaml": EVENT.replace("[Ann Example,", "[{name: Ann Example, table: 100000000000000000000000},")},
     "events/e/event.yaml:4: 'table' must be a whole number from 1 to 100000"),
    ({"events/e/round-1.yaml": "minutes: 99999999\n" + ROUND}, "events/e/round-1.yaml:1: 'minutes' must be a whole number from 1 to 1440"),
    ({"events/e/event.yaml": EVENT + "seed: ''\n"}, "events/e/event.yaml:5: 'seed' has no value; write one between the quotes, or delete the line"),
    ({"events/e/event.yaml": EVENT + "timezone: ''\n"}, "events/e/event.yaml:5: 'timezone' has no value"),
    ({"events/e/event.yaml": EVENT + "language: '  '\n"}, "events/e/event.yaml:5: 'language' has no value"),
    ({"site.yaml": "title: Crows\ndescription: ''\n"}, "site.yaml:2: 'description' has no value; write one between the quotes"),
    ({"site.yaml": "title: Crows\nbase_url: null\n"}, "site.yaml:2: 'base_url' has no value; write one after the colon or delete the line"),
    ({"site.yaml": "title: Crows\ntimezone:\n"}, "site.yaml:2: 'timezone' has no value"),
    ({"players.yaml": "players:\n  - {id: ann-example, name: Ann Example, vekn: ''}\n"}, "players.yaml:2: 'vekn' has no value"),
    ({"site.yaml": ""}, "site.yaml:1: site.yaml is empty; write at least the site's title, e.g. 'title: Crow's Nest'"),
    ({"site.yaml": "# only a comment\n"}, "site.yaml:1: site.yaml is empty"),
], ids=["name-no", "title-true", "description-float", "rounds", "minutes", "table", "fixed-table", "round-minutes", "seed-empty",
        "timezone-empty", "language-blank", "description-empty", "base_url-null", "site-timezone-none", "vekn-empty",
        "empty-site", "comment-only-site"])
def test_a_value_yaml_reads_otherwise_or_out_of_bounds_is_refused(make_site, run_cli, files, expected):
    status, err = _check(make_site, run_cli, {"events/e/event.yaml": EVENT, "events/e/round-1.yaml": ROUND} | files)
    assert status == 2 and expected in err, err


def test_the_values_as_meant_pass(make_site, run_cli):
    status, err = _check(make_site, run_cli, {
        "site.yaml": "title: 'true'\ndescription: '1.10'\n",
        "events/e/event.yaml": EVENT.replace("name: Winter Joust", "name: 'no'") + "rounds: 3\nminutes: 55\n",
        "events/e/round-1.yaml": ROUND,
    })
    assert status == 0, err


@pytest.mark.parametrize(("reports", "expected"), [
    ("confirm-all", ""), ("[merge-when-confirmed, confirm-all]", ""), ("[review]", ""),
    ("[review, merge-when-confirmed]", "site.yaml:2: 'reports' names both review and merge-when-confirmed; keep one"),
    ("[confirm-al]", "site.yaml:2: 'reports: confirm-al': did you mean 'confirm-all'?"),
])
def test_reports_takes_a_mode_and_confirm_all(make_site, run_cli, reports, expected):
    status, err = _check(make_site, run_cli, {"site.yaml": f"title: Crows\nreports: {reports}\n"})
    assert (status == 2 and expected in err) if expected else status == 0, err
