"""The game plug-in interface (`Format`: a core every game has, and the capabilities only some have), and the
format-neutral records a game hands to the site.

A format turns a validated `Event` into a `Scoreboard` (what every page shows) and proposes the next round. Pages and
templates read only the Scoreboard and the capabilities. How a table's result is entered is in `result_entry.py`;
what every game's checks and pairing share, in `checks.py` and `rounds.py`; what several games' rules share (Swiss
standings, an elimination bracket), in `tournament/`.
"""
from __future__ import annotations

import functools
import re
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sitegen.errors import Refused as Refused  # where the games and commands have always found it
from sitegen.games.decklist import DeckRules, in_round_order
from sitegen.games.result_entry import ResultEntry, SlipForm
from sitegen.model import Event, Person, Problem, Round
from sitegen.text import N_, Msg

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
    drew: bool = False  # a drawn game (won is False then): the meta's records count it apart from the losses


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
    did_not_play: list[str] = field(default_factory=list)  # registered, never played and no longer can (`did_not_play`)


@dataclass(frozen=True)
class ResultView:
    """What is shown of an event after one table's result (`sitegen result`, a player's report): the round as the
    scoreboard shows it, with its seat columns, and the standings with theirs (`Format.result_view`)."""

    round: RoundView
    seat_columns: list[Column]
    standings_columns: list[Column]
    standings: list[StandingRow]

    def table(self, number: int) -> TableView | None:
        """The round's table `number`; None when its view shows no such table."""
        return next((table for table in self.round.tables if table.number == number), None)

    @property
    def columns(self) -> list[Column]:
        """The round's seat columns."""
        return self.round.columns or self.seat_columns


@dataclass(frozen=True)
class OpponentLine:
    """One opponent of one game, as their average enters the player's SoS."""

    round_label: str
    player: str
    average: str  # their points / rounds taken part in (byes included), two decimals


@dataclass(frozen=True)
class ScheduleStrength:
    lines: list[OpponentLine]
    total: str  # the sum of the averages, two decimals
    sos: str  # total / number of lines

    def average(self, round_label: str, player: str) -> str | None:
        """The opponent's average as it enters the SoS for that round's game; None for a game the SoS does not count."""
        return next((line.average for line in self.lines if (line.round_label, line.player) == (round_label, player)), None)


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
        return N_("'{key}: {number}' is not a {body} number; write its {digits} digits in quotes, e.g. {key}: '{example}'",
                  key=self.number_key, number=number, body=self.name, digits=len(self.number_example), example=self.number_example)


@dataclass(frozen=True)
class NextRound:
    filename: str
    data: dict[str, Any]  # the round file, ready to dump
    summary: str  # what to tell the TO (e.g. a seating's violation vector)
    hint: str = ""  # how to enter this round's results, when it differs from the format's result_hint
    warnings: tuple[str, ...] = ()  # what the TO must hear about this pairing (a rematch that could not be avoided)


# Capabilities: what only some games have, each one object a game sets or leaves None. The desk, the pages and the
# CLI ask for a capability (`if fmt.elimination:`) and say plainly when a game has none. (Deck rules come next.)


@dataclass(frozen=True)
class Elimination:
    """Play after the preliminary rounds: a cut to a bracket or to final tables, or a final table."""

    cut: Callable[[Event], int]  # players who play on: event.yaml's `cut:`, else the rules' number for the field; 0: none
    title: str = N_("Elimination")  # what its page is called, e.g. "Bracket"
    next_step: str = N_("the elimination rounds")  # the event's next step once the preliminary rounds are done
    order_rule: str = ""  # why the cut's order may differ from the standings' order; "" when it follows them


@dataclass(frozen=True)
class Seating:
    """Seats at a table matter: each is numbered (seat 1 plays first; a game may give each player a prey, the next
    seat), and the pages, slips and projector show it."""

    plan: Callable[[Event], list[NextRound]] | None = None  # every preliminary round seated at once (`pair --plan`)


@dataclass(frozen=True)
class SeatChoice:
    """A final with its own procedure: its players choose their seats in turn, then one is drawn to play first
    (`sitegen seat`, the desk's seat form)."""

    stage: str  # the round stage whose seats are chosen, e.g. "final"
    first_key: str  # the table key that records who plays first
    rule: str  # how the choice goes, in the TO's words (shown above the desk's form)
    choosers: Callable[[Event, Round], list[str]]  # the round's players in the order they choose
    draw_first: Callable[[Event, tuple[str, ...]], str]  # who plays first, drawn from the event's seed and the seating


