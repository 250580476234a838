"""No text field takes a control character: a name with a line break forged a commit trailer through the desk's
--commit messages, one with an escape sequence drove the terminal of `sitegen standings`. And base_url is a web
address, not `javascript:`."""
from __future__ import annotations

import pytest

EVENT = """\
    name: Club night
    format: agot-joust
    date: 2026-03-01
    players:
      - name: Ann Example
      - name: Ben Example
    """

HOSTILE = ["Eve\\nSigned-off-by: Mallory <m@x>", "Eve\\rMallory", "Eve\\e[31mred\\e[0m", "Eve\\tTab", "Eve\\0", "Eve\\x7f", "Eve\\x9b31m",
           "Eve\\u2028Mallory", "Eve\\u202Eevil"]


def error_line(run_cli, content) -> str:
    status, out, err = run_cli("check", "--content", content)
    assert status == 2, out + err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 2  # the problem on one line, then the summary
    return err


@pytest.mark.parametrize("hostile", HOSTILE)
@pytest.mark.parametrize("rel, text, line", [
    ("events/e/event.yaml", EVENT.replace("Ann Example", '"{}"'), 5),
    ("events/e/event.yaml", EVENT.replace("Club night", '"{}"'), 1),
    ("events/e/event.yaml", EVENT.rstrip(" ") + "        faction: \"{}\"\n", 7),
    ("site.yaml", 'title: "{}"\n', 1),
    ("site.yaml", 'title: Club\ndescription: "{}"\n', 2),
    ("players.yaml", 'players:\n  - {{id: ann-example, name: "{}"}}\n', 2),
    ("players.yaml", 'players:\n  - id: ann-example\n    name: Ann Example\n    aliases: ["{}"]\n', 4),
    ("leagues/autumn.yaml", 'name: "{}"\nevents: [e]\npoints: [3, 1]\n', 1),
    ("pages/about.md", '---\ntitle: "{}"\n---\nHello\n', 2),
])
def test_a_control_character_in_any_text_field_is_refused_at_its_line(make_site, run_cli, hostile, rel, text, line):
    files = {"events/e/event.yaml": EVENT, rel: text.format(hostile)}
    content = make_site(files)
    err = error_line(run_cli, content)
    assert f"{content}/{rel}:{line}: " in err
    assert "control character" in err and "write it on one line" in err


def test_the_problem_shows_the_character_escaped(make_site, run_cli):
    content = make_site({"events/e/event.yaml": EVENT.replace("Ann Example", '"Eve\\e[2J"')})
    err = error_line(run_cli, content)
    assert "U+001B" in err


def test_ordinary_names_pass(make_site, run_cli):
    content = make_site({"events/e/event.yaml": EVENT.replace("Ann Example", "Zoë Ünal-O'Brien (李小龍) «Ann» 🎲 עִבְרִית")})
    status, out, err = run_cli("check", "--content", content)
    assert status == 0, err


def test_add_refuses_a_name_with_a_line_break_and_writes_nothing(make_site, run_cli):
    content = make_site({"events/e/event.yaml": EVENT})
    before = (content / "events" / "e" / "event.yaml").read_text()
    status, out, err = run_cli("add", content / "events" / "e", "Eve\nSigned-off-by: Mallory <m@x>")
    assert status == 2, out + err
    assert "control character" in err and "Traceback" not in err
    assert (content / "events" / "e" / "event.yaml").read_text() == before


@pytest.mark.parametrize("url", ["javascript:alert(1)//", "JavaScript:alert(1)", "data:text/html,x", "//evil.example/", "evil.example",
                                 "ftp://example.org/", "https://", 'https://example.org/"><script>', "https://exa mple.org/"])
def test_base_url_must_be_a_web_address(make_site, run_cli, url):
    content = make_site({"site.yaml": f"title: Club\nbase_url: '{url}'\n", "events/e/event.yaml": EVENT})
    err = error_line(run_cli, content)
    assert f"{content}/site.yaml:2: 'base_url: " in err and "https://" in err


@pytest.mark.parametrize("url", ["https://example.github.io/club/", "http://127.0.0.1:8000/", "https://club.example.org"])
def test_web_addresses_are_accepted(make_site, run_cli, url):
    content = make_site({"site.yaml": f"title: Club\nbase_url: '{url}'\n", "events/e/event.yaml": EVENT})
    assert run_cli("check", "--content", content)[0] == 0
