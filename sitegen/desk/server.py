"""`sitegen desk`: a local web console over the content folder, for a TO's laptop or a judge's phone.

Built on Tornado (already installed: livereload, which `sitegen serve` uses, runs on it) rather than the standard
library's `http.server`, whose documentation says it is not meant for production: one event loop holds every
connection, with the limits of `serve.limits` (idle and body timeouts, a body-size limit, a bounded number of open
connections), so a stranger on the wifi cannot stall the desk with idle sockets, unfinished headers or an endless
body. What a request asks for is blocking file work (loading and rendering an event; a change, which is the same
edit functions the CLI verbs call, `desk.actions.ACTIONS`, under the content folder's lock `edit.lock`, shared with
the CLI; git): it runs in a pool of `WORKERS` threads, the preview's build in a thread of its own, and the event
loop only checks, routes and answers.

Safety, in the order a request meets it: every URL starts with a random access token (403 otherwise); a
request whose Origin is another site's is refused; a change is a POST whose form body carries the token
too (a GET never writes), at most `MAX_FORM` bytes (413); a form carries the version of what it showed, and a write
made on an older one is refused (409). No part of a request's path is joined to a filesystem path: an event is
looked up by its slug among the listed event folders, a preview file among the files the build wrote. Every answer
carries the headers of `security_headers`. Tornado's XSRF cookie is not used: the token a form carries is already
a secret no other site can read (it is in no cookie a browser would send along), which is what an XSRF token is.
"""
from __future__ import annotations

import asyncio
import json
import re
import secrets
import socket
import sys
import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import astuple, dataclass
from functools import partial
from http import HTTPStatus
from importlib import resources
from itertools import count
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import parse_qs, unquote, urlsplit

import jinja2
import jinja2.runtime
import markupsafe
from tornado import web

from sitegen import games as formats
from sitegen.desk import git as desk_git
from sitegen.desk.actions import ACTIONS, Done, Form, Stale, said, value
from sitegen.desk.preview import CONTENT_TYPES, DeskConfig, Preview
from sitegen.desk.report_links import LINK_ROUTE, ReportLinks
from sitegen.desk.screens import ORDINALS, event_links, event_page, in_names, problem_line
from sitegen.edit.lock import content_lock
from sitegen.games.base import Refused, Scoreboard
from sitegen.language import translate
from sitegen.load.check import one_event_problems
from sitegen.load.event import load_event
from sitegen.load.site import read_outline
from sitegen.model import DEFAULT_LANGUAGE, ContentError, Event
from sitegen.render.i18n import localized, speaking
from sitegen.serve import limits
from sitegen.serve.overlay import ProblemBoard, overlay_code, overlay_script
from sitegen.text import N_, Joined, Msg, filled, unplaced

__all__ = ["DeskConfig", "DeskServer", "make_server", "new_token", "security_headers", "serve_desk"]

MAX_FORM = 64 * 1024  # bytes: a desk form is a few hundred
WORKERS = 4  # threads for the requests' file work: pages, changes (one at a time per content folder anyway), git
T = TypeVar("T")


def security_headers(preview_nonce: str | None = None) -> dict[str, str]:
    """Every answer's security headers, in one place. The desk's own pages run the desk's scripts only (the problems
    overlay, served from the desk); a page of the site preview runs none but its injected overlay, `preview_nonce`
    (the response's own), since the content's own HTML is served at the desk's origin, where a script could use the token.
    The desk's referrer policy is same-origin, not no-referrer: under no-referrer Chromium sends a form's Origin as
    "null" (checked: every change would be refused), and same-origin never sends the token's URL to another site either.
    The preview has no forms: no-referrer."""
    scripts = f"'nonce-{preview_nonce}'" if preview_nonce else "'self'"
    styles, forms = ("'self' 'unsafe-inline'", "'none'") if preview_nonce else ("'self'", "'self'")
    policy = (f"default-src 'self'; script-src {scripts}; style-src {styles}; img-src 'self' data:; form-action {forms}; "
              "frame-ancestors 'none'; base-uri 'none'")
    return {"Content-Security-Policy": policy, "Referrer-Policy": "no-referrer" if preview_nonce else "same-origin", "X-Content-Type-Options": "nosniff",
            "X-Frame-Options": "DENY", "Cache-Control": "no-store"}


