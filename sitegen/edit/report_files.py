"""What `sitegen init` writes for players to report results through the club's GitHub repository: the issue form
(`.github/ISSUE_TEMPLATE/report-result.yml`) and the workflow that answers it (`.github/workflows/report.yml`).

The form's help for the result is made from the games' result declarations, in `sitegen result`'s words, so a new
game's results are explained without a word written here. The workflow never puts the issue's text into a script:
`sitegen report` reads GitHub's event file itself, and what it tells the workflow (one-line values of its own
making) comes back through $GITHUB_OUTPUT and environment variables.
"""
from __future__ import annotations

from sitegen import games as formats
from sitegen.edit.report import FORM_FIELDS
from sitegen.games.result_entry import FIGURES, FLAG, ORDER, PLAYER, ResultField

FORM_PATH = ".github/ISSUE_TEMPLATE/report-result.yml"
WORKFLOW_PATH = ".github/workflows/report.yml"

#: How each kind of result field is written in the form, as `sitegen result`'s flags take it.
WORDS = {PLAYER: "ID", FIGURES: "ID=N ID=N ...", ORDER: "ID ID ...", FLAG: "yes"}

FORM = """\
# The "Report a result" issue form: the report workflow (workflows/report.yml) reads it.
name: Report a result
description: Report your table's result; your opponent confirms it with a /confirm comment.
title: "Result: "
labels: [result]
body:
  - type: markdown
    attributes:
      value: |
        Only a player at the table (by the `github:` login in the event or in players.yaml) or an organizer
        (site.yaml's `organizers:`) may report it. The result goes into a pull request; the other player
        comments `/confirm` on this issue to confirm it. To correct it, edit this issue.
  - type: input
    id: event
    attributes:
      label: {event}
      description: The event's folder name, as in its address on the site (…/events/winter-joust/ is winter-joust).
      placeholder: winter-joust
    validations:
      required: true
  - type: input
    id: round
    attributes:
      label: {round}
      description: The round's number, "elim 1" or "final"; leave it empty for the round being played.
      placeholder: "1"
  - type: input
    id: table
    attributes:
      label: {table}
      description: The table's number, as on the pairings.
      placeholder: "1"
    validations:
      required: true
  - type: textarea
    id: result
    attributes:
      label: {result}
      description: |
{help}
      placeholder: "winner: ann-example"
    validations:
      required: true
"""

# The steps both workflows `init` writes start with: the repository, Python, and sitegen from $SITEGEN_PACKAGE.
INSTALL_STEPS = """\
      - uses: actions/checkout@v4

      - uses: actions/setup-python@v5
        with:
          python-version: "3.11"

      - name: Install sitegen
        run: pip install "$SITEGEN_PACKAGE"
"""

