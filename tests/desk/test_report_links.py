"""Players report their table's result through their own link at the venue (`desk/report_links.py`): held until a
second player of the table agrees or the TO accepts it, refused for another table, an old round or a written table,
rate-limited, kept across a restart, never in the content folder before it is a result.

SITEGEN_SHOTS=/some/folder keeps screenshots of the player's page at 360 px."""
from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from browser import fits_the_phone, shot
from desk_events import TOKEN, Desk, make_event, snapshot

from sitegen.desk.reports import STORE_NAME
from sitegen.load.event import load_event


@pytest.fixture
def desk(tmp_path):
    made: list[Desk] = []

    def start(fmt: str = "agot-joust", *, new: bool = True) -> tuple[Desk, Path]:
        folder = make_event(tmp_path, fmt) if new else tmp_path / "content" / "events" / "desk"
        made.append(Desk(tmp_path / "content", tmp_path))
        return made[-1], folder

    yield start
    for server in made:
        if not getattr(server, "stopped", False):
            server.close()


def stop(server: Desk) -> None:
    server.close()
    server.stopped = True  # type: ignore[attr-defined]


def links(server: Desk) -> dict[str, dict]:
    status, text = server.get("links.json")
    assert status == 200
    return {p["id"]: p | {"path": urlsplit(p["url"]).path} for p in json.loads(text)["players"]}


def report(server: Desk, link: dict, form: dict[str, str], **kwargs) -> tuple[int, str]:
    token = link["path"].rsplit("/", 1)[1]
    base = {"link": token, "round": "round-1", "table": str(link["table"])}
    status, text, _ = server.request("POST", link["path"], base | form, **kwargs)
    return status, text


def table_of(folder: Path, number: int) -> dict:
    return next(t for t in load_event(folder).rounds[-1].tables if t.number == number).result


def test_links_json_lists_each_player_of_the_round_with_a_link_of_their_own(desk):
    server, folder = desk()
    status, text = server.get("links.json")
    document = json.loads(text)
    assert status == 200 and document["round"] == 1 and document["event"] == "desk"
    seated = {pid: t.number for t in load_event(folder).rounds[0].tables for pid in t.players}
    assert {p["id"]: p["table"] for p in document["players"]} == seated
    urls = [p["url"] for p in document["players"]]
    assert len(set(urls)) == len(urls) and all(re.fullmatch(r"http://127\.0\.0\.1:\d+/r/[\w-]{24}", u) for u in urls)
    assert server.get("links.json")[1] == text  # the same links every time
    assert server.request("GET", "/links.json")[0] == 403 and server.request("GET", "/r/links.json")[0] == 403
    for sheet in ("e/desk/links", "e/desk/slips"):
        status, page = server.get(sheet)
        assert status == 200 and page.count("<svg") == len(urls) and TOKEN not in page


def test_the_links_are_made_from_the_desks_own_address_not_the_requests_host(desk):
    """Issue 29: the links took the request's Host header, which any page or proxy in between may set."""
    server, _ = desk()
    port = server.server.server_address[1]
    for sheet in ("links.json", "e/desk/links"):
        status, text = server.get(sheet, headers={"Host": "evil.example:80"})
        assert status == 200 and "evil.example" not in text
    urls = [p["url"] for p in json.loads(server.get("links.json", headers={"Host": "evil.example"})[1])["players"]]
    assert all(url.startswith(f"http://127.0.0.1:{port}/r/") for url in urls)


def test_two_agreeing_reports_write_the_result_and_different_ones_are_disputed(desk):
    server, folder = desk()
    found = links(server)
    (a, b), (c, d) = [t.players for t in load_event(folder).rounds[0].tables]
    before = snapshot(folder)
    held_changes = json.loads(server.get("__sitegen/problems")[1])["held"]
    status, page = report(server, found[a], {"way": "won", "winner": a})
    assert status == 200 and "held" in page and TOKEN not in page
    assert snapshot(folder) == before  # held, not a result
    assert json.loads(server.get("__sitegen/problems")[1])["held"] > held_changes  # the desk's open pages offer a reload
    assert "reported" in server.get("e/desk/")[1]
    assert report(server, found[b], {"way": "won", "winner": a})[0] == 200
    assert table_of(folder, 1) == {"winner": a}
    assert report(server, found[c], {"way": "won", "winner": c})[0] == 200
    status, page = report(server, found[d], {"way": "won", "winner": d})
    assert status == 200 and "differs" in page and table_of(folder, 2) == {}
    assert "disputed" in server.get("e/desk/")[1]
    status, page = report(server, found[a], {"way": "won", "winner": b})  # a written table: the link is done
    assert status == 410 and "written" in page and table_of(folder, 1) == {"winner": a}


