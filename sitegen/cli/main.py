"""The `sitegen` command: new, pair, check, build, serve, standings, export."""
from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from pathlib import Path
from typing import Any

from sitegen import games as formats
from sitegen.cli import decks as cli_decks
from sitegen.cli import edit_verbs as cli_desk
from sitegen.cli import report as cli_report
from sitegen.edit.rounds import pair_round
from sitegen.edit.scaffold import new_event
from sitegen.files import write_atomic
from sitegen.games.base import Refused
from sitegen.load.check import validated
from sitegen.load.event import content_root
from sitegen.load.players_and_leagues import load_people
from sitegen.model import ContentError
from sitegen.text import csv_text

EXIT_BAD_INPUT = 2
DEFAULT_CACHE = Path(".sitegen-cache")  # the build state, relative to where sitegen runs
PARSED_FOLDER = "parsed"  # in the cache folder: the YAML the one-event commands parsed (yamlstore)
# The build pipeline (Jinja2, Markdown, QR codes) is imported by the commands that build, not at start:
# `pair` and `result` run at the venue between rounds and should answer at once.


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        with _parsed_kept(args):
            status: int = args.run(args)
        return status
    except ContentError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        print(f"sitegen: {_count(len(exc.problems), 'problem')} found; nothing was written", file=sys.stderr)
        return EXIT_BAD_INPUT
    except Refused as exc:
        print(f"sitegen: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except PermissionError as exc:  # a file or folder this user may not read or write: the user's to fix, no traceback
        print(f"{exc.filename or ''}:1: permission denied; sitegen cannot read or write it: check its permissions"
              f" (nothing was written)", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `sitegen standings ... | head` closed the pipe early
        return 0


def _parsed_kept(args: argparse.Namespace) -> contextlib.AbstractContextManager[None]:
    """The commands on one event (pair, result, ...) each read all its files again: they keep the parsed YAML in the
    cache folder and read it back from there (see yamlstore). A build keeps its own state instead."""
    if not getattr(args, "one_event", False):
        return contextlib.nullcontext()
    from sitegen.load.yaml_store import parsed_kept_in

    return parsed_kept_in(DEFAULT_CACHE / PARSED_FOLDER)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


class _Version(argparse.Action):
    """`--version`: the installed package's version, looked up only when asked (importlib.metadata is slow to load)."""

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        from importlib.metadata import version

        print(f"{parser.prog} {version('sitegen')}")  # on stdout, as argparse's own version action does
        parser.exit()


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="sitegen", description="Static standings sites for card-game tournaments.")
    parser.add_argument("--version", action=_Version, nargs=0, help="show the version and exit")
    sub = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)
    _event_commands(sub)
    cli_desk.register(sub, DEFAULT_CACHE)
    cli_decks.register(sub, DEFAULT_CACHE)
    _site_commands(sub)
    _report_commands(sub)
    cli_report.register(sub)
    return parser


def _event_commands(sub: Any) -> None:
    """new, pair."""
    p = sub.add_parser("new", help="create an event folder with an event.yaml to fill in")
    p.add_argument("event_dir", help="the new event's folder, e.g. content/events/my-store-joust")
    p.add_argument("--format", default=formats.DEFAULT_FORMAT, choices=sorted(formats.FORMATS), help=f"the game format (default {formats.DEFAULT_FORMAT})")
    p.add_argument("--name", help="the event's name (default: from the folder name)")
    p.add_argument("--date", default=time.strftime("%Y-%m-%d"), help="the event's date, YYYY-MM-DD (default today)")
    p.add_argument("--player", action="append", metavar="NAME", help="a player's full name (repeat it; default: two to replace)")
    p.add_argument("--rounds", type=int, metavar="N", help="preliminary rounds (default: from the rules when round 1 is paired)")
    p.add_argument("--cut", type=int, metavar="N", help="players in the elimination cut, in games that have one (default: from the rules)")
    p.set_defaults(run=_new)

    p = sub.add_parser("pair", help="pair or seat the next round of an event, write its round file and print it")
    p.add_argument("event_dir")
    p.add_argument("--plan", action="store_true", help="seat every preliminary round at once, in games whose rules plan them together; writes every round file")
    p.add_argument("--redo", action="store_true", help="pair the current round again (only while none of its tables has a result)")
    p.add_argument("--start", metavar="'YYYY-MM-DD HH:MM'", help="the round's local start time: its page counts down")
    p.add_argument("--minutes", type=int, metavar="N", help="the round's length in minutes")
    p.add_argument("--table", nargs="+", action="extend", default=[], metavar="ID=N",
                   help="seat a player at table N in this round and every later one (event.yaml's 'table:'); ID= frees it")
    p.add_argument("--bye", metavar="ID", help="give this player the bye (AGoT Joust; default: the rules' choice)")
    p.add_argument("--without-decklists", action="store_true",
                   help="pair round 1 although some players have no legal decklist ('decklists: collect: required')")
    p.set_defaults(run=_pair, one_event=True)


def _site_commands(sub: Any) -> None:
    """check, build, serve."""
    p = sub.add_parser("check", help="validate the content without building")
    p.add_argument("--content", default="content", help="content folder (default content/)")
    p.set_defaults(run=_check)

    p = sub.add_parser("build", help="build the site")
    p.add_argument("--content", default="content", help="content folder (default content/)")
    p.add_argument("--output", default="output", help="output folder (default output/)")
    _build_options(p)
    p.add_argument("--clean", action="store_true", help="ignore the build state: read, score and render every event")
    p.set_defaults(run=_build)

    p = sub.add_parser("serve", help="build, serve on localhost and rebuild and reload the page on every change")
    p.add_argument("--content", default="content")
    p.add_argument("--output", default="output")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    _build_options(p)
    p.set_defaults(run=_serve)


