"""A French TO reads French everywhere in the desk: the refusals of the games and of the shared checks, the content
problems of the overlay, with no English piece put into a translated sentence (an exception's text, a stage's id)."""
from __future__ import annotations

import json
import random
import re
from dataclasses import replace

import pytest
import yaml
from desk_events import Desk, make_event
from random_events import joust_result, melee_result
from toy.toy_format import FORMAT as TOY

from sitegen import games as formats
from sitegen.build.pipeline import check
from sitegen.desk.actions import said
from sitegen.desk.deck_links import before_pairing
from sitegen.desk.screens import rounds_version
from sitegen.edit.decklists import HeldDecks, register, release
from sitegen.edit.rounds import pair_round, set_length
from sitegen.edit.seats import choose_seats
from sitegen.games.base import Format, Refused
from sitegen.games.tournament.swiss import cut_seeds
from sitegen.language import translate
from sitegen.load.event import load_event
from sitegen.model import ContentError
from sitegen.text import Joined, Msg, suggest


def in_french(text) -> str:
    """`text` as a French page shows it; it must be a message the desk translates, and be translated."""
    assert isinstance(text, (Msg, Joined)), f"plain English text: {text!r}"
    french = str(translate(text, "fr"))
    assert french != str(text), f"not translated: {text!r}"
    return french


def refusal(call, *args, **kwargs) -> str:
    with pytest.raises(Refused) as caught:
        call(*args, **kwargs)
    return in_french(said(caught.value))


def play_round(folder, fmt: str, number: int = 1) -> None:
    path = folder / f"round-{number}.yaml"
    data = yaml.safe_load(path.read_text())
    rng = random.Random(3)
    for table in data["tables"]:
        if fmt == "agot-joust":
            joust_result(rng, table, elimination=False)
        elif fmt == "agot-melee":
            melee_result(rng, table, elimination=False)
        else:
            table["vp"] = {pid: 0.5 for pid in table["players"]}  # everyone to time
    path.write_text(yaml.safe_dump(data, sort_keys=False))


@pytest.mark.parametrize("fmt", ["agot-joust", "agot-melee", "vtes"])
def test_pairing_a_finished_event_is_refused_in_french(tmp_path, fmt):
    folder = make_event(tmp_path, fmt, pair=False)
    rounds = 3 if fmt == "vtes" else 1  # the fewest the game allows
    (folder / "event.yaml").write_text((folder / "event.yaml").read_text() + f"rounds: {rounds}\n" + ("cut: 0\n" if fmt != "vtes" else ""))
    for number in range(1, rounds + 1):
        pair_round(folder)
        play_round(folder, fmt, number)
    french = refusal(pair_round, folder)
    assert "est terminé" in french and " are played" not in french


def test_the_desk_shows_a_finished_events_refusal_in_french(tmp_path):
    folder = make_event(tmp_path, "agot-joust", pair=False)
    (folder / "event.yaml").write_text((folder / "event.yaml").read_text() + "rounds: 1\ncut: 0\n")
    pair_round(folder)
    play_round(folder, "agot-joust")
    server = Desk(tmp_path / "content", tmp_path, language="fr")
    try:
        # The page offers no Pair once the event is over; a form from a page loaded earlier (another tab) still asks.
        status, page, headers = server.post("e/desk/pair", {"version": rounds_version(load_event(folder))})
        if status == 303:
            status, page, _ = server.request("GET", headers["Location"].split("#")[0])
        assert "est terminé" in page and "are played" not in page and 'lang="en"' not in page
    finally:
        server.close()


def test_the_interfaces_refusals_are_french():
    """What `Format` says by default to a game without a capability: no cut, no fold; a ranking body's number."""
    assert "n'a pas de phase éliminatoire" in refusal(Format.new_event_lines, TOY, None, 4)
    assert "toy-swiss" in refusal(Format.round_sizes, TOY, 5)
    _game, body = next(iter(formats.RANKING_BODIES.values()))
    assert "entre guillemets" in in_french(body.number_problem("12"))


