"""The content keys, one table: each key of site.yaml, event.yaml, players.yaml and a round file declared once with
its type, default and one line of help.

The loader's unknown-key checks, `sitegen new`'s commented optional lines and the editors' JSON Schemas
(sitegen/schema/<kind>.schema.json) are made from it. Games add their own event keys, player fields and result
keys (`sitegen/load/content_schema.py` gathers them). The content format is a contract: keys are added, never renamed.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# A key's type, as JSON Schema names it.
TEXT, WHOLE, NUMBER, FLAG, LIST, MAPPING = "string", "integer", "number", "boolean", "array", "object"


@dataclass(frozen=True)
class Key:
    name: str
    type: str | tuple[str, ...]  # one of the types above, or several a key accepts
    help: str  # one line, shown by editors and `sitegen new`
    default: Any = None  # None: no default (required keys say so with `required`)
    required: bool = False
    values: tuple[str, ...] = ()  # the words it takes, when a fixed list
    items: dict[str, Any] | None = None  # a list's items, as JSON Schema
    minimum: int = 0  # a whole number's bounds
    maximum: int | None = None
    example: str = ""  # a value `sitegen new` writes commented out, for an optional key

    def schema(self) -> dict[str, Any]:
        """The key's JSON Schema."""
        out: dict[str, Any] = {"type": list(self.type) if isinstance(self.type, tuple) else self.type, "description": self.help}
        if self.values:
            out["enum"] = list(self.values)
        if self.items is not None:
            out["items"] = self.items
        if self.type == WHOLE:
            out |= {"minimum": self.minimum} | ({} if self.maximum is None else {"maximum": self.maximum})
        if self.default is not None:
            out["default"] = self.default
        return out


# Bounds past any real event, so that a typo (`rounds: 1000000`, `minutes: 10^12`) is said, not taken: a Swiss event
# of 20,000 players has 15 rounds and 10,000 tables of two; a round lasts less than a day.
MAX_ROUNDS = 99
MAX_TABLE = 100_000
MAX_MINUTES = 24 * 60
LANGUAGE_CODES = ("en", "fr", "es", "it", "de", "pt_BR", "pl")  # sitegen/locale/: the languages shipped complete
ID = {"type": "string", "description": "a player's id"}
IDS = {"type": "array", "items": ID}

SITE = (
    Key("title", TEXT, "the site's name, on every page", default="Tournaments"),
    Key("base_url", TEXT, "the GitHub Pages address, ending with a slash (feeds, sitemap, QR codes)",
        example="https://OWNER.github.io/REPO/"),
    Key("theme", TEXT, "the look: default, or a folder of your own under content/themes/", default="default", example="default"),
    Key("description", TEXT, "one sentence about the site, for search engines and feeds"),
    Key("timezone", TEXT, "the events' time zone, for the round clocks", example="Europe/Paris"),
    Key("organizers", LIST, "GitHub logins that may report any table's result", items={"type": "string"}),
    Key("reports", (TEXT, LIST), "what happens to a result reported through an issue: review, merge-when-confirmed, "
        "and confirm-all beside one of them", default="review"),
    Key("language", TEXT, "the language of the site's pages", default="en", values=LANGUAGE_CODES),
    Key("image_sources", LIST, "web origins a page may show images from besides the site itself", items={"type": "string"}),
)

DECKLISTS = (
    Key("collect", TEXT, "whether players register a decklist", default="none", values=("none", "optional", "required")),
    Key("publish", TEXT, "whose decklists the site shows", default="never", values=("never", "winner", "cut", "all")),
    Key("when", TEXT, "from when the site shows them", default="after-event", values=("after-event", "after-cut")),
)

PLAYER = (
    Key("name", TEXT, "the player's full name", required=True),
    Key("id", TEXT, "the player's id (default: made from the name)"),
    Key("joined", WHOLE, "the first round the player plays", default=1, minimum=1),
    Key("dropped", WHOLE, "the last round the player played"),
    Key("table", WHOLE, "a fixed table (the accessible one): every pairing seats the player there", minimum=1,
        maximum=MAX_TABLE),
    Key("github", TEXT, "the player's GitHub login, to report results through an issue"),
)

