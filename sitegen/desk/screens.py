"""What each desk page shows: typed records made from an event and its Scoreboard, read by the desk templates.

A table's entry forms are made from its game's result declaration (`Format.results`): one form per way
of entering a result offered in that round (a way with a single player field is one button per player), an
input per seat for figures and orders, one for the table for a player or a yes/no. Each form carries the version of what it shows (`table_version`,
`players_version`, `rounds_version`): the desk refuses a write made on an older version.
"""
from __future__ import annotations

import dataclasses
import hashlib
import re
from dataclasses import dataclass, field
from typing import Any

from sitegen import games as formats
from sitegen.edit.commit import preliminaries_over
from sitegen.edit.venue import clock_words
from sitegen.games.base import Column, RoundView, Scoreboard, TableView, cut_of, round_name
from sitegen.games.checks import late_changes
from sitegen.games.result_entry import FIGURES, ORDER, PLAYER, ResultEntry, ResultField
from sitegen.model import Event, Player, Problem, Round, Table
from sitegen.pages.display import StandingLine, standing_lines
from sitegen.pages.player_display import round_minutes
from sitegen.pages.summary import summarize
from sitegen.text import N_, Joined, Msg, Nn_, placed

# The places of an order (who left the game first), as the desk's select offers them.
ORDINALS = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th"), N_("6th"), N_("7th"), N_("8th"))


def _digest(*parts: object) -> str:
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:16]


def table_version(round_: Round, table: Table) -> str:
    """Changes whenever the table's players or result change (another judge's entry)."""
    return _digest(round_.slug, table.number, table.players, sorted((k, repr(v)) for k, v in table.result.items()))


def players_version(event: Event) -> str:
    return _digest([(p.id, p.name, p.joined, p.dropped) for p in event.players])


def rounds_version(event: Event) -> str:
    """Changes with any round file (a new round, any result): pairing is decided on all of them."""
    return _digest([(r.slug, [(t.players, sorted((k, repr(v)) for k, v in t.result.items())) for t in r.tables])
                    for r in event.rounds + event.elims])


@dataclass
class Seat:
    player: str
    name: str
    shown: str  # the figures the table shows for this seat, e.g. "Power: 7 · Pts: 4"
    winner: bool
    entered: dict[str, str]  # by result key: the figure or place already entered, to prefill the inputs


@dataclass
class DeskWay:
    """One way to enter the table's result: a button per player (`one_tap`, the player key) or a form."""

    name: str
    title: str
    action: str  # the button's words; "{name}" stands for the player's name in a one-tap way
    one_tap: str | None
    seat_fields: list[ResultField]  # an input for each seat (figures, orders)
    table_fields: list[ResultField]  # one input for the table (a player, a yes or no)
    entered: bool  # the table's result holds one of its keys: the form opens


@dataclass
class DeskTable:
    number: int
    seats: list[Seat]
    pending: bool
    version: str
    ways: list[DeskWay]
    entered: dict[str, Any]  # the table's result keys as the round file holds them
    errors: list[str] = field(default_factory=list)


@dataclass
class DeskRound:
    slug: str
    label: str
    tables: list[DeskTable]
    byes: list[str]
    complete: bool
    current: bool = True
    folded: bool = False  # an earlier round not asked for: a link to its own page, its tables not made (a light page after each tap)
    late: str = ""  # the players its pairing missed (late arrivals and drops), while it may be paired again
    seats: list[tuple[str, str, str]] = field(default_factory=list)  # (id, name, where) of those who may swap seats
    choice: DeskSeatChoice | None = None  # the players choose their seats in this round (the game's `seat_choice`)


@dataclass
class DeskSeatChoice:
    """The seat form of a round whose players choose their seats: who chooses, in turn, and where each one sits now."""

    rule: str
    choosers: list[tuple[str, str, int]]  # (id, name, seat now) in the order they choose
    size: int
    version: str  # the table's
    first: str  # the name of who plays first, once drawn or entered
    open: bool  # the table has no result: seats may still be chosen and the first player drawn


@dataclass
class RosterLine:
    """A player on the desk's list: drop (with a confirmation) or undo the drop; remove one who never had a seat."""

    id: str
    name: str
    state: str  # "plays", "dropped after round 2", "joins round 3"
    dropped: bool
    seated: bool = False  # in a round written (a seat, a bye, sitting out): on the record, so dropped, never removed
    in_open_round: bool = False  # seated (or with a bye, or sitting out) in a round paired and without a result: a drop folds in


