"""The site in each shipped language: complete catalogs that match the code, in every gettext domain (the core's and
each game's own, the test game's of tests/toy/ too), compiled catalogs that match the .po files, and no English
interface text left on any page of the demo built in another language."""
from __future__ import annotations

import functools
import html
import importlib.util
import io
import re
import shutil
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml
from babel import Locale
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po
from project import ROOT

from sitegen.build.engine import build
from sitegen.build.pipeline import render
from sitegen.games import FORMATS, catalogs
from sitegen.games.agot.joust.rules import GAME_RESULTS
from sitegen.games.agot.joust.scoring import RECORD_LABEL
from sitegen.language import in_sentence, speaks, translate
from sitegen.model import DEFAULT_LANGUAGE, LANGUAGES
from sitegen.pages.markdown_html import markdown_html
from sitegen.text import N_

FORMAT_CATALOGS = catalogs()
TRANSLATED = [language for language in LANGUAGES if language != DEFAULT_LANGUAGE]
# make test-fast builds the demo in two of them: Polish (three plural forms) and French (the demo's own French event)
QUICK = ("fr", "pl")
FILE_NAME = re.compile(r"[\w.-]+\.(json|csv|xml)")
PLACEHOLDER = re.compile(r"%\([a-z_]+\)s|\{[a-z_]+\}")


def make_locale():
    """tools/catalogs.py, what `make locale` runs: its domains and its extraction of their messages."""
    spec = importlib.util.spec_from_file_location("catalogs", ROOT / "tools" / "catalogs.py")
    tool = sys.modules["catalogs"] = importlib.util.module_from_spec(spec)  # its dataclass looks itself up there
    spec.loader.exec_module(tool)
    return tool


TOOL = make_locale()
DOMAINS = TOOL.domains([ROOT / "tests" / "toy"])  # the core's, each game's, the test game's
CORE = DOMAINS[0]


def catalog(language: str, domain=CORE):
    with open(domain.locale / language / "LC_MESSAGES" / f"{domain.name}.po", "rb") as f:
        return read_po(f, locale=language)


def every_domain(test):
    return pytest.mark.parametrize("domain", DOMAINS, ids=[d.name for d in DOMAINS])(test)


def forms(value) -> list[str]:
    return list(value) if isinstance(value, (tuple, list)) else [value]


@every_domain
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated_with_its_placeholders(language, domain):
    po = catalog(language, domain)
    assert po.num_plurals == (3 if language == "pl" else 2)
    problems = []
    for message in po:
        if not message.id:
            continue
        wanted = sorted(PLACEHOLDER.findall(forms(message.id)[-1]))
        for text in forms(message.string):
            if not text or message.fuzzy:
                problems.append(f"{language}: not translated: {message.id!r}")
            elif sorted(PLACEHOLDER.findall(text)) != wanted and sorted(PLACEHOLDER.findall(text)) != sorted(PLACEHOLDER.findall(forms(message.id)[0])):
                problems.append(f"{language}: placeholders of {message.id!r} differ in {text!r}")
    assert not problems, "\n".join(problems)


def message_table(mo: bytes) -> dict:
    """What sitegen reads from a compiled catalog: each message's translations and the plural rule, never the
    bytes or the header's Generated-By (another Babel release writes other bytes for the same messages)."""
    compiled = read_mo(io.BytesIO(mo))
    table: dict = {(m.context, tuple(forms(m.id))): tuple(forms(m.string)) for m in compiled if m.id}
    table["Plural-Forms"] = compiled.plural_forms
    return table


def stale_messages(po, mo: bytes) -> list:
    """The messages (and the plural rule) a .mo holds otherwise than the .po compiled in memory."""
    compiled = io.BytesIO()
    write_mo(compiled, po)
    wanted, shipped = message_table(compiled.getvalue()), message_table(mo)
    return sorted((key for key in wanted.keys() | shipped.keys() if wanted.get(key) != shipped.get(key)), key=repr)


def shipped_mo(language: str, domain=CORE) -> bytes:
    return (domain.locale / language / "LC_MESSAGES" / f"{domain.name}.mo").read_bytes()


