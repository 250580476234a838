"""Load one event folder (event.yaml with its players, and the round files) into the model's Event.

This checks what every format shares (files, ids, round numbering, who sits where); the
format plug-ins check their own result keys afterwards (`formats.validate`).
"""
from __future__ import annotations

import datetime
import functools
import hashlib
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from sitegen.load import declared
from sitegen.load.decklists import read_released, read_rule
from sitegen.load.reader import FAILED, Built, Collector, collection_paused
from sitegen.load.yaml_reader import LineDict, LineList
from sitegen.model import (
    EVENT_KEYS,
    PLAYER_KEYS,
    ROUND_KEYS,
    TABLE_KEYS,
    ContentError,
    Event,
    Player,
    Round,
    RoundClock,
    Table,
    Where,
)
from sitegen.schema import keys
from sitegen.text import N_, id_problem, slugify, suggest

START_TIME = re.compile(r"^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$")
ROUND_FILE = re.compile(r"^(round|elim)-([1-9]\d{0,3})\.yaml$|^(final)\.yaml$")  # no leading zeros: round-01 would be round-1
ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def seed_from_slug(slug: str) -> int:
    """The seed of an event.yaml without `seed:`, fixed by the folder name."""
    return int.from_bytes(hashlib.sha256(slug.encode()).digest()[:4], "big")


def load_event(event_dir: str | Path, texts: Mapping[Path, str | None] | None = None) -> Event:
    """Read and check one event folder (for `pair` and `standings`); `texts`: files read as these texts instead
    (None: as if deleted), to check an edit before it is written."""
    event_dir = Path(event_dir).absolute()  # `sitegen pair .` still knows the folder's name
    c = Collector(content_root(event_dir), texts)
    event = read_event(event_dir, c) if c.inside(event_dir) else None
    if c.problems or event is None:
        raise ContentError(c.problems)
    return event


def content_root(event_dir: Path) -> Path:
    """The content folder an event folder belongs to (content/events/NAME, or a folder beside site.yaml)."""
    event_dir = event_dir.absolute()
    return event_dir.parent.parent if event_dir.parent.name == "events" else event_dir.parent


def read_event(event_dir: Path, c: Collector) -> Event | None:
    """Read and check one event folder into `c`'s problems; None when it has any."""
    with collection_paused():
        return _read_event(event_dir, c)


def _read_event(event_dir: Path, c: Collector) -> Event | None:
    path = event_dir / "event.yaml"
    shown = str(path)
    before = len(c.problems)
    slug = c.identifier(event_dir.name, Where(str(event_dir), 1), N_("the event folder's name (it becomes its address)"))
    if not c.listable(event_dir):
        return None
    if not c.exists(path):
        c.add(Where(shown, 1), N_("missing event.yaml; every event folder needs one (see `sitegen new`)"))
        return None
    raw = c.read(path, shown)
    if raw is FAILED:
        return None
    data = c.mapping(raw, Where(shown, 1), "event.yaml")
    if data is None:
        return None
    c.no_empty_values(data, shown)
    name = declared.text(c, data, keys.EVENT, "name", shown)
    fmt = declared.text(c, data, keys.EVENT, "format", shown)
    date = declared.text(c, data, keys.EVENT, "date", shown)
    if date and not is_date(date):
        c.add(Where(shown, data.key_lines["date"]), N_("'date: {date}' is not a date; write it as YYYY-MM-DD, e.g. 'date: 2026-12-05'", date=date))
    seed = declared.whole(c, data, keys.EVENT, "seed", shown)
    players = _BUILT.reuse(shown, (data,), functools.partial(_load_players, data, shown, c), c)
    ids = {p.id for p in players}
    avoid = _load_avoid(data, shown, ids, c)
    options = {k: v for k, v in data.items() if k not in EVENT_KEYS}
    decklists, (released, by_round) = read_rule(data, shown, c), read_released(event_dir, ids, c)
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
        planned_rounds=declared.whole(c, data, keys.EVENT, "rounds", shown),
        cut=declared.whole(c, data, keys.EVENT, "cut", shown),
        avoid=avoid,
        timezone=c.timezone(data, "timezone", shown),
        minutes=declared.whole(c, data, keys.EVENT, "minutes", shown),
        language=c.language(data, "language", shown),
        options=options, key_lines=dict(data.key_lines),
        decklists=decklists, released_decks=released, released_round_decks=by_round,
    )


