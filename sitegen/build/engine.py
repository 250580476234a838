"""The incremental build: each changed event is read, checked, scored, rendered and staged on its own
(in worker processes with `jobs` > 1), the pages about all events are built from the events' cards, and
only when everything succeeded are the staged files renamed into place.

An event whose folder has the fingerprint the build state recorded, and whose output files are as that
build left them, is not read at all: its card comes from the state. A content error anywhere, or any
failure, removes the staged files: the old site stays, whole.
"""
from __future__ import annotations

import ctypes
import dataclasses
import os
import shutil
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from sitegen.build import state as buildstate
from sitegen.build.output import Staged, WriteReport, check_output_folder, discard, path_problems, publish, stage
from sitegen.load.check import event_problems
from sitegen.load.event import read_event
from sitegen.load.reader import Collector, collection_paused
from sitegen.load.site import Outline, read_outline
from sitegen.model import ContentError, Problem, Site

# What a no-op rebuild never needs (Jinja2, the page models, worker processes) is imported where
# it is used: a rebuild with nothing to do is mostly the start of the process.
if TYPE_CHECKING:
    import jinja2

    from sitegen.pages.summary import EventCard

# Told (events built, events to build) as each event is built: the command line's progress line.
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class EventTask:
    event_dir: Path
    root: Path  # the content folder
    site: Site  # without its events: what every page shows of the site
    output: Path
    journal: Path | None


@dataclass
class EventResult:
    """What a worker hands back: a few strings, never the pages' bytes (they are staged in the output) nor an object
    per page: the main process keeps it until the build publishes, for every event built."""

    load_problems: list[Problem] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)  # the format's checks, the templates, the output paths
    card: str | None = None  # the EventCard's JSON (buildstate.card_text)
    files: str = ""  # its output files, one a line
    token: str = ""  # of the batch its files are staged in
    unchanged: str = ""  # those of its files not staged (their bytes were there already), one a line: none in a full build

    def batch(self, files: list[str] | None = None) -> Staged:
        """The staged batch; `files` (this result's, split) lends its strings: a build holds each path once."""
        unchanged = set(self.unchanged.split("\n"))
        return Staged(self.token, [rel for rel in files or self.files.split("\n") if rel not in unchanged])


# Worker processes pay off from this many changed events: starting a pool costs more than building a few
# (a TO's edit during an event, `serve`, a small club's site are built in-process).
PARALLEL_FROM = 4
SHARED = ".shared"  # the shared pages' entry in the journal (an event's is its slug, never hidden)
WORKER_WATCH = 0.05  # seconds between a worker's looks at whether its build is still there (not on Linux: the kernel ends it)
PR_SET_PDEATHSIG = 1  # prctl(2): the signal a process gets when its parent ends

_worker_env: jinja2.Environment | None = None  # a worker process's own, made once for all the events it builds


def _environment(site: Site, watch: bool) -> jinja2.Environment | None:
    """The theme's environment (its compiled templates kept in memory only: see `templates.CompiledTemplates`); `watch`:
    for the next builds too (`Memory`), so each use of a template checks its file first (`templates.environment`)."""
    from sitegen.render.templates import environment, theme_dirs

    try:
        return environment(theme_dirs(site), watch)
    except ContentError:
        return None  # the theme is missing: each event reports it, after any problem in the content


def _start_worker(site: Site, build: int) -> None:
    """End with the build process `build` first: compiling the theme takes a while, and the build may be killed meanwhile."""
    global _worker_env
    _end_with(build)
    _worker_env = _environment(site, watch=False)  # the worker ends with its build


