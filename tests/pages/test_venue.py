"""The venue pages: result slips (what each format's slip asks, the generic one), the projector's pairings order,
the crosstable's cells for small hand-made events, and where the pages are linked from."""
from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from toy.toy_format import FORMAT as TOY

from sitegen import games as formats
from sitegen.build.pipeline import render
from sitegen.load.event import load_event
from sitegen.pages import venue

JOUST = """
name: Spring Joust
format: agot-joust
date: 2026-04-01
players: [{name: Ann}, {name: Ben}, {name: Cat}, {name: Dan}]
"""
MELEE = """
name: Spring Melee
format: agot-melee
date: 2026-04-01
players: [{name: Ann}, {name: Ben}, {name: Cat}, {name: Dan}]
"""
VTES = """
name: Spring Clash
format: vtes
date: 2026-04-01
players: [{name: Ann}, {name: Ben}, {name: Cat}, {name: Dan}, {name: Eve}]
"""


class SlipText(HTMLParser):
    """The text of each slip (`<section class="slip">`), whitespace collapsed, and its boxes as [ ] (tick) and [_] (write)."""

    def __init__(self) -> None:
        super().__init__()
        self.slips: list[list[str]] = []
        self.depth = 0  # sections open inside the current slip; 0: outside any slip

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if tag == "section" and "slip" in classes:
            self.slips.append([])
            self.depth = 1
        elif self.depth and tag == "td" and "box" in classes:
            self.slips[-1].append("[ ]" if "tick" in classes else "[_]")
        elif self.depth and tag == "td" and "signature" in classes:
            self.slips[-1].append("[sign]")

    def handle_endtag(self, tag: str) -> None:
        if self.depth and tag == "section":
            self.depth = 0

    def handle_data(self, data: str) -> None:
        if self.depth and data.strip():
            self.slips[-1].append(data.strip())


def slips_of(page: bytes) -> list[str]:
    parser = SlipText()
    parser.feed(page.decode())
    return [re.sub(r"\s+", " ", " ".join(parts)) for parts in parser.slips]


def site_files(make_site, event_yaml: str, rounds: dict[str, str]) -> dict[str, bytes]:
    return render(make_site({"events/e/event.yaml": event_yaml} | {f"events/e/{name}": text for name, text in rounds.items()}))


def test_a_joust_slip_asks_for_the_winner_or_both_powers(make_site):
    files = site_files(make_site, JOUST, {"round-1.yaml": "tables: [{table: 1, players: [ann, ben]}, {table: 2, players: [cat, dan]}]\n"})
    slips = slips_of(files["events/e/round-1-slips.html"])
    assert len(slips) == 2
    assert slips[1] == (
        "Table 2 Round 1 Spring Joust Player Winner Power Signature "
        "Cat cat [ ] [_] [sign] Dan dan [ ] [_] [sign] "
        "Tick the winner of a game won outright (15 power, concession or decking). "
        "If time was called, tick no one and write both players' power.")


def test_a_melee_slip_asks_for_power_winner_and_who_left_when(make_site):
    files = site_files(make_site, MELEE, {"round-1.yaml": "tables: [{table: 1, players: [dan, ann, cat, ben]}]\n"})
    (slip,) = slips_of(files["events/e/round-1-slips.html"])
    assert slip == (
        "Table 1 Round 1 Spring Melee Seat Player Power Winner Out (order) Signature "
        "1 Dan dan [_] [ ] [_] [sign] 2 Ann ann [_] [ ] [_] [sign] 3 Cat cat [_] [ ] [_] [sign] 4 Ben ben [_] [ ] [_] [sign] "
        "Write every player's power at the end of the game. Tick the winner if someone reached 15 power before time. "
        "For players who decked out or conceded, write the order they left (1 = first out).")


