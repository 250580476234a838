"""The build state: what the last build made of each event, so that the next one rebuilds only what changed.

It lives in a cache folder (`.sitegen-cache/` by default), never in the content nor the output, as one file: a
line holding its HMAC under this machine's key (`files.write_keyed`, kept outside the cache folder), then JSON that
names the output folder it belongs to. Per event: a fingerprint of its folder's
files (their bytes, read again only when a file's size, mtime or inode changed, or changed too near the last
build for its mtime to tell), its EventCard (what the pages about all events need) and the files it wrote with a
digest of their sizes and mtimes. The card and the files are kept as one string each (the card's JSON, the paths
one a line): a build holds a few strings per event, never a hundred objects, and a card is made again only
when the pages about all events are. The same for the shared pages (home, feed, sitemap...), keyed by every
event's fingerprint. The global key covers everything else a page may depend on: site.yaml, the pages, the
content's themes, the sitegen package's own files and the libraries that render. Anything missing, unreadable,
of another version, of another output or key, or an output file changed since, only means rebuilding what it
covers.

What a no-op rebuild needs is imported here; the formats (to make a card an EventCard) only when asked.
"""
from __future__ import annotations

import functools
import hashlib
import json
import os
import shutil
import stat
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sitegen.files import read_cache_file, read_keyed, write_atomic, write_keyed
from sitegen.text import as_data, from_data

if TYPE_CHECKING:
    from sitegen.pages.summary import EventCard

VERSION = 5
STATE_FILE = "state.json"
PACKAGE = Path(__file__).resolve().parent.parent
LIBRARIES = ("jinja2", "markupsafe", "markdown", "nh3", "segno", "pyyaml")
# A file written this close before its stats were taken may have changed again within its mtime's tick, the stats
# staying the same: its bytes are read.
UNSURE_NS = 2_000_000_000


@dataclass(frozen=True)
class Fingerprint:
    digest: str  # the event folder's file names, link targets and bytes
    stats: str  # its files' names, sizes, mtimes and inodes when `digest` was taken


@dataclass(frozen=True)
class Outputs:
    """Files one build wrote and a digest of their sizes and mtimes as it left them."""

    files: str  # relative to the output folder, one a line
    stats: str

    def paths(self) -> list[str]:
        return self.files.split("\n") if self.files else []


@dataclass(frozen=True)
class EventRecord:
    fingerprint: Fingerprint
    card: str  # the EventCard's JSON (`card_text`), without its files (`outputs` has them)
    outputs: Outputs


@dataclass(frozen=True)
class SharedRecord:
    key: str  # of every event's name and fingerprint: the cards the shared pages were made from
    outputs: Outputs


@dataclass
class State:
    events: dict[str, EventRecord] = field(default_factory=dict)
    shared: SharedRecord | None = None
    checked_ns: int = 0  # when the build that saved it began: a file whose mtime is within UNSURE_NS of it is read again


def _walk(folder: str, rel: str, skip_hidden: bool, found: list[tuple[str, os.DirEntry[str]]]) -> None:
    """Every entry under `folder` but folders (symlinked folders are listed, not entered), in a fixed order."""
    with os.scandir(folder) as entries:
        for entry in sorted(entries, key=lambda e: e.name):
            if entry.name == "__pycache__" or (skip_hidden and entry.name.startswith(".")):
                continue
            if entry.is_dir(follow_symlinks=False):
                _walk(entry.path, f"{rel}{entry.name}/", skip_hidden, found)
            else:
                found.append((f"{rel}{entry.name}", entry))


def _entries(folder: Path, skip_hidden: bool) -> list[tuple[str, os.DirEntry[str]]] | None:
    found: list[tuple[str, os.DirEntry[str]]] = []
    try:
        _walk(str(folder), "", skip_hidden, found)
    except OSError:  # missing, not a folder, unreadable, a loop: the loader reports it
        return None
    return found


