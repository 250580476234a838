"""The desk's "New event": what `sitegen new` writes (`edit.scaffold.new_event`, with its checks), from a form: the
game, the name, the date, the players one a line, and the rounds and the cut (blank: the rules' own, by the number of
players, fixed when round 1 is paired). The event's folder, and so its address, is made from its name."""
from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path

from babel import Locale

from sitegen import games as formats
from sitegen.desk.actions import Form, value
from sitegen.edit.lock import content_lock
from sitegen.edit.scaffold import new_event
from sitegen.games.base import Refused
from sitegen.schema.keys import LANGUAGE_CODES
from sitegen.text import N_, Msg, Nn_, readable_id


@dataclass(frozen=True)
class NewEventForm:
    """What the index page's form offers: each game (its `format:` name and title), today's date and each language (its
    code and its name in itself: a TO picks the players' language by its own name)."""

    games: list[tuple[str, str]]
    today: str
    languages: list[tuple[str, str]]


def new_event_form(today: datetime.date) -> NewEventForm:
    languages = [(code, Locale.parse(code).get_display_name(code) or code) for code in LANGUAGE_CODES]
    return NewEventForm(sorted((name, fmt.title) for name, fmt in formats.FORMATS.items()), today.isoformat(), languages)


def create_event(content: Path, form: Form) -> tuple[str, Msg]:
    """The new event's folder name and what to tell the TO; Refused (nothing written) when the form is not right."""
    name = value(form, "name")
    slug = readable_id(name)
    if not slug:
        raise Refused(N_("Give the event a name (its address is made from it)."))
    players = [line.strip() for line in value(form, "players").splitlines() if line.strip()]
    folder = content / "events" / slug
    with content_lock(folder):
        if folder.exists():
            raise Refused(N_("There is already an event called {slug}: give this one another name.", slug=slug))
        new_event(folder, fmt=value(form, "format"), date=value(form, "date"), name=name, players=players,
                  rounds=_optional(value(form, "rounds"), N_("Rounds")), cut=_optional(value(form, "cut"), N_("Cut")),
                  language=value(form, "language") or None)
    return slug, Nn_("{name} is ready with {count} player: pair round 1 when everyone is here.",
                     "{name} is ready with {count} players: pair round 1 when everyone is here.", len(players), name=name)


def _optional(text: str, what: str) -> int | None:
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise Refused(N_("{what}: '{text}' is not a whole number.", what=what, text=text)) from None