def _end_with(build: int) -> None:
    """End this worker when the build process `build` is gone (killed): nothing would send it work again, nor publish
    what it stages (the next build removes those temporary files, listed in the journal). On Linux the kernel ends it
    at once; a watch that looked every 50 ms let a worker stage a whole event after the next build had cleaned up."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != build:  # gone before the kernel was told
            os._exit(1)
    else:
        threading.Thread(target=_exit_without, args=(build,), daemon=True).start()


def _exit_without(build: int) -> None:
    while os.getppid() == build:
        time.sleep(WORKER_WATCH)
    os._exit(1)


def build_event(task: EventTask, env: jinja2.Environment | None = None) -> EventResult:
    """Read, check, score, render and stage one event; a content error is returned, not raised."""
    # Nearly all an event makes lives until its pages are staged: the collector's passes over it grew faster than
    # the event (a fifth of an 8,000-player build); the few cycles left are collected once it runs again.
    with collection_paused():
        return _build_event(task, env)


def _build_event(task: EventTask, env: jinja2.Environment | None) -> EventResult:
    from sitegen.pages.site import event_card_and_pages
    from sitegen.render.templates import environment, render_pages, theme_dirs

    c = Collector(task.root)
    event = read_event(task.event_dir, c)
    if event is None or c.problems:  # some fields are read (and reported) after the event is made
        return EventResult(load_problems=c.problems)
    problems = event_problems(event, task.site.people)
    if problems:
        return EventResult(problems=problems)
    card, pages = event_card_and_pages(task.site, event)
    paths = [p.path for p in pages]
    result = EventResult(card=buildstate.card_text(card), files="\n".join(paths))
    try:
        files = render_pages(task.site, pages, env or _worker_env or environment(theme_dirs(task.site)))
    except ContentError as exc:
        result.problems = exc.problems
        return result
    result.problems = path_problems(task.output, paths)
    if result.problems:
        return result
    batch = Staged()
    try:
        _stage_listed(task.output, files, task.journal, event.slug, result.files, batch)
    except BaseException:
        discard(task.output, [batch])
        raise
    staged = set(batch.paths)
    result.token, result.unchanged = batch.token, "\n".join(rel for rel in paths if rel not in staged)
    return result


@dataclass
class Memory:
    """What a long-lived process (`serve`) keeps from one build of a content folder into an output folder to the
    next, so that a rebuild does only what changed: the theme's Jinja environment (its templates compiled once),
    the build state as the last build left it (not read from the cache again) and the events' cards."""

    env: jinja2.Environment | None = None
    dirs: list[Path] = field(default_factory=list)  # the theme folders `env` is for
    state: buildstate.State | None = None
    key: str = ""  # the global key `state` is for
    cards: dict[str, tuple[str, EventCard]] = field(default_factory=dict)  # by event folder: (fingerprint, card)
    # The cards' players' results: read only by the league and site-wide player pages (`cards` are without them else).
    results: bool = False


def build(content: str | Path, output: str | Path, memory: Memory | None = None, *,
          jobs: int = 1, cache: Path | None = None, clean: bool = False, progress: Progress | None = None) -> WriteReport:
    """Build the site into `output`, rebuilding only what changed since the build `cache` (or `memory`) recorded.

    `cache` None keeps no state on disk (every event is built, unless `memory` knows it); `clean` ignores the state.
    `progress(done, total)` is called as each event to build is built (not for the events kept)."""
    content, output = Path(content), Path(output)
    check_output_folder(output)
    outline = read_outline(content)
    key = buildstate.global_key(content)
    state = _state(key, output, memory, cache, clean)
    plan = _plan(outline, content, output, state, memory, cache)
    report, results, shared_paths = _make_and_publish(plan, outline, output, jobs, memory, progress or _unseen)
    new_state = _next_state(plan, state, results, output, shared_paths)
    if new_state is not state and cache is not None:
        buildstate.save(cache, output, key, new_state)
    if memory:
        memory.state, memory.key = new_state, key
        memory.cards = {name: made for name, made in memory.cards.items() if name in new_state.events}
    return dataclasses.replace(report, warnings=_site_warnings(outline))


def _site_warnings(outline: Outline) -> list[str]:
    """The printed pairings carry a QR code of the live page only with the site's address."""
    if outline.site.base_url or not any(isinstance(entry, Path) for entry in outline.entries):
        return []
    return [f"{outline.site.at('title').path}: no base_url, so the printed pairings carry no QR code of the live page; "
            "add the site's address, e.g. base_url: https://club.github.io/site/"]


