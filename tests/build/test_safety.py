"""The safety promises below the loader: the id rule, the writer's last guard, and YAML that cannot blow up."""
from __future__ import annotations

import time

import pytest
from output_writer import write_site

from sitegen.build.output import MANIFEST
from sitegen.load.yaml_reader import parse_yaml
from sitegen.model import ContentError
from sitegen.text import ID_MAX, id_problem, slugify


@pytest.mark.parametrize("good", ["ann", "ann-example", "a", "1st-place", "x" * ID_MAX, "r2d2", "winter-joust-2026"])
def test_valid_ids(good):
    assert id_problem(good) is None


@pytest.mark.parametrize("bad", ["", "Ann", "ann ", " ann", "ann_b", "-ann", "ann-", "ann--b", "../x", "a/b", "a\0b", "x" * (ID_MAX + 1),
                                 "ünal", "5", "2026-01-10", "0x1f", "0b101", "yes", "no", "null", "on", 5, None, True, ["ann"]])
def test_invalid_ids(bad):
    assert id_problem(bad)


@pytest.mark.parametrize("name, slug", [("Ser Jorah Mormont", "ser-jorah-mormont"), ("Zoë Ünal", "zoe-unal"), ("🎲🎲", ""),
                                        ("../../etc/passwd", "etc-passwd"), ("A" * 100, "a" * ID_MAX), ("a" * 63 + " b", "a" * 63)])
def test_slugify_gives_a_valid_id_or_nothing(name, slug):
    assert slugify(name) == slug
    assert slug == "" or id_problem(slug) is None


@pytest.mark.parametrize("rel", ["../escape.html", "events/e/players/../../../../escape.html", "/etc/passwd", "events/e/players/../standings.html",
                                 "a\0b.html", "x" * 300 + ".html", "events//e.html", "./index.html", "a\\..\\b.html"])
def test_the_writer_refuses_a_path_outside_the_output_and_writes_nothing(rel, tmp_path):
    output = tmp_path / "output"
    with pytest.raises(ContentError) as caught:
        write_site(output, {"index.html": b"new", rel: b"evil"})
    assert "output path" in str(caught.value)
    assert not output.exists() and not (tmp_path / "escape.html").exists()


def test_the_writer_does_not_write_through_a_symlinked_folder(tmp_path):
    output, elsewhere = tmp_path / "output", tmp_path / "elsewhere"
    output.mkdir()
    elsewhere.mkdir()
    (output / "events").symlink_to(elsewhere, target_is_directory=True)
    with pytest.raises(ContentError, match="through a symlink"):
        write_site(output, {"events/e/index.html": b"x"})
    assert not any(elsewhere.iterdir())


@pytest.mark.parametrize("rel", ["index.html", "events/e/index.html"])
def test_the_writer_refuses_a_file_symlinked_outside_the_output(rel, tmp_path):
    output, victim = tmp_path / "output", tmp_path / "victim.html"
    (output / rel).parent.mkdir(parents=True)
    victim.write_text("keep me")
    (output / rel).symlink_to(victim)
    with pytest.raises(ContentError, match="through a symlink"):
        write_site(output, {rel: b"x"})
    assert victim.read_text() == "keep me"


def test_a_hand_edited_manifest_cannot_delete_files_outside_the_output(tmp_path):
    output = tmp_path / "output"
    output.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    (output / MANIFEST).write_text("../victim.txt\n/etc/hostname\nold.html\n")
    (output / "old.html").write_text("stale")
    report = write_site(output, {"index.html": b"new"})
    assert victim.read_text() == "keep me"
    assert report.removed == ["old.html"] and not (output / "old.html").exists()


def test_an_alias_bomb_is_refused_at_once():
    bomb = 'a: &a ["x","x","x","x","x","x","x","x","x"]\n' + "".join(
        f"{n}: &{n} [{', '.join([f'*{p}'] * 9)}]\n" for p, n in zip("abcdefghijklmnop", "bcdefghijklmnopq"))
    started = time.perf_counter()
    with pytest.raises(ContentError, match="anchors and aliases"):
        parse_yaml(bomb, "x.yaml")
    assert time.perf_counter() - started < 1


def test_ordinary_yaml_still_parses_with_lines():
    data = parse_yaml("name: Ann & Ben *live*\ndate: 2026-01-10\nvp: 1.5\nn: -3\nok: true\n", "x.yaml")
    assert data == {"name": "Ann & Ben *live*", "date": "2026-01-10", "vp": 1.5, "n": -3, "ok": True}
    assert data.key_lines == {"name": 1, "date": 2, "vp": 3, "n": 4, "ok": 5}


@pytest.mark.parametrize("folder, date, message", [("Friday Joust", "2026-12-01", "write it as 'friday-joust'"),
                                                   ("friday-joust", "next friday", "YYYY-MM-DD"),
                                                   ("friday-joust", "2026-02-30", "YYYY-MM-DD")])
def test_new_refuses_what_check_would_refuse(folder, date, message, tmp_path, run_cli):
    status, _, err = run_cli("new", tmp_path / "events" / folder, "--date", date)
    assert status == 2 and message in err
    assert not (tmp_path / "events").exists()


def test_an_output_folder_that_is_a_file_is_a_clear_error(tmp_path, run_cli):
    (tmp_path / "site.yaml").write_text("title: T\n")
    (tmp_path / "out").write_text("a file")
    status, _, err = run_cli("build", "--content", tmp_path, "--output", tmp_path / "out")
    assert status == 2 and f"{tmp_path / 'out'}:1: the output folder is a file" in err
