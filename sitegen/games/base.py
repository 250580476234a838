"""The format plug-in interface, and the format-neutral results a plug-in hands to the site.

A format turns a validated `Event` into a `Scoreboard` (what every page shows) and proposes
the next round. Pages and templates read only the Scoreboard, so a new game is one module
here plus its rules template.
"""
from __future__ import annotations

import hashlib
import random
import re
from abc import ABC, abstractmethod
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import count
from pathlib import Path
from typing import Any

from sitegen.model import EVENT_KEYS, PLAYER_KEYS, TABLE_KEYS, Event, Person, Player, Problem, Round, Table, Where
from sitegen.text import N_, Msg, Nn_, placed, suggest

#: The seat value of an elimination table that holds each player's seed (their rank after the preliminary rounds):
#: the bracket shows it beside the name.
SEED = "seed"


@dataclass(frozen=True)
class Column:
    key: str
    label: str
    help: str = ""  # spelled out in the page's legend and as the header's title
    wide_only: bool = False  # hidden on narrow phone screens, where it would push the table off screen
    seating: bool = False  # part of the seating, not the result: shown while the table is still in play
    numeric: bool = True  # right-aligned figures; False for text such as a player's name


@dataclass
class SeatRow:
    """One player's line at a table."""

    player: str
    seat: int
    values: dict[str, Any]  # by the format's seat columns
    winner: bool = False


@dataclass
class TableView:
    number: int
    seats: list[SeatRow]
    pending: bool
    note: str = ""


@dataclass
class RoundView:
    round: Round
    label: str
    tables: list[TableView]
    complete: bool
    byes: tuple[str, ...] = ()
    sitting_out: tuple[str, ...] = ()
    notes: list[str] = field(default_factory=list)
    columns: list[Column] = field(default_factory=list)  # seat columns when they differ from the format's


@dataclass
class StandingRow:
    rank: int
    player: str
    values: dict[str, Any]  # what is shown, by the format's standings columns
    coin_toss: bool = False  # order against an equal player was decided at random
    place: int | None = None  # shared by players the rules leave level (V:TES outside the top five); None: the rank
    head_to_head: bool = False  # ranked first of its points group by Head-to-Head (AGoT)
    dropped: bool = False  # left the event
    exact: dict[str, Any] = field(default_factory=dict)  # what the rules rank by, as exact numbers (AGoT: points, sos, esos)


@dataclass(kw_only=True)
class PlayerRound:
    """One round of a player's event: typed facts for exports, display text for the player page."""

    round: Round
    label: str  # e.g. "Round 3", "Semifinals"
    table: int | None = None
    seat: int | None = None
    opponents: list[str] = field(default_factory=list)
    prey: str | None = None  # V:TES: the player in the next seat, whom this player tries to oust
    predator: str | None = None  # V:TES: the player in the previous seat
    outcome: str | None = None  # the format's result code (Joust "MW", elimination "won"); None: no result yet or no game
    score: int | float | None = None  # tournament points this round, when the format gives them per round
    result: str = ""  # shown: "Modified win", "2 VP, 1st"
    points: str = ""  # shown in the points column
    total: str = ""  # shown: the running total
    rank: int | None = None  # standings rank after this round (preliminary rounds only)
    won: bool | None = None  # for win rates; None when no game was played (bye, absent, pending)


@dataclass
class Scoreboard:
    standings_columns: list[Column]
    seat_columns: list[Column]
    rounds: list[RoundView]  # preliminary rounds
    elims: list[RoundView]  # elimination rounds or the final table(s)
    standings: list[StandingRow]  # after the last completed preliminary round
    standings_after: list[list[StandingRow]]  # index i: after preliminary round i + 1
    player_rounds: dict[str, list[PlayerRound]]
    final_ranking: list[tuple[int, str]] | None
    export: dict[str, Any]  # the standings.json document
    planned_rounds: int
    cut: int
    cut_order: list[str] = field(default_factory=list)  # who makes the cut, best first, when the format's cut has its own order