@every_domain
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_shipped_mo_is_the_compiled_po(language, domain):
    """`make locale` compiles them; a .po edited without compiling fails here."""
    assert not stale_messages(catalog(language, domain), shipped_mo(language, domain)), "run make locale"


def test_a_translation_changed_without_compiling_is_caught():
    po = catalog("fr")
    message = po["Standings"]
    message.string = "Classement (nouveau)"
    assert stale_messages(po, shipped_mo("fr")) == [(None, ("Standings",))]


def test_a_message_added_without_compiling_is_caught():
    po = catalog("pl")
    po.add(("%(count)s judge", "%(count)s judges"), ("%(count)s sędzia", "%(count)s sędziów", "%(count)s sędziów"))
    assert stale_messages(po, shipped_mo("pl")) == [(None, ("%(count)s judge", "%(count)s judges"))]


@every_domain
def test_the_catalogs_hold_exactly_the_messages_of_the_code(domain):
    """Every message the templates and the Python of the domain's folder mark (N_, Nn_) is in its .pot and each .po,
    and no other: the core's catalog holds none of a game's messages that the core's own code does not use."""
    found = {forms(message)[0] for message in TOOL.messages(domain)}
    with open(domain.locale / f"{domain.name}.pot", "rb") as f:
        template = {forms(m.id)[0] for m in read_po(f) if m.id}
    assert found == template, "run make locale: " + repr(sorted(found ^ template)[:10])
    for language in LANGUAGES:
        assert {forms(m.id)[0] for m in catalog(language, domain) if m.id} == template, language


def test_a_games_words_are_in_its_own_catalog_and_not_the_cores():
    """A message only a game writes is in that game's catalog: "Toy Swiss" in tests/toy/'s, nowhere in the core's."""
    names = {domain.name: {forms(m.id)[0] for m in catalog("fr", domain) if m.id} for domain in DOMAINS}
    assert "Toy Swiss" in names["toy"] and "Toy Swiss" not in names["messages"]
    assert set(names) == {"messages", *(name for name, _folder in FORMAT_CATALOGS), "toy"}


def test_the_merged_catalog_reads_the_core_and_every_registered_games_words(monkeypatch):
    """The core's words and each game's, in one catalog per language; a game registered later (the toy) adds its own."""
    from toy.toy_format import FORMAT as TOY

    assert translate(N_("Standings"), "fr") == "Classement"
    assert translate(N_("Toy Swiss"), "fr") == "Toy Swiss"
    monkeypatch.setitem(FORMATS, TOY.name, TOY)
    assert translate(N_("Toy Swiss"), "fr") == "Ronde suisse jouet"
    assert speaks(TOY.catalog, "fr") and not speaks(("toy", ROOT / "tests" / "nowhere"), "fr")


def test_the_record_label_is_the_results_codes():
    assert RECORD_LABEL == "-".join(r.code for r in GAME_RESULTS)


# Column heads of one table (a Melee final table: seat, player, seed, power, place at the table) must read apart.
SHARED_TABLE_HEADS = ("Seat", "Seed", "Place")


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_heads_of_one_table_are_different_words(language):
    assert len({translate(N_(head), language) for head in SHARED_TABLE_HEADS}) == len(SHARED_TABLE_HEADS)


# Words one page shows side by side: a V:TES player's page reads "Rating 50" beside its "Standings" link and "final rank".
SHARED_PAGE_WORDS = ("Rating", "Standings")


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_rating_points_and_the_standings_are_different_words(language):
    assert len({translate(N_(word), language) for word in SHARED_PAGE_WORDS}) == len(SHARED_PAGE_WORDS)


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_seat_named_beside_its_table_is_the_seat_not_the_place(language):
    """A Melee player's page and crosstable write "table 5, seat 1" beside "Power 13; Place 3": the seat there is the
    word of the Seat column head, never the place at the table's (German read "Tisch 5, Platz 1" beside "Platz 3"); so
    does the venue screen's line read aloud under its Seat head, and the desk's seat choice."""
    seat, place = (translate(N_(head), language).lower() for head in ("Seat", "Place"))
    for message in ("table %(table)s, seat %(seat)s", "Table %(table)s, seat %(seat)s", "seat", "seat %(number)s", "%(name)s's seat"):
        said = set(WORD.findall(translate(N_(message), language).lower()))
        assert seat in said and place not in said, (language, message)


