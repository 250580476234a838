"""Small text helpers shared by the loader, the formats and the writers."""
from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections.abc import Iterable
from typing import Any

# The id rule, for player ids, event folder names, page file names and theme names: each of them
# becomes part of an output path and a URL, so only these characters, and short enough for any file system.
ID_MAX = 64
ID_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
# Ids become file names beside the list pages: `players/index.html` is the list of known players.
_RESERVED = {"index"}
# YAML would read these words as something other than text (true, false, null) in a round file.
_YAML_WORDS = {"yes", "no", "on", "off", "true", "false", "null", "y", "n"}
_NUMBER = re.compile(r"[0-9][0-9-]*|0x[0-9a-f]+|0b[01]+")
# What no text field (a name, a title, a deck field) may hold: C0 and C1 controls and DEL (a line break forged a
# commit trailer in the desk's commit messages, ESC drives the terminal `sitegen standings` prints to), the Unicode
# line and paragraph separators, and the bidi overrides and isolates (text that displays other than it reads).
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def id_problem(value: Any) -> str | None:
    """Why `value` is not a valid id (the id rule above), or None when it is one."""
    if not isinstance(value, str):
        return N_("'{value}' is not an id; an id is lowercase letters, digits and single hyphens inside, at most {max} characters, "
                  "not a bare number", value=str(value), max=ID_MAX)
    if len(value) > ID_MAX:
        return N_("the id '{start}...' is {length} characters long; an id is at most {max}", start=value[:20], length=len(value), max=ID_MAX)
    if not ID_PATTERN.fullmatch(value):
        fixed = slugify(value)
        if fixed and fixed != value:
            return N_("'{value}' is not a valid id: an id is lowercase letters, digits and single hyphens inside, at most {max} "
                      "characters, not a bare number; write it as '{fixed}'", value=value, max=ID_MAX, fixed=fixed)
        return N_("'{value}' is not a valid id: an id is lowercase letters, digits and single hyphens inside, at most {max} "
                  "characters, not a bare number", value=value, max=ID_MAX)
    if value in _YAML_WORDS or _NUMBER.fullmatch(value):
        # Bare numbers, dates and yes/no would come back from a round file as numbers, dates or true/false.
        return N_("'{value}' is not a valid id: a bare number, date or yes/no reads as something else in a round file; "
                  "add a letter, e.g. '{value}-x'", value=value)
    if value in _RESERVED:
        return f"'{value}' is not a valid id: it names the site's list pages (index.html); add a word, e.g. '{value}-x'"
    return None


def control_problem(text: str) -> str | None:
    """Why `text` cannot be a text field's value (it holds a control character), or None."""
    found = _CONTROL.search(text)
    if found is None:
        return None
    code = f"{ord(found[0]):04X}"
    return N_("holds the control character U+{code} (a line break, tab, escape or the like); write it on one line, "
              "with letters, digits, spaces and punctuation only", code=code)


# In a text of many lines (a page): a control character other than a tab or a line break.
_TEXT_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def text_control_problem(text: str) -> tuple[int, str] | None:
    """The line of the first control character in a text of many lines (a page's Markdown) other than a tab or a line
    break, and what is wrong there; None when there is none."""
    found = _TEXT_CONTROL.search(text)
    if found is None:
        return None
    return (text.count("\n", 0, found.start()) + 1, f"the control character U+{ord(found[0]):04X} (an escape, a NUL or the like) "
                                                   "cannot be in a page's text; delete it (your editor may show it as a box or ^[)")


