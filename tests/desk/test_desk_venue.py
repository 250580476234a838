"""Issue 30 on a 360 px touch phone: the desk as a venue needs it. A restart in the middle of a round keeps the
judge's open page working; a double tap on a result says "already saved"; a late arrival and a drop after pairing
change only the tables they touch; an event is created in the desk. SITEGEN_SHOTS=/some/folder keeps screenshots."""
from __future__ import annotations

import pytest
from browser import boxes_and_axe
from desk_events import DeskServer, make_event
from playwright.sync_api import expect

from sitegen.desk.token import desk_token
from sitegen.load.event import load_event

pytestmark = pytest.mark.browser


def test_a_restart_mid_round_keeps_the_judges_page_working(tmp_path, touch_phone):
    page = touch_phone
    folder = make_event(tmp_path, "agot-joust")
    token, _ = desk_token(tmp_path / "cache")
    server = DeskServer(tmp_path, token)
    port = server.server.server_address[1]
    try:
        page.goto(f"{server.url}e/desk/")
        server.close()  # the laptop sleeps, the desk is started again: the same token from the cache folder
        again, fresh = desk_token(tmp_path / "cache")
        assert (again, fresh) == (token, False)
        server = DeskServer(tmp_path, again, port=port)
        winner = page.locator("#table-1 button[name=winner]").first
        chosen = winner.get_attribute("value")
        winner.tap()
        expect(page.locator("#table-1 h3 small")).to_have_text("done")
    finally:
        server.close()
    assert load_event(folder).rounds[0].tables[0].result == {"winner": chosen}


@pytest.mark.parametrize("language", ["en", "fr", "pl"])
def test_an_old_address_says_what_to_do_in_the_desks_language(tmp_path, touch_phone, language):
    page = touch_phone
    make_event(tmp_path, "agot-joust", pair=False)
    old, _ = desk_token(tmp_path / "cache")
    token, _ = desk_token(tmp_path / "cache", new=True)
    server = DeskServer(tmp_path, token, language=language)
    try:
        answer = page.goto(server.url.replace(token, old) + "e/desk/")
        assert answer is not None and answer.status == 403
        expect(page.locator("h1")).to_be_visible()
        boxes_and_axe(page, f"old-token-{language}")
    finally:
        server.close()


def test_a_double_tap_on_a_result_says_already_saved(tmp_path, touch_phone):
    page = touch_phone
    folder = make_event(tmp_path, "agot-joust")
    server = DeskServer(tmp_path)
    try:
        page.goto(f"{server.url}e/desk/")
        before = page.locator("#table-1 input[name=version]").first.input_value()
        winner = page.locator("#table-1 button[name=winner]").first
        chosen = winner.get_attribute("value")
        winner.tap()
        expect(page.locator("#table-1 h3 small")).to_have_text("done")
        # the second tap of a double tap: the same form, made from the page before the first one was saved
        page.evaluate("""([version, winner]) => {
            const form = document.createElement("form");
            form.method = "post"; form.action = "result";
            const fields = {token: document.querySelector("input[name=token]").value, way: "won", round: "round-1",
                            table: "1", winner: winner, version: version};
            for (const [name, value] of Object.entries(fields)) {
                const input = document.createElement("input"); input.type = "hidden"; input.name = name; input.value = value;
                form.append(input);
            }
            document.body.append(form); form.submit();
        }""", [before, chosen])
        expect(page.locator("#table-1 .note.done")).to_contain_text("already saved")
        expect(page.locator(".error")).to_have_count(0)
        boxes_and_axe(page, "already-saved")
    finally:
        server.close()
    assert load_event(folder).rounds[0].tables[0].result == {"winner": chosen}
