"""Files written whole: a temporary file beside the target, renamed over it, so a reader (or a killed process)
never leaves half a file. The build's output, its state, the parsed-YAML store and every edit write this way."""
from __future__ import annotations

import hashlib
import os
import re
import secrets
import stat
from collections.abc import Callable, Iterable
from itertools import chain
from pathlib import Path

# `.NAME.<8 letters/digits>.tmp` beside NAME: what `temp_beside` names (earlier versions too, via mkstemp).
TEMP_FILE = re.compile(r"^\.(?P<name>.+)\.[a-z0-9_]{8}\.tmp$")


def new_token() -> str:
    """The random part of a temporary file's name."""
    return secrets.token_hex(4)


def temp_beside(path: Path, token: str) -> Path:
    return path.parent / f".{path.name}.{token}.tmp"


def write_atomic(path: Path, data: bytes | Iterable[str]) -> None:
    """Write to a temporary file beside `path`, then rename over it: readers never see half a file.

    Text pieces (a list or made one by one) are written as UTF-8, each as the file object encodes it: a large
    text is never held twice, as text and as bytes."""
    tmp = temp_beside(path, new_token())
    write_temp(tmp, data)
    os.replace(tmp, path)


def write_temp(tmp: Path, data: bytes | Iterable[str]) -> None:
    """Create the temporary file `tmp` (never one already there) holding `data`; on failure, nothing is left."""
    tmp.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        if isinstance(data, bytes):
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
        else:
            with os.fdopen(fd, "w", encoding="utf-8", newline="") as text:
                text.writelines(data)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def write_checksummed(path: Path, pieces: Callable[[], Iterable[str]]) -> None:
    """`write_atomic` of ASCII text after a line holding its sha256: `pieces` is called twice, for the checksum and
    for the file, so a large text is never held whole."""
    checksum = hashlib.sha256()
    for piece in pieces():
        checksum.update(piece.encode())  # ASCII: its UTF-8 bytes are its characters
    write_atomic(path, chain([checksum.hexdigest(), "\n"], pieces()))


CACHE_READ_LIMIT = 1 << 30  # bytes: a cache file larger than this is damaged, not read


def read_cache_file(path: Path, limit: int = CACHE_READ_LIMIT) -> bytes | None:
    """A cache file's bytes, if it is a regular file (a symlink is not followed) of at most `limit` bytes; None
    otherwise, or when it cannot be read. The cache is a hint: what it holds is never trusted to be sane."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > limit:
            return None
        with os.fdopen(fd, "rb") as handle:
            fd = -1
            # What the file holds and one byte more (a file grown since fstat is a miss): read(limit) would
            # allocate the whole limit up front, 1 GiB, past a usual `ulimit -v`.
            data = handle.read(st.st_size + 1)
        return data if len(data) == st.st_size else None
    except OSError:
        return None
    finally:
        if fd >= 0:
            os.close(fd)


def read_checksummed(path: Path, limit: int = CACHE_READ_LIMIT) -> bytes | None:
    """The text `write_checksummed` wrote; None when it is not what was written (damaged, cut short, edited), or not a
    regular file of at most `limit` bytes."""
    data = read_cache_file(path, limit)
    if data is None:
        return None
    checksum, _, text = data.partition(b"\n")
    return text if hashlib.sha256(text).hexdigest().encode() == checksum else None
