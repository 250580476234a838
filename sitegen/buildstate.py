"""The build state: what the last build made of each event, so that the next one rebuilds only what changed.

It lives in a cache folder (`.sitegen-cache/` by default), never in the content nor the output, as one JSON
file that names the output folder it belongs to. Per event: a fingerprint of its folder's files, its
EventCard (what the pages about all events need) and the size and mtime_ns of every file it wrote. The
global key covers everything else a page may depend on: site.yaml, the pages, the content's themes, the
sitegen package's own files and the libraries that render. Anything missing, unreadable, of another
version, of another output or key, or an output file changed since, only means rebuilding what it covers.
"""
from __future__ import annotations

import functools
import hashlib
import json
import os
import sys
from dataclasses import asdict, dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from .formats import FORMATS
from .formats.base import Column
from .output import write_atomic
from .summary import EventCard, FeedRound
from .views import PlayerResult

VERSION = 1
STATE_FILE = "state.json"
PACKAGE = Path(__file__).resolve().parent
LIBRARIES = ("jinja2", "markupsafe", "markdown", "segno", "pyyaml")


@dataclass(frozen=True)
class EventRecord:
    fingerprint: str
    card: EventCard
    files: dict[str, tuple[int, int]]  # output path -> (size, mtime_ns) as this build left it


def _digest_tree(h: Any, folder: Path, skip_hidden: bool) -> None:
    """Names, link targets and bytes of every file under `folder`, in a fixed order."""
    if not folder.is_dir():
        h.update(b"\0absent\0")
        return
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder).as_posix()
        if "__pycache__" in path.parts or (skip_hidden and any(part.startswith(".") for part in rel.split("/"))):
            continue
        h.update(f"\0{rel}\0{os.path.realpath(path) if path.is_symlink() else ''}\0".encode())
        if path.is_file():
            try:
                h.update(hashlib.sha256(path.read_bytes()).digest())
            except OSError as exc:  # the loader reports it; the fingerprint only has to differ
                h.update(f"unreadable {exc.errno}".encode())


def event_fingerprint(event_dir: Path) -> str:
    h = hashlib.sha256()
    _digest_tree(h, event_dir, skip_hidden=True)
    return h.hexdigest()


def global_key(content: Path) -> str:
    """Whatever every page may depend on besides its own event; when it changes, every event is rebuilt."""
    h = hashlib.sha256(f"{_code_key()}\0{content.resolve()}".encode())
    site_yaml = content / "site.yaml"
    h.update(site_yaml.read_bytes() if site_yaml.is_file() else b"\0absent\0")
    people = content / "players.yaml"  # players.yaml and the leagues: event pages link to them
    h.update(people.read_bytes() if people.is_file() else b"\0absent\0")
    for folder in (content / "pages", content / "themes", content / "leagues"):
        _digest_tree(h, folder, skip_hidden=False)
    return h.hexdigest()


@functools.cache
def _code_key() -> str:
    """sitegen's own files, Python's and the libraries' versions: fixed for the life of a process, so worked out once."""
    h = hashlib.sha256(f"{VERSION}\0{sys.version}".encode())
    for name in LIBRARIES:
        try:
            h.update(f"\0{name} {version(name)}".encode())
        except PackageNotFoundError:
            h.update(f"\0{name} absent".encode())
    _digest_tree(h, PACKAGE, skip_hidden=False)
    return h.hexdigest()


def load(cache: Path, output: Path, key: str) -> dict[str, EventRecord]:
    """The events the last build of `output` left, by folder name; nothing when the state cannot be trusted."""
    try:
        data = json.loads((cache / STATE_FILE).read_text(encoding="utf-8"))
        if data["version"] != VERSION or data["output"] != str(output.resolve()) or data["key"] != key:
            return {}
        return {name: EventRecord(rec["fingerprint"], _card(rec["card"]), {p: (s[0], s[1]) for p, s in rec["files"].items()})
                for name, rec in data["events"].items()}
    except (OSError, ValueError, KeyError, TypeError, IndexError, AttributeError):
        return {}


def save(cache: Path, output: Path, key: str, events: dict[str, EventRecord]) -> None:
    data = {"version": VERSION, "output": str(output.resolve()), "key": key,
            "events": {name: {"fingerprint": rec.fingerprint, "card": _card_data(rec.card), "files": rec.files}
                       for name, rec in sorted(events.items())}}
    cache.mkdir(parents=True, exist_ok=True)
    write_atomic(cache / STATE_FILE, json.dumps(data, separators=(",", ":")).encode())


def file_stats(output: Path, paths: list[str]) -> dict[str, tuple[int, int]]:
    stats = {}
    for rel in paths:
        st = (output / rel).stat()
        stats[rel] = (st.st_size, st.st_mtime_ns)
    return stats


def still_there(output: Path, record: EventRecord) -> bool:
    """Whether every file the event wrote is as that build left it (not deleted nor edited by hand)."""
    try:
        return file_stats(output, list(record.files)) == record.files
    except OSError:
        return False


def journal(cache: Path, output: Path) -> Path:
    """Where each event lists the files it stages before staging them, so that the temporary files of a
    killed build are removed by the next one even when that event is gone by then."""
    return cache / ("staging-" + hashlib.sha256(str(output.resolve()).encode()).hexdigest()[:16])


def journal_names(folder: Path | None) -> frozenset[str]:
    if folder is None or not folder.is_dir():
        return frozenset()
    return frozenset(line for entry in folder.iterdir() for line in entry.read_text(encoding="utf-8").splitlines() if line)


def _card_data(card: EventCard) -> dict[str, Any]:
    return {"slug": card.slug, "name": card.name, "date": card.date, "format": card.format.name, "players": card.players,
            "state": card.state, "status": card.status, "rounds": [asdict(r) for r in card.rounds], "pages": list(card.pages),
            "standings_columns": [asdict(c) for c in card.standings_columns], "results": [asdict(r) for r in card.results]}


def _card(data: dict[str, Any]) -> EventCard:
    return EventCard(data["slug"], data["name"], data["date"], FORMATS[data["format"]], data["players"], data["state"],
                     data["status"], tuple(FeedRound(**r) for r in data["rounds"]), tuple(data["pages"]),
                     tuple(Column(**c) for c in data["standings_columns"]), tuple(PlayerResult(**r) for r in data["results"]))