# How a table's result is entered: each game declares it once, and the CLI's `result` flags, the desk's
# forms and the slips' boxes are made from that declaration.
PLAYER = "player"  # one player of the table, e.g. the winner: `--winner ID`
FIGURES = "figures"  # a number for each player, e.g. power or VP: `--power ID=N ID=N`
ORDER = "order"  # players in the order something happened to them, e.g. left the game: `--eliminated ID ID`
FLAG = "flag"  # yes or no, e.g. a judge's override: `--override`


@dataclass(frozen=True)
class ResultField:
    """One key of a table's result: the round file's key, the CLI's `--key` and the desk's form field."""

    key: str
    kind: str  # PLAYER, FIGURES, ORDER or FLAG
    label: str  # what the desk and the slips call it, e.g. "Power"
    help: str  # the CLI's help for `--key`
    halves: bool = False  # FIGURES in steps of 0.5 (else whole numbers)
    minimum: int = 0  # FIGURES' smallest value
    seating: bool = False  # how the table was seated (V:TES: who plays first), kept when a result is replaced
    judges_only: bool = False  # entered by the TO or a judge only, never in a player's own report (V:TES: an override)
    slip: str = ""  # the box this field gets on a printed slip ("" for none)


@dataclass(frozen=True)
class ResultWay:
    """One way a table's result is entered at the desk, e.g. "a player won" or "time was called".

    A way with a single PLAYER field is one button per player (one tap); any other way is a form.
    """

    name: str
    fields: tuple[str, ...]  # the keys of its ResultFields, in the form's order
    title: str  # the form's heading, e.g. "Time called: enter power"
    action: str  # its button: "{name} won" for a one-tap way (with the player's name), else e.g. "Save power"
    stages: tuple[str, ...] = ("round", "elim", "final")  # the rounds it is offered in (Round.stage)


@dataclass(frozen=True)
class ResultEntry:
    """Everything a game's results can hold, and the ways the desk offers to enter them."""

    fields: tuple[ResultField, ...]  # in the order round files write them
    ways: tuple[ResultWay, ...]

    def field(self, key: str) -> ResultField:
        return next(f for f in self.fields if f.key == key)

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(f.key for f in self.fields)

    def ways_for(self, stage: str) -> list[ResultWay]:
        return [way for way in self.ways if stage in way.stages]

    def slip_boxes(self, stage: str) -> tuple[SlipBox, ...]:
        """The slip's boxes: the fields of the ways offered in this stage that a slip asks for."""
        offered = {key for way in self.ways_for(stage) for key in way.fields}
        return tuple(SlipBox(f.slip, tick=f.kind == PLAYER) for f in self.fields if f.slip and f.key in offered)


@dataclass(frozen=True)
class OpponentLine:
    """One opponent of one game, as their average enters the player's SoS."""

    round_label: str
    player: str
    values: dict[str, Any]  # their standings values, by the format's standings columns
    games: int  # rounds they took part in, byes included
    average: str  # points / games, two decimals


@dataclass(frozen=True)
class ScheduleStrength:
    columns: list[Column]  # the standings columns shown for each opponent
    lines: list[OpponentLine]
    total: str  # the sum of the averages, two decimals
    sos: str  # total / number of lines


@dataclass(frozen=True)
class RankingBody:
    """A body that rates players across a game's events (V:TES: the V:EKN): its member numbers and its league scheme."""

    name: str  # e.g. "V:EKN"
    number_key: str  # the key of a member's number in players.yaml and on an event's player
    number_pattern: re.Pattern[str]
    number_example: str  # a well-formed number, for the messages
    scheme: str  # the league scheme that counts its rating points, e.g. "vekn-rating"
    scheme_text: str  # that scheme in words, for the league pages
    best: int  # the events a player's rating counts
    months: int  # over how many months
    rating_key: str  # the standings value holding each player's rating points

    def number_problem(self, number: str) -> str | None:
        """Why `number` is not one of the body's member numbers, or None: the one home of that rule (players.yaml, an
        event's players, the body's report)."""
        if self.number_pattern.fullmatch(number):
            return None
        return (f"'{self.number_key}: {number}' is not a {self.name} number; write its {len(self.number_example)} digits in quotes, "
                f"e.g. {self.number_key}: '{self.number_example}'")


