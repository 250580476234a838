"""Launching Debian's Chromium through Playwright, the way every browser test here does."""
from __future__ import annotations

import shutil
import socket

import pytest

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def chromium(playwright):
    if not shutil.which(CHROMIUM):
        pytest.fail("Chromium is missing: run `make test` (it installs it) or `make browser`")
    return playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]
