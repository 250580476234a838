"""Text in the players' language, wherever it is made: the gettext catalogs of sitegen/locale/ (made with Babel: see
its README), each game's own catalogs merged over them, and Babel's CLDR formats for dates, numbers and time zones.
The renderer (render.i18n) installs these into Jinja; the feed, written without a template, calls `translate` itself.
English is the source language: its catalog is empty and the English site reads as the code writes it."""
from __future__ import annotations

import datetime
import functools
import gettext
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sitegen.model import DEFAULT_LANGUAGE
from sitegen.text import Joined, Msg, Num, When, Zone

LOCALE_DIR = Path(__file__).resolve().parent / "locale"  # shipped in the package, compiled
# The languages whose rules-page explanations were translated by machine, which no native speaker has read yet: their
# rules pages say so. Take a language out once someone who speaks it has checked its catalog's rules messages.
MACHINE_TRANSLATED = frozenset({"fr", "es", "it", "de", "pt_BR", "pl"})


# The languages that write every noun with a capital, mid-sentence too: a title put inside a sentence keeps its case.
CAPITALISED_NOUNS = frozenset({"de"})

CORE_DOMAIN = "messages"
#: A game's catalogs: its gettext domain and the folder holding `<language>/LC_MESSAGES/<domain>.mo`.
Catalog = tuple[str, Path]
_game_catalogs: list[Callable[[], tuple[Catalog, ...]]] = []


def use_game_catalogs(source: Callable[[], tuple[Catalog, ...]]) -> None:
    """Where the games' catalogs come from: the games' registry, which lies above this module, says so when it loads
    (each call of `source` lists the catalogs of the games registered then)."""
    _game_catalogs[:] = [source]


def translations(language: str) -> gettext.NullTranslations:
    """A language's compiled catalog: the core's, with every registered game's merged over it (English: none, its text
    is the message ids)."""
    games = _game_catalogs[0]() if _game_catalogs else ()
    recent = _recent.get(language)
    if recent is None or recent[0] is not games:  # asked for every message shown: the registry's same tuple, or a new one
        recent = _recent[language] = (games, _merged(language, games))
    return recent[1]


_recent: dict[str, tuple[tuple[Catalog, ...], gettext.NullTranslations]] = {}


# Babel is imported where a language other than English is used: the commands at the venue (`pair`, `result`) load
# the games, and with them this module, but speak English only.
@functools.cache
def _merged(language: str, games: tuple[Catalog, ...]) -> gettext.NullTranslations:
    if language == DEFAULT_LANGUAGE:
        return gettext.NullTranslations()
    from babel.support import Translations

    catalog = Translations.load(str(LOCALE_DIR), [language], domain=CORE_DOMAIN)
    for domain, folder in games:
        own = Translations.load(str(folder), [language], domain=domain)  # a game without this language: nothing
        if isinstance(catalog, Translations) and isinstance(own, Translations):
            catalog.merge(own)
    return catalog


def speaks(catalog: Catalog, language: str) -> bool:
    """Whether a game's catalogs hold `language` (English always: the game's code writes it); without them the game's
    words show in English."""
    domain, folder = catalog
    return language == DEFAULT_LANGUAGE or (folder / language / "LC_MESSAGES" / f"{domain}.mo").is_file()


def language_tag(language: str) -> str:
    """The BCP 47 tag of `<html lang>` and `xml:lang`: 'pt_BR' -> 'pt-BR'."""
    return language.replace("_", "-")


def translate(text: Any, language: str) -> Any:
    """A page model's or a game's `Msg` in `language`, its values translated too; each part of a `Joined` list; a `Num`
    and a `When` written the locale's way, a `Zone` named by its city in the language ("Varsovie"); anything else as it is."""
    if isinstance(text, Msg):
        catalog = translations(language)
        pattern = catalog.ngettext(text.msgid, text.plural, text.number or 0) if text.plural else catalog.gettext(text.msgid)
        return pattern.format(**{k: translate(v, language) for k, v in text.values.items()}) if text.values else pattern
    if isinstance(text, Joined):
        return text.sep.join(str(translate(part, language)) for part in text.parts)
    if language == DEFAULT_LANGUAGE or not isinstance(text, (Num, When, Zone)):
        return text
    return _formatted(text, language)


def _formatted(text: Num | When | Zone, language: str) -> str:
    """A number, a time or a time zone the locale's way (CLDR's, through Babel)."""
    from babel.dates import format_datetime, get_timezone, get_timezone_location
    from babel.numbers import format_decimal

    if isinstance(text, Num):
        return format_decimal(text.value, format="0." + "0" * text.places if text.places else "0", locale=language)
    if isinstance(text, When):
        return format_datetime(datetime.datetime.fromisoformat(text), format="short", locale=language)
    return get_timezone_location(get_timezone(text.name), locale=language, return_city=True)


def in_sentence(title: str, language: str) -> str:
    """A translated title ("Bracket", "Turnierbaum") as it reads inside a sentence: in lower case ("bracket"), but
    as it is in a language whose nouns keep their capital ("Turnierbaum")."""
    return title if language in CAPITALISED_NOUNS else title.lower()


def local_date(value: str, language: str) -> str:
    """An ISO date ('2026-12-05') as the language writes it ('5 déc. 2026'); the English site keeps the ISO date."""
    if language == DEFAULT_LANGUAGE or not value:
        return value
    from babel import Locale
    from babel.dates import format_date

    try:
        return format_date(datetime.date.fromisoformat(str(value)), format="medium", locale=Locale.parse(language))
    except ValueError:
        return value
