"""What a Joust event's files must satisfy beyond what the loader checks: two players a table, results
the rules allow, byes only with an odd field, and elimination rounds that follow the bracket."""
from __future__ import annotations

from sitegen.games.agot.joust.rules import reached_victory, victory_totals
from sitegen.games.agot.joust.scoring import scoreboard
from sitegen.games.agot.length import check_round_structure, planned_cut, planned_rounds
from sitegen.games.base import Format
from sitegen.games.checks import check_common, check_everyone_seated, int_mapping, late_changes, player_id
from sitegen.games.tournament.elimination import bracket_problems
from sitegen.model import Event, Problem, Round, Table
from sitegen.text import N_


def problems(event: Event, fmt: Format) -> list[Problem]:
    found = check_common(event, fmt)
    cut = planned_cut(event)
    if cut and (cut & (cut - 1) or cut > len(event.players)):
        found.append(Problem(event.at("cut"), N_("'cut: {cut}' must be 0 or a power of two (2, 4, 8, 16 ...) no larger than the number of players", cut=cut)))
    for round_ in event.rounds:
        found += check_everyone_seated(event, round_)
        found += _check_byes(event, round_)
    for round_ in event.rounds + event.elims:
        for table in round_.tables:
            found += _check_table(round_, table)
        if round_.stage != "round" and (round_.byes or round_.sitting_out):
            found.append(Problem(round_.at("byes"), N_("an elimination round has no byes; remove 'byes'")))
    found += check_round_structure(event, planned_rounds(event), cut)
    if not found and event.elims:
        found += bracket_problems(event, scoreboard(event, fmt.name).standings, cut)
    return found


def _check_byes(event: Event, round_: Round) -> list[Problem]:
    """At most one bye a round, and only when an odd number of players takes part."""
    if not round_.byes or (round_.tables and not round_.has_result and any(late_changes(event, round_))):
        return []  # a round awaiting `pair --redo` after a late arrival or drop is checked once it is paired again
    active = sum(p.active_in(round_.number) for p in event.players)
    if len(round_.byes) > 1 or active % 2 == 0:
        return [Problem(round_.at("byes"), N_("round {number} has {active} players and {byes} byes; a round gives one bye only, and only "
                                              "when an odd number of players takes part: seat the others at tables",
                                              number=round_.number, active=active, byes=len(round_.byes)))]
    return []


def _check_table(round_: Round, table: Table) -> list[Problem]:
    found: list[Problem] = []
    if len(table.players) != 2:
        found.append(Problem(table.where, N_("a Joust table seats 2 players; table {number} has {count}", number=table.number, count=len(table.players))))
        return found
    player_id(table, "winner", found)
    power = int_mapping(table, "power", found)
    int_mapping(table, "victory", found, minimum=1)
    if "power" in table.result and not found and len(power) != 2:
        found.append(Problem(table.at("power"), N_("'power' needs both players of table {number}: {players}", number=table.number,
                                                   players=", ".join(table.players))))
    if "power" in table.result and "winner" not in table.result and not found:
        found += _check_time_result(table, power)
    if round_.stage != "round" and table.result and "winner" not in table.result:
        found.append(Problem(table.where, N_("an elimination game always has a winner (a drawn game plays on); add 'winner: <id>' to "
                                             "table {number}", number=table.number)))
    if "victory" in table.result and not ({"winner", "power"} & table.result.keys()):
        found.append(Problem(table.at("victory"), N_("'victory' only changes how 'power' is read; add the result too")))
    return found


def _check_time_result(table: Table, power: dict[str, int]) -> list[Problem]:
    """A result at time (power only) where a player reached the victory total is a win, written as one."""
    victory = victory_totals(table.players, table.result.get("victory") or {})
    reached = reached_victory(table.players, power, victory)
    if not reached:
        return []
    if len(reached) == 2:
        return [Problem(table.at("power"), N_("both players cannot reach their victory total: the first to get there won the game; write "
                                              "'winner: <id>' instead of 'power' for table {number}", number=table.number))]
    return [Problem(table.at("power"), N_("{player} reached the victory total of {total}, which wins the game at once; write 'winner: <id>' "
                                          "instead of 'power' for table {number}", player=reached[0], total=victory[reached[0]], number=table.number))]
