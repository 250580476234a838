"""`sitegen --version` starts fast: it loads no game, no edit layer and no YAML library (their import was most of
its start-up). The time itself is `make bench`'s goal, never a test's."""
from __future__ import annotations

import ast
import subprocess
import sys

HEAVY = ("sitegen.games", "sitegen.edit", "sitegen.load", "yaml", "ruamel", "jinja2", "babel")


def test_version_imports_no_game_no_edit_layer_no_yaml():
    probe = ("import sys; from sitegen.cli.main import main; assert main(['--version']) == 0; "
             f"print(sorted(m for m in sys.modules if m.startswith({HEAVY!r})))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == [done.stdout.splitlines()[0], "[]"], done.stdout
    assert done.stdout.startswith("sitegen ")


def test_version_among_other_arguments_still_answers():
    done = subprocess.run([sys.executable, "-m", "sitegen", "--version", "check"], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.startswith("sitegen "), done.stderr


def loaded_by_check_help(prefixes: tuple[str, ...]) -> list[str]:
    """The modules starting with `prefixes` that `sitegen check --help` imports, in a fresh interpreter."""
    probe = ("import sys, contextlib, io\nfrom sitegen.cli.main import main\n"
             "with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n    main(['check', '--help'])\n"
             f"print(sorted(m for m in sys.modules if m.startswith({prefixes!r})))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return ast.literal_eval(done.stdout)  # the printed list of module names


def test_check_loads_no_edit_layer():
    assert loaded_by_check_help(("sitegen.edit", "ruamel")) == []


def test_check_start_up_loads_no_game_no_model_no_babel():
    """`check`'s parser is made without the event verbs, whose flags and help come from the games' declarations; the
    mistakes it reports (sitegen.errors) and its choices (the table of keys) are found without the model, the
    games' interface and the languages' Babel."""
    assert loaded_by_check_help(("sitegen.games", "sitegen.model", "sitegen.language", "babel")) == []


def test_games_registry_loads_on_first_use():
    probe = ("import sys, sitegen.games.base\nprint(any(m.startswith('sitegen.games.agot') for m in sys.modules))\n"
             "from sitegen.games import FORMATS\nprint(sorted(FORMATS) == sorted(sys.modules['sitegen.games'].FORMATS))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "True"], done.stdout


def test_every_verb_still_listed_and_an_unknown_one_refused():
    listed = subprocess.run([sys.executable, "-m", "sitegen", "--help"], capture_output=True, text=True, check=True).stdout
    assert all(verb in listed for verb in ("check", "build", "pair", "result", "report"))
    unknown = subprocess.run([sys.executable, "-m", "sitegen", "chek"], capture_output=True, text=True)
    assert unknown.returncode == 2 and "invalid choice" in unknown.stderr and "pair" in unknown.stderr


def test_result_at_the_venue_loads_no_babel_and_no_site_pipeline(tmp_path):
    """`sitegen result` speaks English and writes no page: it loads neither the languages' Babel (the games load
    `sitegen.language`, which imports it only for another language) nor the renderer, nor what only a mistake or a
    decklist needs (difflib's "did you mean", krcg's log)."""
    event = tmp_path / "events" / "e"
    event.mkdir(parents=True)
    (tmp_path / "site.yaml").write_text("title: T\n")
    (event / "event.yaml").write_text("name: E\nformat: agot-joust\ndate: 2026-10-01\nplayers:\n  - name: Ann\n  - name: Ben\n")
    (event / "round-1.yaml").write_text("tables:\n- table: 1\n  players: [ann, ben]\n")
    probe = ("import sys, contextlib, io\nfrom sitegen.cli.main import main\n"
             f"with contextlib.redirect_stdout(io.StringIO()):\n    assert main(['result', {str(event)!r}, '1', '--winner', 'ann']) == 0\n"
             "print(sorted(m for m in sys.modules if m.startswith(('babel', 'jinja2', 'sitegen.render', 'sitegen.pages', 'sitegen.build', "
             "'difflib', 'logging'))))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=tmp_path)
    assert ast.literal_eval(done.stdout) == []
    assert "winner: ann" in (event / "round-1.yaml").read_text()