@dataclass(frozen=True)
class SlipBox:
    """A box on a printed result slip, one per player: what the table fills in to report its result."""

    label: str
    tick: bool = False  # a box to tick (the winner); False: a number or word to write


@dataclass(frozen=True)
class SlipForm:
    """What a round's result slips ask each table for (see `Format.slip_form`)."""

    boxes: tuple[SlipBox, ...]
    instructions: str  # printed on every slip, above the signatures


@dataclass(frozen=True)
class NextRound:
    filename: str
    data: dict[str, Any]  # the round file, ready to dump
    summary: str  # what to tell the TO (e.g. a seating's violation vector)
    hint: str = ""  # how to enter this round's results, when it differs from the format's result_hint
    warnings: tuple[str, ...] = ()  # what the TO must hear about this pairing (a rematch that could not be avoided)


class Refused(Exception):
    """`pair` cannot go on (pending results, event finished, ...): exit status 2 with this message."""


@dataclass(frozen=True)
class SeatChoice:
    """A round whose players choose their seats in turn (the V:TES final), then one is drawn to play first."""

    stage: str  # the round stage whose seats are chosen, e.g. "final"
    first_key: str  # the table key that records who plays first
    rule: str  # how the choice goes, in the TO's words (shown above the desk's form)


class Format(ABC):
    """What a game plugs in. The pipeline, the CLI and the site call nothing else on a format.

    Capabilities only some games have (planning every round at once, a ranking-body export) are
    declared here with a refusal the CLI shows as it is; a format that has them overrides them.
    """

    name: str  # the `format:` value in event.yaml
    title: str
    event_keys: tuple[str, ...] = ()  # extra event.yaml keys this format reads
    results: ResultEntry  # how a table's result is entered (its keys in the round files, the CLI's flags, the desk's forms)
    deck_fields: dict[str, str] = {}  # free per-player fields shown on player pages, with their labels
    meta_fields: tuple[str, ...] = ()  # deck fields broken down on the event's meta page (players, games, wins)
    seated: bool = False  # whether seat numbers matter (and are shown)
    gives_byes: bool = False  # an odd field gives a player a bye (the organizer may choose it: `pair --bye`)
    elimination_title: str = N_("Elimination")  # what the page of the cut or final is called, e.g. "Bracket"
    after_preliminaries: str = N_("the elimination rounds")  # the event's next step once the preliminary rounds are done
    cut_rule: str = ""  # why the cut's order may differ from the standings order; "" when it follows the standings
    result_hint: str  # how to enter results, written at the top of a new round file
    round_minutes: int | None = None  # a round's length by the rules, when they set one (an event's `minutes:` overrides it)

    @property
    def table_keys(self) -> tuple[str, ...]:
        """The result keys a table may hold."""
        return self.results.keys

    @property
    def seating_keys(self) -> tuple[str, ...]:
        """Those of `table_keys` that belong to the seating, not the result (kept when a result is replaced)."""
        return tuple(f.key for f in self.results.fields if f.seating)

    @abstractmethod
    def validate(self, event: Event) -> list[Problem]:
        """Every rule the loader cannot know, each problem at its file and line."""

    @abstractmethod
    def score(self, event: Event) -> Scoreboard:
        """Standings, round views and histories of a validated event."""

    @abstractmethod
    def next_round(self, event: Event) -> NextRound:
        """The next round file to write, or Refused with the reason."""

    @abstractmethod
    def planned_rounds(self, event: Event) -> int:
        """Preliminary rounds: `rounds:` from event.yaml, else the rules' default."""

    def cut(self, event: Event) -> int:
        """Players in the elimination cut or final; 0 for none."""
        return 0

    #: The body that rates the game's players across events, if any: players.yaml numbers and a league scheme follow it.
    ranking_body: RankingBody | None = None

    def warnings(self, event: Event) -> list[Problem]:
        """What is allowed but the TO should hear before playing on (`check` and `pair` print them; nothing is refused)."""
        return []

    def schedule_strength(self, player: str, board: Scoreboard, rows: Mapping[str, StandingRow] | None = None) -> ScheduleStrength | None:
        """What makes up a player's strength-of-schedule tiebreaker, for their page; None for a game without one. `rows`:
        the standings by player, when the caller made them already (once per event, not once per player)."""
        return None

    #: The folders of the game's own templates (its rules and tiebreaker pages); a theme's templates override them.
    templates: tuple[Path, ...] = ()

    #: The player fields `sitegen new` shows under the first player, as commented YAML lines (with example values).
    player_example: str = ""

    def new_event_lines(self, rounds: int | None, cut: int | None) -> list[str]:
        """The length lines `sitegen new` writes into event.yaml: the values given, else the defaults as comments."""
        if cut is not None:
            raise Refused(N_("a {title} event has no elimination cut; leave out --cut", title=self.title))
        return [f"rounds: {rounds}" if rounds else "# rounds: 3          # preliminary rounds (default: from the rules)"]

    def length_settings(self, event: Event) -> dict[str, int]:
        """The event.yaml keys that fix the event's length, written when round 1 is paired."""
        return {"rounds": self.planned_rounds(event)}

    @abstractmethod
    def rules_context(self) -> dict[str, Any]:
        """The numbers the rules and tiebreaker pages show, read from the rules module."""

    def slip_form(self, round_: Round) -> SlipForm | None:
        """The boxes of this round's printed result slips; None: one box per result column of the round's tables."""
        return None

    #: A round whose players choose their own seats, one after another, then one of them is drawn to play first
    #: (`sitegen seat`, the desk's seat form); None: seats are always dealt by `pair`.
    seat_choice: SeatChoice | None = None

    def seat_choosers(self, event: Event, round_: Round) -> list[str]:
        """The players of `round_` in the order they choose their seats (`seat_choice`)."""
        raise Refused(N_("in the {name} format `pair` deals the seats; players do not choose them", name=self.name))

    def draw_first(self, event: Event, seating: tuple[str, ...]) -> str:
        """Who plays first at a table whose seats were chosen, drawn from the event's seed and the seating."""
        raise Refused(N_("in the {name} format seat 1 plays first; nobody is drawn", name=self.name))

    def plan_rounds(self, event: Event) -> list[NextRound]:
        """Every preliminary round at once (`pair --plan`)."""
        raise Refused(N_("the {name} format pairs one round at a time; run `sitegen pair` without --plan", name=self.name))

    def export_table(self, event: Event) -> tuple[list[str], list[list[Any]]]:
        """The ranking body's report (`sitegen export`): a CSV header and rows."""
        raise Refused(N_("the {name} format has no ranking export; see `sitegen standings` or standings.json", name=self.name))

    #: What `sitegen export --format NAME` writes besides the CSV, e.g. the ranking body's own upload format.
    export_formats: tuple[str, ...] = ()

    def export_text(self, event: Event, name: str, known: Mapping[str, Person]) -> str:
        """The report in one of `export_formats`; `known` is players.yaml's players by id."""
        raise Refused(N_("the {name} format has no '{export}' export; use --format csv", name=self.name, export=name))


