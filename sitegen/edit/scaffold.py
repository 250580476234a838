"""New files a TO starts from: a whole site repository (`sitegen init`) and an event (`sitegen new`).

Each passes `sitegen check` as written, and its comments say what to change.
"""
from __future__ import annotations

import json
import re
import zoneinfo
from pathlib import Path

from sitegen import VENDOR_FOLDER
from sitegen import games as formats
from sitegen.edit.report_files import FORM_PATH, INSTALL_STEPS, WORKFLOW_PATH, report_form, report_workflow
from sitegen.files import write_atomic
from sitegen.games.base import Refused
from sitegen.load import content_schema
from sitegen.load.event import is_date, load_event
from sitegen.schema import keys
from sitegen.text import id_problem, readable_id, slugify

#: Where a club's repository keeps its copy of the content files' JSON Schemas, for editors (offline too).
SCHEMA_FOLDER = Path(VENDOR_FOLDER) / "schema"
SITE_WIDTH, EVENT_WIDTH = 42, 24  # where the comments of the commented-out keys start
SITE_YAML = """\
{modeline}
title: {title}
{base_url}
description: Pairings, results and standings of our card-game tournaments.
{timezone}
""" + "\n".join(keys.commented_lines(keys.SITE, SITE_WIDTH, leave_out=("base_url", "timezone"))) + "\n"
NO_BASE_URL = keys.commented(keys.named(keys.SITE, "base_url"), SITE_WIDTH)
NO_TIMEZONE = keys.commented(keys.named(keys.SITE, "timezone"), SITE_WIDTH)


ABOUT_MD = """\
---
title: About
order: 1
---
{title}: this site is rebuilt after every round, so pairings, results and standings appear here as
soon as the organizer posts them. Open an event, then the current round, and look for your name.
"""

GITIGNORE = "output/\n.sitegen-cache/\n.venv/\n__pycache__/\n"

WORKFLOW = """\
# Check, build and publish the site to GitHub Pages on every push to main.
# A broken round file fails the "Check the content" step (its `path:line: ...` message is in the
# log and shown on the file) and nothing is deployed until a fixed push.
# Once: Settings -> Pages -> Build and deployment -> Source: GitHub Actions.
name: Publish

on:
  push:
    branches: [main]
  workflow_dispatch:

permissions:
  contents: read

concurrency:
  group: pages
  cancel-in-progress: false

env:
  SITEGEN_PACKAGE: "{package}"   # where pip installs sitegen from

jobs:
  build:
    runs-on: ubuntu-latest
    steps:
{install_steps}
      - name: Check the content
        run: |
          status=0
          sitegen check --content content 2> check-problems.txt || status=$?
          cat check-problems.txt >&2
          sed -E -e 's/%/%25/g' -n -e 's/^([^:]+):([0-9]+): (.*)$/::error file=\\1,line=\\2::\\3/p' check-problems.txt
          exit "$status"

      - name: Build the site
        run: sitegen build --content content --output output

      - uses: actions/upload-pages-artifact@v3
        with:
          path: output

  deploy:
    needs: build
    runs-on: ubuntu-latest
    permissions:
      pages: write
      id-token: write
    environment:
      name: github-pages
      url: ${{{{ steps.deployment.outputs.page_url }}}}
    steps:
      - id: deployment
        uses: actions/deploy-pages@v4
"""

README = """\
# {title}

The pairings, results and standings of our tournaments, built by
sitegen and published on GitHub Pages at every push.

Install sitegen once (`python3 -m venv .venv && .venv/bin/pip install "{package}"`), then:

```sh
sitegen new content/events/winter-joust --name "Winter Joust" --date 2026-12-05   # an event
sitegen add content/events/winter-joust "Ann Example"                            # each player
sitegen pair content/events/winter-joust                                         # round 1
sitegen result content/events/winter-joust 1 --winner ann-example                # as games end
sitegen build                                                                    # the site, in output/
```

Commit and push after each round: GitHub checks the files and publishes the site. `sitegen check`
finds a mistake before you push. `content/site.yaml` holds the site's title and address,
`content/pages/` its pages (Markdown), `content/events/` one folder per event.

Players may report their own results: New issue -> "Report a result". The report workflow writes
the result into a pull request and the opponent confirms it with a `/confirm` comment. A player
may report once their GitHub login is their `github:` (in the event's players or in
`content/players.yaml`); `organizers:` in `content/site.yaml` lists the logins that may report any
table, and `reports: merge-when-confirmed` merges a confirmed report without waiting for you.
Once: Settings -> Actions -> General -> "Allow GitHub Actions to create and approve pull requests".
"""