@dataclass(frozen=True)
class FoldChoices:
    """How a late arrival or a drop folds into the round paired and without a result (`edit.fold`): what the desk offers."""

    round: str  # its label, "Round 2"
    next_number: int  # a late arrival given a loss starts in this round
    bye: bool  # the game gives byes and this round has none: a late arrival may take it


@dataclass
class EventPage:
    slug: str
    name: str
    format_title: str
    round: DeskRound | None
    columns: list[Column]
    standings: list[StandingLine]
    final: list[tuple[int, str]]
    players: list[tuple[str, str]]  # (id, name) of those still in, for the drop form
    fields: dict[str, str]  # the format's player fields, for the add form
    players_version: str
    rounds_version: str
    can_redo: bool  # the current round has no result yet: it may be paired again
    rounds: list[DeskRound] = field(default_factory=list)  # every round, the current one last
    length: str = ""  # "Round 2 of 4 · top 4"
    planned: int = 0
    cut: int | None = None  # None: the game has no cut
    length_open: bool = False  # round 1 has no result: rounds and cut may still change
    roster: list[RosterLine] = field(default_factory=list)
    links: dict[str, str] = field(default_factory=dict)  # the site's print view, slips and projector of the current round
    clock_state: str = ""
    gives_byes: bool = False
    fold: FoldChoices | None = None  # the current preliminary round takes a late arrival or a drop folded in
    swiss: bool = True  # the preliminary rounds are on: players may be added and dropped, the next round takes byes and fixed tables
    minutes: int | None = None  # the round's length to offer: the event's `minutes:`, else the last round's, else the rules'
    errors: dict[str, list[str]] = field(default_factory=dict)  # by form: "pair", "drop", "add", "table-3"
    typed: dict[str, str] = field(default_factory=dict)  # what the refused form held, shown again to be corrected
    names: dict[str, str] = field(default_factory=dict)  # every player's, by id
    opened: str = ""  # the form of the current round asked for ("table-3": its other ways of entry; "swap"): the others are a link each


def event_page(event: Event, board: Scoreboard | None, shown: frozenset[str] = frozenset(), *, tables: bool = True) -> EventPage:
    """The event's page; without a Scoreboard (the event has problems the check reports) only its players. Its tables are
    the current round's (unless not `tables`: the players' page) and those of the earlier rounds `shown` (by slug): the
    others are a link each."""
    fmt = formats.format_of(event)
    names = {p.id: p.name for p in event.players}
    view = _current_view(board) if board else None
    columns = [c for c in board.standings_columns if not c.wide_only] if board else []
    standings = standing_lines(board.standings) if board else []
    final = [(place, names[pid]) for place, pid in board.final_ranking or []] if board else []
    in_play = [(p.id, p.name) for p in event.players if p.dropped is None]
    views = board.rounds + board.elims if board else []
    rounds = [_desk_round(v, fmt.results, board, names, event) if board and ((tables and v is views[-1]) or v.round.slug in shown) else
              DeskRound(v.round.slug, v.label, [], [], v.complete, folded=True) for v in views]
    for old in rounds[:-1]:
        old.current = False
    can_redo = view is not None and not any(t.result for t in view.round.tables)
    page = EventPage(event.slug, event.name, fmt.title, rounds[-1] if rounds else None, columns, standings, final, in_play,
                     dict(fmt.deck_fields), players_version(event), rounds_version(event), can_redo, rounds, names=names)
    _length(page, event, board)
    page.gives_byes = fmt.gives_byes
    seated = {pid for round_ in event.rounds + event.elims for pid in (*round_.seated(), *round_.byes, *round_.sitting_out)}
    page.roster = [dataclasses.replace(_roster_line(p, len(event.rounds)), seated=p.id in seated) for p in event.players]
    page.swiss = not preliminaries_over(event)
    page.minutes = round_minutes(event, fmt.round_minutes)
    if view and can_redo and view.round.stage == "round":
        round_ = view.round
        page.fold = FoldChoices(view.label, round_.number + 1, fmt.gives_byes and not round_.byes)
        waiting = set(round_.seated()) | set(round_.byes) | set(round_.sitting_out)
        page.roster = [dataclasses.replace(line, in_open_round=line.id in waiting) for line in page.roster]
    if view:
        base = f"events/{event.slug}/{view.round.slug}"
        page.links = {N_("Print view"): f"{base}-print.html", N_("Result slips"): f"{base}-slips.html"} if not view.complete else {}
        page.links[N_("Projector")] = f"events/{event.slug}/projector.html"  # the print views exist while the round is in play
        page.clock_state = clock_words(view.round)
    return page