# GitHub's rule for a login (a user or organization name): what `github:` and `organizers:` hold.
GITHUB_LOGIN_MAX = 39
GITHUB_LOGIN = re.compile(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*")


def login_problem(value: Any) -> str | None:
    """Why `value` is not a GitHub login, or None when it is one."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)  # a login of digits only reads as a number
    if not isinstance(value, str) or not GITHUB_LOGIN.fullmatch(value):
        return N_("'{value}' is not a GitHub login: a login is letters, digits and single hyphens inside, at most {max} characters, "
                  "e.g. ann-example", value=str(value), max=GITHUB_LOGIN_MAX)
    if len(value) > GITHUB_LOGIN_MAX:
        return N_("'{start}...' is {length} characters long; a GitHub login is at most {max}", start=value[:20], length=len(value),
                  max=GITHUB_LOGIN_MAX)
    return None


def suggest(key: str, allowed: Iterable[str]) -> str:
    """'did you mean ...?' for a close match among the allowed words, else the list of them (a message: translated
    where the message it completes is)."""
    import difflib  # only when a mistake is reported: not loaded by every command

    allowed = list(allowed)
    close = difflib.get_close_matches(str(key), allowed, n=1)
    if close:
        return N_("did you mean '{word}'?", word=close[0])
    return N_("allowed: {words}", words=", ".join(allowed)) if allowed else N_("nothing is allowed here")


def slugify(text: str) -> str:
    """A lowercase ASCII id of letters, digits and dashes ("Ser Jorah Mormont" -> "ser-jorah-mormont").

    Returns "" when nothing usable is left (a name of emoji only); callers check the result with `id_problem`.
    """
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")[:ID_MAX].strip("-")


# Letters Unicode does not split into a base letter and a mark, which `slugify` would drop ("Łukasz" -> "ukasz").
_SPELT = str.maketrans({"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "þ": "th",
                        "Þ": "Th", "ß": "ss", "æ": "ae", "Æ": "Ae", "œ": "oe", "Œ": "Oe", "ı": "i", "ħ": "h", "Ħ": "H"})


def readable_id(name: str) -> str:
    """The id a new player is written with: `slugify`'s, with those letters spelt ("Łukasz Żółw" -> "lukasz-zolw").
    An id made from a name when an event is read keeps `slugify`'s own: existing round files name players by it."""
    return slugify(name.translate(_SPELT))


# A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV injection").
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"-?[0-9]+(?:\.[0-9]+)?")


def csv_cell(value: Any) -> Any:
    """A CSV cell a spreadsheet shows as text: a leading formula character gets a "'" before it.

    Numbers, and text that is only a number (a negative score), are left alone: they cannot run anything.
    Leading spaces do not hide a formula (some programs strip them), and a carriage return becomes a
    newline: the writer quotes only that one, and a bare CR would start a new row with its own formula.
    """
    if not isinstance(value, str) or _PLAIN_NUMBER.fullmatch(value):
        return value
    value = value.replace("\r\n", "\n").replace("\r", "\n")
    if value.startswith(_FORMULA_START) or value.lstrip().startswith(_FORMULA_START):
        return "'" + value
    return value


def csv_text(header: list[str], rows: Iterable[Iterable[Any]]) -> str:
    """Every CSV sitegen writes goes through here, so no cell can be a formula."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([csv_cell(c) for c in header])
    writer.writerows([csv_cell(c) for c in row] for row in rows)
    return out.getvalue()


class Msg(str):
    """Player-facing text made below the renderer (page models, games): the English text as a plain `str`, so JSON,
    CSV and the English site read it unchanged, carrying its message id and values so the renderer translates it
    whole, never pieced together from fragments (word order differs between languages). `N_` and `Nn_` make one;
    `make locale` finds them (tools/catalogs.py)."""

    msgid: str
    plural: str
    number: int | None  # the count choosing the plural form
    values: dict[str, Any]

    def __new__(cls, msgid: str, values: dict[str, Any], plural: str = "", count: int | None = None) -> Msg:
        english = plural if plural and count != 1 else msgid
        made = super().__new__(cls, english.format(**values) if values else english)
        made.msgid, made.plural, made.number, made.values = msgid, plural, count, values
        return made

    def __getnewargs__(self) -> tuple[str, dict[str, Any], str, int | None]:  # type: ignore[override]  # pickled into the build's workers and cache
        return self.msgid, self.values, self.plural, self.number


def N_(msgid: str, **values: Any) -> Msg:
    """A message to translate when it is shown: `N_("Round {number}", number=2)` is "Round 2" in English."""
    return Msg(msgid, values)


def Nn_(singular: str, plural: str, count: int, **values: Any) -> Msg:
    """A message with plural forms, chosen by `count` (itself a value: `{count}`) in each language's plural rule."""
    return Msg(singular, {"count": count} | values, plural, count)


def place_text(place: int) -> Msg:
    """A place as the pages show it, "3rd", translated when shown (ordinals differ by language)."""
    return {1: N_("{place}st", place=place), 2: N_("{place}nd", place=place), 3: N_("{place}rd", place=place)}.get(place, N_("{place}th", place=place))


def in_list(items: list[str]) -> str:
    """'a, b, c' as nested messages, so each item stays translatable ("" for none). The items are figures (VP 1.5,
    GW 1): a language writing "1,5" separates them with "; " in its catalog."""
    return "" if not items else items[0] if len(items) == 1 else N_("{first}, {rest}", first=items[0], rest=in_list(items[1:]))


