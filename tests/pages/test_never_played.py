"""A registered player who never played (a round-1 no-show, `dropped: 0`) counts nowhere (issue 28, item 1): not on
the standings page, in standings.json, in `sitegen standings`, in either league scheme, nor in a final ranking.
They are listed apart, as registered but not playing."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "games" / "vtes"))
from test_vtes_format import FINAL, NINE, ROUND_1, ROUND_2  # noqa: E402

JOUST = """\
name: Small Joust
format: agot-joust
date: 2026-10-01
seed: 3
rounds: 2
cut: 0
players:
  - {name: Ann Test, id: ann}
  - {name: Ben Test, id: ben}
  - {name: Cat Test, id: cat}
  - {name: Dov Test, id: dov}
  - {name: Zed Test, id: zed, dropped: 0}
"""
JOUST_1 = "tables:\n  - {table: 1, players: [ann, ben], winner: ann}\n  - {table: 2, players: [cat, dov], winner: cat}\n"
JOUST_2 = "tables:\n  - {table: 1, players: [ann, cat], winner: ann}\n  - {table: 2, players: [ben, dov], winner: ben}\n"
VTES = NINE.replace("seed: 11\n", "seed: 11\n").replace("Ivy]", "Ivy, {name: Zed, dropped: 0}]")
LEAGUES = {
    "leagues/joust.yaml": "name: Joust season\nevents: [joust]\npoints: [10, 8, 6, 5, 4]\npoints_after: 3\nparticipation: 1\n",
    "leagues/vtes.yaml": "name: V:TES season\nevents: {format: vtes}\nscheme: vekn-rating\n",
}


def _standings_rows(html: str) -> list[str]:
    """The players of the standings tables (the final ranking's and the preliminary standings')."""
    return re.findall(r'<tr(?: class="[^"]*")?><td>[^<]*</td><th scope="row"><a href="players/([^"]+)\.html"', html)


def test_a_player_who_never_played_counts_nowhere(make_site, run_cli):
    content = make_site({"events/joust/event.yaml": JOUST, "events/joust/round-1.yaml": JOUST_1,
                         "events/joust/round-2.yaml": JOUST_2, "events/vtes/event.yaml": VTES,
                         "events/vtes/round-1.yaml": ROUND_1, "events/vtes/round-2.yaml": ROUND_2,
                         "events/vtes/final.yaml": FINAL} | LEAGUES)
    out = content.parent / "out"
    status, _, err = run_cli("build", "--content", content, "--output", out)
    assert status == 0, err
    for slug, played in (("joust", 4), ("vtes", 9)):
        page = (out / "events" / slug / "standings.html").read_text()
        assert "zed" not in _standings_rows(page)
        assert "Registered, did not play" in page and "Zed" in page  # listed apart
        doc = json.loads((out / "events" / slug / "standings.json").read_text())
        assert [row["id"] for row in doc["standings"] if row["id"] == "zed"] == []
        assert len(doc["final_ranking"]) == played and "zed" not in [entry["id"] for entry in doc["final_ranking"]]
        assert doc["did_not_play"] == ["zed"]
        status, text, _ = run_cli("standings", content / "events" / slug)
        assert status == 0
        ranked = [line for line in text.splitlines() if re.match(r"\s*\d+\s", line)]
        assert len(ranked) == 2 * played and not any("Zed" in line for line in ranked)  # the final ranking, the standings
        assert "registered, did not play: Zed" in text
    # The Joust's final ranking: 4th of 4, not 5th of 5; Dov lost both games and is last.
    joust = json.loads((out / "events" / "joust" / "standings.json").read_text())
    assert joust["final_ranking"][-1] == {"rank": 4, "id": "dov"}
    # A points league gives Zed neither participation points nor an event; a vekn-rating one neither 5 points nor an event.
    for league in ("joust", "vtes"):
        table = json.loads((out / "leagues" / league / "league.json").read_text())
        assert "zed" not in [row["id"] for row in table["standings"]]
    joust_league = json.loads((out / "leagues" / "joust" / "league.json").read_text())
    assert {row["id"]: row["points"] for row in joust_league["standings"]}["dov"] == 5 + 1  # 4th place, plus 1 for taking part
    player_page = (out / "events" / "joust" / "players" / "zed.html").read_text()
    assert "registered, did not play" in player_page
