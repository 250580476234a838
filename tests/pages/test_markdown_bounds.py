"""Issue 29: a small Markdown page nested deep hung `check` and `build` (time and memory ~4x per doubling of the
depth; a list nested 250 deep crashed Markdown with a RecursionError). A page nested deeper than a reader can follow
is refused at its `path:line`, before Markdown runs; a page within the bound checks quickly."""
from __future__ import annotations

import time

import pytest

from sitegen.load.site import MARKDOWN_DEPTH


def _nested_by_indent(n: int) -> str:
    return "".join("  " * i + "- item\n" for i in range(n))


def _nested_by_markers(n: int) -> str:
    return "- " * n + "item\n"


def _nested_quotes(n: int) -> str:
    return "> " * n + "quote\n"


@pytest.mark.parametrize("body", [_nested_by_indent(1000), _nested_by_markers(1000), _nested_quotes(1000),
                                  "1. " * 1000 + "x\n", "\t" * 500 + "- x\n"])
def test_a_page_nested_too_deep_is_refused_at_its_line(make_site, run_cli, body):
    content = make_site({"pages/deep.md": "---\ntitle: Deep\n---\nIntro\n\n" + body})
    started = time.process_time()
    status, _, err = run_cli("check", "--content", content)
    assert time.process_time() - started < 2  # a guard, not a speed goal: before the fix this took minutes or crashed
    assert status == 2 and "Traceback" not in err
    line = next(i for i, text in enumerate(body.splitlines(), 6) if len(text) - len(text.lstrip(" \t->1.")) > 4 * MARKDOWN_DEPTH)
    assert f"{content / 'pages' / 'deep.md'}:{line}: " in err and f"at most {MARKDOWN_DEPTH}" in err, err


def test_a_page_as_deep_as_allowed_builds(make_site, run_cli, tmp_path):
    body = _nested_by_markers(MARKDOWN_DEPTH) + "\n" + "".join("    " * i + "- x\n" for i in range(MARKDOWN_DEPTH)) * 50
    content = make_site({"pages/deep.md": body})
    status, _, err = run_cli("build", "--content", content, "--output", tmp_path / "out", "--cache", tmp_path / "c")
    assert (status, err) == (0, ""), err
    assert (tmp_path / "out" / "pages" / "deep.html").read_text().count("<ul>") > MARKDOWN_DEPTH
