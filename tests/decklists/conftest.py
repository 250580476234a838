"""The V:TES event the decklist tests start from: a fresh event (no round) with the test module's `RULE` appended to
its event.yaml, in a working folder of its own."""
from __future__ import annotations

import pytest
from desk_events import make_event


@pytest.fixture
def event(tmp_path, monkeypatch, request):
    monkeypatch.chdir(tmp_path)
    folder = make_event(tmp_path, "vtes", pair=False)
    (folder / "event.yaml").write_text((folder / "event.yaml").read_text() + request.module.RULE)
    return folder
