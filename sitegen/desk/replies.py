"""The desk's answers as values: a `Reply` made in a worker thread and sent by the event loop, and the security
headers every answer carries."""
from __future__ import annotations

from dataclasses import dataclass
from http import HTTPStatus

from sitegen.language import translate
from sitegen.model import DEFAULT_LANGUAGE


def security_headers(preview_nonce: str | None = None) -> dict[str, str]:
    """Every answer's security headers, in one place. The desk's own pages run the desk's scripts only (the problems
    overlay, served from the desk); a page of the site preview runs none but its injected overlay, `preview_nonce`
    (the response's own), since the content's own HTML is served at the desk's origin, where a script could use the token.
    The desk's referrer policy is same-origin, not no-referrer: under no-referrer Chromium sends a form's Origin as
    "null" (checked: every change would be refused), and same-origin never sends the token's URL to another site either.
    The preview has no forms: no-referrer."""
    scripts = f"'nonce-{preview_nonce}'" if preview_nonce else "'self'"
    styles, forms = ("'self' 'unsafe-inline'", "'none'") if preview_nonce else ("'self'", "'self'")
    policy = (f"default-src 'self'; script-src {scripts}; style-src {styles}; img-src 'self' data:; form-action {forms}; "
              "frame-ancestors 'none'; base-uri 'none'")
    return {"Content-Security-Policy": policy, "Referrer-Policy": "no-referrer" if preview_nonce else "same-origin", "X-Content-Type-Options": "nosniff",
            "X-Frame-Options": "DENY", "Cache-Control": "no-store"}


@dataclass(frozen=True)
class Reply:
    """An answer, made in a worker thread and sent by the event loop."""

    status: int
    body: bytes = b""
    kind: str = "text/html; charset=utf-8"
    location: str = ""
    preview_nonce: str = ""  # a page of the built site: the preview's security headers, its overlay's nonce


def text(status: int, message: str, language: str = DEFAULT_LANGUAGE) -> Reply:
    return Reply(status, f"{translate(message, language)}\n".encode(), "text/plain; charset=utf-8")


def redirect(location: str) -> Reply:
    return Reply(HTTPStatus.SEE_OTHER, location=location)