def in_turn(items: list[str]) -> str:
    """'a, then b, then c' as nested messages, each language putting its own 'then' between them."""
    return items[0] if len(items) == 1 else N_("{first}, then {rest}", first=items[0], rest=in_turn(items[1:]))


class Num(str):
    """A number shown to players (SoS to two decimals, a VP figure in halves): its English text as a `str`, its value
    and places kept so the renderer writes it the locale's way ("1,50" in French)."""

    value: float
    places: int

    def __new__(cls, value: float, places: int) -> Num:
        made = super().__new__(cls, f"{value:.{places}f}")
        made.value, made.places = value, places
        return made

    def __getnewargs__(self) -> tuple[float, int]:  # type: ignore[override]
        return self.value, self.places


class When(str):
    """A local date and time shown to players: "2026-11-19 20:30" on the English site (ISO, as its dates), kept so
    the renderer writes it the locale's way ("19/11/2026 20:30")."""


class Zone(str):
    """A round clock's time zone: its IANA name as the English site shows it ("America/Sao Paulo"), the name kept so
    the renderer writes it as the language names the zone's city ("São Paulo")."""

    name: str

    def __new__(cls, name: str) -> Zone:
        made = super().__new__(cls, name.replace("_", " "))
        made.name = name
        return made

    def __getnewargs__(self) -> tuple[str]:
        return (self.name,)


def filled(text: str, **values: Any) -> str:
    """A message with its placeholders filled later than it was made: a game's "{name} won", once the name is known.
    A `Msg` stays one (translated whole when shown); plain text is formatted."""
    if isinstance(text, Msg):
        return Msg(text.msgid, text.values | values, text.plural, text.number)
    return text.format(**values)


class Joined(str):
    """Items shown one after the other, each translated when shown: "Power 7 · Pts 4", "Power: Ann 7; Left the game:
    Ben". A list, not a sentence: `sep` is punctuation every shipped language writes the same way."""

    parts: tuple[Any, ...]
    sep: str

    def __new__(cls, parts: Iterable[Any], sep: str) -> Joined:
        parts = tuple(parts)
        made = super().__new__(cls, sep.join(str(p) for p in parts))
        made.parts, made.sep = parts, sep
        return made

    def __getnewargs__(self) -> tuple[tuple[Any, ...], str]:  # type: ignore[override]
        return self.parts, self.sep


def as_data(text: Any) -> Any:
    """A shown text as JSON data keeping what the renderer translates (a `Msg`, `Joined`, `Num`, `Zone`, `When`), for
    what is kept between builds (an event's card): `from_data` gives it back. Other values are left as they are."""
    if isinstance(text, Msg):
        return {"msg": text.msgid, "values": {k: as_data(v) for k, v in text.values.items()}, "plural": text.plural, "count": text.number}
    if isinstance(text, Joined):
        return {"joined": [as_data(p) for p in text.parts], "sep": text.sep}
    if isinstance(text, Num):
        return {"num": text.value, "places": text.places}
    if isinstance(text, Zone):
        return {"zone": text.name}
    if isinstance(text, When):
        return {"when": str(text)}
    return text


def from_data(data: Any) -> Any:
    """What `as_data` made, as the text it was."""
    if not isinstance(data, dict):
        return data
    if "msg" in data:
        return Msg(data["msg"], {k: from_data(v) for k, v in data["values"].items()}, data["plural"], data["count"])
    if "joined" in data:
        return Joined([from_data(p) for p in data["joined"]], data["sep"])
    if "num" in data:
        return Num(data["num"], data["places"])
    return Zone(data["zone"]) if "zone" in data else When(data["when"])


def placed(place: Any, message: str) -> Msg:
    """A message about a place in the content, "path:line: what is wrong": the CLI's English line, and a message whose
    part after the place a page in another language translates (`unplaced`)."""
    return N_("{place}: {problem}", place=str(place), problem=message)


def unplaced(line: str) -> str:
    """A problem's line without its file and line, for beside the form that made it: what `placed` put after the place,
    or the text after an English line's absolute path."""
    if isinstance(line, Msg) and line.msgid == "{place}: {problem}":
        return line.values["problem"]  # type: ignore[no-any-return]
    return line.split(": ", 1)[1] if type(line) is str and line.startswith("/") and ": " in line else line
