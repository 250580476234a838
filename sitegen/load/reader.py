"""Reading files inside a content folder, and typed field readers that report each problem at its `path:line`.

Content is read only from inside the content folder: a symlink that leads out of it is refused,
so a stray link cannot publish a private file. Names starting with '.' (editor lock and swap
files) are not content.
"""
from __future__ import annotations

import gc
import os
import stat
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar, cast
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sitegen.load.yaml_reader import LineDict, parse_yaml
from sitegen.model import LANGUAGES, ContentError, Problem, Where
from sitegen.text import N_, control_problem, id_problem, login_problem, suggest

T = TypeVar("T")
FAILED = object()  # what `read` returns for a file it could not parse (already reported)
# Keys whose empty value ('winner:' and nothing after it) must not pass for "not given".
MAY_BE_EMPTY = ("byes", "sitting_out", "tables", "avoid", "players")  # empty means none, or checked on their own


def visible(folder: Path) -> list[Path]:
    """A folder's entries in name order, without hidden ones (editor lock and swap files)."""
    return sorted(p for p in folder.iterdir() if not p.name.startswith("."))


class Collector:
    """Gathers problems so one run reports all of them, not just the first."""

    def __init__(self, root: Path, texts: Mapping[Path, str | None] | None = None) -> None:
        self.problems: list[Problem] = []
        self.root = root.resolve()  # the content folder: nothing is read from outside it
        # Files read as these texts instead (None: as if deleted): an edit is checked before anything is written.
        self.texts = {path.absolute(): text for path, text in (texts or {}).items()}
        self._folders_inside: set[str] = set()  # folders found inside the content folder, each resolved once

    def exists(self, path: Path) -> bool:
        if self.texts and path.absolute() in self.texts:
            return self.texts[path.absolute()] is not None
        return path.exists() or path.is_symlink()

    def listing(self, folder: Path) -> list[Path]:
        """`visible(folder)`, with the files of `texts` in it."""
        given = {path for path in self.texts if path.parent == folder.absolute()}
        found = {folder / path.name for path in given if self.texts[path] is not None}
        on_disk = visible(folder) if folder.is_dir() else []  # a folder still to be made (`sitegen new`): its texts only
        return sorted(found | {p for p in on_disk if p.absolute() not in given})

    def add(self, where: Where, message: str) -> None:
        self.problems.append(Problem(where, message))

    def inside(self, path: Path) -> bool:
        """Whether `path` (a file or folder, through any symlinks) stays in the content folder; reports it if not."""
        where = Where(str(path), 1)
        if path.is_symlink() and not path.exists():
            self.add(where, N_("a symlink to {target}, which does not exist; remove the link or put the file there", target=os.readlink(path)))
            return False
        try:
            path.resolve().relative_to(self.root)
        except (ValueError, OSError):
            self.add(where, N_("leads outside the content folder {root} (a symlink?); copy the file into the content folder instead", root=self.root))
            return False
        return True

    def regular(self, path: Path, display: str) -> bool:
        """Whether `path` is a regular file (or missing: the reader says so); a named pipe would block the read for
        ever, a device never end: either is reported, never read."""
        try:
            if not path.exists() or path.is_file() or path.is_dir():
                return True
        except OSError:
            return True  # the read says what is wrong
        self.add(Where(display, 1), N_("this is not a regular file (a named pipe, a socket or a device); put the file itself "
                                       "here, or remove it"))
        return False

    def folder(self, path: Path) -> bool:
        """Whether `path` is a folder to read; one reached through a bad symlink is reported, a plain file skipped."""
        return (path.exists() or path.is_symlink()) and self.inside(path) and path.is_dir()

    def listable(self, folder: Path) -> bool:
        """Whether the folder's entries can be read. One this user may not read (mode 000) is reported at its own path,
        not at the first file looked for in it; a missing one is said where it is read."""
        try:
            with os.scandir(folder):
                return True
        except PermissionError as exc:
            self.cannot_list(exc)
            return False
        except OSError:
            return True

    def cannot_list(self, exc: OSError) -> None:
        """A folder the file system would not list (`os.walk`'s onerror too)."""
        self.add(Where(str(exc.filename), 1), N_("cannot read this folder: {reason}; let your user read and enter it (chmod u+rx), or move it out of the "
                                                 "content folder", reason=exc.strerror))

    def no_file_for_folder(self, path: Path) -> None:
        """A plain file where sitegen reads a folder (pages, events, leagues, a theme's templates) is reported, not
        skipped in silence."""
        if path.is_file() and not path.is_symlink():
            self.add(Where(str(path), 1), N_("this is a file, but sitegen reads a folder of that name here; make it a folder, "
                                             "or rename the file"))

    def read_text(self, path: Path, display: str) -> str | None:
        """The file's text, or None when it cannot be read (the problem is reported)."""
        if self.texts and path.absolute() in self.texts and (given := self.texts[path.absolute()]) is not None:
            return given
        if not self._plain_file_inside(path) and not self._fit_to_read(path, display):
            return None
        try:
            return path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            self.add(Where(display, 1), N_("the file is not UTF-8 text; save it as UTF-8"))
        except OSError as exc:
            self.add(Where(display, 1), N_("cannot read the file: {reason}", reason=exc.strerror))
        return None

    def _fit_to_read(self, path: Path, display: str) -> bool:
        """Whether `path` is a file inside the content folder that may be read; reports it if not."""
        if not self.inside(path):
            return False
        if path.is_dir():
            self.add(Where(display, 1), N_("this is a folder, not a file; rename or remove it"))
            return False
        return self.regular(path, display)

    def _plain_file_inside(self, path: Path) -> bool:
        """Whether `path` is a regular file, not a symlink, in a folder found inside the content folder before: then
        it passes every check of `_fit_to_read`, with one system call instead of a dozen (resolving every folder above
        it again, for each of an event's files)."""
        try:
            if not stat.S_ISREG(os.lstat(path).st_mode):
                return False
        except OSError:
            return False
        folder = os.path.dirname(path)
        if folder not in self._folders_inside:
            if not Path(os.path.realpath(folder)).is_relative_to(self.root):
                return False  # `inside` says so
            self._folders_inside.add(folder)
        return True

    def read(self, path: Path, display: str) -> Any:
        text = self.read_text(path, display)
        if text is None:
            return FAILED
        try:
            return parse_yaml(text, display)
        except ContentError as exc:
            self.problems.extend(exc.problems)
            return FAILED

    def mapping(self, data: Any, where: Where, what: str) -> LineDict | None:
        if isinstance(data, LineDict):
            return data
        self.add(where, N_("{what} must be a block of 'key: value' lines", what=what))
        return None

    def unknown_keys(self, data: LineDict, allowed: tuple[str, ...], path: str, what: str) -> None:
        for key in data:
            if key not in allowed:
                self.add(Where(path, data.key_lines[key]), N_("unknown key '{key}' in {what}; {hint}", key=key, what=what, hint=suggest(key, allowed)))

    def no_empty_values(self, data: LineDict, path: str) -> None:
        """'winner:' with nothing after it, or `seed: ''`, would read as "not given"; say so instead."""
        for key, value in data.items():
            if value is not None and (not isinstance(value, str) or value.strip()) or key in MAY_BE_EMPTY:
                continue  # a value (most are), or a key that may be empty
            if value is None:
                self.add(Where(path, data.key_lines[key]), N_("'{key}' has no value; write one after the colon or delete the line", key=key))
            else:
                self.blank(Where(path, data.key_lines[key]), key)

    def blank(self, where: Where, key: str) -> None:
        """`key: ''`: no more a value than `key:` is (said once, whichever reader finds it first)."""
        problem = Problem(where, N_("'{key}' has no value; write one between the quotes, or delete the line", key=key))
        if problem not in self.problems:
            self.problems.append(problem)

    def identifier(self, value: Any, where: Where, what: str) -> str | None:
        problem = id_problem(value)
        if problem:
            self.add(where, N_("{what}: {problem}", what=what, problem=problem))
            return None
        return str(value)

    def login(self, data: LineDict, key: str, path: str) -> str | None:
        """A GitHub login (`github: ann-example`), or None when absent or not one (reported)."""
        if key not in data or data[key] is None:
            return None
        problem = login_problem(data[key])
        if problem:
            quoted = f"'{key}'"
            self.add(Where(path, data.key_lines[key]), N_("{what}: {problem}", what=quoted, problem=problem))
            return None
        return str(data[key])

    def integer(self, data: LineDict, key: str, path: str, *, minimum: int = 0, maximum: int | None = None) -> int | None:
        value = data.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum or (maximum is not None and value > maximum):
            said = (N_("'{key}' must be a whole number of at least {minimum}, not {value}", key=key, minimum=minimum, value=repr(value))
                    if maximum is None else
                    N_("'{key}' must be a whole number from {minimum} to {maximum}, not {value}", key=key, minimum=minimum, maximum=maximum,
                       value=repr(value)))
            self.add(Where(path, data.key_lines[key]), said)
            return None
        return value

    def timezone(self, data: LineDict, key: str, path: str) -> str:
        """An IANA time zone name such as 'Europe/Paris', checked against the system's zone database."""
        name = self.text(data, key, path)
        if name and not _known_zone(name):
            self.add(Where(path, data.key_lines[key]), N_("'{key}: {name}' is not a known time zone; write an IANA name such as 'Europe/Paris', "
                                                          "'America/New_York' or 'UTC'", key=key, name=name))
            return ""
        return name

    def language(self, data: LineDict, key: str, path: str) -> str:
        """A `language:` the site ships (model.LANGUAGES), e.g. 'fr' or 'pt_BR'; "" when absent."""
        name = self.text(data, key, path)
        if name and name not in LANGUAGES:
            self.add(Where(path, data.key_lines[key]), N_("'{key}: {name}' is not a language sitegen ships; write one of {names}",
                                                          key=key, name=name, names=', '.join(LANGUAGES)))
            return ""
        return name

    def text(self, data: LineDict, key: str, path: str, *, required: bool = False, default: str = "") -> str:
        value = data.get(key)
        if value is None:
            if required and key not in data:  # present but empty: `no_empty_values` says so at its line
                self.add(Where(path, data.line), N_("missing '{key}'; add a line '{key}: ...'", key=key))
            return default
        if type(value) is not str and not self.textlike(value, Where(path, data.key_lines[key]), key):
            return default
        text = str(value)
        if required and not text.strip():  # `name: ''`: no more a name than `name:` is
            self.blank(Where(path, data.key_lines[key]), key)
            return default
        if control_problem(text) is None:  # most text: no `Where` to make for a problem there is not
            return text
        return text if self.one_line(text, Where(path, data.key_lines[key]), f"'{key}'") else default

    def textlike(self, value: Any, where: Where, key: str) -> bool:
        """Whether a value YAML did not read as text may stand for its text (a whole number may); reports it if not."""
        if isinstance(value, (list, dict)):
            self.add(where, N_("'{key}' must be a single value, not a list or block", key=key))
            return False
        if isinstance(value, (bool, float)):  # `name: no` is False to YAML, `title: 1.10` is 1.1: not what was written
            self.add(where,
                     N_("'{key}' reads as yes/no to YAML, not as text; put it in quotes, e.g. {key}: '...'", key=key) if isinstance(value, bool)
                     else N_("'{key}' reads as the number {number} to YAML, not as text; put it in quotes, e.g. {key}: '...'",
                             key=key, number=repr(value)))
            return False
        return True

    def one_line(self, text: str, where: Where, what: str) -> bool:
        """Whether `text` is fit for a text field (no control character); reports it if not. Every text field is
        read through here (`text`, and the fields read without it: deck fields, aliases, a page's title)."""
        problem = control_problem(text)
        if problem:
            self.add(where, N_("{what} {problem}", what=what, problem=problem))
        return problem is None


