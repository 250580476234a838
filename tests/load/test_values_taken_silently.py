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
