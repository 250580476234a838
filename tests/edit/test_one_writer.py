"""One writer at a time: results entered at once by many processes and the desk are all kept, or say why not."""
from __future__ import annotations

import re
import subprocess
import sys
import threading

import pytest
import yaml
from desk_events import Desk

from sitegen.cli.main import main


def joust_event(root, players: int):
    content = root / "content"
    folder = content / "events" / "big"
    folder.mkdir(parents=True)
    (content / "site.yaml").write_text("title: Race tests\n")
    names = "".join(f"  - Player {n:02d}\n" for n in range(players))
    (folder / "event.yaml").write_text(f"name: Big Joust\nformat: agot-joust\ndate: 2026-12-05\nplayers:\n{names}")
    assert main(["pair", str(folder)]) == 0
    tables = yaml.safe_load((folder / "round-1.yaml").read_text())["tables"]
    return content, folder, {t["table"]: t["players"] for t in tables}


def winners_written(folder) -> dict[int, str]:
    return {t["table"]: t["winner"] for t in yaml.safe_load((folder / "round-1.yaml").read_text())["tables"] if "winner" in t}


def result_process(folder, table: int, winner: str, cwd) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "sitegen", "result", str(folder), str(table), "--winner", winner],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=cwd)


def test_eight_result_commands_at_once_keep_eight_results(tmp_path):
    content, folder, tables = joust_event(tmp_path, 16)
    started = [result_process(folder, number, players[0], tmp_path) for number, players in tables.items()]
    statuses = [(p.wait(timeout=120), p.stderr.read()) for p in started]
    assert all(status == 0 for status, _ in statuses), statuses
    assert winners_written(folder) == {number: players[0] for number, players in tables.items()}


@pytest.mark.slow
@pytest.mark.parametrize("run", range(20))
def test_sixteen_commands_and_sixteen_desk_posts_at_once_lose_nothing(tmp_path, run):
    """16 `sitegen result` processes and 16 desk POSTs on 32 tables, all at once: every success is in the file."""
    content, folder, tables = joust_event(tmp_path, 64)
    server = Desk(content, tmp_path)
    try:
        page = server.get("e/big/")[1]
        versions = {int(n): v for v, n in re.findall(r'name="version" value="(\w+)">\s*<input type="hidden" name="round" '
                                                      r'value="round-1"><input type="hidden" name="table" value="(\d+)">', page)}
        desk_tables, cli_tables = sorted(tables)[:16], sorted(tables)[16:]
        answers: dict[int, tuple[int, str]] = {}

        def post(number: int) -> None:
            form = {"way": "won", "round": "round-1", "table": str(number), "winner": tables[number][1], "version": versions[number]}
            try:
                answers[number] = server.post("e/big/result", form)[:2]
            except OSError as exc:  # the server refused the connection: the judge's phone says so
                answers[number] = (0, str(exc))

        threads = [threading.Thread(target=post, args=(n,)) for n in desk_tables]
        started = [result_process(folder, n, tables[n][0], tmp_path) for n in cli_tables]
        for thread in threads:
            thread.start()
        statuses = {n: (p.wait(timeout=300), p.stderr.read()) for n, p in zip(cli_tables, started)}
        for thread in threads:
            thread.join(timeout=300)
    finally:
        server.close()
    written = winners_written(folder)
    assert {n: status for n, (status, _) in statuses.items()} == {n: 0 for n in cli_tables}  # each waits its turn
    assert {n: written.get(n) for n in cli_tables} == {n: tables[n][0] for n in cli_tables}
    for number, (status, text) in answers.items():
        if status == 303:  # success: in the file
            assert written.get(number) == tables[number][1]
        else:  # refused: says why, and wrote nothing
            assert text.strip() and number not in written