_BUILT = Built()  # what was built from each file read, for the next read of the same files


def _load_players(data: LineDict, path: str, c: Collector) -> tuple[Player, ...]:
    raw = data.get("players")
    if not isinstance(raw, LineList):  # an empty list is an event waiting for its players
        c.add(Where(path, data.key_lines.get("players", data.line)), N_("'players' must be a list of players, each '- name: ...' ([] for none yet)"))
        return ()
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
        if not name and entry.get("name") not in (None, ""):
            continue  # a name refused (a list, a control character): said at its line, no id to make from it
        if "id" in entry:
            pid = c.identifier(entry["id"], Where(path, entry.key_lines["id"]), "'id'")
        else:
            made = slugify(name)  # the message below only for an id refused: made for each player, it cost more than the id
            pid = made if id_problem(made) is None else c.identifier(made, where, N_("the id made from the name '{name}' (add an 'id: ...' "
                                                                                     "line)", name=name))
        if pid is None:
            continue
        if pid in seen:
            c.add(where, N_("duplicate player id '{pid}' (first on line {line}); give one of them a different 'id'", pid=pid, line=seen[pid]))
            continue
        seen[pid] = line
        joined = declared.whole(c, entry, keys.PLAYER, "joined", path) or 1
        dropped = declared.whole(c, entry, keys.PLAYER, "dropped", path)
        if dropped is not None and dropped < joined - 1:
            c.add(Where(path, entry.key_lines["dropped"]), N_("'dropped: {dropped}' comes before 'joined: {joined}'", dropped=dropped, joined=joined))
        deck = {str(k): c.text(entry, k, path) for k in entry if k not in PLAYER_KEYS}  # a list is a problem, not its repr
        key_lines = {str(k): entry.key_lines[k] for k in entry}
        table = declared.whole(c, entry, keys.PLAYER, "table", path)
        github = c.login(entry, "github", path)
        players.append(Player(pid, name, joined, dropped, deck, where, key_lines, table, github))
    return tuple(players)


def _load_avoid(data: LineDict, path: str, ids: set[str], c: Collector) -> tuple[frozenset[str], ...]:
    raw = data.get("avoid")
    if raw is None:
        return ()
    where = Where(path, data.key_lines["avoid"])
    if not isinstance(raw, LineList):
        c.add(where, N_("'avoid' must be a list of pairs of player ids, e.g. '- [alice, bob]'"))
        return ()
    pairs = []
    for pair, line in zip(raw, raw.item_lines):
        if not isinstance(pair, list) or len(pair) != 2 or pair[0] == pair[1]:
            c.add(Where(path, line), N_("each 'avoid' entry must be two different player ids, e.g. '- [alice, bob]'"))
            continue
        for pid in pair:
            if str(pid) not in ids:
                c.add(Where(path, line), N_("unknown player id '{pid}' in 'avoid'; {hint}", pid=pid, hint=suggest(str(pid), sorted(ids))))
        pairs.append(frozenset(map(str, pair)))
    return tuple(pairs)


