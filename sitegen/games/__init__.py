"""The format plug-ins, by the name used in event.yaml's `format:`."""
from __future__ import annotations

from pathlib import Path

from sitegen.games.agot.joust.game import FORMAT as JOUST
from sitegen.games.agot.melee.game import FORMAT as MELEE
from sitegen.games.base import Format, RankingBody
from sitegen.games.vtes.game import FORMAT as VTES
from sitegen.model import Event, Problem
from sitegen.text import suggest

FORMATS: dict[str, Format] = {f.name: f for f in (JOUST, MELEE, VTES)}
DEFAULT_FORMAT = JOUST.name  # what `sitegen new` makes without --format


#: The ranking bodies of the games, by the league scheme that counts their rating points: (the game's name, the body).
RANKING_BODIES: dict[str, tuple[str, RankingBody]] = {f.ranking_body.scheme: (f.name, f.ranking_body) for f in FORMATS.values() if f.ranking_body}


def template_dirs() -> list[Path]:
    """Every game's own template folders, each once."""
    return list(dict.fromkeys(folder for fmt in FORMATS.values() for folder in fmt.templates))


def format_of(event: Event) -> Format:
    return FORMATS[event.format]


def validate(event: Event) -> list[Problem]:
    """The format's own checks; an unknown format is itself the problem."""
    if event.format not in FORMATS:
        return [Problem(event.at("format"), f"unknown format '{event.format}'; {suggest(event.format, FORMATS)}")]
    return FORMATS[event.format].validate(event)