@dataclass(frozen=True)
class Plan:
    """What a build redoes, decided from the build state before any event is read."""

    journal: Path | None  # where each staged batch lists its files
    leftover: frozenset[str]  # the files a killed build's journal lists
    unfinished: bool  # whether a killed build's temporary files may be there
    checked: int  # ns: when the event folders were looked at
    fingerprints: dict[str, buildstate.Fingerprint]  # every event folder's
    kept: dict[str, buildstate.EventRecord]  # the events not rebuilt
    tasks: dict[str, EventTask]  # the events to rebuild
    shared: buildstate.SharedRecord | None  # the pages about all events, when they are kept


def _plan(outline: Outline, content: Path, output: Path, state: buildstate.State, memory: Memory | None,
          cache: Path | None) -> Plan:
    journal = buildstate.journal(cache, output) if cache else None
    checked = time.time_ns()  # before any event folder is looked at
    leftover = buildstate.journal_names(journal)
    # Temporary files are looked for only where a build may have been killed: its journal is still there, or
    # nothing of it is known (no state, another cache folder).
    unfinished = journal is None or journal.is_dir() or not state.events
    # The output files of the state `memory` kept were checked or written by this process: while it runs
    # (`serve`), it owns the output folder. A state read from the cache is checked file by file.
    def unchanged(written: buildstate.Outputs) -> bool:
        return (memory is not None and state is memory.state) or buildstate.still_there(output, written)

    kept: dict[str, buildstate.EventRecord] = {}
    tasks: dict[str, EventTask] = {}
    fingerprints: dict[str, buildstate.Fingerprint] = {}
    for entry in outline.entries:
        if isinstance(entry, Path):
            record = state.events.get(entry.name)
            fingerprints[entry.name] = buildstate.fingerprint(entry, record, state.checked_ns)
            if record and record.fingerprint.digest == fingerprints[entry.name].digest and unchanged(record.outputs):
                kept[entry.name] = record
            else:
                tasks[entry.name] = EventTask(entry, content, outline.site, output, journal)
    shared = state.shared
    if shared and (shared.key != buildstate.shared_key(fingerprints) or not unchanged(shared.outputs)):
        shared = None
    _rebuild_damaged_cards(kept, tasks, outline, content, output, journal, shared)
    return Plan(journal, leftover, unfinished, checked, fingerprints, kept, tasks, shared)


def _rebuild_damaged_cards(kept: dict[str, buildstate.EventRecord], tasks: dict[str, EventTask], outline: Outline, content: Path,
                           output: Path, journal: Path | None, shared: buildstate.SharedRecord | None) -> None:
    """The kept events' cards are read when the shared pages are made again: one the state holds damaged (the state is
    only a hint) rebuilds its event instead."""
    if shared is not None:
        return
    for name in [name for name, record in kept.items() if not buildstate.card_is_sound(name, record.card)]:
        del kept[name]
        folder = next(e for e in outline.entries if isinstance(e, Path) and e.name == name)
        tasks[name] = EventTask(folder, content, outline.site, output, journal)


def _make_and_publish(plan: Plan, outline: Outline, output: Path, jobs: int,
                      memory: Memory | None, progress: Progress) -> tuple[WriteReport, dict[str, EventResult], str]:
    """Build the planned events and (unless kept) the shared pages, then publish them all; on any failure the old
    site stays. The report, the events' results and the shared pages' paths, one a line."""
    created = next((p for p in reversed([output, *output.parents]) if not p.exists()), None)
    env = _environment_for(outline.site, memory) if plan.tasks or plan.shared is None else None
    results: dict[str, EventResult] = {}
    shared_batch = Staged()
    try:
        results = _run(plan.tasks, outline.site, output, jobs, env, progress)
        _check(outline, results)
        if plan.shared is None:
            shared_paths = _stage_shared(outline.site, _cards(plan, results, outline.site, memory), env, output, plan.journal,
                                         shared_batch)
        else:
            shared_paths = plan.shared.outputs.files
        paths = {name: r.files.split("\n") for name, r in results.items()}
        files = {rel for split in paths.values() for rel in split} | set(shared_paths.split("\n"))
        files |= {rel for record in plan.kept.values() for rel in record.outputs.paths()}
        report = publish(output, _batches(results, paths, shared_batch), files, plan.leftover, plan.unfinished)
        del files, paths
    except BaseException as exc:
        discard(output, _batches(results, {}, shared_batch))
        if created is not None:
            _remove_empty_tree(created)
        if plan.journal and not plan.leftover and isinstance(exc, ContentError):  # every staged file is gone; otherwise
            shutil.rmtree(plan.journal, ignore_errors=True)                      # the journal stays for the files it lists
        raise
    if plan.journal:
        shutil.rmtree(plan.journal, ignore_errors=True)
    return report, results, shared_paths