EVENT = (
    Key("name", TEXT, "the event's name", required=True),
    Key("format", TEXT, "the game and format, e.g. joust", required=True),
    Key("date", TEXT, "the day it is played, YYYY-MM-DD", required=True),
    Key("seed", WHOLE, "every random choice derives from it (default: from the folder name)", example="1205"),
    Key("rounds", WHOLE, "preliminary rounds (default: from the rules)", minimum=1, maximum=MAX_ROUNDS),
    Key("cut", WHOLE, "players in the elimination cut, 0 for none (default: from the rules)"),
    Key("avoid", LIST, "pairs of player ids never paired together", items={"type": "array", "items": ID}),
    Key("players", LIST, "the players, each '- name: ...'", required=True,
        items={"type": ["object", "string"]}),
    Key("timezone", TEXT, "the IANA time zone round start times are written in (default: the site's)", example="Europe/Paris"),
    Key("minutes", WHOLE, "a round's length when its file does not say (default: from the rules)", minimum=1,
        maximum=MAX_MINUTES),
    Key("language", TEXT, "the language of the event's pages (default: the site's)", values=LANGUAGE_CODES, example="fr"),
    Key("decklists", MAPPING, "whether players register decklists, and whose the site shows"),
)

PERSON = (
    Key("id", TEXT, "the player's id, the same in every event", required=True),
    Key("name", TEXT, "the player's full name", required=True),
    Key("aliases", LIST, "other spellings of the name that events may use", items={"type": "string"}),
    Key("github", TEXT, "the player's GitHub login, to report results through an issue"),
)
PEOPLE = (Key("players", LIST, "the players known across events, each '- {id: ..., name: ...}'", required=True),)

TABLE = (
    Key("table", WHOLE, "the table's number", required=True, minimum=1, maximum=MAX_TABLE),
    Key("players", LIST, "the players seated, by id", required=True, items=ID),
)

ROUND = (
    Key("tables", LIST, "the round's tables", required=True),
    Key("byes", LIST, "players given a bye", items=ID),
    Key("sitting_out", LIST, "players sitting this round out", items=ID),
    Key("start", TEXT, "local start time, e.g. 2026-11-22 14:00"),
    Key("minutes", WHOLE, "the round's length (default: the event's)", minimum=1, maximum=MAX_MINUTES),
    Key("chosen_byes", LIST, "those of the byes the organizer chose", items=ID),
    Key("extended", WHOLE, "minutes added to the round's length", default=0, maximum=MAX_MINUTES),
    Key("paused", TEXT, "local time the clock was paused at, while it is"),
    Key("paused_seconds", WHOLE, "how long the pauses that are over lasted", default=0),
    Key("called", TEXT, "local time the judge called time"),
    Key("seed", WHOLE, "the event's seed when the round was paired"),
)


def names(keys: tuple[Key, ...]) -> tuple[str, ...]:
    return tuple(key.name for key in keys)


def object_schema(keys: tuple[Key, ...], extra: dict[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    """A mapping holding `keys` (and a game's `extra` keys) and nothing else."""
    properties = {key.name: key.schema() for key in keys} | (extra or {})
    out: dict[str, Any] = {"type": "object", "properties": properties, "additionalProperties": False}
    if required := [key.name for key in keys if key.required]:
        out["required"] = required
    return out


def named(table: tuple[Key, ...], name: str) -> Key:
    return next(key for key in table if key.name == name)


def commented(key: Key, width: int) -> str:
    """An optional key as `sitegen new` and `init` write it: commented out, with its example and its help."""
    return f"# {key.name}: {key.example}".ljust(width) + f"  # {key.help}"


def commented_lines(table: tuple[Key, ...], width: int, leave_out: tuple[str, ...] = ()) -> list[str]:
    """Each optional key of `table` that has an example, commented out (but those in `leave_out`)."""
    return [commented(key, width) for key in table if key.example and key.name not in leave_out]
