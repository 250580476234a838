"""Files written whole: a temporary file beside the target, renamed over it, so a reader (or a killed process)
never leaves half a file. The build's output, its state, the parsed-YAML store and every edit write this way."""
from __future__ import annotations

import contextlib
import functools
import hashlib
import hmac
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
    return path.parent / temp_name(path.name, token)


def temp_name(name: str, token: str) -> str:
    """The temporary file beside the file `name` (`TEMP_FILE`)."""
    return f".{name}.{token}.tmp"


def write_atomic(path: Path, data: bytes | Iterable[str]) -> None:
    """Write to a temporary file beside `path`, then rename over it: readers never see half a file.

    Text pieces (a list or made one by one) are written as UTF-8, each as the file object encodes it: a large
    text is never held twice, as text and as bytes."""
    tmp = temp_beside(path, new_token())
    write_temp(tmp, data)
    os.replace(tmp, path)


def write_temp(tmp: str | os.PathLike[str], data: bytes | Iterable[str]) -> None:
    """Create the temporary file `tmp` (never one already there) holding `data`; on failure, nothing is left."""
    fd = _create(tmp)  # nothing is made when this fails
    try:
        if isinstance(data, bytes):
            _write_all(fd, data)
        else:
            with os.fdopen(fd, "w", encoding="utf-8", newline="") as text:
                text.writelines(data)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def _write_all(fd: int, data: bytes) -> None:
    """`data` into the new file `fd`, which is closed after: straight to the descriptor, as a file object would ask the
    system about the file three more times (a build writes tens of thousands)."""
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)


def _create(tmp: str | os.PathLike[str]) -> int:
    """A new file's descriptor, its folder made first if missing (tried after: a build writes thousands of files into
    folders that are there, and a look per file costs more than the write)."""
    try:
        return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    except (FileNotFoundError, NotADirectoryError):  # a file where a folder goes: mkdir says so, as it always did
        Path(tmp).parent.mkdir(parents=True, exist_ok=True)
        return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)


def write_keyed(path: Path, pieces: Callable[[], Iterable[str]]) -> None:
    """`write_atomic` of ASCII text after a line holding its HMAC under this machine's key (`machine_key`): `pieces`
    is called twice, for the HMAC and for the file, so a large text is never held whole. Nothing is written when
    there is no key: an unkeyed file would never be read back."""
    key = machine_key()
    if key is None:
        return
    mac = hmac.new(key, digestmod=hashlib.sha256)
    for piece in pieces():
        mac.update(piece.encode())  # ASCII: its UTF-8 bytes are its characters
    write_atomic(path, chain([mac.hexdigest(), "\n"], pieces()))


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


def read_keyed(path: Path, limit: int = CACHE_READ_LIMIT) -> bytes | None:
    """The text `write_keyed` wrote on this machine; None when it is not what was written (damaged, cut short, edited,
    forged, or written with another machine's key), or not a regular file of at most `limit` bytes."""
    data, key = read_cache_file(path, limit), machine_key()
    if data is None or key is None:
        return None
    mac, _, text = data.partition(b"\n")
    return text if hmac.compare_digest(hmac.new(key, text, hashlib.sha256).hexdigest().encode(), mac) else None


KEY_FILE, KEY_BYTES = "parsed-store-key", 32  # the file's name from when only the parsed-YAML store used it


@functools.cache
def machine_key() -> bytes | None:
    """A random key kept outside every cache folder (in the user's own cache, `$XDG_CACHE_HOME/sitegen/`), so that a
    cache folder copied, committed or restored from elsewhere (CI's cache of another run) holds nothing this machine
    trusts. The build state and the parsed-YAML store are keyed with it. None when it can be neither read nor made:
    nothing cached is reused then."""
    folder = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "sitegen"
    path = folder / KEY_FILE
    for _ in range(2):
        key = read_cache_file(path, limit=KEY_BYTES)
        if key is not None and len(key) == KEY_BYTES:
            return key
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
            with os.fdopen(fd, "wb") as handle:
                handle.write(secrets.token_bytes(KEY_BYTES))
        except (OSError, RuntimeError):
            return None  # another process made it first (read it on the next turn), or nowhere to keep it
    return None
