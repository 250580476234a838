"""A rendered page lets go of its values at once. A template that imports macros with the page's context makes a
reference cycle (the macros and the context they were made in, holding a copy of the page's values): the page's
model must not wait for the cycle collector, which a build pauses while it makes an event."""
from __future__ import annotations

import gc
import weakref

import pytest

from sitegen.load.site import load_site
from sitegen.model import ContentError
from sitegen.pages.page_model import PageModel
from sitegen.render import templates


class Value:
    text = "a page's value"


@pytest.mark.parametrize("trusted", [True, False])
def test_a_rendered_pages_values_go_without_the_cycle_collector(make_site, trusted):
    content = make_site({
        "site.yaml": "title: Club\ntheme: house\n",
        "themes/house/templates/shown.html": "{% macro show() %}{{ value.text }}{% endmacro %}",
        "themes/house/templates/page.html": '{% from "shown.html" import show with context %}<p>{{ show() }}</p>\n',
    })
    site = load_site(content)
    dirs = templates.theme_dirs(site)
    env = (templates.equip(templates.Trusted(loader=templates.loader(dirs), **templates.OPTIONS), dirs) if trusted
           else templates.environment(dirs))
    value = Value()
    gone = weakref.ref(value)
    pages = [PageModel("a.html", "page.html", {"value": value}), PageModel("b.html", "page.html", {"value": Value()})]
    gc.collect()
    gc.disable()
    try:
        files = templates.render_pages(site, pages, env)
        del pages, value
        assert gone() is None
    finally:
        gc.enable()
    assert files["a.html"] == files["b.html"] == b"<p>a page&#39;s value</p>\n"


def test_a_module_imported_without_context_serves_every_page(make_site):
    """Jinja keeps a module imported without the page's context for the next pages: it is not emptied."""
    content = make_site({
        "site.yaml": "title: Club\ntheme: house\n",
        "themes/house/templates/shown.html": "{% set word = 'kept' %}{% macro show() %}{{ word }}{% endmacro %}",
        "themes/house/templates/page.html": '{% from "shown.html" import show %}{{ show() }} {{ n }}',
    })
    site = load_site(content)
    pages = [PageModel(f"{n}.html", "page.html", {"n": n}) for n in range(3)]
    assert templates.render_pages(site, pages) == {f"{n}.html": f"kept {n}".encode() for n in range(3)}
    with pytest.raises(ContentError, match="'n' is undefined"):  # a page's values are its own only
        templates.render_pages(site, [PageModel("x.html", "page.html")])
