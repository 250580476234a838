"""The output writer's steps as a build takes them (`build/engine.py`), over a {path: bytes} map: for the tests of
the writer alone (paths refused, symlinks, the manifest)."""
from __future__ import annotations

from pathlib import Path

from sitegen.build.output import Staged, WriteReport, check_output_folder, path_problems, publish, stage, widen_manifest
from sitegen.model import ContentError


def write_site(output: Path, files: dict[str, bytes]) -> WriteReport:
    check_output_folder(output)
    problems = path_problems(output, list(files))
    if problems:
        raise ContentError(problems)
    output.mkdir(parents=True, exist_ok=True)
    widen_manifest(output, set(files))
    staged = Staged()
    for rel in sorted(files):
        stage(output, rel, files[rel], staged)
    return publish(output, [staged], set(files))
