"""Write the next round file (`sitegen pair`), with its clock, or pair the current round again (`--redo`)."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sitegen import games as formats
from sitegen.edit.commit import Edited, commit, current_round, preliminaries_over
from sitegen.edit.lock import one_writer
from sitegen.games.base import NextRound, Refused, round_name
from sitegen.load.check import validated
from sitegen.load.event import load_event
from sitegen.load.yaml_reader import dump_yaml
from sitegen.model import Event
from sitegen.text import N_, Nn_, suggest


@dataclass(frozen=True)
class Paired:
    edited: Edited
    rounds: list[tuple[Path, str]]  # each round file written, with its text
    length: dict[str, int]  # the event.yaml keys written when round 1 was paired (rounds, cut)


@one_writer
def pair_round(event_dir: str | Path, *, plan: bool = False, redo: bool = False, start: str | None = None,
               minutes: int | None = None, tables: dict[str, int | None] | None = None, bye: str | None = None,
               pending: dict[Path, str | None] | None = None) -> Paired:
    """Pair (seat) the next round, or every preliminary round with `plan`, or the current round again with `redo`.

    `start` ("2026-11-22 14:00") and `minutes` go into the new round file: its page counts down. `tables` fixes
    ({id: table number}) or frees ({id: None}) players' tables in event.yaml, kept by every later pairing; `bye` is
    the organizer's choice of bye for this round (recorded as `chosen_byes`), instead of the rules'. `pending`: files
    read as these texts and written with the round (a late arrival or a drop folded in: `edit.fold`).
    """
    event = validated(event_dir, (), pending)
    folder = Path(event_dir)
    fmt = formats.format_of(event)
    clock: dict[str, Any] = {"start": start} if start else {}
    if minutes is not None:
        clock["minutes"] = minutes
    if plan and (redo or clock or bye):
        raise Refused(N_("--plan writes every round at once: pair without --redo, --start, --minutes or --bye"))
    texts: dict[Path, str | None] = dict(pending or {})
    if tables:
        texts[folder / "event.yaml"] = fixed_tables_text(event, tables)
        event = load_event(event_dir, texts)
    base = event
    if redo:
        base, clock = _without_current_round(event, clock)
        bye = bye or next(iter(current_round(event).chosen_byes), None)
    base = dataclasses.replace(base, chosen_bye=_known(event, bye))
    if plan and not (fmt.seating and fmt.seating.plan):
        raise Refused(f"the {fmt.name} format pairs one round at a time; run `sitegen pair` without --plan")
    proposals = fmt.seating.plan(base) if plan and fmt.seating and fmt.seating.plan else [fmt.next_round(base)]
    written = _round_texts(folder, event, proposals, clock, texts, redo=redo)
    if redo:  # the round written again may have another name (a different stage): the old file goes
        old = Path(current_round(event).where.path)
        texts.setdefault(folder / old.name, None)
    length = _length_on_round_1(folder, base, texts) if not base.rounds else {}
    new = commit(event_dir, texts)
    warnings = [p.message for p in fmt.warnings(base)]  # before round 1: e.g. fewer players than the rules need
    warnings += [f"{Path(p.filename).stem}: {w}" for p in proposals for w in p.warnings]
    return Paired(Edited(new, [p for p, t in texts.items() if t is not None], warnings), written, length)


def _known(event: Event, pid: str | None) -> str | None:
    if pid is not None and pid not in event.player_by_id:
        raise Refused(N_("no player '{pid}' in {event}; {hint}", pid=pid, event=event.name, hint=suggest(pid, event.player_by_id)))
    return pid


def _round_texts(folder: Path, event: Event, proposals: list[NextRound], clock: dict[str, Any],
                 texts: dict[Path, str | None], *, redo: bool) -> list[tuple[Path, str]]:
    """Each proposed round file's text, put into `texts`; the files with their texts, to print."""
    fmt = formats.format_of(event)
    written = []
    for proposal in proposals:
        target = folder / proposal.filename
        if target.exists() and not redo:
            raise Refused(N_("{target} already exists; delete it first if you want it paired again, or use --redo", target=target))
        header = f"# {event.name}: {proposal.summary}\n# {proposal.hint or fmt.result_hint}\n"
        # The seed the round's draws use, recorded: `check` refuses an event seed changed once it has results.
        text = header + dump_yaml(clock | proposal.data | {"seed": event.seed})
        texts[target] = text
        written.append((target, text))
    return written