@dataclass(frozen=True)
class Reply:
    """An answer, made in a worker thread and sent by the event loop."""

    status: int
    body: bytes = b""
    kind: str = "text/html; charset=utf-8"
    location: str = ""
    preview_nonce: str = ""  # a page of the built site: the preview's security headers, its overlay's nonce


def text(status: int, message: str, language: str = DEFAULT_LANGUAGE) -> Reply:
    return Reply(status, f"{translate(message, language)}\n".encode(), "text/plain; charset=utf-8")


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


def redirect(location: str) -> Reply:
    return Reply(HTTPStatus.SEE_OTHER, location=location)


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
        self._notes_lock = threading.Lock()
        self.workers = ThreadPoolExecutor(WORKERS, thread_name_prefix="desk")
        self.builder = ThreadPoolExecutor(1, thread_name_prefix="desk-preview")
        self.css = resources.files("sitegen.desk").joinpath("templates/desk.css").read_bytes()
        self.js = resources.files("sitegen.desk").joinpath("templates/desk.js").read_bytes()  # a file: the CSP runs no inline script
        self.overlay_js = overlay_code()
        self.links = ReportLinks(self)  # the players' report links, outside the token: see report_links
        self.kept: dict[str, tuple[tuple[Any, ...], Event, Scoreboard]] = {}  # by slug: a change's checked event and board

    @property
    def root(self) -> str:
        return f"/{self.config.token}/"

    async def work(self, job: Callable[..., T], *args: Any) -> T:
        """`job(*args)` in a worker thread: the event loop goes on answering meanwhile."""
        return await asyncio.get_running_loop().run_in_executor(self.workers, partial(job, *args))

    async def refresh(self) -> None:
        """The preview rebuilt if the content changed (in the preview's thread, one build at a time)."""
        await asyncio.get_running_loop().run_in_executor(self.builder, self.preview.refresh)

    def close(self) -> None:
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

    def template(self, name: str, language: str) -> jinja2.Template:
        return localized(self.templates, language).get_template(name)

    def keep_note(self, done: list[str], warnings: list[str]) -> str:
        with self._notes_lock:
            key = str(next(self._note_ids))
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
                    "overlay": overlay_script(f"{self.root}__sitegen/overlay.js", f"{self.root}__sitegen/problems", docked=True, words=words)}
        return self.template(name, language).render(**context).encode()

    # What the worker threads do: each returns the Reply to send.

    def index(self, query: str) -> Reply:
        entries: list[tuple[str, Event | None, int]] = []
        for slug, folder in self.event_folders().items():
            try:
                event = load_event(folder)
                entries.append((slug, event, len(one_event_problems(folder, event))))
            except ContentError as exc:
                entries.append((slug, None, len(exc.problems)))
        done, warnings = self.note(query)
        return Reply(HTTPStatus.OK, self.render("index.html", self.language(), events=event_links(entries), done=done, warnings=warnings))

    def event_get(self, route: list[str], query: str) -> Reply:
        """e/SLUG/: the event's page (e/SLUG redirects there: the forms' relative actions need the trailing slash)."""
        if len(route) not in (2, 3) or route[0] != "e" or route[1] not in self.event_folders() or route[2:] not in ([], [""]):
            return text(HTTPStatus.NOT_FOUND, "not found")
        if len(route) == 2:
            return redirect(f"{self.root}e/{route[1]}/")
        done, warnings = self.note(query)
        return self.event(route[1], HTTPStatus.OK, done=done, warnings=warnings)

    def event(self, slug: str, status: int, *, errors: dict[str, list[str]] | None = None, typed: Form | None = None,
              done: list[str] | None = None, warnings: list[str] | None = None) -> Reply:
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
        page_model = event_page(event, board)
        page_model.errors = errors or {}
        typed = typed or {}
        page_model.typed = {key: value(typed, key) for key in typed if key not in ("token", "version")}
        page = self.render("event.html", self.language(event), page=page_model, slug=slug, problems=problems, done=done or [], warnings=warnings or [],
                           held=self.links.held_for(slug, event))
        return Reply(status, page)

    def site_file(self, path: str) -> Reply:
        file = self.preview.files.get(path + "index.html" if path == "" or path.endswith("/") else path)
        if file is None:
            return text(HTTPStatus.NOT_FOUND, "not in the built site")
        body, nonce = file.read_bytes(), secrets.token_urlsafe(16)
        if file.suffix == ".html":
            script = overlay_script(f"{self.root}__sitegen/overlay.js", f"{self.root}__sitegen/problems", reload=True, nonce=nonce)
            body = body.replace(b"</head>", script.encode() + b"</head>", 1)
        return Reply(HTTPStatus.OK, body, CONTENT_TYPES.get(file.suffix, "application/octet-stream"), preview_nonce=nonce)

    def change(self, route: list[str], form: Form) -> Reply:
        """e/SLUG/ACTION: one of `ACTIONS`, under the content folder's lock, then its git commit (with --commit)."""
        events = self.event_folders()
        if len(route) != 3 or route[0] != "e" or route[1] not in events or route[2] not in ACTIONS:
            return text(HTTPStatus.NOT_FOUND, "not found")
        slug, action = route[1], route[2]
        where = f"table-{value(form, 'table')}" if action == "result" else action
        with content_lock(events[slug]):  # the version check and the write are one step, against the CLI's writes too
            try:
                done = ACTIONS[action](events[slug], form)
            except Stale as exc:
                return self.event(slug, HTTPStatus.CONFLICT, errors={where: [said(exc)]})
            except ContentError as exc:
                problems = [in_names(problem_line(p), self.names(events[slug])) for p in exc.problems]
                return self.event(slug, HTTPStatus.BAD_REQUEST, errors={where: problems}, typed=form)
            except Refused as exc:
                return self.event(slug, HTTPStatus.BAD_REQUEST, errors={where: [in_names(said(exc), self.names(events[slug]))]}, typed=form)
            if done.event is not None and done.board is not None:
                self.kept[slug] = (self._stamp(events[slug]), done.event, done.board)
            warnings = list(done.warnings) + self.commit(done, slug)
        note = self.keep_note([done.message], warnings)
        return redirect(f"{self.root}e/{slug}/?note={note}#{done.anchor}")

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
        if not self.config.commit:
            return []
        try:
            desk_git.commit(self.config.content, done.written, done.message, f"Event: events/{slug} (sitegen desk)")
        except desk_git.GitFailed as exc:
            return [N_("written, but not committed: {error}", error=str(exc))]
        return []

    def publish(self) -> Reply:
        if not self.config.commit:
            return text(HTTPStatus.NOT_FOUND, "publishing needs `sitegen desk --commit`")
        done: list[str] = []
        warnings: list[str] = []
        try:  # outside the write lock: a slow remote never holds up a result
            done = [N_("published: {remote}", remote=desk_git.push(self.config.content))]
        except desk_git.GitFailed as exc:
            warnings = [N_("not published: {error}", error=str(exc))]
        return redirect(f"{self.root}?note={self.keep_note(done, warnings)}")


