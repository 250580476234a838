"""GitHub logins in the content (issue 22): `github:` on a players.yaml person and on an event's player, and
site.yaml's `organizers:` and `reports:`; each bad one is a `path:line` problem."""
from __future__ import annotations

import pytest

from sitegen.load.site import load_site
from sitegen.model import REPORTS_MERGED, REPORTS_REVIEWED, ContentError
from sitegen.text import login_problem

EVENT = """
    name: Test Joust
    format: agot-joust
    date: 2026-01-10
    players:
      - name: Ann Example
        github: ann-gh
      - name: Ben Example
    """


@pytest.mark.parametrize("login", ["ann", "Ann-Example", "a1-b2-c3", "x" * 39, 12345])
def test_good_logins(login):
    assert login_problem(login) is None


@pytest.mark.parametrize("login", ["-ann", "ann-", "an--n", "ann_ex", "ann example", "@ann", "x" * 40, "", None, True, ["ann"]])
def test_bad_logins(login):
    assert login_problem(login)


def test_logins_are_read_into_the_model(make_site):
    root = make_site({
        "site.yaml": "title: T\norganizers: [tess-to, 4242]\nreports: merge-when-confirmed\n",
        "players.yaml": "players:\n  - {id: ben-example, name: Ben Example, github: Ben-GH}\n",
        "events/e/event.yaml": EVENT,
    })
    site = load_site(root)
    assert site.organizers == ("tess-to", "4242")
    assert site.reports == REPORTS_MERGED
    assert site.people[0].github == "Ben-GH"
    assert site.events[0].player_by_id["ann-example"].github == "ann-gh"
    assert site.events[0].player_by_id["ann-example"].deck == {}  # not a deck field shown on the player page


def test_defaults(make_site):
    site = load_site(make_site({"events/e/event.yaml": EVENT}))
    assert (site.organizers, site.reports) == ((), REPORTS_REVIEWED)
    assert site.events[0].player_by_id["ben-example"].github is None


@pytest.mark.parametrize(("files", "where", "message"), [
    ({"site.yaml": "title: T\norganizers: [ok, bad_login]\n"}, "site.yaml:2", "'organizers': 'bad_login' is not a GitHub login"),
    ({"site.yaml": "title: T\norganizers: tess\n"}, "site.yaml:2", "'organizers' must be a list of GitHub logins"),
    ({"site.yaml": "title: T\nreports: auto\n"}, "site.yaml:2", "'reports: auto'"),
    ({"players.yaml": "players:\n  - {id: ann-example, name: Ann Example, github: -ann}\n"}, "players.yaml:2",
     "'github': '-ann' is not a GitHub login"),
    ({"players.yaml": "players:\n  - {id: a, name: A, github: Same}\n  - {id: b, name: B, github: same}\n"}, "players.yaml:3",
     "the GitHub login 'same' is already given at line 2"),
    ({"events/e/event.yaml": EVENT.replace("ann-gh", "ann gh")}, "events/e/event.yaml:6", "'github': 'ann gh' is not a GitHub login"),
])
def test_bad_logins_are_reported_where_they_are(make_site, files, where, message):
    root = make_site({"events/e/event.yaml": EVENT} | files)
    with pytest.raises(ContentError) as caught:
        load_site(root)
    shown = [str(p) for p in caught.value.problems]
    assert any(line.startswith(f"{root}/{where}: ") and message in line for line in shown), shown
