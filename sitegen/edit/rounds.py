"""Write the next round file (`sitegen pair`), with its clock, or pair the current round again (`--redo`)."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sitegen import games as formats
from sitegen.edit.commit import Edited, commit, current_round
from sitegen.edit.lock import one_writer
from sitegen.games.base import Refused
from sitegen.load.check import validated
from sitegen.load.yaml_reader import dump_yaml
from sitegen.model import Event


@dataclass(frozen=True)
class Paired:
    edited: Edited
    rounds: list[tuple[Path, str]]  # each round file written, with its text
    length: dict[str, int]  # the event.yaml keys written when round 1 was paired (rounds, cut)


@one_writer
def pair_round(event_dir: str | Path, *, plan: bool = False, redo: bool = False,
               start: str | None = None, minutes: int | None = None) -> Paired:
    """Pair (seat) the next round, or every preliminary round with `plan`, or the current round again with `redo`.

    `start` ("2026-11-22 14:00") and `minutes` go into the new round file: its page counts down.
    """
    event = validated(event_dir)
    folder = Path(event_dir)
    fmt = formats.format_of(event)
    clock: dict[str, Any] = {"start": start} if start else {}
    if minutes is not None:
        clock["minutes"] = minutes
    if plan and (redo or clock):
        raise Refused("--plan writes every round at once: pair without --redo, --start or --minutes")
    base = event
    if redo:
        base, clock = _without_current_round(event, clock)
    proposals = fmt.plan_rounds(base) if plan else [fmt.next_round(base)]
    texts: dict[Path, str | None] = {}
    written = []
    for proposal in proposals:
        target = folder / proposal.filename
        if target.exists() and not redo:
            raise Refused(f"{target} already exists; delete it first if you want it paired again, or use --redo")
        header = f"# {event.name}: {proposal.summary}\n# {proposal.hint or fmt.result_hint}\n"
        texts[target] = header + dump_yaml(clock | proposal.data)
        written.append((target, texts[target] or ""))
    if redo:  # the round written again may have another name (a different stage): the old file goes
        old = Path(current_round(event).where.path)
        texts.setdefault(folder / old.name, None)
    length: dict[str, int] = {}
    if not base.rounds:  # round 1 fixes the event's length and cut (the rules' tables for the players who start)
        from sitegen.edit.round_trip import RoundTrip, add_missing_keys  # here: the only round that edits a file's text

        path = folder / "event.yaml"
        doc = RoundTrip(path.read_text(encoding="utf-8"))
        settings = fmt.length_settings(base)
        added = add_missing_keys(doc.data, settings, before="players")
        if added:
            length = {key: settings[key] for key in added}
            texts[path] = doc.dump()
    new = commit(event_dir, texts)
    warnings = [f"{Path(p.filename).stem}: {w}" for p in proposals for w in p.warnings]
    return Paired(Edited(new, [p for p, t in texts.items() if t is not None], warnings), written, length)


def _without_current_round(event: Event, clock: dict[str, Any]) -> tuple[Event, dict[str, Any]]:
    """The event as it was before its current round was paired, and that round's clock unless a new one is given."""
    round_ = current_round(event)
    played = [t.number for t in round_.tables if t.result]
    if played:
        raise Refused(f"table {played[0]} of {round_.slug} has a result: a round is paired again only while none of its "
                      f"tables has one; remove the result{'s' if len(played) > 1 else ''} from {round_.where.path} first")
    kept = {"start": round_.start, "minutes": round_.minutes}
    clock = {key: value for key, value in kept.items() if value is not None} | clock
    if round_.stage == "round":
        return dataclasses.replace(event, rounds=event.rounds[:-1]), clock
    return dataclasses.replace(event, elims=event.elims[:-1]), clock
