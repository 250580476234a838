"""The meta page's records from the published AGoT lists: each faction's, agenda's, and faction + agenda pair's games
won, lost and drawn, and the win rate (games won of games played), worked out by hand below."""
from __future__ import annotations

from pathlib import Path

from agot_records import EVENT, ROUNDS

from sitegen.pages.decklists import Record, list_records, shown_lists

CORPUS = Path(__file__).resolve().parent.parent / "games" / "agot" / "decklists"
LISTS = {"ann-example": "legal.txt", "cat-example": "legal-one-plot-twice.txt",  # House Stark, Fealty
         "ben-example": "legal-night-watch.txt", "dan-example": "legal-no-agenda.txt"}  # the Night's Watch; House Stark, no agenda


def files() -> dict[str, str]:
    made = {"events/e/event.yaml": EVENT} | {f"events/e/{name}": text for name, text in ROUNDS.items()}
    return made | {f"events/e/decks/{player}.txt": (CORPUS / name).read_text() for player, name in LISTS.items()}


def test_records_per_faction_agenda_and_pair(scored_event):
    event, board = scored_event(files())
    tables = {str(table.title): table.rows for table in list_records(event, board, shown_lists(event, board))}
    # Stark: Ann 2-0-0, Cat 0-1-1, Dan 0-1-1 (no agenda); the Night's Watch: Ben 1-1-0.
    assert tables["Faction"] == (Record("House Stark", 3, won=2, lost=2, drawn=2), Record("The Night's Watch", 1, won=1, lost=1, drawn=0))
    assert round(tables["Faction"][0].win_rate, 1) == 33.3 and tables["Faction"][1].win_rate == 50.0
    assert tables["Agenda"] == (Record("Fealty", 2, won=2, lost=1, drawn=1), Record("The Lord of the Crossing", 1, won=1, lost=1, drawn=0))
    assert tables["Faction + Agenda"] == (Record("House Stark / Fealty", 2, won=2, lost=1, drawn=1),
                                          Record("The Night's Watch / The Lord of the Crossing", 1, won=1, lost=1, drawn=0))


def test_the_meta_page_shows_them(make_site, run_cli, tmp_path):
    assert run_cli("build", "--content", make_site(files()), "--output", tmp_path / "output")[0] == 0
    page = (tmp_path / "output" / "events" / "e" / "meta.html").read_text()
    assert "From the published decklists" in page and "<caption>Faction + Agenda</caption>" in page
    assert '<th scope="row">House Stark / Fealty</th><td class="num">2</td><td class="num">2–1–1</td><td class="num">50%</td>' in page
    assert 'href="meta.html"' in (tmp_path / "output" / "events" / "e" / "index.html").read_text()


def test_a_vtes_event_has_no_records():
    """A V:TES game is no win or loss: its lists' meta is the field's and the top five's counts (the Decklists page)."""
    from sitegen.games.vtes.decklist import DECK_RULES

    assert DECK_RULES.records == ()
