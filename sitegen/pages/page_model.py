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

    def prefix(self, folder: str) -> str:
        """The shortest relative prefix from this page to `folder` (relative to the site's root, ending in '/'): an
        event's pages link to its rounds and players by the hundred, so "../" beats "../../events/SLUG/"."""
        here = self.path[:self.path.rfind("/") + 1]  # the page's own folder
        if folder.startswith(here):
            return folder[len(here):]
        if self.path.startswith(folder):
            return "../" * self.path[len(folder):].count("/")
        return f"{self.root}{folder}"

    def render_context(self) -> dict[str, Any]:
        """What the template renders: the page's context, its path and the prefixes back to the root and, on an
        event's page, to the event's folder and its players' folder."""
        event = self.context.get("event")
        folder = f"events/{event.slug}/" if event else ""
        prefixes = {"event_root": self.prefix(folder), "players_root": self.prefix(f"{folder}players/")} if event else {}
        return {"root": self.root, "page_path": self.path} | prefixes | self.context