EVENTS_NOTE = "One folder per event: `sitegen new content/events/<name>` creates one.\n"

def init_site(folder: str | Path, *, package: str, title: str | None = None, base_url: str = "", timezone: str = "",
              wheel: Path | None = None) -> list[Path]:
    """Write a new site repository into `folder`, its workflows installing sitegen from `package` (or, given a `wheel`,
    from that wheel copied into the repository's .sitegen/); refuses to overwrite anything."""
    if wheel is not None:
        package = f"{VENDOR_FOLDER}/{wheel.name}"
    root = Path(folder)
    title = title or root.absolute().name.replace("-", " ").replace("_", " ").title() or "Our tournaments"
    if base_url and not base_url.startswith(("https://", "http://")):
        raise Refused(f"--base-url {base_url}: write the site's address, e.g. https://club.github.io/site/")
    if timezone and not _is_zone(timezone):
        raise Refused(f"--timezone {timezone}: not a time zone; write one like Europe/Paris or America/Sao_Paulo")
    site_yaml = SITE_YAML.format(modeline=modeline("site", 1), title=_yaml_text(title),
                                 base_url=f"base_url: {_yaml_text(base_url.rstrip('/') + '/')}" if base_url else NO_BASE_URL,
                                 timezone=f"timezone: {_yaml_text(timezone)}" if timezone else NO_TIMEZONE)
    files: dict[Path, str | bytes] = {
        root / "content" / "site.yaml": site_yaml,
        root / "content" / "pages" / "about.md": ABOUT_MD.format(title=title),
        root / "content" / "events" / ".gitkeep": EVENTS_NOTE,
        root / ".gitignore": GITIGNORE,
        root / ".github" / "workflows" / "publish.yml": WORKFLOW.format(package=package, install_steps=INSTALL_STEPS),
        root / WORKFLOW_PATH: report_workflow(package),  # players report results through issues
        root / FORM_PATH: report_form(),
        root / "README.md": README.format(title=title, package=package),
        **schema_copies(root),
    }
    if wheel is not None:
        files[root / VENDOR_FOLDER / wheel.name] = wheel.read_bytes()
    existing = [str(path) for path in files if path.exists()]
    if existing:
        raise Refused(f"{', '.join(existing)} already exist{'s' if len(existing) == 1 else ''}; init writes a new site only")
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, text if isinstance(text, bytes) else text.encode())
    return list(files)


def new_event(folder: str | Path, *, fmt: str, date: str, name: str | None = None, players: list[str] | None = None,
              rounds: int | None = None, cut: int | None = None, language: str | None = None) -> list[Path]:
    """Write `folder`/event.yaml for the game `fmt` (and content/site.yaml when the content folder has none); `language`:
    the event's pages in another language than the site's."""
    event_dir = Path(folder)
    target = event_dir / "event.yaml"
    if target.exists():
        raise Refused(f"{target} already exists; edit it instead")
    if problem := id_problem(event_dir.name):  # the folder name becomes the event's address
        raise Refused(f"the folder name {problem}")
    if not is_date(date):
        raise Refused(f"--date {date} is not a date; write it as YYYY-MM-DD")
    if fmt not in formats.FORMATS:
        raise Refused(f"unknown format '{fmt}'; use one of: {', '.join(sorted(formats.FORMATS))}")
    _check_new_event_flags(players or [], rounds, cut)
    if language and language not in keys.LANGUAGE_CODES:
        raise Refused(f"--language {language} is not a language sitegen ships; use one of: {', '.join(keys.LANGUAGE_CODES)}")
    length = formats.FORMATS[fmt].new_event_lines(rounds, cut)
    title = event_dir.name.replace("-", " ").title() if name is None else name
    in_content = event_dir.absolute().parent.name == "events"  # <content>/events/<event>/
    content = event_dir.absolute().parent.parent
    repository = _repository(content)
    below = 1 + (repository != content)  # folders from the repository down to the content folder, and one
    text = _event_text(fmt, title, date, players or [], length, language)
    if in_content:
        text = modeline("event", below + 1) + "\n" + text
    load_event(event_dir, {target: text})  # what the loader refuses (a control character, a blank name, a player twice)
    written = []
    if in_content:
        missing = {path: text for path, text in schema_copies(repository).items() if not path.exists()}
        missing[content / "site.yaml"] = SITE_YAML.format(modeline=modeline("site", below - 1), title="Our tournaments",
                                                          base_url=NO_BASE_URL, timezone=NO_TIMEZONE)
        for path, file_text in missing.items():
            if not path.exists():
                path.parent.mkdir(parents=True, exist_ok=True)
                write_atomic(path, file_text.encode())
                written.append(path)
    write_atomic(target, text.encode())
    return [*written, target]


