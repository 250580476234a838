"""The TO's desk commands of `sitegen`: init, result, drop, add, desk. They read arguments, call `edits*` and print.

Each command imports the edits it makes when it runs: `sitegen pair` loads this module too and should not wait
for ruamel.yaml (see yamledit)."""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from sitegen import games as formats
from sitegen.cli.decks import release_due
from sitegen.edit.scaffold import init_site, package_source
from sitegen.games.base import FIGURES, FLAG, ORDER, PLAYER, Refused, ResultField, Scoreboard, StandingRow
from sitegen.model import LANGUAGES, Event


def register(sub: Any, cache: Path) -> None:
    """Add the desk commands to `sitegen`'s sub-command parser; `cache`: the default build state folder."""
    p = sub.add_parser("init", help="start a new site repository: content/, a GitHub Pages workflow, .gitignore, README")
    p.add_argument("folder", help="the repository's folder (created if missing)")
    p.add_argument("--title", help="the site's title (default: from the folder name)")
    p.add_argument("--package", help="what the workflow pip-installs, e.g. sitegen==1.2 or git+https://...@COMMIT "
                                     "(default: where this sitegen was installed from)")
    p.add_argument("--base-url", default=None, help="the site's address, e.g. https://club.github.io/site/ (links, feeds, QR codes)")
    p.add_argument("--timezone", default=None, help="the events' time zone, e.g. Europe/Paris (default: this computer's)")
    p.set_defaults(run=_init)

    p = sub.add_parser("result", help="enter a table's result into the current round file (or the one given) and print what changed")
    p.add_argument("event_dir")
    p.add_argument("table", type=int, help="the table number")
    _add_result_flags(p)
    which = p.add_mutually_exclusive_group()
    which.add_argument("--round", type=int, metavar="N", help="a Swiss round (default: the current round)")
    which.add_argument("--elim", type=int, metavar="N", help="an elimination round")
    which.add_argument("--final", action="store_true", help="the final (games that end with one final table)")
    p.add_argument("--clear", action="store_true", help="take the table's result out: the table is in play again")
    p.set_defaults(run=_result, one_event=True, cache=cache)

    p = sub.add_parser("drop", help="mark a player as dropped (event.yaml's 'dropped:'): from the current round while it "
                                    "has no result (then pair it again), else from the next round on")
    p.add_argument("event_dir")
    p.add_argument("player", metavar="ID")
    p.add_argument("--after", type=int, metavar="N", help="the last round the player plays (default: as above)")
    p.add_argument("--undo", action="store_true", help="take the drop back (before the next round is paired)")
    p.set_defaults(run=_drop, one_event=True)

    _register_venue(sub)

    p = sub.add_parser("add", help="add a player to event.yaml: a late arrival joins the current round while it has no "
                                   "result (then pair it again), else the next round")
    p.add_argument("event_dir")
    p.add_argument("name", help='the full name, e.g. "Ann Example"')
    p.add_argument("--id", dest="player_id", metavar="ID", help="the id (default: made from the name)")
    p.add_argument("--joined", type=int, metavar="N", help="the first round played (default: the next round once round 1 is paired)")
    p.add_argument("--field", nargs="+", action="extend", default=[], metavar="KEY=VALUE", help=f"a player field of the format: {_player_fields()}")
    p.set_defaults(run=_add, one_event=True)

    _register_desk(sub, cache)


def _register_desk(sub: Any, cache: Path) -> None:
    """`sitegen desk`: its address, its preview, its git commits and its language."""
    p = sub.add_parser("desk", help="a web console on this computer (or, with --lan, a judge's phone): results, drops, pairing, standings")
    p.add_argument("--content", default="content", help="content folder (default content/)")
    p.add_argument("--output", default="output", help="where the site preview is built (default output/)")
    p.add_argument("--cache", type=Path, default=cache, help=f"the build state (default {cache}/)")
    p.add_argument("--port", type=int, default=8001, help="default 8001 (serve's is 8000)")
    p.add_argument("--lan", action="store_true", help="listen on the local network (0.0.0.0, or --host) and print a QR code of the address")
    p.add_argument("--host", help="the address to listen on (default 127.0.0.1; 0.0.0.0 with --lan)")
    p.add_argument("--commit", action="store_true", help="make each change a git commit in the content's repository; a Publish button runs `git push`")
    p.add_argument("--language", choices=LANGUAGES, help="the desk's language (default: site.yaml's language:); an event with its own "
                   "language: shows its pages and its players' report pages in it")
    p.set_defaults(run=_desk)