def _round_files(event_dir: Path, c: Collector) -> dict[str, dict[int, Path]]:
    """Round files by stage and number; anything else that looks like content is an error."""
    found: dict[str, dict[int, Path]] = {"round": {}, "elim": {}, "final": {}}
    for path in c.listing(event_dir):
        if path.name == "event.yaml" or path.suffix.lower() not in (".yaml", ".yml"):  # round-4.YAML is not skipped in silence
            continue
        match = ROUND_FILE.match(path.name)
        if not match:
            c.add(Where(str(path), 1), N_("unexpected file name; round files are named round-1.yaml, elim-1.yaml or final.yaml (no leading zeros)"))
            continue
        stage, number = (match[1], int(match[2])) if match[1] else ("final", 1)
        found[stage][number] = path
    for stage, files in found.items():
        for expected, number in enumerate(sorted(files), start=1):
            if number != expected:
                c.add(
                    Where(str(files[number]), 1),
                    N_("gap in round numbering: {stage}-{number}.yaml exists but {stage}-{expected}.yaml does not; rename the files to count 1, 2, 3 ...",
                       stage=stage, number=number, expected=expected),
                )
                break
    return found


def _load_rounds(event_dir: Path, players: tuple[Player, ...], c: Collector) -> tuple[tuple[Round, ...], tuple[Round, ...]]:
    by_id = {p.id: p for p in players}
    files = _round_files(event_dir, c)
    loaded: dict[str, list[Round]] = {"round": [], "elim": [], "final": []}
    for stage, numbered in files.items():
        for number in sorted(numbered):
            path = numbered[number]
            raw = c.read(path, str(path))
            if raw is FAILED:
                continue
            round_ = _BUILT.reuse(str(path), (raw, players), functools.partial(_load_round, raw, path, stage, number, by_id, c), c)
            if round_:
                loaded[stage].append(round_)
    return tuple(loaded["round"]), tuple(loaded["elim"] + loaded["final"])


def _id_list(raw: Any, key: str, path: str, line: int, by_id: dict[str, Player], c: Collector) -> list[tuple[str, int]]:
    """A list of known player ids with the line of each; problems are collected."""
    if raw is None:
        return []
    if not isinstance(raw, LineList):
        c.add(Where(path, line), N_("'{key}' must be a list of player ids, e.g. '{key}: [alice, bob]'", key=key))
        return []
    result = []
    for pid, item_line in zip(raw, raw.item_lines):
        pid = str(pid)
        if pid not in by_id:
            c.add(Where(path, item_line), N_("unknown player id '{pid}'; {hint}", pid=pid, hint=suggest(pid, sorted(by_id))))
        else:
            result.append((pid, item_line))
    return result


def _load_round(raw: Any, path: Path, stage: str, number: int, by_id: dict[str, Player], c: Collector) -> Round | None:
    shown = str(path)
    data = c.mapping(LineDict() if raw is None else raw, Where(shown, 1), "a round file")
    if data is None:
        return None
    before = len(c.problems)
    c.unknown_keys(data, ROUND_KEYS, shown, "a round file")
    c.no_empty_values(data, shown)
    seen: dict[str, int] = {}
    inactive: list[tuple[Where, str]] = []  # a problem only once a table has a result: until then a late drop awaits `pair --redo`

    def seat(pid: str, line: int) -> None:
        if pid in seen:
            c.add(Where(shown, line), N_("player '{pid}' appears twice in this round (also on line {line}); each player sits once a round",
                                         pid=pid, line=seen[pid]))
            return
        seen[pid] = line
        player = by_id[pid]
        if stage == "round" and number < player.joined:
            c.add(Where(shown, line), N_("player '{pid}' is seated in round {number} but joined in round {joined}; fix 'joined'/'dropped' in event.yaml or the "
                                         "seating", pid=pid, number=number, joined=player.joined))
        elif stage == "round" and not player.active_in(number):
            why = f"dropped after round {player.dropped}"
            inactive.append((Where(shown, line), f"player '{pid}' is seated in round {number} but {why}; fix 'joined'/'dropped' "
                                                 "in event.yaml or the seating (a late drop: pair the round again before its first "
                                                 "result, `sitegen pair --redo`)"))

    tables = _load_tables(data, shown, by_id, seat, c)
    byes = _id_list(data.get("byes"), "byes", shown, data.key_lines.get("byes", 1), by_id, c)
    out = _id_list(data.get("sitting_out"), "sitting_out", shown, data.key_lines.get("sitting_out", 1), by_id, c)
    for pid, line in byes + out:
        seat(pid, line)
    if any(t.result for t in tables) or not tables:
        for where, message in inactive:
            c.add(where, message)
    chosen = _id_list(data.get("chosen_byes"), "chosen_byes", shown, data.key_lines.get("chosen_byes", 1), by_id, c)
    for pid, line in chosen:
        if pid not in {p for p, _ in byes}:
            c.add(Where(shown, line), N_("'chosen_byes' names '{pid}', who has no bye this round; list them under 'byes' too", pid=pid))
    minutes = declared.whole(c, data, keys.ROUND, "minutes", shown)
    start = _local_time(data, "start", shown, c)
    clock = _round_clock(data, shown, c)
    seed = declared.whole(c, data, keys.ROUND, "seed", shown)
    if len(c.problems) > before:
        return None
    return Round(stage=stage, number=number, tables=tuple(sorted(tables, key=lambda t: t.number)), where=Where(shown, 1),
                 byes=tuple(p for p, _ in byes), sitting_out=tuple(p for p, _ in out), start=start, minutes=minutes,
                 key_lines=dict(data.key_lines), chosen_byes=tuple(p for p, _ in chosen), clock=clock,
                 seed=seed)


