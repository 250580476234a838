"""Page models: a format without its own rules or tiebreaker templates still builds, with generic pages."""
from __future__ import annotations

from sitegen import games as formats
from sitegen.build.pipeline import render
from sitegen.games.agot.joust.game import Joust


class HouseJoust(Joust):
    """A new game as a newcomer would add it: a format module, but no templates yet."""

    name = "house-joust"
    title = "House Joust"


def test_a_format_without_templates_gets_generic_rules_and_tiebreakers(make_site, monkeypatch):
    monkeypatch.setitem(formats.FORMATS, HouseJoust.name, HouseJoust())
    content = make_site({
        "events/e/event.yaml": """\
            name: House event
            format: house-joust
            date: 2026-03-01
            rounds: 2
            players: [{name: Ann}, {name: Ben}]
            """,
        "events/e/round-1.yaml": """\
            tables:
              - table: 1
                players: [ann, ben]
                winner: ann
            """,
    })
    files = render(content)
    rules = files["rules/house-joust.html"].decode()
    assert "<h1>House Joust: how this event is run</h1>" in rules
    assert "Strength of Schedule: the mean of your opponents&#39; average points per round." in rules
    assert "How House Joust breaks ties is not written up on this site yet" in rules
    standings = files["events/e/standings.html"].decode()
    assert "How House Joust breaks ties is not written up on this site yet" in standings
    assert 'href="../../rules/house-joust.html"' in files["events/e/index.html"].decode()


def test_a_format_with_its_own_templates_does_not_use_the_generic_ones(make_site):
    content = make_site({
        "events/e/event.yaml": """\
            name: Joust event
            format: agot-joust
            date: 2026-03-01
            rounds: 2
            players: [{name: Ann}, {name: Ben}]
            """,
    })
    files = render(content)
    assert "not written up on this site yet" not in files["rules/agot-joust.html"].decode()
    assert "not written up on this site yet" not in files["events/e/standings.html"].decode()


def test_a_player_named_like_an_event_page_does_not_mark_that_page_current(make_site):
    content = make_site({
        "events/e/event.yaml": """\
            name: Joust event
            format: agot-joust
            date: 2026-03-01
            rounds: 2
            players: [{name: Standings}, {name: Ben}, {name: Round 1}]
            """,
    })
    files = render(content)
    for player in ("standings", "round-1"):
        page = files[f"events/e/players/{player}.html"].decode()
        assert 'aria-current="page"' not in page, player
    assert 'standings.html" aria-current="page"' in files["events/e/standings.html"].decode()
