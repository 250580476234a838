"""The validated content model: plain frozen dataclasses, built by `content`, read by everything after it."""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# A mistake and where it is: in sitegen.errors, which a command's start-up reads without the model; found here too.
from sitegen.errors import ContentError as ContentError
from sitegen.errors import Problem as Problem
from sitegen.errors import Where as Where
from sitegen.schema import keys

# The keys every format shares: the content contract (formats add their own; none is ever renamed), from the table of keys.
SITE_KEYS = keys.names(keys.SITE)
EVENT_KEYS = keys.names(keys.EVENT)
#: event.yaml's `decklists:` block: its keys, each with the values it takes (the first one is the default).
DECKLIST_RULE = {key.name: key.values for key in keys.DECKLISTS}
DECKS_FOLDER = "decks"  # released decklists in an event folder: decks/<player-id>.txt
PLAYER_KEYS = keys.names(keys.PLAYER)
ROUND_KEYS = keys.names(keys.ROUND)
TABLE_KEYS = keys.names(keys.TABLE)
#: site.yaml's `reports:`: what happens to a result a player reports through a GitHub issue (`sitegen report`).
REPORTS_REVIEWED = "review"  # the pull request waits for a person to merge it
REPORTS_MERGED = "merge-when-confirmed"  # merged once the opponent comments /confirm
REPORT_MODES = (REPORTS_REVIEWED, REPORTS_MERGED)
#: ... and, beside one of those, who confirms a table of more than two players: every other player of the table (at the
#: desk), an organizer (on GitHub, where each run sees one comment). Without it, one other player confirms any table.
REPORTS_CONFIRM_ALL = "confirm-all"
#: `language:` in site.yaml and event.yaml: the languages the site and the desk ship complete (sitegen/locale/).
LANGUAGES = keys.LANGUAGE_CODES
DEFAULT_LANGUAGE = "en"


@dataclass(frozen=True)
class Player:
    id: str
    name: str
    joined: int = 1  # first round played
    dropped: int | None = None  # last round played
    deck: dict[str, str] = field(default_factory=dict)  # free fields: faction, agenda, ...
    where: Where | None = None
    key_lines: dict[str, int] = field(default_factory=dict)
    table: int | None = None  # a fixed table (`table: 12`, the accessible one): every pairing seats the player there
    github: str | None = None  # the player's GitHub login, to report results through an issue

    def active_in(self, round_number: int) -> bool:
        """Whether the player takes part in preliminary round `round_number`."""
        return self.joined <= round_number and (self.dropped is None or round_number <= self.dropped)


@dataclass(frozen=True)
class Person:
    """A player known across events (content/players.yaml): events that name the same id are the same person."""

    id: str
    name: str
    numbers: dict[str, str]  # a ranking body's member number by its key (V:TES: vekn), for the body's report
    aliases: tuple[str, ...]  # other spellings of the name that events may use
    where: Where
    github: str | None = None  # the player's GitHub login, to report results through an issue


@dataclass(frozen=True)
class Table:
    number: int
    players: tuple[str, ...]
    result: dict[str, Any]  # format-specific result keys (winner, power, vp, ...), validated by the format
    where: Where
    key_lines: dict[str, int] = field(default_factory=dict)

    def at(self, key: str) -> Where:
        """Where one of this table's keys is written (the table itself when the key is absent)."""
        return Where(self.where.path, self.key_lines.get(key, self.where.line))


@dataclass(frozen=True)
class RoundClock:
    """What `sitegen clock` wrote after the start: minutes added, a pause under way, pauses over, time called."""

    extended: int = 0  # minutes added to the round's length (`extended:`)
    paused: str | None = None  # local time the clock was paused at, while it is (`paused:`)
    paused_seconds: int = 0  # how long the pauses that are over lasted (`paused_seconds:`)
    called: str | None = None  # local time the judge called time (`called:`)


@dataclass(frozen=True)
class Round:
    stage: str  # "round" (preliminary), "elim" (elimination) or "final"
    number: int
    tables: tuple[Table, ...]
    where: Where
    byes: tuple[str, ...] = ()
    sitting_out: tuple[str, ...] = ()
    start: str | None = None  # local start time as written, e.g. "2026-11-22 14:00"
    minutes: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    key_lines: dict[str, int] = field(default_factory=dict)  # where byes, sitting_out ... are written
    chosen_byes: tuple[str, ...] = ()  # those of `byes` the organizer chose (`pair --bye`), not the rules
    clock: RoundClock | None = None  # the clock's changes after the start: extended, paused, called
    seed: int | None = None  # the event's seed when `pair` wrote the round: its draws used it (`check` compares)

    @property
    def has_result(self) -> bool:
        """Whether any table holds a result: until then the round may be paired again with late changes."""
        return any(t.result for t in self.tables)

    def at(self, key: str) -> Where:
        """Where one of the round file's keys is written (line 1 when the key is absent)."""
        return Where(self.where.path, self.key_lines.get(key, self.where.line))

    @functools.cached_property
    def slug(self) -> str:
        """Made once per round (a frozen record): pages key players' rounds, tables and links by it, per seat and row."""
        return self.stage if self.stage == "final" else f"{self.stage}-{self.number}"

    @property
    def pending_tables(self) -> tuple[Table, ...]:
        return tuple(t for t in self.tables if not t.result)

    @property
    def complete(self) -> bool:
        return not self.pending_tables

    def seated(self) -> list[str]:
        return [p for t in self.tables for p in t.players]


