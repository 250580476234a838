"""Read a content key as the table of keys (sitegen/schema/keys.py) declares it: its type, bounds, default and whether
it is required come from its declaration, the wording of a problem from the collector's readers."""
from __future__ import annotations

from sitegen.load.reader import Collector
from sitegen.load.yaml_reader import LineDict
from sitegen.schema import keys


def whole(c: Collector, data: LineDict, table: tuple[keys.Key, ...], name: str, path: str) -> int | None:
    """A whole-number key within its declared bounds; None when absent or refused (reported)."""
    if data.get(name) is None:
        return None  # absent, or empty (`no_empty_values` says so): read for every player and table, mostly absent
    key = keys.named(table, name)
    assert key.type == keys.WHOLE, name
    return c.integer(data, name, path, minimum=key.minimum, maximum=key.maximum)


def text(c: Collector, data: LineDict, table: tuple[keys.Key, ...], name: str, path: str) -> str:
    """A text key, required or with its declared default."""
    key = keys.named(table, name)
    assert key.type == keys.TEXT, name
    return c.text(data, name, path, required=key.required, default=key.default or "")
