"""What the desk lets in: no name that forges a commit message, and nothing a built page contains can run on the
desk's origin (its preview) or learn the desk's address."""
from __future__ import annotations

import subprocess

from test_desk import TOKEN, desk, git, versions  # noqa: F401  (desk is a fixture)


def test_a_name_with_a_line_break_is_refused_and_forges_no_commit_trailer(desk, tmp_path):  # noqa: F811
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    git(tmp_path, "config", "user.name", "TO")
    git(tmp_path, "config", "user.email", "to@example.org")
    server, folder = desk(commit=True)
    git(tmp_path, "add", "content")
    git(tmp_path, "commit", "-q", "-m", "the event")
    before = (folder / "event.yaml").read_text()
    page = server.get("e/desk/players")[1]
    status, text, _ = server.post("e/desk/add", {"name": "Eve\nSigned-off-by: Mallory <m@x>", "version": versions(page)["add"]})
    assert status == 400
    assert "control character U+000A" in text and "Traceback" not in text
    assert (folder / "event.yaml").read_text() == before
    assert git(tmp_path, "log", "--format=%B").count("Signed-off-by") == 0
    assert git(tmp_path, "rev-list", "--count", "HEAD").strip() == "1"


def test_the_desk_and_its_preview_send_a_policy_and_the_preview_no_referrer(desk):  # noqa: F811
    server, _ = desk()
    status, text, headers = server.request("GET", f"/{TOKEN}/e/desk/")
    assert status == 200 and '<link rel="icon" href="data:,">' in text  # no request for /favicon.ico, outside the token
    assert "script-src 'self'" in headers["Content-Security-Policy"] and "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    assert headers["Referrer-Policy"] == "same-origin"  # "no-referrer" would make its own forms' Origin "null"
    status, text, headers = server.request("GET", f"/{TOKEN}/site/events/desk/index.html")
    assert status == 200
    policy = headers["Content-Security-Policy"]
    nonce = policy.split("script-src 'nonce-", 1)[1].split("'", 1)[0]
    assert "script-src 'nonce-" in policy and "'self'" not in policy.split("script-src", 1)[1].split(";", 1)[0]
    assert "form-action 'none'" in policy and headers["Referrer-Policy"] == "no-referrer"
    assert f'nonce="{nonce}"' in text and text.count("nonce=") == 1  # only the desk's overlay runs there
    assert server.request("GET", f"/{TOKEN}/__sitegen/overlay.js")[0] == 200
