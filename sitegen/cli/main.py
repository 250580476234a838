"""The `sitegen` command: the parser, and a verb's problems and refusals turned into exit status 2.

Where a verb lives: `site_verbs.py` holds the verbs on the whole content folder (init, check, build, serve, desk),
`event_verbs.py` those on one event folder, its first argument (new, add, pair, result, drop, swap, seat, remove,
rename, length, clock, standings, export), `report.py` the one the report workflow runs; this file holds none."""
from __future__ import annotations

import argparse
import contextlib
import errno
import sys
from pathlib import Path

from sitegen import DISTRIBUTION

EXIT_BAD_INPUT = 2
DEFAULT_CACHE = Path(".sitegen-cache")  # the build state, relative to where sitegen runs
PARSED_FOLDER = "parsed"  # in the cache folder: the YAML the one-event commands parsed (yamlstore)
# Every command imports what it needs when it runs, not at start: `--version` answers before any game, the edit layer
# or a YAML library is loaded, and `pair` and `result` (at the venue, between rounds) load no build pipeline.

def main(argv: list[str] | None = None) -> int:
    if (sys.argv[1:] if argv is None else argv) == ["--version"]:
        return _version()
    from sitegen.cli.printing import count
    from sitegen.errors import ContentError, Refused

    arguments = sys.argv[1:] if argv is None else argv
    args = _parser(arguments).parse_args(arguments)
    try:
        with _parsed_kept(args):
            status: int = args.run(args)
        return status
    except ContentError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        print(f"sitegen: {count(len(exc.problems), 'problem')} found; nothing was written", file=sys.stderr)
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
    except OSError as exc:  # the machine's, not the content's: a full disk, a failing drive. One line, no traceback
        print(f"sitegen: {exc.filename or 'a file'}: {exc.strerror or exc}; {_remedy(exc)}", file=sys.stderr)
        return EXIT_BAD_INPUT


def _remedy(exc: OSError) -> str:
    """What to do about a failed read or write. Every write is whole or not at all, and an edit puts back what it had
    written, so the content is as it was."""
    room = "free some room on the disk, then " if exc.errno in (errno.ENOSPC, errno.EDQUOT) else ""
    return f"{room}run the command again (the content is as it was)"

def _parsed_kept(args: argparse.Namespace) -> contextlib.AbstractContextManager[None]:
    """The commands on one event (pair, result, ...) each read all its files again: they keep the parsed YAML in the
    cache folder and read it back from there (see yamlstore). A build keeps its own state instead."""
    if not getattr(args, "one_event", False):
        return contextlib.nullcontext()
    from sitegen.load.yaml_store import parsed_kept_in

    return parsed_kept_in(DEFAULT_CACHE / PARSED_FOLDER)

def _version() -> int:
    """`--version`: the installed package's version, looked up only when asked (importlib.metadata is slow to load)."""
    from importlib.metadata import version

    print(f"sitegen {version(DISTRIBUTION)}")  # on stdout, as argparse's own version action does
    return 0

class _Version(argparse.Action):
    """`--version` among other arguments (`sitegen --version check`): argparse's way, which stops there."""

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        parser.exit(_version())

def _parser(arguments: list[str]) -> argparse.ArgumentParser:
    """The whole parser, but when the command is one on the whole content folder (check, build ...), only theirs:
    the event verbs' flags and help are made from the games' declarations, which would load every game."""
    from sitegen.cli import site_verbs

    parser = argparse.ArgumentParser(prog="sitegen", description="Static standings sites for card-game tournaments.")
    parser.add_argument("--version", action=_Version, nargs=0, help="show the version and exit")
    sub = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)
    site_verbs.register(sub, DEFAULT_CACHE)
    command = next((word for word in arguments if not word.startswith("-")), None)  # the parser's only options are flags
    if command not in sub.choices:
        from sitegen.cli import event_verbs
        from sitegen.cli import report as cli_report

        event_verbs.register(sub, DEFAULT_CACHE)
        cli_report.register(sub)
    return parser


if __name__ == "__main__":
    sys.exit(main())