# The terms a standings page names with their abbreviation, each under one name in English: one name in each language
# too, as a label ("Game wins (GW)" in the column's tooltip and in the list of tiebreakers beneath it).
ONE_NAME_TERMS = ("SoS", "GW", "VP", "TP")
NAMED_TERM = re.compile(r"(?<!\w )\b([^\W\d_]+(?: [^\W\d_]+){0,2}) \((" + "|".join(ONE_NAME_TERMS) + r")\)")


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_term_a_page_labels_with_its_abbreviation_has_one_name(language):
    """German named the SoS "Gegnerstärke" in the tooltip and "Stärke der Gegner" among the tiebreakers, V:TES's GW
    "Spielsiege" and "Partiesiege" on one page; Polish "Wygrane gry" and "Wygrane partie". A label starts the text or
    a <strong>, with a capital, in at most three words: "1 für den Partiesieg (GW)" is a sentence, not a label."""
    names: dict[str, set[str]] = {}
    for domain in DOMAINS:
        for message in catalog(language, domain):
            for text in forms(message.string) if message.id else ():
                for name, term in NAMED_TERM.findall(text.replace("<strong>", "\n")):
                    if name[0].isupper():
                        names.setdefault(term, set()).add(name)
    assert {term: found for term, found in names.items() if len(found) > 1} == {}


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_rating_says_it_counts_points_not_a_rank(language):
    """A V:TES player's page reads "Rating 50" beside "final rank 2": "Ranking 13" beside "posizione finale 13" reads as
    a second rank in Italian, Spanish, Portuguese and Polish. The label names points, with the word of "Points"
    ("Punti ranking"), or keeps the English loanword German players use."""
    rating, points = translate(N_("Rating"), language), translate(N_("Points"), language)
    assert rating == "Rating" or points.lower() in rating.lower(), (rating, points)


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_judge_has_one_name(language):
    """The judge is named as the round page's "Judge:" names them, in every message that mentions one (German wrote
    "Judge" on the V:TES pages beside "Schiedsrichter", Italian "giudice" beside "arbitro"): the same stem, inflected
    as the sentence needs ("sędziego", "Schiedsrichters")."""
    stem = translate(N_("Judge:"), language).rstrip(": \u00a0\u202f").lower()[:5]  # French: "Juge :"
    other = [text for domain in DOMAINS for message in catalog(language, domain) if message.id
             and re.search(r"\bjudge", forms(message.id)[0], re.I)
             for text in forms(message.string) if stem not in text.lower()]
    assert not other, (stem, other)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_place_columns_legend_explains_the_codes_its_cells_show(language):
    """A Melee table's Place cell writes a shared place "T2" and an eliminated player "4 out", in the language's
    codes (Italian "P2", "4 elim."): the legend beneath explains those codes, not the English ones (it read
    "T: condivisa; out: eliminato" under cells reading "P2")."""
    shared = translate(N_("T{place}", place=""), language).strip()
    out = translate(N_("{place} out", place=""), language).strip()
    for legend in ("Place at the table; T: shared with another player; out: eliminated (decked out or conceded).",
                   "Place at the table; T: shared; out: eliminated."):
        said = translate(N_(legend), language)
        assert re.search(rf"(?<!\w){re.escape(shared)}\s?:", said) and re.search(rf"(?<!\w){re.escape(out)}\s?:", said), (shared, out, said)