# Helpers every format shares ------------------------------------------------------------


def draw_key(seed: int, separated: object, player: str) -> bytes:
    """A player's place in the seeded random draw among players whose results are all equal.

    The draw hashes the event seed, the tied results themselves (`separated`, e.g. points, SoS and
    ESoS) and the player's id. So it is reproducible, does not depend on the order anything is
    listed in, and cannot be known before the games that produce those results are played.
    """
    return hashlib.sha256(f"{seed}\x1f{separated!r}\x1f{player}".encode()).digest()


def round_rng(event: Event, slug: str) -> random.Random:
    """The Random for one pairing: derived from the event seed and the round, so re-pairing is reproducible."""
    return random.Random(f"{event.seed}:{slug}")


def check_keys(problems: list[Problem], keys: dict[str, int], allowed: tuple[str, ...], where: Where, what: str) -> None:
    for key, line in keys.items():
        if key not in allowed:
            problems.append(Problem(Where(where.path, line), N_("unknown key '{key}' in {what}; {hint}", key=key, what=what, hint=suggest(key, allowed))))


def check_common(event: Event, fmt: Format) -> list[Problem]:
    """Unknown keys in event.yaml, players and tables, against what the loader and this format read."""
    problems: list[Problem] = []
    extra = {k: v for k, v in event.key_lines.items() if k not in EVENT_KEYS}
    check_keys(problems, extra, EVENT_KEYS + fmt.event_keys, event.where, "event.yaml")
    for player in event.players:
        where = player.where or event.where  # players built in code (tests, tools) carry no line
        extra = {k: player.key_lines.get(k, where.line) for k in player.deck}
        check_keys(problems, extra, PLAYER_KEYS + tuple(fmt.deck_fields), where, f"player '{player.id}'")
        problems += _beyond_the_rounds(event, player, where)
        body = fmt.ranking_body
        if body and (number := player.deck.get(body.number_key)) is not None and (problem := body.number_problem(number)):
            problems.append(Problem(Where(where.path, player.key_lines.get(body.number_key, where.line)), problem))
    for round_ in event.rounds + event.elims:
        for table in round_.tables:
            extra = {k: table.key_lines.get(k, table.where.line) for k in table.result}
            check_keys(problems, extra, TABLE_KEYS + fmt.table_keys, table.where, f"table {table.number}")
    if event.planned_rounds is not None and len(event.rounds) > event.planned_rounds:  # a round file past `rounds:`
        extra_round = event.rounds[event.planned_rounds]
        problems.append(Problem(extra_round.where, N_("event.yaml says 'rounds: {planned_rounds}', and this is round {number}; raise 'rounds:' in event.yaml, "
                                                      "or remove this file", planned_rounds=event.planned_rounds, number=extra_round.number)))
    return problems


