"""What the players' pages say, with exact numbers: time zones and the round clock, the event's rules page,
the final ranking above the standings, the SoS breakdown, V:TES predator and prey, the print view."""
from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest
from project import DEMO

from sitegen import games as formats
from sitegen.build.pipeline import check, render
from sitegen.games.tournament.swiss import schedule_strength

EVENT = """\
    name: Clocked
    format: agot-joust
    date: 2026-11-19
    rounds: 2
    players: [{name: Ann}, {name: Ben}, {name: Cat}, {name: Dan}]
"""
ROUND_1 = """\
    start: 2026-03-29 10:30
    minutes: 50
    tables:
      - {table: 1, players: [ann, ben]}
      - {table: 2, players: [cat, dan]}
    """


@pytest.fixture(scope="module")
def demo(demo_files) -> dict[str, str]:
    return {path: body.decode() for path, body in demo_files.items() if path.endswith((".html", ".json"))}


@pytest.mark.parametrize("site_zone, event_zone, start", [
    ("", "", "2026-03-29T10:30"),  # no zone: the phone's own (as before)
    ("Europe/London", "", "2026-03-29T10:30:00+01:00"),  # the site's zone; summer time began at 01:00 that day
    ("Europe/London", "America/New_York", "2026-03-29T10:30:00-04:00"),  # the event's zone wins
])
def test_the_round_start_is_an_instant_in_the_events_time_zone(make_site, site_zone, event_zone, start):
    content = make_site({
        "site.yaml": "title: T\n" + (f"timezone: {site_zone}\n" if site_zone else ""),
        "events/e/event.yaml": EVENT + (f"    timezone: {event_zone}\n" if event_zone else ""),
        "events/e/round-1.yaml": ROUND_1,
    })
    files = render(content)
    assert f'data-start="{start}" data-minutes="50"' in files["events/e/round-1.html"].decode()
    pairings = json.loads(files["events/e/pairings/round-1.json"])
    assert (pairings["start"], pairings["minutes"]) == (start, 50)


@pytest.mark.parametrize("language, parts", [
    ("en", ["2026-03-29 10:30", "Europe/London"]),  # ISO, as the English site's dates
    ("fr", ["29/03/2026 10:30", "Londres"]),  # the locale's own short date and time, the city as French names it
])
def test_the_rounds_start_is_written_the_languages_way(make_site, language, parts):
    content = make_site({
        "site.yaml": f"title: T\ntimezone: Europe/London\nlanguage: {language}\n",
        "events/e/event.yaml": EVENT,
        "events/e/round-1.yaml": ROUND_1,
    })
    started = re.search(r'<span class="clock-start">(.*?)</span>', render(content)["events/e/round-1.html"].decode())[1]
    assert all(part in started for part in parts), started


@pytest.mark.parametrize("where", ["site.yaml", "events/e/event.yaml"])
def test_an_unknown_time_zone_is_reported_at_its_line(make_site, run_cli, tmp_path, where):
    files = {"site.yaml": "title: T\n", "events/e/event.yaml": EVENT, "events/e/round-1.yaml": ROUND_1}
    files[where] = files[where] + ("timezone: Europe/Pariss\n" if where == "site.yaml" else "    timezone: Europe/Pariss\n")
    content = make_site(files)
    line = len(files[where].rstrip("\n").splitlines()) if where == "site.yaml" else 6
    output = tmp_path / "out"
    status, _, err = run_cli("build", "--content", content, "--output", output)
    assert status == 2 and "Traceback" not in err
    assert f"{content / where}:{line}: 'timezone: Europe/Pariss' is not a known time zone" in err
    assert not output.exists()


def test_the_events_rules_page_has_its_menu_and_its_round_length(make_site):
    content = make_site({"events/e/event.yaml": EVENT + "    minutes: 50\n", "events/e/round-1.yaml": ROUND_1})
    files = render(content)
    rules = files["events/e/rules.html"].decode()
    assert "one opponent, 50 minutes long" in rules
    assert 'class="event-nav"' in rules
    assert '<a href="rules.html" aria-current="page">Rules</a>' in rules
    assert "one opponent, 55 minutes long" in files["rules/agot-joust.html"].decode()  # the format's default
    assert '<a href="rules.html"' in files["events/e/round-1.html"].decode()


def test_the_round_files_length_is_the_events_when_event_yaml_does_not_say(make_site):
    content = make_site({"events/e/event.yaml": EVENT, "events/e/round-1.yaml": ROUND_1})
    assert "one opponent, 50 minutes long" in render(content)["events/e/rules.html"].decode()


def names_in(html: str, caption: str) -> list[str]:
    table = html[html.index(f"<caption>{caption}"):]
    table = table[:table.index("</table>")]
    return re.findall(r'<th scope="row"><a href="players/([^"]+)\.html"', table)


