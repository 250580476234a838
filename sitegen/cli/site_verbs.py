"""The verbs of `sitegen` on the whole content folder: init, check, build, serve, desk. They import the build, the
servers and the desk when they run, not at start (see main)."""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from sitegen import VENDOR_FOLDER
from sitegen.cli.printing import count, warn
from sitegen.errors import Refused
from sitegen.schema.keys import LANGUAGE_CODES


def register(sub: Any, cache: Path) -> None:
    """The verbs on the content folder, in the order a site meets them; `cache`: the default build state folder."""
    p = sub.add_parser("init", help="start a new site repository: content/, a GitHub Pages workflow, .gitignore, README")
    p.add_argument("folder", help="the repository's folder (created if missing)")
    p.add_argument("--title", help="the site's title (default: from the folder name)")
    source = p.add_mutually_exclusive_group()
    source.add_argument("--package", help="what the workflows pip-install, e.g. sitegen-standings==0.2.0 or git+https://...@COMMIT "
                                          "(default: where this sitegen was installed from: its version on PyPI, its git URL "
                                          "at its commit, or the https origin of the git checkout it runs from, at HEAD)")
    source.add_argument("--vendor", action="store_true", help=f"put this sitegen's wheel into the repository ({VENDOR_FOLDER}/) "
                                                              "and install it from there: works however it was installed")
    p.add_argument("--base-url", default=None, help="the site's address, e.g. https://club.github.io/site/ (links, feeds, QR codes)")
    p.add_argument("--timezone", default=None, help="the events' time zone, e.g. Europe/Paris (default: this computer's)")
    p.set_defaults(run=_init)

    p = sub.add_parser("check", help="validate the content without building")
    p.add_argument("--content", default="content", help="content folder (default content/)")
    p.set_defaults(run=_check)

    p = sub.add_parser("build", help="build the site")
    p.add_argument("--content", default="content", help="content folder (default content/)")
    p.add_argument("--output", default="output", help="output folder (default output/)")
    _build_options(p, cache)
    p.add_argument("--clean", action="store_true", help="ignore the build state: read, score and render every event")
    p.add_argument("--quiet", action="store_true", help="print only warnings and problems: no progress line, no summary")
    p.set_defaults(run=_build)

    p = sub.add_parser("serve", help="build, serve on localhost and rebuild and reload the page on every change")
    p.add_argument("--content", default="content")
    p.add_argument("--output", default="output")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    _build_options(p, cache)
    p.set_defaults(run=_serve)

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
    p.add_argument("--new-token", action="store_true", help="a new access code in the desk's address: every address and QR code "
                   "printed before stops working (the code is kept in the cache folder: a restart keeps it)")
    p.add_argument("--language", choices=LANGUAGE_CODES, help="the desk's language (default: site.yaml's language:); an event with its own "
                   "language: shows its pages and its players' report pages in it")
    p.set_defaults(run=_desk)

def _build_options(p: argparse.ArgumentParser, cache: Path) -> None:
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="events built at once, in worker processes (default: one per core)")
    p.add_argument("--cache", type=Path, default=cache,
                   help=f"the build state, so a rebuild redoes only what changed (default {cache}/; keep it out of git)")

def _init(args: argparse.Namespace) -> int:
    import tempfile

    from sitegen.edit.install_source import Source, installed_source, vendor_wheel
    from sitegen.edit.scaffold import init_site

    source = Source(args.package) if args.package else None if args.vendor else installed_source()
    base_url = args.base_url if args.base_url is not None else _ask("The site's address (e.g. https://club.github.io/site/), or Enter for later")
    timezone = args.timezone if args.timezone is not None else _ask("The events' time zone", _local_zone())
    with tempfile.TemporaryDirectory() as scratch:
        wheel = None
        if source is None:
            wheel = vendor_wheel(Path(scratch))
            source = Source(f"{VENDOR_FOLDER}/{wheel.name}", f"the club's CI installs sitegen from {VENDOR_FOLDER}/{wheel.name}: commit it with the site")
        written = init_site(args.folder, title=args.title, package=source.requirement, base_url=base_url, timezone=timezone, wheel=wheel)
    for path in written:
        print(f"created {path}")
    if source.said:
        print(source.said)
    print(f"next: cd {args.folder}, `git init`, and `sitegen new content/events/<name>` for an event; "
          "README.md says how to publish")
    return 0

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

def _check(args: argparse.Namespace) -> int:
    from sitegen import games as formats
    from sitegen.build.pipeline import check_pages

    site = check_pages(args.content)  # the pages rendered too: a theme's mistakes are found here, not at the build
    warn([str(problem) for event in site.events
          for problem in formats.format_of(event).warnings(event) + formats.untranslated(event, site.language_of(event))])
    print(f"{args.content}: {count(len(site.events), 'event')}, {count(len(site.pages), 'page')}: no problems found")
    return 0

def _build(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    from sitegen.build.engine import build

    progress = ProgressLine(sys.stderr) if sys.stderr.isatty() and not args.quiet else None
    try:
        report = build(args.content, args.output, jobs=args.jobs, cache=args.cache, clean=args.clean, progress=progress)
    finally:
        if progress:
            progress.clear()
    took = time.perf_counter() - started
    if not args.quiet:
        print(f"built {args.output}/: {len(report.written)} written, {report.unchanged} unchanged, {len(report.removed)} removed in {took:.2f} s")
    warn(report.warnings)  # from the outline the build read, not a second reading of the content
    return 0

class ProgressLine:
    """`sitegen build` on a terminal: one line that says how many of the events to build are built, written over."""

    def __init__(self, stream: TextIO) -> None:
        self.stream, self.shown = stream, False

    def __call__(self, done: int, total: int) -> None:
        self.stream.write(f"\rbuilding events: {done} of {total}")
        self.stream.flush()
        self.shown = True

    def clear(self) -> None:
        """Take the line away (the summary, a problem or a traceback is printed where it was)."""
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()

def _serve(args: argparse.Namespace) -> int:
    from sitegen.serve.server import serve

    serve(args.content, args.output, args.host, args.port, jobs=args.jobs, cache=args.cache)
    return 0

def _desk(args: argparse.Namespace) -> int:
    from sitegen.desk.git import GitFailed, check_repository
    from sitegen.desk.server import DeskConfig, serve_desk
    from sitegen.desk.token import desk_token

    content = Path(args.content)
    if not (content / "site.yaml").is_file():
        raise Refused(f"no site.yaml in {content}/: run the desk where `sitegen build` runs, or give --content")
    if args.commit:
        try:
            check_repository(content)
        except GitFailed as exc:
            raise Refused(f"--commit needs the content in a git repository ({exc}); run `git init` first") from None
    host = args.host or ("0.0.0.0" if args.lan else "127.0.0.1")
    token, fresh = desk_token(args.cache, new=args.new_token)
    if fresh and args.new_token:
        print("a new access code: the desk's addresses and QR codes printed before no longer open it", flush=True)
    config = DeskConfig(content, Path(args.output), args.cache, token, commit=args.commit, language=args.language or "")
    serve_desk(config, host, args.port, lan=args.lan or host not in ("127.0.0.1", "localhost", "::1"))
    return 0