@web.stream_request_body  # the body's size is checked before it is read (prepare), then read in chunks
class DeskHandler(web.RequestHandler):
    """Every request: the token and Origin checks, the body's limit, then the route, answered from a worker thread."""

    def initialize(self, desk: Desk) -> None:
        self.desk = desk
        self.route: list[str] = []
        self.chunks: list[bytes] = []
        self.link: str | None = None  # /r/LINK: a player's report link

    def set_default_headers(self) -> None:
        self.set_header("Server", "sitegen-desk")
        for name, header in security_headers().items():
            self.set_header(name, header)

    def compute_etag(self) -> None:
        return None  # every answer is no-store

    def prepare(self) -> None:
        route = self._route()
        if route is None:
            return self._send(text(HTTPStatus.FORBIDDEN, "forbidden: open the desk with the address it printed (with its token)"))
        self.route = route
        length = self.request.headers.get("Content-Length")
        if length is not None and not re.fullmatch(r"[0-9]{1,12}", length):  # Tornado refuses these before us; kept as a guard
            return self._send(text(HTTPStatus.BAD_REQUEST, "bad Content-Length"))
        if length is not None and int(length) > MAX_FORM:
            return self._send(text(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, "form too large"))
        self.request.connection.set_max_body_size(MAX_FORM)  # type: ignore[union-attr]  # a chunked body too

    def data_received(self, chunk: bytes) -> None:
        self.chunks.append(chunk)

    async def get(self, *_args: str) -> None:
        await self._answer(self._get)

    async def post(self, *_args: str) -> None:
        await self._answer(self._post)

    def _route(self) -> list[str] | None:
        """The path's parts after the token, or None when the token or the Origin is wrong."""
        parts = self.request.path.split("/")
        self.link = parts[2] if len(parts) == 3 and parts[1] == LINK_ROUTE else None
        if self.link is None and (len(parts) < 2 or not secrets.compare_digest(parts[1].encode(), self.desk.config.token.encode())):
            return None
        origin = self.request.headers.get("Origin")
        if origin is not None and urlsplit(origin).netloc != self.request.headers.get("Host"):
            return None
        return [unquote(part) for part in parts[2:]]

    async def _answer(self, answer: Callable[[], Awaitable[Reply]]) -> None:
        try:
            reply = await answer()
        except Exception as exc:  # the desk keeps answering; the TO sees one line, not a traceback
            print(f"sitegen desk: {self.request.method} {self.request.path}: {exc!r}", file=sys.stderr, flush=True)
            reply = text(HTTPStatus.INTERNAL_SERVER_ERROR, f"the desk failed: {exc}")
        self._send(reply)

    async def _get(self) -> Reply:
        desk, route, query = self.desk, self.route, self.request.query
        if self.link == "desk.css":
            return Reply(HTTPStatus.OK, desk.css, "text/css; charset=utf-8")
        if self.link is not None:
            return Reply(*astuple(await desk.work(desk.links.answer, self.link, None, self.request.remote_ip or "")))
        if desk.links.serves(route):
            return Reply(*astuple(await desk.work(desk.links.get, route, self.request.host)))
        if route in ([], [""]):
            return await desk.work(desk.index, query)
        if route == ["desk.css"]:
            return Reply(HTTPStatus.OK, desk.css, "text/css; charset=utf-8")
        if route == ["desk.js"]:
            return Reply(HTTPStatus.OK, desk.js, "text/javascript; charset=utf-8")
        if route == ["__sitegen", "overlay.js"]:
            return Reply(HTTPStatus.OK, desk.overlay_js, "text/javascript; charset=utf-8")
        if route == ["__sitegen", "problems"]:
            await desk.refresh()
            document = {"problems": desk.board.lines(), "build": desk.preview.generation, "held": desk.links.book.changes}
            return Reply(HTTPStatus.OK, json.dumps(document).encode(), "application/json")
        if route[:1] == ["site"]:
            await desk.refresh()
            return await desk.work(desk.site_file, "/".join(route[1:]))
        return await desk.work(desk.event_get, route, query)

    async def _post(self) -> Reply:
        desk = self.desk
        form: Form = parse_qs(b"".join(self.chunks).decode("utf-8", "replace"), keep_blank_values=True)
        if self.link is not None:
            return Reply(*astuple(await desk.work(desk.links.answer, self.link, form, self.request.remote_ip or "")))
        if not secrets.compare_digest(value(form, "token").encode(), desk.config.token.encode()):
            return text(HTTPStatus.FORBIDDEN, "forbidden: a change needs the form's token")
        if self.route == ["publish"]:
            return await desk.work(desk.publish)
        route = self.route
        if route[2:] == ["accept"]:  # the TO's tap on a player's held report: that report, entered like the TO's own
            held = await desk.work(desk.links.accept_form, route[1], form)
            if held is None:
                return text(HTTPStatus.GONE, N_("That report is no longer held (the table was written or the round changed): go back and reload."),
                            await desk.work(desk.event_language, route[1]))
            form, route = held, route[:2] + ["result"]
        reply = await desk.work(desk.change, route, form)
        if reply.status == HTTPStatus.SEE_OTHER:
            asyncio.ensure_future(desk.refresh())  # the preview catches up in its own thread
        return reply

    def _send(self, reply: Reply) -> None:
        self.set_status(reply.status)
        if reply.preview_nonce:
            for name, header in security_headers(reply.preview_nonce).items():
                self.set_header(name, header)
        if reply.location:
            self.set_header("Location", reply.location)
        else:
            self.set_header("Content-Type", reply.kind)
        self.finish(reply.body)