def _repository(content: Path) -> Path:
    """Where a club keeps the schemas: the content folder's parent when it is a club's repository (`init` makes
    `<repository>/content/`, and `.sitegen/` there; or any git repository holding the content folder), the content
    folder itself otherwise: `new` writes nothing above the folders it was given."""
    parent = content.parent
    return parent if (parent / ".git").exists() or (parent / VENDOR_FOLDER).is_dir() else content


def modeline(kind: str, depth: int) -> str:
    """The first line pointing an editor (yaml-language-server) at the schema of a file `depth` folders below the repository."""
    return f"# yaml-language-server: $schema={'../' * depth}{(SCHEMA_FOLDER / content_schema.file_name(kind)).as_posix()}"


def schema_copies(repository: Path) -> dict[Path, str]:
    """The content files' JSON Schemas, as a club's repository keeps them."""
    return {repository / SCHEMA_FOLDER / content_schema.file_name(kind): content_schema.text(schema)
            for kind, schema in content_schema.schemas().items()}


def _check_new_event_flags(players: list[str], rounds: int | None, cut: int | None) -> None:
    """What `check` would refuse in the new event.yaml, refused before it is written."""
    for name in players:
        if problem := id_problem(readable_id(name)):
            raise Refused(f"--player '{name}' gives no usable id ({problem}); write the player's name")
    if rounds is not None and rounds < 1:
        raise Refused(f"--rounds {rounds}: an event has at least 1 round")
    if cut is not None and cut < 0:
        raise Refused(f"--cut {cut}: the cut is 0 (none) or more players")


def _event_text(fmt: str, name: str, date: str, players: list[str], length: list[str], language: str | None = None) -> str:
    lines = [f"name: {_yaml_text(name)}", f"format: {fmt}", f"date: {date}", *keys.commented_lines(keys.EVENT, EVENT_WIDTH), *length]
    if language:  # the commented example becomes the setting, its help kept
        lines = [re.sub(r"^# language: \S+ *", f"language: {language}  ", line) for line in lines]
    if not players:  # no placeholder players: they would be paired and ranked
        example = "".join(f"#{line[1:]}\n" for line in ("  - name: Ann Example\n" + formats.FORMATS[fmt].player_example).splitlines())
        return "\n".join(lines) + "\nplayers: []            # add each with `sitegen add EVENT \"Full Name\"` (or the desk), e.g.\n" + example
    lines.append("players:              # add more with `sitegen add EVENT \"Full Name\"`")
    return "\n".join(lines) + "\n" + "".join(_player_entry(player) for player in players)


def _player_entry(name: str) -> str:
    """A player's lines in event.yaml: the name, and the id where the rule for a name without one (`slugify`) would
    drop a letter the new id spells."""
    pid = readable_id(name)
    return f"  - name: {_yaml_text(name)}\n" + (f"    id: {pid}\n" if pid != slugify(name) else "")


def _is_zone(name: str) -> bool:
    try:
        zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return False
    return True


def _yaml_text(text: str) -> str:
    """A one-line YAML string: plain when it reads back as itself, else double-quoted."""
    plain = not text.replace(".", "").isdigit() and text and text[0].isalnum() and all(ch.isalnum() or ch in " .,'-()&!?" for ch in text) and ": " not in text
    return text if plain and text.lower() not in ("yes", "no", "true", "false", "null", "on", "off") else json.dumps(text)
