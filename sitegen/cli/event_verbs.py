"""The verbs of `sitegen` on one event folder (its first argument): new, add, pair, result, drop, swap, seat,
remove, rename, length, clock, standings, export. They read arguments, call `edit/` and print.

Each command imports the edits it makes when it runs: `sitegen pair` loads this module too and should not wait
for ruamel.yaml (see yamledit)."""
from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sitegen import games as formats
from sitegen.cli import deck_verbs
from sitegen.cli.printing import print_rows, print_standings, print_table, warn
from sitegen.games.base import Refused, cut_of
from sitegen.games.result_entry import FIGURES, FLAG, ORDER, PLAYER, ResultField

if TYPE_CHECKING:
    from sitegen.edit.players import RosterChange


def register(sub: Any, cache: Path) -> None:
    """The verbs on one event folder (each takes it first), in the order an event meets them: new, the decklists
    (deck, decks: cli/deck_verbs.py), add, pair, result, drop, the round under way's (swap, seat, remove, rename,
    length, clock), then standings and export. `cache`: where held decklists are kept by default."""
    _register_new(sub)
    deck_verbs.register(sub, cache)

    p = sub.add_parser("add", help="add a player to event.yaml: a late arrival joins the current round while it has no "
                                   "result (then pair it again), else the next round")
    p.add_argument("event_dir")
    p.add_argument("name", help='the full name, e.g. "Ann Example"')
    p.add_argument("--id", dest="player_id", metavar="ID", help="the id (default: made from the name)")
    p.add_argument("--joined", type=int, metavar="N", help="the first round played (default: the next round once round 1 is paired)")
    p.add_argument("--field", nargs="+", action="extend", default=[], metavar="KEY=VALUE", help=f"a player field of the format: {_player_fields()}")
    _fold_flag(p)
    p.set_defaults(run=_add, one_event=True)

    _register_pair(sub, cache)

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
    _fold_flag(p)
    p.set_defaults(run=_drop, one_event=True)

    _register_venue(sub)
    _register_reports(sub)

def _register_pair(sub: Any, cache: Path) -> None:
    """`sitegen pair`: the next round, or the current one again, with the TO's wishes (start, tables, bye)."""
    p = sub.add_parser("pair", help="pair or seat the next round of an event, write its round file and print it")
    p.add_argument("event_dir")
    p.add_argument("--plan", action="store_true", help="seat every preliminary round at once, in games whose rules plan them together; writes every round file")
    p.add_argument("--redo", action="store_true", help="pair the current round again (only while none of its tables has a result)")
    p.add_argument("--start", metavar="'YYYY-MM-DD HH:MM'", help="the round's local start time: its page counts down")
    p.add_argument("--minutes", type=int, metavar="N", help="the round's length in minutes")
    p.add_argument("--table", nargs="+", action="extend", default=[], metavar="ID=N",
                   help="seat a player at table N in this round and every later one (event.yaml's 'table:'); ID= frees it")
    with_byes = ", ".join(sorted(name for name, fmt in formats.FORMATS.items() if fmt.gives_byes))
    p.add_argument("--bye", metavar="ID", help=f"give this player the bye (formats with byes: {with_byes}; default: the rules' choice)")
    p.add_argument("--without-decklists", action="store_true",
                   help="pair although some players have no legal decklist for the round ('decklists: collect: required')")
    p.set_defaults(run=_pair, one_event=True, cache=cache)

def _fold_flag(parser: argparse.ArgumentParser) -> None:
    from sitegen.pairing.fold import FOLDS

    parser.add_argument("--fold", choices=FOLDS, help="while the current round has no result, fold the change into it in the same "
                        "step: " + "; ".join(f"{name}: {text}" for name, text in FOLDS.items()) + " (default: write the change, and "
                        "the round is to be paired again)")

