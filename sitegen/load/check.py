"""The one check of an event: the game's rules, then what the rest of the site says of it (players.yaml's names).

`sitegen check`, `build`, `serve`, every edit (through `edit.commit`) and the desk all ask this module, so none of
them accepts an event another refuses. Leagues are checked where the site is read: no event's own files can make a
league file wrong."""
from __future__ import annotations

from collections.abc import Collection, Mapping
from pathlib import Path

from sitegen import games
from sitegen.load.event import content_root, load_event
from sitegen.load.players_and_leagues import name_problems, read_people
from sitegen.load.reader import Collector
from sitegen.model import ContentError, Event, Person, Problem


def event_problems(event: Event, people: tuple[Person, ...]) -> list[Problem]:
    """What is wrong with a loaded event: the game's rules, then its players' names against players.yaml's `people`."""
    return games.validate(event) + name_problems(event, people)


def one_event_problems(event_dir: str | Path, event: Event) -> list[Problem]:
    """`event_problems` for a command on one event: players.yaml is read from the event's content folder (its own
    problems come first, as `sitegen check` would report them too)."""
    root = content_root(Path(event_dir))
    c = Collector(root)
    people = read_people(root, c)
    return c.problems + event_problems(event, people)


def validated(event_dir: str | Path, known: Collection[str] = (), texts: Mapping[Path, str | None] | None = None) -> Event:
    """The event as `sitegen check` sees it, or ContentError; problems whose message is in `known` are let through
    (the loader's never are).

    `texts`: files read as these texts instead (None: as if deleted), to check an edit before it is written."""
    event = load_event(event_dir, texts)
    problems = [p for p in one_event_problems(event_dir, event) if p.message not in known]
    if problems:
        raise ContentError(problems)
    return event
