"""`sitegen report --github-event FILE` on GitHub's own payloads (recorded in payloads/, changed per test): who may
report and confirm, what is written, what the comment says and what $GITHUB_OUTPUT tells the workflow."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from sitegen.cli.report import markdown_text

PAYLOADS = Path(__file__).parent / "payloads"
EVENT = """
    name: Winter Joust
    format: agot-joust
    date: 2026-12-05
    players:
      - name: Ann Example
        github: ann-gh
      - name: Ben Example
      - name: Cat Example
        github: cat-gh
      - name: Dan Example
    """
ROUND = """
    tables:
      - table: 1
        players: [ann-example, ben-example]
      - table: 2
        players: [cat-example, dan-example]
    """
PEOPLE = "players:\n  - {id: ben-example, name: Ben Example, github: Ben-GH}\n"
ROUND_FILE = ("events", "winter-joust", "round-1.yaml")


def payload(name: str, **changes: str) -> dict:
    """A recorded payload; `reporter`, `commenter`, `comment`, `action`, or a form field (`event`, `round`, `table`,
    `result`) changed."""
    data = copy.deepcopy(json.loads((PAYLOADS / name).read_text(encoding="utf-8")))
    fields = {"event": "winter-joust", "round": "1", "table": "1", "result": "winner: ann-example"}
    fields |= {k: v for k, v in changes.items() if k in fields}
    labels = {"event": "Event", "round": "Round", "table": "Table", "result": "Result"}
    data["issue"]["body"] = "\n\n".join(f"### {labels[k]}\n\n{v or '_No response_'}" for k, v in fields.items())
    if "reporter" in changes:
        data["issue"]["user"]["login"] = data["sender"]["login"] = changes["reporter"]
    if "commenter" in changes:
        data["comment"]["user"]["login"] = changes["commenter"]
    if "comment" in changes:
        data["comment"]["body"] = changes["comment"]
    if "action" in changes:
        data["action"] = changes["action"]
    return data


@pytest.fixture
def site(make_site):
    return make_site({
        "site.yaml": "title: Crows\norganizers: [tess-to]\n",
        "players.yaml": PEOPLE,
        "events/winter-joust/event.yaml": EVENT,
        "events/winter-joust/round-1.yaml": ROUND,
    })


@pytest.fixture
def report(site, run_cli, tmp_path, monkeypatch):
    """report(payload) -> (exit status, stdout, stderr, {output key: value}, the round file's text)."""
    outputs = tmp_path / "github-output"
    monkeypatch.setenv("GITHUB_OUTPUT", str(outputs))

    def run(data: dict | bytes) -> tuple[int, str, str, dict[str, str], str]:
        event_file = tmp_path / "event.json"
        event_file.write_bytes(data if isinstance(data, bytes) else json.dumps(data).encode())
        outputs.write_text("")
        status, out, err = run_cli("report", "--github-event", event_file, "--content", site)
        told = dict(line.split("=", 1) for line in outputs.read_text().splitlines())
        return status, out, err, told, site.joinpath(*ROUND_FILE).read_text()

    return run


def test_a_player_at_the_table_reports_the_result(report):
    status, out, err, told, round_text = report(payload("issues-opened.json"))
    assert (status, err) == (0, "")
    assert "winner: ann-example" in round_text
    assert told == {"action": "write", "branch": "report-winter-joust-r1-t1", "merge": "false", "changed": "true",
                    "title": "Winter Joust, round 1, table 1: reported result"}
    assert out.startswith("**Winter Joust, round 1, table 1**\n")
    assert "| Ann Example (winner) |" in out and "| Ben Example |" in out
    assert "Standings rows that changed:" in out
    assert "Ben Example: comment `/confirm` on this issue" in out


def test_an_edited_issue_replaces_the_result(report):
    report(payload("issues-opened.json"))
    status, _, _, told, round_text = report(payload("issues-opened.json", action="edited", result="power: ann-example=9 ben-example=12"))
    assert status == 0 and told["action"] == "write"
    assert "winner" not in round_text and "power: {ann-example: 9, ben-example: 12}" in round_text


def test_the_same_result_again_changes_nothing(report):
    report(payload("issues-opened.json"))
    status, out, _, told, _ = report(payload("issues-opened.json", action="edited"))
    assert status == 0 and told["changed"] == "false"
    assert "nothing changed" in out


def test_the_opponent_confirms(report):
    # The workflow starts each run from main, which does not have the reported result yet.
    status, out, _, told, round_text = report(payload("issue-comment-created.json"))  # ben-gh, players.yaml's Ben-GH
    assert status == 0
    assert told["action"] == "confirm" and told["merge"] == "false"  # site.yaml: reports: review (the default)
    assert "winner: ann-example" in round_text
    assert "Confirmed. An organizer merges the pull request." in out
    status, out, _, told, _ = report(payload("issue-comment-created.json"))  # main has it already (merged by hand)
    assert (status, told["changed"]) == (0, "false") and "Confirmed. The site's files already hold this result" in out


def test_a_confirmed_report_is_merged_when_the_site_says_so(report, site):
    site.joinpath("site.yaml").write_text("title: Crows\nreports: merge-when-confirmed\n")
    status, _, _, told, _ = report(payload("issue-comment-created.json"))
    assert status == 0 and (told["action"], told["merge"]) == ("confirm", "true")


def test_the_reporter_cannot_confirm_their_own_report(report):
    report(payload("issues-opened.json"))
    status, out, _, told, _ = report(payload("issue-comment-created.json", commenter="ann-gh"))
    assert status == 2 and told == {"action": "refuse"}
    assert out.startswith("**Not written.** @&#8203;ann\\-gh reported this result; another player at table 1")


@pytest.mark.parametrize(("changes", "reason"), [
    ({"reporter": "stranger"}, "@&#8203;stranger is neither a player at table 1 of round 1 nor an organizer"),
    ({"reporter": "cat-gh"}, "@&#8203;cat\\-gh is neither a player at table 1"),  # a player, at another table
    ({"table": "9"}, "round 1 has no table 9; its tables: 1, 2"),
    ({"result": "vp: ann-example=4 ben-example=1"}, "'vp' is no part of a result in this event's game"),
    ({"result": "winner: cat-example"}, "'winner' names 'cat\\-example', who is not at table 1 of round 1; the table seats "
                                        "Ann Example \\(ann\\-example\\), Ben Example \\(ben\\-example\\)"),
    ({"result": "power: ann-example=15 ben-example=3"}, "ann\\-example"),  # the game's own check: the victory total was reached
    ({"table": ""}, "the form's Table is empty"),
    ({"result": ""}, "the form's Result is empty"),
    ({"event": "spring-melee"}, "there is no event 'spring\\-melee'"),
    ({"round": "7"}, "Winter Joust has no round\\-7"),
])
def test_refused_reports_write_nothing_and_say_why(report, site, changes, reason):
    before = site.joinpath(*ROUND_FILE).read_text()
    status, out, err, told, after = report(payload("issues-opened.json", **changes))
    assert status == 2, out
    assert after == before
    assert told == {"action": "refuse"}
    assert out.startswith("**Not written.** ") and reason in out, out
    assert str(site) not in out and "Traceback" not in out + err


def test_an_organizer_reports_any_table(report, site):
    status, out, _, told, round_text = report(payload("issues-opened.json", reporter="tess-to", table="2",
                                                      result="power: cat-example=11 dan-example=13"))
    assert status == 0 and told["branch"] == "report-winter-joust-r1-t2"
    assert "power: {cat-example: 11, dan-example: 13}" in round_text
    assert "Cat Example or Dan Example: comment `/confirm`" in out


def test_markdown_in_the_body_and_the_names_is_shown_as_text(report, site):
    event = site / "events" / "winter-joust" / "event.yaml"
    event.write_text(event.read_text().replace("Dan Example", '"**Dan** <b>@everyone</b> [x](https://e.example)"\n    id: dan-example', 1))
    attack = "<img src=x onerror=alert(1)> [click](javascript:alert(1)) ![i](https://e.example/i.png) @everyone #1 `x`\n### Table\n"
    status, out, _, _, _ = report(payload("issues-opened.json", event=attack))
    assert status == 2
    for raw in ("<img", "](", "![", "@everyone", " #1", "`x`", "\n###"):
        assert raw not in out, raw
    status, out, _, _, _ = report(payload("issues-opened.json", reporter="tess-to", table="2", result="winner: dan-example"))
    assert status == 0
    assert "\\*\\*Dan\\*\\* &lt;b&gt;@&#8203;everyone&lt;/b&gt; \\[x\\]\\(https\\://e\\.example\\)" in out
    assert "<b>" not in out and "](" not in out


def test_a_1_mb_body_is_refused_cleanly(report, site):
    data = payload("issues-opened.json", result="winner: ann-example\n" + "x" * 1_000_000)
    status, out, err, told, _ = report(data)
    assert (status, told) == (2, {"action": "refuse"})
    assert "over 1 MB" in out and err == ""
    data = payload("issues-opened.json", result="winner: ann-example\n" + "x" * 70_000)  # under 1 MB, over GitHub's limit
    status, out, _, _, _ = report(data)
    assert status == 2 and "characters long" in out


@pytest.mark.parametrize("data", [b"{not json", b"[1, 2]", b"[" * 100_000 + b"]" * 100_000,
                                  json.dumps({"action": "opened", "issue": {"user": {"login": "-x"}, "body": "### Result\n"}}).encode()])
def test_a_broken_payload_is_refused_cleanly(report, data):
    status, out, err, told, _ = report(data)
    assert (status, told["action"]) == (2, "refuse")
    assert out.startswith("**Not written.**") and "Traceback" not in err


@pytest.mark.parametrize("data", [
    payload("issues-opened.json") | {"action": "closed"},
    payload("issue-comment-created.json", comment="Good game! /confirm later"),
    payload("issue-comment-created.json", comment="/confirm not"),  # issue 29: only a line of its own confirms
    payload("issue-comment-created.json", comment="/confirmed?"),
    payload("issue-comment-created.json", comment="/confirm? the power was 12, not 9"),
    payload("issue-comment-created.json") | {"issue": {**payload("issue-comment-created.json")["issue"], "pull_request": {}}},
])
def test_other_events_are_ignored(report, data, site):
    before = site.joinpath(*ROUND_FILE).read_text()
    status, out, _, told, after = report(data)
    assert (status, out, told, after) == (0, "", {"action": "ignore"}, before)


@pytest.mark.parametrize("comment", ["/confirm", "/Confirm \n", "\n/confirm\n\nGood game!"])
def test_a_confirm_line_of_its_own_confirms(report, comment):
    status, _, _, told, _ = report(payload("issue-comment-created.json", comment=comment))
    assert (status, told["action"]) == (0, "confirm")


def test_an_issue_without_the_form_is_ignored(report):
    data = payload("issues-opened.json")
    data["issue"]["body"] = "The site is down"
    assert report(data)[:4] == (0, "", "", {"action": "ignore"})


def test_markdown_text_neutralises_everything():
    assert markdown_text("a_b*c\n# d | e") == "a\\_b\\*c #&#8203; d \\| e"
    assert markdown_text("<script>&amp;") == "&lt;script&gt;&amp;amp;"


VTES_EVENT = """
    name: Night of Blood
    format: vtes
    date: 2026-12-05
    final: false
    players:
      - {name: Ann Example, github: ann-gh}
      - {name: Ben Example, github: ben-gh}
      - {name: Cat Example}
      - {name: Dan Example}
    """
VTES_ROUND = "tables:\n  - table: 1\n    players: [ann-example, ben-example, cat-example, dan-example]\n"
UNREACHABLE = "vp: ann-example=4 ben-example=4 cat-example=0 dan-example=0"  # no game ends 4, 4, 0, 0 at four seats


@pytest.fixture
def vtes_report(make_site, run_cli, tmp_path, monkeypatch):
    site = make_site({"site.yaml": "title: Crows\norganizers: [tess-to]\nreports: merge-when-confirmed\n",
                      "events/night/event.yaml": VTES_EVENT, "events/night/round-1.yaml": VTES_ROUND})
    monkeypatch.setenv("GITHUB_OUTPUT", str(tmp_path / "github-output"))

    def run(name: str, **changes: str) -> tuple[int, str, str]:
        data = payload(name, event="night", **changes)
        (tmp_path / "event.json").write_text(json.dumps(data))
        status, out, _ = run_cli("report", "--github-event", tmp_path / "event.json", "--content", site)
        return status, out, site.joinpath("events", "night", "round-1.yaml").read_text()

    return run


@pytest.mark.parametrize("override", ["override: yes", "override:", "Override: true", "- override: yes"])
@pytest.mark.parametrize("reporter", ["ann-gh", "tess-to"])
def test_a_report_never_carries_a_judges_call(vtes_report, override, reporter):
    """A player's (or an organizer's) GitHub report cannot make a judge's ruling: a result no game gives is refused with a
    sentence, before anything is written, and the confirmation that follows has nothing to merge."""
    status, out, round_text = vtes_report("issues-opened.json", reporter=reporter, result=f"{UNREACHABLE}\n{override}")
    assert status == 2 and "vp:" not in round_text
    assert out.startswith("**Not written.** 'override' is a judge's ruling"), out
    assert vtes_report("issue-comment-created.json", result=f"{UNREACHABLE}\n{override}")[0] == 2


def test_the_refusal_never_suggests_a_judges_call(vtes_report):
    status, out, round_text = vtes_report("issues-opened.json", result=UNREACHABLE)
    assert status == 2 and "vp:" not in round_text
    assert "do not add up" in out and "override" not in out.lower(), out


def test_the_form_help_lists_no_judges_call():
    from sitegen.edit.report_files import report_form

    assert "override" not in report_form()


FIVE = VTES_EVENT.replace("      - {name: Dan Example}\n", "      - {name: Dan Example, github: dan-gh}\n      - {name: Eve Example}\n")
FIVE_ROUND = "tables:\n  - table: 1\n    players: [ann-example, ben-example, cat-example, dan-example, eve-example]\n"
TIME_OUT = "vp: ann-example=0.5 ben-example=0.5 cat-example=0.5 dan-example=0.5 eve-example=0.5"


@pytest.mark.parametrize(("reports", "merged"), [("merge-when-confirmed", True), ("[merge-when-confirmed, confirm-all]", False)])
def test_confirm_all_leaves_a_multiplayer_table_to_an_organizer(make_site, run_cli, tmp_path, monkeypatch, reports, merged):
    """Issue 29: one /confirm merged a 5-player table's report. Under `confirm-all`, each run of the workflow sees only
    the comment that started it, so a player's /confirm of a table of more than two is noted, and an organizer's merges."""
    site = make_site({"site.yaml": f"title: Crows\norganizers: [tess-to]\nreports: {reports}\n",
                      "events/night/event.yaml": FIVE, "events/night/round-1.yaml": FIVE_ROUND})
    monkeypatch.setenv("GITHUB_OUTPUT", str(tmp_path / "github-output"))

    def run(**changes: str) -> tuple[int, str, dict[str, str]]:
        (tmp_path / "github-output").write_text("")
        (tmp_path / "e.json").write_text(json.dumps(payload("issue-comment-created.json", event="night", result=TIME_OUT, **changes)))
        status, out, _ = run_cli("report", "--github-event", tmp_path / "e.json", "--content", site)
        return status, out, dict(line.split("=", 1) for line in (tmp_path / "github-output").read_text().splitlines())

    status, out, told = run()  # ben-gh confirms ann-gh's report
    assert status == 0 and (told["action"], told["merge"]) == (("confirm", "true") if merged else ("write", "false")), (out, told)
    if not merged:
        assert "every player of the table confirms" in out and "an organizer" in out
        status, out, told = run(commenter="tess-to")
        assert (status, told["action"], told["merge"]) == (0, "confirm", "true")
