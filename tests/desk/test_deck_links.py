"""Decklists at the desk: each player's own link (paste, see what was understood, confirm), the TO's statuses, the
print sheet, pairing round 1 under `collect: required`, and what a link may not do."""
from __future__ import annotations

import http.client
import json
import re
from pathlib import Path

import pytest
from desk_events import TOKEN, Desk, make_event

from sitegen.edit.decklists import HeldDecks
from sitegen.load.event import load_event

CORPUS = Path(__file__).resolve().parent.parent / "games" / "vtes" / "decklists"
RULE = "rounds: 3\ndecklists:\n  collect: required\n  publish: all\n"


@pytest.fixture
def desk(tmp_path):
    folder = make_event(tmp_path, "vtes", pair=False)
    (folder / "event.yaml").write_text((folder / "event.yaml").read_text() + RULE)
    desk = Desk(tmp_path / "content", tmp_path)
    yield desk
    desk.close()


def links(desk) -> dict[str, str]:
    """Each player's decklist link path (/d/LINK), read from the TO's statuses page."""
    status, page = desk.get("e/desk/decks")
    assert status == 200
    names = re.findall(r"<strong>([^<]+)</strong>", page)
    urls = re.findall(r"<small>http://[^/]+(/d/[^<]+)</small>", page)
    return {name.split()[0].lower() + "-example": url for name, url in zip(names, urls)}


def send(desk, path, player, text, step="check", link=None, round_key=""):
    form = {"link": link or path.rsplit("/", 1)[1], "player": player, "step": step, "list": text, "round": round_key}
    status, page, _ = desk.request("POST", path, form)
    return status, page


def test_a_player_pastes_fixes_and_confirms_and_the_to_sees_it(desk, tmp_path):
    ann = links(desk)["ann-example"]
    misspelt = (CORPUS / "misspelt.vdb.txt").read_text()
    status, page = send(desk, ann, "ann-example", misspelt)
    assert status == 200 and "did you mean &#39;Govern the Unaligned&#39;?" in page and "Register this list" in page
    fixed = misspelt.replace("Govern the Unalined", "Govern the Unaligned")
    status, page = send(desk, ann, "ann-example", fixed)
    assert status == 200 and "No problem found." in page
    status, page = send(desk, ann, "ann-example", fixed, step="confirm")
    assert status == 200 and "Your list is registered." in page
    status, page = desk.get("e/desk/decks")
    assert "registered" in page and "missing" in page
    status, page = desk.get("e/desk/decks/print")
    assert status == 200 and page.count('class="decksheet"') == 5 and "Govern the Unaligned" in page
    for path in ("site/events/desk/index.html", "site/events/desk/players/ann-example.html", "site/sitemap.xml", "site/events/desk/standings.json"):
        status, page = desk.get(path)  # the desk's site preview: built from content/, where a held list never is
        assert "Voter Captivation" not in page and "decklists.html" not in page, path
    restarted = Desk(tmp_path / "content", tmp_path)  # the same cache folder: nothing held is lost
    try:
        status, page = restarted.request("GET", ann)[:2]
        assert status == 200 and "Your registered list" in page and "Govern the Unaligned" in page
    finally:
        restarted.close()


def test_pairing_round_one_stops_on_missing_lists_until_overridden(desk, tmp_path):
    send(desk, links(desk)["ann-example"], "ann-example", (CORPUS / "legal-a.jol.txt").read_text(), step="confirm")
    status, page, _ = desk.post("e/desk/pair", {"version": load_version(tmp_path)})
    assert status == 400 and "Ben Example (missing)" in page and not (tmp_path / "content/events/desk/round-1.yaml").exists()
    status, _, _ = desk.post("e/desk/pair", {"version": load_version(tmp_path), "without_decklists": "on"})
    assert status == 303 and (tmp_path / "content/events/desk/round-1.yaml").exists()
    status, page = send(desk, links(desk)["ann-example"], "ann-example", (CORPUS / "legal-b.jol.txt").read_text(), step="confirm")
    assert status == 409 and "locked" in page
    report_links = json.loads(desk.get("links.json")[1])["players"]
    ann_report = next(p["url"] for p in report_links if p["id"] == "ann-example").split("//", 1)[1].split("/", 1)[1]
    status, page, _ = desk.request("GET", "/" + ann_report)
    assert status == 200 and f'href="{links(desk)["ann-example"]}">Register your deck' in page  # the player's report page offers it