def _beyond_the_rounds(event: Event, player: Player, where: Where) -> list[Problem]:
    """'joined:' or 'dropped:' past the rounds event.yaml plans: a typo (`sitegen add --joined 99`). A player may join
    the round after the last one: registered, but arrived too late to play (the ranking body leaves them out)."""
    planned = event.planned_rounds
    found = []
    for key, value, last in (("joined", player.joined, (planned or 0) + 1), ("dropped", player.dropped, planned)):
        if planned is not None and value is not None and last is not None and value > last:
            found.append(Problem(Where(where.path, player.key_lines.get(key, where.line)),
                                 N_("'{key}: {value}' is after the event's last round ('rounds: {planned}' in event.yaml); give a round from 1 to {last}",
                                    key=key, value=value, planned=planned, last=last)))
    return found


def check_everyone_seated(event: Event, round_: Round, not_playing: str = "byes") -> list[Problem]:
    """Every player active in a preliminary round must be at a table, have a bye or sit out, once it has a result.

    A round without any result may wait for late arrivals: `pair --redo` seats them. `not_playing` names the
    round-file key the format uses for active players who do not play.
    """
    if round_.tables and not round_.has_result:
        return []
    return [
        Problem(
            round_.where,
            N_("player '{pid}' takes part in round {number} but is not seated; add them to a table or to '{not_playing}', or set 'dropped: {last}' (or "
               "'joined') in event.yaml (a late arrival: pair the round again before its first result, `sitegen pair --redo`)",
               pid=pid, number=round_.number, not_playing=not_playing, last=round_.number - 1),
        )
        for pid in late_changes(event, round_)[0]
    ]


