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
from sitegen.text import N_


def validate(event: Event, fmt: Format) -> list[Problem]:
    problems = check_common(event, fmt)
    cut = planned_melee_cut(event)
    if cut not in CUTS:
        problems.append(Problem(event.at("cut"), N_("'cut: {cut}' is not a Melee cut; use {choices}", cut=cut, choices=CUT_CHOICES_TEXT)))
    elif cut > len(event.players):
        problems.append(Problem(event.at("cut"), N_("'cut: {cut}' is larger than the {count} players; use a smaller cut or 0",
                                                    cut=cut, count=len(event.players))))
    for round_ in event.rounds:
        problems += check_everyone_seated(event, round_, "sitting_out")
    for round_ in event.rounds + event.elims:
        if round_.byes:
            problems.append(Problem(round_.at("byes"), N_("Melee has no byes: seat every player at a table of {sizes}, or list a player who does not play this "
                                                          "round under 'sitting_out'", sizes=TABLE_SIZES_TEXT)))
        elif round_.stage != "round" and round_.sitting_out:
            problems.append(Problem(round_.where, N_("an elimination round has no 'sitting_out'; remove it")))
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
            problems.append(Problem(round_.where, N_("a top {cut} Melee has {count} elimination round(s); remove this file", cut=cut, count=len(expected))))
        elif len(round_.tables) != expected[index]:
            problems.append(Problem(round_.where, N_("this elimination round of a top {cut} has {expected} table(s), not {count}",
                                                     cut=cut, expected=expected[index], count=len(round_.tables))))
    if event.elims and not problems:
        problems += _check_qualifiers(event, fmt)
    if len(expected) > 1 and len(event.elims) > 1 and event.elims[0].complete:
        first = event.elims[0]
        winners = set(table_winners(first))
        for table in event.elims[1].tables:
            for pid in table.players:
                if pid not in winners:
                    problems.append(Problem(table.at("players"), N_("'{pid}' is at the final table but won no table in {path}; the final seats the {spell} "
                                                                    "table winners", pid=pid, path=first.where.path, spell=spell(len(first.tables)))))
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
    return [Problem(event.elims[0].where, N_("{wrong} did not make the top {cut} cut and {missing} did ({order}); run `sitegen pair` to seat the cut, or fix "
                                             "the players", wrong=wrong, cut=board.cut, missing=missing, order=CUT_ORDER_TEXT))]
