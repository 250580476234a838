"""Players report their table's result at the venue, from their phone, through the desk.

Each player of the current round has a link of their own, `/r/LINK` (not under the desk's token: a link lets its
player report their table and nothing else; the page it opens never holds the desk's token). The desk prints them
(a sheet with a QR code per player, the slips with a QR code beside each name) and lists them at `links.json`.

A report is read and checked exactly like the TO's entry (`actions.words_from_form`, then `enter_result` with
`check_only`), then held (`reports.ReportBook`), never written: the desk shows it on its table, where one tap
accepts it. When another player of the table reports the same result, it is written as the TO's entry would be
(`actions.enter`, under the content folder's lock, with the version of the table the player saw: a table the TO
wrote meanwhile is never overwritten). Reports that differ are shown as disputed. A link whose table is written,
whose round is over or whose table changed is refused (410); a form naming another table or round, 403.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, replace
from http import HTTPStatus
from pathlib import Path
from typing import Any, Protocol

import jinja2
import segno
from markupsafe import Markup

from sitegen import games as formats
from sitegen.desk.actions import Done, Form, Stale, describe_result, enter, said, value, words_from_form
from sitegen.desk.preview import DeskConfig
from sitegen.desk.reports import STORE_NAME, Binding, Held, HeldTable, RateLimit, ReportBook, table_state
from sitegen.desk.screens import event_page, table_version
from sitegen.edit.commit import current_round
from sitegen.edit.lock import content_lock
from sitegen.edit.report import for_a_player
from sitegen.edit.results import enter_result, read_result
from sitegen.games.base import Refused, round_name
from sitegen.games.result_entry import ResultWay
from sitegen.load.check import one_event_problems
from sitegen.load.event import load_event
from sitegen.load.site import read_outline
from sitegen.model import ContentError, Event, Round, Table
from sitegen.text import N_, Joined, Msg

LINK_ROUTE = "r"  # /r/LINK: a player's link; /r/desk.css, /r/desk.js: the desk's style sheet and script, which hold no secret
PER_LINK = (20, 60.0)  # requests per seconds: a player taps a few times, a script guessing results many
PER_ADDRESS = (60, 60.0)  # a phone shared by a table, a venue's wifi behind one address
HELD, WRITTEN, FINISHED = "held", "written", "finished"  # what became of a player's report: see ReportLinks._report


class DeskSide(Protocol):
    """What the report links need of the desk (`server.Desk`)."""

    config: DeskConfig

    def event_folders(self) -> dict[str, Path]: ...

    def language(self, event: Event | None = None) -> str: ...

    def template(self, name: str, language: str) -> jinja2.Template: ...

    def commit(self, done: Done, slug: str) -> list[str]: ...

    def deck_url(self, event: Event, player: str) -> str: ...


@dataclass(frozen=True)
class Page:
    status: int
    body: bytes
    kind: str = "text/html; charset=utf-8"


@dataclass(frozen=True)
class Seen:
    """A link's table as the files hold it now."""

    binding: Binding
    folder: Path
    event: Event
    round: Round
    table: Table


class Refusal(Exception):
    def __init__(self, status: int, sentence: Msg, language: str = "") -> None:
        super().__init__(sentence)
        self.status, self.language = status, language  # "": the desk's (the link's event is not known)


UNAVAILABLE = N_("The desk cannot take reports right now: tell the TO.")


def qr_code(url: str) -> Markup:
    """An inline SVG (the desk's policy lets no image from elsewhere in): a phone's camera opens `url`."""
    return Markup(segno.make(url, error="m").svg_inline(scale=3, dark="#000", light="#fff"))


