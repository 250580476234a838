"""The desk's pages and changes, as the worker threads make them: the `Desk` every request shares (the configuration,
the threads, the preview, the notes shown after a redirect) and its answers, each a `Reply`. `server.py` routes to them."""
from __future__ import annotations

import asyncio
import datetime
import secrets
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from http import HTTPStatus
from importlib import resources
from itertools import count
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import parse_qs

import jinja2
import jinja2.runtime
import markupsafe

from sitegen import games as formats
from sitegen.desk import git as desk_git
from sitegen.desk.actions import ACTIONS, Done, Form, Stale, plain_line, said, table_anchor, value
from sitegen.desk.deck_links import DECK_ROUTE, DeckLinks, before_pairing, published
from sitegen.desk.new_event import create_event, new_event_form
from sitegen.desk.preview import CONTENT_TYPES, DeskConfig, Preview
from sitegen.desk.replies import Reply, redirect, text
from sitegen.desk.report_links import LINK_ROUTE, ReportLinks
from sitegen.desk.screens import ORDINALS, Listed, event_links, event_page, in_names, problem_line
from sitegen.edit.commit import preliminaries_over
from sitegen.edit.decklists import round_keys
from sitegen.edit.lock import content_lock
from sitegen.games.base import Refused, Scoreboard
from sitegen.language import translate
from sitegen.load.check import one_event_problems
from sitegen.load.event import load_event
from sitegen.load.site import read_outline
from sitegen.model import DEFAULT_LANGUAGE, ContentError, Event
from sitegen.render.i18n import localized, speaking
from sitegen.serve.overlay import ProblemBoard, overlay_code, overlay_script
from sitegen.text import N_, Joined, Msg, filled, unplaced

PREVIEW_QUIET = 2.0  # seconds without a change before the preview is rebuilt: a burst of taps is one build, none during a tap
PLAYERS = "players"  # e/SLUG/players: the event's players, on a page of their own
PLAYERS_ACTIONS = ("drop", "add", "rename", "remove")  # the changes made on it: a refused one shows there, a done one on the round it changed
NO_ROUND_ACTIONS = ("rename", "remove")  # ... unless it changes no round: then it is answered on the players' page too
WORKERS = 4  # threads for the requests' file work: pages, changes (one at a time per content folder anyway), git
T = TypeVar("T")


# The problems overlay's own words, in the page's language (the problems themselves are the checks' English lines).
OVERLAY_WORDS = {"hide": N_("Hide"), "title": N_("Content problems: fix them and this page updates (the site shows the last good build)"),
                 "changed": N_("This event changed since the page was loaded: another judge, a player's report or a command."),
                 "reload": N_("Reload")}


@jinja2.pass_context
def english(context: jinja2.runtime.Context, line: str) -> markupsafe.Markup:
    """` lang="en"` for a line of the shared checks and edits (English, as the CLI says it) on a page in another language;
    nothing for the desk's own words (a `Msg`, translated) or on an English page."""
    plain = isinstance(line, str) and not isinstance(line, (Msg, Joined))
    return markupsafe.Markup(' lang="en"') if plain and context.get("lang", "en") != "en" else markupsafe.Markup("")