def _stat(path: Path) -> Any:
    try:
        return path.stat()
    except OSError:
        return None


def _unlogged(_handler: web.RequestHandler) -> None:
    """A desk on a phone makes a request a second (the problems poll): the terminal stays for what matters."""


class DeskServer:
    """The desk on its listening sockets, with `http.server`'s names: `serve_forever` runs the event loop in the
    calling thread until `shutdown` (called from another thread); `server_close` lets go of the sockets and threads."""

    def __init__(self, desk: Desk, sockets: list[socket.socket]) -> None:
        self.desk, self.sockets = desk, sockets
        self.server_address: tuple[str, int] = sockets[0].getsockname()[:2]
        self.application = web.Application([(r"/.*", DeskHandler, {"desk": desk})], log_function=_unlogged)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._running, self._done = threading.Event(), threading.Event()

    def serve_forever(self, poll_interval: float = 0.5) -> None:
        """Answer until `shutdown` (or Ctrl-C); `poll_interval` is http.server's, an event loop needs none."""
        try:
            asyncio.run(self._serve())
        finally:
            self._done.set()

    async def _serve(self) -> None:
        self._loop, self._stop = asyncio.get_running_loop(), asyncio.Event()
        server = limits.start(self.application, self.sockets, max_body=MAX_FORM)
        self._running.set()
        try:
            await self._stop.wait()
        finally:
            server.stop()
            await server.close_all_connections()

    def shutdown(self) -> None:
        if self._running.wait(timeout=10) and self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
            self._done.wait(timeout=10)

    def server_close(self) -> None:
        for sock in self.sockets:
            sock.close()
        self.desk.close()


def make_server(config: DeskConfig, host: str, port: int) -> DeskServer:
    """The desk listening on `host`:`port` (0: a free port), not yet answering: see `DeskServer.serve_forever`."""
    return DeskServer(Desk(config), limits.bind(host, port))


def new_token() -> str:
    return secrets.token_urlsafe(16)


def serve_desk(config: DeskConfig, host: str, port: int, *, lan: bool) -> None:
    """Listen until Ctrl-C; print the address (and, on the network, a QR code a judge's phone can scan)."""
    server = make_server(config, host, port)
    shown = _lan_address() if host in ("0.0.0.0", "::") else host
    url = f"http://{shown}:{server.server_address[1]}/{config.token}/"
    print(f"the desk for {config.content}/ is at {url}" + (" (anyone with this address can change results)" if lan else ""), flush=True)
    if lan:
        import segno

        segno.make(url, error="l").terminal(compact=True)
    print(f"the site preview is rebuilt into {config.output}/; Ctrl-C stops", flush=True)
    try:
        server.serve_forever()
    finally:
        server.server_close()


def _lan_address() -> str:
    """This machine's address on the local network (a UDP socket's route; nothing is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return socket.gethostname()
