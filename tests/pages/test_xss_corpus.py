"""The XSS corpus: every payload through every content field that reaches a page (site title and description,
event, player and league names, deck fields, a page's title and Markdown, players.yaml), on every page."""
from __future__ import annotations

from xss_site import PAYLOADS, executable, write_xss_site

from sitegen.build.pipeline import render


def test_no_page_holds_an_executable_payload(tmp_path):
    files = render(write_xss_site(tmp_path / "content"))
    pages = {path: body.decode() for path, body in files.items() if path.endswith((".html", ".svg"))}
    assert len(pages) > 20
    found = {path: hits for path, html in pages.items() if (hits := executable(html))}
    assert found == {}
    for expected in ("events/e/index.html", "events/e/players/p0.html", "leagues/season/index.html", "pages/about.html", "players/p1.html"):
        assert expected in pages  # every field's page is among those checked


def test_the_names_are_shown_as_written():
    """Escaped, not dropped: a player named like a payload reads as that text."""
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as folder:
        files = render(write_xss_site(Path(folder)))
    player = files["events/e/players/p0.html"].decode()
    assert "&lt;script&gt;window.__pwned = 1&lt;/script&gt; #0" in player


def test_the_corpus_has_every_kind_of_payload():
    kinds = ("<script", "onerror=", "onload=", "srcdoc=", "http-equiv=\"refresh\"", "name=\"referrer\"", "javascript:", "expression(", "<svg", "\" on")
    assert all(any(kind in p for p in PAYLOADS) for kind in kinds)
