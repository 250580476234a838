"""The browser tests' own helpers: a page is measured once its stylesheet is in, however slow the network."""
from __future__ import annotations

import pytest
from browser import boxes_and_axe, serving

pytestmark = pytest.mark.browser

PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Slow</title>
<meta name="viewport" content="width=device-width"><link rel="stylesheet" href="big.css"></head>
<body><main><h1>Slow</h1><form><button>Send</button></form></main></body></html>"""


def test_boxes_are_measured_after_the_stylesheet_arrives(tmp_path, touch_phone):
    """A fresh clone's run failed on a desk page read before its stylesheet: a 21 px button (the browser's default)."""
    (tmp_path / "index.html").write_text(PAGE)
    (tmp_path / "big.css").write_text("button { min-height: 44px; }")
    network = touch_phone.context.new_cdp_session(touch_phone)
    network.send("Network.enable")
    network.send("Network.emulateNetworkConditions",
                 {"offline": False, "latency": 800, "downloadThroughput": -1, "uploadThroughput": -1})
    with serving(tmp_path) as url:
        touch_phone.goto(url, wait_until="commit")
        touch_phone.wait_for_selector("button", state="attached")
        boxes_and_axe(touch_phone, "slow-stylesheet")
