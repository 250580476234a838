"""`sitegen desk`: a local web console over the content folder, for a TO's laptop or a judge's phone.

Built on the standard library's ThreadingHTTPServer: every page is plain HTML forms answered by the same
edit functions the CLI verbs call (desk_actions), so a thread per request and one lock around writes (the content folder's, shared with the CLI: `edit.lock`) is
all the concurrency there is; tornado's asynchronous model would buy nothing here.

Safety, in the order a request meets it: every URL starts with a random access token (403 otherwise); a
request whose Origin is another site's is refused; a change is a POST whose form body carries the token
too (a GET never writes); a form carries the version of what it showed, and a write made on an older
one is refused (409). No part of a request's path is joined to a filesystem path: an event is looked up
by its slug among the listed event folders, a preview file among the files the build wrote.
"""
from __future__ import annotations

import json
import secrets
import sys
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from itertools import count
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

import jinja2

from sitegen import games as formats
from sitegen.desk import git as desk_git
from sitegen.desk.actions import ACTIONS, Done, Form, Stale, value
from sitegen.desk.preview import CONTENT_TYPES, DeskConfig, Preview
from sitegen.desk.screens import event_links, event_page
from sitegen.edit.lock import content_lock
from sitegen.games.base import Refused
from sitegen.load.check import one_event_problems
from sitegen.load.event import load_event
from sitegen.load.site import read_outline
from sitegen.model import ContentError, Event
from sitegen.serve.overlay import ProblemBoard, overlay_code, overlay_script

__all__ = ["DeskConfig", "make_server", "new_token", "serve_desk"]

MAX_FORM = 64 * 1024  # bytes: a desk form is a few hundred
# The desk's own pages run only its own script files (the overlay) and post only to itself.
DESK_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
               "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
# The site preview is served on the desk's origin, so none of a page's own scripts run there (a page could read the
# token from `location` and post the desk's forms): only the overlay, by the response's nonce. No form is sent, no
# image or frame from elsewhere (a request to another site could carry the desk's address), no referrer.
PREVIEW_POLICY = ("default-src 'self'; script-src 'nonce-{nonce}'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
                  "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")


class Desk:
    """What every request shares: the configuration, the write lock, the preview and the messages to show next."""

    def __init__(self, config: DeskConfig) -> None:
        self.config = config
        self.board = ProblemBoard()
        self.preview = Preview(config, self.board)
        self.templates = jinja2.Environment(loader=jinja2.PackageLoader("sitegen.desk", "templates"), autoescape=True,
                                            trim_blocks=True, lstrip_blocks=True)
        self.notes: dict[str, tuple[list[str], list[str]]] = {}  # shown once after a redirect: (done, warnings)
        self._note_ids = count(1)

    @property
    def root(self) -> str:
        return f"/{self.config.token}/"

    def event_folders(self) -> dict[str, Path]:
        """The listed event folders by slug: the only way a request names a place in the content."""
        try:
            outline = read_outline(self.config.content)
        except ContentError:
            return {}
        return {entry.name: entry for entry in outline.entries if isinstance(entry, Path)}

    def keep_note(self, done: list[str], warnings: list[str]) -> str:
        key = str(next(self._note_ids))
        self.notes[key] = (done, warnings)
        for old in list(self.notes)[:-50]:
            del self.notes[old]
        return key

    def render(self, name: str, **context: Any) -> bytes:
        context |= {"root": self.root, "token": self.config.token, "commit": self.config.commit,
                    "overlay": overlay_script(f"{self.root}__sitegen/overlay.js", f"{self.root}__sitegen/problems", docked=True)}
        return self.templates.get_template(name).render(**context).encode()