class ReportLinks:
    def __init__(self, side: DeskSide) -> None:
        self.side = side
        self.book = ReportBook(side.config.cache / STORE_NAME)
        self.per_link, self.per_address = RateLimit(*PER_LINK), RateLimit(*PER_ADDRESS)

    # The TO's side: the links, the printed sheets, the held reports on the event page.

    @staticmethod
    def serves(route: list[str]) -> bool:
        return route == ["links.json"] or (len(route) == 3 and route[0] == "e" and route[2] in ("links", "slips", "links.json"))

    def get(self, route: list[str], address: str) -> Page:
        slug = route[1] if len(route) == 3 else self._event_in_play()
        folders = self.side.event_folders()
        if slug is None or slug not in folders:
            return Page(HTTPStatus.NOT_FOUND, b"no event with a round in play\n", "text/plain; charset=utf-8")
        try:
            event = load_event(folders[slug])
            round_ = current_round(event)
        except (ContentError, Refused) as exc:  # a URL the desk's pages link only while a round is in play
            return Page(HTTPStatus.CONFLICT, f"no report links: {exc}\n".encode(), "text/plain; charset=utf-8")
        players = self._players(slug, event, round_, address)
        if route[-1] == "links.json":
            number: int | str = round_.number if round_.slug.startswith("round-") else round_.slug
            document = {"event": slug, "round": number, "players": players}
            return Page(HTTPStatus.OK, json.dumps(document, indent=1).encode(), "application/json")
        tables = [(t.number, [p for p in players if p["table"] == t.number]) for t in round_.tables]
        body = self.side.template("links.html", self.side.language(event)).render(
            event=event, round=round_, label=round_name(round_), tables=tables, slips=route[-1] == "slips", qr=qr_code,
            boxes=formats.format_of(event).results.slip_boxes(round_.stage))
        return Page(HTTPStatus.OK, body.encode())

    def _players(self, slug: str, event: Event, round_: Round, address: str) -> list[dict[str, Any]]:
        found = []
        for table in round_.tables:
            for pid in table.players:
                token = self.book.link_for(Binding(slug, round_.slug, table.number, pid))
                found.append({"id": pid, "name": event.player_by_id[pid].name if pid in event.player_by_id else pid,
                              "table": table.number, "url": f"{address}/{LINK_ROUTE}/{token}"})
        return found

    def _event_in_play(self) -> str | None:
        """The event `links.json` lists: the first whose current round has a table in play (else the first paired)."""
        paired = []
        for slug, folder in self.side.event_folders().items():
            try:
                round_ = current_round(load_event(folder))
            except (ContentError, Refused):
                continue
            if round_.pending_tables:
                return slug
            paired.append(slug)
        return paired[0] if paired else None

    def held_for(self, slug: str, event: Event) -> dict[int, HeldTable]:
        """The reports held for the current round's tables in play, by table; the others' are forgotten."""
        try:
            round_ = current_round(event)
        except Refused:
            return {}
        prefix, shown, stale = f"{slug}/", {}, []
        pending = {f"{slug}/{round_.slug}/{t.number}": t.number for t in round_.pending_tables}
        for key in [k for k in self.book.held if k.startswith(prefix)]:
            reports = self.book.held_at(key)
            if key in pending and reports:
                shown[pending[key]] = HeldTable(table_state(reports), described(event, reports))
            else:
                stale.append(key)
        self.book.forget(stale)
        return shown

    def accept_form(self, slug: str, form: Form) -> Form | None:
        """The TO's tap on a held report: the report's own form, with the version of the table the TO saw."""
        key = f"{slug}/{value(form, 'round')}/{value(form, 'table')}"
        report = next((r for r in self.book.held_at(key) if r.player == value(form, "player")), None)
        if report is None:
            return None
        return report.form | {"round": [value(form, "round")], "table": [value(form, "table")], "version": [value(form, "version")]}

    # The player's side: the link's page and its report.

    def answer(self, token: str, form: Form | None, address: str) -> Page:
        """GET (`form` None): the link's page; POST: the player's report, then the page again with what became of it."""
        if not self.per_address.allow(address) or not self.per_link.allow(token):
            return self._sentence(HTTPStatus.TOO_MANY_REQUESTS, N_("Too many tries from here: wait a minute, then try again."))
        binding = self.book.binding(token)
        if binding is None:
            return self._sentence(HTTPStatus.FORBIDDEN, N_("The desk does not know this link. Scan the code on your slip again, "
                                                           "or ask the TO."))
        try:
            seen = self._seen(binding)
            if form is None:
                return self._page(seen, token, HTTPStatus.OK)
            if value(form, "link") != token:
                raise Refusal(HTTPStatus.FORBIDDEN, N_("This form did not come from your link's page: open your link again."),
                              self.side.language(seen.event))
            message, state = self._report(seen, form)
        except Refusal as exc:
            return self._sentence(exc.status, said(exc), exc.language)
        except _Unread as exc:
            return self._page(seen, token, HTTPStatus.BAD_REQUEST, error=said(exc))
        if state == HELD:
            return self._page(seen, token, HTTPStatus.OK, message=message)
        return self._sentence(HTTPStatus.OK, message, self.side.language(seen.event), written=state == WRITTEN)

    def _seen(self, binding: Binding) -> Seen:
        """The link's table as it stands, or the Refusal a player understands."""
        folder = self.side.event_folders().get(binding.event)
        try:
            event = load_event(folder) if folder else None
            round_ = current_round(event) if event else None
        except (ContentError, Refused):
            raise Refusal(HTTPStatus.SERVICE_UNAVAILABLE, UNAVAILABLE) from None
        if folder is None or event is None or round_ is None:
            raise Refusal(HTTPStatus.GONE, N_("This event is no longer at the desk."))
        language = self.side.language(event)
        if round_.slug != binding.round:
            raise Refusal(HTTPStatus.GONE, N_("This link was for a round that is over. Use the link on your new slip."), language)
        table = next((t for t in round_.tables if t.number == binding.table and binding.player in t.players), None)
        if table is None:
            raise Refusal(HTTPStatus.GONE, N_("The tables changed since your slip was printed. Ask the TO for your new slip."), language)
        if table.result:
            raise Refusal(HTTPStatus.GONE, N_("Table {number}'s result is written. If it is wrong, tell the TO.", number=table.number), language)
        return Seen(binding, folder, event, round_, table)

    def _report(self, seen: Seen, form: Form) -> tuple[Msg, str]:
        """Check the report like the TO's entry, hold it; written when another player of the table reported the same (every
        other player, at a table of more than two under site.yaml's `reports: confirm-all`).
        What to tell the player, and what became of the table: HELD, WRITTEN, or FINISHED (the TO wrote it)."""
        binding = seen.binding
        if value(form, "table") != str(binding.table) or value(form, "round") != binding.round:
            raise Refusal(HTTPStatus.FORBIDDEN, N_("Your link reports table {number} of this round, and no other.", number=binding.table),
                          self.side.language(seen.event))
        report = self._read(seen, form)
        with self.book.lock:  # one report at a time: two players of a table tapping together write once
            reports = self.book.hold(binding, report)
            agreeing = {r.player for r in reports if r.player != binding.player and r.result == report.result}
            everyone = len(seen.table.players) > 2 and self._confirm_all()
            if agreeing and (not everyone or agreeing >= set(seen.table.players) - {binding.player}):
                return self._write(seen, report)
        if table_state(reports) != table_state([report]):
            return N_("Your report ({words}) differs from your table's: the TO decides.", words=report.words), HELD
        if everyone:
            return N_("Your report is held: {words}. It is written when every player of your table reports the same.",
                      words=report.words), HELD
        return N_("Your report is held: {words}. It is written when another player of your table reports the same.", words=report.words), HELD

    def _confirm_all(self) -> bool:
        """site.yaml's `reports: confirm-all` (False when site.yaml cannot be read: the desk shows that problem)."""
        try:
            return read_outline(self.side.config.content).site.confirm_all
        except ContentError:
            return False

    def _read(self, seen: Seen, form: Form) -> Held:
        entry = formats.format_of(seen.event).results
        way = next((w for w in _player_ways(seen.event, seen.round) if w.name == value(form, "way")), None)
        if way is None:
            raise _Unread(N_("Choose one of the ways this page offers."))
        try:
            words = {key: given for key, given in words_from_form(form, entry, way, seen.table.players).items()
                     if not entry.field(key).judges_only}  # a player's report never holds a judge's call
            enter_result(seen.folder, seen.table.number, words, round_slug=seen.round.slug, check_only=True)
            result = read_result(entry, formats.format_of(seen.event).title, words)
        except ContentError as exc:
            raise _Unread(Joined([for_a_player(p.message) for p in exc.problems], " ")) from None
        except Refused as exc:
            raise _Unread(said(exc)) from None
        kept = {f"{key}-{pid}" for key in way.fields for pid in seen.table.players} | set(way.fields) | {"way"}
        names = {p.id: p.name for p in seen.event.players}
        words_said = describe_result(entry, way, json.loads(json.dumps(result)), names)
        return Held(seen.binding.player, {k: list(v[:1]) for k, v in form.items() if k in kept},
                    json.loads(json.dumps(result)), words_said)

    def _write(self, seen: Seen, report: Held) -> tuple[Msg, str]:
        form = report.form | {"round": [seen.round.slug], "table": [str(seen.table.number)],
                              "version": [table_version(seen.round, seen.table)]}
        try:
            with content_lock(seen.folder):
                done = enter(seen.folder, form)
                self.side.commit(done, seen.binding.event)  # a failed commit leaves the file written: the desk's next commit takes it
        except Stale:
            return N_("The TO entered your table's result meanwhile."), FINISHED
        except (ContentError, Refused) as exc:
            return N_("Your table agrees, but the desk could not write it ({error}): tell the TO.", error=str(exc)), HELD
        self.book.forget([seen.binding.table_key])
        return N_("Written: {words}. Thank you!", words=report.words), WRITTEN

    def _page(self, seen: Seen, token: str, status: int, *, message: str = "", error: str = "") -> Page:
        event, round_ = seen.event, seen.round
        problems = one_event_problems(seen.folder, event)
        board = None if problems else formats.format_of(event).score(event)
        desk_round = event_page(event, board).round
        table = next((t for t in desk_round.tables if t.number == seen.table.number), None) if desk_round else None
        language = self.side.language(event)
        if table is None:
            return self._sentence(HTTPStatus.SERVICE_UNAVAILABLE, UNAVAILABLE, language)
        names = {p.id: p.name for p in event.players}
        ways = [replace(w, table_fields=[f for f in w.table_fields if not f.judges_only])
                for w in table.ways if w.name in {p.name for p in _player_ways(event, round_)}]
        body = self.side.template("report.html", language).render(
            event=event, label=desk_round.label if desk_round else round_.slug, table=table, ways=ways,
            me=names.get(seen.binding.player, seen.binding.player), link=token, round_slug=round_.slug,
            everyone=len(seen.table.players) > 2 and self._confirm_all(),
            held=described(event, self.book.held_at(seen.binding.table_key)), names=names, message=message, error=error, link_route=LINK_ROUTE,
            deck_url=self.side.deck_url(event, seen.binding.player))
        return Page(status, body.encode())

    def _sentence(self, status: int, sentence: str, language: str = "", *, written: bool = False) -> Page:
        body = self.side.template("report.html", language or self.side.language()).render(sentence=sentence, written=written,
                                                                                          link_route=LINK_ROUTE)
        return Page(status, body.encode())


class _Unread(Exception):
    """A report the desk cannot read or the game's check refuses: shown above the form, nothing held."""


def described(event: Event, reports: list[Held]) -> list[Held]:
    """The held reports with their words made again in the page's language (the store keeps them in English)."""
    entry, names = formats.format_of(event).results, {p.id: p.name for p in event.players}
    ways = {w.name: w for w in entry.ways}
    return [replace(r, words=describe_result(entry, ways[way], r.result, names)) if (way := (r.form.get("way") or [""])[0]) in ways else r
            for r in reports]


def _player_ways(event: Event, round_: Round) -> list[ResultWay]:
    """The ways a player may report: the round's, but not those of the seating alone (the TO's, e.g. who plays first)."""
    entry = formats.format_of(event).results
    return [w for w in entry.ways_for(round_.stage) if not all(entry.field(k).seating for k in w.fields)]