def _cards(plan: Plan, results: dict[str, EventResult], site: Site, memory: Memory | None) -> list[EventCard]:
    """Every event's card, for the pages about all events: those built now and those kept."""
    from sitegen.pages.league_pages import reads_results

    with_results = reads_results(site)
    cards = [_card(name, plan.fingerprints[name].digest, r.card, r.files, with_results, memory)
             for name, r in results.items() if r.card]
    return cards + [_card(name, record.fingerprint.digest, record.card, record.outputs.files, with_results, memory)
                    for name, record in plan.kept.items()]


def _next_state(plan: Plan, state: buildstate.State, results: dict[str, EventResult], output: Path,
                shared_paths: str) -> buildstate.State:
    """The build state after this build: `state` itself when nothing in it changed."""
    kept, fingerprints = plan.kept, plan.fingerprints
    if (not results and plan.shared is not None and state.events.keys() == kept.keys()
            and all(r.fingerprint == fingerprints[n] for n, r in kept.items())):
        return state
    events = {name: replace(record, fingerprint=fingerprints[name]) for name, record in kept.items()}
    events |= {name: buildstate.EventRecord(fingerprints[name], r.card, buildstate.outputs(output, r.files))
               for name, r in results.items() if r.card}
    shared = plan.shared or buildstate.SharedRecord(buildstate.shared_key(fingerprints), buildstate.outputs(output, shared_paths))
    return buildstate.State(events, shared, plan.checked)


def _batches(results: dict[str, EventResult], paths: dict[str, list[str]] | None = None, *more: Staged) -> Iterator[Staged]:
    """The staged batches, made one at a time from the results' strings (or from their files split in `paths`)."""
    yield from (result.batch((paths or {}).get(name)) for name, result in results.items())
    yield from more


def _state(key: str, output: Path, memory: Memory | None, cache: Path | None, clean: bool) -> buildstate.State:
    if clean:
        return buildstate.State()
    if memory and memory.state and memory.key == key:
        return memory.state
    return buildstate.load(cache, output, key) if cache else buildstate.State()


def _environment_for(site: Site, memory: Memory | None) -> jinja2.Environment | None:
    """The environment `memory` keeps, if it is for the theme `site` names now."""
    from sitegen.render.templates import theme_dirs

    if memory is None:
        return _environment(site, watch=False)
    try:
        dirs = theme_dirs(site)
    except ContentError:
        return None  # reported by each event
    if memory.env is None or memory.dirs != dirs:
        memory.env, memory.dirs = _environment(site, watch=True), dirs
    return memory.env


def _card(name: str, digest: str, text: str, files: str, results: bool, memory: Memory | None) -> EventCard:
    """An event's card for the pages about all events, made from its JSON; once in the life of `memory`."""
    if memory is None:
        return buildstate.card(text, files, results)
    if memory.results != results:
        memory.cards, memory.results = {}, results
    if memory.cards.get(name, ("", None))[0] != digest:
        memory.cards[name] = (digest, buildstate.card(text, files, results))
    return memory.cards[name][1]


