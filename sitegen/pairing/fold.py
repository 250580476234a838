"""A late arrival or a drop folded into a round already paired, changing as few tables as the rules allow.

The round's tables are kept; each is matched to one of the table sizes the rules want for the players now taking
part (the largest tables to the largest sizes: the fewest seats move). A table too large gives up its last seats,
one too small takes players from those waiting (the newcomer first, then those who had a bye or sat out, then the
seats given up); a table matched to no size is dissolved, and more sizes than tables make new tables. Whoever is
still waiting has the bye or sits out. Game-neutral: the game only says which sizes it seats (`sizes`).
"""
from __future__ import annotations

from dataclasses import dataclass

# What a TO may choose (`sitegen add/drop --fold`, the desk's buttons): see `edit.fold`.
PAIR, BYE, LOSS, REPAIR = "pair", "bye", "loss", "repair"
FOLDS = {PAIR: "the fewest tables change: play the bye player, or at tables of more players a short table gains the "
               "newcomer and a full one gives up a player",
         BYE: "give the bye (games with byes)",
         LOSS: "give a loss: a late arrival starts next round",
         REPAIR: "pair the whole round again"}


@dataclass(frozen=True)
class Seating:
    """A round's seating as the fold sees it: each table's players by table number, and who is at no table."""

    tables: dict[int, tuple[str, ...]]
    waiting: tuple[str, ...]  # a bye or sitting out

    def changed_tables(self, before: Seating) -> list[int]:
        """The numbers of the tables whose players differ from `before` (new and dissolved ones included)."""
        numbers = sorted(set(self.tables) | set(before.tables))
        return [n for n in numbers if self.tables.get(n) != before.tables.get(n)]


def fold_seating(seating: Seating, sizes: list[int], *, newcomer: str | None = None, dropped: str | None = None) -> Seating:
    """`seating` with `newcomer` added or `dropped` taken out, and the tables brought to `sizes` (the rules' table sizes
    for the players now taking part, in any order) with the fewest moves."""
    tables = {n: [p for p in players if p != dropped] for n, players in seating.tables.items()}
    waiting = ([newcomer] if newcomer else []) + [p for p in seating.waiting if p != dropped]
    order = sorted(tables, key=lambda n: (-len(tables[n]), n))
    targets = sorted(sizes, reverse=True)
    wanted = {n: targets[i] if i < len(targets) else 0 for i, n in enumerate(order)}
    for number in order:  # first every table gives up what it must, so the others can take it
        given_up = tables[number][wanted[number]:]
        del tables[number][wanted[number]:]
        waiting += given_up
    for number in order:
        short = wanted[number] - len(tables[number])
        tables[number] += waiting[:short]
        del waiting[:short]
    next_number = max(seating.tables, default=0) + 1
    for size in targets[len(order):]:
        tables[next_number], waiting = waiting[:size], waiting[size:]
        next_number += 1
    return Seating({n: tuple(players) for n, players in sorted(tables.items()) if players}, tuple(waiting))


def fold_bye(seating: Seating, *, newcomer: str | None = None, dropped: str | None = None) -> Seating:
    """`seating` with `newcomer` given the bye, or `dropped`'s table opponents given it: no other table changes."""
    tables = {n: players for n, players in seating.tables.items() if dropped not in players}
    freed = [p for n, players in seating.tables.items() if n not in tables for p in players if p != dropped]
    waiting = [p for p in seating.waiting if p != dropped] + freed + ([newcomer] if newcomer else [])
    return Seating(tables, tuple(waiting))