def _digest_entries(h: Any, entries: list[tuple[str, os.DirEntry[str]]] | None) -> None:
    """Names, link targets and bytes of the files."""
    if entries is None:
        h.update(b"\0absent\0")
        return
    for rel, entry in entries:
        h.update(f"\0{rel}\0{os.path.realpath(entry.path) if entry.is_symlink() else ''}\0".encode())
        if _is_file(entry):
            try:
                with open(entry.path, "rb") as handle:
                    h.update(hashlib.sha256(handle.read()).digest())
            except OSError as exc:  # the loader reports it; the fingerprint only has to differ
                h.update(f"unreadable {exc.errno}".encode())


def _is_file(entry: os.DirEntry[str]) -> bool:
    """False for a link that leads nowhere or round in a loop: the loader reports it, or ignores it."""
    try:
        return entry.is_file()
    except OSError:
        return False


def fingerprint(event_dir: Path, known: EventRecord | None, checked_ns: int) -> Fingerprint:
    """The event folder's fingerprint; its files are read only if their stats differ from those `known` recorded."""
    entries = _entries(event_dir, skip_hidden=True)
    h, newest = hashlib.sha256(), 0
    for rel, entry in entries or []:
        try:
            st = entry.stat()
            h.update(f"\0{rel}\0{st.st_size}\0{st.st_mtime_ns}\0{st.st_ino}\0{entry.is_symlink()}".encode())
            newest = max(newest, st.st_mtime_ns)
        except OSError as exc:
            h.update(f"\0{rel}\0unreadable {exc.errno}".encode())
            newest = sys.maxsize  # never trusted
    stats = h.hexdigest() if entries is not None else "absent"
    if known and known.fingerprint.stats == stats and newest < checked_ns - UNSURE_NS:
        return known.fingerprint
    h = hashlib.sha256()
    _digest_entries(h, entries)
    return Fingerprint(h.hexdigest(), stats)


def global_key(content: Path) -> str:
    """Whatever every page may depend on besides its own event; when it changes, every event is rebuilt."""
    h = hashlib.sha256(f"{_code_key()}\0{content.resolve()}".encode())
    for name in ("site.yaml", "players.yaml"):  # players.yaml and the leagues: event pages link to them
        h.update(_bytes_or_why(content / name))
    for folder in (content / "pages", content / "themes", content / "leagues"):
        _digest_entries(h, _entries(folder, skip_hidden=False))
    return h.hexdigest()


def _bytes_or_why(path: Path) -> bytes:
    """The file's bytes, or why there are none (the loader reports an unreadable file at its path)."""
    try:
        return path.read_bytes() if path.is_file() else b"\0absent\0"
    except OSError as exc:
        return f"\0unreadable {exc.errno}\0".encode()


@functools.cache
def _code_key() -> str:
    """sitegen's own files, Python's and the libraries' versions: fixed for the life of a process, so worked out once."""
    from importlib.metadata import PackageNotFoundError, version  # slow to import: only for a build

    h = hashlib.sha256(f"{VERSION}\0{sys.version}".encode())
    for name in LIBRARIES:
        try:
            h.update(f"\0{name} {version(name)}".encode())
        except PackageNotFoundError:
            h.update(f"\0{name} absent".encode())
    _digest_entries(h, _entries(PACKAGE, skip_hidden=False))
    return h.hexdigest()


def shared_key(fingerprints: dict[str, Fingerprint]) -> str:
    """The cards are made from the events' files (and the global key): the same fingerprints, the same cards."""
    return hashlib.sha256("".join(f"{name}\0{fp.digest}\0" for name, fp in sorted(fingerprints.items())).encode()).hexdigest()