def _register_venue(sub: Any) -> None:
    """The verbs of a round under way: swap, remove, rename, clock."""
    p = sub.add_parser("swap", help="two players of the current round trade seats (before either table has a result)")
    p.add_argument("event_dir")
    p.add_argument("players", nargs=2, metavar="ID")
    p.set_defaults(run=_swap, one_event=True)

    p = sub.add_parser("seat", help="players who choose their seats (the V:TES final): record the seats they chose, "
                                    "then draw who plays first")
    p.add_argument("event_dir")
    p.add_argument("seats", nargs="*", metavar="ID=N", help="each player's chosen seat, from 1 (every player of the table)")
    p.add_argument("--draw-first", action="store_true", help="draw who plays first from the event's seed and the seating, "
                                                             "and record it")
    p.set_defaults(run=_seat, one_event=True)

    p = sub.add_parser("remove", help="take a player out of event.yaml altogether (one with no seat and no result)")
    p.add_argument("event_dir")
    p.add_argument("player", metavar="ID")
    p.set_defaults(run=_remove, one_event=True)

    p = sub.add_parser("rename", help="give a player another name (the id stays)")
    p.add_argument("event_dir")
    p.add_argument("player", metavar="ID")
    p.add_argument("name", help='the full name, e.g. "Ann Example"')
    p.set_defaults(run=_rename, one_event=True)

    p = sub.add_parser("length", help="set the event's preliminary rounds and cut (event.yaml), until round 1 has a result")
    p.add_argument("event_dir")
    p.add_argument("--rounds", type=int, metavar="N", help="preliminary rounds")
    p.add_argument("--cut", type=int, metavar="N", help="players in the elimination cut (0: none)")
    p.set_defaults(run=_length, one_event=True)

    p = sub.add_parser("clock", help="the current round's clock: start, extend, pause, resume or call time")
    p.add_argument("event_dir")
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("--start", nargs="?", const="", metavar="HH:MM", help="start it now, or at HH:MM today")
    what.add_argument("--extend", type=int, metavar="MIN", help="add minutes (negative: take some off)")
    what.add_argument("--pause", action="store_true", help="stop the countdown")
    what.add_argument("--resume", action="store_true", help="go on counting down")
    what.add_argument("--call", action="store_true", help="time is called")
    p.add_argument("--minutes", type=int, metavar="N", help="the round's length, with --start")
    p.set_defaults(run=_clock, one_event=True)


def table_wishes(pairs: list[str]) -> dict[str, int | None]:
    """`--table ann=12 ben=` into {"ann": 12, "ben": None} (None frees the player's table)."""
    wishes: dict[str, int | None] = {}
    for pair in pairs:
        pid, sep, number = pair.partition("=")
        if not sep or not pid.strip():
            raise Refused(f"--table {pair}: write it as ID=N, e.g. --table ann-example=12 (ID= frees the table)")
        try:
            wishes[pid.strip()] = int(number) if number.strip() else None
        except ValueError:
            raise Refused(f"--table {pair}: '{number}' is not a table number") from None
    return wishes


def _declared_fields() -> dict[str, list[tuple[str, ResultField]]]:
    """Every result key a game declares, with the games that declare it (a key means the same kind in every game)."""
    declared: dict[str, list[tuple[str, ResultField]]] = {}
    for name, fmt in sorted(formats.FORMATS.items()):
        for field in fmt.results.fields:
            declared.setdefault(field.key, []).append((name, field))
    return declared


FLAG_SHAPES: dict[str, dict[str, Any]] = {
    PLAYER: {"metavar": "ID"},
    FIGURES: {"nargs": "+", "action": "extend", "metavar": "ID=N"},
    ORDER: {"nargs": "+", "action": "extend", "metavar": "ID"},
    FLAG: {"action": "store_true"},
}


def _add_result_flags(parser: argparse.ArgumentParser) -> None:
    """`sitegen result`'s flags, made from the games' result declarations: one per key, with each game's help."""
    for key, declared in _declared_fields().items():
        helps: dict[str, list[str]] = {}
        for name, field in declared:
            helps.setdefault(field.help, []).append(name)
        text = "; ".join(f"{help_} ({', '.join(names)})" for help_, names in helps.items())
        parser.add_argument(f"--{key}", dest=f"result_{key}", help=text, **FLAG_SHAPES[declared[0][1].kind])


def _player_fields() -> str:
    """The games' player fields for `add --field`'s help, from their declarations."""
    return "; ".join(f"{', '.join(fmt.deck_fields)} ({name})" for name, fmt in sorted(formats.FORMATS.items()) if fmt.deck_fields)


