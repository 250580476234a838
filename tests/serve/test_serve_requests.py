"""Issue 29: `sitegen serve` answered `/index.html%00` with a 500 and a traceback in its log."""
from __future__ import annotations

import subprocess
import sys
import urllib.error
import urllib.request

from browser import free_port, wait_for


def test_a_path_with_a_nul_is_not_found_without_a_traceback(make_site, tmp_path):
    content = make_site({"pages/about.md": "About us\n"})
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "sitegen", "serve", "--content", content, "--output", tmp_path / "out",
                               "--port", str(port)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd=tmp_path)
    try:
        wait_for(f"http://127.0.0.1:{port}/", seconds=60)
        statuses = []
        for path in ("/index.html%00", "/%00", "/events/%00/index.html", "/index.html%00.png"):
            try:
                statuses.append(urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10).status)
            except urllib.error.HTTPError as exc:
                statuses.append(exc.code)
        assert statuses == [404] * 4
    finally:
        server.terminate()
        log = server.communicate(timeout=10)[0].decode()
    assert "Traceback" not in log, log


def test_a_port_in_use_is_one_line_naming_the_port_and_the_way_out(tmp_path):
    """`sitegen desk` or `serve` on a port another program holds: what to do, not "a file: Address already in use"."""
    import socket
    import subprocess
    import sys

    from sitegen.edit.scaffold import init_site

    init_site(tmp_path / "club", title="Club", package="sitegen-standings", base_url="", timezone="Europe/Paris")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        for verb in ("desk", "serve"):
            done = subprocess.run([sys.executable, "-m", "sitegen", verb, "--port", str(port)], cwd=tmp_path / "club",
                                  capture_output=True, text=True, timeout=60)
            assert done.returncode == 2, (verb, done.stderr)
            assert f"127.0.0.1:{port} is in use" in done.stderr and "--port" in done.stderr, (verb, done.stderr)
            assert "Traceback" not in done.stderr
