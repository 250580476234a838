"""Load a content folder into the validated model, collecting every problem with its `path:line`.

This checks what every format shares (files, ids, round numbering, who sits where); the
format plug-ins check their own result keys afterwards (`formats.validate`).

Content is read only from inside the content folder: a symlink that leads out of it is refused,
so a stray link cannot publish a private file. Names starting with '.' (editor lock and swap
files) are not content.
"""
from __future__ import annotations

import datetime
import hashlib
import os
import re
from pathlib import Path
from typing import Any

from .model import EVENT_KEYS, PLAYER_KEYS, ROUND_KEYS, SITE_KEYS, TABLE_KEYS, ContentError, Event, Page, Player, Problem, Round, Site, Table, Where
from .text import id_problem, slugify, suggest
from .yamlfile import LineDict, LineList, parse_yaml

FAILED = object()  # what `read` returns for a file it could not parse (already reported)
START_TIME = re.compile(r"^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$")
ROUND_FILE = re.compile(r"^(round|elim)-([1-9]\d{0,3})\.yaml$|^(final)\.yaml$")  # no leading zeros: round-01 would be round-1
ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
# Keys whose empty value ('winner:' and nothing after it) must not pass for "not given".
MAY_BE_EMPTY = ("byes", "sitting_out", "tables", "avoid", "players")  # empty means none, or checked on their own


def seed_from_slug(slug: str) -> int:
    return int.from_bytes(hashlib.sha256(slug.encode()).digest()[:4], "big")


def _visible(folder: Path) -> list[Path]:
    """A folder's entries in name order, without hidden ones (editor lock and swap files)."""
    return sorted(p for p in folder.iterdir() if not p.name.startswith("."))


class _Collector:
    """Gathers problems so one run reports all of them, not just the first."""

    def __init__(self, root: Path) -> None:
        self.problems: list[Problem] = []
        self.root = root.resolve()  # the content folder: nothing is read from outside it

    def add(self, where: Where, message: str) -> None:
        self.problems.append(Problem(where, message))

    def inside(self, path: Path) -> bool:
        """Whether `path` (a file or folder, through any symlinks) stays in the content folder; reports it if not."""
        where = Where(str(path), 1)
        if path.is_symlink() and not path.exists():
            self.add(where, f"a symlink to {os.readlink(path)}, which does not exist; remove the link or put the file there")
            return False
        try:
            path.resolve().relative_to(self.root)
        except (ValueError, OSError):
            self.add(where, f"leads outside the content folder {self.root} (a symlink?); copy the file into the content folder instead")
            return False
        return True

    def folder(self, path: Path) -> bool:
        """Whether `path` is a folder to read; one reached through a bad symlink is reported, a plain file skipped."""
        return (path.exists() or path.is_symlink()) and self.inside(path) and path.is_dir()

    def read_text(self, path: Path, display: str) -> str | None:
        """The file's text, or None when it cannot be read (the problem is reported)."""
        if not self.inside(path):
            return None
        if path.is_dir():
            self.add(Where(display, 1), "this is a folder, not a file; rename or remove it")
            return None
        try:
            return path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            self.add(Where(display, 1), "the file is not UTF-8 text; save it as UTF-8")
        except OSError as exc:
            self.add(Where(display, 1), f"cannot read the file: {exc.strerror}")
        return None

    def read(self, path: Path, display: str) -> Any:
        text = self.read_text(path, display)
        if text is None:
            return FAILED
        try:
            return parse_yaml(text, display)
        except ContentError as exc:
            self.problems.extend(exc.problems)
            return FAILED

    def mapping(self, data: Any, where: Where, what: str) -> LineDict | None:
        if isinstance(data, LineDict):
            return data
        self.add(where, f"{what} must be a block of 'key: value' lines")
        return None

    def unknown_keys(self, data: LineDict, allowed: tuple[str, ...], path: str, what: str) -> None:
        for key in data:
            if key not in allowed:
                self.add(Where(path, data.key_lines[key]), f"unknown key '{key}' in {what}; {suggest(key, allowed)}")

    def no_empty_values(self, data: LineDict, path: str) -> None:
        """'winner:' with nothing after it would read as "not given"; say so instead."""
        for key, value in data.items():
            if value is None and key not in MAY_BE_EMPTY:
                self.add(Where(path, data.key_lines[key]), f"'{key}' has no value; write one after the colon or delete the line")

    def identifier(self, value: Any, where: Where, what: str) -> str | None:
        problem = id_problem(value)
        if problem:
            self.add(where, f"{what}: {problem}")
            return None
        return str(value)

    def integer(self, data: LineDict, key: str, path: str, *, minimum: int = 0) -> int | None:
        value = data.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            self.add(Where(path, data.key_lines[key]), f"'{key}' must be a whole number of at least {minimum}, not {value!r}")
            return None
        return value

    def text(self, data: LineDict, key: str, path: str, *, required: bool = False, default: str = "") -> str:
        value = data.get(key)
        if value is None:
            if required and key not in data:  # present but empty: `no_empty_values` says so at its line
                self.add(Where(path, data.line), f"missing '{key}'; add a line '{key}: ...'")
            return default
        if isinstance(value, (list, dict)):
            self.add(Where(path, data.key_lines[key]), f"'{key}' must be a single value, not a list or block")
            return default
        return str(value)


