"""A mistake in the content, where it is, and the two ways a command reports one without a traceback (exit status
2): here, away from the model and the games, so that a command's start-up (its parser, `--help`) can catch them
without importing either."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Where:
    """A place in a content file, for error messages."""

    path: str
    line: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}"


@dataclass(frozen=True)
class Problem:
    where: Where
    message: str

    def __str__(self) -> str:
        # One line, whatever the content held: a newline or NEL in a key would split the message in two.
        return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in f"{self.where}: {self.message}")


class ContentError(Exception):
    """A user mistake in the content: reported as `path:line: message`, exit status 2."""

    def __init__(self, problems: list[Problem]):
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


class Refused(Exception):
    """`pair` cannot go on (pending results, event finished, ...): exit status 2 with this message."""
