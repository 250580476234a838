"""`sitegen report --github-event FILE`: a result reported through a GitHub issue, for the club's `report` workflow.

It prints the issue comment (Markdown) on stdout and tells the workflow what to do through $GITHUB_OUTPUT
(`action`, `branch`, `merge`, `changed`, `title`). Every problem is a comment saying why, with exit status 2 and
nothing written. All text in the comment is escaped: the reporter's words and the players' names alike."""
from __future__ import annotations

import argparse
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sitegen.games.base import Refused, ResultView, StandingRow
from sitegen.model import ContentError, Event

if TYPE_CHECKING:  # the edit layer is imported when a report is applied, not when `sitegen` starts
    from sitegen.edit.report import Reported

EXIT_REFUSED = 2
MESSAGE_LIMIT = 2_000  # characters of a refusal's reason shown
# Markdown's punctuation, escaped with a backslash; @ and # get a zero-width space so nobody is mentioned and
# no issue is referenced; < > & become entities so no HTML gets through.
_MARKDOWN = re.compile(r"([\\`*_{}\[\]()+\-.!|~]|:(?=//))")  # `://`: no bare link either
_ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", "@": "@&#8203;", "#": "#&#8203;"}


def register(sub: Any) -> None:
    p = sub.add_parser("report", help="a result reported through a GitHub issue (the report workflow runs it): "
                                      "write it like `sitegen result`, print the issue comment")
    p.add_argument("--github-event", required=True, metavar="FILE", help="GitHub's event payload ($GITHUB_EVENT_PATH)")
    p.add_argument("--content", default="content", help="content folder (default content/)")
    p.set_defaults(run=_report)


def markdown_text(text: str) -> str:
    """`text` shown as itself in GitHub Markdown, on one line: no formatting, link, image, HTML or mention."""
    line = " ".join("".join(ch if ch.isprintable() else " " for ch in text).split())
    escaped = _MARKDOWN.sub(r"\\\1", line)
    return "".join(_ENTITIES.get(ch, ch) for ch in escaped)


def _report(args: argparse.Namespace) -> int:
    from sitegen.edit.report import IGNORE, REFUSE, apply_report, for_a_player, read_payload, request_of

    try:
        request = request_of(read_payload(args.github_event))
        if request.action == IGNORE:
            _outputs(action=IGNORE)
            return 0
        reported = apply_report(args.content, request)
    except (Refused, ContentError) as exc:
        reason = str(exc) if isinstance(exc, Refused) else "; ".join(for_a_player(p.message) for p in exc.problems)
        print(f"**Not written.** {markdown_text(reason[:MESSAGE_LIMIT])}\n\nNothing was changed. Edit the issue to correct "
              f"it (it is read again), or ask an organizer.")
        _outputs(action=REFUSE)
        return EXIT_REFUSED
    print(_comment(reported))
    event = reported.entered.edited.event
    _outputs(action=reported.action, branch=reported.branch, merge=str(reported.merge).lower(),
             changed=str(reported.changed).lower(), title=_title(event, reported))
    return 0


def _title(event: Event, reported: Reported) -> str:
    round_ = reported.entered.round
    name = f"round {round_.number}" if round_.stage == "round" else round_.slug
    return f"{event.name}, {name}, table {reported.entered.table}: reported result"


def _comment(reported: Reported) -> str:
    from sitegen.edit.report import CONFIRM, CONFIRMED

    entered = reported.entered
    event, view = entered.edited.event, entered.view
    names = event.player_by_id
    lines = [f"**{markdown_text(_title(event, reported).removesuffix(': reported result'))}**", "", *_table_lines(event, view, reported), ""]
    if entered.standings:
        lines += ["Standings rows that changed:", "", *_standings_lines(event, view, entered.standings), ""]
    if not reported.changed:
        lines.append(("Confirmed. " if reported.action == CONFIRMED else "") + "The site's files already hold this result: nothing changed.")
    elif reported.action == CONFIRMED:
        lines.append("Confirmed. " + ("The pull request is merged: the site shows it once it is rebuilt." if reported.merge
                                      else "An organizer merges the pull request."))
    elif reported.organizer_confirms:
        lines.append(f"Written to a pull request. At a table of more than two players, every player of the table confirms "
                     f"the result, then an organizer comments `{CONFIRM}` on this issue (site.yaml: `reports: confirm-all`).")
    else:
        who = " or ".join(markdown_text(names[pid].name) for pid in reported.awaiting) or "an organizer"
        lines.append(f"Written to a pull request. {who}: comment `{CONFIRM}` on this issue to confirm it.")
    for warning in entered.edited.warnings:
        lines.append(f"\nNote: {markdown_text(warning)}")
    return "\n".join(lines)


def _table_lines(event: Event, view: ResultView, reported: Reported) -> list[str]:
    names = event.player_by_id
    table = view.table(reported.entered.table)
    if table is None:
        return []
    columns = [c for c in view.columns if any(s.values.get(c.key, "") != "" for s in table.seats)]
    lines = ["| Player | " + " | ".join(markdown_text(c.label) for c in columns) + " |", "|---" * (len(columns) + 1) + "|"]
    for seat in table.seats:
        mark = " (winner)" if seat.winner else ""
        cells = " | ".join(markdown_text(str(seat.values.get(c.key, ""))) for c in columns)
        lines.append(f"| {markdown_text(names[seat.player].name)}{mark} | {cells} |")
    return lines


def _standings_lines(event: Event, view: ResultView, rows: list[StandingRow]) -> list[str]:
    names = event.player_by_id
    columns = view.standings_columns
    lines = ["| # | Player | " + " | ".join(markdown_text(c.label) for c in columns) + " |", "|---" * (len(columns) + 2) + "|"]
    for row in rows:
        cells = " | ".join(markdown_text(str(row.values[c.key])) for c in columns)
        lines.append(f"| {row.place or row.rank} | {markdown_text(names[row.player].name)} | {cells} |")
    return lines


def _outputs(**values: str) -> None:
    """Tell the workflow what to do, one `key=value` line each in $GITHUB_OUTPUT (when it is set); values are one line."""
    path = os.environ.get("GITHUB_OUTPUT")
    if not path:
        return
    with Path(path).open("a", encoding="utf-8") as file:
        for key, value in values.items():
            file.write(f"{key}={' '.join(value.split())}\n")
