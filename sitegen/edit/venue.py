"""Changes made at the venue while a round is on: two players trade seats (`sitegen swap`), and the round clock
(`sitegen clock`: start, extend, pause, resume, call time). The clock's arithmetic is `clock_keys`, a pure function
of the round's keys and the time now; the verbs read the clock from the machine they run on."""
from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sitegen.edit.commit import Edited, commit, current_round
from sitegen.edit.lock import one_writer
from sitegen.edit.round_trip import RoundTrip
from sitegen.games.base import Refused, round_name
from sitegen.load.check import validated
from sitegen.model import Event, Round
from sitegen.text import N_, Msg, Nn_, suggest

CLOCK_KEYS = ("start", "minutes", "extended", "paused", "paused_seconds", "called")
TIME_FORMAT = "%Y-%m-%d %H:%M:%S"


@one_writer
def swap_players(event_dir: str | Path, first: str, second: str) -> Edited:
    """Players `first` and `second` trade seats in the current round (a table, a bye or sitting out), while neither
    of their tables has a result."""
    event = validated(event_dir)
    round_ = current_round(event)
    for pid in (first, second):
        _where_seated(event, round_, pid)
    if first == second:
        raise Refused(N_("choose two different players to swap"))
    path = Path(round_.where.path)
    doc = RoundTrip(path.read_text(encoding="utf-8"))
    trade = {first: second, second: first}
    for table in doc.data.get("tables") or []:
        seats = table.get("players") or []
        for index, pid in enumerate(seats):
            if pid in trade:
                seats[index] = trade[pid]
    for key in ("byes", "sitting_out", "chosen_byes"):
        listed = doc.data.get(key) or []
        for index, pid in enumerate(listed):
            if pid in trade:
                listed[index] = trade[pid]
    return Edited(commit(event_dir, {path: doc.dump()}), [path])


def _where_seated(event: Event, round_: Round, pid: str) -> str:
    """Where `pid` is in the round ("table 3", "a bye"); Refused when not there or their table has a result."""
    if pid not in event.player_by_id:
        raise Refused(N_("no player '{pid}' in {event}; {hint}", pid=pid, event=event.name, hint=suggest(pid, event.player_by_id)))
    name = event.player_by_id[pid].name
    for table in round_.tables:
        if pid in table.players:
            if table.result:
                raise Refused(N_("table {number} ({name}'s) has a result: seats are swapped only before it is entered", number=table.number, name=name))
            return f"table {table.number}"
    if pid in round_.byes or pid in round_.sitting_out:
        return "a bye"
    raise Refused(N_("{name} does not play {round}", name=name, round=round_name(round_)))


@dataclass(frozen=True)
class ClockChange:
    start: str | None = None  # "HH:MM" today, or "" for now
    minutes: int | None = None
    extend: int | None = None
    pause: bool = False
    resume: bool = False
    call: bool = False


def clock_keys(round_keys: dict[str, Any], change: ClockChange, now: datetime.datetime) -> dict[str, Any]:
    """The round file's clock keys after `change` at `now` (local time); a key missing from the answer is removed."""
    keys = {key: round_keys[key] for key in CLOCK_KEYS if round_keys.get(key) is not None}
    if change.minutes is not None:
        if change.minutes < 1:
            raise Refused(N_("a round lasts at least 1 minute"))
        keys["minutes"] = change.minutes
    if change.start is not None:
        keys = {k: v for k, v in keys.items() if k not in ("paused", "paused_seconds", "called")}
        keys["start"] = _start_time(change.start, now)
        return keys
    if "start" not in keys:
        raise Refused(N_("the round's clock has not started yet: start it first"))
    if keys.get("called"):
        raise Refused(N_("time is already called in this round"))
    if change.extend is not None:
        if change.extend == 0:
            raise Refused(N_("give the minutes to add, e.g. 5"))
        keys["extended"] = int(keys.get("extended", 0)) + change.extend
        if keys["extended"] == 0:
            del keys["extended"]
    if change.pause:
        if keys.get("paused"):
            raise Refused(N_("the clock is already paused"))
        keys["paused"] = now.strftime(TIME_FORMAT)
    if change.resume or change.call:
        _end_pause(keys, now, required=change.resume)
    if change.call:
        keys["called"] = now.strftime(TIME_FORMAT)
    return keys


def _end_pause(keys: dict[str, Any], now: datetime.datetime, *, required: bool) -> None:
    paused = keys.pop("paused", None)
    if paused is None:
        if required:
            raise Refused(N_("the clock is not paused"))
        return
    seconds = int((now - datetime.datetime.fromisoformat(str(paused))).total_seconds())
    keys["paused_seconds"] = int(keys.get("paused_seconds", 0)) + max(0, seconds)


def _start_time(text: str, now: datetime.datetime) -> str:
    if not text:
        return now.strftime("%Y-%m-%d %H:%M")
    try:
        hours, minutes = (int(part) for part in text.split(":"))
        return now.replace(hour=hours, minute=minutes).strftime("%Y-%m-%d %H:%M")
    except ValueError:
        raise Refused(N_("'{text}' is not a time of day; write it as HH:MM, e.g. 14:30", text=text)) from None


def local_now(event: Event) -> datetime.datetime:
    """The time now where the event is played: in its time zone when it names one, else this machine's."""
    if event.timezone:
        from zoneinfo import ZoneInfo

        return datetime.datetime.now(ZoneInfo(event.timezone)).replace(tzinfo=None)
    return datetime.datetime.now()


@one_writer
def set_clock(event_dir: str | Path, change: ClockChange, *, now: datetime.datetime | None = None) -> Edited:
    """Apply `change` to the current round's clock and write its keys into the round file."""
    event = validated(event_dir)
    round_ = current_round(event)
    if round_.complete and round_.tables:
        raise Refused(N_("{round} is complete: its clock is over", round=round_name(round_)))
    path = Path(round_.where.path)
    doc = RoundTrip(path.read_text(encoding="utf-8"))
    keys = clock_keys(dict(doc.data), change, now or local_now(event))
    if "minutes" not in keys and event.minutes is None:
        raise Refused(N_("how many minutes does the round last? give them with the start"))
    for key in CLOCK_KEYS:
        if key not in keys:
            doc.data.pop(key, None)
    position = 0
    for key in CLOCK_KEYS:  # the clock's keys at the top of the file, in this order
        if key in keys:
            if key in doc.data:
                doc.data[key] = keys[key]
            else:
                doc.data.insert(position, key, keys[key])
            position = list(doc.data).index(key) + 1
    return Edited(commit(event_dir, {path: doc.dump()}), [path])


def clock_words(round_: Round) -> Msg:
    """The clock as the round file now has it, in a few words (the desk shows them in its language)."""
    clock = round_.clock
    if clock and clock.called:
        return N_("time called at {time}", time=clock.called[11:16])
    if clock and clock.paused:
        return N_("paused at {time}", time=clock.paused[11:16])
    if not round_.start:
        return N_("not started")
    if not round_.minutes:
        return N_("started at {time}", time=round_.start[11:16])
    if clock and clock.extended:
        return Nn_("started at {time}, {minutes} + {count} minute", "started at {time}, {minutes} + {count} minutes", clock.extended,
                   time=round_.start[11:16], minutes=round_.minutes)
    return Nn_("started at {time}, {count} minute", "started at {time}, {count} minutes", round_.minutes, time=round_.start[11:16])
