"""What the desk keeps of the players' report links: each link's binding (one player, one round, one table) and the
reports held for the TO, in one JSON file in the desk's cache folder.

The file is written whole (`files.write_atomic`) after every change, so a desk stopped at any moment comes back
with every link it printed and every report it held. A damaged file is read as empty, with a warning: the TO prints
the links again, and no result is lost (a held report is never a result; the round files hold those).
"""
from __future__ import annotations

import json
import secrets
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, TypeVar

from sitegen.files import write_atomic

B = TypeVar("B")


def kept_token(links: dict[str, B], binding: B, save: Callable[[], None]) -> str:
    """The link token of `binding` in `links`, made (and saved) the first time it is asked for; the caller holds the lock."""
    token = next((token for token, known in links.items() if known == binding), None)
    if token is None:
        token = secrets.token_urlsafe(18)
        links[token] = binding
        save()
    return token

STORE_NAME = "desk-reports.json"
REPORTED, DISPUTED = "reported", "disputed"


@dataclass(frozen=True)
class Binding:
    """What a link may report: one player's table in one round of one event."""

    event: str
    round: str
    table: int
    player: str

    @property
    def table_key(self) -> str:
        return f"{self.event}/{self.round}/{self.table}"


@dataclass(frozen=True)
class Held:
    """A player's report, not yet a result: the form they sent (the desk's own fields), read and described."""

    player: str
    form: dict[str, list[str]]
    result: dict[str, Any]  # as the round file would hold it: two reports agree when these are equal
    words: str  # "Ann Example won", for the TO and the players


@dataclass(frozen=True)
class HeldTable:
    """The reports held for one table, as the desk shows them: one state for the table, one line per report."""

    state: str  # REPORTED (the reports so far agree) or DISPUTED
    reports: list[Held]


def table_state(reports: list[Held]) -> str:
    return REPORTED if all(r.result == reports[0].result for r in reports) else DISPUTED


class ReportBook:
    """The links and held reports, shared by the desk's worker threads (`lock`) and kept in `path`."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lock = threading.RLock()
        self.links: dict[str, Binding] = {}
        self.held: dict[str, list[Held]] = {}
        self.changes = 0  # counts the changes to the held reports: the desk's open pages offer a reload when it moves
        self._load()

    def _load(self) -> None:
        if not self.path.exists():
            return
        try:
            data = json.loads(self.path.read_bytes())
            self.links = {token: Binding(**fields) for token, fields in data["links"].items()}
            self.held = {key: [Held(**report) for report in reports] for key, reports in data["held"].items()}
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            self.links, self.held = {}, {}
            print(f"sitegen desk: {self.path} could not be read ({exc!r}): no report links or held reports; "
                  "print the report links again", file=sys.stderr, flush=True)

    def save(self) -> None:
        data = {"links": {token: asdict(b) for token, b in self.links.items()},
                "held": {key: [asdict(r) for r in reports] for key, reports in self.held.items()}}
        # not sort_keys: a held result's figures keep the seats' order, which the TO reads them in after a restart
        write_atomic(self.path, json.dumps(data, indent=1).encode())

    def link_for(self, binding: Binding) -> str:
        """The link token of `binding`, made (and kept) the first time it is asked for."""
        with self.lock:
            return kept_token(self.links, binding, self.save)

    def binding(self, token: str) -> Binding | None:
        with self.lock:
            return next((b for t, b in self.links.items() if secrets.compare_digest(t.encode(), token.encode())), None)

    def hold(self, binding: Binding, report: Held) -> list[Held]:
        """Keep `report` (a player's newer report replaces their own earlier one); every report now held for the table."""
        with self.lock:
            reports = [r for r in self.held.get(binding.table_key, []) if r.player != report.player] + [report]
            self.held[binding.table_key] = reports
            self.changes += 1
            self.save()
            return reports

    def held_at(self, table_key: str) -> list[Held]:
        with self.lock:
            return list(self.held.get(table_key, []))

    def forget(self, keys: list[str]) -> None:
        """Drop the reports of these tables: written, or of a round no longer played."""
        with self.lock:
            if any(key in self.held for key in keys):
                for key in keys:
                    self.held.pop(key, None)
                self.changes += 1
                self.save()


class RateLimit:
    """At most `limit` requests per `seconds` for each key (a link, an address)."""

    def __init__(self, limit: int, seconds: float) -> None:
        self.limit, self.seconds = limit, seconds
        self.hits: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def allow(self, key: str) -> bool:
        now = time.monotonic()
        with self._lock:
            if len(self.hits) > 10_000:  # a flood of addresses: forget the quiet ones
                self.hits = {k: q for k, q in self.hits.items() if q and q[-1] > now - self.seconds}
            hits = self.hits.setdefault(key, deque())
            while hits and hits[0] <= now - self.seconds:
                hits.popleft()
            if len(hits) >= self.limit:
                return False
            hits.append(now)
            return True