def late_changes(event: Event, round_: Round) -> tuple[list[str], list[str]]:
    """Players a preliminary round's pairing missed: those who take part but are not seated (late arrivals), and those
    seated who no longer take part (late drops). Both empty when the round is paired as the roster stands."""
    if round_.stage != "round":
        return [], []
    seated = set(round_.seated()) | set(round_.byes) | set(round_.sitting_out)
    arrived = [p.id for p in event.players if p.active_in(round_.number) and p.id not in seated]
    by_id = event.player_by_id
    left = [pid for pid in [*round_.seated(), *round_.byes, *round_.sitting_out]
            if pid in by_id and not by_id[pid].active_in(round_.number)]
    return arrived, left


def int_mapping(table: Table, key: str, problems: list[Problem], *, minimum: int = 0) -> dict[str, int]:
    """A `{id: whole number}` result mapping for the players at `table`, problems collected."""
    raw = table.result.get(key)
    if raw is None:
        return {}
    where = table.at(key)
    if not isinstance(raw, dict):
        problems.append(Problem(where, N_("'{key}' must map player ids to numbers, e.g. '{key}: {{alice: 12, bob: 9}}'", key=key)))
        return {}
    values: dict[str, int] = {}
    for pid, value in raw.items():
        pid = str(pid)
        if pid not in table.players:
            problems.append(Problem(where, N_("'{key}' names '{pid}', who is not at table {number}; use the ids of the players here: {names}",
                                              key=key, pid=pid, number=table.number, names=', '.join(table.players))))
        elif isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            problems.append(Problem(where, N_("{key} of '{pid}' must be a whole number of at least {minimum}, not {value}",
                                              key=key, pid=pid, minimum=minimum, value=repr(value))))
        else:
            values[pid] = value
    return values


def player_id(table: Table, key: str, problems: list[Problem]) -> str | None:
    """A single player id result (`winner: alice`) that must be at the table."""
    raw = table.result.get(key)
    if raw is None:
        return None
    if str(raw) not in table.players:
        problems.append(
            Problem(table.at(key), N_("{key} '{raw}' is not at table {number}; use one of: {names}",
                                      key=key, raw=raw, number=table.number, names=', '.join(table.players)))
        )
        return None
    return str(raw)


def refuse_pending(event: Event, seating_keys: tuple[str, ...] = ()) -> None:
    """`pair` must not run while the latest round still has games without a result.

    `seating_keys` are table keys that record how a table was seated (V:TES: who plays first at the
    final), not how it ended: a table holding only those has no result yet.
    """
    last = (event.rounds + event.elims)[-1:]
    pending = [t for t in last[0].tables if not set(t.result) - set(seating_keys)] if last else []
    if pending:
        numbers = [str(t.number) for t in pending]
        names = event.player_by_id
        waiting = "; ".join(f"{t.number}: {' v '.join(names[p].name if p in names else p for p in t.players)}" for t in pending)
        said = Nn_("table {numbers} has no result yet (table {waiting}); enter every result, then run `sitegen pair` again",
                   "tables {numbers} have no result yet (table {waiting}); enter every result, then run `sitegen pair` again",
                   len(pending), numbers=", ".join(numbers), waiting=waiting)
        raise Refused(placed(last[0].where.path, said))


