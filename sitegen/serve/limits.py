"""What our servers (`sitegen serve`, `sitegen desk`) let in: Tornado's HTTP server with limits, so that a stranger on
the wifi cannot stall them.

One event loop answers every connection (no thread per connection), so idle sockets cost a file descriptor each and
nothing else. A connection that sends no request, or whose headers have not all arrived, within `IDLE_SECONDS` is
closed (slowloris); a body must arrive within `BODY_SECONDS` and is never larger than the server's `max_body`
(Tornado answers 400 to a malformed or oversized one and closes the connection: nothing is read beyond the limit).
The listen backlog is `BACKLOG`, so a burst of connections waits instead of being reset. And at most
`most_connections()` connections are open at once (half the process's file descriptors): a new one closes the
oldest waiting connection (no request in progress) of the address that holds the most, so a stranger's hundreds of
idle sockets make room for a judge's phone instead of shutting it out.
"""
from __future__ import annotations

import errno
import resource
import socket
from collections import Counter
from collections.abc import Awaitable
from typing import Any

from tornado import httputil, iostream, netutil
from tornado.httpserver import HTTPServer

from sitegen.games.base import Refused

IDLE_SECONDS = 10.0  # a keep-alive connection's wait for its next request, headers included
BODY_SECONDS = 10.0  # a request body's
MAX_HEADERS = 16 * 1024  # bytes: the request line and headers
BACKLOG = 1024  # the kernel caps it at net.core.somaxconn


def most_connections() -> int:
    """Half of the file descriptors this process may open (the other half for files, pipes, the build), 16 to 1024."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return max(16, min(1024, soft // 2)) if soft != resource.RLIM_INFINITY else 1024


def bind(host: str, port: int) -> list[socket.socket]:
    """The listening sockets for `host` (127.0.0.1 unless told otherwise) and `port` (0: a free one); Refused when
    another program holds the port (a desk or serve still running, often)."""
    try:
        return netutil.bind_sockets(port, host, backlog=BACKLOG)
    except OSError as exc:
        if exc.errno != errno.EADDRINUSE:
            raise
        raise Refused(f"{host}:{port} is in use by another program (a sitegen desk or serve still running?); "
                      "stop it, or give another port with --port") from None


def start(application: httputil.HTTPServerConnectionDelegate, sockets: list[socket.socket], *, max_body: int) -> GuardedServer:
    """Serve `application` on `sockets` with the limits above, in the running event loop."""
    server = GuardedServer(application, idle_connection_timeout=IDLE_SECONDS, body_timeout=BODY_SECONDS,
                           max_header_size=MAX_HEADERS, max_body_size=max_body, max_buffer_size=max(max_body, MAX_HEADERS) * 2,
                           most=most_connections())
    server.add_sockets(sockets)
    return server


class GuardedServer(HTTPServer):
    """Tornado's HTTPServer keeping at most `most` connections open: see the module's docstring."""

    def initialize(self, *args: Any, most: int = 1024, **kwargs: Any) -> None:
        super().initialize(*args, **kwargs)
        self.most = most
        self.open: dict[iostream.IOStream, str] = {}  # oldest first: the peer's address
        self.busy: set[iostream.IOStream] = set()  # a request's headers arrived and its answer is not finished

    def handle_stream(self, stream: iostream.IOStream, address: Any) -> None:
        while len(self.open) >= self.most:
            self._close_one()
        self.open[stream] = str(address[0] if isinstance(address, tuple) else address)
        super().handle_stream(stream, address)

    def start_request(self, server_conn: object, request_conn: httputil.HTTPConnection) -> httputil.HTTPMessageDelegate:
        stream: iostream.IOStream = getattr(request_conn, "stream")  # noqa: B009  # HTTP1Connection's
        self.busy.discard(stream)  # the previous request's answer is finished: the connection waits again
        return _Watched(super().start_request(server_conn, request_conn), stream, self.busy)

    def on_close(self, server_conn: object) -> None:
        super().on_close(server_conn)
        stream = getattr(server_conn, "stream")  # noqa: B009
        self.open.pop(stream, None)
        self.busy.discard(stream)

    def _close_one(self) -> None:
        waiting = [s for s in self.open if s not in self.busy] or list(self.open)
        crowd, _ = Counter(self.open[s] for s in waiting).most_common(1)[0]
        victim = next(s for s in waiting if self.open[s] == crowd)
        del self.open[victim]
        self.busy.discard(victim)
        victim.close()


class _Watched(httputil.HTTPMessageDelegate):
    """A request's delegate that marks its connection busy once the headers are in."""

    def __init__(self, inner: httputil.HTTPMessageDelegate, stream: iostream.IOStream, busy: set[iostream.IOStream]) -> None:
        self.inner, self.stream, self.busy = inner, stream, busy

    def headers_received(self, start_line: httputil.RequestStartLine | httputil.ResponseStartLine,
                         headers: httputil.HTTPHeaders) -> Awaitable[None] | None:
        self.busy.add(self.stream)
        return self.inner.headers_received(start_line, headers)

    def data_received(self, chunk: bytes) -> Awaitable[None] | None:
        return self.inner.data_received(chunk)

    def finish(self) -> None:
        self.inner.finish()

    def on_connection_close(self) -> None:
        self.busy.discard(self.stream)
        self.inner.on_connection_close()
