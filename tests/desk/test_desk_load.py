"""A desk that a stranger on the wifi can't stall: idle sockets, a burst of requests, a bad or endless body and
headers that never end all leave it answering the judges, quickly, in bounded memory.

The slow ones run `sitegen desk` in a process of its own, with 256 file descriptors (as measured on the old desk:
258 idle sockets made it unreachable at 100 % CPU), to read its memory and to run it out of descriptors."""
from __future__ import annotations

import http.client
import re
import resource
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from desk_events import TOKEN, Desk, make_event

from sitegen.desk.server import MAX_FORM
from sitegen.serve.limits import IDLE_SECONDS


@pytest.fixture
def desk(tmp_path) -> Iterator[Desk]:
    make_event(tmp_path, "agot-joust")
    server = Desk(tmp_path / "content", tmp_path)
    yield server
    server.close()


@contextmanager
def desk_process(tmp_path: Path, files: int = 256) -> Iterator[tuple[int, int, str]]:
    """`sitegen desk` in its own process limited to `files` descriptors: its pid, port and token."""
    make_event(tmp_path, "agot-joust")
    limit = lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))
    process = subprocess.Popen([sys.executable, "-m", "sitegen", "desk", "--content", tmp_path / "content", "--output", tmp_path / "out",
                                "--cache", tmp_path / "cache", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               text=True, preexec_fn=limit)
    try:
        line = ""
        while "is at" not in line:
            line = process.stdout.readline()
            assert line or process.poll() is None, "the desk did not start"
        port, token = re.search(r"http://127\.0\.0\.1:(\d+)/([^/]+)/", line).groups()
        yield process.pid, int(port), token
    finally:
        process.terminate()
        process.wait(timeout=10)


def get(port: int, path: str, timeout: float) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def rss_kb(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+) kB", status)[1])


def first_line(sock: socket.socket, found: list[bytes]) -> None:
    """The answer's status line, read while the request is still being sent (a server that stops reading closes)."""
    data = b""
    try:
        while b"\r\n" not in data:
            chunk = sock.recv(4096)
            if not chunk:
                break
            data += chunk
    except OSError:
        pass
    found.append(data.split(b"\r\n")[0])


def send_body(port: int, path: str, length: bytes, megabytes: int, *, end: bool = True) -> tuple[int, float]:
    """POST headers with `Content-Length: length`, then up to `megabytes` of body while the answer is awaited, and
    the end of the body unless `end` is False: the answer's status (0: none) and the seconds it took."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=20)
    found: list[bytes] = []
    reader = threading.Thread(target=first_line, args=(sock, found))
    started = time.monotonic()
    sock.sendall(b"POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: %s\r\n\r\n"
                 % (path.encode(), length))
    reader.start()
    try:
        for _ in range(megabytes):
            sock.sendall(b"token=" + b"a" * (1 << 20))
        if end:
            sock.shutdown(socket.SHUT_WR)  # a server reading "to the end" gets its end
    except OSError:
        pass  # the desk closed the connection: it read no further
    reader.join(timeout=20)
    took = time.monotonic() - started
    sock.close()
    status = re.match(rb"HTTP/1\.[01] (\d{3}) ", (found or [b""])[0])
    return int(status[1]) if status else 0, took


@pytest.mark.parametrize("length, status", [(b"-1", 400), (b"abc", 400), (str(MAX_FORM + 1).encode(), 413)])
def test_a_bad_or_too_large_content_length_is_a_4xx_at_once(desk, length, status):
    answer, seconds = send_body(desk.port, f"/{TOKEN}/e/desk/result", length, megabytes=1, end=False)
    assert answer == status and seconds < 2, (answer, seconds)


def test_a_burst_of_50_concurrent_requests_is_all_answered(desk):
    """Judges' phones loading pages and the style sheet at once: no reset, no wait on a retransmitted SYN."""
    assert desk.get("e/desk/")[0] == 200  # the first page loads what every later one uses
    ready = threading.Barrier(50)
    answers: list[tuple[int | str, float]] = []

    def judge(path: str) -> None:
        ready.wait()
        started = time.monotonic()
        try:
            answers.append((get(desk.port, f"/{TOKEN}/{path}", timeout=10), time.monotonic() - started))
        except OSError as exc:
            answers.append((repr(exc), time.monotonic() - started))

    threads = [threading.Thread(target=judge, args=(path,)) for path in ["e/desk/", "desk.css"] * 25]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [status for status, _ in answers] == [200] * 50, answers
    assert max(seconds for _, seconds in answers) < 5, answers


@pytest.mark.slow
def test_a_client_that_never_finishes_its_headers_is_cut_off(desk):
    sock = socket.create_connection(("127.0.0.1", desk.port), timeout=2)
    sock.sendall(f"GET /{TOKEN}/ HTTP/1.1\r\nHost: 127.0.0.1\r\n".encode())
    started, closed = time.monotonic(), False
    while not closed and time.monotonic() - started < IDLE_SECONDS + 10:
        try:
            sock.sendall(b"X-Slow: 1\r\n")  # a header line a second, never the blank line that ends them
            closed = sock.recv(4096) == b""
        except TimeoutError:
            continue
        except OSError:
            closed = True
    took = time.monotonic() - started
    sock.close()
    assert closed and took < IDLE_SECONDS + 5, took
    assert desk.get("")[0] == 200


@pytest.mark.slow
def test_300_idle_sockets_leave_the_desk_answering_within_a_second(tmp_path):
    with desk_process(tmp_path) as (_pid, port, token):
        assert get(port, f"/{token}/", timeout=30) == 200
        idle = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(300)]
        time.sleep(0.5)  # let the desk accept them all
        try:
            started = time.monotonic()
            assert get(port, f"/{token}/", timeout=5) == 200
            took = time.monotonic() - started
        finally:
            for sock in idle:
                sock.close()
        print(f"answered in {took:.3f} s beside 300 idle sockets")
        assert took < 1


@pytest.mark.slow
@pytest.mark.parametrize("length", [b"-1", b"100000000"])
def test_an_endless_body_is_not_read(tmp_path, length):
    with desk_process(tmp_path) as (pid, port, token):
        assert get(port, f"/{token}/", timeout=30) == 200
        before = rss_kb(pid)
        status, seconds = send_body(port, f"/{token}/e/desk/result", length, megabytes=64)
        grown = rss_kb(pid) - before
        print(f"Content-Length {length.decode()}: {status} in {seconds:.2f} s, RSS {before} kB + {grown} kB")
        assert 400 <= status < 500 and seconds < 5 and grown < 16 * 1024, (status, seconds, grown)