def test_brazilian_portuguese_pairs_with_one_verb():
    """The round page said "Emparceiramentos", the rules "emparelhada" and the desk "Parear": one verb, emparelhar."""
    others = {word for domain in DOMAINS for message in catalog("pt_BR", domain) if message.id
              for text in forms(message.string) for word in re.findall(r"\b(?:emparceir|pare(?:ar|ie|ad[ao]s?)\b)\w*", text, re.I)}
    assert not others


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_rating_points_tooltip_names_them_as_the_page_does(language):
    """A V:TES player's page and its standings' tooltip name the same points: German wrote "V:EKN-Ratingpunkte" on
    one and "V:EKN-Ranglistenpunkte" on the other."""
    name = translate(N_("V:EKN rating points"), language)
    tooltip = translate(N_("V:EKN rating points: {formula}. Before the final, without it.", formula="F"), language)
    assert re.match(re.escape(name) + r"\s?:", tooltip), (name, tooltip)  # French: "V:EKN :"


class Texts(HTMLParser):
    """The text a reader meets on a page: its text and the title, aria-label, placeholder and alt attributes, leaving
    out scripts, styles and an element marked lang="en" below the page's own language (a desk's line not yet written
    as a message). Counted by the skipped element's tag: the big tables leave out optional end tags."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self.skipping: str | None = None
        self.depth = 0

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        if self.skipping is None and (tag in ("script", "style") or (values.get("lang") == "en" and tag != "html")):
            self.skipping = tag
        if tag == self.skipping:
            self.depth += 1
        elif self.skipping is None:
            self.found += [values[k] for k in ("title", "aria-label", "placeholder", "alt") if values.get(k)]

    def handle_endtag(self, tag):
        if tag == self.skipping:
            self.depth -= 1
            self.skipping = self.skipping if self.depth else None

    def handle_data(self, data):
        if data.strip() and self.skipping is None:
            self.found.append(data.strip())


def texts(page: bytes) -> list[str]:
    parser = Texts()
    parser.feed(page.decode())
    return parser.found


@pytest.fixture(scope="module")
def english_demo(tmp_path_factory) -> dict[str, bytes]:
    """The pages and the feed of the demo with every page in English (the Joute de Lyon's `language: fr` left out)."""
    built = demo_in(DEFAULT_LANGUAGE, tmp_path_factory.mktemp("en"))
    return {path: page for path, page in built.items() if path.endswith(".html") or path == "feed.xml"}


def demo_in(language: str, tmp_path: Path) -> dict[str, bytes]:
    """The demo built as `sitegen build` builds it (the pages about all events made from the events' kept cards), its
    pages and feed by path."""
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content, ignore=shutil.ignore_patterns(".sitegen-cache"))
    site = content / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8") + f"language: {language}\n", encoding="utf-8")
    for event in (content / "events").iterdir():  # an event with its own language: in this test, the site's
        path = event / "event.yaml"
        path.write_text(re.sub(r"(?m)^language: .*\n", "", path.read_text(encoding="utf-8")), encoding="utf-8")
    build(content, tmp_path / "output")
    return {path.relative_to(tmp_path / "output").as_posix(): path.read_bytes()
            for path in (tmp_path / "output").rglob("*") if path.suffix in (".html", ".xml")}


# What stays the same in every language: the card games' terms and abbreviations, as players say them, and the units
# and symbols of the V:TES rating formula (coef, log, N).
GAME_NAMES = ("A Game of Thrones", "Vampire: The Eternal Struggle")
ALLOWED = {"joust", "melee", "agot", "v", "tes", "ekn", "vp", "gw", "tp", "sos", "esos", "h2h", "coef", "log", "n", "json", "csv", "sitegen"}
WORD = re.compile(r"[^\W\d_]+")
URL = re.compile(r"https?://\S+")


@functools.cache
def content_texts() -> re.Pattern[str]:
    """The content's own text (names, titles, decks, a page's Markdown) and the games' names, longest first: what a page
    shows as written. A format's title is ours ("2nd ed.", "(V:EKN rules)"), translated: only the games' names stay."""
    found = list(GAME_NAMES) + [fmt.name for fmt in FORMATS.values()]

    def walk(value) -> None:
        if isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str):
            found.append(value.strip())

    for path in (ROOT / "content").rglob("*.yaml"):
        walk(yaml.safe_load(path.read_text(encoding="utf-8")))
    for path in (ROOT / "content").rglob("*.md"):
        front, _, body = path.read_text(encoding="utf-8").removeprefix("---\n").partition("\n---\n")
        walk(yaml.safe_load(front))
        found += texts(markdown_html(body).encode())
    known = sorted({text for text in found if len(text) > 1}, key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, known)) + r")(?!\w)")