def _result(args: argparse.Namespace) -> int:
    from sitegen.edit.results import clear_result, enter_result

    slug = f"round-{args.round}" if args.round else f"elim-{args.elim}" if args.elim else "final" if args.final else None
    words = {key: getattr(args, f"result_{key}") for key in _declared_fields()}
    if args.clear and any(words.values()):
        raise Refused("--clear takes the result out: give it without a result")
    if args.clear:
        entered = clear_result(args.event_dir, args.table, round_slug=slug)
    else:
        entered = enter_result(args.event_dir, args.table, words, round_slug=slug)
    event, board = entered.edited.event, entered.board
    print(f"wrote table {entered.table} into {entered.edited.written[0]}")
    print_table(event, board, entered.round.slug, entered.table)
    if entered.standings:
        print("\nstandings rows that changed:")
        print_rows(event, board, entered.standings)
    warn(entered.edited.warnings)
    release_due(args.event_dir, args.cache)
    return 0


def _drop(args: argparse.Namespace) -> int:
    from sitegen.edit.players import drop_player

    change = drop_player(args.event_dir, args.player, after=args.after, undo=args.undo)
    player = change.edited.event.player_by_id[args.player]
    path = change.edited.written[0]
    if args.undo:
        print(f"{player.name} plays on (no 'dropped:' in {path}): next round played {change.round}")
    else:
        print(f"wrote 'dropped: {player.dropped}' for {player.name} into {path}: "
              f"{'not paired from round 1 on' if not player.dropped else f'last round played: {player.dropped}'}")
    _repair_advice(change.repair, args.event_dir)
    return 0


def _add(args: argparse.Namespace) -> int:
    from sitegen.edit.players import add_player, fields_of

    change = add_player(args.event_dir, args.name, pid=args.player_id, joined=args.joined, fields=fields_of(args.field))
    player = change.edited.event.player_by_id[change.player]
    print(f"added {player.name} (id {player.id}, first round {player.joined}) to {change.edited.written[0]}")
    _repair_advice(change.repair, args.event_dir)
    return 0


def _repair_advice(repair: int | None, event_dir: str) -> None:
    if repair:
        print(f"round {repair} is paired and has no result yet: this applies to it; pair it again with "
              f"`sitegen pair --redo {event_dir}`")


def _swap(args: argparse.Namespace) -> int:
    from sitegen.edit.venue import swap_players

    edited = swap_players(args.event_dir, *args.players)
    names = edited.event.player_by_id
    print(f"{names[args.players[0]].name} and {names[args.players[1]].name} traded seats in {edited.written[0]}")
    return 0


def _seat(args: argparse.Namespace) -> int:
    from sitegen.edit.seats import choose_seats, draw_first, seat_numbers

    if not args.seats and not args.draw_first:
        raise Refused("give each player's seat as ID=N, or --draw-first to draw who plays first")
    if args.seats:
        edited = choose_seats(args.event_dir, seat_numbers(args.seats))
        table = (edited.event.elims or edited.event.rounds)[-1].tables[0]
        names = edited.event.player_by_id
        print("seats: " + ", ".join(f"{n}. {names[p].name}" for n, p in enumerate(table.players, start=1))
              + f" (written into {edited.written[0]})")
    if args.draw_first:
        edited, drawn = draw_first(args.event_dir)
        print(f"{edited.event.player_by_id[drawn].name} plays first (drawn; written into {edited.written[0]})")
    return 0


def _remove(args: argparse.Namespace) -> int:
    from sitegen.edit.players import remove_player

    edited = remove_player(args.event_dir, args.player)
    print(f"removed {args.player} from {edited.written[0]}")
    return 0


def _rename(args: argparse.Namespace) -> int:
    from sitegen.edit.players import rename_player

    edited = rename_player(args.event_dir, args.player, args.name)
    print(f"{args.player} is now {edited.event.player_by_id[args.player].name} in {edited.written[0]}")
    return 0


def _length(args: argparse.Namespace) -> int:
    from sitegen.edit.rounds import set_length

    edited = set_length(args.event_dir, args.rounds, args.cut)
    event = edited.event
    fmt = formats.format_of(event)
    print(f"{event.name}: {fmt.planned_rounds(event)} rounds, cut {fmt.cut(event) or 'none'} (written into {edited.written[0]})")
    return 0


def _clock(args: argparse.Namespace) -> int:
    from sitegen.edit.venue import ClockChange, clock_words, set_clock

    change = ClockChange(start=args.start, minutes=args.minutes, extend=args.extend, pause=args.pause,
                         resume=args.resume, call=args.call)
    edited = set_clock(args.event_dir, change)
    round_ = edited.event.rounds[-1] if not edited.event.elims else edited.event.elims[-1]
    print(f"{round_.slug}: {clock_words(round_)} (written into {edited.written[0]})")
    return 0