def _stage_shared(site: Site, cards: list[EventCard], env: jinja2.Environment | None, output: Path,
                  journal: Path | None, batch: Staged) -> str:
    """Stage the pages about all events and the theme's static files (their output paths checked); their paths,
    one a line."""
    made = shared_files(site, cards, env)
    problems = path_problems(output, list(made))
    if problems:
        raise ContentError(problems)
    paths = "\n".join(made)
    _stage_listed(output, made, journal, SHARED, paths, batch)
    return paths


def shared_files(site: Site, cards: list[EventCard], env: jinja2.Environment | None = None) -> dict[str, bytes]:
    """The pages about all events and the theme's static files."""
    from sitegen.pages.site import shared_pages
    from sitegen.render.templates import environment, render_pages, static_files, theme_dirs

    dirs = theme_dirs(site)
    return render_pages(site, shared_pages(site, cards), env or environment(dirs)) | static_files(dirs)


def _stage_listed(output: Path, files: dict[str, bytes], journal: Path | None, name: str, paths: str, batch: Staged) -> None:
    """Stage `files` in `batch`, after listing their `paths` (one a line) in the journal under `name`: the next build
    removes the temporary files of a build killed meanwhile."""
    if journal:
        buildstate.write_journal_entry(journal, name, paths + "\n")
    for rel, data in files.items():
        stage(output, rel, data, batch)


def _run(tasks: dict[str, EventTask], site: Site, output: Path, jobs: int, env: jinja2.Environment | None,
         progress: Progress) -> dict[str, EventResult]:
    """Every task's result (in the tasks' order); in worker processes when there are PARALLEL_FROM tasks or more and jobs.
    A task that fails (a bug, not a content error) has removed its staged files; the others' are removed, then it is raised."""
    if jobs <= 1 or len(tasks) < PARALLEL_FROM:
        results: dict[str, EventResult] = {}
        try:
            for name, task in tasks.items():
                results[name] = build_event(task, env)
                progress(len(results), len(tasks))
        except BaseException:
            discard(output, _batches(results))
            raise
        return results
    from concurrent.futures import Future, ProcessPoolExecutor, as_completed

    from sitegen.render.templates import compile_all

    if env is not None:
        compile_all(env)
    with ProcessPoolExecutor(max_workers=min(jobs, len(tasks)), initializer=_start_worker, initargs=(site, os.getpid())) as pool:
        futures: dict[Future[EventResult], str] = {pool.submit(build_event, task): name for name, task in tasks.items()}
        done, failure = {}, None
        for future in as_completed(futures):  # as each ends, for the progress; every other task must still be waited for
            try:
                done[futures[future]] = future.result()
            except BaseException as exc:
                failure = failure or exc
                pool.shutdown(cancel_futures=True)
            else:
                progress(len(done), len(tasks))
    if failure:
        discard(output, _batches(done))
        raise failure
    return {name: done[name] for name in tasks}


def _unseen(done: int, total: int) -> None:
    """No progress shown."""


def _check(outline: Outline, results: dict[str, EventResult]) -> None:
    """The problems of the events built, in the order a whole build reports them: loading, the formats' checks, then
    the first template error (in the order of the home page) and the output paths."""
    loading = list(outline.before)
    for entry in outline.entries:
        loading += [entry] if isinstance(entry, Problem) else results[entry.name].load_problems if entry.name in results else []
    if loading + list(outline.after):
        raise ContentError(loading + list(outline.after))
    ordered = [results[e.name] for e in outline.entries if isinstance(e, Path) and e.name in results]
    checks = [p for r in ordered if r.card is None for p in r.problems]
    if checks:
        raise ContentError(checks)
    if not any(r.problems for r in ordered):
        return
    from sitegen.pages.summary import sort_key

    failed = sorted((sort_key(buildstate.card(r.card, r.files, results=False)), i, r.problems)
                    for i, r in enumerate(ordered) if r.problems and r.card)
    raise ContentError(failed[0][2])


def _remove_empty_tree(top: Path) -> None:
    """Remove `top` if the failed build left it empty (it did not exist before)."""
    for folder, _, _ in sorted(os.walk(top), key=lambda entry: -len(entry[0])):
        try:
            Path(folder).rmdir()
        except OSError:
            pass
