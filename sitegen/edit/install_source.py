"""Where a club's CI installs sitegen from, so that it runs this very copy (`sitegen init`).

pip's install record (PEP 610's direct_url.json) says where the running sitegen came from: none for an index
(`sitegen-standings==<version>`), a VCS URL at its commit, an archive's URL, or a folder on this computer. A folder
that is a git checkout with a public `https://` origin gives that origin at HEAD's commit; any other folder cannot
be reached by GitHub, and `--vendor` puts the copy's own wheel into the club's repository instead.
"""
from __future__ import annotations

import base64
import hashlib
import json
import os
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from importlib.metadata import Distribution, distributions
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit
from urllib.request import url2pathname

from sitegen import DISTRIBUTION, VENDOR_FOLDER
from sitegen.games.base import Refused

# A wheel's files get this date: the same copy of sitegen vendors the same bytes.
WHEEL_DATE = (2020, 1, 1, 0, 0, 0)
# What pip writes beside an installed distribution, which is no part of its wheel.
INSTALL_ONLY = {"RECORD", "INSTALLER", "REQUESTED", "direct_url.json"}


@dataclass(frozen=True)
class Source:
    """What the club's workflow gives `pip install`, and what init says about it ("" when nothing needs saying)."""

    requirement: str
    said: str = ""


def package_source(direct_url: dict[str, Any] | None, version: str) -> str | None:
    """What pip installs to get this very sitegen, from its PEP 610 record; None for a file or folder on this computer.

    No record: it came from an index, at `version`. A VCS checkout: that repository at that commit. A remote
    archive: that URL."""
    if direct_url is None:
        return f"{DISTRIBUTION}=={version}"
    url = str(direct_url.get("url", ""))
    vcs = direct_url.get("vcs_info")
    if isinstance(vcs, dict) and vcs.get("vcs") and vcs.get("commit_id") and not url.startswith("file:"):
        return f"{vcs['vcs']}+{url}@{vcs['commit_id']}"
    if "archive_info" in direct_url and url.startswith("https://"):
        return url
    return None


def checkout_source(folder: Path) -> Source | None:
    """A git checkout's origin at HEAD's commit, when that origin is a public https:// URL (no credentials in it)."""
    origin, commit = _git(folder, "remote", "get-url", "origin"), _git(folder, "rev-parse", "HEAD")
    parts = urlsplit(origin or "")
    if not commit or parts.scheme != "https" or not parts.hostname or parts.username or parts.password:
        return None
    changed = _git(folder, "status", "--porcelain", "--untracked-files=no")
    unsaid = f" (the changes not committed in {folder} are not in it)" if changed else ""
    return Source(f"git+{origin}@{commit}", f"the club's CI installs sitegen from {origin} at {commit[:7]}; push that commit first{unsaid}")


def installed_source() -> Source:
    """Where the running sitegen came from, as the club's CI can install it; refused (with --vendor's hint) when it cannot."""
    dist = _running_distribution()
    record = _install_record(dist)
    if requirement := package_source(record, dist.version):
        return Source(requirement)
    folder = _local_folder(record)
    if folder is not None and folder.is_dir() and (source := checkout_source(folder)):
        return source
    where = f"{folder}, which has no public https:// git origin" if folder is not None else "a file on this computer"
    raise Refused(f"this sitegen was installed from {where}: the club's CI cannot reach it. Give --vendor to put this "
                  f"sitegen's wheel into the club's repository ({VENDOR_FOLDER}/), or --package with what pip should install, "
                  f"e.g. --package git+https://github.com/you/sitegen@COMMIT")


def vendor_wheel(into: Path) -> Path:
    """The wheel of the running sitegen, written into the empty folder `into`: built from its folder when it is an editable install
    (its files are the folder's), else made again from the files pip installed."""
    dist = _running_distribution()
    record = _install_record(dist) or {}
    folder = _local_folder(record)
    if folder is not None and record.get("dir_info", {}).get("editable"):
        return _built_wheel(folder, into)
    return _repacked_wheel(dist, into)


def _running_distribution() -> Distribution:
    """The installed distribution of sitegen: the one pip installed (a build's .egg-info in a checkout is none)."""
    for dist in distributions(name=DISTRIBUTION):
        if dist.read_text("INSTALLER") is not None:
            return dist
    raise Refused(f"this sitegen is not installed (no {DISTRIBUTION} in pip's list): install it, or give --package")


def _install_record(dist: Distribution) -> dict[str, Any] | None:
    text = dist.read_text("direct_url.json")
    return json.loads(text) if text else None


def _local_folder(record: dict[str, Any] | None) -> Path | None:
    """The folder or file on this computer an install record names (a file: URL), else None."""
    url = urlsplit(str((record or {}).get("url", "")))
    return Path(url2pathname(url.path)) if url.scheme == "file" else None


def _built_wheel(folder: Path, into: Path) -> Path:
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", str(into), str(folder)],
                          capture_output=True, text=True, timeout=600, check=False, stdin=subprocess.DEVNULL)
    wheels = list(into.glob("*.whl"))
    if done.returncode or len(wheels) != 1:
        raise Refused(f"pip could not build the wheel of {folder}: {done.stderr.strip()[-500:]}")
    return wheels[0]


def _repacked_wheel(dist: Distribution, into: Path) -> Path:
    """A wheel of the files pip installed for `dist` (its package and its .dist-info), with a RECORD of their hashes."""
    files = sorted(str(f) for f in dist.files or [] if not str(f).startswith("..") and "__pycache__" not in f.parts
                   and not (f.parent.name.endswith(".dist-info") and f.name in INSTALL_ONLY))
    info = next(f for f in files if f.endswith(".dist-info/METADATA")).rsplit("/", 1)[0]
    wheel = into / f"{info.removesuffix('.dist-info')}-py3-none-any.whl"
    root = Path(str(dist.locate_file("")))
    lines = []
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in files:
            data = (root / name).read_bytes()
            archive.writestr(zipfile.ZipInfo(name, WHEEL_DATE), data, zipfile.ZIP_DEFLATED)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            lines.append(f"{name},sha256={digest},{len(data)}\n")
        archive.writestr(zipfile.ZipInfo(f"{info}/RECORD", WHEEL_DATE), "".join(lines) + f"{info}/RECORD,,\n", zipfile.ZIP_DEFLATED)
    return wheel


def _git(folder: Path, *args: str) -> str | None:
    """What git printed, or None when it failed (not a checkout, no such remote, no git)."""
    quiet = os.environ | {"GIT_TERMINAL_PROMPT": "0"}
    try:
        done = subprocess.run(["git", *args], cwd=folder, capture_output=True, text=True, timeout=30, check=False, env=quiet,
                              stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout.strip() if done.returncode == 0 else None
