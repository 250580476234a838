"""`sitegen desk --commit`: each change a git commit in the content's repository, and `git push` to publish.

git runs as a subprocess in the content folder; whatever goes wrong comes back as a message to show
(the files are written either way), never as a traceback.
"""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

PUSH_SECONDS = 60  # a remote that has not answered by then is reported, and the TO can try again


class GitFailed(Exception):
    """git refused or is missing: the message says what it said."""


def _git(content: Path, *args: str, timeout: float = 30) -> str:
    """What git printed (stdout, else stderr: `git push` reports there), or GitFailed.

    git never asks on the terminal (an HTTPS remote without credentials fails instead of waiting for a password)."""
    quiet = os.environ | {"GIT_TERMINAL_PROMPT": "0", "GIT_ASKPASS": "", "SSH_ASKPASS": "", "GCM_INTERACTIVE": "never"}
    try:
        done = subprocess.run(["git", *args], cwd=content, capture_output=True, text=True, timeout=timeout, check=False, env=quiet,
                              stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise GitFailed(f"git {args[0]}: {exc}") from None
    if done.returncode:
        said = (done.stderr or done.stdout).strip() or f"exit status {done.returncode}"
        raise GitFailed(f"git {args[0]}: {said}")
    return (done.stdout or done.stderr).strip()


def check_repository(content: Path) -> None:
    """Raise GitFailed unless the content folder is inside a git work tree."""
    _git(content, "rev-parse", "--is-inside-work-tree")


def commit(content: Path, paths: list[Path], subject: str, body: str = "") -> str:
    """Commit exactly `paths` (written or deleted) with `subject`; returns the short hash, or "" when the files are as
    committed already (a change that wrote the same bytes: nothing to commit is no failure)."""
    names = [str(p.absolute()) for p in paths]
    _git(content, "add", "-A", "--", *names)
    if not _git(content, "diff", "--cached", "--name-only", "--", *names):
        return ""
    message = subject + (f"\n\n{body}" if body else "")
    _git(content, "commit", "--quiet", "-m", message, "--", *names)
    return _git(content, "rev-parse", "--short", "HEAD")


def push(content: Path) -> str:
    return _git(content, "push", timeout=PUSH_SECONDS) or "pushed"