def test_a_vtes_slip_gives_the_seat_order_and_asks_for_vp_and_the_game_win(make_site):
    files = site_files(make_site, VTES, {"round-1.yaml": "tables: [{table: 1, players: [cat, eve, ann, dan, ben]}]\n"})
    printed = files["events/e/round-1-print.html"].decode()
    assert "your table and seat are beside it" in printed and "<h3>Table 1</h3>" in printed
    (slip,) = slips_of(files["events/e/round-1-slips.html"])
    assert slip == (
        "Table 1 Round 1 Spring Clash Seat Player Prey VP GW Signature "
        "1 Cat cat Eve [_] [ ] [sign] 2 Eve eve Ann [_] [ ] [sign] 3 Ann ann Dan [_] [ ] [sign] "
        "4 Dan dan Ben [_] [ ] [sign] 5 Ben ben Cat [_] [ ] [sign] "
        "Seat 1 plays first, then clockwise; each player's prey is the next seat. Write each player's VP (steps of 0.5). "
        "Tick GW for the player with at least 2 VP and more than anyone else.")


def test_a_round_in_play_has_slips_and_a_print_view_and_its_page_links_them(make_site):
    files = site_files(make_site, JOUST, {"round-1.yaml": "tables: [{table: 1, players: [ann, ben], winner: ann}, {table: 2, players: [cat, dan], winner: dan}]\n",
                                          "round-2.yaml": "tables: [{table: 1, players: [ann, dan], winner: ann}, {table: 2, players: [ben, cat]}]\n"})
    assert len(slips_of(files["events/e/round-2-slips.html"])) == 2  # a table with its result still gets its slip
    assert b'href="round-2-slips.html"' in files["events/e/round-2.html"] and b'href="round-2-print.html"' in files["events/e/round-2.html"]
    assert b'href="round-2-print.html"' in files["events/e/index.html"]
    # A round with every result in prints nothing more: an archive carries no slips, and no page links to them.
    assert "events/e/round-1-slips.html" not in files and "events/e/round-1-print.html" not in files
    assert b"-slips.html" not in files["events/e/round-1.html"] and b"-print.html" not in files["events/e/round-1.html"]
    # The names with their tables are listed while the round is in play; a finished round's search reads its tables.
    assert b'<ol class="find-list">' in files["events/e/round-2.html"] and b'<ol class="find-list">' not in files["events/e/round-1.html"]
    assert b'id="find-input"' in files["events/e/round-1.html"]
    # Links inside the event are relative to its folder; the data files are one line each.
    assert b'<a href="players/ann.html">' in files["events/e/round-1.html"] and b"events/e/" not in files["events/e/players/ann.html"]
    assert files["events/e/standings.json"].count(b"\n") == 1 and files["events/e/pairings/round-1.json"].count(b"\n") == 1
    # The venue screen shows the latest round: only that round's page points at it.
    assert b'href="projector.html"' in files["events/e/round-2.html"]
    assert b'href="projector.html"' not in files["events/e/round-1.html"]
    assert b"Round 2" in files["events/e/projector.html"]


def test_a_format_without_a_slip_of_its_own_gets_a_box_per_result_column(make_site, monkeypatch):
    monkeypatch.setitem(formats.FORMATS, TOY.name, TOY)
    event = load_event(make_site({"events/e/event.yaml": JOUST.replace("agot-joust", TOY.name),
                                  "events/e/round-1.yaml": "tables: [{table: 1, players: [ann, ben]}, {table: 2, players: [cat, dan]}]\n"}) / "events" / "e")
    board = TOY.score(event)
    sheet = venue.slip_sheet(TOY, board.rounds[0], board)
    assert [b.label for b in sheet.boxes] == ["Result"] and not sheet.boxes[0].tick
    assert sheet.instructions == venue.GENERIC_INSTRUCTIONS and sheet.info_columns == []
    assert [(s.table, [(seat.seat, seat.player) for seat in s.seats]) for s in sheet.slips] == [(1, [(1, "ann"), (2, "ben")]), (2, [(1, "cat"), (2, "dan")])]


