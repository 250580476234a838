"""Checking a V:TES event's content: options, tables, VP and the final, each problem at its file and line."""
from __future__ import annotations

from fractions import Fraction

from sitegen.games.base import Format
from sitegen.games.checks import check_common, check_everyone_seated, late_changes, player_id
from sitegen.games.vtes import results as vtes_results
from sitegen.games.vtes import rules as vtes_rules
from sitegen.games.vtes import seating as vtes_seating
from sitegen.games.vtes.event import PAIRED_SEED, PLACE, finalists, has_final, multideck, outcome, planned_rounds, preliminaries_done, ranking
from sitegen.games.vtes.repeats import predator_prey, unrepeated_order
from sitegen.games.vtes.rules import MULTIDECK_LIMIT, NO_FINAL_LIMIT
from sitegen.model import Event, Player, Problem, Round, Table, Where
from sitegen.text import N_, filled


def validate(event: Event, fmt: Format) -> list[Problem]:
    problems = check_common(event, fmt)
    problems += _check_options(event, fmt.event_keys)
    for round_ in event.rounds:
        problems += check_everyone_seated(event, round_, "sitting_out")
        problems += _check_seating_rule(event, round_)
        if round_.byes:
            problems.append(Problem(round_.at("byes"), N_("V:TES has no byes; list players who do not play this round under 'sitting_out'")))
        for table in round_.tables:
            problems += _check_table(table)
            if "first" in table.result:
                problems.append(Problem(table.at("first"), N_("'first' belongs to the final table only: in a preliminary round seat 1 plays first; remove it "
                                                              "from table {number}", number=table.number)))
    problems += _check_repeats(event)
    for round_ in event.elims:
        if round_.stage == "elim":
            problems.append(Problem(round_.where, N_("V:TES has no elimination rounds; the top five play one final table in final.yaml")))
        else:
            for table in round_.tables:
                problems += _check_table(table)
                player_id(table, "first", problems)
            if not problems:
                problems += _check_final(event, round_)
    return problems


def _check_options(event: Event, keys: tuple[str, ...]) -> list[Problem]:
    problems = []
    for key in (key for key in keys if key not in (PAIRED_SEED, PLACE)):
        if key in event.options and not isinstance(event.options[key], bool):
            problems.append(Problem(event.at(key), N_("'{key}' must be true or false, not {value}", key=key, value=repr(event.options[key]))))
    if event.cut is not None:
        problems.append(Problem(event.at("cut"), N_("V:TES has no cut: the top five play a final; remove 'cut' (or set 'final: false' in an event under "
                                                    "{limit} players)", limit=NO_FINAL_LIMIT)))
    if event.avoid:
        problems.append(Problem(event.at("avoid"), N_("V:TES seating does not read 'avoid'; remove it (seating is random and impartial)")))
    least = 2 if has_final(event) else 3
    if planned_rounds(event) < least:
        problems.append(Problem(event.at("rounds"), N_("a V:TES event plays at least three rounds: set 'rounds: {least}' or more preliminary rounds",
                                                       least=least)))
    starting = sum(p.active_in(1) for p in event.players)
    if not has_final(event) and starting >= NO_FINAL_LIMIT:
        problems.append(Problem(event.at("final"), N_("'final: false' is only for events under {limit} players; this one starts with {starting}: remove the "
                                                      "line", limit=NO_FINAL_LIMIT, starting=starting)))
    if multideck(event) and starting >= MULTIDECK_LIMIT:
        problems.append(Problem(event.at("multideck"), N_("'multideck: true' is only for events under {limit} players; this one starts with {starting}: remove "
                                                          "the line", limit=MULTIDECK_LIMIT, starting=starting)))
    for player in event.players:
        problems += _check_late_arrival(event, player)
    return problems + _check_seed(event)


