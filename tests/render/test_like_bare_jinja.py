"""sitegen renders as bare Jinja2 does, though its templates take two shortcuts: each printed value is escaped
straight to text instead of a Markup per value (text, numbers, Markup, objects with __html__; alone, in a captured block,
a macro, a call block), and a call to a function goes to it directly. Trusted and sandboxed environments alike."""
from __future__ import annotations

import jinja2
import markupsafe
import pytest
from hypothesis import given
from hypothesis import strategies as st

from sitegen.render.templates import OPTIONS, PageTemplate, Sandbox, Trusted, escaped_text


class Html:
    def __init__(self, text: str) -> None:
        self.text = text

    def __html__(self) -> str:
        return self.text


values = st.one_of(st.text(), st.integers(), st.floats(allow_nan=False), st.none(), st.booleans(),
                   st.text().map(markupsafe.Markup), st.text().map(Html))


@given(values)
def test_a_printed_value_is_what_markupsafe_makes_of_it(value):
    assert escaped_text(value) == markupsafe.escape(value)
    assert type(escaped_text(value)) in (str, markupsafe.Markup)


TEMPLATE = """{% macro cell(v) %}<td>{{ v }}</td>{% endmacro %}{% macro row() %}<tr>{{ caller() }}</tr>{% endmacro %}
{{ a }}|{{ b }}|{{ a ~ b }}|{{ a|e }}|{{ a|safe }}
{% set captured %}<p>{{ a }}</p>{% endset %}{{ captured }}|{{ captured|length }}
{{ cell(a) }}{{ cell(b) }}|{{ cell(a)|length }}
{% call row() %}{{ cell(a) }}{{ b }}{% endcall %}{% for x in [a, b, 3] %}[{{ x }}]{% endfor %}
"""


@given(values, values)
def test_pages_print_what_bare_jinja_prints(a, b):
    bare = jinja2.Environment(**OPTIONS).from_string(TEMPLATE)
    for ours in (Trusted, Sandbox):
        env = ours(**OPTIONS)
        template = env.from_string(TEMPLATE)
        assert isinstance(template, PageTemplate)
        assert template.render(a=a, b=b) == bare.render(a=a, b=b)


@pytest.mark.parametrize("value", ['<script>alert("x")</script>', "Ann & Ben's", markupsafe.Markup("<b>ok</b>"), 5])
def test_worked_examples(value):
    assert Trusted(**OPTIONS).from_string("{{ v }}").render(v=value) == {
        '<script>alert("x")</script>': "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;",
        "Ann & Ben's": "Ann &amp; Ben&#39;s", markupsafe.Markup("<b>ok</b>"): "<b>ok</b>", 5: "5"}[value]


@jinja2.pass_context
def seen_in_context(context, name):
    return f"{name}={context.get(name)}"


@jinja2.pass_eval_context
def autoescaping(eval_ctx):
    return eval_ctx.autoescape


@jinja2.pass_environment
def environment_kind(env):
    return type(env).__name__ in ("Environment", "Trusted", "Sandbox")


class Greeter:
    @jinja2.pass_context
    def __call__(self, context, name):
        return f"hello {name} from {context.get('where')}"

    def plain(self, name):
        return f"plain {name}"


def stops():
    raise StopIteration


CALLS = """{{ f("where") }}|{{ e() }}|{{ v() }}|{{ greet("Ann") }}|{{ greet.plain("Ben") }}|{{ "abc".startswith("a") }}
{% for x in [1, 2] %}{% set inner = x %}{{ f("inner") }},{{ f("x") }},{{ greet("Cat") }};{% endfor %}
{% set outer = "set" %}{{ f("outer") }}{% block b %}{% set local = "in block" %}{{ f("local") }}{% endblock %}
{% macro m(y) %}{{ f("y") }}{% endmacro %}{% macro w() %}<{{ caller() }}>{% endmacro %}{{ m(3) }}{% call w() %}{{ f("where") }}{% endcall %}
[{{ stop() is defined }}]"""


def test_calls_from_a_template_are_what_bare_jinja_makes_of_them():
    """Every kind of callable, in a loop, a block, a macro and a call block: sitegen's context calls a function
    directly, Jinja's asks it how; the same page either way."""
    names = {"f": seen_in_context, "e": autoescaping, "v": environment_kind, "greet": Greeter(), "stop": stops, "where": "club"}
    expected = jinja2.Environment(**OPTIONS).from_string(CALLS).render(names)
    assert "inner=1" in expected and "inner=2" in expected and "local=in block" in expected and "[False]" in expected
    for ours in (Trusted, Sandbox):
        assert ours(**OPTIONS).from_string(CALLS).render(names) == expected
