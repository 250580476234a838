"""A result a player reports through the club's GitHub repository (`sitegen report`).

The club's `report` workflow hands over GitHub's own event payload: an issue opened or edited from the
`report-result` issue form (the result), or a `/confirm` comment on it (the opponent agrees). Everything in the
payload but the logins GitHub vouches for is the reporter's text: it is bounded, parsed strictly, and only ever
reaches the files through `enter_result`, the same check and write as `sitegen result`.

Who may report a table: a player seated there, known by the `github:` login on their event entry or in
players.yaml, or one of site.yaml's `organizers:`. Who may confirm: such a player or organizer other than the
reporter.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sitegen import games as formats
from sitegen.edit.commit import find_round
from sitegen.edit.lock import content_lock
from sitegen.edit.results import ResultEntered, Words, enter_result
from sitegen.games.base import Refused
from sitegen.games.result_entry import FIGURES, FLAG, ORDER, ResultEntry, judges_remedy
from sitegen.load.check import validated
from sitegen.load.site import read_outline
from sitegen.model import REPORTS_MERGED, ContentError, Event, Person, Round, Site, Table
from sitegen.text import id_problem, login_problem, readable_id, slugify, suggest

PAYLOAD_LIMIT = 1_000_000  # bytes of the event payload read at most (GitHub's own issues hold 65,536 characters)
BODY_LIMIT = 65_536  # characters of an issue or comment body, as GitHub allows
NO_RESPONSE = "_No response_"  # what GitHub writes for a form field left empty
CONFIRM = "/confirm"

# What `sitegen report` asks the workflow to do.
WRITE = "write"  # the result went into the files: push it to the report's branch and open (or update) its pull request
CONFIRMED = "confirm"  # the same, and the pull request is confirmed (merged, when site.yaml says so)
REFUSE = "refuse"  # nothing written: comment why
IGNORE = "ignore"  # not a report (another issue, another comment): do nothing

#: The issue form's fields: the id in report-result.yml, and the label GitHub renders as `### <label>` in the body.
FORM_FIELDS = {"event": "Event", "round": "Round", "table": "Table", "result": "Result"}
_ROUND = re.compile(r"(?:(round|elim|elimination)[\s-]*)?([1-9][0-9]{0,3})|(final)", re.IGNORECASE)
_TABLE = re.compile(r"[1-9][0-9]{0,3}")
_FLAG_YES = ("", "yes", "true", "y")


@dataclass(frozen=True)
class Request:
    """What a GitHub event asks of `sitegen report`."""

    action: str  # WRITE (an issue opened or edited), CONFIRMED (a /confirm comment) or IGNORE
    reporter: str  # the issue's author
    by: str  # who acted: the reporter, or the commenter
    fields: dict[str, str]  # the form's values by field id ("" when left empty)


@dataclass(frozen=True)
class Reported:
    action: str  # WRITE or CONFIRMED
    entered: ResultEntered
    branch: str  # where the workflow pushes the change: one branch per table, so a new report updates its pull request
    merge: bool  # merge the pull request now (confirmed, and site.yaml's `reports: merge-when-confirmed`)
    changed: bool  # whether the round file changed (an edit that repeats the result changes nothing)
    awaiting: tuple[str, ...]  # the ids of the players who may confirm it
    organizer_confirms: bool = False  # `reports: confirm-all` at a table of more than two: only an organizer's /confirm counts


def read_payload(path: str | Path) -> dict[str, Any]:
    """GitHub's event payload (the JSON file at $GITHUB_EVENT_PATH), at most PAYLOAD_LIMIT bytes."""
    try:
        with open(path, "rb") as file:
            data = file.read(PAYLOAD_LIMIT + 1)
    except OSError as exc:
        raise Refused(f"cannot read the GitHub event: {exc.strerror}") from None
    if len(data) > PAYLOAD_LIMIT:
        raise Refused(f"the issue is over {PAYLOAD_LIMIT // 1_000_000} MB long: a result report is a few lines")
    try:
        payload = json.loads(data)
    except (ValueError, RecursionError):
        raise Refused("the GitHub event is not JSON") from None
    if not isinstance(payload, dict):
        raise Refused("the GitHub event is not a JSON object")
    return payload


def request_of(payload: dict[str, Any]) -> Request:
    """The report an issue event or an issue comment event makes; IGNORE for anything else."""
    issue = _object(payload.get("issue"))
    ignored = Request(IGNORE, "", "", {})
    if not issue or "pull_request" in issue:
        return ignored
    reporter = _login(issue.get("user"), "the issue's author")
    body = _body(issue.get("body"))
    comment = _object(payload.get("comment"))
    if comment:
        if payload.get("action") != "created" or _object(comment.get("user")).get("type") == "Bot":
            return ignored
        lines = [line.strip() for line in _body(comment.get("body")).splitlines() if line.strip()]
        if not lines or lines[0].lower() != CONFIRM:  # a line of its own: "/confirm not" or "/confirmed?" is no confirmation
            return ignored
        action, by = CONFIRMED, _login(comment.get("user"), "the comment's author")
    elif payload.get("action") in ("opened", "edited"):
        action, by = WRITE, reporter
    else:
        return ignored
    fields = form_values(body)
    if fields is None:
        return ignored
    return Request(action, reporter, by, fields)


