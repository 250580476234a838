"""Edit a TO's YAML file in place, keeping its comments, key order and layout (ruamel.yaml round trip)."""
from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from .output import write_atomic


def set_missing_keys(path: Path, values: dict[str, Any], *, before: str) -> list[str]:
    """Add the top-level keys of `values` that the file lacks, just above the key `before`; returns the keys added."""
    from ruamel.yaml import YAML  # only `pair` at round 1 needs it: not imported by every command

    yaml = YAML()
    yaml.preserve_quotes = True
    data = yaml.load(path.read_text(encoding="utf-8"))
    added = [key for key in values if key not in data]
    if not added:
        return []
    position = list(data).index(before) if before in data else len(data)
    for offset, key in enumerate(added):
        data.insert(position + offset, key, values[key])
    buffer = io.StringIO()
    yaml.dump(data, buffer)
    write_atomic(path, buffer.getvalue().encode())
    return added
