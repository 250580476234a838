"""Small events in each format for the desk-verb tests, written as a TO would (comments included)."""
from __future__ import annotations

from pathlib import Path

from sitegen.cli.main import main

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


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file of the event folder, to prove a refused change wrote nothing."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}
