"""A Melee table's result as its round file gives it, read once into the checked game it describes.

`read_table` is the one reading: validation reports its problems, scoring takes its game's results.
"""
from __future__ import annotations

from collections import Counter

from sitegen.games.agot.melee.rules import TABLE_SIZES, MeleeGame, melee_game
from sitegen.games.agot.melee.wording import TABLE_SIZES_TEXT
from sitegen.games.checks import int_mapping, player_id
from sitegen.model import Problem, Round, Table
from sitegen.text import N_


def read_table(round_: Round, table: Table) -> tuple[MeleeGame | None, list[Problem]]:
    """The table's game, or the problems that stop it being one; (None, []) while the game is in play."""
    number = table.number
    if len(table.players) not in TABLE_SIZES:
        return None, [Problem(table.at("players"), N_("a Melee table seats {sizes} players; table {number} has {count}: move players so that every table has "
                                                      "{sizes}", sizes=TABLE_SIZES_TEXT, number=number, count=len(table.players)))]
    if not table.result:
        return None, []
    problems: list[Problem] = []
    raw_power = table.result.get("power")
    power = int_mapping(table, "power", problems)
    victory = int_mapping(table, "victory", problems, minimum=1)
    winner = player_id(table, "winner", problems)
    eliminated = _eliminated(table, problems)
    if raw_power is None:
        problems.append(Problem(table.where, N_("table {number} has a result but no 'power'; add 'power: {{...}}' with the power of every player: {names}",
                                                number=number, names=', '.join(table.players))))
    elif isinstance(raw_power, dict):
        missing = [pid for pid in table.players if pid not in {str(k) for k in raw_power}]
        if missing:
            problems.append(Problem(table.at("power"), N_("'power' of table {number} misses {names}; give every player's power, eliminated players too",
                                                          number=number, names=', '.join(missing))))
    if winner is not None and winner in eliminated:
        problems.append(Problem(table.at("winner"), N_("winner '{winner}' is also listed under 'eliminated' at table {number}; an eliminated player cannot "
                                                       "win: fix 'winner' or 'eliminated'", winner=winner, number=number)))
    if round_.stage != "round" and "winner" not in table.result:
        problems.append(Problem(table.where, N_("an elimination table always names its winner (a game tied for the lead at time plays on until one player "
                                                "leads); add 'winner: <id>' to table {number}", number=number)))
    if problems:
        return None, problems
    try:
        return melee_game(table.players, power, winner=winner, eliminated=eliminated, victory=victory), []
    except ValueError as exc:  # a result the rules rule out, e.g. two players at their victory total and no winner
        return None, [Problem(table.where, N_("table {number}: {exc} (check 'power', 'winner' and 'eliminated')", number=number, exc=exc.args[0]))]


def played_game(round_: Round, table: Table) -> MeleeGame | None:
    """A validated table's game, or None while it is in play."""
    game, problems = read_table(round_, table)
    if problems:
        raise ValueError(f"{problems[0]}; validate the event before scoring it")
    return game


def table_winners(round_: Round) -> list[str]:
    """Who won each finished table of a validated round, in table order."""
    games = [played_game(round_, table) for table in round_.tables]
    return [s.player for game in games if game is not None for s in game.results if s.table_win]


def _eliminated(table: Table, problems: list[Problem]) -> list[str]:
    raw = table.result.get("eliminated")
    if raw is None:
        return []
    where = table.at("eliminated")
    if not isinstance(raw, list):
        problems.append(Problem(where, N_("'eliminated' must be a list of player ids, first to leave first, e.g. 'eliminated: [ann, ben]'")))
        return []
    ids = [str(pid) for pid in raw]
    for pid in ids:
        if pid not in table.players:
            problems.append(Problem(where, N_("'eliminated' names '{pid}', who is not at table {number}; use one of: {names}",
                                              pid=pid, number=table.number, names=', '.join(table.players))))
    for pid, count in sorted(Counter(ids).items()):
        if count > 1:
            problems.append(Problem(where, N_("'{pid}' is listed {count} times under 'eliminated'; list each player once", pid=pid, count=count)))
    return ids