def test_the_standings_show_the_final_ranking_first(demo):
    joust = demo["events/winter-joust-2026/standings.html"]
    assert joust.index("<caption>Final ranking") < joust.index("<caption>Standings after round 4")
    final = names_in(joust, "Final ranking")
    assert final[0] == "soren-castellan"  # the champion, 4th after the Swiss rounds
    assert names_in(joust, "Standings after round 4").index("soren-castellan") == 3
    vtes = demo["events/autumn-vtes-2026/standings.html"]
    assert names_in(vtes, "Final ranking")[0] == json.loads(demo["events/autumn-vtes-2026/standings.json"])["final_ranking"][0]["id"]
    assert "Final ranking" not in demo["events/thursday-league-joust/standings.html"]  # no cut: the standings are the ranking


def test_the_sos_breakdown_adds_up_to_the_sos():
    """Ysolde Kowal (Thursday League, after round 2) met Lazlo Brandt (5 points in 2 rounds: 2.50) and
    Soren Brandt (10 in 2: 5.00): (2.50 + 5.00) / 2 = 3.75."""
    site = check(DEMO)
    event = next(e for e in site.events if e.slug == "thursday-league-joust")
    board = formats.format_of(event).score(event)
    strength = schedule_strength("ysolde-kowal", board)
    assert strength is not None
    assert [(line.player, line.average) for line in strength.lines] == [("lazlo-brandt", "2.50"), ("soren-brandt", "5.00")]
    assert (strength.total, strength.sos) == ("7.50", "3.75")
    for e in site.events:  # every AGoT player: the lines' mean is the SoS the standings rank by
        board = formats.format_of(e).score(e)
        for row in board.standings:
            s = schedule_strength(row.player, board)
            if s and e.format != "vtes":
                averages = [Fraction(line.average) for line in s.lines]
                assert abs(sum(averages) / len(averages) - row.exact["sos"]) < Fraction(1, 100), (e.slug, row.player)


def test_a_vtes_player_page_names_prey_and_predator_each_round(demo):
    html = demo["events/autumn-vtes-2026/players/talia-grieve.html"]
    # Round 1, table 1, seat 2: prey is seat 3, predator seat 1.
    history = html[html.index("Round by round"):]  # the menu links the rounds too
    r1 = history[history.index('href="../round-1.html"'):history.index('href="../round-2.html"')]
    assert re.search(r"Prey: <a [^>]*>Ottilie Vane</a>.*Predator: <a [^>]*>Mirela Everly</a>", r1)
    assert "strength" not in html.lower().split("round by round")[1]  # V:TES has no SoS


def test_vtes_has_one_final_page_and_the_organizer_box_is_in_words(demo):
    assert "events/autumn-vtes-2026/bracket.html" not in demo
    assert '<a href="final.html"' in demo["events/autumn-vtes-2026/index.html"]
    notes = demo["events/autumn-vtes-2026/round-3.html"]
    assert "<li>R2 opponents every round: " in notes
    assert "pairs of players who shared a table in every round; the aim: no two players share a table every round" in notes


def test_the_print_view_reads_right_and_shows_opponents(demo):
    joust = demo["events/thursday-league-joust/round-3-print.html"]
    assert "your table is beside it, with your opponent." in joust
    assert re.search(r'<th scope="row">Ysolde Kowal</th><td class="num">2</td><td class="against">Ottilie Castellan</td>', joust)


def test_the_history_shows_each_opponents_average_and_the_sos_adds_them(demo):
    """Thursday League, Ysolde Kowal after round 2: Lazlo Brandt 2.50 and Soren Brandt 5.00 beside their names in the
    history, and the SoS line adds them up: 7.50 ÷ 2 = 3.75. The averages sit in one table (the page stays small)."""
    html = demo["events/thursday-league-joust/players/ysolde-kowal.html"]
    assert re.search(r'>Lazlo Brandt</a> <small>2\.50</small>', html) and re.search(r'>Soren Brandt</a> <small>5\.00</small>', html)
    assert "7.50 ÷ 2 = 3.75" in html
    assert html.count("<table") == 1


def test_the_standings_after_the_latest_round_are_the_standings_page(demo):
    """Winter Joust has 4 Swiss rounds: standings-1 to -3 are the earlier rounds' tables; after round 4 is the standings
    page itself (no copy of it under standings-4.html), and every link to "after round 4" leads there."""
    event = "events/winter-joust-2026/"
    assert [f"{event}standings-{n}.html" in demo for n in (1, 2, 3, 4)] == [True, True, True, False]
    for page in ("standings.html", "standings-2.html", "index.html"):
        assert "standings-4.html" not in demo[event + page], page
    assert '<a href="standings.html" aria-current="page">R4</a>' in demo[event + "standings.html"]