def test_a_bad_id_and_a_control_character_are_french_in_the_overlay(tmp_path):
    folder = make_event(tmp_path, "agot-joust", pair=False)
    event_yaml = folder / "event.yaml"
    event_yaml.write_text(event_yaml.read_text().replace("  - name: Ben Example\n", "  - name: Ben Example\n    id: Ben B\n")
                          .replace("name: Desk Joust", 'name: "Desk\\u0007Joust"'))
    server = Desk(tmp_path / "content", tmp_path, language="fr")
    try:
        server.get("e/desk/")
        document = json.loads(server.get("__sitegen/problems?lang=fr")[1])
    finally:
        server.close()
    text = "\n".join(document["problems"])
    assert "'Ben B' n'est pas un identifiant valide" in text and "écrivez-le 'ben-b'" in text, text
    assert "contient le caractère de contrôle U+0007" in text, text
    assert not any(document["english"]), text


def test_a_melee_result_the_rules_rule_out_is_french(tmp_path):
    """The rules' own reasons (every player eliminated) are messages, not an exception's English text."""
    folder = make_event(tmp_path, "agot-melee")
    path = folder / "round-1.yaml"
    data = yaml.safe_load(path.read_text())
    table = data["tables"][0]
    table |= {"power": {pid: 1 for pid in table["players"]}, "eliminated": list(table["players"])}
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    problems = formats.format_of(load_event(folder)).validate(load_event(folder))
    french = " ".join(in_french(p.message) for p in problems)
    assert "every player" not in french and "éliminé" in french, french


def test_the_seat_choice_names_the_stage_and_round_in_french(tmp_path):
    folder = make_event(tmp_path, "vtes")
    french = refusal(choose_seats, folder, {})
    assert "Finale" in french and "Ronde 1" in french and "round-1" not in french, french


def test_the_length_and_cut_refusals_are_french(tmp_path):
    folder = make_event(tmp_path, "agot-joust")
    pair_round(folder, redo=True)
    play_round(folder, "agot-joust")
    pair_round(folder)
    assert "2 rondes sont déjà appariées" in refusal(set_length, folder, 1, None)
    rows = formats.format_of(load_event(folder)).standings(load_event(folder))
    dropped = [replace(row, dropped=True) for row in rows]
    assert "qui n'ont pas abandonné" in refusal(cut_seeds, [row.player for row in rows], dropped, 2)


def test_the_decklist_refusals_are_french(tmp_path):
    folder = make_event(tmp_path, "vtes", pair=False)
    cache = tmp_path / "cache"
    assert "ne recueille pas de listes" in refusal(register, folder, cache, "ann-example", "Crypt (12)")
    assert "n'a pas de joueur 'zed'" in refusal(register, folder, cache, "zed", "Crypt (12)")
    event_yaml = folder / "event.yaml"
    event_yaml.write_text(event_yaml.read_text() + "decklists:\n  collect: required\n  publish: winner\n")
    french = refusal(before_pairing, folder, cache, {})
    assert "Ronde 1 n'est pas appariée" in french and "ann-example (manquante)" in french
    HeldDecks.of(cache, load_event(folder)).hold("ann-example", "Crypt (12)")
    assert "n'a pas encore de vainqueur" in refusal(release, folder, cache, now=True)
    event_yaml.write_text(event_yaml.read_text().replace("publish: winner", "publish: cut"))
    assert "n'est pas encore appariée" in refusal(release, folder, cache, now=True)
    event_yaml.write_text(event_yaml.read_text().replace("publish: cut", "publish: never"))
    assert "publish: never" in refusal(release, folder, cache, now=True)


def test_only_the_finals_seats_are_chosen_in_french(tmp_path):
    folder = make_event(tmp_path, "vtes")
    event = load_event(folder)
    fmt = formats.format_of(event)
    assert "seuls les sièges de la finale" in refusal(fmt.seat_choice.choosers, event, event.rounds[0])


def test_pairing_over_pending_tables_names_them_without_english(tmp_path):
    """The tables still in play are listed by their players, with no English word between the names ("v")."""
    folder = make_event(tmp_path, "agot-joust")
    french = refusal(pair_round, folder)
    assert "n'ont pas encore de résultat" in french and " v " not in french
    assert re.search(r"table 1 : \w+ Example – \w+ Example; 2 : \w+ Example – \w+ Example\)", french), french


def test_a_bracket_round_off_the_bracket_is_french(toy_bracket):
    folder, problems = toy_bracket
    french = " ".join(in_french(p.message) for p in problems)
    assert "doivent suivre le tableau des 8 premiers du classement suisse" in french and " v " not in french, french