def form_values(body: str) -> dict[str, str] | None:
    """The report form's values from an issue body as GitHub renders a form (`### <label>`, a blank line, the
    value; `_No response_` when empty); None when the body is no report (it has no `### Result`)."""
    labels = {label.lower(): key for key, label in FORM_FIELDS.items()}
    values: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in body.splitlines():
        heading = line.strip()[4:].strip().lower() if line.strip().startswith("### ") else None
        if heading in labels:
            if labels[heading] in values:
                raise Refused(f"the form's {FORM_FIELDS[labels[heading]]} is given twice; keep one")
            current = values[labels[heading]] = []
        elif current is not None:
            current.append(line)
    if "result" not in values:
        return None
    found = {key: "\n".join(lines).strip() for key, lines in values.items()}
    return {key: "" if found.get(key, "") == NO_RESPONSE else found.get(key, "") for key in FORM_FIELDS}


def apply_report(content: str | Path, request: Request) -> Reported:
    """Check who reports (or confirms), then write the report's result exactly like `sitegen result`, all under the
    content folder's lock (the check, the write and what the round file was before)."""
    site = _site(Path(content))
    event_dir = _event_dir(Path(content), request.fields["event"])
    with content_lock(event_dir):
        return _write_report(site, event_dir, request)


def _write_report(site: Site, event_dir: Path, request: Request) -> Reported:
    event = validated(event_dir)
    round_ = find_round(event, _round_slug(request.fields["round"]))
    table = _table(round_, request.fields["table"])
    logins = _table_logins(event, table, site.people)
    organizers = {login.lower() for login in site.organizers}
    _authorize(request, logins, organizers, round_, table)
    words = result_words(request.fields["result"], formats.format_of(event).results, event, round_, table)
    path = Path(round_.where.path)
    before = path.read_text(encoding="utf-8")
    entered = enter_result(event_dir, table.number, words, round_slug=round_.slug)
    changed = path.read_text(encoding="utf-8") != before
    stage = f"r{round_.number}" if round_.stage == "round" else round_.slug
    awaiting = tuple(pid for pid in table.players if logins.get(pid) != request.reporter.lower())
    # Each run sees only the comment that started it, not who confirmed before: "every player" is an organizer's call.
    organizer_confirms = site.confirm_all and len(table.players) > 2
    action = WRITE if organizer_confirms and request.by.lower() not in organizers else request.action
    return Reported(action, entered, f"report-{event.slug}-{stage}-t{table.number}",
                    action == CONFIRMED and site.reports == REPORTS_MERGED, changed, awaiting, organizer_confirms)


def result_words(text: str, entry: ResultEntry, event: Event, round_: Round, table: Table) -> Words:
    """The form's result, one `key: words` line per key in `sitegen result`'s words (`winner: ann`,
    `power: ann=12 ben=9`), into the words `read_result` takes; ids must be at the table. A judge's call (a field the
    game enters for judges only) is refused: the form is anyone's text, whoever files it."""
    words: Words = {}
    for line in text.splitlines():
        if not line.strip():
            continue
        key, sep, value = line.strip().lstrip("-").partition(":")
        key = key.strip().lower()
        if not sep or not key:
            raise Refused(f"write the result as 'key: value' lines, e.g. 'winner: {table.players[0]}'; "
                          f"'{_shown(line.strip())}' is not one")
        if key in words:
            raise Refused(f"the result gives '{_shown(key)}' twice; keep one line")
        if key in entry.keys and entry.field(key).judges_only:
            raise Refused(f"'{key}' is a judge's ruling, which no report can make; leave it out, and ask an organizer to "
                          "enter the result if a judge ruled so")
        kind = entry.field(key).kind if key in entry.keys else None
        words[key] = _value(key, kind, value.lower().split())
    if not words:
        raise Refused(f"the form's Result is empty; write it as 'winner: {table.players[0]}' (see the form's help)")
    _check_ids(words, entry, event, round_, table)
    return words


def for_a_player(message: str) -> str:
    """A check's message as a player reads it: without the remedies only a judge may take (`judges_remedy`); a message
    that names none is kept as it is (a `Msg` stays one, translated where it is shown)."""
    shown = message
    for fmt in formats.FORMATS.values():
        for field in fmt.results.fields:
            if field.judges_only:
                shown = shown.replace(judges_remedy(field.key), "")
    return message if shown == message else shown


