"""The format plug-ins, by the name used in event.yaml's `format:`.

The registry is loaded on first use (PEP 562's module `__getattr__`): importing `sitegen.games.base` or any shared
module below the games loads no game, so a command that needs none (`sitegen check --help`) starts fast."""
from __future__ import annotations

import functools
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sitegen.language import Catalog, speaks, use_game_catalogs
from sitegen.model import Event, Problem
from sitegen.text import N_, suggest

if TYPE_CHECKING:
    from sitegen.games.base import Format, RankingBody

    FORMATS: dict[str, Format]
    DEFAULT_FORMAT: str  # what `sitegen new` makes without --format
    #: The ranking bodies of the games, by the league scheme that counts their rating points: (the game's name, the body).
    RANKING_BODIES: dict[str, tuple[str, RankingBody]]


def _load() -> dict[str, Any]:
    """The registry itself: every game, imported here and only here."""
    from sitegen.games.agot.joust.game import FORMAT as JOUST
    from sitegen.games.agot.melee.game import FORMAT as MELEE
    from sitegen.games.vtes.game import FORMAT as VTES

    formats = {f.name: f for f in (JOUST, MELEE, VTES)}
    bodies = {f.ranking_body.scheme: (f.name, f.ranking_body) for f in formats.values() if f.ranking_body}
    return {"FORMATS": formats, "DEFAULT_FORMAT": JOUST.name, "RANKING_BODIES": bodies}


def __getattr__(name: str) -> Any:
    if name not in ("FORMATS", "DEFAULT_FORMAT", "RANKING_BODIES"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals().update(_load())  # kept: the next look-up finds the module's own global
    return globals()[name]


def _formats() -> dict[str, Format]:
    registry: dict[str, Format] = sys.modules[__name__].FORMATS  # through __getattr__ the first time
    return registry


def catalogs() -> tuple[Catalog, ...]:
    """Every registered game's own catalogs (`Format.catalog`), each once: merged over the core's wherever text is
    translated (asked for each message shown: kept for the games registered now)."""
    return _catalogs_of(tuple(_formats().values()))


@functools.cache
def _catalogs_of(registered: tuple[Format, ...]) -> tuple[Catalog, ...]:
    return tuple(dict.fromkeys(fmt.catalog for fmt in registered))


use_game_catalogs(catalogs)


def template_dirs() -> list[Path]:
    """Every game's own template folders, each once."""
    return list(dict.fromkeys(folder for fmt in _formats().values() for folder in fmt.templates))


def format_of(event: Event) -> Format:
    return _formats()[event.format]


def validate(event: Event) -> list[Problem]:
    """The format's own checks; an unknown format is itself the problem."""
    formats = _formats()
    if event.format not in formats:
        return [Problem(event.at("format"), N_("unknown format '{format}'; {hint}", format=event.format, hint=suggest(event.format, formats)))]
    return formats[event.format].validate(event)


def untranslated(event: Event, language: str) -> list[Problem]:
    """A game whose catalogs lack the event's language shows its words in English: `check` says so (nothing refused)."""
    fmt = _formats().get(event.format)
    if fmt is None or speaks(fmt.catalog, language):
        return []
    return [Problem(event.at("format"), f"the {fmt.name} format's words are not translated into '{language}': "
                                        "its labels, results and rules pages show in English")]