def words(text: str, content: re.Pattern[str]) -> list[str]:
    """The words of a page's text, the content's text (whole words) and any URL taken out."""
    return WORD.findall(content.sub(" ", URL.sub(" ", text)))


def common_words(text: str) -> set[str]:
    """The words written in lower case somewhere: a language's words, not a name (Greer, Saskia, A to E)."""
    return {word for word in WORD.findall(PLACEHOLDER.sub(" ", text)) if word.islower()}


def language_words(language: str) -> set[str]:
    """The words of the language's translations, and its month and day names (dates are written by Babel)."""
    locale = Locale.parse(language)
    calendar = [name for names in (locale.months["format"], locale.days["format"]) for width in names.values() for name in width.values()]
    found = {w.lower() for domain in DOMAINS for m in catalog(language, domain) if m.id
             for text in forms(m.string) for w in WORD.findall(PLACEHOLDER.sub(" ", text))}
    return found | {w.lower() for name in calendar for w in WORD.findall(name)}


@pytest.fixture(scope="module")
def english_words(english_demo) -> set[str]:
    """The words the interface writes in English: of the message ids, and of the English pages (content left out)."""
    content = content_texts()
    found = {w for domain in DOMAINS for m in catalog(DEFAULT_LANGUAGE, domain) if m.id for text in forms(m.id) for w in common_words(text)}
    return found | {w for page in english_demo.values() for text in texts(page) for w in common_words(" ".join(words(text, content)))}


RUN_TOGETHER = re.compile(r"(\w)[.!?](\w)")


def run_together(text: str) -> list[str]:
    """Where one sentence runs into the next with no space (two messages joined by a template's line break that
    Jinja trims): "gives 76.With 20 players"."""
    return [text[max(0, m.start() - 20):m.end() + 20] for m in RUN_TOGETHER.finditer(text)
            if (m[1].islower() or m[1].isdigit()) and m[2].isupper()]


def test_no_template_starts_a_message_on_the_line_after_another_ends():
    """trim_blocks eats the line break after {% endtrans %}, and lstrip_blocks the indent before {% trans %}: the two
    sentences would touch. The desk's templates are not built by the demo, so this reads them all."""
    joined = [path.relative_to(ROOT).as_posix() for path in (ROOT / "sitegen").rglob("*.html")
              if re.search(r"\{% endtrans %\}\n[ \t]*\{%-? trans", path.read_text(encoding="utf-8"))]
    assert joined == []


def test_no_sentence_runs_into_the_next_in_english(english_demo):
    found = {path: joined for path, page in english_demo.items() for text in texts(page) if (joined := run_together(text))}
    assert found == {}


def feed_titles(feed: bytes) -> list[str]:
    return [html.unescape(title) for title in re.findall(r"<title>(.*?)</title>", feed.decode())]


@pytest.mark.parametrize("language", [pytest.param(language, marks=() if language in QUICK else pytest.mark.slow)
                                      for language in TRANSLATED])
def test_no_english_interface_text_is_left(language, english_demo, english_words, tmp_path):
    """Every word of a page built in `language`, the content's text (names, decks, a page's Markdown) left out, is a
    word of the language (its catalog's) or a game term (ALLOWED): an English word of the interface, one a template or
    the Python writes untranslated (a word of the same page in English or of a message id), fails, even inside a
    translated sentence. The rules pages' explanations and the standings' tiebreakers included: no page marks any
    text lang="en" (English kept as English). The feed's titles are checked too, and no sentence runs into the next."""
    content = content_texts()
    own_words = language_words(language) | ALLOWED
    pages, english = english_demo, english_words
    built = demo_in(language, tmp_path)
    left: dict[str, tuple[str, str]] = {}
    for path in pages:
        assert b'lang="en"' not in built[path], f"{path}: text marked English"
        assert [joined for text in texts(built[path]) for joined in run_together(text)] == [], path
        for text in feed_titles(built[path]) if path.endswith(".xml") else texts(built[path]):
            for word in words(text, content):  # a capital letter alone is a name: the V:TES examples' players A to E
                if word.lower() in english and word.lower() not in own_words and not (len(word) == 1 and word.isupper()) and not FILE_NAME.fullmatch(text):
                    left.setdefault(word.lower(), (path, text))
    assert not left, "\n".join(sorted({f"{path}: {word!r} in {text[:300]!r}" for word, (path, text) in left.items()}))


