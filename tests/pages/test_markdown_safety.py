"""A Markdown page is published as Markdown's own HTML, cleaned by an allow-list: no script, no event handler,
no javascript:/data: URL, no meta, iframe, form or style; links, images, tables and emphasis are kept."""
from __future__ import annotations

import re

from sitegen.build.pipeline import render

HOSTILE_PAGE = """\
---
title: About
---
Welcome to **the club**. See [the rules](rules.html) and ![our logo](https://example.org/logo.png).

| Day | Event |
|:----|------:|
| Thu | Joust |

<script>window.__pwned = 1</script>
<img src="x" onerror="window.__pwned = 2">
<iframe srcdoc="<script>parent.__pwned = 3</script>"></iframe>
<meta name="referrer" content="unsafe-url">
<meta http-equiv="refresh" content="0; url=https://evil.example/">
<form action="https://evil.example/"><input name="q"></form>
<svg onload="window.__pwned = 4"><circle r="1"/></svg>
<a href="javascript:window.__pwned = 5">click</a>
<div style="background: url(javascript:alert(1)); width: expression(alert(1))">styled</div>
<object data="https://evil.example/x.swf"></object>
<base href="https://evil.example/">
<a href="data:text/html,<script>alert(1)</script>">data link</a>

[x](javascript:window.__pwned=6) [y](JaVaScRiPt:alert(7)) [z](data:text/html;base64,PHNjcmlwdD4=)
[ok](https://example.org/path?q=1 "a title") [mail](mailto:club@example.org)
"""

EXECUTABLE = re.compile(r"<script|<iframe|<meta|<form|<svg|<object|<base|<style|\son\w+\s*=|javascript:|data:|expression\(|srcdoc", re.I)


def test_raw_html_and_script_urls_in_a_page_never_reach_the_site(make_site):
    content = make_site({"pages/about.md": HOSTILE_PAGE})
    page = render(content)["pages/about.html"].decode()
    body = page.split('<main id="main">', 1)[1].split("</main>", 1)[0]
    assert EXECUTABLE.findall(body) == []
    assert "<strong>the club</strong>" in body
    assert '<a href="rules.html"' in body
    assert '<img alt="our logo" src="https://example.org/logo.png">' in body
    assert '<a href="https://example.org/path?q=1" title="a title"' in body and 'href="mailto:club@example.org"' in body
    assert '<th align="left">Day</th>' in body and '<td align="right">Joust</td>' in body


def test_the_cleaner_keeps_ordinary_markdown_as_markdown_writes_it():
    from sitegen.pages.markdown_html import markdown_html

    html = markdown_html("# Title\n\nSome *text*, a list:\n\n- one\n- two\n\n> quoted `code`\n\n    pre <b>\n")
    assert html == ("<h1>Title</h1>\n<p>Some <em>text</em>, a list:</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n"
                    "<blockquote>\n<p>quoted <code>code</code></p>\n</blockquote>\n<pre><code>pre &lt;b&gt;\n</code></pre>")


def test_a_fenced_code_block_keeps_its_pre_and_its_content():
    """Issue 29: a fenced block lost its <pre>; with an info string it printed the fence's word and dropped nothing but
    the layout."""
    from sitegen.pages.markdown_html import markdown_html

    html = markdown_html("Setup:\n\n```yaml\nplayers:\n  - name: Ann <b>\n```\n\n~~~\nplain\n~~~\n")
    assert html == ("<p>Setup:</p>\n<pre><code>players:\n  - name: Ann &lt;b&gt;\n</code></pre>\n"
                    "<pre><code>plain\n</code></pre>")


def _policy(page: bytes) -> str:
    return re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', page.decode())[1]


def test_images_come_from_the_site_itself_unless_the_club_names_other_sources(make_site, run_cli):
    """Issue 29: the policy let a page load images from any site (img-src https: http:): a Markdown page's image
    told that site who read the page, and when. Now 'self' only, unless site.yaml's `image_sources:` names others."""
    content = make_site({"pages/about.md": HOSTILE_PAGE})
    for path, page in render(content).items():
        if path.endswith(".html"):
            assert "img-src 'self' data:;" in _policy(page), path
    (content / "site.yaml").write_text("title: Club\nimage_sources: [https://example.org, 'http://photos.example.net:8080/']\n")
    assert "img-src 'self' data: https://example.org http://photos.example.net:8080;" in _policy(render(content)["pages/about.html"])


def test_an_image_source_that_is_no_web_origin_is_refused(make_site, run_cli):
    content = make_site({"site.yaml": "title: Club\nimage_sources:\n  - https://example.org/photos\n  - \"https: 'unsafe-inline'\"\n"})
    status, _, err = run_cli("check", "--content", content)
    assert status == 2
    assert f"{content}/site.yaml:3: 'image_sources': 'https://example.org/photos' is not a web origin" in err, err
    assert f"{content}/site.yaml:4: 'image_sources':" in err
