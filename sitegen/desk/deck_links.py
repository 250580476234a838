"""Players register their decklists through the desk, and the TO checks and prints them.

Each player of an event that collects decklists has a link of their own, `/d/LINK` (outside the desk's token, like
the report links): it opens a page to paste their list, shows what was understood (cards, counts, problems) and
holds the list once they confirm (`edit/decklists.register`: in the cache folder, never in git or on the site), until
round 1 is paired. A link reads and replaces its own player's list and no other (a form naming another player: 403).

The TO's side, under the token: `e/SLUG/decks` (each player's status, link and QR code), `e/SLUG/decks/print` (every
list, one an A4 page) and `e/SLUG/decks/PLAYER` (one list, for a deck check).
"""
from __future__ import annotations

import json
import secrets
import threading
from dataclasses import dataclass
from http import HTTPStatus
from pathlib import Path

from sitegen.desk.actions import Done, Form, said, value
from sitegen.desk.report_links import DeskSide, Page, qr_code
from sitegen.desk.reports import RateLimit, kept_token
from sitegen.edit.decklists import (
    HeldDecks,
    check_list,
    list_for_round,
    lists_so_far,
    locked,
    missing_lists,
    players_of,
    register,
    release,
    target_round,
)
from sitegen.files import write_atomic
from sitegen.games import format_of
from sitegen.games.base import Refused
from sitegen.games.decklist import CheckedDeck, round_name, too_long
from sitegen.load.event import load_event
from sitegen.model import ContentError, Event
from sitegen.text import N_, Msg, in_list

DECK_ROUTE = "d"  # /d/LINK: a player's decklist link
STORE_NAME = "desk-deck-links.json"
PER_LINK, PER_ADDRESS = (20, 60.0), (60, 60.0)  # requests per seconds, as the report links
STATUS = {"registered": N_("registered"), "missing": N_("missing"), "problems": N_("has problems")}


@dataclass(frozen=True)
class DeckBinding:
    event: str
    player: str


def status_of(event: Event, text: str | None) -> tuple[CheckedDeck | None, str]:
    """A held list checked, and its status ("missing", "registered" or "problems")."""
    checked = check_list(event, text) if text is not None else None
    return checked, "missing" if checked is None else "registered" if checked.valid else "problems"


