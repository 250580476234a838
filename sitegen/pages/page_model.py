"""A page or data file to write: its output path and either a template with its context or its bytes."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class PageModel:
    path: str  # output path, relative to the output folder, with '/' separators
    template: str | None  # None: `body` is the file's content as it is
    context: dict[str, Any] = field(default_factory=dict)
    body: bytes = b""
    fallback: str = ""  # the template to use when the theme has no `template` (a format without its own page)

    @property
    def root(self) -> str:
        """The relative prefix back to the site's root, so links work from a sub-path and from disk."""
        return "../" * self.path.count("/")

    @property
    def event_root(self) -> str:
        """The shortest prefix to the page's event folder (`events/<slug>/`): "" or "../" from the event's own pages,
        so a page's many links to its rounds and players stay short (an archive's bytes are mostly links)."""
        event = self.context.get("event")
        if event is None:
            return self.root
        folder = f"events/{event.slug}/"
        if self.path.startswith(folder):
            return "../" * self.path[len(folder):].count("/")
        return f"{self.root}{folder}"

    def render_context(self) -> dict[str, Any]:
        """What the template renders: the page's context, its prefixes and its path."""
        return {"root": self.root, "event_root": self.event_root, "page_path": self.path} | self.context
