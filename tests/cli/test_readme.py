"""The README's TO section works as written: its command sequence runs on an empty folder, and every
YAML example passes `sitegen check` (a whole event.yaml as it is; a round file inside an event of its format)."""
from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from project import README

from sitegen import games as formats
from sitegen.cli.main import main
from sitegen.edit.install_source import Source
from sitegen.load.event import load_event

BLOCK = re.compile(r"```(\w+)\n(.*?)```", re.DOTALL)


def to_section() -> str:
    text = README.read_text(encoding="utf-8")
    return text[text.index("## Running an event, step by step"):text.index("## Publishing on GitHub Pages")]


def blocks(kind: str) -> list[str]:
    return [body for lang, body in BLOCK.findall(to_section()) if lang == kind]


def test_the_section_has_its_examples():
    assert len(blocks("sh")) == 1 and len(blocks("yaml")) >= 4


def test_the_command_sequence_runs_on_an_empty_folder(tmp_path, monkeypatch, capsys):
    """In this process; what `init` installs depends on how this copy is installed (this checkout may have no https
    origin): test_install.py runs the block as written in a fresh clone with one."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sitegen.edit.install_source.installed_source", lambda: Source("sitegen-standings==0.2.0"))
    lines = [line for line in blocks("sh")[0].splitlines() if line.strip()]
    assert sum(line.startswith("sitegen ") for line in lines) >= 10
    for line in lines:
        words = shlex.split(line, comments=True)
        if words[0] == "cd":
            monkeypatch.chdir(words[1])
            continue
        assert words[0] == "sitegen", line
        if "--help" in words:  # a command that runs until stopped (desk, serve): its help is the example
            with pytest.raises(SystemExit) as stopped:
                main(words[1:])
            assert stopped.value.code == 0 and f"usage: sitegen {words[1]}" in capsys.readouterr().out
            continue
        status = main(words[1:])
        out, err = capsys.readouterr()
        assert status == 0, f"{line}\n{err}"
        assert "warning" not in err, f"{line}\n{err}"
    assert (Path("output") / "events" / "winter-joust" / "standings.json").exists()


def round_format(text: str) -> str:
    return "vtes" if "vp:" in text else "agot-melee" if "sitting_out" in text else "agot-joust"


@pytest.mark.parametrize("text", blocks("yaml"), ids=lambda t: t.splitlines()[0][:30])
def test_every_yaml_example_passes_check(tmp_path, text):
    folder = tmp_path / "content" / "events" / "readme-example"
    folder.mkdir(parents=True)
    if text.startswith("name:"):
        (folder / "event.yaml").write_text(text, encoding="utf-8")
    else:
        ids = sorted(set(re.findall(r"[a-z][a-z0-9-]*", " ".join(re.findall(r"\[([^\]]*)\]", text)))))
        players = "".join(f"  - {pid}\n" for pid in ids)
        (folder / "event.yaml").write_text(f"name: Example\nformat: {round_format(text)}\ndate: 2026-12-05\n"
                                           f"players:\n{players}", encoding="utf-8")
        (folder / "round-1.yaml").write_text(text, encoding="utf-8")
    event = load_event(folder)
    assert formats.validate(event) == []
    if not text.startswith("name:"):
        assert event.rounds[0].complete


def test_no_merge_conflict_is_left_in_the_readme():
    assert not re.search(r"^(<<<<<<<|=======|>>>>>>>)", README.read_text(encoding="utf-8"), re.M)
