"""How a table's result is entered, declared once by each game (`Format.results`): the CLI's `result` flags, the
reading of those words into a round file, the desk's forms, the players' reports and the slips' boxes are made from it."""
from __future__ import annotations

from dataclasses import dataclass

# How a table's result is entered: each game declares it once, and the CLI's `result` flags, the desk's
# forms and the slips' boxes are made from that declaration.
PLAYER = "player"  # one player of the table, e.g. the winner: `--winner ID`
FIGURES = "figures"  # a number for each player, e.g. power or VP: `--power ID=N ID=N`
ORDER = "order"  # players in the order something happened to them, e.g. left the game: `--eliminated ID ID`
FLAG = "flag"  # yes or no, e.g. a judge's override: `--override`


def judges_remedy(key: str) -> str:
    """What a check adds for the TO when only a judge's ruling (the FLAG `key`) would let a result through; a player's
    report leaves it out (`edit/report.for_a_player`): a player cannot make that ruling."""
    return f" (add '{key}: true')"


@dataclass(frozen=True)
class ResultField:
    """One key of a table's result: the round file's key, the CLI's `--key` and the desk's form field."""

    key: str
    kind: str  # PLAYER, FIGURES, ORDER or FLAG
    label: str  # what the desk and the slips call it, e.g. "Power"
    help: str  # the CLI's help for `--key`
    halves: bool = False  # FIGURES in steps of 0.5 (else whole numbers)
    minimum: int = 0  # FIGURES' smallest value
    seating: bool = False  # how the table was seated (V:TES: who plays first), kept when a result is replaced
    judges_only: bool = False  # entered by the TO or a judge only, never in a player's own report (V:TES: an override)
    slip: str = ""  # the box this field gets on a printed slip ("" for none)
    blank_is_zero: bool = False  # FIGURES: at the desk a blank beside typed figures is 0 (V:TES: most players score no VP)
    reached: tuple[str, int] | None = None  # PLAYER: at the desk, the one seat whose figures (key) reach the total is chosen as typed


@dataclass(frozen=True)
class ResultWay:
    """One way a table's result is entered at the desk, e.g. "a player won" or "time was called".

    A way with a single PLAYER field is one button per player (one tap); any other way is a form.
    """

    name: str
    fields: tuple[str, ...]  # the keys of its ResultFields, in the form's order
    title: str  # the form's heading, e.g. "Time called: enter power"
    action: str  # its button: "{name} won" for a one-tap way (with the player's name), else e.g. "Save power"
    stages: tuple[str, ...] = ("round", "elim", "final")  # the rounds it is offered in (Round.stage)


@dataclass(frozen=True)
class ResultEntry:
    """Everything a game's results can hold, and the ways the desk offers to enter them."""

    fields: tuple[ResultField, ...]  # in the order round files write them
    ways: tuple[ResultWay, ...]

    def field(self, key: str) -> ResultField:
        return next(f for f in self.fields if f.key == key)

    @property
    def keys(self) -> tuple[str, ...]:
        """The result keys a table may hold."""
        return tuple(f.key for f in self.fields)

    @property
    def seating_keys(self) -> tuple[str, ...]:
        """Those of `keys` that belong to the seating, not the result (kept when a result is replaced)."""
        return tuple(f.key for f in self.fields if f.seating)

    def ways_for(self, stage: str) -> list[ResultWay]:
        return [way for way in self.ways if stage in way.stages]

    def slip_boxes(self, stage: str) -> tuple[SlipBox, ...]:
        """The slip's boxes: the fields of the ways offered in this stage that a slip asks for."""
        offered = {key for way in self.ways_for(stage) for key in way.fields}
        return tuple(SlipBox(f.slip, tick=f.kind == PLAYER) for f in self.fields if f.slip and f.key in offered)


@dataclass(frozen=True)
class SlipBox:
    """A box on a printed result slip, one per player: what the table fills in to report its result."""

    label: str
    tick: bool = False  # a box to tick (the winner); False: a number or word to write


@dataclass(frozen=True)
class SlipForm:
    """What a round's result slips ask each table for (see `Format.slip_form`)."""

    boxes: tuple[SlipBox, ...]
    instructions: str  # printed on every slip, above the signatures