def _check_seed(event: Event) -> list[Problem]:
    """`seed:` decides the draws for the top five and the final's first player: once round 1 is paired it stays."""
    paired = event.options.get(PAIRED_SEED)
    if paired is None:
        return []
    if isinstance(paired, bool) or not isinstance(paired, int):
        return [Problem(event.at(PAIRED_SEED), N_("'{key}' is the seed round 1 was paired with, a whole number, not {paired}; `sitegen pair` writes "
                                                  "it: restore the number it wrote", key=PAIRED_SEED, paired=repr(paired)))]
    if event.seed == paired:
        return []
    return [Problem(event.at("seed"), N_("'seed: {seed}' differs from the seed round 1 was paired with ({key}: {paired}); the seed decides the draws for the "
                                         "top five and who plays first at the final, so it cannot change once the event has started: write 'seed: {paired}'",
                                         seed=event.seed, key=PAIRED_SEED, paired=paired))]


def _sizes_text(sizes: list[int]) -> str:
    counts = [(sizes.count(size), size) for size in sorted(set(sizes), reverse=True)]
    return " and ".join(f"{count} table{'s' if count > 1 else ''} of {size}" for count, size in counts)


def _check_seating_rule(event: Event, round_: Round) -> list[Problem]:
    """The rules seat as many tables of 5 as possible, and let players sit out only when 6, 7 or 11 are left. A round
    awaiting `pair --redo` after a late arrival or a drop (no result yet) is checked once it is paired again."""
    if round_.tables and not round_.has_result and any(late_changes(event, round_)):
        return []
    active = sum(p.active_in(round_.number) for p in event.players)
    if round_.sitting_out and vtes_seating.seatable(active):
        return [Problem(round_.at("sitting_out"), N_("round {number} has {active} players, and tables of 4 and 5 seat them all: the rules let players sit out "
                                                     "only when 6, 7 or 11 are left; seat those under 'sitting_out' at the tables and remove it",
                                                     number=round_.number, active=active))]
    sizes = sorted((len(t.players) for t in round_.tables), reverse=True)
    seated = sum(sizes)
    if not sizes or not set(sizes) <= set(vtes_rules.PLACE_TP) or not vtes_seating.seatable(seated):
        return []
    expected = vtes_seating.table_sizes(seated)
    if sizes == expected:
        return []
    return [Problem(round_.where, N_("round {number} seats {seated} players at {sizes}; the rules seat as many tables of 5 as possible: {expected} (move "
                                     "players from the tables of 4)",
                                     number=round_.number, seated=seated, sizes=_sizes_text(sizes), expected=_sizes_text(expected)))]


def _check_repeats(event: Event) -> list[Problem]:
    """An avoidable predator-prey repeat (`vtes_repeats`): a table of a round seats a pair of an earlier round, and
    another seat order of it repeats no pair of any other round on file. `pair` never leaves one: its search reorders
    every table it seats while that repeats fewer pairs."""
    pairs = [{pair: table.number for table in round_.tables for pair in predator_prey(table.players)} for round_ in event.rounds]
    problems = []
    for index, round_ in enumerate(event.rounds):
        earlier = {pair: number for number, seen in enumerate(pairs[:index], start=1) for pair in seen}
        if earlier.keys().isdisjoint(pairs[index]):
            continue
        others = earlier.keys() | {pair for seen in pairs[index + 1:] for pair in seen}
        for table in round_.tables:
            repeated = next((pair for pair in predator_prey(table.players) if pair in earlier), None)
            better = unrepeated_order(table.players, others) if repeated else None
            if repeated and better:
                problems.append(Problem(table.at("players"), N_(
                    "table {number} of round {round} seats '{predator}' as the predator of '{prey}' again, as round {earlier} did; "
                    "the rules want no predator-prey pair repeated whenever possible, and this table repeats none seated "
                    "'players: [{better}]' (or pair the round again before its first result: `sitegen pair --redo`)",
                    number=table.number, round=round_.number, predator=repeated[0], prey=repeated[1], earlier=earlier[repeated],
                    better=", ".join(better))))
    return problems


