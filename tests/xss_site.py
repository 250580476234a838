"""A site whose every content field that reaches a page holds a script payload (the XSS corpus), and the check
that built HTML holds nothing executable of it; shared by the page test and the browser test."""
from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

# Each would set window.__pwned, the title or open a dialog if it ran; none holds a control character (refused).
PAYLOADS = [
    "<script>window.__pwned = 1</script>",
    "<img src=x onerror=\"window.__pwned = 2\">",
    "\"><svg onload=alert(3)><circle r=9 /></svg>",
    "'><iframe srcdoc=\"<script>parent.__pwned = 4</script>\"></iframe>",
    "<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(5)\">",
    "<meta name=\"referrer\" content=\"unsafe-url\">",
    "javascript:alert(7)",
    "<div style=\"width: expression(alert(8)); background: url(javascript:alert(8))\">x</div>",
    "\" onmouseover=\"alert(9)\" autofocus onfocus=\"alert(9)\" x=\"",
    "</title><script>document.title = 'PWNED'</script>",
    "<a href=\"javascript:window.__pwned = 11\">click</a>",
    "<body onload=\"window.__pwned = 12\">",
    "<style>body { background: url(javascript:alert(13)) }</style>",
    "<object data=\"data:text/html,<script>alert(14)</script>\"></object>",
    "<base href=\"javascript:alert(15)//\">",
    "<form action=\"javascript:alert(16)\"><button>go</button></form>",
    "<svg><animate onbegin=\"alert(17)\" attributeName=x dur=1s>",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(18)>",
]


def q(text: str) -> str:
    """A YAML double-quoted scalar (JSON's string syntax is a subset of it)."""
    return json.dumps(text)


def xss_files() -> dict[str, str]:
    n = len(PAYLOADS)
    players = "".join(f"  - name: {q(p + f' #{i}')}\n    id: p{i}\n    faction: {q(PAYLOADS[(i + 1) % n])}\n    agenda: {q(PAYLOADS[(i + 2) % n])}\n"
                      for i, p in enumerate(PAYLOADS))
    # The last table still in play: the round keeps its print view and slips, which name the players too.
    tables = "".join(f"  - table: {t + 1}\n    players: [p{2 * t}, p{2 * t + 1}]\n" + (f"    winner: p{2 * t}\n" if t < n // 2 - 1 else "")
                     for t in range(n // 2))
    page = "---\ntitle: " + q(PAYLOADS[9]) + "\n---\n# Welcome\n\n" + "\n\n".join(PAYLOADS) + "\n\n[x](javascript:window.__pwned=99) ![y](javascript:alert(98))\n"
    return {
        "site.yaml": f"title: {q(PAYLOADS[9])}\ndescription: {q(PAYLOADS[8])}\nbase_url: https://example.org/club/\n",
        "pages/about.md": page,
        "events/e/event.yaml": f"name: {q(PAYLOADS[0])}\nformat: agot-joust\ndate: 2026-03-01\nrounds: 3\ncut: 0\nplayers:\n{players}",
        "events/e/round-1.yaml": f"start: 2026-03-01 10:00\nminutes: 55\ntables:\n{tables}",
        "players.yaml": f"players:\n  - id: p1\n    name: {q(PAYLOADS[1] + ' #1')}\n",
        "leagues/season.yaml": f"name: {q(PAYLOADS[3])}\nevents: [e]\npoints: [3, 1]\n",
    }


def write_xss_site(root: Path) -> Path:
    for rel, text in xss_files().items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


OWN_SCRIPTS = ("static/site.js", "static/projector.js", "static/print.js")
OWN_META = {"viewport", "description", "color-scheme", "robots"}
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "data", "xlink:href", "srcdoc", "background", "poster"}


def _leads_on_within_the_site(meta: dict[str, str]) -> bool:
    """A kept address's refresh to another page of the site, by a relative path (`moved.html`)."""
    return meta.get("http-equiv") == "refresh" and re.fullmatch(r"0; url=(\.\./)*[a-z0-9/-]+\.html", meta.get("content", "")) is not None


class _Executable(HTMLParser):
    """What a browser could run in a page: scripts other than the site's files, event handlers, script URLs,
    frames, objects, a <base>, a <meta> that refreshes or sets the referrer, a CSS expression."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self.in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if tag == "script":
            self.in_script = True
            if not values.get("src", "").endswith(OWN_SCRIPTS):
                self.found.append(f"<script {values}>")
        if tag in ("iframe", "frame", "object", "embed", "base", "applet"):
            self.found.append(f"<{tag}>")
        if tag == "form" and values.get("class") != "find-form":
            self.found.append(f"<form {values}>")
        if tag == "meta" and not (set(values) <= {"charset"} or values.get("name") in OWN_META or values.get("property", "").startswith("og:")
                                  or values.get("http-equiv") == "Content-Security-Policy" or _leads_on_within_the_site(values)):
            self.found.append(f"<meta {values}>")
        for name, value in values.items():
            squeezed = "".join(value.split()).lower()
            if name.startswith("on"):
                self.found.append(f"<{tag} {name}=...>")
            if name in URL_ATTRIBUTES and squeezed.startswith(("javascript:", "vbscript:", "data:")) and squeezed != "data:,":
                self.found.append(f"<{tag} {name}={value!r}>")
            if name == "style" and ("expression(" in squeezed or "javascript:" in squeezed):
                self.found.append(f"<{tag} style={value!r}>")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self.in_script = False

    def handle_data(self, data: str) -> None:
        if self.in_script and data.strip():
            self.found.append(f"inline script {data[:40]!r}")


def executable(html: str) -> list[str]:
    parser = _Executable()
    parser.feed(html)
    parser.close()
    return parser.found
