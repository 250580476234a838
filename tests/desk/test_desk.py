"""`sitegen desk`: the token, POST-only changes, versioned forms, nothing readable outside the content,
comments kept, errors beside the table, the same bytes as the CLI verbs, git commits, the problems overlay."""
from __future__ import annotations

import json
import re
import subprocess
import threading
from pathlib import Path
from urllib.parse import urlencode, urljoin

import pytest
from desk_events import TOKEN, Desk, make_event, snapshot

from sitegen.cli.main import main
from sitegen.desk.screens import table_version
from sitegen.load.event import load_event


@pytest.fixture
def desk(tmp_path):
    made = []

    def start(fmt: str = "agot-joust", *, commit: bool = False, pair: bool = True) -> tuple[Desk, Path]:
        folder = make_event(tmp_path, fmt, pair=pair)
        made.append(Desk(tmp_path / "content", tmp_path, commit=commit))
        return made[-1], folder

    yield start
    for server in made:
        server.close()


def versions(page: str) -> dict[str, str]:
    """Each form's version by what it changes: "table-1", "pair", "drop" ..."""
    found = {}
    for action, body in re.findall(r"<form method=\"post\" action=\"(\w+)\"[^>]*>(.*?)</form>", page, re.S):
        version = re.search(r'name="version" value="(\w+)"', body)[1]
        table = re.search(r'name="table" value="(\d+)"', body)
        found.setdefault(f"table-{table[1]}" if table else action, version)
    return found


def seats(folder: Path, slug: str | None = None) -> dict[int, tuple[str, ...]]:
    event = load_event(folder)
    round_ = next(r for r in event.rounds + event.elims if r.slug == slug) if slug else (event.rounds + event.elims)[-1]
    return {t.number: t.players for t in round_.tables}


def test_every_request_needs_the_token(desk):
    server, folder = desk()
    before = snapshot(folder)
    assert server.request("GET", "/")[0] == 403
    assert server.request("GET", "/e/desk/")[0] == 403
    assert server.request("GET", "/not-the-token/")[0] == 403
    assert server.request("GET", f"/{TOKEN}x/")[0] == 403
    assert server.request("GET", f"/{TOKEN[:-1]}/e/desk/")[0] == 403
    a, b = seats(folder)[1]
    status, _, _ = server.request("POST", "/wrong/e/desk/result", {"token": "wrong", "way": "won", "table": "1", "winner": a})
    assert status == 403
    assert server.get("")[0] == 200 and server.get("e/desk/")[0] == 200
    assert snapshot(folder) == before


def test_a_change_needs_the_token_in_the_form_and_a_same_site_origin(desk):
    server, folder = desk()
    before = snapshot(folder)
    a, _ = seats(folder)[1]
    version = versions(server.get("e/desk/")[1])["table-1"]
    form = {"way": "won", "round": "round-1", "table": "1", "winner": a, "version": version}
    status, _, _ = server.request("POST", f"/{TOKEN}/e/desk/result", form)  # the token in the URL only
    assert status == 403
    status, _, _ = server.request("POST", f"/{TOKEN}/e/desk/result", form | {"token": "guess"})
    assert status == 403
    status, _, _ = server.post("e/desk/result", form, headers={"Origin": "http://evil.example"})
    assert status == 403
    assert snapshot(folder) == before
    status, _, headers = server.post("e/desk/result", form, headers={"Origin": f"http://127.0.0.1:{server.port}"})
    assert status == 303 and headers["Location"].endswith("#table-1")
    assert load_event(folder).rounds[0].tables[0].result == {"winner": a}


def test_a_get_never_writes(desk):
    server, folder = desk()
    before = snapshot(folder)
    a, _ = seats(folder)[1]
    query = urlencode({"token": TOKEN, "way": "won", "round": "round-1", "table": "1", "winner": a})
    for path in [f"e/desk/result?{query}", f"e/desk/pair?{query}", f"e/desk/drop?player={a}&token={TOKEN}", f"publish?token={TOKEN}",
                 "", "e/desk/", "e/desk", "__sitegen/problems", "site/", "desk.css"]:
        assert server.get(path)[0] in (200, 303, 404), path
    assert snapshot(folder) == before