def load_version(tmp_path):
    from sitegen.desk.screens import rounds_version

    return rounds_version(load_event(tmp_path / "content/events/desk"))


def test_a_link_never_touches_another_players_list_and_refuses_a_huge_paste(desk, tmp_path):
    paths = links(desk)
    ann, ben = paths["ann-example"], paths["ben-example"]
    status, page = send(desk, ann, "ben-example", (CORPUS / "legal-a.jol.txt").read_text(), step="confirm")
    assert status == 403 and "your own decklist" in page
    status, page = send(desk, ann, "ann-example", "x", link=ben.rsplit("/", 1)[1])
    assert status == 403
    status, page = announce_a_megabyte(desk, ann)
    assert status == 413 and "far too long for a decklist" in page
    status, page = send(desk, ann, "ann-example", "1x Govern the Unaligned\n" * 1_000)  # 24 KB: under the desk's limit, over a list's
    assert status == 413 and "a decklist is 20000 at most" in page
    event = load_event(tmp_path / "content/events/desk")
    assert HeldDecks(tmp_path / "desk-cache" / "decklists" / event.slug).all() == {}
    status, _, _ = desk.request("GET", "/d/not-a-link")
    assert status == 403


def announce_a_megabyte(desk, path):
    """A 1 MB paste as the phone sends it: the desk answers on the headers, before the body (so no broken pipe)."""
    connection = http.client.HTTPConnection("127.0.0.1", desk.port, timeout=30)
    connection.putrequest("POST", path)
    connection.putheader("Content-Type", "application/x-www-form-urlencoded")
    connection.putheader("Content-Length", str(1 << 20))
    connection.endheaders()
    response = connection.getresponse()
    page = response.read().decode()
    connection.close()
    return response.status, page


def test_a_deck_name_with_html_is_escaped(desk):
    ann = links(desk)["ann-example"]
    hostile = (CORPUS / "legal-a.vdb.txt").read_text().replace("Deck Name: legal-a (vdb)", "Deck Name: <script>alert(1)</script>")
    status, page = send(desk, ann, "ann-example", hostile, step="confirm")
    assert status == 200 and "<script>alert(1)</script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    status, page = desk.get("e/desk/decks/ann-example")
    assert "<script>alert(1)" not in page and "&lt;script&gt;" in page
    assert TOKEN not in send(desk, ann, "ann-example", "1x Arika\n")[1]  # a player's page never holds the desk's token


def test_the_desk_publishes_what_the_rule_releases_after_a_change(tmp_path):
    """What the desk runs after each change (and commits with --commit): here the event's end releases every list."""
    from sitegen.cli.main import main
    from sitegen.desk.deck_links import published

    folder = make_event(tmp_path, "vtes", pair=False)
    (folder / "event.yaml").write_text((folder / "event.yaml").read_text() + RULE.replace("required", "optional"))
    cache = tmp_path / "desk-cache"
    assert main(["deck", str(folder), "ann-example", str(CORPUS / "legal-a.jol.txt"), "--cache", str(cache)]) == 0
    assert published(folder, cache) is None  # the event is not over
    for number in range(3):
        assert main(["pair", str(folder)]) == 0
        seated = load_event(folder).rounds[number].tables[0].players
        assert main(["result", str(folder), "1", "--vp", *[f"{p}={5 if p == 'ann-example' else 0}" for p in seated]]) == 0
    done = published(folder, cache)
    assert str(done.message) == "Decklists published: Ann Example"  # the players by name, as every note of the desk
    assert done.written == [folder / "decks" / "ann-example.txt"]
    assert published(folder, cache) is None  # once only


