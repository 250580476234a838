"""The desk's access token, kept in the cache folder beside the desk's other state (never in the content, so never
in git): a restart, or a laptop that slept, keeps every judge's open page and every printed QR code working.
`sitegen desk --new-token` makes a new one, which shuts out every address printed before."""
from __future__ import annotations

import os
import re
import secrets
from pathlib import Path

from sitegen.files import write_atomic

TOKEN_NAME = "desk-token"
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{16,64}")  # what `secrets.token_urlsafe(16)` makes, with room


def desk_token(cache: Path, *, new: bool = False) -> tuple[str, bool]:
    """The kept token, or a new one (kept) when asked, when none is kept or the kept one is damaged; and whether it is new."""
    path = cache / TOKEN_NAME
    if not new:
        try:
            kept = path.read_text(encoding="ascii").strip()
        except (OSError, UnicodeDecodeError):
            kept = ""
        if TOKEN_SHAPE.fullmatch(kept):
            return kept, False
    token = secrets.token_urlsafe(16)
    cache.mkdir(parents=True, exist_ok=True)
    write_atomic(path, token.encode("ascii"))
    os.chmod(path, 0o600)  # a secret: only the TO's account reads it
    return token, True