def _desk(args: argparse.Namespace) -> int:
    from sitegen.desk.git import GitFailed, check_repository
    from sitegen.desk.server import DeskConfig, new_token, serve_desk

    content = Path(args.content)
    if not (content / "site.yaml").is_file():
        raise Refused(f"no site.yaml in {content}/: run the desk where `sitegen build` runs, or give --content")
    if args.commit:
        try:
            check_repository(content)
        except GitFailed as exc:
            raise Refused(f"--commit needs the content in a git repository ({exc}); run `git init` first") from None
    host = args.host or ("0.0.0.0" if args.lan else "127.0.0.1")
    config = DeskConfig(content, Path(args.output), args.cache, new_token(), commit=args.commit, language=args.language or "")
    serve_desk(config, host, args.port, lan=args.lan or host not in ("127.0.0.1", "localhost", "::1"))
    return 0


def _init(args: argparse.Namespace) -> int:
    package = args.package or _installed_from()
    if package is None:
        raise Refused("this sitegen was installed from a folder on this computer, which the club's workflow cannot reach; "
                      "give --package, e.g. --package sitegen==0.1.0 or --package git+https://github.com/you/sitegen@COMMIT")
    base_url = args.base_url if args.base_url is not None else _ask("The site's address (e.g. https://club.github.io/site/), or Enter for later")
    timezone = args.timezone if args.timezone is not None else _ask("The events' time zone", _local_zone())
    for path in init_site(args.folder, title=args.title, package=package, base_url=base_url, timezone=timezone):
        print(f"created {path}")
    print(f"next: cd {args.folder}, `git init`, and `sitegen new content/events/<name>` for an event; "
          "README.md says how to publish")
    return 0


def _installed_from() -> str | None:
    """Where the running sitegen came from (PEP 610's direct_url.json), as a pip requirement; None for a local folder."""
    from importlib.metadata import PackageNotFoundError, distribution

    try:
        dist = distribution("sitegen")
    except PackageNotFoundError:
        return None
    text = dist.read_text("direct_url.json")
    return package_source(json.loads(text) if text else None, dist.version)


def _ask(question: str, default: str = "") -> str:
    """An answer typed at the terminal; the default when nobody is there to type (CI, a script)."""
    if not sys.stdin.isatty():
        return default
    answer = input(f"{question}{f' [{default}]' if default else ''}: ").strip()
    return answer or default


def _local_zone() -> str:
    """This computer's IANA time zone (from /etc/localtime), or "" when it cannot be told."""
    target = os.path.realpath("/etc/localtime")
    return target.split("/zoneinfo/", 1)[1] if "/zoneinfo/" in target else ""


def warn(warnings: list[str]) -> None:
    for warning in warnings:
        print(f"sitegen: warning: {warning}", file=sys.stderr)


def print_table(event: Event, board: Scoreboard, slug: str, number: int) -> None:
    names = event.player_by_id
    for view in board.rounds + board.elims:
        if view.round.slug != slug:
            continue
        columns = view.columns or board.seat_columns
        for table in view.tables:
            if table.number != number:
                continue
            print(f"{view.label}, table {number}{' (in play)' if table.pending else ''}")
            for seat in table.seats:
                cells = "  ".join(f"{c.label} {seat.values.get(c.key, '')}" for c in columns if seat.values.get(c.key, "") != "")
                mark = "  (winner)" if seat.winner else ""
                print(f"  {seat.seat:>2}  {names[seat.player].name[:28]:<28}  {cells}{mark}")


def print_standings(event: Event, board: Scoreboard) -> None:
    """The final ranking once the event is decided (champion first), then the Swiss standings; drops marked."""
    names = event.player_by_id
    if board.final_ranking:
        print(f"{event.name} — final ranking")
        for place, pid in board.final_ranking:
            mark = "  (champion)" if place == 1 else ""
            print(f"{place:>4}  {names[pid].name}{mark}")
        print()
    print(f"{event.name} — standings after {len(board.standings_after)} round(s)")
    print_rows(event, board, board.standings)


def print_rows(event: Event, board: Scoreboard, rows: list[StandingRow]) -> None:
    names = event.player_by_id
    columns = board.standings_columns
    print(f"{'#':>4}  {'Player':<28}" + "".join(f"{c.label:>12}" for c in columns))
    for row in rows:
        name = names[row.player].name[:28] + (" (dropped)" if row.dropped else "")
        cells = "".join(f"{str(row.values[c.key]):>12}" for c in columns)
        print(f"{row.rank:>4}  {name:<28}{cells}")