def test_a_link_reports_its_own_table_in_its_own_round_only(desk):
    server, folder = desk()
    found = links(server)
    (a, b), (c, _) = [t.players for t in load_event(folder).rounds[0].tables]
    before = snapshot(folder)
    assert report(server, found[a], {"way": "won", "winner": a, "table": "2"})[0] == 403
    assert report(server, found[a], {"way": "won", "winner": a, "round": "round-2"})[0] == 403
    assert report(server, found[a], {"way": "won", "winner": c})[0] == 400  # not at the table: the edit's own check
    assert report(server, found[a], {"way": "nonsense"})[0] == 400
    assert report(server, found[a], {"way": "won", "winner": a, "link": found[c]["path"][3:]})[0] == 403
    assert server.request("GET", "/r/not-a-link")[0] == 403
    assert server.request("POST", found[a]["path"], {"link": "x"}, headers={"Origin": "http://evil.example"})[0] == 403
    assert snapshot(folder) == before
    assert server.post("e/desk/result", {"way": "won", "round": "round-1", "table": "1", "winner": b,
                                         "version": _version(server, 1)})[0] == 303
    status, page = server.request("GET", found[a]["path"])[:2]
    assert status == 410 and "written" in page


def test_an_old_link_is_refused_once_the_next_round_is_paired(desk):
    server, folder = desk()
    old = links(server)
    for number, (a, _) in enumerate([t.players for t in load_event(folder).rounds[0].tables], 1):
        assert server.post("e/desk/result", {"way": "won", "round": "round-1", "table": str(number), "winner": a,
                                             "version": _version(server, number)})[0] == 303
    assert server.post("e/desk/pair", {"version": re.search(r'action="pair".*?name="version" value="(\w+)"',
                                                            server.get("e/desk/")[1], re.S)[1]})[0] == 303
    status, page = server.request("GET", next(iter(old.values()))["path"])[:2]
    assert status == 410 and "round that is over" in page
    assert json.loads(server.get("links.json")[1])["round"] == 2


def test_a_link_is_rate_limited(desk):
    server, _ = desk()
    link = next(iter(links(server).values()))
    statuses = [server.request("GET", link["path"])[0] for _ in range(25)]
    assert statuses[0] == 200 and statuses[-1] == 429
    assert "wait a minute" in server.request("GET", link["path"])[1]


def test_the_to_accepts_a_held_report_and_a_restart_loses_nothing(desk, tmp_path):
    server, folder = desk("vtes")
    found = links(server)
    table = load_event(folder).rounds[0].tables[0]
    vp = {f"vp-{pid}": v for pid, v in zip(table.players, ["2.5", "0", "0", "0.5", "0.5", "1"])}
    status, page = report(server, found[table.players[0]], {"way": "vp"} | vp)
    assert status == 200, page
    stop(server)
    server, _ = desk("vtes", new=False)  # the desk started again: the same links, the report still held
    assert {pid: link["path"] for pid, link in links(server).items()} == {pid: link["path"] for pid, link in found.items()}
    page = server.get("e/desk/")[1]
    assert "reported" in page
    accept = re.search(r'<form method="post" action="accept".*?</form>', page, re.S)[0]
    form = dict(re.findall(r'name="(\w+)" value="([^"]*)"', accept))
    status, _, headers = server.post("e/desk/accept", form)
    assert status == 303, _
    assert table_of(folder, 1)["vp"] == dict(zip(table.players, [2.5, 0, 0, 0.5, 0.5]))
    written = snapshot(folder)
    assert server.post("e/desk/accept", form)[0] in (303, 410)  # a second tap: "already saved", or gone; it writes nothing
    assert snapshot(folder) == written


def test_a_damaged_store_is_read_as_empty(desk, tmp_path, capsys):
    server, folder = desk()
    links(server)
    stop(server)
    (tmp_path / "desk-cache" / STORE_NAME).write_text("{not json", encoding="utf-8")
    server, _ = desk(new=False)
    assert "could not be read" in capsys.readouterr().err
    assert server.get("e/desk/")[0] == 200 and len(links(server)) == 4


def _version(server: Desk, table: int) -> str:
    page = server.get("e/desk/")[1]
    return re.search(rf'name="version" value="(\w+)">\s*<input type="hidden" name="round" value="round-\d+"><input type="hidden" name="table" value="{table}"', page)[1]