def _register_new(sub: Any) -> None:
    """`sitegen new`: the event folder, its game and length, its first players."""
    p = sub.add_parser("new", help="create an event folder with an event.yaml to fill in")
    p.add_argument("event_dir", help="the new event's folder, e.g. content/events/friday-night")
    p.add_argument("--format", default=formats.DEFAULT_FORMAT, choices=sorted(formats.FORMATS), help=f"the game format (default {formats.DEFAULT_FORMAT})")
    p.add_argument("--name", help="the event's name (default: from the folder name)")
    p.add_argument("--date", default=time.strftime("%Y-%m-%d"), help="the event's date, YYYY-MM-DD (default today)")
    p.add_argument("--player", action="append", metavar="NAME", help="a player's full name (repeat it; default: two to replace)")
    p.add_argument("--rounds", type=int, metavar="N", help="preliminary rounds (default: from the rules when round 1 is paired)")
    p.add_argument("--cut", type=int, metavar="N", help="players in the elimination cut, in games that have one (default: from the rules)")
    p.add_argument("--language", metavar="CODE", help="the event's pages in this language (en, fr, es, it, de, pt_BR or pl; default: the site's)")
    p.set_defaults(run=_new)


def _register_reports(sub: Any) -> None:
    """What an event reports: standings, export."""
    p = sub.add_parser("standings", help="print an event's standings")
    p.add_argument("event_dir")
    p.set_defaults(run=_standings, one_event=True)

    p = sub.add_parser("export", help="write what the organizer reports to the game's ranking body: CSV, or the body's own upload format")
    p.add_argument("event_dir")
    p.add_argument("--format", dest="export_format", default="csv",
                   choices=["csv", *sorted({name for fmt in formats.FORMATS.values() if fmt.export for name in fmt.export.formats})],
                   help="csv (default), or the ranking body's upload format: " + "; ".join(
                       f"{name} ({fmt.name})" for fmt in formats.FORMATS.values() if fmt.export for name in fmt.export.formats))
    p.add_argument("--output", help="write to this file instead of printing")
    p.set_defaults(run=_export, one_event=True)


def _register_venue(sub: Any) -> None:
    """The verbs of a round under way: swap, remove, rename, clock."""
    p = sub.add_parser("swap", help="two players of the current round trade seats (before either table has a result)")
    p.add_argument("event_dir")
    p.add_argument("players", nargs=2, metavar="ID")
    p.set_defaults(run=_swap, one_event=True)

    chosen = ", ".join(f"the {fmt.seat_choice.stage} of {name}" for name, fmt in sorted(formats.FORMATS.items()) if fmt.seat_choice)
    p = sub.add_parser("seat", help=f"players who choose their seats ({chosen}): record the seats they chose, then draw who plays first")
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

def _new(args: argparse.Namespace) -> int:
    from sitegen.edit.scaffold import new_event

    written = new_event(args.event_dir, fmt=args.format, date=args.date, name=args.name, players=args.player,
                        rounds=args.rounds, cut=args.cut, language=args.language)
    for path in written[:-1]:
        what = "the site's title and address; edit it" if path.name == "site.yaml" else "a schema an editor checks the content files with"
        print(f"created {path}: {what}")
    print(f"created {written[-1]}: list the players (`sitegen add`), then run `sitegen pair {args.event_dir}`")
    return 0

def _add(args: argparse.Namespace) -> int:
    from sitegen.edit.players import add_player, fields_of

    change = add_player(args.event_dir, args.name, pid=args.player_id, joined=args.joined, fields=fields_of(args.field), fold=args.fold)
    player = change.edited.event.player_by_id[change.player]
    print(f"added {player.name} (id {player.id}, first round {player.joined}) to {change.edited.written[0]}")
    _repair_advice(change, args.event_dir)
    return 0

