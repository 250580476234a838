"""The desk's access token survives a restart (kept in the cache folder, never in the content); `--new-token`
rotates it; a wrong or old token gets a page in the desk's language that says what to do, with no token in it."""
from __future__ import annotations

import stat

from desk_events import TOKEN, Desk, make_event

from sitegen.desk.token import TOKEN_NAME, desk_token


def test_the_token_is_kept_in_the_cache_folder_and_read_back(tmp_path):
    token, fresh = desk_token(tmp_path / "cache")
    assert fresh and len(token) >= 16
    assert desk_token(tmp_path / "cache") == (token, False)  # a restart: the same address
    assert stat.S_IMODE((tmp_path / "cache" / TOKEN_NAME).stat().st_mode) == 0o600


def test_new_token_rotates_it(tmp_path):
    token, _ = desk_token(tmp_path / "cache")
    rotated, fresh = desk_token(tmp_path / "cache", new=True)
    assert fresh and rotated != token
    assert desk_token(tmp_path / "cache") == (rotated, False)


def test_a_damaged_token_file_gives_a_new_token(tmp_path):
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / TOKEN_NAME).write_bytes(b"\xff short")
    token, fresh = desk_token(tmp_path / "cache")
    assert fresh and desk_token(tmp_path / "cache") == (token, False)


def test_a_wrong_token_gets_a_page_in_the_desks_language_saying_what_to_do(tmp_path):
    make_event(tmp_path, "agot-joust", pair=False)
    server = Desk(tmp_path / "content", tmp_path, language="fr")
    try:
        status, page, headers = server.request("GET", "/an-old-token-0123456789/e/desk/")
        posted = server.request("POST", "/an-old-token-0123456789/e/desk/result", {"token": "an-old-token-0123456789"})
    finally:
        server.close()
    assert status == 403 and headers["Content-Type"].startswith("text/html") and '<html lang="fr">' in page
    assert "Demandez" in page and TOKEN not in page and "/e/desk" not in page
    assert posted[0] == 403 and TOKEN not in posted[1]


def test_the_cli_desk_keeps_its_token_and_says_when_it_is_new(tmp_path, monkeypatch, capsys):
    from sitegen.cli.main import main

    make_event(tmp_path, "agot-joust", pair=False)
    seen = []
    monkeypatch.setattr("sitegen.desk.server.serve_desk", lambda config, host, port, lan: seen.append(config.token))
    monkeypatch.chdir(tmp_path)
    assert main(["desk", "--cache", "cache"]) == 0 and main(["desk", "--cache", "cache"]) == 0
    assert seen[0] == seen[1] and "new access code" not in capsys.readouterr().out
    assert main(["desk", "--cache", "cache", "--new-token"]) == 0
    assert seen[2] != seen[1] and "new access code" in capsys.readouterr().out
