"""`sitegen deck` (register one player's list) and `sitegen decks` (the event's lists: check, publish, export)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from sitegen.games.base import Refused
from sitegen.games.decklist import MAX_DECKLIST_BYTES, CheckedDeck
from sitegen.model import Event


def register(sub: Any, cache: Path) -> None:
    p = sub.add_parser("deck", help="register a player's decklist for an event (held out of the site until the event's rule publishes it)")
    p.add_argument("event_dir")
    p.add_argument("player", metavar="ID")
    p.add_argument("file", help="the list as a text file (a deck builder's export), or - to read it from the input")
    p.add_argument("--force", action="store_true", help="replace a list locked since round 1 was paired (the TO's decision)")
    p.add_argument("--round", default="", metavar="ROUND",
                   help="under 'multideck: true', the round the list is for (round-2, final; default: the next round to be paired)")
    p.add_argument("--cache", type=Path, default=cache, help=f"where held lists are kept (default {cache}/; keep it out of git)")
    p.set_defaults(run=_deck)

    p = sub.add_parser("decks", help="an event's decklists: each player's status; --check, --publish or --export DIR")
    p.add_argument("event_dir")
    action = p.add_mutually_exclusive_group()
    action.add_argument("--check", action="store_true", help="check every held list and print its problems (exit 2 if any)")
    action.add_argument("--publish", action="store_true", help="publish now the lists event.yaml's 'decklists: publish:' names")
    action.add_argument("--export", type=Path, metavar="DIR", help="copy every held list into DIR (a backup)")
    p.add_argument("--cache", type=Path, default=cache, help=f"where held lists are kept (default {cache}/)")
    p.set_defaults(run=_decks)


def _read_list(file: str) -> str:
    """The list's text, read no further than the size a list may have (a larger one is refused, never held)."""
    try:
        if file == "-":
            data = sys.stdin.buffer.read(MAX_DECKLIST_BYTES + 1)
        else:
            with open(file, "rb") as handle:
                data = handle.read(MAX_DECKLIST_BYTES + 1)
        return data.decode("utf-8")
    except FileNotFoundError:
        raise Refused(f"{file}: no such file; give the list's text file, or - to read it from the input") from None
    except UnicodeDecodeError:
        raise Refused(f"{file}: not UTF-8 text; export the list as text from your deck builder") from None


def print_checked(player: str, checked: CheckedDeck) -> None:
    counts = ", ".join(f"{section.title} {section.count}" for section in checked.sections)
    verdict = "legal" if checked.valid else f"{len(checked.problems)} problem{'s' if len(checked.problems) != 1 else ''}"
    print(f"{player}: {counts or 'no cards'}: {verdict}")
    for line in [*checked.problems, *checked.notes]:
        print(f"  {line}")


def _deck(args: argparse.Namespace) -> int:
    from sitegen.edit.decklists import english_round, locked, register, target_round
    from sitegen.games.base import Refused
    from sitegen.load.event import load_event

    event = load_event(args.event_dir)
    round_key = args.round or target_round(event)
    try:
        checked = register(args.event_dir, args.cache, args.player, _read_list(args.file), force=args.force, round_key=round_key)
    except Refused as refused:
        if locked(event, args.player, round_key):
            raise Refused(f"{refused} (with --force)") from None
        raise
    print_checked(args.player, checked)
    held_for = f" for {english_round(round_key)} (and the rounds after it, unless another list is registered for them)" if round_key else ""
    print(f"held in {args.cache}/{held_for}: not on the site until the event's 'decklists:' rule publishes it")
    return 0


def _decks(args: argparse.Namespace) -> int:
    from sitegen.edit.decklists import HeldDecks, players_of, release
    from sitegen.load.check import validated

    event = validated(args.event_dir)
    held = HeldDecks.of(args.cache, event)
    if args.export:
        written = held.export(args.export)
        print(f"copied {len(written)} held list{'s' if len(written) != 1 else ''} into {args.export}/")
        return 0
    if args.publish:
        released = players_of(release(args.event_dir, args.cache, now=True))
        print(f"published {', '.join(released) if released else 'no new list'} into {Path(args.event_dir) / 'decks'}/")
        return 0
    return _statuses(event, held, show_problems=args.check)


def _statuses(event: Event, held: Any, *, show_problems: bool) -> int:
    from sitegen.edit.decklists import check_list, english_round, lists_so_far

    lists = held.by_round()
    bad = 0
    for player in event.players:
        said = []
        for key, text in lists_so_far(event, lists, player.id):
            checked = check_list(event, text) if text is not None else None
            bad += checked is not None and not checked.valid
            said.append(f"{english_round(key) + ' ' if key else ''}{'missing' if checked is None else 'registered' if checked.valid else 'has problems'}")
            if show_problems and checked is not None:
                print_checked(f"{player.id} ({english_round(key)})" if key else player.id, checked)
        if not show_problems:
            print(f"{player.id}: {', '.join(said)}")
    return 2 if show_problems and bad else 0


def release_due(event_dir: str, cache: Path) -> None:
    """After a pairing or a result: publish the held lists the event's rule now releases, and say so."""
    from sitegen.edit.decklists import players_of, release

    released = players_of(release(event_dir, cache))
    if released:
        print(f"published the decklists of {', '.join(released)} into {Path(event_dir) / 'decks'}/ (event.yaml's 'decklists:')")