class Desk:
    """What every request shares: the configuration, the threads, the preview and the messages to show next."""

    def __init__(self, config: DeskConfig) -> None:
        self.config = config
        self.board = ProblemBoard()
        self.preview = Preview(config, self.board)
        self.templates = speaking(jinja2.Environment(loader=jinja2.PackageLoader("sitegen.desk", "templates"), autoescape=True,
                                                     trim_blocks=True, lstrip_blocks=True, extensions=["jinja2.ext.i18n"],
                                                     finalize=lambda value: value))
        self.templates.globals |= {"english": english, "ordinals": ORDINALS, "filled": filled, "unplaced": unplaced}
        self.notes: dict[str, tuple[list[str], list[str]]] = {}  # shown once after a redirect: (done, warnings)
        self._note_ids = count(1)
        self._note_run = secrets.token_hex(2)  # this run's: a page from before a restart names no note of this one
        self._notes_lock = threading.Lock()
        self.workers = ThreadPoolExecutor(WORKERS, thread_name_prefix="desk")
        self.builder = ThreadPoolExecutor(1, thread_name_prefix="desk-preview")
        self.css = resources.files("sitegen.desk").joinpath("templates/desk.css").read_bytes()
        self.js = resources.files("sitegen.desk").joinpath("templates/desk.js").read_bytes()  # a file: the CSP runs no inline script
        self.overlay_js = overlay_code()
        self.links = ReportLinks(self)  # the players' report links, outside the token: see report_links
        self.deck_links = DeckLinks(self)  # the players' decklist links, outside the token too: see deck_links
        self.kept: dict[str, tuple[tuple[Any, ...], Event, Scoreboard]] = {}  # by slug: a change's checked event and board
        self._rebuild: asyncio.TimerHandle | None = None  # the preview's rebuild, waiting for the changes to pause
        self._building: set[asyncio.Future[None]] = set()  # held: a running task is only weakly referenced by the loop
        self.address = ""  # `http://host:port`, as the desk prints it (make_server): the players' links start with it

    @property
    def root(self) -> str:
        return f"/{self.config.token}/"

    async def work(self, job: Callable[..., T], *args: Any) -> T:
        """`job(*args)` in a worker thread: the event loop goes on answering meanwhile."""
        return await asyncio.get_running_loop().run_in_executor(self.workers, partial(job, *args))

    async def refresh(self) -> None:
        """The preview rebuilt if the content changed (in the preview's thread, one build at a time)."""
        await asyncio.get_running_loop().run_in_executor(self.builder, self.preview.refresh)

    def refresh_later(self) -> None:
        """The preview rebuilt once the changes pause (`PREVIEW_QUIET`), after the answers: a page of the preview asked
        for sooner is rebuilt first (`refresh`), so it is never stale."""
        if self._rebuild is not None:
            self._rebuild.cancel()
        self._rebuild = asyncio.get_running_loop().call_later(PREVIEW_QUIET, self._start_refresh)

    def _start_refresh(self) -> None:
        task = asyncio.ensure_future(self.refresh())
        self._building.add(task)
        task.add_done_callback(self._building.discard)

    def close(self) -> None:
        if self._rebuild is not None:
            self._rebuild.cancel()
        self.workers.shutdown(wait=False, cancel_futures=True)
        self.builder.shutdown(wait=False, cancel_futures=True)

    def event_folders(self) -> dict[str, Path]:
        """The listed event folders by slug: the only way a request names a place in the content."""
        try:
            outline = read_outline(self.config.content)
        except ContentError:
            return {}
        return {entry.name: entry for entry in outline.entries if isinstance(entry, Path)}

    def language(self, event: Event | None = None) -> str:
        """A desk page's language: the event's own `language:`, else `--language`, else the site's."""
        if event is not None and event.language:
            return event.language
        if self.config.language:
            return self.config.language
        try:
            return read_outline(self.config.content).site.language
        except ContentError:
            return DEFAULT_LANGUAGE

    def event_language(self, slug: str) -> str:
        """The language of an event's pages, by its slug (the desk's when the event cannot be read)."""
        try:
            return self.language(load_event(self.event_folders()[slug]))
        except (ContentError, KeyError):
            return self.language()

    def deck_url(self, event: Event, player: str) -> str:
        """A player's decklist link, for their report page ("" when the event collects none)."""
        return "" if event.decklists.collect == "none" else f"/{DECK_ROUTE}/{self.deck_links.link_for(event.slug, player)}"

    def template(self, name: str, language: str) -> jinja2.Template:
        return localized(self.templates, language).get_template(name)

    def keep_note(self, done: list[str], warnings: list[str]) -> str:
        with self._notes_lock:
            key = f"{self._note_run}-{next(self._note_ids)}"
            self.notes[key] = (done, warnings)
            for old in list(self.notes)[:-50]:
                del self.notes[old]
            return key

    def note(self, query: str) -> tuple[list[str], list[str]]:
        with self._notes_lock:
            return self.notes.get(value(parse_qs(query), "note"), ([], []))

    def render(self, name: str, language: str, **context: Any) -> bytes:
        words = {key: str(translate(words, language)) for key, words in OVERLAY_WORDS.items()}
        context |= {"root": self.root, "token": self.config.token, "commit": self.config.commit,
                    "overlay": overlay_script(f"{self.root}__sitegen/overlay.js", f"{self.root}__sitegen/problems?lang={language}",
                                              docked=True, words=words)}
        return self.template(name, language).render(**context).encode()

    # What the worker threads do: each returns the Reply to send.

    def forbidden(self) -> Reply:
        """A wrong or old token: a page in the desk's language that says what to do (and shows no token)."""
        page = self.template("forbidden.html", self.language()).render(link_route=LINK_ROUTE)
        return Reply(HTTPStatus.FORBIDDEN, page.encode())

    def index(self, query: str, *, errors: list[str] | None = None, typed: Form | None = None, status: int = HTTPStatus.OK) -> Reply:
        entries = [self.listed(slug, folder) for slug, folder in self.event_folders().items()]
        done, warnings = self.note(query)
        typed_values = {key: value(typed, key) for key in typed if key != "token"} if typed else {}
        return Reply(status, self.render("index.html", self.language(), events=event_links(entries), done=done, warnings=warnings,
                                         new=new_event_form(datetime.date.today()), errors=errors or [], typed=typed_values))

    def listed(self, slug: str, folder: Path) -> Listed:
        """The event as the list of events shows it: the board a change (or an earlier look) kept while the files are
        as it left them; else loaded and checked, and scored (then kept) only when it may be finished: its preliminary
        rounds over and its last round played."""
        stamp = self._stamp(folder)  # before reading: a write meanwhile leaves a stamp that no longer matches
        kept = self.kept.get(slug)
        if kept and kept[0] == stamp:
            return Listed(slug, kept[1], 0, kept[2])
        try:
            event = load_event(folder)
        except ContentError as exc:
            return Listed(slug, None, len(exc.problems))
        problems = len(one_event_problems(folder, event))
        if problems or event.format not in formats.FORMATS or not preliminaries_over(event) or (event.rounds + event.elims)[-1].pending_tables:
            return Listed(slug, event, problems)
        board = formats.format_of(event).score(event)
        self.kept[slug] = (stamp, event, board)
        return Listed(slug, event, 0, board)

    def event_get(self, route: list[str], query: str) -> Reply:
        """e/SLUG/: the event's page; e/SLUG/players: its players' (e/SLUG redirects to e/SLUG/: the forms' relative
        actions need the trailing slash)."""
        if len(route) not in (2, 3) or route[0] != "e" or route[1] not in self.event_folders() or route[2:] not in ([], [""], [PLAYERS]):
            return text(HTTPStatus.NOT_FOUND, "not found")
        if len(route) == 2:
            return redirect(f"{self.root}e/{route[1]}/")
        done, warnings = self.note(query)
        asked = parse_qs(query)
        return self.event(route[1], HTTPStatus.OK, done=done, warnings=warnings, shown=value(asked, "round"), view=route[2],
                          opened=value(asked, "open"))

    def event(self, slug: str, status: int, *, errors: dict[str, list[str]] | None = None, typed: Form | None = None,
              done: list[str] | None = None, warnings: list[str] | None = None, shown: str = "", view: str = "",
              opened: str = "") -> Reply:
        """The event's page, its current round's tables and those of the earlier round `shown` or a refused form names, with
        the form `opened` asks for ("table-3": its other ways; "swap"); or (`view` PLAYERS) its players' page, with no table."""
        folder = self.event_folders()[slug]
        kept = self.kept.get(slug)
        board: Scoreboard | None
        if kept and kept[0] == self._stamp(folder):  # the files are as the change that made this event left them
            event, board, problems = kept[1], kept[2], []
        else:
            try:
                event = load_event(folder)
            except ContentError as exc:
                return Reply(status, self.render("event.html", self.language(), page=None, slug=slug, problems=[problem_line(p) for p in exc.problems]))
            problems = [problem_line(p) for p in one_event_problems(folder, event)]  # the event is shown still: adding a player may fix it
            if event.format not in formats.FORMATS:
                return Reply(status, self.render("event.html", self.language(event), page=None, slug=slug, problems=problems))
            board = None if problems else formats.format_of(event).score(event)
        rounds = {shown, *(key.rsplit("-table-", 1)[0] for key in errors or {} if "-table-" in key)}
        page_model = event_page(event, board, frozenset(rounds), tables=view != PLAYERS)
        page_model.errors, page_model.opened = errors or {}, opened
        typed = typed or {}
        page_model.typed = {key: value(typed, key) for key in typed if key not in ("token", "version")}
        template = "players.html" if view == PLAYERS else "event.html"
        page = self.render(template, self.language(event), page=page_model, slug=slug, problems=problems, done=done or [], warnings=warnings or [],
                           held=self.links.held_for(slug, event), collect=event.decklists.collect,
                           lists_per_round=event.decklists.collect == "required" and bool(round_keys(event)))
        return Reply(status, page)

    def site_file(self, path: str) -> Reply:
        file = self.preview.files.get(path + "index.html" if path == "" or path.endswith("/") else path)
        if file is None:
            return text(HTTPStatus.NOT_FOUND, "not in the built site")
        body, nonce = file.read_bytes(), secrets.token_urlsafe(16)
        if file.suffix == ".html":
            script = overlay_script(f"{self.root}__sitegen/overlay.js", f"{self.root}__sitegen/problems?lang={self.language()}", reload=True, nonce=nonce)
            body = body.replace(b"</head>", script.encode() + b"</head>", 1)
        return Reply(HTTPStatus.OK, body, CONTENT_TYPES.get(file.suffix, "application/octet-stream"), preview_nonce=nonce)

    def change(self, route: list[str], form: Form) -> Reply:
        """e/SLUG/ACTION: one of `ACTIONS`, under the content folder's lock, then its git commit (with --commit)."""
        events = self.event_folders()
        if len(route) != 3 or route[0] != "e" or route[1] not in events or route[2] not in ACTIONS:
            return text(HTTPStatus.NOT_FOUND, "not found")
        slug, action = route[1], route[2]
        view = PLAYERS if action in PLAYERS_ACTIONS else ""  # the page the change's form is on, where a refusal shows

        def refused(status: int, lines: list[str], typed: Form | None = None) -> Reply:  # where: worked out only then
            where = self.table_key(events[slug], form) if action == "result" else action
            return self.event(slug, status, errors={where: lines}, typed=typed, view=view)

        with content_lock(events[slug]):  # the version check and the write are one step, against the CLI's writes too
            try:
                if action == "pair":
                    before_pairing(events[slug], self.config.cache, form)
                done = ACTIONS[action](events[slug], form)
            except Stale as exc:
                return refused(HTTPStatus.CONFLICT, [said(exc)])
            except ContentError as exc:
                return refused(HTTPStatus.BAD_REQUEST, [in_names(problem_line(p), self.names(events[slug])) for p in exc.problems], form)
            except Refused as exc:
                return refused(HTTPStatus.BAD_REQUEST, [in_names(plain_line(said(exc)), self.names(events[slug]))], form)
            if done.event is not None and done.board is not None:
                self.kept[slug] = (self._stamp(events[slug]), done.event, done.board)
            warnings = list(done.warnings) + self.commit(done, slug)
        decks = published(events[slug], self.config.cache)
        if decks is not None and decks.written:
            warnings += self.commit(decks, slug)
        note = self.keep_note([done.message, *([decks.message] if decks else [])], warnings)
        earlier = value(form, "round") if done.anchor.startswith(f"{value(form, 'round')}-table-") else ""  # a correction: its round shown
        page = PLAYERS if action in NO_ROUND_ACTIONS else ""
        return redirect(f"{self.root}e/{slug}/{page}?note={note}{f'&round={earlier}' if earlier else ''}#{done.anchor}")

    def table_key(self, folder: Path, form: Form) -> str:
        """Where a result form's messages show: at its table, in its round (`actions.table_anchor`)."""
        try:
            return table_anchor(load_event(folder), value(form, "round"), int(value(form, "table")))
        except (ContentError, Refused, ValueError):
            return f"table-{value(form, 'table')}"

    def names(self, folder: Path) -> dict[str, str]:
        """The event's players' names by id, for messages in the TO's words; none when the event cannot be read."""
        try:
            return {p.id: p.name for p in load_event(folder).players}
        except ContentError:
            return {}

    def _stamp(self, folder: Path) -> tuple[Any, ...]:
        """What the event's page is made from, as file stats: the event folder's files and players.yaml (its names).
        A write (`files.write_atomic`, a rename) gives a file a new inode, so any later change shows."""
        files = sorted(folder.iterdir()) + [self.config.content / "players.yaml"]
        return tuple((f.name, s.st_ino, s.st_size, s.st_mtime_ns) if (s := _stat(f)) else (f.name,) for f in files)

    def commit(self, done: Done, slug: str) -> list[str]:
        """With --commit, the change as a git commit; what went wrong, if anything (the files are written)."""
        if not self.config.commit or not done.written:  # nothing written ("already saved"): nothing to commit
            return []
        try:
            desk_git.commit(self.config.content, done.written, done.message, f"Event: events/{slug} (sitegen desk)")
        except desk_git.GitFailed as exc:  # git's own words go to the terminal: the page says what it means for the TO
            print(f"sitegen desk: {exc}", file=sys.stderr, flush=True)
            return [N_("Saved, but not committed to git: the desk's terminal says why.")]
        return []

    def new_event(self, form: Form) -> Reply:
        """The index page's "New event": the event written as `sitegen new` writes it, then its page."""
        try:
            slug, message = create_event(self.config.content, form)
        except (Refused, ContentError) as exc:
            problems = [plain_line(said(exc))] if isinstance(exc, Refused) else [str(p) for p in exc.problems]
            return self.index("", errors=problems, typed=form, status=HTTPStatus.BAD_REQUEST)
        return redirect(f"{self.root}e/{slug}/?note={self.keep_note([message], [])}")

    def publish(self) -> Reply:
        if not self.config.commit:
            return text(HTTPStatus.NOT_FOUND, "publishing needs `sitegen desk --commit`")
        done: list[str] = []
        warnings: list[str] = []
        try:  # outside the write lock: a slow remote never holds up a result
            print(f"sitegen desk: git push: {desk_git.push(self.config.content)}", flush=True)
            done = [N_("Published: the changes are sent; the site follows once it is built.")]
        except desk_git.GitFailed as exc:
            print(f"sitegen desk: {exc}", file=sys.stderr, flush=True)
            warnings = [N_("Not published: git could not send the changes; the desk's terminal says why.")]
        return redirect(f"{self.root}?note={self.keep_note(done, warnings)}")


def _stat(path: Path) -> Any:
    try:
        return path.stat()
    except OSError:
        return None