def load_site(root: str | Path) -> Site:
    """Read and check a whole content folder. Raises ContentError listing every problem found."""
    root = Path(root)
    site_path = root / "site.yaml"
    shown = str(site_path)
    if not site_path.exists() and not site_path.is_symlink():
        raise ContentError([Problem(Where(shown, 1), f"no site.yaml in {root}/; create one with 'title: My events'")])
    c = _Collector(root)
    raw = c.read(site_path, shown)
    data = c.mapping(raw, Where(shown, 1), "site.yaml") if raw not in (None, FAILED) else None
    data = data or LineDict()
    c.unknown_keys(data, SITE_KEYS, shown, "site.yaml")
    theme = c.text(data, "theme", shown, default="default")
    where_theme = Where(shown, data.key_lines.get("theme", 1))
    if c.identifier(theme, where_theme, "'theme'") and c.folder(root / "themes" / theme):
        _check_theme_files(root / "themes" / theme, c)
    events = []
    if c.folder(root / "events"):
        for event_dir in _visible(root / "events"):
            if c.folder(event_dir):
                event = _load_event(event_dir, c)
                if event:
                    events.append(event)
    pages = []
    if c.folder(root / "pages"):
        pages = [_load_page(p, c) for p in _visible(root / "pages") if p.suffix == ".md"]
    site = Site(
        title=c.text(data, "title", shown, default="Tournaments"),
        base_url=c.text(data, "base_url", shown, default=""),
        theme=theme,
        root=str(root),
        events=tuple(events),
        pages=tuple(p for p in pages if p),
        options={"description": c.text(data, "description", shown)},
        key_lines=dict(data.key_lines),
    )
    if c.problems:
        raise ContentError(c.problems)
    return site


def load_event(event_dir: str | Path) -> Event:
    """Read and check one event folder (for `pair` and `standings`)."""
    event_dir = Path(event_dir).absolute()  # `sitegen pair .` still knows the folder's name
    content = event_dir.parent.parent if event_dir.parent.name == "events" else event_dir.parent
    c = _Collector(content)
    event = _load_event(event_dir, c) if c.inside(event_dir) else None
    if c.problems or event is None:
        raise ContentError(c.problems)
    return event


def _check_theme_files(theme_dir: Path, c: _Collector) -> None:
    """A theme in the content folder is published too: none of its files may lead outside the folder."""
    for folder, dirs, files in os.walk(theme_dir):
        for name in dirs + files:
            c.inside(Path(folder) / name)