@dataclass(frozen=True)
class DecklistRule:
    """event.yaml's `decklists:`: whether players register a list, whose lists the site shows, and from when."""

    collect: str = "none"  # none | optional | required (required: pairing round 1 names those without a legal list)
    publish: str = "never"  # never | winner | cut | all
    when: str = "after-event"  # after-event | after-cut


@dataclass(frozen=True)
class Event:
    slug: str
    name: str
    format: str
    date: str
    seed: int
    players: tuple[Player, ...]
    rounds: tuple[Round, ...]  # preliminary rounds, in order
    elims: tuple[Round, ...]  # elimination rounds (or the single final), in order
    where: Where
    planned_rounds: int | None = None  # `rounds:` from event.yaml; None = the format's default
    cut: int | None = None  # `cut:` from event.yaml; None = the format's default
    avoid: tuple[frozenset[str], ...] = ()
    timezone: str = ""  # IANA name the round start times are written in; "" = the site's
    minutes: int | None = None  # a round's length when its file does not say; None = the format's default
    options: dict[str, Any] = field(default_factory=dict)  # format-specific event keys (final, multideck, ...)
    key_lines: dict[str, int] = field(default_factory=dict)
    language: str = ""  # `language:` of event.yaml, one of LANGUAGES; "" = the site's
    decklists: DecklistRule = DecklistRule()
    released_decks: dict[str, str] = field(default_factory=dict)  # player id -> the text of decks/<player-id>.txt
    #: One list per round (V:TES multi-deck): player id -> round key ("round-2", "final") -> decks/<player-id>.<key>.txt
    released_round_decks: dict[str, dict[str, str]] = field(default_factory=dict)
    chosen_bye: str | None = None  # not content: the bye `pair --bye` asks of the pairing being made

    @functools.cached_property
    def player_by_id(self) -> dict[str, Player]:
        """Made once per event (a frozen record): pages look players up by id once per seat and per row."""
        return {p.id: p for p in self.players}

    def at(self, key: str) -> Where:
        return Where(self.where.path, self.key_lines.get(key, self.where.line))


@dataclass(frozen=True)
class Page:
    slug: str
    title: str
    order: int
    body_markdown: str
    where: Where


@dataclass(frozen=True)
class League:
    """A season (content/leagues/SLUG.yaml): the events it counts and how their results add up."""

    slug: str
    name: str
    event_slugs: tuple[str, ...]  # the events listed by folder name; empty when chosen by the filter below
    format: str | None  # filter: the events of this format ...
    start: str | None  # ... dated on or after this day ...
    end: str | None  # ... and on or before this one
    scheme: str  # "places" (points by final place) or "vekn-rating" (V:EKN rating points)
    points: tuple[int, ...]  # points for final place 1, 2, ...
    points_after: int  # for any place past the table
    participation: int  # for playing an event at all
    best: int | None  # the best this many results count; None: all of them
    months: int | None  # only results of the last this many months (before the league's latest event) count
    tiebreakers: tuple[str, ...]
    where: Where

    def counts(self, slug: str, format_name: str, date: str) -> bool:
        """Whether an event belongs to this league (its results may still be dropped: best N, window)."""
        if self.event_slugs:
            return slug in self.event_slugs
        return ((self.format is None or format_name == self.format) and (self.start is None or date >= self.start)
                and (self.end is None or date <= self.end))


@dataclass(frozen=True)
class Site:
    title: str
    base_url: str
    theme: str
    root: str  # the content directory
    events: tuple[Event, ...]
    pages: tuple[Page, ...]
    options: dict[str, Any] = field(default_factory=dict)
    key_lines: dict[str, int] = field(default_factory=dict)  # site.yaml's keys, for error lines
    people: tuple[Person, ...] = ()  # content/players.yaml
    leagues: tuple[League, ...] = ()  # content/leagues/*.yaml
    organizers: tuple[str, ...] = ()  # GitHub logins that may report any table's result
    reports: str = REPORTS_REVIEWED  # one of REPORT_MODES
    confirm_all: bool = False  # `reports: confirm-all`: a table of more than two players is confirmed by all of them
    language: str = DEFAULT_LANGUAGE  # `language:` of site.yaml, one of LANGUAGES
    image_sources: tuple[str, ...] = ()  # web origins a page may show images from besides the site itself

    def language_of(self, event: Event | None) -> str:
        """The language an event's pages are written in: its own `language:`, else the site's."""
        return (event.language if event else "") or self.language

    def at(self, key: str) -> Where:
        return Where(str(Path(self.root) / "site.yaml"), self.key_lines.get(key, 1))