def _known_zone(name: str) -> bool:
    try:
        ZoneInfo(name)
    except (ValueError, OSError, ZoneInfoNotFoundError):  # ValueError: a name that is no file name (e.g. '../x')
        return False
    return True


@contextmanager
def collection_paused() -> Iterator[None]:
    """CPython's cycle collector paused while it lasts: reading an event makes some 10^5 objects (YAML nodes, line
    maps, the model) that all live on and form no cycles, and the collector would walk them all again every few
    hundred allocations, more than doubling the time to load a large event. It runs again as before afterwards."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


class Built:
    """What was built from each file's parsed value, kept by path: a file read again unchanged (an edit is checked,
    then the event with it is used; `serve` reads the event again on every save) is not built again.

    Parsed values are shared by text (yamlfile) and nothing changes them or the model, so the same input objects
    build equal values; only what was built without a problem is kept, so problems are always reported afresh."""

    LIMIT = 32  # an event's files, with room, as for parsed values

    def __init__(self) -> None:
        self._by_path: dict[str, tuple[tuple[Any, ...], Any]] = {}

    def reuse(self, path: str, inputs: tuple[Any, ...], build: Callable[[], T], c: Collector) -> T:
        kept = self._by_path.get(path)
        if kept is not None and all(old is new for old, new in zip(kept[0], inputs, strict=True)):
            return cast(T, kept[1])
        before = len(c.problems)
        built = build()
        if len(c.problems) == before:
            if len(self._by_path) >= self.LIMIT:
                self._by_path.clear()
            self._by_path[path] = (inputs, built)
        return built