def _length_on_round_1(folder: Path, base: Event, texts: dict[Path, str | None]) -> dict[str, int]:
    """Round 1 fixes the event's length and cut (the rules' tables for the players who start) in event.yaml."""
    from sitegen.edit.round_trip import RoundTrip, add_missing_keys  # here: ruamel.yaml is slow to import

    path = folder / "event.yaml"
    doc = RoundTrip(texts.get(path) or path.read_text(encoding="utf-8"))
    settings = formats.format_of(base).length_settings(base)
    added = add_missing_keys(doc.data, settings, before="players")
    if not added:
        return {}
    texts[path] = doc.dump()
    return {key: settings[key] for key in added}


@one_writer
def set_length(event_dir: str | Path, rounds: int | None, cut: int | None) -> Edited:
    """Write the event's `rounds:` and `cut:` into event.yaml: the cut while round 1 has no result, the rounds while the
    preliminary rounds are on (no fewer than are paired), e.g. when a drop leaves a count no schedule seats equally."""
    from sitegen.edit.round_trip import RoundTrip

    event = validated(event_dir)
    if rounds is None and cut is None:
        raise Refused(N_("give the rounds, the cut or both"))
    if preliminaries_over(event):
        raise Refused(N_("{event}'s rounds are over: its length is fixed", event=event.name))
    started = bool(event.rounds) and (event.rounds[0].has_result or len(event.rounds) > 1)
    if started and cut is not None:
        raise Refused(N_("round 1 has results: the cut is fixed now; give the rounds alone"))
    if rounds is not None and rounds < max(1, len(event.rounds)):
        paired = len(event.rounds)
        raise Refused(Nn_("{count} round is paired already: give {count} or more", "{count} rounds are paired already: give {count} or more",
                          paired) if paired else N_("an event has at least 1 round"))
    settings = formats.format_of(event).length_settings(event)
    if cut is not None and "cut" not in settings:
        raise Refused(N_("a {title} event has no cut to choose", title=formats.format_of(event).title))
    path = Path(event.where.path)
    doc = RoundTrip(path.read_text(encoding="utf-8"))
    for key, number in (("rounds", rounds), ("cut", cut)):
        if number is None:
            continue
        if key in doc.data:
            doc.data[key] = number
        else:
            doc.data.insert(list(doc.data).index("players") if "players" in doc.data else len(doc.data), key, number)
    return Edited(commit(event_dir, {path: doc.dump()}), [path])


def fixed_tables_text(event: Event, tables: dict[str, int | None]) -> str:
    """event.yaml's text with each player's `table:` set (a number) or removed (None)."""
    from sitegen.edit.round_trip import RoundTrip, player_map

    path = Path(event.where.path)
    doc = RoundTrip(path.read_text(encoding="utf-8"))
    for pid, number in tables.items():
        _known(event, pid)
        if number is not None and number < 1:
            raise Refused(N_("table {number} for {name}: table numbers start at 1", number=number, name=event.player_by_id[pid].name))
        entry = player_map(doc.data["players"], pid)
        if number is None:
            entry.pop("table", None)
        else:
            entry["table"] = number
    return doc.dump()


def _without_current_round(event: Event, clock: dict[str, Any]) -> tuple[Event, dict[str, Any]]:
    """The event as it was before its current round was paired, and that round's clock unless a new one is given."""
    round_ = current_round(event)
    played = [t.number for t in round_.tables if t.result]
    if played:
        raise Refused(Nn_("table {number} of {round} has a result: a round is paired again only while none of its tables has one; remove the result "
                          "from {path} first", "table {number} of {round} has a result: a round is paired again only while none of its tables has "
                          "one; remove the results from {path} first", len(played), number=played[0], round=round_name(round_), path=round_.where.path))
    kept = {"start": round_.start, "minutes": round_.minutes}
    clock = {key: value for key, value in kept.items() if value is not None} | clock
    if round_.stage == "round":
        return dataclasses.replace(event, rounds=event.rounds[:-1]), clock
    return dataclasses.replace(event, elims=event.elims[:-1]), clock
