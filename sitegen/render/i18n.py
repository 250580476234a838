"""The site in the players' language: the gettext catalogs of sitegen/locale/ (made with Babel: see its README),
Jinja's i18n extension on a per-language overlay of the theme's environment, and Babel's CLDR formats for dates and
numbers. English is the source language: its catalog is empty and the English site reads as the templates are written."""
from __future__ import annotations

import datetime
import functools
import gettext
from pathlib import Path
from typing import Any

import jinja2
import jinja2.runtime
import markupsafe
from babel import Locale
from babel.dates import format_date
from babel.numbers import format_decimal
from babel.support import Translations

from sitegen.model import DEFAULT_LANGUAGE
from sitegen.text import Joined, Msg, Num

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"  # shipped in the package, compiled


@functools.cache
def translations(language: str) -> gettext.NullTranslations:
    """The compiled catalog of a language (English: none, its text is the message ids)."""
    if language == DEFAULT_LANGUAGE:
        return gettext.NullTranslations()
    return Translations.load(str(LOCALE_DIR), [language], domain="messages")


def html_lang(language: str) -> str:
    """The BCP 47 tag for `<html lang>`: 'pt_BR' -> 'pt-BR'."""
    return language.replace("_", "-")


def translate(text: Any, language: str) -> Any:
    """A page model's or a game's `Msg` in `language`, its values translated too; a `Num` written the locale's way;
    anything else as it is."""
    if isinstance(text, Msg):
        catalog = translations(language)
        pattern = catalog.ngettext(text.msgid, text.plural, text.number or 0) if text.plural else catalog.gettext(text.msgid)
        return pattern.format(**{k: translate(v, language) for k, v in text.values.items()}) if text.values else pattern
    if isinstance(text, Joined):
        return text.sep.join(str(translate(part, language)) for part in text.parts)
    if isinstance(text, Num) and language != DEFAULT_LANGUAGE:
        return format_decimal(text.value, format="0." + "0" * text.places if text.places else "0", locale=language)
    return text


def local_date(value: str, language: str) -> str:
    """An ISO date ('2026-12-05') as the language writes it ('5 déc. 2026'); the English site keeps the ISO date."""
    if language == DEFAULT_LANGUAGE or not value:
        return value
    try:
        return format_date(datetime.date.fromisoformat(str(value)), format="medium", locale=Locale.parse(language))
    except ValueError:
        return value


# What `install_gettext_translations(newstyle=True)` installs, made here: on an overlay, the extension's install
# method is still bound to the environment it was made for, and would put the catalog into that one's globals.
def _newstyle_gettext(catalog: gettext.NullTranslations) -> Any:
    @jinja2.pass_context
    def gettext(context: jinja2.runtime.Context, message: str, /, **variables: Any) -> str:
        text = catalog.gettext(message)
        return (markupsafe.Markup(text) if context.eval_ctx.autoescape else text) % variables

    return gettext


def _newstyle_ngettext(catalog: gettext.NullTranslations) -> Any:
    @jinja2.pass_context
    def ngettext(context: jinja2.runtime.Context, singular: str, plural: str, count: int, /, **variables: Any) -> str:
        variables.setdefault("num", count)
        text = catalog.ngettext(singular, plural, count)
        return (markupsafe.Markup(text) if context.eval_ctx.autoescape else text) % variables

    return ngettext


def speaking(env: jinja2.Environment) -> jinja2.Environment:
    """`env` (made with `extensions=["jinja2.ext.i18n"]` and a `finalize`) in English, ready for `localized`."""
    env.install_null_translations(newstyle=True)  # type: ignore[attr-defined]  # the English text; localized() for others
    env.globals["lang"] = "en"
    env.filters["local_date"] = str
    env.filters["t"] = lambda value: value
    return env


def localized(env: jinja2.Environment, language: str) -> jinja2.Environment:
    """`env` speaking `language`: an overlay sharing its loader and compiled templates, with the catalog installed
    (`{% trans %}`, `_()`, plural forms), `Msg` and `Num` values translated as they are printed, and `lang`."""
    made: dict[str, jinja2.Environment] = env.__dict__.setdefault("localized_overlays", {})
    if language not in made:
        overlay = env.overlay(finalize=lambda value: translate(value, language))
        overlay.globals, overlay.filters = dict(env.globals), dict(env.filters)  # an overlay shares both dicts otherwise
        catalog = translations(language)
        overlay.globals.update(gettext=_newstyle_gettext(catalog), ngettext=_newstyle_ngettext(catalog))
        overlay.globals["lang"] = html_lang(language)
        overlay.filters["local_date"] = lambda value: local_date(value, language)
        overlay.filters["t"] = lambda value: translate(value, language)
        made[language] = overlay
    return made[language]
