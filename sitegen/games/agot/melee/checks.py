"""Every Melee rule the loader cannot know: the cut, who sits where, each table's result, the elimination rounds."""
from __future__ import annotations

from sitegen.games.agot.length import check_round_structure
from sitegen.games.agot.melee.results import read_table, table_winners
from sitegen.games.agot.melee.rules import CUTS, ELIMINATION_TABLES, planned_melee_cut
from sitegen.games.agot.melee.wording import CUT_CHOICES_TEXT, CUT_ORDER_TEXT, TABLE_SIZES_TEXT, spell
from sitegen.games.base import Format
from sitegen.games.checks import check_common, check_everyone_seated
from sitegen.games.tournament.swiss import cut_seeds
from sitegen.model import Event, Problem


def validate(event: Event, fmt: Format) -> list[Problem]:
    problems = check_common(event, fmt)
    cut = planned_melee_cut(event)
    if cut not in CUTS:
        problems.append(Problem(event.at("cut"), f"'cut: {cut}' is not a Melee cut; use {CUT_CHOICES_TEXT}"))
    elif cut > len(event.players):
        problems.append(Problem(event.at("cut"), f"'cut: {cut}' is larger than the {len(event.players)} players; use a smaller cut or 0"))
    for round_ in event.rounds:
        problems += check_everyone_seated(event, round_, "sitting_out")
    for round_ in event.rounds + event.elims:
        if round_.byes:
            problems.append(Problem(round_.at("byes"), f"Melee has no byes: seat every player at a table of {TABLE_SIZES_TEXT}, "
                                                  "or list a player who does not play this round under 'sitting_out'"))
        elif round_.stage != "round" and round_.sitting_out:
            problems.append(Problem(round_.where, "an elimination round has no 'sitting_out'; remove it"))
        for table in round_.tables:
            problems += read_table(round_, table)[1]
    problems += check_round_structure(event, fmt.planned_rounds(event), cut if cut in CUTS else 0)
    if cut in CUTS and not problems:
        problems += _check_elims(event, fmt, cut)
    return problems


def _check_elims(event: Event, fmt: Format, cut: int) -> list[Problem]:
    """Each elimination round has the tables its cut gives it; the final seats the winners of the round before."""
    problems = []
    expected = ELIMINATION_TABLES[cut]
    for index, round_ in enumerate(event.elims):
        if index >= len(expected):
            problems.append(Problem(round_.where, f"a top {cut} Melee has {len(expected)} elimination round(s); remove this file"))
        elif len(round_.tables) != expected[index]:
            problems.append(Problem(round_.where, f"this elimination round of a top {cut} has {expected[index]} table(s), "
                                                  f"not {len(round_.tables)}"))
    if event.elims and not problems:
        problems += _check_qualifiers(event, fmt)
    if len(expected) > 1 and len(event.elims) > 1 and event.elims[0].complete:
        first = event.elims[0]
        winners = set(table_winners(first))
        for table in event.elims[1].tables:
            for pid in table.players:
                if pid not in winners:
                    problems.append(Problem(table.at("players"), f"'{pid}' is at the final table but won no table in "
                                                                 f"{first.where.path}; the final seats the {spell(len(first.tables))} table winners"))
    return problems


def _check_qualifiers(event: Event, fmt: Format) -> list[Problem]:
    """The first elimination round seats exactly the players who made the cut."""
    board = fmt.score(event)
    qualified = set(cut_seeds(board.cut_order, board.standings, board.cut))
    seated = {pid for table in event.elims[0].tables for pid in table.players}
    if seated == qualified:
        return []
    wrong = ", ".join(sorted(seated - qualified))
    missing = ", ".join(sorted(qualified - seated))
    return [Problem(event.elims[0].where, f"{wrong} did not make the top {board.cut} cut and {missing} did ({CUT_ORDER_TEXT}); "
                                          "run `sitegen pair` to seat the cut, or fix the players")]