def _length(page: EventPage, event: Event, board: Scoreboard | None) -> None:
    fmt = formats.format_of(event)
    settings = fmt.length_settings(event)
    page.planned = fmt.planned_rounds(event)
    page.cut = cut_of(fmt, event) if "cut" in settings else None
    page.length_open = not event.elims and not any(r.has_result for r in event.rounds) and len(event.rounds) <= 1
    now = len(event.rounds)
    where = N_("Round {now} of {planned}", now=now, planned=page.planned) if now else Nn_("{count} round", "{count} rounds", page.planned)
    page.length = length_words(where, page.cut)


def length_words(rounds: Msg, cut: int | None) -> Joined:
    """The event's length: its rounds, then its cut (None: the game has none), "Round 2 of 4 · top 4"."""
    return Joined([rounds, *([] if cut is None else [N_("top {cut}", cut=cut) if cut else N_("no cut")])], " · ")


def _roster_line(player: Player, paired: int) -> RosterLine:
    if player.dropped is not None:
        state = N_("dropped after round {number}", number=player.dropped) if player.dropped else N_("dropped before round 1")
    elif player.joined > max(paired, 1):
        state = N_("joins round {number}", number=player.joined)
    else:
        state = N_("plays")
    return RosterLine(player.id, player.name, state, player.dropped is not None)


def _current_view(board: Scoreboard) -> RoundView | None:
    """The round being played: the latest one written (elimination rounds come after the Swiss ones)."""
    views = board.rounds + board.elims
    return views[-1] if views else None


def _desk_round(view: RoundView, entry: ResultEntry, board: Scoreboard, names: dict[str, str], event: Event) -> DeskRound:
    round_ = view.round
    columns = view.columns or board.seat_columns
    tables = [_desk_table(round_, table, view_table, columns, names, entry) for table, view_table in
              zip(round_.tables, _by_number(view.tables, round_))]
    desk_round = DeskRound(round_.slug, view.label, tables, [names.get(p, p) for p in round_.byes], view.complete)
    arrived, left = late_changes(event, round_)
    if not round_.has_result and (arrived or left):
        desk_round.late = _late(view.label, ", ".join(names[p] for p in arrived), ", ".join(names[p] for p in left))
    free = [(p, N_("table {number}", number=t.number)) for t in round_.tables if not t.result for p in t.players]
    free += [(p, N_("bye")) for p in round_.byes]
    desk_round.seats = [(pid, names.get(pid, pid), where) for pid, where in free]
    desk_round.choice = _seat_choice(event, round_, names)
    return desk_round


def _late(label: str, arrived: str, left: str) -> Msg:
    """Why a round must be paired again: who joined or dropped since (names, each list joined with commas)."""
    if arrived and left:
        return N_("{round} was paired before {joined} joined and {dropped} dropped: pair it again.", round=label, joined=arrived, dropped=left)
    if arrived:
        return N_("{round} was paired before {joined} joined: pair it again.", round=label, joined=arrived)
    return N_("{round} was paired before {dropped} dropped: pair it again.", round=label, dropped=left)


def _seat_choice(event: Event, round_: Round, names: dict[str, str]) -> DeskSeatChoice | None:
    fmt = formats.format_of(event)
    choice = fmt.seat_choice
    if choice is None or round_.stage != choice.stage or len(round_.tables) != 1:
        return None
    table = round_.tables[0]
    seat_of = {pid: n for n, pid in enumerate(table.players, start=1)}
    choosers = [(pid, names.get(pid, pid), seat_of[pid]) for pid in choice.choosers(event, round_) if pid in seat_of]
    first = table.result.get(choice.first_key)
    return DeskSeatChoice(choice.rule, choosers, len(table.players), table_version(round_, table),
                          names.get(str(first), "") if first else "", not any(k != choice.first_key for k in table.result))