class DeckLinks:
    def __init__(self, side: DeskSide) -> None:
        self.side = side
        self.path = side.config.cache / STORE_NAME
        self.lock = threading.Lock()
        self.links: dict[str, DeckBinding] = {}
        if self.path.is_file():
            try:
                self.links = {token: DeckBinding(*pair) for token, pair in json.loads(self.path.read_bytes()).items()}
            except (OSError, ValueError, TypeError):
                self.links = {}  # print the links again: the held lists themselves are files of their own
        self.per_link, self.per_address = RateLimit(*PER_LINK), RateLimit(*PER_ADDRESS)

    def link_for(self, event: str, player: str) -> str:
        with self.lock:
            return kept_token(self.links, DeckBinding(event, player), self._save)

    def _save(self) -> None:
        write_atomic(self.path, json.dumps({t: [b.event, b.player] for t, b in self.links.items()}, indent=1).encode())

    def binding(self, token: str) -> DeckBinding | None:
        with self.lock:
            return next((b for t, b in self.links.items() if secrets.compare_digest(t.encode(), token.encode())), None)

    # The TO's side.

    @staticmethod
    def serves(route: list[str]) -> bool:
        return len(route) in (3, 4) and route[0] == "e" and route[2] == "decks"

    def get(self, route: list[str], address: str) -> Page:
        folder = self.side.event_folders().get(route[1])
        try:
            event = load_event(folder) if folder else None
        except ContentError as exc:
            return Page(HTTPStatus.CONFLICT, f"the event has problems: {exc}\n".encode(), "text/plain; charset=utf-8")
        if event is None or folder is None:
            return Page(HTTPStatus.NOT_FOUND, b"no such event\n", "text/plain; charset=utf-8")
        lists = HeldDecks.of(self.side.config.cache, event).by_round()
        rows = [self._row(event, player.id, player.name, lists, address) for player in event.players]
        shown = [row for row in rows if len(route) == 3 or route[3] in ("print", row["id"])]
        if len(route) == 4 and not shown:
            return Page(HTTPStatus.NOT_FOUND, b"no such player\n", "text/plain; charset=utf-8")
        target = target_round(event)
        body = self.side.template("decks.html", self.side.language(event)).render(
            event=event, rows=shown, qr=qr_code, mode="statuses" if len(route) == 3 else "print" if route[3] == "print" else "one",
            root=f"/{self.side.config.token}/", collect=event.decklists.collect, round=round_name(target) if target else "")
        return Page(HTTPStatus.OK, body.encode())

    def _row(self, event: Event, player: str, name: str, lists: dict[str, dict[str, str]], address: str) -> dict[str, object]:
        """A player's line: the status of their list (when lists go by round: of each round's so far, the next round's
        list being the one shown)."""
        statuses = [(key, text, status_of(event, text)) for key, text in lists_so_far(event, lists, player)]
        _, text, (checked, status) = statuses[-1]
        url = f"{address}/{DECK_ROUTE}/{self.link_for(event.slug, player)}"
        rounds = [(round_name(key), STATUS[each]) for key, _, (_, each) in statuses] if statuses[-1][0] else []
        return {"id": player, "name": name, "status": status, "words": STATUS[status], "checked": checked, "url": url, "rounds": rounds}

    # The player's side.

    def answer(self, token: str, form: Form | None, address: str) -> Page:
        """GET (`form` None): the link's page; POST: the pasted list checked (`check`), or held (`confirm`)."""
        if not self.per_address.allow(address) or not self.per_link.allow(token):
            return self._sentence(HTTPStatus.TOO_MANY_REQUESTS, N_("Too many tries from here: wait a minute, then try again."))
        binding = self.binding(token)
        folder = self.side.event_folders().get(binding.event) if binding else None
        if binding is None or folder is None:
            return self._sentence(HTTPStatus.FORBIDDEN, N_("The desk does not know this link. Ask the TO for yours."))
        try:
            event = load_event(folder)
        except ContentError:
            return self._sentence(HTTPStatus.SERVICE_UNAVAILABLE, N_("The desk cannot take decklists right now: tell the TO."))
        language = self.side.language(event)
        if form is not None and (value(form, "link") != token or value(form, "player") != binding.player):
            return self._sentence(HTTPStatus.FORBIDDEN, N_("Your link registers your own decklist, and no other."), language)
        if form is None:
            held = self._held(event, binding.player)
            checked = check_list(event, held) if held is not None else None
            return self._page(event, binding, token, text="", checked=checked, registered=held is not None)
        return self._post(event, folder, binding, token, form)

    def _held(self, event: Event, player: str) -> str | None:
        """The player's held list (when lists go by round: the one they would play in the next round)."""
        target = target_round(event)
        if not target:
            return HeldDecks.of(self.side.config.cache, event).text(player)
        return list_for_round(event, HeldDecks.of(self.side.config.cache, event).by_round(), player, target)

    def _post(self, event: Event, folder: Path, binding: DeckBinding, token: str, form: Form) -> Page:
        text = value(form, "list")
        refused = too_long(text)
        if refused is not None:
            return self._page(event, binding, token, text="", checked=None, error=refused, status=HTTPStatus.REQUEST_ENTITY_TOO_LARGE)
        if value(form, "step") != "confirm":
            return self._page(event, binding, token, text=text, checked=check_list(event, text), confirming=True)
        round_key = value(form, "round") or target_round(event)  # the round the page offered: refused, not moved on, once paired
        try:
            checked = register(folder, self.side.config.cache, binding.player, text, round_key=round_key)
        except (Refused, ContentError) as exc:
            return self._page(event, binding, token, text=text, checked=None, error=said(exc), status=HTTPStatus.CONFLICT)
        return self._page(event, binding, token, text="", checked=checked, registered=True, message=registered_message(checked, round_key))

    def _page(self, event: Event, binding: DeckBinding, token: str, *, text: str, checked: CheckedDeck | None, registered: bool = False,
              confirming: bool = False, message: str = "", error: str | Msg = "", status: int = HTTPStatus.OK) -> Page:
        rules = self.side.template("deck.html", self.side.language(event))
        body = rules.render(event=event, me=event.player_by_id[binding.player].name, player=binding.player, link=token, route=DECK_ROUTE,
                            text=text, checked=checked, registered=registered, confirming=confirming, message=message, error=error,
                            formats=check_formats(event), lock=locked(event, binding.player, target_round(event)),
                            round=target_round(event), round_label=round_name(target_round(event)) if target_round(event) else "")
        return Page(status, body.encode())

    def too_large(self) -> Page:
        """A form far over the desk's limit (a 1 MB paste), refused before it is read."""
        return self._sentence(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, N_("That is far too long for a decklist: paste the list only "
                                                                      "(a deck builder's text export), then check it again."))

    def _sentence(self, status: int, sentence: Msg, language: str = "") -> Page:
        body = self.side.template("deck.html", language or self.side.language()).render(sentence=sentence, route=DECK_ROUTE)
        return Page(status, body.encode())


def registered_message(checked: CheckedDeck, round_key: str) -> Msg:
    if not round_key:
        return N_("Your list is registered. You may replace it until round 1 is paired.") if checked.valid else \
            N_("Your list is registered, with the problems below: fix them and register it again before round 1 is paired.")
    label = round_name(round_key)
    return N_("Your list for {round} is registered. You may replace it until that round is paired.", round=label) if checked.valid else \
        N_("Your list for {round} is registered, with the problems below: fix them and register it again before that round is paired.", round=label)


def check_formats(event: Event) -> Msg | str:
    rules = format_of(event).deck_rules
    return rules.formats if rules else ""


def before_pairing(folder: Path, cache: Path, form: Form) -> None:
    """The desk's "Pair the next round" under `collect: required`: refused while a starter has no legal list, unless
    the TO ticked the override."""
    if value(form, "without_decklists") == "on":
        return
    key, missing = missing_lists(folder, cache)
    if missing:
        players = in_list([N_("{player} ({status})", player=player, status=STATUS["missing" if status == "missing" else "problems"])
                           for player, status in missing.items()])
        raise Refused(N_("{round} is not paired: the event requires a legal decklist, and these players have none: {players}. Tick "
                         "'{override}' to pair all the same.", round=round_name(key), players=players,
                         override=N_("Pair without their decklists (players with no legal list)")))


def published(folder: Path, cache: Path) -> Done | None:
    """After a change: the held lists the event's rule now releases, written into the event folder (committed like the
    change with `--commit`); None when there are none."""
    try:
        released = release(folder, cache)
    except (Refused, ContentError) as exc:
        return Done(N_("The decklists could not be published: {error}", error=str(exc)), [])
    if not released:
        return None
    names = load_event(folder).player_by_id  # the TO reads names, as in every other note
    return Done(N_("Decklists published: {players}", players=", ".join(names[pid].name for pid in players_of(released))), released)
