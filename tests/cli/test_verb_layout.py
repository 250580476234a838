"""The CLI's verbs are laid out by one rule (docs/architecture.md): a verb on one event folder (its first argument)
lives in cli/event_verbs.py, a verb on the whole content folder in cli/site_verbs.py, the report workflow's in
cli/report.py, and main.py holds none."""
from __future__ import annotations

import argparse

from sitegen.cli import main


def verbs() -> dict[str, argparse.ArgumentParser]:
    parser = main._parser([])
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def test_each_verb_lives_where_the_rule_puts_it():
    for name, parser in verbs().items():
        home = parser.get_default("run").__module__.rsplit(".", 1)[1]
        first = next((a.dest for a in parser._actions if not a.option_strings and a.dest != "help"), None)
        if home == "report":
            continue
        wanted = "event_verbs" if first == "event_dir" else "site_verbs"
        feature = wanted == "event_verbs" and home.endswith("_verbs") and home != "site_verbs"  # e.g. deck_verbs
        assert home == wanted or feature, f"`sitegen {name}` lives in cli/{home}.py; by the rule it belongs in cli/{wanted}.py"