def _report_commands(sub: Any) -> None:
    """standings, export."""
    p = sub.add_parser("standings", help="print an event's standings")
    p.add_argument("event_dir")
    p.set_defaults(run=_standings, one_event=True)

    p = sub.add_parser("export", help="write what the organizer reports to the game's ranking body: CSV, or the body's own upload format")
    p.add_argument("event_dir")
    p.add_argument("--format", dest="export_format", default="csv",
                   choices=["csv", *sorted({name for fmt in formats.FORMATS.values() for name in fmt.export_formats})],
                   help="csv (default), or the ranking body's upload format: " + "; ".join(
                       f"{name} ({fmt.name})" for fmt in formats.FORMATS.values() for name in fmt.export_formats))
    p.add_argument("--output", help="write to this file instead of printing")
    p.set_defaults(run=_export, one_event=True)


def _build_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="events built at once, in worker processes (default: one per core)")
    p.add_argument("--cache", type=Path, default=DEFAULT_CACHE,
                   help=f"the build state, so a rebuild redoes only what changed (default {DEFAULT_CACHE}/; keep it out of git)")


def _new(args: argparse.Namespace) -> int:
    written = new_event(args.event_dir, fmt=args.format, date=args.date, name=args.name, players=args.player,
                        rounds=args.rounds, cut=args.cut)
    for path in written[:-1]:
        print(f"created {path}: the site's title and address; edit it")
    print(f"created {written[-1]}: list the players (`sitegen add`), then run `sitegen pair {args.event_dir}`")
    return 0


def _pair(args: argparse.Namespace) -> int:
    from sitegen.edit.decklists import missing_lists

    missing = {} if args.without_decklists or args.redo else missing_lists(args.event_dir, DEFAULT_CACHE)
    if missing:
        raise Refused("round 1 is not paired: the event requires a legal decklist, and these players have none: "
                      + ", ".join(f"{player} ({status})" for player, status in missing.items())
                      + "; register their lists (`sitegen deck`), or pair with --without-decklists")
    paired = pair_round(args.event_dir, plan=args.plan, redo=args.redo, start=args.start, minutes=args.minutes,
                        tables=cli_desk.table_wishes(args.table), bye=args.bye)
    if paired.length:
        written = ", ".join(f"{key}: {value}" for key, value in paired.length.items())
        print(f"wrote {written} into {Path(args.event_dir) / 'event.yaml'}: these are now fixed for the event; "
              "edit them there to change them\n")
    for target, text in paired.rounds:
        print(f"wrote {target}\n")
        print(text, end="")
    cli_desk.warn(paired.edited.warnings)
    cli_decks.release_due(args.event_dir, DEFAULT_CACHE)
    return 0


def _check(args: argparse.Namespace) -> int:
    from sitegen.build.pipeline import check_pages

    site = check_pages(args.content)  # the pages rendered too: a theme's mistakes are found here, not at the build
    cli_desk.warn([str(problem) for event in site.events for problem in formats.format_of(event).warnings(event)])
    print(f"{args.content}: {_count(len(site.events), 'event')}, {_count(len(site.pages), 'page')}: no problems found")
    return 0


def _build(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    from sitegen.build.engine import build

    report = build(args.content, args.output, jobs=args.jobs, cache=args.cache, clean=args.clean)
    took = time.perf_counter() - started
    print(f"built {args.output}/: {len(report.written)} written, {report.unchanged} unchanged, {len(report.removed)} removed in {took:.2f} s")
    cli_desk.warn(report.warnings)  # from the outline the build read, not a second reading of the content
    return 0


def _serve(args: argparse.Namespace) -> int:
    from sitegen.serve.server import serve

    serve(args.content, args.output, args.host, args.port, jobs=args.jobs, cache=args.cache)
    return 0


def _standings(args: argparse.Namespace) -> int:
    event = validated(args.event_dir)
    board = formats.format_of(event).score(event)
    cli_desk.print_standings(event, board)
    return 0


def _export(args: argparse.Namespace) -> int:
    event = validated(args.event_dir)
    fmt = formats.format_of(event)
    if args.export_format == "csv":
        text = csv_text(*fmt.export_table(event))
    else:
        known = {person.id: person for person in load_people(content_root(Path(args.event_dir)))}
        text = fmt.export_text(event, args.export_format, known) + "\n"
    if args.output:
        _write_output(Path(args.output), text)
        print(f"wrote {args.output}")
    else:
        print(text, end="")
    return 0


def _write_output(output: Path, text: str) -> None:
    """`export --output`: the file written (its folders made), or Refused with where it cannot go."""
    if output.is_dir():
        raise Refused(f"{output} is a folder; give the file to write, e.g. --output {output / 'standings.csv'}")
    if blocking := next((folder for folder in output.parents if folder.exists() and not folder.is_dir()), None):
        raise Refused(f"--output {output}: {blocking} is a file, not a folder; give a path through folders")
    try:
        write_atomic(output, text.encode())
    except PermissionError:
        raise  # main's answer to a path this user may not write
    except OSError as exc:
        raise Refused(f"--output {output}: cannot write it there ({exc.strerror}); give a file in a folder you can write") from None


if __name__ == "__main__":
    sys.exit(main())