# In a browser: the player's page on a 360 px phone, the TO's tap in the desk.

PHONE = {"width": 360, "height": 780}


@pytest.fixture
def phone(browser):
    page = browser.new_page(viewport=PHONE)
    yield page
    page.close()


@pytest.mark.browser
def test_two_players_of_a_joust_table_report_through_their_links_on_a_phone(desk, phone):
    from playwright.sync_api import expect

    server, folder = desk()
    found = links(server)
    (a, b), (c, d) = [t.players for t in load_event(folder).rounds[0].tables]
    base = f"http://127.0.0.1:{server.port}"
    phone.goto(base + found[a]["path"])
    expect(phone.locator("h1")).to_contain_text("Table 1")
    shot(phone, "report-link-phone")
    fits_the_phone(phone)
    assert TOKEN not in phone.content()
    phone.locator(f"button[name=winner][value={a}]").click()
    expect(phone.locator(".note.done")).to_contain_text("held")
    shot(phone, "report-link-held")
    assert table_of(folder, 1) == {}
    phone.goto(base + found[b]["path"])
    phone.locator(f"button[name=winner][value={a}]").click()
    expect(phone.locator("[role=alert]")).to_contain_text("Written")
    assert table_of(folder, 1) == {"winner": a}
    for player, winner in ((c, c), (d, d)):  # table 2 disagrees: nothing written, the TO decides
        phone.goto(base + found[player]["path"])
        phone.locator(f"button[name=winner][value={winner}]").click()
    expect(phone.locator(".note.done")).to_contain_text("differs")
    assert table_of(folder, 2) == {}
    phone.goto(base + found[a]["path"])  # table 1's link, now that table 1 is written
    expect(phone.locator("[role=alert]")).to_contain_text("written")
    phone.goto(f"{base}/{TOKEN}/e/desk/")
    expect(phone.locator("#table-2 .held.disputed")).to_be_visible()
    shot(phone, "report-link-desk-disputed")
    fits_the_phone(phone)


@pytest.mark.browser
def test_the_to_accepts_a_held_vtes_report_in_the_desk_after_a_restart(desk, phone):
    from playwright.sync_api import expect

    server, folder = desk("vtes")
    found = links(server)
    table = load_event(folder).rounds[0].tables[0]
    phone.goto(f"http://127.0.0.1:{server.port}" + found[table.players[0]]["path"])
    for pid, vp in zip(table.players, [2.5, 0, 0, 0.5, 0.5]):
        phone.locator(f"input[name=vp-{pid}]").fill(str(vp))
    shot(phone, "report-link-vtes")
    fits_the_phone(phone)
    phone.get_by_role("button", name="Save VP").click()
    expect(phone.locator(".note.done")).to_contain_text("held")
    stop(server)
    server, _ = desk("vtes", new=False)
    phone.goto(f"http://127.0.0.1:{server.port}/{TOKEN}/e/desk/")
    held = phone.locator("#table-1 .held")
    expect(held).to_contain_text("reported")
    held.get_by_role("button", name=re.compile("^Accept")).click()
    expect(phone.locator("#table-1 h3 small")).to_have_text("done")
    assert table_of(folder, 1)["vp"] == dict(zip(table.players, [2.5, 0, 0, 0.5, 0.5]))


def test_a_player_report_never_carries_a_judges_call(desk):
    """V:TES's override is the TO's or a judge's: the player's page has no box for it, and a forged one is dropped."""
    server, folder = desk("vtes")
    found = links(server)
    table = load_event(folder).rounds[0].tables[0]
    link = found[table.players[0]]
    page = server.request("GET", link["path"])[1]
    assert 'name="vp-' in page and 'name="override"' not in page
    vp = {f"vp-{pid}": "1" for pid in table.players}  # a result no game gives, with a forged override
    status, page = report(server, link, {"way": "vp", "override": "on"} | vp)
    assert status == 400 and "override" not in table_of(folder, table.number)
    assert "confirmed by a judge" in page and "override" not in page  # the refusal never suggests the judge's call


def test_confirm_all_waits_for_every_player_of_a_multiplayer_table(desk):
    """Issue 29: at a table of 4 or 5, two matching reports wrote the result and locked the others out. With
    `reports: confirm-all` in site.yaml, the result is written once every player of the table reported the same."""
    server, folder = desk("vtes")
    site = folder.parent.parent / "site.yaml"
    site.write_text(site.read_text() + "reports: confirm-all\n")
    found = links(server)
    table = load_event(folder).rounds[0].tables[0]
    vp = {f"vp-{pid}": v for pid, v in zip(table.players, ["2.5", "0", "0", "0.5", "0.5", "1"])}
    before = snapshot(folder)
    for pid in table.players[:-1]:
        status, page = report(server, found[pid], {"way": "vp"} | vp)
        assert status == 200 and "every player of your table" in page, page
        assert snapshot(folder) == before
    status, page = report(server, found[table.players[-1]], {"way": "vp"} | vp)
    assert status == 200 and "Written" in page
    assert table_of(folder, table.number)["vp"][table.players[0]] == 2.5