def _load_tables(data: LineDict, shown: str, by_id: dict[str, Player], seat: Callable[[str, int], None],
                 c: Collector) -> list[Table]:
    """A round file's tables; `seat` checks each player seated."""
    tables: list[Table] = []
    raw_tables = data.get("tables")
    if raw_tables is None:
        raw_tables = []
    elif not isinstance(raw_tables, LineList):
        c.add(Where(shown, data.key_lines["tables"]), N_("'tables' must be a list of tables, each '- table: 1'"))
        raw_tables = []
    numbers: dict[int, int] = {}
    for item, line in zip(raw_tables, getattr(raw_tables, "item_lines", [])):
        where = Where(shown, line)
        entry = c.mapping(item, where, "each table")
        if entry is None:
            continue
        c.no_empty_values(entry, shown)
        table_no = declared.whole(c, entry, keys.TABLE, "table", shown)
        if table_no is None:
            if "table" not in entry:
                c.add(Where(shown, line), N_("a table needs its number: add 'table: N'"))
            continue
        if table_no in numbers:
            c.add(Where(shown, line), N_("table {number} is listed twice (also on line {line})", number=table_no, line=numbers[table_no]))
        numbers[table_no] = line
        seated = _id_list(entry.get("players"), "players", shown, entry.key_lines.get("players", line), by_id, c)
        if "players" not in entry:
            c.add(Where(shown, line), N_("table {number} has no 'players'; add 'players: [id, id]'", number=table_no))
        for pid, pline in seated:
            seat(pid, pline)
        result = {k: v for k, v in entry.items() if k not in TABLE_KEYS}
        tables.append(Table(table_no, tuple([p for p, _ in seated]), result, where, dict(entry.key_lines)))
    return tables


def _local_time(data: LineDict, key: str, shown: str, c: Collector) -> str | None:
    text = c.text(data, key, shown) or None
    if text and not _is_start_time(text):
        c.add(Where(shown, data.key_lines[key]), N_("'{key}: {text}' must be a local date and time like '2026-11-22 14:00'", key=key, text=text))
    return text


def _round_clock(data: LineDict, shown: str, c: Collector) -> RoundClock | None:
    """The clock's changes after the start (`sitegen clock`): None when the file has none of its keys."""
    if not any(key in data for key in ("extended", "paused", "paused_seconds", "called")):
        return None
    return RoundClock(extended=declared.whole(c, data, keys.ROUND, "extended", shown) or 0, paused=_local_time(data, "paused", shown, c),
                      paused_seconds=declared.whole(c, data, keys.ROUND, "paused_seconds", shown) or 0,
                      called=_local_time(data, "called", shown, c))


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