def _load_page(path: Path, c: _Collector) -> Page | None:
    shown = str(path)
    slug = c.identifier(path.stem, Where(shown, 1), "the page's file name (it becomes its address)")
    text = c.read_text(path, shown)
    if text is None or slug is None:
        return None
    meta: Any = LineDict()
    body = text
    if text.startswith("---\n"):
        end = text.find("\n---", 4)
        if end == -1:
            c.add(Where(shown, 1), "front matter starts with '---' but never ends; add a closing '---' line")
            return None
        try:
            meta = parse_yaml(text[4:end], shown) or LineDict()
        except ContentError as exc:
            c.problems.extend(Problem(Where(shown, p.where.line + 1), p.message) for p in exc.problems)
            return None
        body = text[end + 4 :].lstrip("\n")
        meta = c.mapping(meta, Where(shown, 1), "front matter")
        if meta is None:
            return None
        before = len(c.problems)
        for key in meta:
            if key not in ("title", "order"):
                c.add(Where(shown, meta.key_lines[key] + 1), f"unknown front matter key '{key}'; {suggest(key, ('title', 'order'))}")
        title, order = meta.get("title"), meta.get("order")
        if "title" in meta and (title is None or isinstance(title, (list, dict))):
            c.add(Where(shown, meta.key_lines["title"] + 1), "'title' must be a single line of text, e.g. 'title: About us'")
        if "order" in meta and (isinstance(order, bool) or not isinstance(order, int)):
            c.add(Where(shown, meta.key_lines["order"] + 1), f"'order' must be a whole number (lower comes first in the menu), not {order!r}")
        if len(c.problems) > before:
            return None
    return Page(
        slug=slug,
        title=str(meta.get("title") or path.stem.replace("-", " ").capitalize()),
        order=meta.get("order", 100),
        body_markdown=body,
        where=Where(shown, 1),
    )


def _load_event(event_dir: Path, c: _Collector) -> Event | None:
    path = event_dir / "event.yaml"
    shown = str(path)
    before = len(c.problems)
    slug = c.identifier(event_dir.name, Where(str(event_dir), 1), "the event folder's name (it becomes its address)")
    if not path.exists() and not path.is_symlink():
        c.add(Where(shown, 1), "missing event.yaml; every event folder needs one (see `sitegen new`)")
        return None
    raw = c.read(path, shown)
    if raw is FAILED:
        return None
    data = c.mapping(raw, Where(shown, 1), "event.yaml")
    if data is None:
        return None
    c.no_empty_values(data, shown)
    name = c.text(data, "name", shown, required=True)
    fmt = c.text(data, "format", shown, required=True)
    date = c.text(data, "date", shown, required=True)
    if date and not is_date(date):
        c.add(Where(shown, data.key_lines["date"]), f"'date: {date}' is not a date; write it as YYYY-MM-DD, e.g. 'date: 2026-12-05'")
    seed = c.integer(data, "seed", shown)
    players = _load_players(data, shown, c)
    ids = {p.id for p in players}
    avoid = _load_avoid(data, shown, ids, c)
    options = {k: v for k, v in data.items() if k not in EVENT_KEYS}
    rounds, elims = _load_rounds(event_dir, players, c)
    if len(c.problems) > before or slug is None:
        return None
    return Event(
        slug=slug,
        name=name,
        format=fmt,
        date=date,
        seed=seed if seed is not None else seed_from_slug(event_dir.name),
        players=tuple(players),
        rounds=rounds,
        elims=elims,
        where=Where(shown, data.line),
        planned_rounds=c.integer(data, "rounds", shown, minimum=1),
        cut=c.integer(data, "cut", shown),
        avoid=avoid,
        options=options,
        key_lines=dict(data.key_lines),
    )


