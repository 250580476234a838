"""Write the built site: atomically, only files whose bytes changed, and remove files no longer built.

A manifest of what sitegen wrote lets it delete its own stale files without touching anything
else a user keeps in the output folder.

A build killed at any moment leaves every file whole, old or new: each file is written to a
temporary file beside it and renamed over it, and the manifest is widened to old + new files
before any file changes, so the next build still knows every file it may have to remove.
Temporary files left by a killed build are removed by the next one (only names of our own pattern).
"""
from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Iterator, Set
from dataclasses import dataclass, field
from pathlib import Path

from sitegen.files import TEMP_FILE, new_token, temp_name, write_atomic, write_temp
from sitegen.model import ContentError, Problem, Where

MANIFEST = ".sitegen-files"
NAME_MAX = 255 - 14  # bytes in one file name on every common file system, less what the temporary name adds


@dataclass(frozen=True)
class WriteReport:
    written: list[str]
    unchanged: int
    removed: list[str]
    warnings: list[str] = field(default_factory=list)  # what the TO should hear about the site built (nothing refused)


@dataclass
class Staged:
    """Files staged for `publish`, each in `.NAME.<token>.tmp` beside its target: one token for a batch (an event,
    the shared pages), so a build holds the batch's output paths and a token, not a temporary path per file."""

    token: str = field(default_factory=new_token)
    paths: list[str] = field(default_factory=list)  # relative to the output folder

    def temp(self, output: Path, rel: str) -> str:
        folder, _, name = rel.rpartition("/")  # text, not a Path: a build stages and renames every file
        return f"{output}/{folder + '/' if folder else ''}{temp_name(name, self.token)}"


def stage(output: Path, rel: str, data: bytes, batch: Staged) -> None:
    """`data` in `batch`'s temporary file beside output/rel, for `publish` to rename over it; nothing when the file holds it already."""
    try:
        with open(os.path.join(output, rel), "rb") as held:
            if held.read() == data:
                return
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        pass
    write_temp(batch.temp(output, rel), data)
    batch.paths.append(rel)


def discard(output: Path, batches: Iterable[Staged]) -> None:
    """Remove staged files (a build that failed), and the folders only they needed."""
    for batch in batches:
        for rel in batch.paths:
            tmp = Path(batch.temp(output, rel))
            tmp.unlink(missing_ok=True)
            _prune_empty_dirs(output, tmp.parent)


def unsafe_path(output: Path, rel: str, folders: dict[str, Path] | None = None) -> str | None:
    """Why `rel` may not be written under `output`, or None. The last guard: ids are checked long before.

    `folders` keeps the folders already resolved, for a check of many paths at once."""
    parts = rel.split("/")  # as written: PurePosixPath would quietly drop '.' and '//'
    if any(p in ("", ".", "..") for p in parts) or "\\" in rel:
        return "leads outside the output folder"
    if "\0" in rel or any(len(p.encode()) > NAME_MAX for p in parts):
        return "is not a possible file name"
    folders = {} if folders is None else folders
    root = folders.get("") or folders.setdefault("", output.resolve())
    folder, _, name = rel.rpartition("/")
    if folder not in folders:  # a symlinked folder inside output/ must not carry the write elsewhere: once per folder
        place = (root / folder).resolve()
        if not place.is_relative_to(root):
            return "leads outside the output folder (through a symlink)"
        folders[folder] = place
    target = os.path.join(folders[folder], name)
    if os.path.islink(target) and not Path(target).resolve().is_relative_to(root):
        return "leads outside the output folder (through a symlink)"
    return None


def check_output_folder(output: Path) -> None:
    if output.exists() and not output.is_dir():
        raise ContentError([Problem(Where(str(output), 1), "the output folder is a file; remove it or choose another --output")])


def path_problems(output: Path, paths: list[str]) -> list[Problem]:
    folders: dict[str, Path] = {}
    return [Problem(Where(str(output / rel), 1), f"output path {why}") for rel in sorted(paths) if (why := unsafe_path(output, rel, folders))]


