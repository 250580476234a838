"""Load what spans events: content/players.yaml (players known across events) and content/leagues/*.yaml.

Both are optional; every problem is reported at its `path:line` like the rest of the content.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from sitegen import games as formats
from sitegen.games import FORMATS
from sitegen.load.event import is_date
from sitegen.load.reader import FAILED, Collector, visible
from sitegen.load.yaml_reader import LineDict, LineList
from sitegen.model import ContentError, Event, League, Person, Problem, Where
from sitegen.schema import keys
from sitegen.text import N_, suggest

PEOPLE_FILE = "players.yaml"
#: A ranking body's member number (V:TES: vekn) by its key, for each body a game declares.
NUMBERS = {body.number_key: body for _game, body in formats.RANKING_BODIES.values()}
PERSON_KEYS = (*keys.names(keys.PERSON), *NUMBERS)
LEAGUE_KEYS = ("name", "events", "scheme", "points", "points_after", "participation", "best", "tiebreakers")
FILTER_KEYS = ("format", "from", "to")

#: The points schemes: `places` reads the league's own table; a ranking body's scheme (V:TES: vekn-rating) its rating points.
SCHEMES = {
    "places": N_("points by final place, from the league's table"),
    **{scheme: body.scheme_text for scheme, (_game, body) in formats.RANKING_BODIES.items()},
}

#: Tiebreakers a league may list, in the words the league page uses; each one better is first.
TIEBREAKERS = {
    "events": N_("more events played"),
    "best-place": N_("the better single best place"),
    "head-to-head": N_("more finishes ahead of the other tied players, over the events they played together"),
}
DEFAULT_TIEBREAKERS = ("events", "best-place", "head-to-head")


def load_people(root: Path) -> tuple[Person, ...]:
    """players.yaml alone (for `sitegen export`); raises ContentError."""
    c = Collector(root)
    people = read_people(root, c)
    if c.problems:
        raise ContentError(c.problems)
    return people


def read_people(root: Path, c: Collector) -> tuple[Person, ...]:
    path = root / PEOPLE_FILE
    shown = str(path)
    if not path.exists() and not path.is_symlink():
        return ()
    raw = c.read(path, shown)
    data = c.mapping(raw, Where(shown, 1), PEOPLE_FILE) if raw is not FAILED else None
    if data is None:
        return ()
    c.unknown_keys(data, keys.names(keys.PEOPLE), shown, PEOPLE_FILE)
    entries = data.get("players")
    if not isinstance(entries, LineList):
        c.add(Where(shown, data.key_lines.get("players", 1)), N_("players.yaml needs a 'players:' list, one '- {id: ..., name: ...}' per player"))
        return ()
    people: list[Person] = []
    lines: dict[str, int] = {}  # each id, name spelling and member number seen: where
    for line, entry in zip(entries.item_lines, entries):
        person = _person(entry, Where(shown, line), c)
        if person is None:
            continue
        numbers = [(f"{NUMBERS[key].name} number", value) for key, value in person.numbers.items()]
        login = [("GitHub login", person.github.lower())] if person.github else []  # GitHub ignores case
        for kind, value in [("id", person.id), *[("alias", a) for a in person.aliases], *numbers, *login]:
            if value is None:
                continue
            seen = lines.get(f"{kind}\0{value}")
            if seen:
                c.add(Where(shown, line), N_("the {kind} '{value}' is already given at line {line}; each player has their own",
                                             kind=kind, value=value, line=seen))
            lines[f"{kind}\0{value}"] = line
        people.append(person)
    return tuple(people)


def _person(entry: Any, where: Where, c: Collector) -> Person | None:
    data = c.mapping(entry, where, "each player")
    if data is None:
        return None
    before = len(c.problems)
    c.unknown_keys(data, PERSON_KEYS, where.path, "a player")
    c.no_empty_values(data, where.path)
    pid = c.identifier(data.get("id"), Where(where.path, data.key_lines.get("id", data.line)), "'id'") if "id" in data else None
    if "id" not in data:
        c.add(where, N_("missing 'id': the id the events give this player, e.g. 'id: alex-morgan'"))
    name = c.text(data, "name", where.path, required=True)
    numbers = {key: str(data[key]) for key in NUMBERS if data.get(key) is not None}
    for key, number in numbers.items():
        if problem := NUMBERS[key].number_problem(number):
            c.add(Where(where.path, data.key_lines[key]), problem)
    aliases = data.get("aliases", [])
    if not isinstance(aliases, list) or not all(isinstance(a, str) and a for a in aliases):
        c.add(Where(where.path, data.key_lines.get("aliases", data.line)), N_("'aliases' must be a list of names, e.g. aliases: [Alex M., Sandy Morgan]"))
        aliases = []
    for alias in aliases:
        c.one_line(alias, Where(where.path, data.key_lines["aliases"]), N_("an alias"))
    github = c.login(data, "github", where.path)
    if len(c.problems) > before or pid is None:
        return None
    return Person(pid, name, numbers, tuple(aliases), Where(where.path, data.line), github)


def name_problems(event: Event, people: tuple[Person, ...]) -> list[Problem]:
    """An event player whose id players.yaml knows must carry its name or one of its aliases: otherwise two different
    people share an id, or the name is misspelled, and their results would be merged."""
    known = {p.id: p for p in people}
    problems = []
    for player in event.players:
        person = known.get(player.id)
        if person and player.name != person.name and player.name not in person.aliases:
            problems.append(Problem(player.where or event.where, (
                f"player '{player.id}' is named '{player.name}' here but '{person.name}' in {person.where}; write the same name, "
                f"add '{player.name}' to its aliases if it is the same person, or give this player another 'id'")))
    return problems


def read_leagues(root: Path, events: set[str], c: Collector) -> tuple[League, ...]:
    folder = root / "leagues"
    if not c.folder(folder):
        return ()
    leagues = []
    for path in visible(folder):
        if path.suffix != ".yaml":
            c.add(Where(str(path), 1), N_("not a league file; name it {name}.yaml (leagues/ holds one SLUG.yaml per league)", name=path.stem))
            continue
        league = _league(path, events, c)
        if league:
            leagues.append(league)
    return tuple(leagues)


def _league(path: Path, events: set[str], c: Collector) -> League | None:
    shown = str(path)
    before = len(c.problems)
    slug = c.identifier(path.stem, Where(shown, 1), N_("the league's file name (it becomes its address)"))
    raw = c.read(path, shown)
    data = c.mapping(raw, Where(shown, 1), "a league file") if raw is not FAILED else None
    if data is None:
        return None
    c.unknown_keys(data, LEAGUE_KEYS, shown, "a league file")
    c.no_empty_values(data, shown)
    def at(key: str) -> Where:
        return Where(shown, data.key_lines.get(key, data.line))

    name = c.text(data, "name", shown, required=True)
    scheme = c.text(data, "scheme", shown, default="places")
    if scheme not in SCHEMES:
        c.add(at("scheme"), N_("unknown scheme '{scheme}'; {hint}", scheme=scheme, hint=suggest(scheme, SCHEMES)))
    slugs, filters = _events(data, at, events, c)
    game, body = formats.RANKING_BODIES.get(scheme, (None, None))
    rating = body is not None
    if game and body:
        for key in ("points", "points_after", "participation"):
            if key in data:
                c.add(at(key), N_("the {scheme} scheme gives {body} rating points; remove '{key}'", scheme=scheme, body=body.name, key=key))
        if filters.get("format", game) != game or slugs:
            c.add(at("events"), N_("the {scheme} scheme counts {game} events; write 'events: {{format: {format}}}'",
                                             scheme=scheme, game=formats.FORMATS[game].title, format=game))
    points = _points(data, at, c) if not rating else ()
    if not rating and "points" not in data:
        c.add(Where(shown, data.line), N_("missing 'points': the points for 1st, 2nd, ... place, e.g. 'points: [10, 8, 6, 5, 4]'"))
    tiebreakers = data.get("tiebreakers", list(DEFAULT_TIEBREAKERS))
    if not isinstance(tiebreakers, list) or not all(isinstance(t, str) and t in TIEBREAKERS for t in tiebreakers) \
            or len(set(tiebreakers)) < len(tiebreakers):
        c.add(at("tiebreakers"), N_("'tiebreakers' is a list of different ones among {names}, e.g. "
                                    "tiebreakers: [events, best-place, head-to-head]", names=", ".join(TIEBREAKERS)))
    best = c.integer(data, "best", shown, minimum=1)
    if len(c.problems) > before or slug is None:
        return None
    return League(slug, name, slugs, filters.get("format", game), filters.get("from"),
                  filters.get("to"), scheme, points, c.integer(data, "points_after", shown) or 0,
                  c.integer(data, "participation", shown) or 0, best or (body.best if body else None),
                  body.months if body else None, tuple(tiebreakers), Where(shown, 1))


def _events(data: LineDict, at: Callable[[str], Where], events: set[str], c: Collector) -> tuple[tuple[str, ...], dict[str, str]]:
    """The listed event folders, or the filter (format, from, to)."""
    raw = data.get("events")
    if isinstance(raw, LineList):
        for line, slug in zip(raw.item_lines, raw):
            if slug not in events:
                c.add(Where(at("events").path, line), N_("no event folder named '{slug}'; {hint}", slug=slug, hint=suggest(str(slug), events)))
        return tuple(str(s) for s in raw), {}
    if not isinstance(raw, LineDict):
        c.add(at("events"), N_("'events' lists the event folders ('events: [night-1, night-2]') or filters them "
                               "('events: {{format: {format}, from: 2026-09-01, to: 2026-12-31}}')", format=formats.DEFAULT_FORMAT))
        return (), {}
    c.unknown_keys(raw, FILTER_KEYS, at("events").path, "the events filter")
    filters = {str(k): str(v) for k, v in raw.items() if k in FILTER_KEYS}
    def where(key: str) -> Where:
        return Where(at("events").path, raw.key_lines.get(key, raw.line))

    if "format" in filters and filters["format"] not in FORMATS:
        c.add(where("format"), N_("unknown format '{format}'; {hint}", format=filters["format"], hint=suggest(filters["format"], FORMATS)))
    for key in ("from", "to"):
        if key in filters and not is_date(filters[key]):
            c.add(where(key), N_("'{key}: {value}' is not a date; write it as YYYY-MM-DD", key=key, value=filters[key]))
    if is_date(filters.get("from", "")) and is_date(filters.get("to", "")) and filters["from"] > filters["to"]:
        c.add(where("to"), N_("'to: {to}' comes before 'from: {start}'", to=filters["to"], start=filters["from"]))
    return (), filters


def _points(data: LineDict, at: Callable[[str], Where], c: Collector) -> tuple[int, ...]:
    raw = data.get("points", [])
    if not isinstance(raw, list) or not raw or not all(isinstance(p, int) and not isinstance(p, bool) and p >= 0 for p in raw):
        c.add(at("points"), N_("'points' is a list of whole numbers for 1st, 2nd, ... place, e.g. 'points: [10, 8, 6, 5, 4]'"))
        return ()
    return tuple(raw)