@dataclass(frozen=True)
class RankingExport:
    """What the organizer reports to the ranking body (`sitegen export`): a CSV, and the body's own upload formats."""

    table: Callable[[Event], tuple[list[str], list[list[Any]]]]  # the CSV's header and rows
    formats: tuple[str, ...] = ()  # `sitegen export --format NAME` besides csv
    text: Callable[[Event, str, Mapping[str, Person]], str] | None = None  # one of `formats`; players.yaml's players by id


class Format(ABC):
    """What a game plugs in. The pipeline, the CLI and the site call nothing else on a format.

    The core every game has: its identity (`name`, `title`), how its results are entered (`results`, `result_hint`),
    `validate`, `score`, `next_round` and `planned_rounds`. The rest has a default; a capability only some games have
    is an object (above) or None.
    """

    name: str  # the `format:` value in event.yaml
    title: str
    results: ResultEntry  # how a table's result is entered (its keys in the round files, the CLI's flags, the desk's forms)
    result_hint: str  # how to enter results, written at the top of a new round file
    deck_rules: DeckRules | None = None  # how the game reads and checks a decklist; None: the game takes no decklists

    @abstractmethod
    def validate(self, event: Event) -> list[Problem]:
        """Every rule the loader cannot know, each problem at its file and line."""

    @abstractmethod
    def score(self, event: Event) -> Scoreboard:
        """Standings, round views and histories of a validated event."""

    def standings(self, event: Event) -> list[StandingRow]:
        """The scoreboard's standings alone (a game may make them without its views: `sitegen result`'s rows that
        moved need the standings before the result)."""
        return self.score(event).standings

    def result_view(self, event: Event, round_: Round) -> ResultView:
        """One round and the standings as the scoreboard shows them, for the commands that show a table's result: a
        game may make them without the rest of its scoreboard (the other rounds' views, the histories)."""
        board = self.score(event)
        view = next(view for view in board.rounds + board.elims if view.round.slug == round_.slug)
        return ResultView(view, board.seat_columns, board.standings_columns, board.standings)

    @abstractmethod
    def next_round(self, event: Event) -> NextRound:
        """The next round file to write, or Refused with the reason."""

    @abstractmethod
    def planned_rounds(self, event: Event) -> int:
        """Preliminary rounds: `rounds:` from event.yaml, else the rules' default."""

    # Capabilities (see above).
    elimination: Elimination | None = None
    seating: Seating | None = None  # None: tables without seat numbers
    seat_choice: SeatChoice | None = None  # None: `pair` always deals the seats
    export: RankingExport | None = None
    #: The body that rates the game's players across events: players.yaml's member numbers and a league scheme follow it.
    ranking_body: RankingBody | None = None

    event_keys: tuple[str, ...] = ()  # extra event.yaml keys this format reads
    deck_fields: dict[str, str] = {}  # free per-player fields shown on player pages, with their labels
    meta_fields: tuple[str, ...] = ()  # deck fields broken down on the event's meta page (players, games, wins)
    #: The player fields `sitegen new` shows under the first player, as commented YAML lines (with example values).
    player_example: str = ""
    gives_byes: bool = False  # an odd field gives a player a bye (the organizer may choose it: `pair --bye`)
    round_minutes: int | None = None  # a round's length by the rules, when they set one (an event's `minutes:` overrides it)
    #: The folders of the game's own templates (its rules and tiebreaker pages); a theme's templates override them.
    templates: tuple[Path, ...] = ()

    @property
    def catalog(self) -> tuple[str, Path]:
        """The game's own words: its gettext domain and the folder of its catalogs
        (`<folder>/<language>/LC_MESSAGES/<domain>.po`), merged over the core catalog. By default the game's package (the
        one right below `sitegen.games`, or a plug-in's own top package) names the domain, and its `locale/` holds them."""
        return game_catalog(type(self).__module__)

    def rules_context(self) -> dict[str, Any]:
        """The numbers the rules and tiebreaker pages show, read from the rules module."""
        return {}

    def warnings(self, event: Event) -> list[Problem]:
        """What is allowed but the TO should hear before playing on (`check` and `pair` print them; nothing is refused)."""
        return []

    def schedule_strength(self, player: str, board: Scoreboard, rows: Mapping[str, StandingRow] | None = None) -> ScheduleStrength | None:
        """What makes up a player's strength-of-schedule tiebreaker, for their page; None for a game without one. `rows`:
        the standings by player, when the caller made them already (once per event, not once per player)."""
        return None

    def new_event_lines(self, rounds: int | None, cut: int | None) -> list[str]:
        """The length lines `sitegen new` writes into event.yaml: the values given, else the defaults as comments."""
        if cut is not None:
            raise Refused(N_("a {game} event has no elimination cut; leave out the cut", game=self.title))
        return [f"rounds: {rounds}" if rounds else "# rounds: 3          # preliminary rounds (default: from the rules)"]

    def length_settings(self, event: Event) -> dict[str, int]:
        """The event.yaml keys that fix the event's length, written when round 1 is paired."""
        return {"rounds": self.planned_rounds(event)}

    def slip_form(self, round_: Round) -> SlipForm | None:
        """The boxes of this round's printed result slips; None: one box per result column of the round's tables."""
        return None

    def round_sizes(self, players: int) -> list[int]:
        """The table sizes a preliminary round of `players` seats, by the rules (whoever is left has a bye or sits out):
        what a late arrival or a drop folds into with the least change (`pairing.fold`)."""
        raise Refused(N_("the {format} format cannot fold a player into a paired round; pair the round again", format=self.name))


