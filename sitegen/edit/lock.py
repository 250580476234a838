"""One writer at a time per content folder: every edit verb, the desk and the CLI alike.

The lock is the operating system's (`flock` on the content folder itself, so no lock file is left in the
TO's repository), held while a change reads the files, checks the event and writes: a second writer waits,
then reads what the first one wrote. It is reentrant within a process (the desk's version check and the verb
it calls take it both) and shared by the threads of one process through one `RLock` per folder.
"""
from __future__ import annotations

import fcntl
import os
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from pathlib import Path
from typing import ParamSpec, TypeVar

from sitegen.load.event import content_root

P = ParamSpec("P")
R = TypeVar("R")


class _FolderLock:
    """The threads of this process take `threads` in turn; the first one in holds the folder's `flock`."""

    def __init__(self) -> None:
        self.threads = threading.RLock()
        self.depth = 0
        self.fd: int | None = None


# One per content folder for the life of the process: an I/O edge's state, not a rule's.
_LOCKS: dict[str, _FolderLock] = {}
_LOCKS_GUARD = threading.Lock()


def _folder_lock(folder: Path) -> _FolderLock:
    with _LOCKS_GUARD:
        return _LOCKS.setdefault(os.path.realpath(folder), _FolderLock())


@contextmanager
def content_lock(event_dir: str | Path) -> Iterator[None]:
    """Hold the lock of the content folder `event_dir` belongs to (the event folder itself outside one)."""
    folder = content_root(Path(event_dir))
    if not folder.is_dir():  # nothing there to write into: the verb says so itself
        yield
        return
    lock = _folder_lock(folder)
    with lock.threads:
        if lock.depth == 0:
            fd = os.open(os.path.realpath(folder), os.O_RDONLY | os.O_DIRECTORY)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)
            except BaseException:
                os.close(fd)
                raise
            lock.fd = fd
        lock.depth += 1
        try:
            yield
        finally:
            lock.depth -= 1
            if lock.depth == 0 and lock.fd is not None:
                os.close(lock.fd)  # closing the descriptor releases the flock
                lock.fd = None


def one_writer(verb: Callable[P, R]) -> Callable[P, R]:
    """An edit verb whose first argument is the event folder, run under that content folder's lock."""
    @wraps(verb)
    def locked(*args: P.args, **kwargs: P.kwargs) -> R:
        with content_lock(args[0]):  # type: ignore[arg-type]
            return verb(*args, **kwargs)
    return locked
