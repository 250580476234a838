"""Write the built site: atomically, only files whose bytes changed, and remove files no longer built.

A manifest of what sitegen wrote lets it delete its own stale files without touching anything
else a user keeps in the output folder.
"""
from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

MANIFEST = ".sitegen-files"


@dataclass(frozen=True)
class WriteReport:
    written: list[str]
    unchanged: int
    removed: list[str]


def write_atomic(path: Path, data: bytes) -> None:
    """Write to a temporary file beside `path`, then rename over it: readers never see half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_site(output: Path, files: dict[str, bytes]) -> WriteReport:
    output.mkdir(parents=True, exist_ok=True)
    written, unchanged = [], 0
    for rel in sorted(files):
        target = output / rel
        try:
            if target.read_bytes() == files[rel]:
                unchanged += 1
                continue
        except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
            pass
        write_atomic(target, files[rel])
        written.append(rel)
    manifest = output / MANIFEST
    previous = manifest.read_text(encoding="utf-8").split("\n") if manifest.is_file() else []
    removed = sorted(rel for rel in previous if rel and rel not in files)
    for rel in removed:
        (output / rel).unlink(missing_ok=True)
        _prune_empty_dirs(output, (output / rel).parent)
    listing = "\n".join(sorted(files)) + "\n"
    if not manifest.is_file() or manifest.read_text(encoding="utf-8") != listing:
        write_atomic(manifest, listing.encode())
    return WriteReport(written, unchanged, removed)


def _prune_empty_dirs(output: Path, folder: Path) -> None:
    while folder != output and folder.is_dir() and not any(folder.iterdir()):
        folder.rmdir()
        folder = folder.parent