def widen_manifest(output: Path, files: set[str]) -> None:
    """List `files` in the manifest beside the files already there, before any of them is written:
    a killed build leaves no file the manifest forgets."""
    previous = set(_read_manifest(output))
    if not files <= previous:
        write_atomic(output / MANIFEST, _listing(previous | files))


def publish(output: Path, staged: Iterable[Staged], files: set[str], also_temp: frozenset[str] = frozenset(),
            unfinished: bool = True) -> WriteReport:
    """Rename the staged files into place (`staged` is gone through once: its batches may be made one by one),
    remove the files no longer built and list `files` in the manifest.

    Then, if a build may have been killed since the last one finished (`unfinished`), remove its temporary files
    beside any file sitegen writes or wrote (`also_temp`: names a killed build may have staged that neither
    manifest lists)."""
    previous = set(_read_manifest(output))
    widened = not files <= previous
    if widened:
        write_atomic(output / MANIFEST, _listing(previous | files))
    written = []
    for batch in staged:
        for rel in batch.paths:
            os.replace(batch.temp(output, rel), os.path.join(output, rel))
            written.append(rel)
    folders: dict[str, Path] = {}
    removed = sorted(rel for rel in previous if rel not in files and unsafe_path(output, rel, folders) is None
                     and not (output / rel).is_dir())  # a manifest line naming a folder: not a file sitegen wrote
    for rel in removed:
        (output / rel).unlink(missing_ok=True)
        _prune_empty_dirs(output, (output / rel).parent)
    already = widened and previous <= files  # the widened listing written above is this one
    if not already and not _lists(output / MANIFEST, files):
        write_atomic(output / MANIFEST, _listing(files))
    if unfinished:
        _remove_temp_files(output, (previous, files, also_temp))
    written.sort()
    return WriteReport(written, len(files) - len(written), removed)


def _listing(paths: set[str]) -> Iterator[str]:
    """The manifest's text a line at a time (a site has tens of thousands of files): one path a line, or one empty line."""
    if not paths:
        yield "\n"
    for rel in sorted(paths):
        yield rel + "\n"


def _lists(manifest: Path, paths: set[str]) -> bool:
    """Whether the manifest's bytes are those `_listing(paths)` writes."""
    try:
        written = hashlib.sha256(manifest.read_bytes()).digest()
    except OSError:
        return False
    listing = hashlib.sha256()
    for line in _listing(paths):
        listing.update(line.encode())
    return written == listing.digest()


def _read_manifest(output: Path) -> list[str]:
    """The files an earlier build wrote, as listed: a line of a hand-edited manifest may be anything, so a path
    is checked with `unsafe_path` before it is removed."""
    manifest = output / MANIFEST
    if not manifest.is_file():
        return []
    return [rel for rel in manifest.read_text(encoding="utf-8", errors="replace").split("\n") if rel]


def _remove_temp_files(output: Path, ours: tuple[Set[str], ...]) -> None:
    """Temporary files of a killed build: `.NAME.xxxxxxxx.tmp` beside a file NAME that sitegen writes (in one of
    `ours`: the sets are not copied into one, they may hold every file of the site)."""
    for folder, _, entries in os.walk(output):
        for entry in entries:
            match = TEMP_FILE.match(entry) if entry.endswith(".tmp") else None
            if match:
                rel_folder = os.path.relpath(folder, output).replace(os.sep, "/")
                name = match["name"] if rel_folder == "." else f"{rel_folder}/{match['name']}"
                if any(name in names for names in ours) or name == MANIFEST:
                    Path(folder, entry).unlink(missing_ok=True)


def _prune_empty_dirs(output: Path, folder: Path) -> None:
    while folder != output and folder.is_dir() and not any(folder.iterdir()):
        folder.rmdir()
        folder = folder.parent