@pytest.mark.browser
def test_confirm_all_tells_the_player_on_a_phone_who_is_still_to_report(desk, phone):
    from playwright.sync_api import expect

    server, folder = desk("vtes")
    site = folder.parent.parent / "site.yaml"
    site.write_text(site.read_text() + "reports: confirm-all\n")
    found = links(server)
    table = load_event(folder).rounds[0].tables[0]
    phone.goto(f"http://127.0.0.1:{server.port}" + found[table.players[0]]["path"])
    for pid, vp in zip(table.players, [2.5, 0, 0, 0.5, 0.5]):
        phone.locator(f"input[name=vp-{pid}]").fill(str(vp))
    phone.get_by_role("button", name="Save VP").click()
    expect(phone.locator(".note.done")).to_contain_text("every player of your table")
    assert "another player" not in phone.locator("main").inner_text()
    shot(phone, "report-link-confirm-all")
    fits_the_phone(phone)


@pytest.mark.browser
def test_a_melee_players_link_chooses_the_winner_as_the_desk_does(desk, phone):
    """At the desk, typing 15 power chooses "Won before time"; a player's link ran no script, so the same facts
    reported by the players were written without the `winner` (as if time had been called), and no sum showed."""
    from playwright.sync_api import expect

    server, folder = desk("agot-melee")
    found = links(server)
    table = load_event(folder).rounds[0].tables[0]
    base = f"http://127.0.0.1:{server.port}"
    for player in table.players[:2]:
        phone.goto(base + found[player]["path"])
        for pid, power in zip(table.players, [15, 9, 7, 3]):
            phone.locator(f"input[name=power-{pid}]").fill(str(power))
        expect(phone.locator("select[name=winner]")).to_have_value(table.players[0])
        expect(phone.locator("output.sum")).not_to_be_empty()
        phone.locator("form button[type=submit]").click()
    assert table_of(folder, 1)["winner"] == table.players[0]


def test_a_held_report_reads_in_seat_order_after_a_restart(desk):
    """The store sorted the result's players by id: after a restart the TO read a V:TES report's VP in alphabetical
    order, not the seats' (where VP by seat is what a judge checks)."""
    server, folder = desk("vtes")
    table = load_event(folder).rounds[0].tables[0]
    names = {p.id: p.name for p in load_event(folder).players}
    vp = dict(zip(table.players, ["2.5", "0", "0", "0.5", "0.5"]))
    assert report(server, links(server)[table.players[0]], {"way": "vp"} | {f"vp-{p}": v for p, v in vp.items()})[0] == 200
    in_seats = "VP: " + ", ".join(f"{names[p]} {v}" for p, v in vp.items())
    assert in_seats in server.get("e/desk/")[1]
    assert list(table.players) != sorted(table.players)  # the seats are not in the ids' order
    stop(server)
    server, _ = desk("vtes", new=False)
    assert in_seats in server.get("e/desk/")[1]


@pytest.mark.browser
def test_the_links_a_judge_or_a_player_taps_are_44_px_tall(desk, phone):
    """The desk promises 44 px tap targets: "Round 1: correct a result" and a player's "Register your deck" were 20 px."""
    server, folder = desk("vtes")
    (folder / "event.yaml").write_text((folder / "event.yaml").read_text() + "decklists:\n  collect: optional\n")
    table = load_event(folder).rounds[0].tables[0]
    found = links(server)
    base = f"http://127.0.0.1:{server.port}"
    phone.goto(base + found[table.players[0]]["path"])
    deck = phone.get_by_role("link", name="Register your deck")
    assert deck.bounding_box()["height"] >= 44
    from sitegen.cli.main import main

    assert main(["result", str(folder), "1", "--vp", *[f"{p}={v}" for p, v in zip(table.players, [2.5, 0, 0, 0.5, 0.5])]]) == 0
    assert main(["pair", str(folder)]) == 0
    phone.goto(f"{base}/{TOKEN}/e/desk/")
    assert phone.get_by_role("link", name="Round 1: correct a result").bounding_box()["height"] >= 44
