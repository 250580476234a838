"""A file or folder this user may not read, also for a test run as root (root reads whatever the modes say, so
`chmod 000` makes nothing unreadable for it).

`unreadable(monkeypatch, path)` makes the file system refuse, in this process, what it refuses a user other than
the owner of a `chmod 000` path: opening or listing the path itself, and anything at all inside it when it is a
folder. Its own `stat` still answers, as it does for that user. Every way sitegen reaches a file goes through the
functions patched here (`open`, `os.open`, `os.listdir` behind `Path.iterdir`, `os.scandir`, `os.stat` and
`os.lstat` behind `Path.exists` and `Path.resolve`), so the handler of the refusal is the code that really runs.
"""
from __future__ import annotations

import builtins
import errno
import io
import os
from pathlib import Path
from typing import Any

import pytest


def unreadable(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    targets = {os.path.abspath(path), os.path.realpath(path)}
    insides = tuple(target + "/" for target in targets)

    def refused(name: Any) -> None:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fsdecode(name))

    def real(name: Any) -> str | None:
        """The path made absolute (no file system call: these functions are the patched ones), or None for a
        file descriptor (already opened)."""
        return None if isinstance(name, int) else os.path.abspath(os.fsdecode(name))

    def opening(original):  # open, os.open, listdir, scandir: the path itself, or anything below it
        def patched(name: Any = ".", *args: Any, **kwargs: Any) -> Any:
            where = real(name)
            if where is not None and (where in targets or where.startswith(insides)):
                refused(name)
            return original(name, *args, **kwargs)
        return patched

    def stating(original):  # stat, lstat: only what lies below it (a folder of mode 000 hides its entries)
        def patched(name: Any, *args: Any, **kwargs: Any) -> Any:
            where = real(name)
            if where is not None and where.startswith(insides):
                refused(name)
            return original(name, *args, **kwargs)
        return patched

    for module, names in ((builtins, ("open",)), (io, ("open",)), (os, ("open", "listdir", "scandir"))):
        for name in names:
            monkeypatch.setattr(module, name, opening(getattr(module, name)))
    for name in ("stat", "lstat"):
        monkeypatch.setattr(os, name, stating(getattr(os, name)))
