"""A build's memory stays flat in the number of events: what the main process keeps of each event it built, until
it publishes, is a few strings (the card's JSON, the files one a line), never an object per page or per player."""
from __future__ import annotations

import gc
import json
import shutil
from pathlib import Path

from project import DEMO

from sitegen.build import engine
from sitegen.build import state as buildstate
from sitegen.load.site import read_outline
from sitegen.pages.site import event_pages
from sitegen.pages.summary import card, summarize

EVENT = "winter-joust-2026"


def _reachable(obj: object) -> int:
    """How many objects `obj` holds, itself included (classes and modules are not counted nor entered)."""
    seen: set[int] = set()
    todo = [obj]
    while todo:
        item = todo.pop()
        if id(item) in seen or isinstance(item, type) or type(item).__name__ == "module":
            continue
        seen.add(id(item))
        todo += gc.get_referents(item)
    return len(seen)


def _task(tmp_path: Path) -> engine.EventTask:
    content = tmp_path / "content"
    shutil.copytree(DEMO, content)
    outline = read_outline(content)
    return engine.EventTask(content / "events" / EVENT, content, outline.site, tmp_path / "out", None)


def test_a_built_event_is_handed_back_as_a_few_strings(tmp_path):
    task = _task(tmp_path)
    result = engine.build_event(task)
    files = result.files.split("\n")
    assert len(files) > 40 and not result.problems and not result.unchanged  # nothing was there: every file staged
    assert result.batch().paths == files
    # The card (every player's result) and a hundred paths, in seven strings and two empty lists.
    assert _reachable(result) <= 12
    engine.discard(task.output, [result.batch()])


def test_a_card_made_again_from_its_json_is_the_card(tmp_path):
    from sitegen import games as formats
    from sitegen.load.event import read_event
    from sitegen.load.reader import Collector

    task = _task(tmp_path)
    event = read_event(task.event_dir, Collector(task.root))
    assert event is not None
    fmt = formats.format_of(event)
    summary = summarize(event, fmt, fmt.score(event))
    paths = [p.path for p in event_pages(task.site, summary)]
    made = card(summary, paths)
    assert len(made.results) == len(event.players) and made.files == "\n".join(paths)
    assert buildstate.card(buildstate.card_text(made), made.files) == made
    assert buildstate.card(buildstate.card_text(made), made.files, results=False).results == ()


def test_a_warm_rebuild_fits_under_a_one_gigabyte_address_space(tmp_path):
    """`ulimit -v 1000000` (a usual CI or hosting limit): reading a small cache file must not ask for the cache's
    whole size limit (1 GiB) up front, or every build with a cache dies with a MemoryError."""
    import resource
    import subprocess
    import sys

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1_000_000 * 1024, 1_000_000 * 1024))

    command = [sys.executable, "-m", "sitegen", "build", "--content", str(DEMO), "--output", str(tmp_path / "out"),
               "--cache", str(tmp_path / "cache")]
    assert subprocess.run(command, capture_output=True, check=False).returncode == 0  # the cache, made without a limit
    warm = subprocess.run(command, capture_output=True, text=True, check=False, preexec_fn=limited)
    assert warm.returncode == 0, warm.stderr[-2000:]
    assert "Traceback" not in warm.stderr


def test_a_cards_shown_texts_come_back_from_its_json_still_to_translate():
    """The home page and the leagues are made from the kept cards: their status and column labels stay messages the
    renderer translates (a French site said "Finished — won by ..." after a build)."""
    from sitegen.language import translate
    from sitegen.text import N_, Joined, Num, Zone, as_data, from_data, place_text

    shown = Joined([N_("Finished — won by {champion}", champion="Ann"), place_text(3), Num(1.5, 2), Zone("Europe/Paris")], " · ")
    again = from_data(json.loads(json.dumps(as_data(shown))))
    assert again == shown == "Finished — won by Ann · 3rd · 1.50 · Europe/Paris"
    assert translate(again, "fr") == "Terminé — remporté par Ann · 3e · 1,50 · Paris"