def tables_file(tables: list[list[str]] | list[tuple[str, ...]], fixed: Mapping[str, int] | None = None) -> dict[str, Any]:
    """A round file's data: the tables numbered from 1, players in seat order; with `fixed` ({player: table number},
    see `fixed_tables`), each of those players sits at that table number."""
    numbered = place_fixed(tables, fixed) if fixed else list(enumerate((list(t) for t in tables), start=1))
    return {"tables": [{"table": number, "players": list(players)} for number, players in numbered]}


# Pairing constraints every game honours, read from the Event: a player's fixed table (`table:` in event.yaml)
# and the bye the organizer chose for the round being paired (`Event.chosen_bye`, from `sitegen pair --bye`).

def fixed_tables(event: Event, number: int) -> dict[str, int]:
    """{player: table number} of the players who take part in round `number` and have a fixed table."""
    return {p.id: p.table for p in event.players if p.table and p.active_in(number)}


def chosen_bye(event: Event, active: Collection[str], *, byes: bool = True) -> str | None:
    """The bye the organizer chose, checked: a player of the round, in a game that gives byes, when one is due."""
    pid = event.chosen_bye
    if pid is None:
        return None
    if not byes:
        raise Refused(N_("this game has no byes: every player is seated; pair without a chosen bye"))
    if pid not in active:
        raise Refused(N_("{value} does not play this round: choose the bye among its players",
                         value=event.player_by_id[pid].name if pid in event.player_by_id else pid))
    if len(active) % 2 == 0:
        raise Refused(N_("this round has {count} players, an even number: nobody gets a bye", count=len(active)))
    return pid


def place_fixed(tables: Sequence[Sequence[str]], fixed: Mapping[str, int]) -> list[tuple[int, list[str]]]:
    """Number the tables so that each player of `fixed` sits at their table number (moving a player to that table,
    in place of one without a fixed table, when two fixed players were seated together); the other tables take the
    lowest numbers left, in their order. Sorted by table number."""
    seats = [list(t) for t in tables]
    number_of: dict[int, int] = {}  # table index -> its number
    for pid, wanted in sorted(fixed.items(), key=lambda item: (item[1], item[0])):
        here = next((i for i, t in enumerate(seats) if pid in t), None)
        if here is None:
            continue
        target = next((i for i, n in number_of.items() if n == wanted), None)
        if target is None and here in number_of:  # seated with a player fixed elsewhere: a free table instead
            target = next((i for i in range(len(seats)) if i not in number_of), None)
        if target is not None and target != here:
            movable = [p for p in seats[target] if p not in fixed]
            if not movable:
                continue  # every seat of that table is someone's fixed seat: the rules' seating stands
            other = movable[-1]
            seats[here][seats[here].index(pid)], seats[target][seats[target].index(other)] = other, pid
            here = target
        number_of[here] = wanted
    free = (n for n in count(1) if n not in number_of.values())
    numbered = [(number_of[i] if i in number_of else next(free), t) for i, t in enumerate(seats)]
    return sorted(numbered, key=lambda item: item[0])



ROUND_LABEL = "Round {number}"  # a preliminary round's name; pages shorten it ("R3")


def round_label(number: int) -> Msg:
    """A preliminary round's name, "Round 3", translated when it is shown."""
    return N_("Round {number}", number=number)


def stage_label(stage: str, tables: int, number: int) -> str:
    """A human name for an elimination round by how many games it has."""
    if stage == "final" or tables == 1:
        return N_("Final")
    if tables == 2:
        return N_("Semifinals")
    if tables == 4:
        return N_("Quarterfinals")
    return N_("Top {players} (elimination round {number})", players=tables * 2, number=number)


def standings_document(event: Event, format_name: str, rows: list[dict[str, Any]],
                       final_ranking: list[dict[str, Any]]) -> dict[str, Any]:
    """standings.json around a format's own player rows and final ranking entries (the contract's envelope)."""
    return {
        "event": event.slug,
        "name": event.name,
        "format": format_name,
        "rounds_played": sum(1 for r in event.rounds if r.complete),
        "standings": rows,
        "final_ranking": final_ranking,
    }