def test_two_judges_enter_the_same_table_one_wins_the_other_is_told(desk):
    server, folder = desk()
    (a, b), (_, d) = seats(folder)[1], seats(folder)[2]
    page = server.get("e/desk/")[1]  # both judges load the page
    first = versions(page)
    status, _, _ = server.post("e/desk/result", {"way": "won", "round": "round-1", "table": "1", "winner": a, "version": first["table-1"]})
    assert status == 303
    written = snapshot(folder)
    status, text, _ = server.post("e/desk/result", {"way": "won", "round": "round-1", "table": "1", "winner": b, "version": first["table-1"]})
    assert status == 409 and "This table changed since you loaded it" in text
    assert snapshot(folder) == written  # the first judge's result stands
    assert load_event(folder).rounds[0].tables[0].result == {"winner": a}
    # another table's form from the same old page still goes through: nothing else changed there
    status, _, _ = server.post("e/desk/result", {"way": "won", "round": "round-1", "table": "2", "winner": d, "version": first["table-2"]})
    assert status == 303
    assert [t.result for t in load_event(folder).rounds[0].tables] == [{"winner": a}, {"winner": d}]
    # pairing on the page from before the results is stale too
    status, text, _ = server.post("e/desk/pair", {"version": first["pair"]})
    assert status == 409 and "changed since you loaded them" in text and not (folder / "round-2.yaml").exists()