def load(cache: Path, output: Path, key: str) -> State:
    """What the last build of `output` left; an empty state when it cannot be trusted.

    The cache is a hint (see docs/architecture.md, "What the cache is trusted with"): the file is read only if it is a
    regular file (not through a link) of a bounded size with its HMAC under this machine's key, and every record is checked for its shape.
    What a record can change is kept to the event it names: its files lie in that event's output folder, its card
    names that event, and no file of the shared pages lies in an event's folder. Anything else is an empty state."""
    text = read_keyed(cache / STATE_FILE)
    if text is None:
        return State()  # missing, damaged, a link, too large or edited by hand
    try:
        data = json.loads(text)
        if type(data) is not dict or data.get("version") != VERSION or data.get("output") != str(output.resolve()) \
                or data.get("key") != key or type(data["checked_ns"]) is not int or type(data["events"]) is not dict:
            return State()
        events = {name: _event_record(name, rec) for name, rec in data["events"].items()}
        shared = None if data["shared"] is None else _shared_record(data["shared"], events)
        return State(events, shared, data["checked_ns"])
    except (ValueError, KeyError, TypeError, IndexError, AttributeError, RecursionError):
        return State()


def _event_record(name: str, rec: Any) -> EventRecord:
    digest, stats = rec["fingerprint"]
    files = _files(rec["files"], f"events/{name}/")
    card = _text(rec["card"])
    if not card.startswith('{"slug":' + json.dumps(name) + ","):
        raise ValueError(f"the card of {name} is not about it")
    return EventRecord(Fingerprint(_text(digest), _text(stats)), card, Outputs(files, _text(rec["written"])))


def _shared_record(rec: Any, events: dict[str, EventRecord]) -> SharedRecord:
    files = _files(rec["files"], "")
    if any(rel.startswith(f"events/{name}/") for rel in files.split("\n") for name in events):
        raise ValueError("a shared page in an event's folder")
    return SharedRecord(_text(rec["key"]), Outputs(files, _text(rec["written"])))


def _files(value: object, prefix: str) -> str:
    """Output paths, one a line, each a plain relative path under `prefix`."""
    files = _text(value)
    for rel in files.split("\n") if files else ():
        parts = rel.split("/")
        if not rel.startswith(prefix) or "\\" in rel or "\0" in rel or any(part in ("", ".", "..") for part in parts):
            raise ValueError(f"not an output path: {rel!r}")
    return files


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError("not a string")
    return value


def card_is_sound(name: str, text: str) -> bool:
    """Whether a card read from the state makes an EventCard of the event `name` (the state is only a hint)."""
    try:
        return card(text, "").slug == name
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return False


def save(cache: Path, output: Path, key: str, state: State) -> None:
    """Write the state, made piece by piece twice (for its HMAC, then into the file): the state grows with the
    site, and it is never held whole as text."""
    cache.mkdir(parents=True, exist_ok=True)
    if _real_folder(cache / STATE_FILE):
        shutil.rmtree(cache / STATE_FILE)  # a folder where the state goes: a damaged cache (a link is renamed over)
    write_keyed(cache / STATE_FILE, lambda: _pieces(output, key, state))


def _pieces(output: Path, key: str, state: State) -> Iterator[str]:
    """The state's JSON: a head, then one piece per event."""
    shared = state.shared and {"key": state.shared.key, "files": state.shared.outputs.files, "written": state.shared.outputs.stats}
    head = {"version": VERSION, "output": str(output.resolve()), "key": key, "checked_ns": state.checked_ns, "shared": shared}
    yield json.dumps(head, separators=(",", ":"))[:-1] + ',"events":{'
    for i, (name, rec) in enumerate(sorted(state.events.items())):
        record = {"fingerprint": [rec.fingerprint.digest, rec.fingerprint.stats], "card": rec.card,
                  "files": rec.outputs.files, "written": rec.outputs.stats}
        yield f"{',' if i else ''}{json.dumps(name)}:{json.dumps(record, separators=(',', ':'))}"
    yield "}}"


def _stats(output: Path, files: str) -> str:
    h, root = hashlib.sha256(), f"{output}{os.sep}"
    for rel in files.split("\n") if files else ():
        st = os.stat(root + rel)
        h.update(f"{rel}\0{st.st_size}\0{st.st_mtime_ns}\0".encode())
    return h.hexdigest()


def outputs(output: Path, files: str) -> Outputs:
    """The files a build just wrote (one a line), as it leaves them."""
    return Outputs(files, _stats(output, files))