def _by_number(views: list[TableView], round_: Round) -> list[TableView]:
    by_number = {v.number: v for v in views}
    return [by_number[t.number] for t in round_.tables]


def _desk_table(round_: Round, table: Table, view: TableView, columns: list[Column], names: dict[str, str],
                entry: ResultEntry) -> DeskTable:
    rows = {seat.player: seat for seat in view.seats}
    seats = []
    for pid in table.players:
        row = rows.get(pid)
        shown = Joined([N_("{label}: {value}", label=c.label, value=row.values[c.key]) for c in columns
                        if row and not c.seating and row.values.get(c.key, "") != ""], " · ") if not view.pending else ""
        seats.append(Seat(pid, names.get(pid, pid), shown, bool(row and row.winner and not view.pending), _entered(table, pid, entry)))
    ways = [_desk_way(entry, way.name, table) for way in entry.ways_for(round_.stage)]
    return DeskTable(table.number, seats, view.pending, table_version(round_, table), ways, dict(table.result))


def _entered(table: Table, pid: str, entry: ResultEntry) -> dict[str, str]:
    """What the round file holds for this seat, by result key: its figure, or its place in an order (1 = first)."""
    entered = {}
    for f in entry.fields:
        value = table.result.get(f.key)
        if f.kind == FIGURES and isinstance(value, dict) and pid in value:
            entered[f.key] = str(value[pid])
        elif f.kind == ORDER and isinstance(value, list) and pid in value:
            entered[f.key] = str(value.index(pid) + 1)
    return entered


def _desk_way(entry: ResultEntry, name: str, table: Table) -> DeskWay:
    way = next(w for w in entry.ways if w.name == name)
    fields = [entry.field(key) for key in way.fields]
    one_tap = fields[0].key if len(fields) == 1 and fields[0].kind == PLAYER else None
    per_seat = [f for f in fields if f.kind in (FIGURES, ORDER)]
    return DeskWay(way.name, way.title, way.action, one_tap, per_seat, [f for f in fields if f not in per_seat],
                   any(key in table.result for key in way.fields))


@dataclass
class EventLink:
    slug: str
    name: str
    state: str


@dataclass(frozen=True)
class Listed:
    """An event folder as the desk's list of events reads it."""

    slug: str
    event: Event | None  # None: it does not load
    problems: int
    board: Scoreboard | None = None  # its checked board when its last round is played: a finished event names its winner


def event_links(entries: list[Listed]) -> list[EventLink]:
    """Each event folder and where it stands; a finished one as the site's summary says it ("Finished — won by X")."""
    links = []
    for entry in entries:
        event = entry.event
        last = (event.rounds + event.elims)[-1:] if event else []
        state: str
        if entry.problems:
            state = Nn_("{count} problem to fix", "{count} problems to fix", entry.problems)
        elif event is None or not last:
            state = N_("not paired yet")
        elif pending := len(last[0].pending_tables):
            state = Nn_("{round}: {count} table in play", "{round}: {count} tables in play", pending, round=round_name(last[0]))
        elif entry.board and (summary := summarize(event, formats.format_of(event), entry.board)).state == "finished":
            state = summary.status
        else:
            state = N_("{round} complete", round=round_name(last[0]))
        links.append(EventLink(entry.slug, event.name if event else entry.slug, state))
    return links


def problem_line(problem: Problem) -> str:
    """A check's problem as the desk shows it: in the page's language when its message is a `Msg`, else its English
    line (which the templates mark lang="en")."""
    return placed(problem.where, problem.message) if isinstance(problem.message, Msg) else str(problem)


def in_names(message: str, names: dict[str, str]) -> str:
    """A message for the TO with each player id that it names replaced by the player's name ('dan-example' -> Dan
    Example): the games' checks speak in ids, which the files hold, and the desk speaks in names."""
    if isinstance(message, Msg):  # a check's message: its values may name ids (the desk's own name players already)
        return Msg(message.msgid, {key: in_names(v, names) for key, v in message.values.items()}, message.plural, message.number)
    if not names or type(message) is not str:  # a list, a number: nothing to rename
        return message
    ids = re.compile(r"'?(?<![\w-])(" + "|".join(re.escape(pid) for pid in sorted(names, key=len, reverse=True)) + r")(?![\w-])'?")
    return ids.sub(lambda found: names[found[1]], message)