def test_concurrent_writes_to_one_table_never_lose_one(desk):
    server, folder = desk()
    a, b = seats(folder)[1]
    version = versions(server.get("e/desk/")[1])["table-1"]
    statuses: list[int] = []

    def judge(winner: str) -> None:
        statuses.append(server.post("e/desk/result", {"way": "won", "round": "round-1", "table": "1", "winner": winner, "version": version})[0])

    threads = [threading.Thread(target=judge, args=(pid,)) for pid in (a, b, a, b)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [303, 303, 409, 409]  # the winner's twin is "already saved"; the other two are told


def test_a_double_tap_on_a_result_says_already_saved(desk):
    server, folder = desk("agot-joust", commit=False)
    a, _ = seats(folder)[1]
    form = {"way": "won", "round": "round-1", "table": "1", "winner": a, "version": versions(server.get("e/desk/")[1])["table-1"]}
    assert server.post("e/desk/result", form)[0] == 303
    written = snapshot(folder)
    status, _, headers = server.post("e/desk/result", form)  # the same tap again, from the same page
    assert status == 303 and snapshot(folder) == written
    page = server.get(headers["Location"].split("/", 2)[2].split("#")[0])[1]
    assert "already saved" in page and "changed since you loaded it" not in page


@pytest.mark.parametrize("path", [
    "site/../../content/site.yaml", "site/%2e%2e/%2e%2e/secret.txt", "site/..%2f..%2fsecret.txt", "site//etc/passwd",
    "site/%2Fetc%2Fpasswd", "e/%2e%2e/", "e/..%2f..%2f/", "e/../", "site/leak.txt", "e/outside/", "site/events/../../secret.txt",
])
def test_nothing_outside_the_content_folder_is_readable(desk, tmp_path, path):
    server, _ = desk()
    secret = tmp_path / "secret.txt"
    secret.write_text("the secret\n")
    server.get("site/")  # the first build
    (tmp_path / "desk-output" / "leak.txt").symlink_to(secret)
    (tmp_path / "content" / "events" / "outside").symlink_to(tmp_path, target_is_directory=True)
    status, text = server.get(path)
    assert status in (403, 404) and "the secret" not in text and "root:" not in text
    status, text, _ = server.request("GET", f"/{TOKEN}/../{TOKEN}/site/../../secret.txt")
    assert "the secret" not in text


def test_the_site_preview_is_served_with_the_overlay_script(desk):
    server, _ = desk()
    status, text = server.get("site/events/desk/index.html")
    assert status == 200 and "Desk Joust" in text and "__sitegen/problems" in text
    assert server.get("site/")[0] == 200


def test_comments_survive_desk_edits(desk):
    server, folder = desk()
    a, b = seats(folder)[1]
    page = server.get("e/desk/")[1]
    assert server.post("e/desk/result", {"way": "time", "round": "round-1", "table": "1", f"power-{a}": "7", f"power-{b}": "9",
                                          "version": versions(page)["table-1"]})[0] == 303
    page = server.get("e/desk/players")[1]
    assert server.post("e/desk/add", {"name": "Eve Example", "field-faction": "Targaryen", "version": versions(page)["add"]})[0] == 303
    page = server.get("e/desk/players")[1]
    assert server.post("e/desk/drop", {"player": "dan-example", "version": versions(page)["drop"]})[0] == 303
    event_yaml = (folder / "event.yaml").read_text()
    for comment in ["# Our Thursday joust", "# four players", "# wolves"]:
        assert comment in event_yaml
    assert "name: Eve Example" in event_yaml and "dropped: 1" in event_yaml
    round_file = (folder / "round-1.yaml").read_text()
    assert round_file.startswith("# Desk Joust: Round 1") and f"power: {{{a}: 7, {b}: 9}}" in round_file


def test_an_error_shows_beside_its_table_and_writes_nothing(desk):
    server, folder = desk()
    a, b = seats(folder)[1]
    before = snapshot(folder)
    version = versions(server.get("e/desk/")[1])["table-1"]
    status, text, _ = server.post("e/desk/result", {"way": "time", "round": "round-1", "table": "1", f"power-{a}": "7", f"power-{b}": "x",
                                                    "version": version})
    assert status == 400
    table = re.search(r'<article [^>]*id="table-1">(.*?)</article>', text, re.S)[1]
    assert "&#39;x&#39; is not a number" in table and 'class="error"' in table
    assert f'name="power-{a}" value="7"' in table and f'name="power-{b}" value="x"' in table  # typed again, to be corrected
    status, text, _ = server.post("e/desk/result", {"way": "time", "round": "round-1", "table": "1", f"power-{a}": "7", f"power-{b}": "",
                                                    "version": version})
    table = re.search(r'<article [^>]*id="table-1">(.*?)</article>', text, re.S)[1]
    assert status == 400 and "needs both players" in table and "round-1.yaml:" not in table  # the check's problem, in words: no path
    assert snapshot(folder) == before
    status, text, _ = server.post("e/desk/pair", {"version": versions(text)["pair"]})
    pair = re.search(r'<section id="pair">(.*?)</section>', text, re.S)[1]
    assert status == 400 and "no result yet" in pair and "Ann Example" in pair
    assert snapshot(folder) == before


def run_both(tmp_path: Path, fmt: str, steps) -> tuple[Path, Path]:
    """The same changes through the desk (one folder) and the CLI verbs (another): both folders."""
    cli_folder = make_event(tmp_path / "cli", fmt)
    desk_folder = make_event(tmp_path / "desk", fmt)
    server = Desk(tmp_path / "desk" / "content", tmp_path / "desk")
    try:
        for form_path, form, argv in steps(cli_folder):
            page = server.get("e/desk/players" if form_path in ("add", "drop") else "e/desk/")[1]
            key = f"table-{form['table']}" if "table" in form else form_path
            status, text, _ = server.post(f"e/desk/{form_path}", form | {"version": versions(page)[key]})
            assert status == 303, text
            assert main([str(a) for a in argv]) == 0
    finally:
        server.close()
    return cli_folder, desk_folder


def test_the_desk_writes_the_same_bytes_as_the_cli_verbs(tmp_path):
    def steps(cli):
        (a, b), (c, d) = seats(cli)[1], seats(cli)[2]
        return [
            ("result", {"way": "won", "round": "round-1", "table": "1", "winner": a}, ["result", cli, 1, "--winner", a]),
            ("result", {"way": "time", "round": "round-1", "table": "2", f"power-{c}": "4", f"power-{d}": "11"},
             ["result", cli, 2, "--power", f"{c}=4", f"{d}=11"]),
            ("add", {"name": "Eve Example", "field-faction": "Stark"}, ["add", cli, "Eve Example", "--field", "faction=Stark"]),
            ("drop", {"player": b}, ["drop", cli, b]),
            ("pair", {"start": "2026-12-05T15:00", "minutes": "55"}, ["pair", cli, "--start", "2026-12-05 15:00", "--minutes", "55"]),
        ]

    cli, desk_folder = run_both(tmp_path, "agot-joust", steps)
    assert snapshot(cli) == snapshot(desk_folder)


def test_a_result_changed_under_later_rounds_is_a_warning_on_the_page(desk):
    server, folder = desk()
    for number, (a, _) in seats(folder).items():
        assert main(["result", str(folder), str(number), "--winner", a]) == 0
    assert main(["pair", str(folder)]) == 0
    a, b = seats(folder, "round-1")[1]
    round_1 = load_event(folder).rounds[0]  # the page shows round 2: round 1's version is made as the page makes it
    status, _, headers = server.post("e/desk/result", {"way": "won", "round": "round-1", "table": "1", "winner": b,
                                                       "version": table_version(round_1, round_1.tables[0])})
    assert status == 303
    page = server.request("GET", headers["Location"].split("#")[0])[1]
    assert "round 1 changed after round 2 was paired on the old standings" in page and 'class="note warning"' in page


def test_the_page_after_a_tap_carries_the_current_round_and_an_earlier_one_on_request(desk):
    """Earlier rounds are a link each (a light page after every tap); `?round=` shows one's tables, and a correction's
    redirect shows the round it changed."""
    server, folder = desk()
    for number, (a, _) in seats(folder).items():
        assert main(["result", str(folder), str(number), "--winner", a]) == 0
    assert main(["pair", str(folder)]) == 0
    page = server.request("GET", f"/{TOKEN}/e/desk/")[1]
    assert 'id="table-1"' in page and 'id="round-1-table-1"' not in page
    assert '<a href="./?round=round-1#round-1">Round 1: correct a result</a>' in page
    shown = server.request("GET", f"/{TOKEN}/e/desk/?round=round-1")[1]
    assert 'id="table-1"' in shown and 'id="round-1-table-1"' in shown
    a, b = seats(folder, "round-1")[1]
    round_1 = load_event(folder).rounds[0]
    status, _, headers = server.post("e/desk/result", {"way": "won", "round": "round-1", "table": "1", "winner": b,
                                                       "version": table_version(round_1, round_1.tables[0])})
    assert status == 303 and "&round=round-1#round-1-table-1" in headers["Location"]
    assert 'id="round-1-table-1"' in server.request("GET", headers["Location"].split("#")[0])[1]


def test_content_problems_are_listed_for_the_overlay_and_cleared_when_fixed(desk):
    server, folder = desk()
    assert json.loads(server.get("__sitegen/problems")[1])["problems"] == []
    event_yaml = folder / "event.yaml"
    good = event_yaml.read_text()
    event_yaml.write_text(good.replace("date: 2026-12-05", "date: 2026-13-45"))
    problems = json.loads(server.get("__sitegen/problems")[1])["problems"]
    assert len(problems) == 1 and problems[0].startswith(f"{event_yaml}:4: ")
    status, page = server.get("e/desk/")
    assert status == 200 and "problems" in page and f"{event_yaml}:4:" in page
    event_yaml.write_text(good)
    assert json.loads(server.get("__sitegen/problems")[1])["problems"] == []


def git(folder: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=folder, capture_output=True, text=True, check=True).stdout


def test_commit_makes_each_change_a_readable_commit_and_publish_reports_git(desk, tmp_path):
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    git(tmp_path, "-c", "user.name=T", "-c", "user.email=t@example.org", "commit", "-q", "--allow-empty", "-m", "start")
    git(tmp_path, "config", "user.name", "TO")
    git(tmp_path, "config", "user.email", "to@example.org")
    server, folder = desk(commit=True)
    git(tmp_path, "add", "content")
    git(tmp_path, "commit", "-q", "-m", "the event")
    a, b = seats(folder)[1]
    names = {p.id: p.name for p in load_event(folder).players}
    version = versions(server.get("e/desk/")[1])["table-1"]
    assert server.post("e/desk/result", {"way": "won", "round": "round-1", "table": "1", "winner": a, "version": version})[0] == 303
    assert git(tmp_path, "log", "-1", "--format=%s").strip() == f"Round 1, table 1: {names[a]} won"
    assert git(tmp_path, "show", "--stat", "--format=", "HEAD").count("|") == 1  # only the round file
    assert git(tmp_path, "status", "--porcelain", "content") == ""
    status, _, headers = server.post("publish", {})
    assert status == 303
    page = server.request("GET", headers["Location"])[1]
    assert "Not published: git could not send the changes" in page and "git push:" not in page and "Traceback" not in page


def test_melee_results_through_the_desk_equal_the_cli(tmp_path):
    def steps(cli):
        tables = seats(cli)
        four, three = (tables[1], tables[2]) if len(tables[1]) == 4 else (tables[2], tables[1])
        n4, n3 = [n for n, players in tables.items() if players == four][0], [n for n, players in tables.items() if players == three][0]
        power4, power3 = dict(zip(four, ["15", "13", "13", "5"])), dict(zip(three, ["12", "12", "4"]))
        return [
            ("result", {"way": "result", "round": "round-1", "table": str(n4), "winner": four[0]} | {f"power-{p}": v for p, v in power4.items()},
             ["result", cli, n4, "--power", *[f"{p}={v}" for p, v in power4.items()], "--winner", four[0]]),
            ("result", {"way": "result", "round": "round-1", "table": str(n3), "winner": "", f"eliminated-{three[2]}": "1"}
             | {f"power-{p}": v for p, v in power3.items()},
             ["result", cli, n3, "--power", *[f"{p}={v}" for p, v in power3.items()], "--eliminated", three[2]]),
        ]

    cli, desk_folder = run_both(tmp_path, "agot-melee", steps)
    assert snapshot(cli) == snapshot(desk_folder)
    assert all(t.result for t in load_event(desk_folder).rounds[0].tables)


def test_the_players_have_a_page_of_their_own_and_the_event_page_carries_the_round(desk):
    """The event page after each tap carries the round: no player's drop form, a seat's name opening that player's drop
    on the players' page; a drop and an add are made there, refused there, and answered on the round they changed."""
    server, folder = desk()
    (a, _), (d, _) = seats(folder)[1], seats(folder)[2]
    page = server.get("e/desk/")[1]
    assert 'action="drop"' not in page and 'action="add"' not in page and '<p class="to-players"><a href="players">Players</a></p>' in page
    assert f'<a class="name" href="players#drop-{a}">Ann Example</a>' in page  # the seat's name: one tap to its drop
    status, players = server.get("e/desk/players")
    assert status == 200 and f'id="drop-{a}"' in players and 'action="add"' in players and 'action="result"' not in players
    status, _, headers = server.post("e/desk/drop", {"player": d, "fold": "repair", "version": versions(players)["drop"]})
    assert status == 303 and headers["Location"].startswith(f"/{TOKEN}/e/desk/?note=") and headers["Location"].endswith("#round")
    assert "Dan Example drops before round 1" in server.request("GET", headers["Location"].split("#")[0])[1]
    answer = server.get("e/desk/players")[1]
    assert f'<form method="post" action="drop" class="inline" id="drop-{d}">' in answer  # the undo, where the drop was
    status, refused, _ = server.post("e/desk/add", {"name": "", "version": versions(answer)["add"]})
    assert status == 400 and 'action="add"' in refused and 'class="error"' in refused and "<h2>Players</h2>" in refused


def test_the_other_ways_to_enter_a_result_and_the_swap_are_a_link_each_until_asked_for(desk):
    """Time called (Joust's power) and the seat swap: a link on the page after each tap, the form on the page it opens;
    a refused power entry comes back with its form open and what was typed."""
    server, folder = desk()
    a, b = seats(folder)[1]
    page = server.get("e/desk/")[1]
    assert '<a href="./?open=table-1#table-1">Time called: enter power</a>' in page and f'name="power-{a}"' not in page
    assert '<a href="./?open=swap#swap">' in page and 'action="swap"' not in page
    opened = server.get("e/desk/?open=table-1")[1]
    assert f'name="power-{a}"' in opened and f'name="power-{seats(folder)[2][0]}"' not in opened  # that table's only
    assert 'action="swap"' in server.get("e/desk/?open=swap")[1]
    status, refused, _ = server.post("e/desk/result", {"way": "time", "round": "round-1", "table": "1", f"power-{a}": "7", f"power-{b}": "x",
                                                       "version": versions(page)["table-1"]})
    assert status == 400 and f'name="power-{a}" value="7"' in refused


def test_the_links_of_a_refused_forms_page_lead_to_the_event_page(desk):
    """A refused result is answered at e/SLUG/result: its page's links to a form or an earlier round must still name
    e/SLUG/, not e/SLUG/result (which is no page)."""
    server, folder = desk()
    for number, (a, _) in seats(folder).items():
        assert main(["result", str(folder), str(number), "--winner", a]) == 0
    assert main(["pair", str(folder)]) == 0
    a, b = seats(folder)[1]
    page = server.get("e/desk/")[1]
    status, refused, _ = server.post("e/desk/result", {"way": "time", "round": "round-2", "table": "1", f"power-{a}": "x", f"power-{b}": "1",
                                                       "version": versions(page)["table-1"]})
    assert status == 400
    links = re.findall(r'<a href="([^"#]*)[^"]*"', refused.split("<main>", 1)[1])
    assert any("open=" in link for link in links) and any("round=" in link for link in links)
    for link in links:
        path = urljoin(f"/{TOKEN}/e/desk/result", link)
        assert server.request("GET", path)[0] == 200, link


def test_the_overlay_speaks_the_pages_language(tmp_path):
    """A French desk: its pages ask for the problems in French (`?lang=fr` in the overlay's address), and the JSON
    holds them translated, the file and line kept; a line no message translates is marked English (`english`)."""
    folder = make_event(tmp_path, "agot-joust", pair=True)
    server = Desk(tmp_path / "content", tmp_path, language="fr")
    try:
        status, page = server.get("e/desk/")
        assert status == 200 and "__sitegen/problems?lang=fr" in page
        event_yaml = folder / "event.yaml"
        event_yaml.write_text(event_yaml.read_text().replace("date: 2026-12-05", "date: 2026-13-45"))
        document = json.loads(server.get("__sitegen/problems?lang=fr")[1])
        assert document["problems"] == [f"{event_yaml}:4 : 'date: 2026-13-45' n'est pas une date ; écrivez-la AAAA-MM-JJ, "
                                        "par ex. 'date: 2026-12-05'"] and document["english"] == [False]
        english = json.loads(server.get("__sitegen/problems")[1])  # no language asked for: the CLI's English line
        assert english["problems"][0].startswith(f"{event_yaml}:4: 'date: 2026-13-45' is not a date")
    finally:
        server.close()


def test_pairing_with_a_table_in_play_says_what_to_do_at_the_desk(desk):
    """Issue 30 item 6: the desk's refusal names the tables without a result and no command line."""
    server, folder = desk()
    page = server.get("e/desk/")[1]
    status, text, _ = server.post("e/desk/pair", {"version": versions(page)["pair"]})
    refusal = re.search(r'<p class="error"[^>]*>(.*?)</p>', text, re.S)
    assert status in (400, 409) and refusal and "no result yet" in refusal[1] and "sitegen" not in refusal[1]
    assert not (folder / "round-2.yaml").exists()


def test_a_misspelt_name_is_corrected_on_the_players_page(desk):
    """README: `sitegen rename` has its control at the desk. A typo found after pairing is corrected from the phone:
    the id (and every round file) stays, the name changes, the page says so; an empty name is refused there."""
    server, folder = desk()
    players = server.get("e/desk/players")[1]
    assert 'id="rename-cat-example"' in players and 'action="rename"' in players
    status, refused, _ = server.post("e/desk/rename", {"player": "cat-example", "name": " ", "version": versions(players)["rename"]})
    assert status == 400 and "give the player&#39;s full name" in refused and "<h2>Players</h2>" in refused
    rounds_before = (folder / "round-1.yaml").read_bytes()
    status, _, headers = server.post("e/desk/rename", {"player": "cat-example", "name": "Cat Exemple",
                                                       "version": versions(players)["rename"]})
    assert status == 303 and headers["Location"].startswith(f"/{TOKEN}/e/desk/players?note=")
    answer = server.request("GET", headers["Location"].split("#")[0])[1]
    assert "Cat Example is now Cat Exemple" in answer
    event_yaml = (folder / "event.yaml").read_text()
    assert "  - name: Cat Exemple\n    id: cat-example\n" in event_yaml
    assert (folder / "round-1.yaml").read_bytes() == rounds_before
    stale = server.post("e/desk/rename", {"player": "ann-example", "name": "Ann X", "version": versions(players)["rename"]})
    assert stale[0] == 409 and "name: Ann Example" in (folder / "event.yaml").read_text()


def test_a_player_entered_by_mistake_is_removed_on_the_players_page(desk):
    """README: `sitegen remove` (a player with no seat) has its control at the desk. Before round 1 a name typed twice
    or a player who never came is removed from event.yaml; a seated player offers no removal (a drop instead)."""
    server, folder = desk(pair=False)
    assert main(["add", str(folder), "Ann Exampel"]) == 0  # the same player, typed again
    players = server.get("e/desk/players")[1]
    assert 'id="remove-ann-exampel"' in players and 'action="remove"' in players
    status, _, headers = server.post("e/desk/remove", {"player": "ann-exampel", "version": versions(players)["remove"]})
    assert status == 303 and headers["Location"].startswith(f"/{TOKEN}/e/desk/players?note=")
    assert "Ann Exampel is removed from the event" in server.request("GET", headers["Location"].split("#")[0])[1]
    assert "Ann Exampel" not in (folder / "event.yaml").read_text()
    assert main(["pair", str(folder)]) == 0
    seated = server.get("e/desk/players")[1]
    assert 'id="remove-' not in seated  # everyone has a seat now
    status, refused, _ = server.post("e/desk/remove", {"player": "ann-example", "version": versions(seated)["drop"]})
    assert status == 400 and "drop them instead" in refused and "name: Ann Example" in (folder / "event.yaml").read_text()


def test_a_page_reloaded_after_a_restart_shows_no_other_changes_note(tmp_path):
    """A judge's page carries its confirmation's number (?note=2). The desk started again numbered its notes from 1
    again, so that page, reloaded, said another change had been made ("Round 1, table 2: ... won" on another table)."""
    folder = make_event(tmp_path, "agot-joust")
    (a, _), (c, _) = seats(folder)[1], seats(folder)[2]
    server = Desk(tmp_path / "content", tmp_path)
    page = server.get("e/desk/")[1]
    _, _, before = server.post("e/desk/result", {"way": "won", "round": "round-1", "table": "1", "winner": a, "version": versions(page)["table-1"]})
    server.close()
    server = Desk(tmp_path / "content", tmp_path)  # the desk started again
    try:
        page = server.get("e/desk/")[1]
        _, _, after = server.post("e/desk/result", {"way": "won", "round": "round-1", "table": "2", "winner": c, "version": versions(page)["table-2"]})
        assert before["Location"].split("#")[0] != after["Location"].split("#")[0]
        reloaded = server.request("GET", before["Location"].split("#")[0])[1]
        assert "table 2: Cat Example won" not in reloaded
    finally:
        server.close()
