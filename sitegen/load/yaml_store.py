"""Parsed YAML kept on disk between the commands a TO runs at the venue (`pair`, `result`, `drop`, ...).

Each of them reads the whole event again, and libyaml's Python binding is slow: the round files of a 2048-player
event take some 0.15 s to parse, and about a tenth of that to read back from here.

One file per text, named by a digest of the text, of the parser's own source and of PyYAML's version: a changed
file, parser or library is simply another name, never a stale value. Each file starts with an HMAC of the text and of
what follows, keyed by a random key kept outside the cache folder (`files.machine_key`): anything unreadable, corrupt,
forged, copied from elsewhere or of an unexpected shape is a miss (parsed again and written again), never a wrong
value; a link is never followed and an entry far larger than its text is not read. Writing is best effort: a
folder that cannot be written only means nothing is reused. At most LIMIT files are kept; the least recently used
go first.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import yaml

from sitegen.files import machine_key, read_cache_file, write_atomic
from sitegen.load import yaml_reader as yamlfile
from sitegen.load.yaml_reader import LineDict, LineList

LIMIT = 64  # a few large events' files, with room
ENTRY_BYTES_PER_CHAR = 32  # a kept value's JSON is a few times its text: an entry far larger is damaged, and not read
_SCALARS = (str, int, float, bool, type(None))
SUFFIX = ".json"
_PARSER = hashlib.sha256(Path(yamlfile.__file__).read_bytes() + f"\0{yaml.__version__}".encode()).digest()


@contextmanager
def parsed_kept_in(folder: Path) -> Iterator[None]:
    """While it lasts, YAML texts parsed before (by any command) are read back from `folder`, and new ones kept there."""
    yamlfile.keep_parsed(ParsedStore(folder))
    try:
        yield
    finally:
        yamlfile.keep_parsed(None)


class ParsedStore:
    """The parsed values of YAML texts, as files in `folder` (created when first written)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def get(self, text: str, default: Any) -> Any:
        """The value parsed from `text`; `default` when none is kept (or none to trust)."""
        path, key = self._path(text), machine_key()
        try:
            data = read_cache_file(path, limit=ENTRY_BYTES_PER_CHAR * len(text) + 4096)  # never a link, never unbounded
            if data is None or key is None:
                return default
            mac, _, payload = data.partition(b"\n")
            if not hmac.compare_digest(mac, _mac(key, text, payload).encode()):
                return default  # damaged, or not written by sitegen on this machine for this very text
            value = _decode(json.loads(payload))
            os.utime(path)  # recently used: pruned last
            return value
        except (OSError, ValueError, TypeError, IndexError, RecursionError):
            return default

    def put(self, text: str, value: Any) -> None:
        key = machine_key()
        if key is None:
            return
        try:
            payload = json.dumps(_encode(value), separators=(",", ":"))
            self.folder.mkdir(parents=True, exist_ok=True)
            write_atomic(self._path(text), [_mac(key, text, payload.encode()), "\n", payload])
            self._prune()
        except (OSError, TypeError, ValueError, RecursionError):
            pass  # nothing kept: the next command parses the text again

    def _path(self, text: str) -> Path:
        return self.folder / (hashlib.sha256(_PARSER + text.encode("utf-8", "surrogatepass")).hexdigest() + SUFFIX)

    def _prune(self) -> None:
        kept = sorted(self.folder.glob("*" + SUFFIX), key=lambda p: p.lstat().st_mtime_ns, reverse=True)
        for stale in kept[LIMIT:]:
            stale.unlink(missing_ok=True)


def _mac(key: bytes, text: str, payload: bytes) -> str:
    """Binds an entry to the text it was parsed from and to this machine's key: a forged or copied entry is a miss."""
    return hmac.new(key, _PARSER + text.encode("utf-8", "surrogatepass") + b"\0" + payload, hashlib.sha256).hexdigest()


def _encode(value: Any) -> Any:
    """A mapping as [line, [key, key line, value, ...]], a list as [line, item lines, items]; scalars as they are."""
    kind = type(value)
    if kind is LineDict:
        return [value.line, [part for key, item in value.items() for part in (key, value.key_lines[key], _encode(item))]]
    if kind is LineList:
        return [value.line, value.item_lines, [_encode(item) for item in value]]
    if kind in _SCALARS:
        return value
    raise TypeError(f"not kept: a {kind.__name__}")


def _decode(data: Any) -> Any:
    """What `_encode` made back into values; ValueError for anything of another shape.

    Scalars, most of the values, are taken as they are without a call: this runs over every value of an event."""
    if type(data) in _SCALARS:
        return data
    if type(data) is not list or not data or type(data[0]) is not int:
        raise ValueError("not a kept value")
    if len(data) == 2 and type(data[1]) is list and len(data[1]) % 3 == 0:
        mapping = LineDict()
        mapping.line, flat = data
        key_lines = mapping.key_lines
        for start in range(0, len(flat), 3):
            key, line, item = flat[start : start + 3]
            if type(key) not in _SCALARS or key is None or type(line) is not int or key in mapping:
                raise ValueError("not a kept mapping")
            mapping[key] = item if type(item) in _SCALARS else _decode(item)
            key_lines[key] = line
        return mapping
    if len(data) == 3 and type(data[1]) is list and type(data[2]) is list and len(data[1]) == len(data[2]) \
            and all(type(line) is int for line in data[1]):
        items = LineList([item if type(item) in _SCALARS else _decode(item) for item in data[2]])
        items.line, items.item_lines = data[0], data[1]
        return items
    raise ValueError("not a kept value")
