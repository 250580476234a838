"""`make locale`: every gettext domain's catalogs after a change of wording. The core's messages are extracted from the
package without the games' folders (sitegen/locale/, domain `messages`), each game's from its own folder (its
`locale/`, its domain: `Format.catalog`); each language's .po is merged with them and compiled to the .mo sitegen reads.

    python tools/catalogs.py [PLUG-IN FOLDER ...]   # also a game plug-in outside the package (tests/toy)

Running it again changes nothing: the POT-Creation-Date is pinned (git keeps the history)."""
from __future__ import annotations

import datetime
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sitegen import games  # noqa: E402
from sitegen.language import CORE_DOMAIN, LOCALE_DIR  # noqa: E402
from sitegen.model import DEFAULT_LANGUAGE, LANGUAGES  # noqa: E402

KEYWORDS = {"N_": None, "Nn_": (1, 2), "gettext": None, "ngettext": (1, 2), "_": None}
OPTIONS = {"**/templates/**.html": {"extensions": "jinja2.ext.i18n", "trimmed": "false"}}
PINNED = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)


@dataclass(frozen=True)
class Domain:
    name: str
    source: Path  # the folder its messages are extracted from
    locale: Path  # <locale>/<domain>.pot, <locale>/<language>/LC_MESSAGES/<domain>.po and .mo
    skip: tuple[Path, ...] = ()  # folders under `source` that are other domains'


def domains(plugins: list[Path]) -> list[Domain]:
    """The core, then each registered game (a game whose package lies in sitegen/games/), then each plug-in folder."""
    own = [Domain(name, folder.parent, folder) for name, folder in games.catalogs()]
    own += [Domain(folder.name, folder, folder / "locale") for folder in plugins]
    core = Domain(CORE_DOMAIN, LOCALE_DIR.parent, LOCALE_DIR, tuple(d.source for d in own if LOCALE_DIR.parent in d.source.parents))
    return [core, *own]


def messages(domain: Domain) -> dict[str | tuple[str, str], list[str]]:
    """The messages the domain's Python (N_, Nn_) and templates ({% trans %}) mark, each with its auto comments."""
    method_map = [(f"{skip.relative_to(domain.source).as_posix()}/**", "ignore") for skip in domain.skip]
    method_map += [("**.py", "python"), ("**/templates/**.html", "jinja2")]
    found: dict[str | tuple[str, str], list[str]] = {}
    for _file, _line, message, comments, _context in extract_from_dir(str(domain.source), method_map, OPTIONS, KEYWORDS):
        found.setdefault(message if isinstance(message, str) else (message[0], message[1]), []).extend(comments)
    return found


def template(domain: Domain) -> Catalog:
    pot = Catalog(domain=domain.name, project="sitegen", version="0.1.0", creation_date=PINNED)
    for message, comments in messages(domain).items():
        pot.add(message, None, auto_comments=comments)
    return pot


def update(domain: Domain) -> None:
    """The .pot written again, each language's .po merged with it (untranslated messages empty; English's are their
    ids, the source text) and compiled."""
    domain.locale.mkdir(parents=True, exist_ok=True)
    with open(domain.locale / f"{domain.name}.pot", "wb") as f:
        write_po(f, template(domain), no_location=True, omit_header=True, sort_output=True)
    for language in LANGUAGES:
        folder = domain.locale / language / "LC_MESSAGES"
        folder.mkdir(parents=True, exist_ok=True)
        po = _started(domain, language)
        with open(domain.locale / f"{domain.name}.pot", "rb") as f:  # as written (sorted, the file's flags); read for each
            po.update(read_po(f), no_fuzzy_matching=True)             # language, as `update` adds the template's own messages
        po.creation_date = PINNED
        core = _core_translations(language) if domain.name != CORE_DOMAIN else {}
        for message in po:
            if message.id and not any(message.string if isinstance(message.string, tuple) else [message.string]):
                message.string = message.id if language == DEFAULT_LANGUAGE else core.get(message.id, message.string)
        with open(folder / f"{domain.name}.po", "wb") as f:
            write_po(f, po, ignore_obsolete=True, width=0)
        with open(folder / f"{domain.name}.mo", "wb") as f:
            write_mo(f, po)


def _started(domain: Domain, language: str) -> Catalog:
    """The language's .po as it is; a new game's starts as a copy of the core's (its header: the language's plural rule
    as the core's, which the merged catalog uses); a new language's, empty with Babel's plural rule for it."""
    po_path = domain.locale / language / "LC_MESSAGES" / f"{domain.name}.po"
    start = po_path if po_path.exists() else LOCALE_DIR / language / "LC_MESSAGES" / f"{CORE_DOMAIN}.po"
    if not start.exists():
        return Catalog(locale=language, domain=domain.name, project="sitegen", version="0.1.0", fuzzy=False)
    with open(start, "rb") as f:
        return read_po(f, locale=language, domain=domain.name)


def _core_translations(language: str) -> dict[Any, Any]:
    """The core catalog's translations, as its .po holds them before the core's own update: a message a game takes
    over from the core (or one translated in the core's catalog on another branch) keeps its translation."""
    path = LOCALE_DIR / language / "LC_MESSAGES" / f"{CORE_DOMAIN}.po"
    if not path.exists():
        return {}
    with open(path, "rb") as f:
        return {m.id: m.string for m in read_po(f, locale=language) if m.id and m.string}


if __name__ == "__main__":
    # The games first: each takes the translations of its messages from the core's .po before the core drops them.
    for each in sorted(domains([Path(arg).resolve() for arg in sys.argv[1:]]), key=lambda d: d.name == CORE_DOMAIN):
        update(each)
        print(f"{each.name}: {len(template(each))} messages in {each.locale.relative_to(ROOT)}")