def _value(key: str, kind: str | None, tokens: list[str]) -> str | list[str] | bool:
    if kind is None:
        return " ".join(tokens) or True  # a key the game does not have: read_result says so
    if kind == FLAG:
        if " ".join(tokens) not in _FLAG_YES:
            raise Refused(f"'{key}' takes no value (or 'yes')")
        return True
    if kind in (FIGURES, ORDER):
        return tokens
    if len(tokens) != 1:
        raise Refused(f"'{_shown(key)}' takes one player id, e.g. '{_shown(key)}: ann-example'")
    return tokens[0]


def _check_ids(words: Words, entry: ResultEntry, event: Event, round_: Round, table: Table) -> None:
    """Every player a result names is at the table: said with the players' names, before anything is read further."""
    for key, given in words.items():
        if key not in entry.keys or entry.field(key).kind == FLAG:
            continue  # read_result refuses a key the game does not have
        tokens = given if isinstance(given, list) else [str(given)]
        for token in tokens:
            pid = token.partition("=")[0] if entry.field(key).kind == FIGURES else token
            if pid and pid not in table.players:
                seated = ", ".join(f"{event.player_by_id[p].name} ({p})" for p in table.players)
                raise Refused(f"'{key}' names '{_shown(pid)}', who is not at table {table.number} of {_round_name(round_)}; "
                              f"the table seats {seated}")


def _site(content: Path) -> Site:
    """site.yaml and players.yaml, as the check reads them; a problem in them stops every report."""
    outline = read_outline(content)
    if outline.before or outline.after:
        raise ContentError(list(outline.before + outline.after))
    return outline.site


def _event_dir(content: Path, given: str) -> Path:
    """The event folder the form names, by its folder name (or the event's name made into one)."""
    if not given:
        raise Refused("the form's Event is empty; write the event's folder name, as in its address on the site")
    folders = sorted(p.name for p in (content / "events").iterdir() if p.is_dir()) if (content / "events").is_dir() else []
    for slug in (given.strip().lower(), slugify(given), readable_id(given)):
        if id_problem(slug) is None and slug in folders:
            return content / "events" / slug
    raise Refused(f"there is no event '{_shown(given)}'; {suggest(given.strip().lower(), folders)}")


def _round_slug(given: str) -> str | None:
    """'3', 'round 3', 'elim 1' or 'final' as a round file's name; None (the current round) when empty."""
    if not given:
        return None
    match = _ROUND.fullmatch(given.strip())
    if not match:
        raise Refused(f"'{_shown(given)}' is not a round; write its number (e.g. 3), 'elim 1', 'final', or leave it empty "
                      "for the current round")
    if match[3]:
        return "final"
    return f"{'round' if not match[1] or match[1].lower() == 'round' else 'elim'}-{int(match[2])}"


def _table(round_: Round, given: str) -> Table:
    if not _TABLE.fullmatch(given.strip()):
        raise Refused(f"the form's Table is {'empty' if not given else repr(_shown(given))}; write the table's number, e.g. 3")
    number = int(given)
    for table in round_.tables:
        if table.number == number:
            return table
    numbers = ", ".join(str(t.number) for t in round_.tables) or "none"
    raise Refused(f"{_round_name(round_)} has no table {number}; its tables: {numbers}")


def _table_logins(event: Event, table: Table, people: tuple[Person, ...]) -> dict[str, str]:
    """The GitHub login of each player at the table who has one (the event's entry first, then players.yaml), lowercase."""
    known = {person.id: person.github for person in people if person.github}
    logins = {}
    for pid in table.players:
        login = event.player_by_id[pid].github or known.get(pid)
        if login:
            logins[pid] = login.lower()
    return logins


def _authorize(request: Request, logins: dict[str, str], organizers: set[str], round_: Round, table: Table) -> None:
    """The reporter is at the table or an organizer; a confirmation comes from another such person."""
    allowed = set(logins.values()) | organizers
    where = f"table {table.number} of {_round_name(round_)}"
    if request.reporter.lower() not in allowed:
        raise Refused(f"@{request.reporter} is neither a player at {where} nor an organizer of this site; only they may "
                      "report its result (a player's GitHub login is the 'github:' of their entry)")
    if request.action == CONFIRMED:
        if request.by.lower() == request.reporter.lower():
            raise Refused(f"@{request.by} reported this result; another player at {where} confirms it")
        if request.by.lower() not in allowed:
            raise Refused(f"@{request.by} is neither a player at {where} nor an organizer of this site; only they may confirm it")


def _round_name(round_: Round) -> str:
    return f"round {round_.number}" if round_.stage == "round" else round_.slug


def _shown(text: str, limit: int = 40) -> str:
    """The reporter's text quoted back: one line, cut short."""
    line = " ".join(text.split())
    return line if len(line) <= limit else line[:limit] + "…"


def _object(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _body(value: Any) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise Refused("the GitHub event's text is not text")
    if len(value) > BODY_LIMIT:
        raise Refused(f"the text is {len(value):,} characters long; a result report is a few lines")
    return value


def _login(user: Any, whose: str) -> str:
    login = _object(user).get("login")
    if login_problem(login):
        raise Refused(f"the GitHub event has no login for {whose}")
    return str(login)