WORKFLOW = """\
# Players report results through an issue (the "Report a result" form, ISSUE_TEMPLATE/report-result.yml).
# `sitegen report` checks who reports and writes the result exactly like `sitegen result`; this workflow
# pushes it to a branch of its own (one per table), opens or updates a pull request and comments on the
# issue. The opponent's `/confirm` comment labels the pull request "confirmed" and, with
# `reports: merge-when-confirmed` in content/site.yaml, merges it and publishes the site.
# Once: Settings -> Actions -> General -> Workflow permissions -> "Allow GitHub Actions to create and
# approve pull requests".
# The issue's text never goes into a script here: sitegen reads GitHub's event file itself.
name: Report

on:
  issues:
    types: [opened, edited]
  issue_comment:
    types: [created]

permissions: {{}}

concurrency:
  group: report-${{{{ github.event.issue.number }}}}
  cancel-in-progress: false

env:
  SITEGEN_PACKAGE: "{package}"   # where pip installs sitegen from

jobs:
  report:
    # Issues made from the form, and /confirm comments on them (never on a pull request).
    if: >-
      (github.event_name == 'issues' && contains(github.event.issue.body, '### Result')) ||
      (github.event_name == 'issue_comment' && !github.event.issue.pull_request &&
      startsWith(github.event.comment.body, '/confirm'))
    runs-on: ubuntu-latest
    permissions:
      contents: write        # push the report's branch, merge it
      pull-requests: write   # open, label and merge its pull request
      issues: write          # comment on the issue, create the "confirmed" label
      actions: write         # start Publish after a merge (a merge with this token starts no workflow itself)
    steps:
{install_steps}
      - name: Read the report
        id: report
        run: |
          status=0
          sitegen report --github-event "$GITHUB_EVENT_PATH" --content content > "$RUNNER_TEMP/comment.md" || status=$?
          cat "$RUNNER_TEMP/comment.md"
          # 2: refused, and the comment says why; any other failure is the workflow's own
          if [ "$status" -ne 0 ] && [ "$status" -ne 2 ]; then exit "$status"; fi

      - name: Push the result to the report's branch
        if: steps.report.outputs.changed == 'true'
        env:
          BRANCH: ${{{{ steps.report.outputs.branch }}}}
          TITLE: ${{{{ steps.report.outputs.title }}}}
        run: |
          git config user.name "github-actions[bot]"
          git config user.email "41898282+github-actions[bot]@users.noreply.github.com"
          git switch --create "$BRANCH"
          git add content
          git commit --quiet --message "$TITLE"
          git push --force origin "$BRANCH"

      - name: Open or update the pull request
        id: pr
        if: steps.report.outputs.changed == 'true'
        env:
          GH_TOKEN: ${{{{ github.token }}}}
          BRANCH: ${{{{ steps.report.outputs.branch }}}}
          TITLE: ${{{{ steps.report.outputs.title }}}}
          ACTION: ${{{{ steps.report.outputs.action }}}}
          ISSUE: ${{{{ github.event.issue.number }}}}
          BASE: ${{{{ github.event.repository.default_branch }}}}
        run: |
          number=$(gh pr list --head "$BRANCH" --state open --json number --jq '.[0].number // empty')
          if [ -z "$number" ]; then
            printf 'The result reported in #%s.\\n\\nCloses #%s\\n' "$ISSUE" "$ISSUE" > "$RUNNER_TEMP/pr.md"
            url=$(gh pr create --base "$BASE" --head "$BRANCH" --title "$TITLE" --body-file "$RUNNER_TEMP/pr.md")
            number=${{url##*/}}
          elif [ "$ACTION" = write ]; then
            # a new result: an earlier confirmation no longer holds
            gh pr edit "$number" --remove-label confirmed || true
          fi
          echo "number=$number" >> "$GITHUB_OUTPUT"
          printf '\\nPull request: #%s\\n' "$number" >> "$RUNNER_TEMP/comment.md"

      - name: Confirm the pull request
        if: steps.report.outputs.action == 'confirm' && steps.report.outputs.changed == 'true'
        env:
          GH_TOKEN: ${{{{ github.token }}}}
          NUMBER: ${{{{ steps.pr.outputs.number }}}}
          MERGE: ${{{{ steps.report.outputs.merge }}}}
          BASE: ${{{{ github.event.repository.default_branch }}}}
        run: |
          gh label create confirmed --color 0e8a16 --description "The opponent confirmed the reported result" --force
          gh pr edit "$NUMBER" --add-label confirmed
          if [ "$MERGE" = true ]; then
            gh pr merge "$NUMBER" --squash --delete-branch
            gh workflow run publish.yml --ref "$BASE"
          fi

      - name: Comment on the issue
        if: always() && steps.report.outputs.action != 'ignore' && steps.report.outputs.action != ''
        env:
          GH_TOKEN: ${{{{ github.token }}}}
          ISSUE: ${{{{ github.event.issue.number }}}}
        run: gh issue comment "$ISSUE" --body-file "$RUNNER_TEMP/comment.md"
"""


def result_help() -> str:
    """The form's help for the result: one line per result key a game declares, in `sitegen result`'s words."""
    declared: dict[str, list[tuple[str, ResultField]]] = {}
    for fmt in sorted(formats.FORMATS.values(), key=lambda f: f.name):
        for field in (f for f in fmt.results.fields if not f.judges_only):  # no report makes a judge's call
            declared.setdefault(field.key, []).append((fmt.title, field))
    lines = ["One line per key, as `sitegen result` takes it; ID is a player's id, the end of their page's address",
             "(…/players/ann-example.html is ann-example). The keys of each game:"]
    for key, games in declared.items():
        helps: dict[str, list[str]] = {}
        for title, field in games:
            helps.setdefault(field.help, []).append(title)
        said = "; ".join(f"{text} ({', '.join(titles)})" for text, titles in helps.items())
        lines.append(f"- `{key}: {WORDS[games[0][1].kind]}`: {said}")
    return "\n".join(lines)


def report_form() -> str:
    help_lines = "\n".join(f"        {line}" for line in result_help().splitlines())
    return FORM.format(help=help_lines, **FORM_FIELDS)


def report_workflow(package: str) -> str:
    return WORKFLOW.format(package=package, install_steps=INSTALL_STEPS)
