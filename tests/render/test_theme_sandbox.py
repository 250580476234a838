"""A theme's templates cannot run Python nor read a file outside the theme: they render in Jinja's sandbox, a
helper reads only the theme's own files, `check` finds what `build` finds, and no compiled template is read
back from the cache folder."""
from __future__ import annotations

from pathlib import Path

import jinja2
import pytest

from sitegen.render.templates import BUILTIN_THEMES

EVENT = """\
    name: Club night
    format: agot-joust
    date: 2026-03-01
    players: [{name: Ann}, {name: Ben}]
    """


def themed_site(make_site, template: str) -> Path:
    """A site whose own theme overrides the about page's template with `template` (on its line 2)."""
    return make_site({
        "site.yaml": "title: Club\ntheme: house\n",
        "pages/about.md": "Hello\n",
        "events/e/event.yaml": EVENT,
        "themes/house/templates/page.html": '{% extends "base.html" %}\n{% block main %}' + template + "{% endblock %}\n",
    })


@pytest.mark.parametrize("command", ["build", "check"])
@pytest.mark.parametrize("template", [
    "{{ cycler.__init__.__globals__.os.popen('touch %(marker)s').read() }}",
    "{{ joiner.__init__.__globals__['__builtins__']['open']('%(marker)s', 'w') }}",
    "{{ ''.__class__.__mro__[1].__subclasses__() }}",
    "{{ lipsum.__globals__.os.system('touch %(marker)s') }}",
])
def test_a_template_cannot_run_python(make_site, run_cli, tmp_path, template, command):
    marker = tmp_path / "pwned"
    content = themed_site(make_site, template % {"marker": marker})
    args = ["--output", tmp_path / "out"] if command == "build" else []
    status, out, err = run_cli(command, "--content", content, *args)
    assert status == 2, out + err
    assert f"{content}/themes/house/templates/page.html:2: template error:" in err
    assert "Traceback" not in err and "no problems found" not in out
    assert not marker.exists()


@pytest.mark.parametrize("command", ["build", "check"])
@pytest.mark.parametrize("name", ["../../../../../../../../etc/hostname", "/etc/hostname", "../templates/page.html", "../../../site.yaml"])
def test_a_theme_helper_reads_only_the_themes_own_static_files(make_site, run_cli, tmp_path, name, command):
    content = themed_site(make_site, "<pre>{{ static_text('" + name + "') }}</pre>")
    args = ["--output", tmp_path / "out"] if command == "build" else []
    status, out, err = run_cli(command, "--content", content, *args)
    assert status == 2, out + err
    assert f"{content}/themes/house/templates/page.html:2: template error: static_text('{name}'):" in err
    assert "static/ folder" in err
    assert not (tmp_path / "out").exists()


def test_a_theme_helper_still_reads_the_themes_static_files(make_site, run_cli, tmp_path):
    content = themed_site(make_site, "<style>{{ static_text('site.css') }}</style>")
    assert run_cli("build", "--content", content, "--output", tmp_path / "out")[0] == 0
    assert (BUILTIN_THEMES / "default" / "static" / "site.css").read_text()[:200] in (tmp_path / "out" / "pages" / "about.html").read_text()


def test_a_compiled_template_in_the_cache_folder_is_never_run(make_site, run_cli, tmp_path):
    """Whoever can write the cache folder could plant Python in a compiled template: none is read from disk."""
    content = make_site({"events/e/event.yaml": EVENT})
    cache = tmp_path / "cache"
    real = BUILTIN_THEMES / "default" / "templates" / "404.html"
    planted = jinja2.FileSystemBytecodeCache(str(cache / "templates"))
    (cache / "templates").mkdir(parents=True)
    env = jinja2.Environment()
    bucket = jinja2.bccache.Bucket(env, planted.get_cache_key("404.html", str(real)), planted.get_source_checksum(real.read_text()))
    bucket.code = env.compile("PLANTED BY THE CACHE", "404.html", str(real))
    planted.dump_bytecode(bucket)
    status, out, err = run_cli("build", "--content", content, "--output", tmp_path / "out", "--cache", cache, "--clean")
    assert status == 0, err
    assert "PLANTED" not in (tmp_path / "out" / "404.html").read_text()


@pytest.mark.parametrize(("template", "said"), [
    ("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}", "took more than 1 s"),
    ("{% macro m(n) %}{% for i in range(100000) %}{{ n }}{% endfor %}{% endmacro %}{% for i in range(100000) %}{% set x = m(i) %}"
     "{% endfor %}", "took more than 1 s"),
    ("{% for i in range(100000) %}{% for j in range(100000) %}xxxxxxxxxx{% endfor %}{% endfor %}", "writes more than 1 MB"),
    ("{% set ns = namespace(s='x') %}{% for i in range(64) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s | length }}",
     "makes a text or list of more than 1 MB"),
    ("{{ 'x' * 100000 * 100000 }}", "makes a text or list of more than 1 MB"),
    ("{{ [1] * 100000 * 100000 }}", "makes a text or list of more than 1 MB"),
    ("{{ ('x' * 1000000 + 'y' * 1000000) | length }}", "makes a text or list of more than 1 MB"),
    ("{{ 10 ** 100000000 }}", "makes a number of more than"),
])
def test_a_template_is_bounded_in_time_and_size(make_site, run_cli, tmp_path, monkeypatch, template, said):
    """Issue 29: the sandbox capped each range, not the whole: a theme's page could loop or allocate without end. Each
    page now has a time and a size budget (monkeypatched small here), and a clear error at the template's line."""
    from sitegen.render import templates

    monkeypatch.setattr(templates, "RENDER_SECONDS", 1)
    monkeypatch.setattr(templates, "RENDER_BYTES", 1_000_000)
    content = themed_site(make_site, template)
    status, out, err = run_cli("build", "--content", content, "--output", tmp_path / "out", "--jobs", "1")
    assert status == 2, out + err
    line = 1 if "writes" in said else 2  # the whole page's size: said at the template's first line
    assert f"{content}/themes/house/templates/page.html:{line}: template error: the page {said}" in err, err
    assert "Traceback" not in err


def test_only_a_sites_own_theme_renders_in_the_sandbox(make_site):
    """sitegen's own templates are trusted (no sandbox, no budget: a fifth of a build's CPU); a theme of the site's
    makes every page render sandboxed, the built-in templates too, as they extend and include the theme's."""
    from sitegen.load.site import read_outline
    from sitegen.render.templates import Sandbox, Trusted, environment, theme_dirs

    plain = read_outline(make_site({"site.yaml": "title: Club\n"})).site
    themed = read_outline(themed_site(make_site, "{{ 1 }}")).site
    assert isinstance(environment(theme_dirs(plain)), Trusted)
    assert isinstance(environment(theme_dirs(themed)), Sandbox)