@functools.cache
def game_catalog(module: str) -> tuple[str, Path]:
    """The domain and catalog folder of the game whose code is `module`: "sitegen.games.agot.joust.game" -> "agot",
    sitegen/games/agot/locale; a plug-in "toy.toy_format" -> "toy", toy/locale."""
    inside = "sitegen.games." if module.startswith("sitegen.games.") else ""
    domain = module.removeprefix(inside).split(".")[0]
    return domain, Path(str(sys.modules[inside + domain].__file__)).parent / "locale"


def cut_of(fmt: Format, event: Event) -> int:
    """Players in the event's elimination cut or final (`Format.elimination`); 0 for none."""
    return fmt.elimination.cut(event) if fmt.elimination else 0


ROUND_LABEL = "Round {number}"  # a preliminary round's name; pages shorten it ("R3")


class OncePerValue:
    """A board's texts, each made once per distinct value: the same few results, totals and figures fill every seat,
    row and round of an event, and a translatable text costs more to make than to look up."""

    def __init__(self) -> None:
        self._made: dict[tuple[Any, ...], str] = {}

    def __call__(self, key: tuple[Any, ...], make: Callable[[], str]) -> str:
        made = self._made.get(key)
        if made is None:
            made = self._made[key] = make()
        return made


def round_label(number: int) -> Msg:
    """A preliminary round's name, "Round 3", translated when it is shown."""
    return N_("Round {number}", number=number)


def stage_label(stage: str, tables: int, number: int) -> Msg:
    """A human name for an elimination round by how many games it has."""
    if stage == "final" or tables == 1:
        return N_("Final")
    if tables == 2:
        return N_("Semifinals")
    if tables == 4:
        return N_("Quarterfinals")
    return N_("Top {players} (elimination round {number})", players=tables * 2, number=number)


def round_name(round_: Round) -> Msg:
    """A round's name without its event's scoreboard, as messages to the TO name it (its file is `round_.slug`): "Round 2"
    for a preliminary round, else the elimination's."""
    return round_label(round_.number) if round_.stage == "round" else N_("Elimination round {number}", number=round_.number) \
        if round_.stage == "elim" else N_("Final")


def standings_document(event: Event, format_name: str, rows: list[dict[str, Any]],
                       final_ranking: list[dict[str, Any]], absent: Collection[str] = ()) -> dict[str, Any]:
    """standings.json around a format's own player rows and final ranking entries (the contract's envelope);
    `absent`: the registered players who did not play (`did_not_play`), in event.yaml's order."""
    return {
        "event": event.slug,
        "name": event.name,
        "format": format_name,
        "rounds_played": sum(1 for r in event.rounds if r.complete),
        "standings": rows,
        "final_ranking": final_ranking,
        "did_not_play": [p.id for p in event.players if p.id in absent],
        "decklists": sorted(event.released_decks),  # whose lists are published (decks/<id>.txt beside this file)
        #: one list per round (multi-deck): the rounds each player's lists are published for (decks/<id>.<round>.txt)
        "decklists_by_round": {player: in_round_order(lists) for player, lists in sorted(event.released_round_decks.items())},
    }


def did_not_play(event: Event, planned_rounds: int) -> list[str]:
    """Registered players who count nowhere: never at a table nor given a bye, in any round so far, and no longer
    able to (active in no preliminary round after the last one with a result), e.g. a round-1 no-show (`dropped: 0`).
    The rankings, standings, exports and leagues leave them out, as the ranking bodies do; pages list them apart."""
    took_part = {pid for round_ in event.rounds + event.elims for pid in (*round_.seated(), *round_.byes)}
    decided = max((round_.number for round_ in event.rounds if round_.has_result), default=0)
    return [p.id for p in event.players if p.id not in took_part
            and not any(p.active_in(number) for number in range(decided + 1, planned_rounds + 1))]
