"""An event's Rules link: the format's rules page when the event's own would say the same (a 64-player archive
carried the same 6-18 kB per event), the event's own page when it has its own round length or language. The old
address stays, leading on to the format's page, and is not in the sitemap."""
from __future__ import annotations

SITE = "title: Club\nbase_url: https://club.example/\n"
JOUST = "name: J\nformat: agot-joust\ndate: 2026-01-01\nseed: 3\nrounds: 2\ncut: 0\nplayers: [Ann, Ben, Cat, Dov]\n"


def built(make_site, run_cli, files):
    content = make_site({"site.yaml": SITE, **files})
    out = content.parent / "out"
    status, _, err = run_cli("build", "--content", content, "--output", out)
    assert status == 0, err
    return out


def test_an_event_with_the_formats_rules_links_the_formats_page(make_site, run_cli):
    out = built(make_site, run_cli, {"events/j/event.yaml": JOUST})
    moved = (out / "events/j/rules.html").read_text()
    assert '<meta http-equiv="refresh" content="0; url=../../rules/agot-joust.html">' in moved
    assert '<a href="../../rules/agot-joust.html">' in moved and "event-nav" not in moved
    assert '<a href="../../rules/agot-joust.html">Rules</a>' in (out / "events/j/standings.html").read_text()
    assert 'href="../../rules/agot-joust.html">A Game of Thrones 2nd ed. — Joust: rules</a>' in (out / "events/j/index.html").read_text()
    sitemap = (out / "sitemap.xml").read_text()
    assert "events/j/rules.html" not in sitemap and "https://club.example/rules/agot-joust.html" in sitemap


def test_an_event_with_its_own_round_length_or_language_keeps_its_own_rules_page(make_site, run_cli):
    out = built(make_site, run_cli, {"events/j/event.yaml": JOUST + "minutes: 50\n",
                                     "events/f/event.yaml": JOUST.replace("name: J", "name: F") + "language: fr\n"})
    own = (out / "events/j/rules.html").read_text()
    assert "50 minutes long" in own and 'class="event-nav"' in own
    assert '<a href="rules.html" aria-current="page">Rules</a>' in own
    french = (out / "events/f/rules.html").read_text()
    assert '<html lang="fr">' in french and 'class="event-nav"' in french  # the site's rules page is in English
    assert "events/j/rules.html" in (out / "sitemap.xml").read_text()