def still_there(output: Path, written: Outputs) -> bool:
    """Whether every file is as the build that wrote it left it (not deleted nor edited by hand)."""
    try:
        return _stats(output, written.files) == written.stats
    except OSError:
        return False


def journal(cache: Path, output: Path) -> Path:
    """Where each event lists the files it stages before staging them, so that the temporary files of a
    killed build are removed by the next one even when that event is gone by then."""
    return cache / ("staging-" + hashlib.sha256(str(output.resolve()).encode()).hexdigest()[:16])


def journal_names(folder: Path | None) -> frozenset[str]:
    """The paths the journal's entries list; an entry that is not a regular UTF-8 file (a link, a folder, bytes) is
    left out, and a journal that is not a real folder lists nothing."""
    if folder is None or not _real_folder(folder):
        return frozenset()
    names: set[str] = set()
    for entry in folder.iterdir():
        data = read_cache_file(entry)
        try:
            names.update(line for line in (data or b"").decode("utf-8").splitlines() if line)
        except UnicodeDecodeError:
            continue
    return frozenset(names)


def write_journal_entry(folder: Path, name: str, text: str) -> None:
    """List `text` (paths, one a line) under `name` in the journal `folder`, never through a symlink: a journal that is
    a link or a file is removed first, and the entry is renamed into place (over a link, not through it)."""
    _journal_folder(folder)
    if _real_folder(folder / name):
        shutil.rmtree(folder / name)
    write_atomic(folder / name, [text])


def _journal_folder(folder: Path) -> None:
    """Make the journal folder unless it is there. The build's workers stage at the same time: each tries to make it
    (a check first would let one remove the folder another had made meanwhile)."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    try:
        folder.mkdir()
        return
    except FileExistsError:
        if _real_folder(folder):
            return
    folder.unlink(missing_ok=True)  # a file or a link where the journal goes: a damaged cache
    folder.mkdir(exist_ok=True)


def _real_folder(folder: Path) -> bool:
    try:
        return stat.S_ISDIR(os.lstat(folder).st_mode)
    except OSError:
        return False


def card_text(card: EventCard) -> str:
    """The card as JSON, without its files (the build state keeps them beside it); its shown texts keep what the
    pages translate (`text.as_data`)."""
    data = {"slug": card.slug, "name": card.name, "date": card.date, "format": card.format.name, "players": card.players,
            "state": card.state, "status": as_data(card.status), "rounds": [_fields(r) for r in card.rounds],
            "standings_columns": [{k: as_data(v) for k, v in _fields(c).items()} for c in card.standings_columns],
            "results": [[as_data(v) for v in _fields(r).values()] for r in card.results],  # lists: keys would be half
            "language": card.language, "champion_list": card.champion_list, "moved": card.moved}
    return json.dumps(data, separators=(",", ":"))


def _fields(record: Any) -> dict[str, Any]:
    """A flat record's fields as they are: `dataclasses.asdict` would deep-copy every value (most of a card's cost)."""
    return {f.name: getattr(record, f.name) for f in fields(record)}


def card(text: str, files: str, results: bool = True) -> EventCard:
    """The EventCard `card_text` gave, with the event's `files` (one a line); without its players'
    results unless asked (only the league and site-wide player pages read them: the biggest part of a card)."""
    from sitegen.games import FORMATS
    from sitegen.games.base import Column
    from sitegen.pages.display import PlayerResult
    from sitegen.pages.summary import EventCard, FeedRound

    data = json.loads(text)
    return EventCard(data["slug"], data["name"], data["date"], FORMATS[data["format"]], data["players"], data["state"],
                     from_data(data["status"]), tuple(FeedRound(**r) for r in data["rounds"]), files,
                     tuple(Column(**{k: from_data(v) for k, v in c.items()}) for c in data["standings_columns"]),
                     tuple(PlayerResult(*map(from_data, r)) for r in data["results"]) if results else (), data["language"], data.get("champion_list", ""),
                     tuple(data.get("moved", ())))
