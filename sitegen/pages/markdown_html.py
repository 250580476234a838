"""Markdown to the HTML a page may publish: Markdown's own output, then cleaned by an allow-list sanitiser.

Markdown passes raw HTML through, so a page could carry `<script>`, `onerror=`, `<iframe srcdoc>`,
`<meta name="referrer">` or a `javascript:` link onto the public site (and into the desk's preview, on the
desk's own origin). nh3 (the Rust sanitiser ammonia) keeps only the tags and attributes listed below and
only the URL schemes in `URL_SCHEMES`; relative links stay as written.
"""
from __future__ import annotations

import markdown
import nh3

# What Markdown itself writes (with the tables, sane_lists and fenced_code extensions), and the few tags a page author
# reasonably adds by hand. No script, style, meta, base, iframe, object, embed, form, input, svg or math.
TAGS = {"a", "abbr", "b", "blockquote", "br", "caption", "code", "dd", "del", "details", "div", "dl", "dt", "em",
        "figcaption", "figure", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "ins", "kbd", "li", "mark", "ol",
        "p", "pre", "q", "s", "small", "span", "strong", "sub", "summary", "sup", "table", "tbody", "td", "tfoot",
        "th", "thead", "tr", "u", "ul"}
ATTRIBUTES = {"*": {"title", "lang"}, "a": {"href", "hreflang"}, "img": {"src", "alt", "width", "height"},
              "td": {"align", "colspan", "rowspan"}, "th": {"align", "colspan", "rowspan", "scope"},
              "ol": {"start", "reversed"}, "abbr": {"title"}}
URL_SCHEMES = {"http", "https", "mailto", "tel"}  # no javascript:, data:, vbscript:, file:


def markdown_html(text: str) -> str:
    """The page's Markdown as HTML, with nothing executable left in it."""
    # use_align_attribute: a column's alignment as align="left", since the cleaner drops every style attribute
    html = markdown.markdown(text, extensions=["tables", "sane_lists", "fenced_code"], extension_configs={"tables": {"use_align_attribute": True}},
                             output_format="html")
    return nh3.clean(html, tags=TAGS, attributes=ATTRIBUTES, url_schemes=URL_SCHEMES, link_rel="noopener noreferrer",
                     strip_comments=True)
