"""The site in the players' language in its templates: Jinja's i18n extension on a per-language overlay of the
theme's environment, reading the catalogs and formats of `sitegen.language`."""
from __future__ import annotations

from typing import Any

import jinja2
import jinja2.runtime
import markupsafe

from sitegen.language import LOCALE_DIR, MACHINE_TRANSLATED, in_sentence, language_tag, local_date, translate, translations
from sitegen.model import DEFAULT_LANGUAGE

__all__ = ["LOCALE_DIR", "localized", "speaking"]


# What `install_gettext_translations(newstyle=True)` installs, made here: on an overlay, the extension's install
# method is still bound to the environment it was made for, and would put the catalog into that one's globals. The
# values put into a message (`{% trans rule=format.elimination.order_rule %}`) are translated too: `finalize` sees only `{{ }}`.
# They take the evaluation context, not the whole context: Jinja makes a copy of the whole for each call in a block
# or loop (700 an event), and all they read is whether the page escapes.
def _fill(eval_ctx: jinja2.nodes.EvalContext, text: str, variables: dict[str, Any], language: str) -> str:
    if not variables and "%" not in text:  # most messages: nothing to put in, no `%%` to turn into `%`
        return markupsafe.Markup(text) if eval_ctx.autoescape else text
    values = {key: translate(value, language) for key, value in variables.items()}
    return (markupsafe.Markup(text) if eval_ctx.autoescape else text) % values


def _newstyle_gettext(language: str) -> Any:
    catalog = translations(language)

    @jinja2.pass_eval_context
    def gettext(eval_ctx: jinja2.nodes.EvalContext, message: str, /, **variables: Any) -> str:
        return _fill(eval_ctx, catalog.gettext(message), variables, language)

    return gettext


def _newstyle_ngettext(language: str) -> Any:
    catalog = translations(language)

    @jinja2.pass_eval_context
    def ngettext(eval_ctx: jinja2.nodes.EvalContext, singular: str, plural: str, count: int, /, **variables: Any) -> str:
        variables.setdefault("num", count)
        return _fill(eval_ctx, catalog.ngettext(singular, plural, count), variables, language)

    return ngettext


def speaking(env: jinja2.Environment) -> jinja2.Environment:
    """`env` (made with `extensions=["jinja2.ext.i18n"]`) in English, ready for `localized`."""
    env.install_null_translations(newstyle=True)  # type: ignore[attr-defined]  # the extension compiles {% trans %} newstyle
    # The English text by the same functions as the other languages' (no `context.call`, no `%` on a message that has
    # no values): a page calls them for every message it shows.
    env.globals.update(gettext=_newstyle_gettext(DEFAULT_LANGUAGE), ngettext=_newstyle_ngettext(DEFAULT_LANGUAGE))
    env.globals["lang"] = "en"
    env.filters["local_date"] = str
    env.filters["t"] = lambda value: value
    env.filters["in_sentence"] = lambda value: in_sentence(value, DEFAULT_LANGUAGE)
    env.globals["machine_made"] = False  # the rules pages' prose: written in English
    return env


def localized(env: jinja2.Environment, language: str) -> jinja2.Environment:
    """`env` speaking `language`: an overlay sharing its loader, with the catalog installed (`{% trans %}`, `_()`, plural
    forms), `Msg`, `Num` and `Zone` values translated as they are printed (its `finalize`: the templates' code compiled
    for it prints every value through it, which `env`'s code for English need not), and `lang`."""
    if language == DEFAULT_LANGUAGE:  # the text as the code and templates write it: `env` itself, no value to translate
        return env
    made: dict[str, jinja2.Environment] = env.__dict__.setdefault("localized_overlays", {})
    if language not in made:
        overlay = env.overlay(finalize=lambda value: translate(value, language))
        overlay.globals, overlay.filters = dict(env.globals), dict(env.filters)  # an overlay shares both dicts otherwise
        overlay.globals.update(gettext=_newstyle_gettext(language), ngettext=_newstyle_ngettext(language))
        overlay.globals["lang"] = language_tag(language)
        overlay.globals["machine_made"] = language in MACHINE_TRANSLATED
        overlay.filters["local_date"] = lambda value: local_date(value, language)
        overlay.filters["t"] = lambda value: translate(value, language)
        overlay.filters["in_sentence"] = lambda value: in_sentence(str(value), language)
        made[language] = overlay
    return made[language]
