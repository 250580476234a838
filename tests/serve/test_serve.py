"""`sitegen serve`: a TO edits a round file and the page already open in a browser shows the new result."""
import shutil
import subprocess
import sys
import time

import pytest
import yaml
from browser import chromium, free_port, wait_for
from playwright.sync_api import sync_playwright
from project import DEMO

pytestmark = pytest.mark.browser  # drives Debian's Chromium: skipped by `make test-fast`


def test_an_edited_round_file_shows_in_the_open_page(tmp_path):
    """How fast is bench/scale.py's goal (serve edit to page); here a loaded machine gets all the time it needs."""
    content = tmp_path / "content"
    shutil.copytree(DEMO, content)
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "sitegen", "serve", "--content", content, "--output", tmp_path / "out", "--port", str(port)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd=tmp_path,
    )
    try:
        url = f"http://127.0.0.1:{port}/events/thursday-league-joust/round-3.html"
        wait_for(url)
        with sync_playwright() as p:
            browser = chromium(p)
            page = browser.new_page()
            page.goto(url)
            table = page.locator("#table-1")
            assert "in play" in table.inner_text()
            page.wait_for_function("() => window.LiveReload !== undefined", timeout=5000)
            time.sleep(1)  # let the watcher take its first look at the content
            round_file = content / "events" / "thursday-league-joust" / "round-3.yaml"
            data = yaml.safe_load(round_file.read_text())
            data["tables"][0]["winner"] = data["tables"][0]["players"][0]
            round_file.write_text(yaml.safe_dump(data))
            page.wait_for_function("() => document.querySelector('#table-1 .tag.win') !== null", timeout=30_000)
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