def _load_players(data: LineDict, path: str, c: _Collector) -> list[Player]:
    raw = data.get("players")
    if not isinstance(raw, LineList) or not raw:
        c.add(Where(path, data.key_lines.get("players", data.line)), "'players' must be a list of players, each '- name: ...'")
        return []
    players: list[Player] = []
    seen: dict[str, int] = {}
    for item, line in zip(raw, raw.item_lines):
        where = Where(path, line)
        if isinstance(item, str):
            item = LineDict(name=item)
            item.line, item.key_lines = line, {"name": line}
        entry = c.mapping(item, where, "each player")
        if entry is None:
            continue
        c.no_empty_values(entry, path)
        name = c.text(entry, "name", path, required=True)
        if "id" in entry:
            pid = c.identifier(entry["id"], Where(path, entry.key_lines["id"]), "'id'")
        else:
            pid = c.identifier(slugify(name), where, f"the id made from the name '{name}' (add an 'id: ...' line)")
        if pid is None:
            continue
        if pid in seen:
            c.add(where, f"duplicate player id '{pid}' (first on line {seen[pid]}); give one of them a different 'id'")
            continue
        seen[pid] = line
        joined = c.integer(entry, "joined", path, minimum=1) or 1
        dropped = c.integer(entry, "dropped", path, minimum=0)
        if dropped is not None and dropped < joined - 1:
            c.add(Where(path, entry.key_lines["dropped"]), f"'dropped: {dropped}' comes before 'joined: {joined}'")
        deck = {str(k): str(v) for k, v in entry.items() if k not in PLAYER_KEYS}
        key_lines = {str(k): entry.key_lines[k] for k in entry}
        players.append(Player(pid, name, joined, dropped, deck, Where(path, line), key_lines))
    return players


def _load_avoid(data: LineDict, path: str, ids: set[str], c: _Collector) -> tuple[frozenset[str], ...]:
    raw = data.get("avoid")
    if raw is None:
        return ()
    where = Where(path, data.key_lines["avoid"])
    if not isinstance(raw, LineList):
        c.add(where, "'avoid' must be a list of pairs of player ids, e.g. '- [alice, bob]'")
        return ()
    pairs = []
    for pair, line in zip(raw, raw.item_lines):
        if not isinstance(pair, list) or len(pair) != 2 or pair[0] == pair[1]:
            c.add(Where(path, line), "each 'avoid' entry must be two different player ids, e.g. '- [alice, bob]'")
            continue
        for pid in pair:
            if str(pid) not in ids:
                c.add(Where(path, line), f"unknown player id '{pid}' in 'avoid'; {suggest(str(pid), sorted(ids))}")
        pairs.append(frozenset(map(str, pair)))
    return tuple(pairs)


def _round_files(event_dir: Path, c: _Collector) -> dict[str, dict[int, Path]]:
    """Round files by stage and number; anything else that looks like content is an error."""
    found: dict[str, dict[int, Path]] = {"round": {}, "elim": {}, "final": {}}
    for path in _visible(event_dir):
        if path.name == "event.yaml" or path.suffix not in (".yaml", ".yml"):
            continue
        match = ROUND_FILE.match(path.name)
        if not match:
            c.add(Where(str(path), 1), "unexpected file name; round files are named round-1.yaml, elim-1.yaml or final.yaml (no leading zeros)")
            continue
        stage, number = (match[1], int(match[2])) if match[1] else ("final", 1)
        found[stage][number] = path
    for stage, files in found.items():
        for expected, number in enumerate(sorted(files), start=1):
            if number != expected:
                c.add(
                    Where(str(files[number]), 1),
                    f"gap in round numbering: {stage}-{number}.yaml exists but {stage}-{expected}.yaml does not; rename the files to count 1, 2, 3 ...",
                )
                break
    return found


def _load_rounds(event_dir: Path, players: list[Player], c: _Collector) -> tuple[tuple[Round, ...], tuple[Round, ...]]:
    by_id = {p.id: p for p in players}
    files = _round_files(event_dir, c)
    loaded: dict[str, list[Round]] = {"round": [], "elim": [], "final": []}
    for stage, numbered in files.items():
        for number in sorted(numbered):
            round_ = _load_round(numbered[number], stage, number, by_id, c)
            if round_:
                loaded[stage].append(round_)
    return tuple(loaded["round"]), tuple(loaded["elim"] + loaded["final"])


def _id_list(raw: Any, key: str, path: str, line: int, by_id: dict[str, Player], c: _Collector) -> list[tuple[str, int]]:
    """A list of known player ids with the line of each; problems are collected."""
    if raw is None:
        return []
    if not isinstance(raw, LineList):
        c.add(Where(path, line), f"'{key}' must be a list of player ids, e.g. '{key}: [alice, bob]'")
        return []
    result = []
    for pid, item_line in zip(raw, raw.item_lines):
        pid = str(pid)
        if pid not in by_id:
            c.add(Where(path, item_line), f"unknown player id '{pid}'; {suggest(pid, sorted(by_id))}")
        else:
            result.append((pid, item_line))
    return result