def test_the_vtes_final_slip_asks_who_plays_first(scored_event):
    """After two rounds Ann (1 GW, 4 VP) and Cat (1 GW, 3 VP) are the top seeds; the other three are level."""
    rounds = {"round-1.yaml": "tables: [{table: 1, players: [cat, eve, ann, dan, ben], vp: {cat: 3, eve: 1, ann: 1, dan: 0, ben: 0}}]\n",
              "round-2.yaml": "tables: [{table: 1, players: [ann, ben, dan, eve, cat], vp: {ann: 3, ben: 1, cat: 0, dan: 1, eve: 0}}]\n",
              "final.yaml": "tables: [{table: 1, players: [ann, ben, cat, dan, eve]}]\n"}
    event, board = scored_event({"events/e/event.yaml": VTES + "rounds: 2\n"} | {f"events/e/{k}": v for k, v in rounds.items()})
    sheet = venue.slip_sheet(formats.format_of(event), board.elims[0], board)
    assert [(b.label, b.tick) for b in sheet.boxes] == [("VP", False), ("Plays first", True)]
    assert [c.label for c in sheet.info_columns] == ["Seed", "Prey"]
    seats = sheet.slips[0].seats
    assert [(s.seat, s.player, s.info) for s in (seats[0], seats[2])] == [(1, "ann", ["1", "Ben"]), (3, "cat", ["2", "Dan"])]


def test_the_projector_lists_everyone_alphabetically_with_table_and_opponent(scored_event):
    event, board = scored_event({
        "events/e/event.yaml": JOUST.replace("players: [{name: Ann}, {name: Ben}, {name: Cat}, {name: Dan}]",
                                             "players: [{name: Zed}, {name: ann}, {name: Ben}, {name: Cat}, {name: Dan}]"),
        "events/e/round-1.yaml": "tables: [{table: 1, players: [zed, cat]}, {table: 2, players: [ben, ann]}]\nbyes: [dan]\n"})
    lines = venue.projector_lines(board.rounds[0], event)
    assert [(line.name, line.table, line.opponent, line.bye) for line in lines] == [
        ("ann", 2, "ben", False), ("Ben", 2, "ann", False), ("Cat", 1, "zed", False), ("Dan", None, "", True), ("Zed", 1, "cat", False)]
    assert venue.scroll_seconds(lines) == 30  # a short list still moves slowly


def test_crosstable_of_a_small_joust(scored_event):
    """R1: Ann beats Ben; Cat 10 - Dan 8 at time (Cat is nearer 15: modified win). R2: Ann 9 - Cat 9 at time (draw); Dan beats Ben.
    Points: Ann 5 + 2 = 7, Cat 4 + 2 = 6, Dan 1 + 5 = 6, Ben 0; Cat is ahead of Dan on Head-to-Head."""
    _, board = scored_event({
        "events/e/event.yaml": JOUST + "rounds: 2\ncut: 0\n",
        "events/e/round-1.yaml": "tables: [{table: 1, players: [ann, ben], winner: ann}, {table: 2, players: [cat, dan], power: {cat: 10, dan: 8}}]\n",
        "events/e/round-2.yaml": "tables: [{table: 1, players: [ann, cat], power: {ann: 9, cat: 9}}, {table: 2, players: [ben, dan], winner: dan}]\n"})
    table = venue.crosstable(board)
    assert table.rounds == [("R1", "round-1"), ("R2", "round-2")]
    assert [(row.place, row.player, row.total) for row in table.rows] == [(1, "ann", "7"), (2, "cat", "6"), (3, "dan", "6"), (4, "ben", "0")]
    cells = {row.player: row.cells for row in table.rows}
    assert cells["ann"] == [venue.Cell(1, None, "ben", "Win", "5", "round-1.html#table-1"), venue.Cell(1, None, "cat", "Draw", "2", "round-2.html#table-1")]
    assert cells["dan"][0] == venue.Cell(2, None, "cat", "Modified loss", "1", "round-1.html#table-2")
    assert cells["ben"][1] == venue.Cell(2, None, "dan", "Loss", "0", "round-2.html#table-2")


