"""A late arrival or a drop folded into the round already paired, in the same write as event.yaml's change
(`sitegen add/drop --fold`, the desk's choices), while that round has no result. What the TO may choose, as
Melee.gg offers it and as the V:TES rules seat players:

- `pair`: the fewest tables change (`pairing.fold`): the newcomer plays the bye player, or the dropped player's
  opponent does; at tables of 4 and 5, a table of 4 gains the newcomer and a table of 5 gives up a player;
- `bye`: the newcomer, or the dropped player's opponent, has the bye (games with byes);
- `loss`: the newcomer starts next round; this round scores nothing for them (a late arrival only);
- `repair`: the whole round is paired again.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ruamel.yaml.comments import CommentedMap

from sitegen import games as formats
from sitegen.edit.commit import Edited, commit
from sitegen.edit.round_trip import RoundTrip, flow
from sitegen.edit.rounds import pair_round
from sitegen.games.base import Refused
from sitegen.load.event import load_event
from sitegen.pairing.fold import BYE, LOSS, PAIR, REPAIR, Seating, fold_bye, fold_seating


@dataclass(frozen=True)
class Folded:
    edited: Edited
    tables: tuple[int, ...]  # the tables whose players changed (every table when the round was paired again)


def fold_change(event_dir: str | Path, texts: dict[Path, str | None], fold: str, *, newcomer: str | None = None,
                dropped: str | None = None) -> Folded:
    """event.yaml's new text (`texts`) and the current round with the change folded in, checked and written at once."""
    if fold == REPAIR:
        paired = pair_round(event_dir, redo=True, pending=texts)
        round_ = paired.edited.event.rounds[-1]
        return Folded(paired.edited, tuple(t.number for t in round_.tables))
    if fold == LOSS:
        raise Refused("a loss is for a late arrival (who starts next round); a drop's opponent plays the bye player "
                      f"(--fold {PAIR}), has the bye (--fold {BYE}), or the round is paired again (--fold {REPAIR})")
    after = load_event(event_dir, texts)
    round_ = after.rounds[-1]
    fmt = formats.format_of(after)
    before = Seating({t.number: t.players for t in round_.tables}, round_.byes + round_.sitting_out)
    if fold == BYE:
        if not fmt.gives_byes:
            raise Refused(f"the {fmt.name} format has no byes: choose --fold {PAIR} or {REPAIR}")
        seating = fold_bye(before, newcomer=newcomer, dropped=dropped)
    else:
        active = sum(p.active_in(round_.number) for p in after.players)
        seating = fold_seating(before, fmt.round_sizes(active), newcomer=newcomer, dropped=dropped)
    path = Path(event_dir) / Path(round_.where.path).name
    changed = seating.changed_tables(before)
    waiting_key = "byes" if fmt.gives_byes else "sitting_out"
    text = round_text(path.read_text(encoding="utf-8"), seating, waiting_key)
    texts = texts | {path: summed_up_again(text, f"# {after.name}: ", round_.number, seating, changed, waiting_key)}
    return Folded(Edited(commit(event_dir, texts), list(texts)), tuple(changed))


FOLDED_IN = "changed after pairing (a late arrival or a drop folded in)"
# the tables an earlier fold named on the line: "...; tables 2, 5 changed after pairing (...)"
EARLIER_TABLES = re.compile(r"; tables? ([\d, ]+) " + re.escape(FOLDED_IN) + "$")


def summed_up_again(text: str, opening: str, number: int, seating: Seating, changed: list[int], waiting_key: str) -> str:
    """The round file's first line, which `pair` wrote to sum up the round as paired ("Round 1 of 4: 4 tables, bye: X"),
    made to sum it up as it now stands: its tables, who waits, and every table changed since pairing (an earlier
    fold's too); a first line of the TO's own is kept."""
    first, newline, rest = text.partition("\n")
    if not changed or not first.startswith(opening):
        return text
    opening += f"Round {number}: "
    earlier = EARLIER_TABLES.search(first) if first.startswith(opening) else None
    numbers = sorted(set(changed) | {int(n) for n in re.findall(r"\d+", earlier.group(1) if earlier else "")})
    tables = f"{len(seating.tables)} table{'s' if len(seating.tables) != 1 else ''}"
    waiting = "sitting out" if waiting_key == "sitting_out" else "bye" if len(seating.waiting) == 1 else "byes"
    waits = f", {waiting}: {', '.join(seating.waiting)}" if seating.waiting else ""
    which = f"table{'s' if len(numbers) > 1 else ''} {', '.join(str(n) for n in numbers)}"
    return f"{opening}{tables}{waits}; {which} {FOLDED_IN}{newline}{rest}"


def round_text(text: str, seating: Seating, waiting_key: str) -> str:
    """A round file's text with `seating`'s tables and waiting players; every other line as it was."""
    doc = RoundTrip(text)
    entries = doc.data["tables"]
    for entry in list(entries):
        players = seating.tables.get(entry.get("table"))
        if players is None:
            entries.remove(entry)
        elif tuple(entry["players"]) != players:
            entry["players"] = flow(list(players))
    listed = {entry.get("table") for entry in entries}
    for number, players in seating.tables.items():
        if number not in listed:
            entries.append(CommentedMap({"table": number, "players": flow(list(players))}))
    if seating.waiting:
        doc.data[waiting_key] = flow(list(seating.waiting))
    else:
        doc.data.pop(waiting_key, None)
    return doc.dump()