def _load_round(path: Path, stage: str, number: int, by_id: dict[str, Player], c: _Collector) -> Round | None:
    shown = str(path)
    raw = c.read(path, shown)
    if raw is FAILED:
        return None
    data = c.mapping(LineDict() if raw is None else raw, Where(shown, 1), "a round file")
    if data is None:
        return None
    before = len(c.problems)
    c.unknown_keys(data, ROUND_KEYS, shown, "a round file")
    c.no_empty_values(data, shown)
    seen: dict[str, int] = {}

    def seat(pid: str, line: int) -> None:
        if pid in seen:
            c.add(Where(shown, line), f"player '{pid}' appears twice in this round (also on line {seen[pid]}); each player sits once a round")
            return
        seen[pid] = line
        player = by_id[pid]
        if stage == "round" and not player.active_in(number):
            why = f"joined in round {player.joined}" if number < player.joined else f"dropped after round {player.dropped}"
            c.add(Where(shown, line), f"player '{pid}' is seated in round {number} but {why}; fix 'joined'/'dropped' in event.yaml or the seating")

    tables: list[Table] = []
    raw_tables = data.get("tables")
    if raw_tables is None:
        raw_tables = []
    elif not isinstance(raw_tables, LineList):
        c.add(Where(shown, data.key_lines["tables"]), "'tables' must be a list of tables, each '- table: 1'")
        raw_tables = []
    numbers: dict[int, int] = {}
    for item, line in zip(raw_tables, getattr(raw_tables, "item_lines", [])):
        entry = c.mapping(item, Where(shown, line), "each table")
        if entry is None:
            continue
        c.no_empty_values(entry, shown)
        table_no = c.integer(entry, "table", shown, minimum=1)
        if table_no is None:
            if "table" not in entry:
                c.add(Where(shown, line), "a table needs its number: add 'table: N'")
            continue
        if table_no in numbers:
            c.add(Where(shown, line), f"table {table_no} is listed twice (also on line {numbers[table_no]})")
        numbers[table_no] = line
        seated = _id_list(entry.get("players"), "players", shown, entry.key_lines.get("players", line), by_id, c)
        if "players" not in entry:
            c.add(Where(shown, line), f"table {table_no} has no 'players'; add 'players: [id, id]'")
        for pid, pline in seated:
            seat(pid, pline)
        result = {k: v for k, v in entry.items() if k not in TABLE_KEYS}
        tables.append(Table(table_no, tuple(p for p, _ in seated), result, Where(shown, line), dict(entry.key_lines)))
    byes = _id_list(data.get("byes"), "byes", shown, data.key_lines.get("byes", 1), by_id, c)
    out = _id_list(data.get("sitting_out"), "sitting_out", shown, data.key_lines.get("sitting_out", 1), by_id, c)
    for pid, line in byes + out:
        seat(pid, line)
    minutes = c.integer(data, "minutes", shown, minimum=1)
    start = c.text(data, "start", shown) or None
    if start and not _is_start_time(start):
        c.add(Where(shown, data.key_lines["start"]), f"'start: {start}' must be a local date and time like '2026-11-22 14:00'")
    if len(c.problems) > before:
        return None
    return Round(
        stage=stage,
        number=number,
        tables=tuple(sorted(tables, key=lambda t: t.number)),
        where=Where(shown, 1),
        byes=tuple(p for p, _ in byes),
        sitting_out=tuple(p for p, _ in out),
        start=start,
        minutes=minutes,
        key_lines=dict(data.key_lines),
    )


def is_date(text: str) -> bool:
    try:
        return bool(ISO_DATE.match(text)) and bool(datetime.date.fromisoformat(text))
    except ValueError:  # 2026-02-30
        return False


def _is_start_time(text: str) -> bool:
    try:
        return bool(START_TIME.match(text)) and bool(datetime.datetime.fromisoformat(text))
    except ValueError:  # 2026-02-30 14:00, 25:00
        return False
