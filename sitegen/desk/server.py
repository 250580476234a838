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
from dataclasses import astuple
from http import HTTPStatus
from urllib.parse import parse_qs, unquote, urlsplit

from tornado import web

from sitegen.desk.actions import Form, value
from sitegen.desk.app import Desk
from sitegen.desk.deck_links import DECK_ROUTE
from sitegen.desk.preview import DeskConfig
from sitegen.desk.replies import Reply, security_headers, text
from sitegen.desk.report_links import LINK_ROUTE
from sitegen.serve import limits
from sitegen.serve.overlay import asked_language
from sitegen.text import N_

__all__ = ["DeskConfig", "DeskServer", "make_server", "security_headers", "serve_desk"]

MAX_FORM = 64 * 1024  # bytes: a desk form is a few hundred


@web.stream_request_body  # the body's size is checked before it is read (prepare), then read in chunks
class DeskHandler(web.RequestHandler):
    """Every request: the token and Origin checks, the body's limit, then the route, answered from a worker thread."""

    def initialize(self, desk: Desk) -> None:
        self.desk = desk
        self.route: list[str] = []
        self.chunks: list[bytes] = []
        self.link: str | None = None  # /r/LINK: a player's report link
        self.deck_link: str | None = None  # /d/LINK: a player's decklist link

    def set_default_headers(self) -> None:
        self.set_header("Server", "sitegen-desk")
        for name, header in security_headers().items():
            self.set_header(name, header)

    def compute_etag(self) -> None:
        return None  # every answer is no-store

    async def prepare(self) -> None:  # a coroutine: a refused request's body is never read
        route = self._route()
        if route is None:
            return self._send(await self.desk.work(self.desk.forbidden))
        self.route = route
        length = self.request.headers.get("Content-Length")
        if length is not None and not re.fullmatch(r"[0-9]{1,12}", length):  # Tornado refuses these before us; kept as a guard
            return self._send(text(HTTPStatus.BAD_REQUEST, "bad Content-Length"))
        if length is not None and int(length) > MAX_FORM:
            if self.deck_link is not None:  # a player pasting far too much: a sentence, not a server's word
                return self._send(Reply(*astuple(self.desk.deck_links.too_large())))
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
        self.deck_link = parts[2] if len(parts) == 3 and parts[1] == DECK_ROUTE else None
        if self.link is None and self.deck_link is None and (len(parts) < 2 or not secrets.compare_digest(parts[1].encode(), self.desk.config.token.encode())):
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
        if self.link == "desk.js":  # a player's form does as the desk's: the sums, the Melee winner chosen as typed
            return Reply(HTTPStatus.OK, desk.js, "text/javascript; charset=utf-8")
        if self.link is not None:
            return Reply(*astuple(await desk.work(desk.links.answer, self.link, None, self.request.remote_ip or "")))
        if self.deck_link is not None:
            return Reply(*astuple(await desk.work(desk.deck_links.answer, self.deck_link, None, self.request.remote_ip or "")))
        if desk.deck_links.serves(route):
            return Reply(*astuple(await desk.work(desk.deck_links.get, route, desk.address)))  # never the request's Host
        if desk.links.serves(route):
            return Reply(*astuple(await desk.work(desk.links.get, route, desk.address)))  # never the request's Host
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
            document = desk.board.document(asked_language(query)) | {"build": desk.preview.generation, "held": desk.links.book.changes}
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
        if self.deck_link is not None:
            return Reply(*astuple(await desk.work(desk.deck_links.answer, self.deck_link, form, self.request.remote_ip or "")))
        if not secrets.compare_digest(value(form, "token").encode(), desk.config.token.encode()):
            return text(HTTPStatus.FORBIDDEN, "forbidden: a change needs the form's token")
        if self.route == ["publish"]:
            return await desk.work(desk.publish)
        if self.route == ["new"]:
            return await desk.work(desk.new_event, form)
        route = self.route
        if route[2:] == ["accept"]:  # the TO's tap on a player's held report: that report, entered like the TO's own
            held = await desk.work(desk.links.accept_form, route[1], form)
            if held is None:
                return text(HTTPStatus.GONE, N_("That report is no longer held (the table was written or the round changed): go back and reload."),
                            await desk.work(desk.event_language, route[1]))
            form, route = held, route[:2] + ["result"]
        reply = await desk.work(desk.change, route, form)
        if reply.status == HTTPStatus.SEE_OTHER:
            desk.refresh_later()  # the preview catches up in its own thread once the taps pause
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


def _unlogged(_handler: web.RequestHandler) -> None:
    """A desk on a phone makes a request a second (the problems poll): the terminal stays for what matters."""


class DeskServer:
    """The desk on its listening sockets, with `http.server`'s names: `serve_forever` runs the event loop in the
    calling thread until `shutdown` (called from another thread); `server_close` lets go of the sockets and threads."""

    def __init__(self, desk: Desk, sockets: list[socket.socket]) -> None:
        self.desk, self.sockets = desk, sockets
        self.server_address: tuple[str, int] = sockets[0].getsockname()[:2]
        # compress_response: a phone downloads the event page gzipped (about a sixteenth of its bytes) after each tap.
        # No page reflects what another site could put in a request (a GET's query is only compared, a change needs the
        # token), so the compressed sizes tell an onlooker nothing about the token (BREACH).
        self.application = web.Application([(r"/.*", DeskHandler, {"desk": desk})], log_function=_unlogged, compress_response=True)
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
    """The desk listening on `host`:`port` (0: a free port), not yet answering: see `DeskServer.serve_forever`. Its
    address, as it prints it (the machine's address on the network for 0.0.0.0), is the one the players' links carry."""
    server = DeskServer(Desk(config), limits.bind(host, port))
    shown = _lan_address() if host in ("0.0.0.0", "::") else host
    server.desk.address = f"http://{f'[{shown}]' if ':' in shown else shown}:{server.server_address[1]}"
    return server


def serve_desk(config: DeskConfig, host: str, port: int, *, lan: bool) -> None:
    """Listen until Ctrl-C; print the address (and, on the network, a QR code a judge's phone can scan)."""
    server = make_server(config, host, port)
    url = f"{server.desk.address}/{config.token}/"
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
