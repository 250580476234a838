"""A new player's id spells the letters Unicode does not split into a letter and a mark: "Łukasz Żółw" is
lukasz-zolw, not ukasz-zow (a Polish TO typed `--winner lukasz-zolw` and was told there is no such player). An id
made from a name when an event is read keeps the old rule: existing round files name players by it."""
from __future__ import annotations

import yaml

from sitegen.edit.players import add_player
from sitegen.edit.scaffold import new_event
from sitegen.load.event import load_event
from sitegen.text import readable_id, slugify


def test_the_letters_a_decomposition_drops_are_spelt():
    assert readable_id("Łukasz Żółw") == "lukasz-zolw"
    assert readable_id("Søren Æbelø") == "soren-aebelo"
    assert readable_id("Đorđe Þórsson") == "dorde-thorsson"
    assert readable_id("Jürgen Straße") == "jurgen-strasse"
    assert readable_id("Ann Example") == slugify("Ann Example")


def test_new_and_add_write_the_readable_id_where_the_old_rule_differs(tmp_path):
    event = tmp_path / "content" / "events" / "turniej"
    new_event(event, fmt="agot-joust", date="2026-12-05", players=["Łukasz Żółw", "Ann Example", "Ben Example", "Cat Example"])
    add_player(event, "Małgorzata Wiśniewska")
    ids = [p.id for p in load_event(event).players]
    assert ids == ["lukasz-zolw", "ann-example", "ben-example", "cat-example", "malgorzata-wisniewska"]
    entries = yaml.safe_load((event / "event.yaml").read_text(encoding="utf-8"))["players"]
    assert [sorted(e) for e in entries] == [["id", "name"], ["name"], ["name"], ["name"], ["id", "name"]]  # ids only where needed


def test_an_existing_event_keeps_the_ids_its_round_files_use(tmp_path):
    event = tmp_path / "content" / "events" / "old"
    event.mkdir(parents=True)
    (event / "event.yaml").write_text("name: Old\nformat: agot-joust\ndate: 2026-01-01\nplayers: [Łukasz Żółw, Ann, Ben, Cat]\n",
                                      encoding="utf-8")
    (event / "round-1.yaml").write_text("tables:\n  - {table: 1, players: [ukasz-zow, ann], winner: ann}\n"
                                        "  - {table: 2, players: [ben, cat], winner: ben}\n", encoding="utf-8")
    assert [p.id for p in load_event(event).players][0] == "ukasz-zow"


def test_the_desk_names_a_new_events_folder_with_its_letters_spelt(tmp_path):
    from sitegen.desk.new_event import create_event

    (tmp_path / "site.yaml").write_text("title: Club\n", encoding="utf-8")
    form = {"name": ["Łódź Open"], "format": ["agot-joust"], "date": ["2026-12-05"], "players": ["Łukasz Żółw\nAnn Example"],
            "rounds": [""], "cut": [""], "language": [""]}
    slug, _ = create_event(tmp_path, form)
    assert slug == "lodz-open" and [p.id for p in load_event(tmp_path / "events" / slug).players] == ["lukasz-zolw", "ann-example"]
