"""Each value a page prints is escaped exactly as MarkupSafe escapes it, though sitegen's compiled templates make
it text at once instead of a Markup per value: the same characters, for text, numbers, Markup and objects with
__html__, printed alone, in a captured block, in a macro and in a call block; the sandbox's templates too."""
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