def test_crosstable_of_a_vtes_table_links_the_table_where_everyone_at_it_stands(scored_event):
    """Cat 3 VP (game win: at least 2 and the most), Eve and Ann 1, Dan and Ben 0: TP 60, then (48+36)/2 = 42 each, (24+12)/2 = 18 each.
    The four others and their VP are one tap away on the round page: listed in every cell they made the page a third
    of a 64-player event's bytes."""
    _, board = scored_event({
        "events/e/event.yaml": VTES + "rounds: 2\n",
        "events/e/round-1.yaml": "tables: [{table: 1, players: [cat, eve, ann, dan, ben], vp: {cat: 3, eve: 1, ann: 1, dan: 0, ben: 0}}]\n"})
    table = venue.crosstable(board)
    first = table.rows[0]
    assert (first.place, first.player) == (1, "cat")
    assert first.cells[0] == venue.Cell(1, 1, None, "3 VP, game win", "60 TP", "round-1.html#table-1")
    ann = next(row for row in table.rows if row.player == "ann")
    assert (ann.cells[0].seat, ann.cells[0].result, ann.cells[0].points) == (3, "1 VP", "42 TP")


@pytest.mark.parametrize("event", ["autumn-melee-2026", "winter-joust-2026", "autumn-vtes-2026"])
def test_demo_crosstables_name_every_player_once_and_every_round(event, demo_files):
    page = demo_files[f"events/{event}/crosstable.html"].decode()
    players = re.findall(r'<tr><th>.*?href="players/([^"]+)\.html"', page.split("<tbody>", 1)[1])
    assert len(players) == len(set(players)) > 0
    assert len(players) == len(demo_files[f"events/{event}/standings.csv"].splitlines()) - 1  # everyone, dropped players too
    assert 'crosstable.html" aria-current="page"' in page
    assert '<td class="x-total"></td>' not in page  # finalists too: their elimination rounds carry no running total
    rounds = re.findall(r'<th><a href="([^"]+)\.html">', page)
    pairings = {p.removeprefix(f"events/{event}/pairings/").removesuffix(".json") for p in demo_files if p.startswith(f"events/{event}/pairings/")}
    assert sorted(rounds) == sorted(pairings) and rounds[0] == "round-1"


def test_a_melee_final_table_reads_from_the_table_itself(demo_files):
    """Melee keeps no player history of its final tables: the crosstable reads the table (winner, power, place)."""
    page = demo_files["events/autumn-melee-2026/crosstable.html"].decode()
    champion_row = page.split("<tbody>", 1)[1].split("<tr><th>", 2)[1]
    assert "Esme Dunmore" in champion_row and "Won (Power 15, Place 1)" in champion_row




@pytest.mark.parametrize("event", ["autumn-melee-2026", "winter-joust-2026", "autumn-vtes-2026"])
def test_every_crosstable_cell_links_its_table_on_the_round_page(event, demo_files):
    """A cell names its table by a link to it (a larger table's players are listed there, not in the cell); the
    link lands on that table."""
    page = demo_files[f"events/{event}/crosstable.html"].decode()
    links = re.findall(r'<a href="([^"#]+\.html)#table-(\d+)">', page)
    assert links and "<ul>" not in page.split("<tbody>", 1)[1]
    for target, table in set(links):
        assert f'id="table-{table}"' in demo_files[f"events/{event}/{target}"].decode(), (target, table)


def test_a_finished_events_venue_screen_shows_its_winners(demo_files):
    """The venue screen of a finished event reloads onto the final ranking (the players of the elimination, the
    V:TES final's five), not onto the last round's seats; a live event's still lists every player's table."""
    page = demo_files["events/autumn-vtes-2026/projector.html"].decode()
    assert "Final ranking" in page and "projector-scroll" not in page
    assert re.findall(r'<span class="p-name">([^<]+)</span><span class="p-table">(\d+)</span>', page)[0] == ("Jarek Wexley", "1")
    assert page.count("<li>") == 5
    live = demo_files["events/thursday-league-joust/projector.html"].decode()
    assert "projector-scroll" in live and "Final ranking" not in live
