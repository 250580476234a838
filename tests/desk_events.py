"""Small events in each format for the desk-verb tests, written as a TO would (comments included)."""
from __future__ import annotations

import http.client
import threading
from pathlib import Path
from urllib.parse import urlencode

from sitegen.cli.main import main
from sitegen.desk.server import DeskConfig, make_server
from sitegen.load.event import load_event

JOUST = """\
# Our Thursday joust
name: Desk Joust
format: agot-joust
date: 2026-12-05
players:           # four players
  - name: Ann Example
    faction: Stark   # wolves
  - name: Ben Example
  - name: Cat Example
  - name: Dan Example
"""

MELEE = """\
name: Desk Melee
format: agot-melee
date: 2026-12-05
players:
  - Ann Example
  - Ben Example
  - Cat Example
  - Dan Example
  - Eli Example
  - Fay Example
  - Gus Example
"""

VTES = """\
name: Desk VTES
format: vtes
date: 2026-12-05
final: false
players:
  - {name: Ann Example, vekn: '1000001'}
  - {name: Ben Example, vekn: '1000002'}
  - {name: Cat Example, vekn: '1000003'}
  - {name: Dan Example, vekn: '1000004'}
  - {name: Eli Example, vekn: '1000005'}
"""

EVENTS = {"agot-joust": JOUST, "agot-melee": MELEE, "vtes": VTES}


def make_event(root: Path, fmt: str, *, slug: str = "desk", pair: bool = True) -> Path:
    """A content folder with one event of format `fmt` (round 1 paired unless told otherwise); the event folder."""
    content = root / "content"
    folder = content / "events" / slug
    folder.mkdir(parents=True)
    (content / "site.yaml").write_text("title: Desk tests\n", encoding="utf-8")
    (folder / "event.yaml").write_text(EVENTS[fmt], encoding="utf-8")
    if pair:
        assert main(["pair", str(folder)]) == 0
    return folder


NAMES = ["Ann", "Ben", "Cat", "Dan", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou", "Max"]


def paired_event(root: Path, fmt: str, count: int, *, slug: str = "desk") -> Path:
    """A content folder with one event of `count` players as `sitegen new` writes it, round 1 paired; the event folder."""
    (root / "content").mkdir(parents=True)
    (root / "content" / "site.yaml").write_text("title: Desk tests\n", encoding="utf-8")
    folder = root / "content" / "events" / slug
    argv = ["new", str(folder), "--format", fmt, "--name", "Venue", "--date", "2026-12-05"]
    for name in NAMES[:count]:
        argv += ["--player", f"{name} Example"]
    assert main(argv) == 0 and main(["pair", str(folder)]) == 0
    return folder


def seating(folder: Path) -> tuple[dict[int, tuple[str, ...]], tuple[str, ...]]:
    """The last round's tables by number, and who is out of them (a bye, sitting out)."""
    round_ = load_event(folder).rounds[-1]
    return {t.number: t.players for t in round_.tables}, round_.byes + round_.sitting_out


def vtes_event_with(root: Path, rule: str) -> Path:
    """A fresh V:TES event (no round) with `rule` (event.yaml lines, e.g. its `decklists:`) appended; the event folder."""
    folder = make_event(root, "vtes", pair=False)
    (folder / "event.yaml").write_text((folder / "event.yaml").read_text() + rule)
    return folder


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file of the event folder, to prove a refused change wrote nothing."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


TOKEN = "test-token-0123456789"


class DeskServer:
    """A desk on a free port, in a thread, for a browser: `url` is its address with the token, ending in a slash."""

    def __init__(self, root: Path, token: str = "browser-test-token", *, language: str = "", port: int = 0) -> None:
        config = DeskConfig(root / "content", root / "output", root / "cache", token, language=language)
        self.server = make_server(config, "127.0.0.1", port)  # port 0: a free one; a port again: a restarted desk
        threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/{token}/"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class Desk:
    """A desk server on a free port, in a thread, and a client that never follows redirects."""

    def __init__(self, content: Path, tmp: Path, *, commit: bool = False, language: str = "") -> None:
        config = DeskConfig(content, tmp / "desk-output", tmp / "desk-cache", TOKEN, commit=commit, language=language)
        self.server = make_server(config, "127.0.0.1", 0)
        self.port = self.server.server_address[1]
        # a short poll: shutdown() waits for it, and every test stops a server
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
        self.thread.start()

    def request(self, method: str, path: str, form: dict[str, str] | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, str, dict[str, str]]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        body = urlencode(form, doseq=True) if form is not None else None
        sent = {"Content-Type": "application/x-www-form-urlencoded"} if body is not None else {}
        connection.request(method, path, body=body, headers=sent | (headers or {}))
        response = connection.getresponse()
        text = response.read().decode("utf-8", "replace")
        connection.close()
        return response.status, text, dict(response.getheaders())

    def get(self, path: str, **kwargs) -> tuple[int, str]:
        status, text, _ = self.request("GET", f"/{TOKEN}/{path}", **kwargs)
        return status, text

    def post(self, path: str, form: dict[str, str], **kwargs) -> tuple[int, str, dict[str, str]]:
        return self.request("POST", f"/{TOKEN}/{path}", {"token": TOKEN} | form, **kwargs)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


VTES_FINAL = """\
name: Desk VTES Final
format: vtes
date: 2026-12-05
players:
""" + "".join(f"  - {name} Example\n" for name in ("Ann", "Ben", "Cat", "Dan", "Eli", "Fay", "Gus", "Hal"))


def vtes_to_final(root: Path) -> Path:
    """An eight-player V:TES event whose preliminary rounds are played (the first seat of each table sweeps it) and
    whose final is paired: the finalists' seats are still to be chosen."""
    content = root / "content"
    folder = content / "events" / "desk"
    folder.mkdir(parents=True)
    (content / "site.yaml").write_text("title: Desk tests\n", encoding="utf-8")
    (folder / "event.yaml").write_text(VTES_FINAL, encoding="utf-8")
    from sitegen.load.event import load_event

    for _ in range(3):
        assert main(["pair", str(folder)]) == 0
        round_ = load_event(folder).rounds[-1]
        for table in round_.tables:
            vp = [f"{table.players[0]}={len(table.players)}"] + [f"{p}=0" for p in table.players[1:]]
            assert main(["result", str(folder), str(table.number), "--vp", *vp]) == 0
    assert main(["pair", str(folder)]) == 0
    return folder
