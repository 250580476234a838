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

from sitegen.files import write_atomic
from sitegen.games.base import Refused, Scoreboard, StandingRow
from sitegen.load.check import one_event_problems, validated
from sitegen.model import Event, Round
from sitegen.text import N_


@dataclass(frozen=True)
class Edited:
    """What a change did: the event as it now stands, the files written, and what the TO should know."""

    event: Event
    written: list[Path]
    warnings: list[str] = field(default_factory=list)


def problem_messages(event_dir: str | Path, event: Event) -> set[str]:
    """What `sitegen check` already reports for an event: a change may leave these (the loader's are never let through)."""
    return {p.message for p in one_event_problems(event_dir, event)}


def current_round(event: Event) -> Round:
    """The round being played: the latest file written (elimination rounds come after the Swiss ones)."""
    if event.elims:
        return event.elims[-1]
    if event.rounds:
        return event.rounds[-1]
    raise Refused(N_("{event} has no round yet; pair round 1 first (`sitegen pair`)", event=event.name))


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


def changed_rows(before: Scoreboard | None, after: Scoreboard) -> list[StandingRow]:
    """The standings rows a change moved: a new rank or new figures (every row when there were none)."""
    old = {row.player: (row.rank, row.values) for row in before.standings} if before else {}
    return [row for row in after.standings if old.get(row.player) != (row.rank, row.values)]