@pytest.fixture
def toy_bracket(make_site, monkeypatch):
    """The toy game's first bracket round with two players swapped between games."""
    monkeypatch.setitem(formats.FORMATS, TOY.name, TOY)
    names = "".join(f"  - name: P{n}\n" for n in range(9))
    folder = make_site({"events/e/event.yaml": f"name: Toy night\nformat: toy-swiss\ndate: 2026-03-01\nseed: 7\nplayers:\n{names}"}) / "events" / "e"
    for number in (1, 2, 3):
        pair_round(folder)
        path = folder / f"round-{number}.yaml"
        data = yaml.safe_load(path.read_text())
        for table in data["tables"]:
            table["winner"] = table["players"][0]
        path.write_text(yaml.safe_dump(data, sort_keys=False))
    pair_round(folder)
    data = yaml.safe_load((folder / "elim-1.yaml").read_text())
    data["tables"][0]["players"][1], data["tables"][1]["players"][1] = data["tables"][1]["players"][1], data["tables"][0]["players"][1]
    (folder / "elim-1.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    event = load_event(folder)
    return folder, TOY.validate(event)


def test_a_suggestion_is_french_inside_a_french_message():
    assert in_french(suggest("anm-example", ["ann-example", "ben-example"])) == "vouliez-vous dire 'ann-example' ?"
    assert in_french(suggest("zed", ["ann-example", "ben-example"])) == "possibles : ann-example, ben-example"


def problems_of(folder) -> str:
    """The event's problems as the desk's French overlay shows them."""
    event = load_event(folder)
    return " ".join(in_french(p.message) for p in formats.format_of(event).validate(event))


def test_a_joust_tables_problems_are_french(tmp_path):
    folder = make_event(tmp_path, "agot-joust")
    path = folder / "round-1.yaml"
    data = yaml.safe_load(path.read_text())
    a, b = data["tables"][0]["players"]
    data["tables"][0]["power"] = {a: 15, b: 3}
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    assert "atteint le total de victoire de 15" in problems_of(folder)
    data["tables"][0]["power"] = {a: 3}
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    assert "'power' demande les deux joueurs de la table 1" in problems_of(folder)
    event_yaml = folder / "event.yaml"
    event_yaml.write_text(event_yaml.read_text().replace("cut: 0", "cut: 3"))
    assert "'cut: 3' doit valoir 0 ou une puissance de deux" in problems_of(folder)


def test_a_round_paired_while_another_is_in_play_is_french(tmp_path):
    folder = make_event(tmp_path, "agot-joust")
    (folder / "round-2.yaml").write_text((folder / "round-1.yaml").read_text())
    assert "Ronde 2 est appariée alors que Ronde 1 a encore des tables en jeu (tables 1, 2)" in problems_of(folder)


def test_a_text_yaml_reads_as_a_number_is_french(tmp_path):
    folder = make_event(tmp_path, "agot-joust", pair=False)
    event_yaml = folder / "event.yaml"
    event_yaml.write_text(event_yaml.read_text().replace("name: Desk Joust", "name: 1.10"))
    with pytest.raises(ContentError) as caught:
        load_event(folder)
    french = " ".join(in_french(p.message) for p in caught.value.problems)
    assert "'name' se lit comme le nombre 1.1 pour YAML" in french, french


def set_result(path, **result) -> None:
    data = yaml.safe_load(path.read_text())
    data["tables"][0] |= result
    path.write_text(yaml.safe_dump(data, sort_keys=False))


def event_problems(folder) -> list:
    """Every problem `check` finds in the event: the loader's, then the game's."""
    try:
        event = load_event(folder)
    except ContentError as exc:
        return exc.problems
    return formats.format_of(event).validate(event)


@pytest.mark.parametrize(("fmt", "change", "french"), [
    ("agot-joust", lambda f: (f / "round-1.yaml").write_text((f / "round-1.yaml").read_text() + "bad: [\n"), "erreur de syntaxe YAML"),
    ("agot-joust", lambda f: (f / "round-1.yaml").write_text((f / "round-1.yaml").read_text().replace("tables:", "x: &a 1\ntables:")),
     "les ancres et alias YAML"),
    ("agot-joust", lambda f: (f / "round-01.yaml").write_text("tables: []\n"), "nom de fichier inattendu"),
    ("agot-joust", lambda f: (f / "final.yaml").write_text("tables: []\n"), "les tournois AGoT n'ont pas de final.yaml"),
    ("agot-joust", lambda f: (f / "round-1.yaml").write_bytes(b"tables: \xff\n"), "n'est pas du texte UTF-8"),
    ("agot-joust", lambda f: (f / "decks").mkdir() or (f / "decks" / "zed.txt").write_text("x"), "contient une liste par joueur"),
    ("vtes", lambda f: set_result(f / "round-1.yaml", vp=3), "'vp' doit associer"),
    ("agot-joust", lambda f: set_result(f / "round-1.yaml", winner="ann-example") or (f / "event.yaml").write_text(
        (f / "event.yaml").read_text() + "seed: 42\n"), "la graine du tournoi vaut maintenant 'seed: 42'"),
    ("agot-joust", lambda f: set_result(f / "round-1.yaml", victory={"ann-example": 16}), "'victory' ne change que la lecture de 'power'"),
])
def test_the_loaders_and_the_games_problems_are_french(tmp_path, fmt, change, french):
    folder = make_event(tmp_path, fmt)
    change(folder)
    said = " ".join(in_french(p.message) for p in event_problems(folder))
    assert french in said, said


@pytest.mark.parametrize(("page", "french"), [
    ("---\ntitle: À propos\ncolour: red\n---\nTexte\n", "clé d'en-tête inconnue 'colour'"),
    ("---\ntitle: À propos\norder: first\n---\nTexte\n", "'order' doit être un nombre entier"),
    ("---\ntitle: À propos\nTexte\n", "l'en-tête commence par '---' mais ne se termine jamais"),
])
def test_a_pages_problems_are_french(tmp_path, page, french):
    folder = make_event(tmp_path, "agot-joust", pair=False)
    pages = folder.parent.parent / "pages"
    pages.mkdir()
    (pages / "about.md").write_text(page)
    with pytest.raises(ContentError) as caught:
        check(folder.parent.parent)
    said = " ".join(in_french(p.message) for p in caught.value.problems)
    assert french in said, said


@pytest.mark.parametrize(("path", "text", "french"), [
    ("players.yaml", "players:\n  - {name: Ann Example}\n", "'id' manquant"),
    ("leagues/winter.yaml", "name: Winter\nscheme: placez\npoints: [3, 2, 1]\nevents: [desk]\n", "barème inconnu 'placez' ; vouliez-vous dire 'places' ?"),
    ("leagues/spring.yaml", "name: Spring\npoints: [3, 2, 1]\nevents: {from: 2026-13-01}\n", "'from: 2026-13-01' n'est pas une date"),
    ("players.yaml", "players:\n  - {id: ann-example, name: Ann Example, github: -ann-}\n", "'-ann-' n'est pas un identifiant GitHub"),
])
def test_the_players_and_leagues_problems_are_french(tmp_path, path, text, french):
    folder = make_event(tmp_path, "agot-joust", pair=False)
    file = folder.parent.parent / path
    file.parent.mkdir(exist_ok=True)
    file.write_text(text)
    with pytest.raises(ContentError) as caught:
        check(folder.parent.parent)
    said = " ".join(in_french(p.message) for p in caught.value.problems)
    assert french in said, said


@pytest.mark.parametrize("multideck", [False, True])
def test_a_locked_list_is_refused_in_french_without_command_line_advice(tmp_path, multideck):
    """A player's link confirming a list after its round was paired: the refusal is the player's language and names no
    command (only the TO may still replace it); the CLI's `sitegen deck` says how (--force)."""
    folder = make_event(tmp_path, "vtes", pair=False)
    event_yaml = folder / "event.yaml"
    event_yaml.write_text(event_yaml.read_text() + "decklists:\n  collect: optional\n  publish: winner\n"
                          + ("multideck: true\n" if multideck else ""))
    pair_round(folder)
    french = refusal(register, folder, tmp_path / "cache", "ann-example", "Crypt (12)", round_key="round-1" if multideck else "")
    assert "Ronde 1" in french and "sitegen" not in french and "--force" not in french