def test_multideck_a_player_registers_the_next_rounds_list_until_it_is_paired(tmp_path):
    """V:TES `multideck: true`: after round 1 is paired, the link registers the list for round 2; the TO sees each
    round's status; a form made for round 1 (now paired) is refused, not moved on to round 2."""
    from sitegen.cli.main import main

    folder = make_event(tmp_path, "vtes", pair=False)
    (folder / "event.yaml").write_text((folder / "event.yaml").read_text() + RULE + "multideck: true\n")
    desk = Desk(tmp_path / "content", tmp_path)
    try:
        ann = links(desk)["ann-example"]
        status, page = desk.request("GET", ann)[:2]
        assert "the list you register here is for Round 1" in page and 'name="round" value="round-1"' not in page  # no list checked yet
        status, page = send(desk, ann, "ann-example", (CORPUS / "legal-a.jol.txt").read_text())
        assert 'name="round" value="round-1"' in page
        status, page = send(desk, ann, "ann-example", (CORPUS / "legal-a.jol.txt").read_text(), step="confirm")
        assert status == 200 and "Your list for Round 1 is registered." in page
        assert main(["pair", str(folder), "--without-decklists"]) == 0
        status, page = desk.request("GET", ann)[:2]
        assert "Your list for Round 2" in page and "Telepathic Misdirection" in page  # round 1's, played again unless replaced
        assert "the list you register here is for Round 2" in page
        form = {"link": ann.rsplit("/", 1)[1], "player": "ann-example", "step": "confirm", "round": "round-1", "list": (CORPUS / "legal-b.jol.txt").read_text()}
        status, page, _ = desk.request("POST", ann, form)
        assert status == 409 and "Round 1 is paired" in page and "sitegen" not in page
        status, page = send(desk, ann, "ann-example", (CORPUS / "legal-b.jol.txt").read_text(), step="confirm", round_key="round-2")
        assert status == 200 and "Your list for Round 2 is registered." in page
        status, page = desk.get("e/desk/decks")
        assert "Round 1: registered · Round 2: registered" in page and "Round 1: missing · Round 2: missing" in page
        assert (tmp_path / "desk-cache" / "decklists" / "desk" / "ann-example.round-2.txt").read_text() == (CORPUS / "legal-b.jol.txt").read_text()
        seated = load_event(folder).rounds[0].tables[0].players
        assert main(["result", str(folder), "1", "--vp", *[f"{p}={5 if p == 'ann-example' else 0}" for p in seated]]) == 0
        status, page = desk.get("e/desk/")
        assert 'name="without_decklists"' in page  # the override is offered at every preliminary round, not round 1 only
        status, page, _ = desk.post("e/desk/pair", {"version": load_version(tmp_path)})
        assert status == 400 and "Round 2 is not paired" in page and "Ben Example (missing)" in page and "Ann Example" not in page.split("Round 2 is not paired")[1][:300]
        (folder / "event.yaml").write_text((folder / "event.yaml").read_text() + "language: fr\n")
        status, page, _ = desk.post("e/desk/pair", {"version": load_version(tmp_path)})
        assert status == 400 and "Ronde 2 n&#39;est pas appariée" in page and "Ben Example (manquante)" in page
        status, page, _ = desk.post("e/desk/pair", {"version": load_version(tmp_path), "without_decklists": "on"})
        assert status == 303 and (folder / "round-2.yaml").exists()
    finally:
        desk.close()


def test_the_desk_publishes_each_rounds_list_under_multideck(tmp_path):
    """The files the desk commits (with --commit) are every file it wrote: each round's list too."""
    from sitegen.cli.main import main
    from sitegen.desk.deck_links import published

    folder = make_event(tmp_path, "vtes", pair=False)
    (folder / "event.yaml").write_text((folder / "event.yaml").read_text() + RULE.replace("required", "optional") + "multideck: true\n")
    cache = tmp_path / "desk-cache"
    assert main(["deck", str(folder), "ann-example", str(CORPUS / "legal-a.jol.txt"), "--cache", str(cache)]) == 0
    for number in range(3):
        assert main(["pair", str(folder)]) == 0
        seated = load_event(folder).rounds[number].tables[0].players
        assert main(["result", str(folder), "1", "--vp", *[f"{p}={5 if p == 'ann-example' else 0}" for p in seated]]) == 0
    done = published(folder, cache)
    assert str(done.message) == "Decklists published: Ann Example"  # the players by name, as every note of the desk
    assert done.written == [folder / "decks" / name for name in ("ann-example.round-1.txt", "ann-example.round-2.txt", "ann-example.round-3.txt", "ann-example.txt")]


def test_the_tos_sheets_lead_back_to_the_event_on_a_phone(desk, tmp_path):
    """The Decklists page and the sheets of report links had no way back but the browser's: a link to the event's page,
    left off the paper."""
    from sitegen.cli.main import main

    assert main(["pair", str(tmp_path / "content" / "events" / "desk"), "--without-decklists"]) == 0  # the sheets of a round
    for path in ("e/desk/decks", "e/desk/links", "e/desk/slips"):
        status, page = desk.get(path)
        assert status == 200 and '<p class="hint back"><a href="./">Desk VTES</a></p>' in page, path
