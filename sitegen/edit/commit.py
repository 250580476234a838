"""The TO's desk: change an event through its files, never leaving a broken one behind.

Every change takes the event folder and the change, edits the YAML keeping its comments, key
order and layout (`yamledit`), and checks the event with the new text exactly like
`sitegen check` (`load.check.validated`, reading the folder with the new texts in place of
its files) *before* anything is written. A change the check rejects raises `ContentError` (every
problem at the real file's `path:line`) or `Refused`, and the files stay byte for byte as they were. The CLI and a web
console both call these functions; they print nothing.
"""
from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path

from sitegen import games as formats
from sitegen.files import write_atomic
from sitegen.games.base import Refused
from sitegen.load.check import one_event_problems, validated
from sitegen.load.event import load_event
from sitegen.model import ContentError, Event, Round
from sitegen.text import N_


@dataclass(frozen=True)
class Edited:
    """What a change did: the event as it now stands, the files written, and what the TO should know."""

    event: Event
    written: list[Path]
    warnings: list[str] = field(default_factory=list)


def checked_for_players(event_dir: str | Path) -> tuple[Event, set[str]]:
    """The event as a change to its players reads it, checked whole first like every change: ContentError when
    `sitegen check` refuses it. One allowance: before round 1 is paired, event.yaml's own problems of a known game
    wait (players added one by one to an event whose `cut:` awaits them); their messages come back, for `commit`'s
    `known`, and the change may add none of its own."""
    event = load_event(event_dir)
    problems = one_event_problems(event_dir, event)
    setting_up = not event.rounds and not event.elims and event.format in formats.FORMATS
    waiting = {p.message for p in problems if setting_up and p.where.path == event.where.path}
    if any(p.message not in waiting for p in problems):
        raise ContentError(problems)
    return event, waiting


def preliminaries_over(event: Event) -> bool:
    """Whether the preliminary rounds are over: an elimination round is paired, or the last planned round is complete."""
    last = event.rounds[-1] if event.rounds else None
    return bool(event.elims) or bool(last and last.number >= formats.format_of(event).planned_rounds(event) and last.complete)


def current_round(event: Event) -> Round:
    """The round being played: the first one with a table in play (a game may seat its later rounds ahead: `pair
    --plan`), else the latest file written (elimination rounds come after the Swiss ones)."""
    written = event.rounds + event.elims
    if not written:
        raise Refused(N_("{event} has no round yet; pair round 1 first (`sitegen pair`)", event=event.name))
    return next((round_ for round_ in written if round_.pending_tables), written[-1])


def find_round(event: Event, slug: str | None) -> Round:
    """The round named `round-2`, `elim-1` or `final`; the current one when None."""
    if slug is None:
        return current_round(event)
    for round_ in event.rounds + event.elims:
        if round_.slug == slug:
            return round_
    written = ", ".join(r.slug for r in event.rounds + event.elims) or "none yet"
    raise Refused(N_("{event} has no {slug}; its rounds: {written}", event=event.name, slug=slug, written=written))


def read_text(path: Path) -> str:
    return path.read_text(encoding="utf-8") if path.exists() else ""


def commit(event_dir: str | Path, texts: dict[Path, str | None], *, known: Collection[str] = ()) -> Event:
    """Write the new file texts (None deletes a file) when the event with them passes `sitegen check`.

    `known`: messages of problems the event had before the change, which do not stop it (adding the
    players one by one to an event whose `cut:` awaits them); the change may add none of its own.

    The check is the loader's own, on the event folder read with the new texts in place of those files, so
    nothing is written for a rejected change and the problems are at the real files' lines. Should a write
    fail, the old bytes come back.
    """
    new = validated(event_dir, known, texts)
    old = {path: path.read_bytes() if path.exists() else None for path in texts}
    try:
        # event.yaml first: pairing round 1 adds its `rounds:` and `cut:`, and a kill between two writes must not
        # leave a round 1 without them (event.yaml with them and no round yet is an event as valid as before).
        for path, text in sorted(texts.items(), key=lambda item: item[0].name != "event.yaml"):
            if text is None:
                path.unlink(missing_ok=True)
            else:
                write_atomic(path, text.encode())
        return new
    except BaseException:
        for path, data in old.items():
            if data is None:
                path.unlink(missing_ok=True)
            else:
                write_atomic(path, data)
        raise