class Handler(BaseHTTPRequestHandler):
    desk: Desk  # set on the subclass `make_server` makes
    server_version = "sitegen-desk"

    def do_GET(self) -> None:
        self._answer("GET")

    def do_POST(self) -> None:
        self._answer("POST")

    def log_message(self, format: str, *args: Any) -> None:
        pass  # a desk on a phone makes a request a second (the problems poll): the terminal stays for what matters

    def _answer(self, method: str) -> None:
        try:
            route = self._route()
            if route is None:
                return self._text(HTTPStatus.FORBIDDEN, "forbidden: open the desk with the address it printed (with its token)")
            if method == "POST":
                self._post(route)
            else:
                self._get(route)
        except ConnectionError:  # the browser went elsewhere (a poll cut short by a click): no one to answer
            pass
        except Exception as exc:  # the desk keeps answering; the TO sees one line, not a traceback
            print(f"sitegen desk: {self.command} {urlsplit(self.path).path}: {exc!r}", file=sys.stderr, flush=True)
            self._text(HTTPStatus.INTERNAL_SERVER_ERROR, f"the desk failed: {exc}")

    def _route(self) -> list[str] | None:
        """The path's parts after the token, or None when the token or the Origin is wrong."""
        parts = urlsplit(self.path).path.split("/")
        if len(parts) < 2 or not secrets.compare_digest(parts[1].encode(), self.desk.config.token.encode()):
            return None
        origin = self.headers.get("Origin")
        if origin is not None and urlsplit(origin).netloc != self.headers.get("Host"):
            return None
        return [unquote(part) for part in parts[2:]]

    def _get(self, route: list[str]) -> None:
        desk = self.desk
        if route in ([], [""]):
            return self._index()
        if route == ["desk.css"]:
            css = resources.files("sitegen.desk").joinpath("templates/desk.css").read_bytes()
            return self._send(HTTPStatus.OK, css, "text/css; charset=utf-8")
        if route == ["__sitegen", "overlay.js"]:
            return self._send(HTTPStatus.OK, overlay_code(), "text/javascript; charset=utf-8")
        if route == ["__sitegen", "problems"]:
            desk.preview.refresh()
            document = {"problems": desk.board.lines(), "build": desk.preview.generation}
            return self._send(HTTPStatus.OK, json.dumps(document).encode(), "application/json")
        if route[:1] == ["site"]:
            return self._site("/".join(route[1:]))
        if len(route) in (2, 3) and route[0] == "e" and route[1] in desk.event_folders() and route[2:] in ([], [""]):
            if len(route) == 2:  # the forms' relative actions need the trailing slash
                return self._redirect(f"{desk.root}e/{route[1]}/")
            query = parse_qs(urlsplit(self.path).query)
            done, warnings = desk.notes.get(value(query, "note"), ([], []))
            return self._event(route[1], HTTPStatus.OK, done=done, warnings=warnings)
        self._text(HTTPStatus.NOT_FOUND, "not found")

    def _index(self) -> None:
        entries: list[tuple[str, Event | None, int]] = []
        for slug, folder in self.desk.event_folders().items():
            try:
                event = load_event(folder)
                entries.append((slug, event, len(one_event_problems(folder, event))))
            except ContentError as exc:
                entries.append((slug, None, len(exc.problems)))
        done, warnings = self.desk.notes.get(value(parse_qs(urlsplit(self.path).query), "note"), ([], []))
        page = self.desk.render("index.html", events=event_links(entries), done=done, warnings=warnings)
        self._send(HTTPStatus.OK, page)

    def _event(self, slug: str, status: HTTPStatus, *, errors: dict[str, list[str]] | None = None, typed: Form | None = None,
               done: list[str] | None = None, warnings: list[str] | None = None) -> None:
        folder = self.desk.event_folders()[slug]
        try:
            event = load_event(folder)
        except ContentError as exc:
            page = self.desk.render("event.html", page=None, slug=slug, problems=[str(p) for p in exc.problems])
            return self._send(status, page)
        problems = [str(p) for p in one_event_problems(folder, event)]  # the event is shown still: adding a player may fix it
        if event.format not in formats.FORMATS:
            return self._send(status, self.desk.render("event.html", page=None, slug=slug, problems=problems))
        page_model = event_page(event, None if problems else formats.format_of(event).score(event))
        page_model.errors = errors or {}
        typed = typed or {}
        page_model.typed = {key: value(typed, key) for key in typed if key not in ("token", "version")}
        page = self.desk.render("event.html", page=page_model, slug=slug, problems=problems, done=done or [], warnings=warnings or [])
        self._send(status, page)

    def _site(self, path: str) -> None:
        preview = self.desk.preview
        preview.refresh()
        file = preview.files.get(path + "index.html" if path == "" or path.endswith("/") else path)
        if file is None:
            return self._text(HTTPStatus.NOT_FOUND, "not in the built site")
        body = file.read_bytes()
        kind = CONTENT_TYPES.get(file.suffix, "application/octet-stream")
        nonce = secrets.token_urlsafe(16)
        if file.suffix == ".html":
            root = self.desk.root
            script = overlay_script(f"{root}__sitegen/overlay.js", f"{root}__sitegen/problems", reload=True, nonce=nonce).encode()
            body = body.replace(b"</head>", script + b"</head>", 1)
        self._send(HTTPStatus.OK, body, kind, policy=PREVIEW_POLICY.format(nonce=nonce), referrer="no-referrer")

    def _post(self, route: list[str]) -> None:
        desk = self.desk
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_FORM:
            return self._text(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, "form too large")
        form: Form = parse_qs(self.rfile.read(length).decode("utf-8", "replace"), keep_blank_values=True)
        if not secrets.compare_digest(value(form, "token").encode(), desk.config.token.encode()):
            return self._text(HTTPStatus.FORBIDDEN, "forbidden: a change needs the form's token")
        if route == ["publish"]:
            return self._publish()
        events = desk.event_folders()
        if len(route) != 3 or route[0] != "e" or route[1] not in events or route[2] not in ACTIONS:
            return self._text(HTTPStatus.NOT_FOUND, "not found")
        slug, action = route[1], route[2]
        where = f"table-{value(form, 'table')}" if action == "result" else action
        with content_lock(events[slug]):  # the version check and the write are one step, against the CLI's writes too
            try:
                done = ACTIONS[action](events[slug], form)
            except Stale as exc:
                return self._event(slug, HTTPStatus.CONFLICT, errors={where: [str(exc)]})
            except ContentError as exc:
                return self._event(slug, HTTPStatus.BAD_REQUEST, errors={where: [str(p) for p in exc.problems]}, typed=form)
            except Refused as exc:
                return self._event(slug, HTTPStatus.BAD_REQUEST, errors={where: [str(exc)]}, typed=form)
            warnings = list(done.warnings) + self._commit(done, slug)
        threading.Thread(target=desk.preview.refresh, daemon=True).start()
        note = desk.keep_note([done.message], warnings)
        self._redirect(f"{desk.root}e/{slug}/?note={note}#{done.anchor}")

    def _commit(self, done: Done, slug: str) -> list[str]:
        """With --commit, the change as a git commit; what went wrong, if anything (the files are written)."""
        if not self.desk.config.commit:
            return []
        try:
            desk_git.commit(self.desk.config.content, done.written, done.message, f"Event: events/{slug} (sitegen desk)")
        except desk_git.GitFailed as exc:
            return [f"written, but not committed: {exc}"]
        return []

    def _publish(self) -> None:
        if not self.desk.config.commit:
            return self._text(HTTPStatus.NOT_FOUND, "publishing needs `sitegen desk --commit`")
        try:  # outside the write lock: a slow remote never holds up a result
            done, warnings = [f"published: {desk_git.push(self.desk.config.content)}"], []
        except desk_git.GitFailed as exc:
            done, warnings = [], [f"not published: {exc}"]
        self._redirect(f"{self.desk.root}?note={self.desk.keep_note(done, warnings)}")

    def _redirect(self, location: str) -> None:
        self.send_response(HTTPStatus.SEE_OTHER)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def _text(self, status: HTTPStatus, message: str) -> None:
        self._send(status, f"{message}\n".encode(), "text/plain; charset=utf-8")

    def _send(self, status: HTTPStatus, body: bytes, kind: str = "text/html; charset=utf-8", *, policy: str = DESK_POLICY,
              referrer: str = "same-origin") -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("Content-Security-Policy", policy)
        self.send_header("X-Content-Type-Options", "nosniff")
        # The token is in every URL: the desk's own pages tell it to no other site ("same-origin"; "no-referrer" would
        # make their forms' Origin "null", which the Origin check refuses); the preview tells it to no one.
        self.send_header("Referrer-Policy", referrer)
        self.send_header("X-Frame-Options", "DENY")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


def make_server(config: DeskConfig, host: str, port: int) -> ThreadingHTTPServer:
    handler = type("DeskHandler", (Handler,), {"desk": Desk(config)})
    return ThreadingHTTPServer((host, port), handler)


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
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return socket.gethostname()
