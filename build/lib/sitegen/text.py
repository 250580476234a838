"""Small text helpers shared by the loader and the formats."""
from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable


def suggest(key: str, allowed: Iterable[str]) -> str:
    """'did you mean ...?' for a close match among the allowed words, else the list of them."""
    allowed = list(allowed)
    close = difflib.get_close_matches(str(key), allowed, n=1)
    if close:
        return f"did you mean '{close[0]}'?"
    return "allowed: " + ", ".join(allowed) if allowed else "nothing is allowed here"


def slugify(text: str) -> str:
    """A lowercase ASCII id of letters, digits and dashes ("Ser Jorah Mormont" -> "ser-jorah-mormont")."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-") or "player"