def _check_late_arrival(event: Event, player: Player) -> list[Problem]:
    """The multi-deck and no-final options cap every round, late arrivals included."""
    if player.joined <= 1:
        return []
    in_round = sum(p.active_in(player.joined) for p in event.players)
    limits = [(multideck(event), MULTIDECK_LIMIT, N_("'{id}' joining in round {joined} makes a round of {in_round} players; a multi-deck event admits "
                                                     "nobody who brings a round to {limit} or more: remove this player")),
              (not has_final(event), NO_FINAL_LIMIT, N_("'{id}' joining in round {joined} makes a round of {in_round} players; a no-final event admits "
                                                        "nobody who brings a round to {limit} or more: remove this player"))]
    listed = player.where or event.where
    where = Where(listed.path, player.key_lines.get("joined", listed.line))
    return [
        Problem(where, filled(refusal, id=player.id, joined=player.joined, in_round=in_round, limit=limit))
        for applies, limit, refusal in limits
        if applies and in_round >= limit
    ]


def _check_table(table: Table) -> list[Problem]:
    size = len(table.players)
    if size not in vtes_rules.PLACE_TP:
        hint = "with 6, 7 or 11 players some sit out each round: list them under 'sitting_out'"
        return [Problem(table.where, N_("a V:TES table seats 4 or 5 players; table {number} has {size}: move players between tables ({hint})",
                                        number=table.number, size=size, hint=hint))]
    if not outcome(table):
        return []
    if "vp" not in table.result:
        return [Problem(table.where, N_("table {number} has a result but no 'vp'; add 'vp: {{<id>: N, ...}}' for every player at the table",
                                        number=table.number))]
    problems: list[Problem] = []
    override = table.result.get("override", False)
    if not isinstance(override, bool):
        problems.append(Problem(table.at("override"), N_("'override' must be true or false, not {override}", override=repr(override))))
    vp = _vp_mapping(table, problems)
    if vp is not None and not problems:
        for message in vtes_results.table_problems(table.players, vp, override=override):
            problems.append(Problem(table.at("vp"), N_("table {number}: {problem} (add 'override: true')", number=table.number, problem=message)
                                    if "judge" in message else N_("table {number}: {problem}", number=table.number, problem=message)))
    return problems


def _vp_mapping(table: Table, problems: list[Problem]) -> dict[str, Fraction] | None:
    raw = table.result["vp"]
    where = table.at("vp")
    if not isinstance(raw, dict):
        problems.append(Problem(where, N_("'vp' must map player ids to victory points, e.g. 'vp: {alice: 2, bob: 0.5}'")))
        return None
    vp = {}
    for pid, value in raw.items():
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            problems.append(Problem(where, N_("VP of '{pid}' must be a number in steps of 0.5, not {value}", pid=pid, value=repr(value))))
        else:
            vp[str(pid)] = vtes_rules.as_vp(value)
    return vp


def _check_final(event: Event, final: Round) -> list[Problem]:
    if not has_final(event):
        return [Problem(final.where, N_("this event has 'final: false' in event.yaml; delete final.yaml or remove that line"))]
    if not preliminaries_done(event):
        return [Problem(final.where, N_("final.yaml exists but the {planned_rounds} preliminary rounds are not all played; finish them first",
                                        planned_rounds=planned_rounds(event)))]
    if final.sitting_out:
        return [Problem(final.where, N_("the final has no 'sitting_out'; remove it"))]
    if len(final.tables) != 1:
        return [Problem(final.where, N_("the final is one table; final.yaml has {count}", count=len(final.tables)))]
    expected = finalists(event, ranking(event, event.rounds))
    table = final.tables[0]
    if sorted(table.players) != sorted(expected):
        return [Problem(table.at("players"), N_("the final seats the top {count} of the preliminary ranking: {names} (in the seating order they chose)",
                                                count=len(expected), names=', '.join(expected)))]
    return []