def _pair(args: argparse.Namespace) -> int:
    from sitegen.edit.decklists import english_round, missing_lists
    from sitegen.edit.rounds import pair_round

    key, missing = ("", {}) if args.without_decklists or args.redo else missing_lists(args.event_dir, args.cache)
    if missing:
        raise Refused(f"{english_round(key)} is not paired: the event requires a legal decklist, and these players have none: "
                      + ", ".join(f"{player} ({status})" for player, status in missing.items())
                      + "; register their lists (`sitegen deck`), or pair with --without-decklists")
    paired = pair_round(args.event_dir, plan=args.plan, redo=args.redo, start=args.start, minutes=args.minutes,
                        tables=table_wishes(args.table), bye=args.bye)
    if paired.length:
        written = ", ".join(f"{key}: {value}" for key, value in paired.length.items())
        print(f"wrote {written} into {Path(args.event_dir) / 'event.yaml'}: these are now fixed for the event; "
              "edit them there to change them\n")
    for target, text in paired.rounds:
        print(f"wrote {target}\n")
        print(text, end="")
    warn(paired.edited.warnings)
    deck_verbs.release_due(args.event_dir, args.cache)
    return 0

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
    event, view = entered.edited.event, entered.view
    print(f"wrote table {entered.table} into {entered.edited.written[0]}")
    print_table(event, view, entered.table)
    if entered.standings:
        print("\nstandings rows that changed:")
        print_rows(event, view.standings_columns, entered.standings)
    warn(entered.edited.warnings)
    deck_verbs.release_due(args.event_dir, args.cache)
    return 0

def _drop(args: argparse.Namespace) -> int:
    from sitegen.edit.players import drop_player

    change = drop_player(args.event_dir, args.player, after=args.after, undo=args.undo, fold=args.fold)
    player = change.edited.event.player_by_id[args.player]
    path = change.edited.written[0]
    if args.undo:
        print(f"{player.name} plays on (no 'dropped:' in {path}): next round played {change.round}")
    else:
        print(f"wrote 'dropped: {player.dropped}' for {player.name} into {path}: "
              f"{'not paired from round 1 on' if not player.dropped else f'last round played: {player.dropped}'}")
    _repair_advice(change, args.event_dir)
    return 0

def _repair_advice(change: RosterChange, event_dir: str) -> None:
    if change.folded is not None:
        round_ = change.event.rounds[-1]
        changed = ", ".join(str(n) for n in change.folded) or "none"
        print(f"{round_.slug} folded in: table(s) changed: {changed}; written into {Path(round_.where.path).name}")
    elif change.repair:
        print(f"round {change.repair} is paired and has no result yet: this applies to it; fold the change into it with "
              f"`--fold pair` (the fewest tables change), or pair it again with `sitegen pair --redo {event_dir}`")


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
    print(f"{event.name}: {fmt.planned_rounds(event)} rounds, cut {cut_of(fmt, event) or 'none'} (written into {edited.written[0]})")
    return 0

def _clock(args: argparse.Namespace) -> int:
    from sitegen.edit.venue import ClockChange, clock_words, set_clock

    change = ClockChange(start=args.start, minutes=args.minutes, extend=args.extend, pause=args.pause,
                         resume=args.resume, call=args.call)
    edited = set_clock(args.event_dir, change)
    round_ = edited.event.rounds[-1] if not edited.event.elims else edited.event.elims[-1]
    print(f"{round_.slug}: {clock_words(round_)} (written into {edited.written[0]})")
    return 0

def _standings(args: argparse.Namespace) -> int:
    from sitegen.load.check import validated

    event = validated(args.event_dir)
    board = formats.format_of(event).score(event)
    print_standings(event, board)
    return 0

def _export(args: argparse.Namespace) -> int:
    from sitegen.load.check import validated
    from sitegen.load.event import content_root
    from sitegen.load.players_and_leagues import load_people
    from sitegen.text import csv_text

    event = validated(args.event_dir)
    fmt = formats.format_of(event)
    if fmt.export is None:
        raise Refused(f"the {fmt.name} format has no ranking export; see `sitegen standings` or standings.json")
    if args.export_format == "csv":
        text = csv_text(*fmt.export.table(event))
    elif args.export_format in fmt.export.formats and fmt.export.text:
        known = {person.id: person for person in load_people(content_root(Path(args.event_dir)))}
        text = fmt.export.text(event, args.export_format, known) + "\n"
    else:
        raise Refused(f"the {fmt.name} format has no '{args.export_format}' export; use --format csv")
    if args.output:
        _write_output(Path(args.output), text)
        print(f"wrote {args.output}")
    else:
        print(text, end="")
    return 0

def _write_output(output: Path, text: str) -> None:
    """`export --output`: the file written (its folders made), or Refused with where it cannot go."""
    from sitegen.files import write_atomic

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