@pytest.mark.parametrize("language", ["fr", "pt_BR"])
def test_the_page_says_its_language_and_writes_dates_and_numbers_its_way(language, tmp_path):
    built = demo_in(language, tmp_path)
    home = built["index.html"].decode()
    assert f'<html lang="{language.replace("_", "-")}">' in home
    assert not re.search(r"<time datetime=\"(\d{4}-\d\d-\d\d)\">\1<", home), "a date left in ISO form"
    standings = built["events/winter-joust-2026/standings.html"].decode()
    assert re.search(r"\d,\d\d<", standings) and not re.search(r">\d\.\d\d<", standings), "SoS with a decimal point"


def test_an_event_in_its_own_language_leaves_the_rest_of_the_site_in_the_sites():
    """The demo's Joute de Lyon says `language: fr`: its pages are French, the other events' stay English."""
    english_demo = render(ROOT / "content")
    lyon = english_demo["events/joute-de-lyon-2026/index.html"].decode()
    assert '<html lang="fr">' in lyon and "rondes qualificatives" in lyon and ">19 sept. 2026<" in lyon
    other = english_demo["events/winter-joust-2026/index.html"].decode()
    assert '<html lang="en">' in other and ">2026-11-14<" in other and "(bracket)" in other


def test_a_language_sitegen_does_not_ship_is_refused_at_its_line(make_site, run_cli):
    root = make_site({"site.yaml": "title: Test events\nlanguage: klingon\n",
                      "events/e/event.yaml": "name: E\nformat: agot-joust\ndate: 2026-01-01\nlanguage: fr_FR\nplayers: []\n"})
    code, out, err = run_cli("check", "--content", root)
    assert code == 2
    assert "site.yaml:2: 'language: klingon' is not a language sitegen ships; write one of en, fr, es, it, de, pt_BR, pl" in out + err
    assert "event.yaml:4: 'language: fr_FR' is not a language sitegen ships" in out + err


@pytest.fixture(scope="module")
def german_demo(tmp_path_factory) -> dict[str, bytes]:
    return demo_in("de", tmp_path_factory.mktemp("de"))


def test_a_title_inside_a_sentence_keeps_the_capital_german_nouns_take(german_demo):
    """The event page names what follows the preliminary rounds mid-sentence, in lower case ("then the top 4 play on
    (bracket)"), but a German noun keeps its capital: "(Turnierbaum)", never "(turnierbaum)"."""
    built = german_demo
    joust = built["events/winter-joust-2026/index.html"].decode()
    assert "danach spielen die besten 4 weiter (Turnierbaum)." in joust
    assert "(Finaltisch)" in built["events/autumn-vtes-2026/index.html"].decode()
    assert in_sentence("Cuadro", "es") == "cuadro" and in_sentence("Bracket", "en") == "bracket"


def test_german_sentences_put_their_words_in_german_order(german_demo):
    """What a German reader stumbled on: "weil" sends the verb to the end, which the Melee cut's reason, put after it,
    does not do ("weil die K.-o.-Regeln von Melee ordnen den Cut nach Punkte"): "denn" keeps its order. The SoS is
    die Gegnerstärke, feminine ("Die SoS ist", not "Der SoS ist")."""
    standings = html.unescape(german_demo["events/autumn-melee-2026/standings.html"].decode())
    assert "Er weicht von der Tabelle unten ab, denn die K.-o.-Regeln von Melee ordnen den Cut so: Punkte, dann SoS, dann ESoS," in standings
    player = html.unescape(german_demo["events/autumn-melee-2026/players/juno-thorne.html"].decode())
    assert "Die SoS ist der Mittelwert" in player and "Der SoS" not in player
