"""The records a ruling is made of: what each action was ruled (`RuledAction`, with its `Note`s),
the reopening table (`WorkingRow`), the seats and options after the last action, and the whole
`Ruling`. Values only: the deciding lives in
`engine.betting.reader` (what an action counts as), `engine.betting.apply` (applying it),
`engine.betting.out_of_turn` and `engine.betting.rulings` (the options).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from engine.notation.read import Hand
from engine.rulesets import Ruleset

Ruled = Literal["bet", "raise", "call", "check", "fold", "allin", "undercall"]
OotStatus = Literal["pending", "stands", "void"]

# The records a ruling returns are values: nothing changes them once `rule_hand` has returned.
# They are slotted rather than frozen: a hand builds a dozen of them on every ruling, and a frozen
# dataclass is several times dearer to build (bench/bench_ruling.py). Those of more than four
# fields are built by keyword, so that a field added or moved cannot shift the values after it:
# where a ruling builds one per action or per seat, through the keyword-only functions at the
# end of this module rather than the class itself (see `_new`).


@dataclass(slots=True)
class Note:
    """Why an action was read the way it was: a stable code plus the values a sentence needs."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True, kw_only=True)
class RuledAction:
    """What one action was ruled. The reader builds it as it reads the action (player, input,
    ruled, to, rules, notes, outcome, valid: `engine.betting.reader.Reader.read_as`), applying it
    sets `full_raise` and adds what a short all-in added (`engine.betting.apply`), holding it out of
    turn sets `oot` (`engine.betting.out_of_turn`): one record per action, no copy in between.
    Rules and notes are tuples: an action that cites one concept holds the ruleset's own tuple."""

    player: str
    input: str
    ruled: Ruled
    to: int
    full_raise: bool = False
    rules: tuple[str, ...]
    notes: tuple[Note, ...] = ()
    outcome: Literal["must_call", "td_discretion"] | None = None
    valid: bool = True  # False: not valid as stated, the player still has to act (57)
    # Out of turn (55): "pending" until the turn comes back, then "stands" or "void".
    oot: OotStatus | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"player": self.player, "input": self.input, "ruled": self.ruled, "to": self.to,
                               "full_raise": self.full_raise, "rules": list(self.rules)}
        if self.outcome is None and self.oot is None and self.valid:  # nearly every action: one test
            if self.notes:
                out["notes"] = [n.code for n in self.notes]
            return out
        if self.outcome is not None:
            out["outcome"] = self.outcome
        if self.oot is not None:
            out["out_of_turn"] = True
            out["oot"] = self.oot
        if not self.valid:
            out["valid"] = False
        if self.notes:
            out["notes"] = [n.code for n in self.notes]
        return out


@dataclass(slots=True, kw_only=True)
class WorkingRow:
    """One line of the reopening check for a player who already acted (seed 002's table)."""

    player: str
    w: int
    l: int  # noqa: E741 - L is the name the rules use
    r: int
    threshold: int | Fraction  # what W - L must reach: R (an int) in NL/PL, a Fraction in limit
    reopened: bool
    by_full_raise: bool
    # Barred from raising for the round whatever W − L is (a check facing a bet, 57; a check out of
    # turn heads-up, 55-B): the row had said "may raise" beside a ruling that said no raise.
    barred: bool = False


@dataclass(slots=True, kw_only=True)
class SeatView:
    name: str
    chips_in: int
    last_level: int | None
    acted: bool
    status: str
    dead: bool = False  # `dead SB`: see `engine.betting.state.Seat.dead`


@dataclass(slots=True, kw_only=True)
class Options:
    to_act: str | None
    to_call: int
    can_raise: bool
    min_raise_to: int | None
    max_raise_to: int | None
    reason: str  # not_acted | reopened | not_reopened | cap_reached | barred | no_opponent | round_over | hand_over
    rules: tuple[str, ...]
    # With reason "barred": for the whole round (55-B, a check out of turn heads-up), not only
    # against the bet checked to (57). The reply says which; the ids alone cannot (2009 cites 29 for both).
    barred_for_round: bool = False


@dataclass(slots=True, kw_only=True)
class Ruling:
    hand: Hand
    ruleset: Ruleset
    actions: tuple[RuledAction, ...]
    options: Options
    seats: tuple[SeatView, ...]
    bet_level: int
    full_raise: int
    pot_total: int
    working: tuple[WorkingRow, ...]
    notes: tuple[Note, ...]
    citations: tuple[str, ...]


# ----------------------------------------------------------------------------------------
# Building the records a ruling makes many of. A class called with keywords has CPython pack them
# into a dict for its `__init__`, which unpacks them again: `RuledAction(player=..., ...)` costs
# some 450 ns, against 130 ns for a function taking the same keywords that fills a new instance
# field by field (measured on the bench machine, CPython 3.11). Each function below names every
# field of its record, as the class's own `__init__` would set it (tests/test_records_built.py
# holds them to the classes' fields), so no order can slip and no field is left unset. The one
# built per action is built by the reader itself (`engine.betting.reader.Reader.read_as`).

_new = object.__new__


def working_row(*, player: str, w: int, l: int, r: int, threshold: int | Fraction, reopened: bool,  # noqa: E741
                by_full_raise: bool, barred: bool = False) -> WorkingRow:
    """`WorkingRow(...)`, for the one built per player who already acted."""
    row: WorkingRow = _new(WorkingRow)
    row.player = player
    row.w = w
    row.l = l
    row.r = r
    row.threshold = threshold
    row.reopened = reopened
    row.by_full_raise = by_full_raise
    row.barred = barred
    return row


def seat_view(*, name: str, chips_in: int, last_level: int | None, acted: bool, status: str,
              dead: bool = False) -> SeatView:
    """`SeatView(...)`, for the one built per seat."""
    v: SeatView = _new(SeatView)
    v.name = name
    v.chips_in = chips_in
    v.last_level = last_level
    v.acted = acted
    v.status = status
    v.dead = dead
    return v


def options(*, to_act: str | None, to_call: int, can_raise: bool, min_raise_to: int | None,
            max_raise_to: int | None, reason: str, rules: tuple[str, ...], barred_for_round: bool = False) -> Options:
    """`Options(...)`, built once per ruling."""
    o: Options = _new(Options)
    o.to_act = to_act
    o.to_call = to_call
    o.can_raise = can_raise
    o.min_raise_to = min_raise_to
    o.max_raise_to = max_raise_to
    o.reason = reason
    o.rules = rules
    o.barred_for_round = barred_for_round
    return o


def ruling(*, hand: Hand, ruleset: Ruleset, actions: tuple[RuledAction, ...], options: Options,
           seats: tuple[SeatView, ...], bet_level: int, full_raise: int, pot_total: int,
           working: tuple[WorkingRow, ...], notes: tuple[Note, ...], citations: tuple[str, ...]) -> Ruling:
    """`Ruling(...)`, built once per ruling."""
    r: Ruling = _new(Ruling)
    r.hand = hand
    r.ruleset = ruleset
    r.actions = actions
    r.options = options
    r.seats = seats
    r.bet_level = bet_level
    r.full_raise = full_raise
    r.pot_total = pot_total
    r.working = working
    r.notes = notes
    r.citations = citations
    return r
