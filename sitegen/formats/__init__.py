"""The format plug-ins, by the name used in event.yaml's `format:`."""
from __future__ import annotations

from ..model import Event, Problem
from ..text import suggest
from .agot_joust import FORMAT as JOUST
from .agot_melee import FORMAT as MELEE
from .base import Format
from .vtes import FORMAT as VTES

FORMATS: dict[str, Format] = {f.name: f for f in (JOUST, MELEE, VTES)}


def format_of(event: Event) -> Format:
    return FORMATS[event.format]


def validate(event: Event) -> list[Problem]:
    """The format's own checks; an unknown format is itself the problem."""
    if event.format not in FORMATS:
        return [Problem(event.at("format"), f"unknown format '{event.format}'; {suggest(event.format, FORMATS)}")]
    return FORMATS[event.format].validate(event)
