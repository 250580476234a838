"""Before any result is in, every player is level on everything the standings show: they share first place and no
row says the draw placed it (the standings read 1 to 5 "random", then 6 for the rest, in V:TES, and 1 to N "random"
in a Joust). The seeded draw still orders standings.json's unique `rank` (the contract) and the CLI's list."""
from __future__ import annotations

import json
import re

VTES = "name: V\nformat: vtes\ndate: 2026-01-01\nseed: 11\nrounds: 2\nplayers: [Ann, Ben, Cat, Dov, Eve, Fay, Gus, Hal, Ivy]\n"
VTES_1 = "tables:\n  - {table: 1, players: [ann, ben, cat, dov, eve]}\n  - {table: 2, players: [fay, gus, hal, ivy]}\n"
JOUST = "name: J\nformat: agot-joust\ndate: 2026-01-01\nseed: 3\nrounds: 2\ncut: 0\nplayers: [Ann, Ben, Cat, Dov]\n"
JOUST_1 = "tables:\n  - {table: 1, players: [ann, ben]}\n  - {table: 2, players: [cat, dov]}\n"
JOUST_1_DONE = "tables:\n  - {table: 1, players: [ann, ben], winner: ann}\n  - {table: 2, players: [cat, dov]}\n"


def places_and_tags(page: str) -> tuple[list[str], int]:
    body = page.split('<table class="standings">', 1)[1].split("</table>", 1)[0]
    return re.findall(r"<tr[^>]*><td>(\d+)<th", body), body.count(">random<")


def test_before_any_result_every_player_shares_first_place(make_site, run_cli):
    content = make_site({"events/v/event.yaml": VTES, "events/v/round-1.yaml": VTES_1,
                         "events/j/event.yaml": JOUST, "events/j/round-1.yaml": JOUST_1})
    out = content.parent / "out"
    status, _, err = run_cli("build", "--content", content, "--output", out)
    assert status == 0, err
    for slug, players in (("v", 9), ("j", 4)):
        assert places_and_tags((out / "events" / slug / "standings.html").read_text()) == (["1"] * players, 0)
        ranks = [row["rank"] for row in json.loads((out / "events" / slug / "standings.json").read_text())["standings"]]
        assert ranks == list(range(1, players + 1))


def test_once_a_result_is_in_the_places_and_the_draw_show_again(make_site, run_cli):
    content = make_site({"events/j/event.yaml": JOUST, "events/j/round-1.yaml": JOUST_1_DONE})
    out = content.parent / "out"
    assert run_cli("build", "--content", content, "--output", out)[0] == 0
    places, drawn = places_and_tags((out / "events" / "j" / "standings.html").read_text())
    assert places == ["1", "2", "3", "4"] and drawn == 2  # Ann won; Cat and Dov level, drawn; Ben lost


def test_the_draw_is_explained_once_under_the_table_not_in_a_tooltip_per_row(make_site, run_cli):
    """A phone shows no tooltip: the tag's meaning, like each column's, is in the legend under the table, once."""
    content = make_site({"events/j/event.yaml": JOUST, "events/j/round-1.yaml": JOUST_1_DONE})
    out = content.parent / "out"
    assert run_cli("build", "--content", content, "--output", out)[0] == 0
    page = (out / "events" / "j" / "standings.html").read_text()
    table, after = page.split('<table class="standings">', 1)[1].split("</table>", 1)
    assert " title=" not in table and table.count(">random<") == 2
    assert after.count('<dt><span class="tag">random</span></dt><dd>Order against an equal player decided by the seeded random draw</dd>') == 1


def test_an_earlier_rounds_standings_link_the_tie_rules_the_latest_standings_give(make_site, run_cli):
    """The tiebreakers are the same after every round: said once, on the latest standings, linked from the earlier."""
    content = make_site({"events/j/event.yaml": JOUST, "events/j/round-1.yaml": JOUST_1_DONE.replace("[cat, dov]}", "[cat, dov], winner: cat}"),
                         "events/j/round-2.yaml": "tables:\n  - {table: 1, players: [ann, cat], winner: ann}\n  - {table: 2, players: [ben, dov], winner: dov}\n"})
    out = content.parent / "out"
    assert run_cli("build", "--content", content, "--output", out)[0] == 0
    earlier, latest = ((out / "events" / "j" / name).read_text() for name in ("standings-1.html", "standings.html"))
    assert '<a href="standings.html#ties">How ties are broken</a>' in earlier and "Head-to-Head" not in earlier.split("</table>")[1]
    assert '<h2 id="ties">How ties are broken</h2>' in latest and "Head-to-Head" in latest.split("</table>")[-1]
