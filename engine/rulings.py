"""Rulings: what each action counts as, and what the player to act may do now.

`rule_hand(hand, ruleset)` walks the actions in order. For each one it first decides what the
words or chips count as (declarations 53/57, one oversized chip 46, several chips 47, chips
already in front 48, amounts declared alone 42-C, the 50 % standard 45, under-raises 54-A,
undercalls 53-B, pot-limit maxima 56), then applies it to the round. Every reading carries the
citation ids of the branch that made it: they are attached where the decision is taken, never
looked up afterwards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from engine.errors import FloorcallError
from engine.notation import MAX_AMOUNT, ActionInput, Hand, fold
from engine.rulesets import Ruleset
from engine.seating import seat_order
from engine.state import NEXT_PLAYER, RoundState, Seat

Ruled = Literal["bet", "raise", "call", "check", "fold", "allin", "undercall"]
OotStatus = Literal["pending", "stands", "void"]

# The records a ruling returns are values: nothing changes them once `rule_hand` has returned.
# They are slotted rather than frozen because a frozen dataclass costs five times as much to
# build, and a hand builds a dozen of them on every ruling (see bench/bench_ruling.py).


@dataclass(slots=True)
class Note:
    """Why an action was read the way it was: a stable code plus the values a sentence needs."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class RuledAction:
    player: str
    input: str
    ruled: Ruled
    to: int
    full_raise: bool
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


@dataclass(slots=True)
class WorkingRow:
    """One line of the reopening check for a player who already acted (seed 002's table)."""

    player: str
    w: int
    l: int  # noqa: E741 - L is the name the rules use
    r: int
    threshold: int | Fraction  # what W - L must reach: R (an int) in NL/PL, a Fraction in limit
    reopened: bool
    by_full_raise: bool


@dataclass(slots=True)
class SeatView:
    name: str
    chips_in: int
    last_level: int | None
    acted: bool
    status: str


@dataclass(slots=True)
class Options:
    to_act: str | None
    to_call: int
    can_raise: bool
    min_raise_to: int | None
    max_raise_to: int | None
    reason: str  # not_acted | reopened | not_reopened | cap_reached | barred | no_opponent | round_over | hand_over
    rules: tuple[str, ...]


@dataclass(slots=True)
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
# The reading of one action


@dataclass(slots=True)
class _Reading:
    ruled: Ruled
    to: int
    rules: list[str]
    notes: list[Note] = field(default_factory=list)
    outcome: Literal["must_call", "td_discretion"] | None = None
    valid: bool = True
    allin: bool = False
    level: int | None = None  # the bet level others must match, when not `to` (a house's short all-in)


@dataclass(slots=True)
class _Reason:
    """A decision taken before the action is read (how an amount was read, chips taken back):
    its rules and notes lead the reading's own."""

    rules: list[str]
    notes: list[Note]


def _raise_allowed(st: RoundState, seat: Seat) -> tuple[bool, list[str]]:
    """Whether this player may raise now, and the rules that decide it (for an action, and for
    the options of the player to act)."""
    if seat.raise_barred_by is not None:
        return False, list(seat.raise_barred_by)
    if st.raise_cap_reached():
        return False, list(st.ruleset.cite["raise_cap"])
    if not st.others_can_respond(seat):
        return False, list(st.ruleset.cite["in_turn"])
    if seat.last_level is not None and not st.reopened_for(seat):
        return False, list(st.ruleset.cite["reopen_limit" if st.game == "FL" else "reopen_nl"])
    return True, []


def _min_to(st: RoundState, seat: Seat) -> int:
    lo = st.min_raise_to()
    if st.game == "PL":
        lo = min(lo, st.pot_limit_max_to(seat))
    return lo


class _Reader:
    """Decides what one action counts as, given the round so far. Pure: no state changes."""

    # One reader per action: slots make it cheaper to build and to read from.
    __slots__ = ("st", "rs", "seat", "act", "w", "prior", "facing", "amount", "pulled")

    def __init__(self, st: RoundState, seat: Seat, act: ActionInput) -> None:
        self.st = st
        self.rs: Ruleset = st.ruleset
        self.seat = seat
        self.act = act
        self.w = w = st.bet_level
        self.prior = prior = seat.chips_in
        self.facing = w > prior  # st.to_call(seat) > 0, without the call
        self.amount = act.amount  # the declared amount as read (59 may read "5" as 500)
        if act.times is not None:  # `3x`: three times the bet faced
            if self.w == 0:
                raise FloorcallError("times_needs_bet", at=act.at, player=act.player, hint=f"{act.player} bet {st.bet_unit * 3}")
            self.amount = int(act.times * self.w)
        # Chips in front taken back before new ones were pushed (`back` / `back N`).
        self.pulled = 0 if act.pulled_back is None else (self.prior if act.pulled_back == 0 else act.pulled_back)

    # -- helpers ------------------------------------------------------------------------
    def c(self, concept: str) -> list[str]:
        return list(self.rs.cite[concept])  # `Ruleset.c`, without the second call

    def raise_allowed(self) -> tuple[bool, list[str]]:
        return _raise_allowed(self.st, self.seat)

    def min_to(self) -> int:
        return _min_to(self.st, self.seat)

    def total_of_chips(self) -> int:
        assert self.act.chips is not None
        return self.prior - self.pulled + sum(self.act.chips)

    def pull_back(self) -> _Reason | None:
        """48-B: chips in front pulled back while facing a bet bind the player to call or raise.
        Checks the pull-back is possible and returns its rules and note, or None."""
        act = self.act
        if act.pulled_back is None:
            return None
        if self.prior == 0:
            raise FloorcallError("nothing_to_pull_back", at=act.at, player=act.player, hint=f"{act.player} chips ...")
        if self.pulled > self.prior:
            raise FloorcallError("pulled_back_too_much", at=act.at, player=act.player, amount=self.pulled,
                                 already=self.prior, hint=f"{act.player} back chips ...")
        kept = self.prior - self.pulled
        code = "pulled_back_part" if kept else "pulled_back_all"
        return _Reason(self.c("pulled_back"), [Note(code, {"back": self.pulled, "prior": self.prior, "kept": kept})])

    def declared_total(self) -> int | None:
        if self.act.chips is not None:
            return self.total_of_chips()
        return self.amount

    def shorthand(self) -> _Reason | None:
        """59: a declared amount too small to be meant as chips ("bet 5" at 200-400, below the
        small blind) stands for a round multiple of it: the largest that is a sensible bet and
        does not exceed the pot before the bet, counting every bet already in front. Sets the
        amount to read and returns the reason, or None when the amount is meant literally. Limit bets are fixed, so their amounts need no reading."""
        st, act = self.st, self.act
        said = act.amount
        if said is None or act.chips is not None or act.verb == "allin" or st.game == "FL" or said >= st.sb:
            return None
        if not st.pot_known:
            raise FloorcallError("ambiguous_amount_needs_pot", at=act.at, player=act.player, amount=said,
                                 hint="pot 1500")
        lowest = st.bet_unit if self.w == 0 else self.w + (0 if act.verb is None and self.facing else 1)
        pot = st.pot_total
        readings: list[int] = []
        value = said
        while value <= max(lowest, pot) and value <= MAX_AMOUNT // 10:
            value *= 10
            if value >= lowest:
                readings.append(value)
        fits = [v for v in readings if v <= pot]
        if fits:
            to, code = fits[-1], "ambiguous_amount"
        else:
            to, code = readings[0], "ambiguous_amount_over_pot"
        self.amount = to
        return _Reason(self.c("ambiguous_amount"), [Note(code, {"said": said, "to": to, "pot": pot})])

    def check_not_below_prior(self, total: int) -> None:
        if total < self.prior or (total == self.prior and self.act.chips is None and self.prior > 0 and not self.facing):
            raise FloorcallError("amount_below_in", at=self.act.at, player=self.act.player, amount=total, already=self.prior)

    def call(self, rules: list[str], notes: list[Note] | None = None) -> _Reading:
        if not self.facing:
            # Nothing to call: the action stands as a check, and the note must say so, not "call".
            notes = [Note("raise_not_allowed_check", n.params) if n.code == "raise_not_allowed" else n
                     for n in notes or []]
            return _Reading("check", self.prior, rules, notes)
        return _Reading("call", self.w, rules, notes or [])

    def pl_cap(self, r: _Reading) -> _Reading:
        """Pot limit: nothing above the pot-limit maximum (56-B preflop, 56-C after)."""
        if self.st.game != "PL" or r.ruled not in ("bet", "raise", "allin"):
            return r
        cap = self.st.pot_limit_max_to(self.seat)
        if r.to > cap:
            concept = "pot_limit_preflop" if self.st.street == "preflop" else "pot_limit_postflop"
            r.notes.append(Note("capped_at_pot", {"asked": r.to, "to": cap}))
            r.rules += self.c(concept)
            r.to = cap
            if r.allin:
                r.ruled, r.allin = "raise", False
        return r

    # -- declared bets and raises ---------------------------------------------------------
    def raise_to(self, total: int | None, rules: list[str], notes: list[Note]) -> _Reading:
        """A raise was declared (or is how a bet word facing a bet reads): size it legally."""
        ok, why = self.raise_allowed()
        if not ok:
            notes.append(Note("raise_not_allowed", {}))
            return self.call(rules + why + self.c("binding_declaration"), notes)
        lo = self.min_to()
        if self.st.game == "FL":
            if total is not None and total != lo:
                notes.append(Note("limit_fixed_raise", {"asked": total, "to": lo}))
            return _Reading("raise", lo, rules + self.c("min_raise"), notes)
        if total is None:
            notes.append(Note("no_amount_minimum", {"to": lo}))
            return self.pl_cap(_Reading("raise", lo, rules + self.c("min_raise"), notes))
        if total < lo:
            notes.append(Note("completed_to_minimum", {"asked": total, "to": lo}))
            return _Reading("raise", lo, rules + self.c("min_raise") + self.c("under_raise"), notes)
        return self.pl_cap(_Reading("raise", total, rules + self.c("raise_total"), notes))

    def bet_to(self, total: int | None, rules: list[str], notes: list[Note]) -> _Reading:
        """A bet with nothing to face (postflop, checked to the player)."""
        unit = self.st.bet_unit
        if self.st.game == "FL":
            if total is not None and total != unit:
                notes.append(Note("limit_fixed_bet", {"asked": total, "to": unit}))
            return _Reading("bet", unit, rules, notes)
        if total is None:
            notes.append(Note("no_amount_minimum", {"to": unit}))
            return _Reading("bet", unit, rules, notes)
        if total < unit:
            notes.append(Note("bet_completed_to_minimum", {"asked": total, "to": unit}))
            return _Reading("bet", unit, rules + self.c("under_raise"), notes)
        return self.pl_cap(_Reading("bet", total, rules, notes))

    def raise_or_bet(self, total: int | None, rules: list[str], notes: list[Note]) -> _Reading:
        if self.w == 0:
            return self.bet_to(total, rules, notes)
        return self.raise_to(total, rules, notes)

    # -- silent chips and amounts declared alone ------------------------------------------
    def half_standard(self, total: int, rules: list[str], notes: list[Note]) -> _Reading:
        """45-A: short of a full raise but at least half of it is completed; under half is a call."""
        st = self.st
        if total <= self.w:
            return self.call(rules)
        ok, why = self.raise_allowed()
        if not ok:
            notes.append(Note("raise_not_allowed", {}))
            return self.call(rules + why, notes)
        need = st.bet_unit if st.game == "FL" else st.full_raise
        lo = self.min_to()
        increment = total - (st.full_level if st.game == "FL" else self.w)
        if st.game != "FL" and total >= lo:
            return self.pl_cap(_Reading("raise", total, rules + self.c("min_raise"), notes))
        if 2 * increment >= need:
            if total != lo:
                notes.append(Note("half_rule_raise", {"pushed": total, "to": lo, "need": need}))
            return _Reading("raise", lo, rules + self.c("min_raise"), notes)
        notes.append(Note("half_rule_call", {"pushed": total, "to": self.w, "need": need}))
        return _Reading("call", self.w, rules + self.c("min_raise"), notes)

    def undercall(self, total: int, rules: list[str]) -> _Reading:
        """53-B: less than the call, with no "call" said."""
        st = self.st
        opening = st.opening_level is not None and self.w == st.opening_level
        outcome: Literal["must_call", "td_discretion"]
        outcome = "must_call" if (st.heads_up or opening) else "td_discretion"
        why = "heads_up" if st.heads_up else ("opening_bet" if opening else "multiway_raise")
        note = Note("undercall_" + outcome, {"pushed": total, "to": self.w, "why": why})
        return _Reading("undercall", self.w, rules + self.c("undercall") + self.c("ia_undercall"), [note], outcome=outcome)

    def silent(self) -> _Reading:
        """Chips pushed, or an amount declared alone (42-C), with no word said first."""
        act, st = self.act, self.st
        chips = act.chips
        total = self.total_of_chips() if chips is not None else self.amount
        assert total is not None
        if not (self.pulled and self.facing):
            self.check_not_below_prior(total)
        base = self.c("declared_amount") if chips is None else []
        if self.prior > 0 and chips is not None:
            base += self.c("prior_chips") + self.c("ia_prior_chips")
        if self.pulled and self.facing and total < self.w:
            # 48-B: having taken chips back, the player may not stop short of a call.
            return _Reading("undercall", self.w, base, [Note("pulled_back_must_call", {"pushed": total, "to": self.w})],
                            outcome="must_call")
        if self.pulled and self.prior > self.pulled and self.facing and not act.last:
            # 48-C-2 (Addendum 48, situation 3): some chips pulled back, the rest left: the final
            # total is read by the 50 % standard alone, with no one-chip or every-chip-needed test.
            return self.half_standard(total, base + self.c("min_raise"), [])
        if chips is not None and act.last:
            return self.last_chips(total, chips, base)
        if total < self.w:
            if not self.facing:
                raise FloorcallError("amount_below_in", at=act.at, player=act.player, amount=total, already=self.prior)
            return self.undercall(total, base)
        if not self.facing:
            if self.w > 0 and total > self.w:  # the big blind's option preflop
                return self.half_standard(total, base, [])
            if total == self.w:
                return self.call(base + self.c("declare_action"))
            if chips is not None and len(chips) == 1 and self.rs.oversized_no_bet == "minimum_bet":
                return _Reading("bet", max(st.bet_unit, self.prior), base + self.c("oversized_chip"),
                                [Note("house_single_chip_min_bet", {"chip": chips[0], "to": st.bet_unit})])
            rules = base + (self.c("oversized_chip") if chips is not None and len(chips) == 1 else self.c("declare_action"))
            return self.bet_to(total, rules, [])
        if total == self.w:
            return self.call(base + self.c("call_methods"))
        if chips is not None and len(chips) == 1:
            return self.call(base + self.c("oversized_chip"), [Note("single_chip_call", {"chip": chips[0]})])
        if chips is not None and self.all_chips_needed(chips, total):
            return self.call(base + self.c("multi_chip_call") + self.c("ia_multi_chip"),
                             [Note("multi_chip_call", {"smallest": min(chips)})])
        rules = base + (self.c("multi_chip_raise") + self.c("ia_multi_chip") if chips is not None else [])
        reading = self.half_standard(total, rules, [])
        if chips is not None and reading.ruled == "raise" and max(chips) >= self.w - self.prior:
            # One of the chips alone would have called: the classic "betting for change" (63).
            reading.rules += self.c("betting_for_change")
            reading.notes.append(Note("betting_for_change", {}))
        return reading

    def all_chips_needed(self, chips: tuple[int, ...], total: int) -> bool:
        """47-A: removing one chip of the smallest denomination would leave less than the call.
        TDA 2009's rule 33 asks this only of chips of one denomination."""
        if self.rs.multi_chip == "same_denomination" and len(set(chips)) > 1:
            return False
        return total - min(chips) < self.w

    def last_chips(self, total: int, chips: tuple[int, ...], base: list[str]) -> _Reading:
        """A player's last chips: all-in unless every chip was needed to call (47-A/47-B)."""
        if self.facing and total > self.w:
            if len(chips) == 1:
                return self.call(base + self.c("oversized_chip"), [Note("single_chip_call", {"chip": chips[0]})])
            if self.all_chips_needed(chips, total):
                return self.call(base + self.c("multi_chip_call"), [Note("multi_chip_call", {"smallest": min(chips)})])
        return self.allin(total, base + self.c("multi_chip_allin"), [Note("last_chips_allin", {})])

    # -- all-in ----------------------------------------------------------------------------
    def allin(self, total: int, rules: list[str], notes: list[Note]) -> _Reading:
        st = self.st
        if total > self.w:
            ok, why = self.raise_allowed()
            if not ok:
                notes.append(Note("allin_raise_not_allowed", {"asked": total}))
                return self.call(rules + why, notes)
            if st.game == "FL" and total > self.min_to():
                notes.append(Note("limit_fixed_raise", {"asked": total, "to": self.min_to()}))
                return _Reading("raise", self.min_to(), rules + self.c("min_raise"), notes)
        if self.w == 0 and total < st.bet_unit and self.rs.short_opening_allin == "minimum_bet":
            notes.append(Note("allin_below_minimum_call", {"allin": total, "to": st.bet_unit}))
            return _Reading("allin", total, rules + self.c("allin_below_minimum"), notes, allin=True, level=st.bet_unit)
        return self.pl_cap(_Reading("allin", total, rules, notes, allin=True))

    # -- entry point --------------------------------------------------------------------
    def read(self) -> _Reading:
        # How the amount was read (59) and what was taken back (48-B) come first in the reasons.
        # Nearly every action has neither an amount below the small blind nor chips taken back:
        # those skip both readers (which would find nothing) and the reordering.
        act = self.act
        said = act.amount
        shorthand = self.shorthand() if said is not None and said < self.st.sb else None
        pulled = self.pull_back() if act.pulled_back is not None else None
        r = self.read_as_said()
        for b in (pulled, shorthand):
            if b is not None:
                r.rules[:0] = b.rules
                r.notes[:0] = b.notes
        if act.alias is not None:
            r.notes[:0] = [self.alias_note(r)]
        return r

    def alias_note(self, r: _Reading) -> Note:
        """How `limp`, `min-raise` or `3x` was read: what the word stands for, and the result."""
        alias = self.act.alias
        if alias == "minraise":  # the note says it all; the general "no amount: minimum" would repeat it
            r.notes[:] = [x for x in r.notes if x.code != "no_amount_minimum"]
        times = self.act.times
        shown = "" if times is None else (str(times.numerator) if times.denominator == 1 else f"{float(times):g}")
        return Note(f"alias_{alias}", {"to": r.to, "w": self.w, "times": shown, "ruled": r.ruled})

    def read_as_said(self) -> _Reading:
        act = self.act
        verb = act.verb
        if verb is None:
            return self.silent()
        if verb == "fold":
            notes = [] if self.facing else [Note("fold_no_bet", {})]
            return _Reading("fold", self.prior, self.c("in_turn") if self.facing else self.c("fold_no_bet"), notes)
        if verb == "check":
            if self.facing:
                return _Reading("check", self.prior, self.c("invalid_declaration"),
                                [Note("check_facing_bet", {"to_call": self.st.to_call(self.seat)})], valid=False)
            return _Reading("check", self.prior, self.c("in_turn"))
        if verb == "call":
            if not self.facing:
                return _Reading("check", self.prior, self.c("invalid_declaration"), [Note("call_no_bet", {})])
            notes = []
            if act.chips is not None and self.total_of_chips() < self.w:
                notes.append(Note("declared_call_binds", {"pushed": self.total_of_chips(), "to": self.w}))
            return _Reading("call", self.w, self.c("binding_declaration"), notes)
        total = self.declared_total()
        if total is not None:
            self.check_not_below_prior(total)
        if verb == "allin":
            assert total is not None
            return self.allin(total, self.c("in_turn"), [])
        if verb == "pot":
            return self.pot()
        notes: list[Note] = []
        rules: list[str] = self.c("in_turn") if verb == "bet" and self.w == 0 else []
        if verb == "bet" and self.w > 0:
            notes.append(Note("bet_word_as_raise", {}))
            rules += self.c("raise_total")
        if verb == "raise" and self.w == 0:
            notes.append(Note("raise_no_bet", {}))
            rules += self.c("invalid_declaration")
        if verb == "raise" and act.chips is not None and len(act.chips) == 1:
            rules += self.c("oversized_chip")
            notes.append(Note("declared_raise_single_chip", {"chip": act.chips[0]}))
        return self.raise_or_bet(total, rules, notes)

    def pot(self) -> _Reading:
        st = self.st
        if st.game == "PL":
            cap = st.pot_limit_max_to(self.seat)
            concept = "pot_limit_preflop" if st.street == "preflop" else "pot_limit_postflop"
            if self.w == 0:
                return _Reading("bet", cap, self.c(concept), [Note("pot_bet", {"to": cap})])
            ok, why = self.raise_allowed()
            if not ok:
                return self.call(self.c(concept) + why, [Note("raise_not_allowed", {})])
            return _Reading("raise", cap, self.c(concept), [Note("pot_bet", {"to": cap})])
        note = Note("pot_word_not_limit", {})
        return self.raise_or_bet(None, self.c("pot_in_no_limit"), [note])


def _quick_read(st: RoundState, seat: Seat, act: ActionInput) -> _Reading | None:
    """The reading `_Reader.read` gives the shapes nearly every action has, without building a
    reader: a plain fold, check or call, and a no-limit bet, raise or all-in with an amount at
    least the small blind. None for anything else (and wherever the answer would not be a plain
    one: a raise not allowed, a bet or raise short of the minimum, an all-in below the minimum
    bet, a check facing a bet, an amount below what is in front): `_Reader` reads those, so the
    two cannot disagree. Every branch here is the branch of `_Reader` that decides it, and cites
    what that branch cites."""
    if act.chips is not None or act.pulled_back is not None or act.alias is not None or act.times is not None:
        return None
    verb = act.verb
    amount = act.amount
    w = st.bet_level
    prior = seat.chips_in
    facing = w > prior
    cite = st.ruleset.cite
    if amount is None:
        if verb == "fold":  # read_as_said
            if facing:
                return _Reading("fold", prior, list(cite["in_turn"]), [])
            return _Reading("fold", prior, list(cite["fold_no_bet"]), [Note("fold_no_bet", {})])
        if verb == "call":
            if facing:
                return _Reading("call", w, list(cite["binding_declaration"]), [])
            return _Reading("check", prior, list(cite["invalid_declaration"]), [Note("call_no_bet", {})])
        if verb == "check" and not facing:
            return _Reading("check", prior, list(cite["in_turn"]), [])
        return None
    if st.game != "NL" or amount < st.sb or verb not in ("bet", "raise", "allin"):
        return None
    # check_not_below_prior, then the bet or raise as `read_as_said` sizes it.
    if amount < prior or (amount == prior and prior > 0 and not facing):
        return None
    if w == 0:
        if verb == "raise" or amount < st.bet_unit:
            return None
        if verb == "bet":  # bet_to: a whole bet at least the minimum (no raise question)
            return _Reading("bet", amount, list(cite["in_turn"]), [])
        # An all-in opening the betting is above W = 0: it asks whether a raise is allowed, below.
    if amount > w:
        # raise_allowed, for no limit (no cap): not barred, someone to answer, betting open.
        if seat.raise_barred_by is not None or not st.others_can_respond(seat):
            return None
        if seat.last_level is not None and not st.reopened_for(seat):
            return None
        if verb == "allin":
            return _Reading("allin", amount, list(cite["in_turn"]), [], allin=True)
        if amount < w + st.full_raise:  # min_to: completed to the minimum, with its notes
            return None
        if verb == "bet":  # a bet word facing a bet reads as a raise (raise_to)
            return _Reading("raise", amount, [*cite["raise_total"], *cite["raise_total"]], [Note("bet_word_as_raise", {})])
        return _Reading("raise", amount, list(cite["raise_total"]), [])
    if verb == "allin":  # an all-in for no more than the bet: allin() with nothing to raise
        return _Reading("allin", amount, list(cite["in_turn"]), [], allin=True)
    return None


def _quick_act(st: RoundState, seat: Seat, act: ActionInput, index: int) -> RuledAction | None:
    """`_quick_read`, `_apply` and the turn moving on, in one step, for the plainest in-turn
    actions: a fold; a check or a call where the player has exactly the bet in front or faces
    one; a no-limit bet, raise or all-in that `_quick_read` reads as made. None, with nothing
    changed, for anything else. Each branch does what `_apply` does for that reading, in order."""
    if act.chips is not None or act.pulled_back is not None or act.alias is not None or act.times is not None:
        return None
    verb = act.verb
    amount = act.amount
    w = st.bet_level
    prior = seat.chips_in
    cite = st.ruleset.cite
    if amount is None:
        if verb == "fold":
            if w > prior:
                found, notes = cite["in_turn"], ()
            else:
                found, notes = cite["fold_no_bet"], (Note("fold_no_bet", {}),)
            st.seq += 1
            seat.acted = True
            seat.last_seq = st.seq
            seat.status = "folded"
            st.advance(index)
            return RuledAction(seat.name, act.raw, "fold", seat.chips_in, False,
                               tuple(found) if len(found) < 2 else tuple(dict.fromkeys(found)), notes, None, True, None)
        if verb == "call" and w > prior:
            ruled, to, found, notes = "call", w, cite["binding_declaration"], ()
        elif prior != w:  # nothing to call, but chips above the bet in front: `_Reader`
            return None
        elif verb == "call":
            ruled, to, found, notes = "check", prior, cite["invalid_declaration"], (Note("call_no_bet", {}),)
        elif verb == "check":
            ruled, to, found, notes = "check", prior, cite["in_turn"], ()
        else:
            return None
        # _apply: no change to the bet; a call matches it, a check leaves the chips as they are.
        st.seq += 1
        seat.acted = True
        seat.last_seq = st.seq
        if ruled == "call":
            seat.chips_in = w
        seat.last_level = w
        st.advance(index)
        return RuledAction(seat.name, act.raw, ruled, to, False,
                           tuple(found) if len(found) < 2 else tuple(dict.fromkeys(found)), notes, None, True, None)
    # `_quick_read`'s branches for an amount, without a `_Reading` (the same tests, in order).
    if st.game != "NL" or amount < st.sb or verb not in ("bet", "raise", "allin"):
        return None
    if amount < prior or (amount == prior and prior > 0 and not w > prior):  # check_not_below_prior
        return None
    found2: tuple[str, ...]
    notes2: tuple[Note, ...] = ()
    if w == 0 and (verb == "raise" or amount < st.bet_unit):
        return None
    if w == 0 and verb == "bet":  # bet_to: a whole bet at least the minimum (no raise question)
        ruled, found2 = "bet", cite["in_turn"]
    elif amount > w:  # raise_allowed, for no limit (no cap)
        if seat.raise_barred_by is not None or not st.others_can_respond(seat):
            return None
        if seat.last_level is not None and not st.reopened_for(seat):
            return None
        if verb == "allin":
            ruled, found2 = "allin", cite["in_turn"]
        elif amount < w + st.full_raise:  # min_to: completed to the minimum, with its notes
            return None
        elif verb == "bet":  # a bet word facing a bet reads as a raise (raise_to)
            ruled, found2, notes2 = "raise", (*cite["raise_total"], *cite["raise_total"]), (Note("bet_word_as_raise", {}),)
        else:
            ruled, found2 = "raise", cite["raise_total"]
    elif verb == "allin":  # an all-in for no more than the bet
        ruled, found2 = "allin", cite["in_turn"]
    else:
        return None
    # _apply for a no-limit bet, raise or all-in (valid, no house level behind it).
    rs = st.ruleset
    to = amount
    full_before = st.full_raise
    st.seq += 1
    seat.acted = True
    seat.last_seq = st.seq
    full = False
    if to > w:
        increment = to - w
        if ruled != "allin":
            full = True
        else:
            f = rs.nl_allin_full_fraction
            full = increment * f.denominator >= f.numerator * full_before
        if full:
            new_r = increment if rs.raise_basis == "increment" else to
            st.full_raise = max(full_before, new_r)
            st.full_level = to
            st.bets_made += 1
            st.last_full_seq = st.seq
        else:
            st.short_allin_seen = True
        st.bet_level = to
        if st.opening_level is None:
            st.opening_level = to
    seat.chips_in = max(prior, to)
    if ruled == "allin":
        seat.status = "allin"
    seat.last_level = st.bet_level
    if ruled == "allin" and to > w and not full:
        notes2 = (*notes2, Note("short_allin", {"by": to - w, "need": full_before}))
        found2 = (*found2, *cite["min_raise"])
    st.advance(index)
    return RuledAction(seat.name, act.raw, ruled, to, full,
                       found2 if len(found2) < 2 else tuple(dict.fromkeys(found2)), notes2, None, True, None)


# ----------------------------------------------------------------------------------------
# Applying a reading to the round


def _apply(st: RoundState, seat: Seat, r: _Reading) -> bool:
    """Update the round; returns whether the action counted as a full bet or raise."""
    st.seq += 1
    if not r.valid:
        seat.raise_barred_by = tuple(r.rules)
        return False
    seat.acted = True
    seat.last_seq = st.seq
    if r.ruled == "fold":
        seat.status = "folded"
        return False
    full = False
    w = st.bet_level
    if r.to > w:
        increment = r.to - w
        if st.game == "FL":
            over_full = r.to - st.full_level
            f = st.ruleset.limit_reopen_fraction
            if r.ruled != "allin" or over_full * f.denominator >= f.numerator * st.bet_unit:
                full = True
                st.full_level += st.bet_unit
                st.bets_made += 1
        else:
            if r.ruled != "allin":
                full = True
            else:
                f = st.ruleset.nl_allin_full_fraction
                full = increment * f.denominator >= f.numerator * st.full_raise
            if full:
                new_r = increment if st.ruleset.raise_basis == "increment" else r.to
                st.full_raise = max(st.full_raise, new_r)
                st.full_level = r.to
                st.bets_made += 1
        if full:
            st.last_full_seq = st.seq
        else:
            st.short_allin_seen = True
        st.bet_level = max(r.to, r.level or 0)
        if r.level is not None and r.level > st.full_level:
            # A house minimum bet standing behind a smaller all-in is the bet raises build on.
            st.full_level = r.level
            st.bets_made += 1
        if st.opening_level is None:
            st.opening_level = st.bet_level
    if r.ruled in ("call", "undercall"):
        seat.chips_in = st.bet_level
    elif r.ruled != "check":
        seat.chips_in = max(seat.chips_in, r.to)
    if r.allin:
        seat.status = "allin"
    seat.last_level = st.bet_level
    return full


# ----------------------------------------------------------------------------------------
# The whole hand


def _start(hand: Hand, rs: Ruleset) -> tuple[RoundState, bool]:
    seating = seat_order(hand)
    keys = seating.keys
    seats = [Seat(n, keys[n]) for n in seating.order]
    if len(seats) < 2:
        if hand.seats is not None:
            raise FloorcallError("too_few_players", at=0, hint=f"players {seats[0].name} B")
        # One player named after the flop (`A bet 600`): the action is ruled all the same, and the
        # player after them, not named, is who the reply says must act next.
        seats.append(Seat(name=NEXT_PLAYER, key=NEXT_PLAYER))
    preflop = hand.street == "preflop"
    if hand.game == "FL":
        unit = hand.bb if hand.street in ("preflop", "flop") else 2 * hand.bb
    else:
        unit = hand.bb
    short = dict(hand.short_blinds)
    unposted = 0
    if preflop:
        for s in seats:
            for blind, name, nominal in (("SB", seating.sb, hand.sb), ("BB", seating.bb, hand.bb)):
                if name is None or s.name != name:
                    continue
                posted = short.get(blind, nominal)
                s.chips_in = s.posted = posted
                unposted += nominal - posted
                if blind in short:
                    # A short blind is all-in for what it posted; a dead one is not in the hand.
                    s.status = "allin" if posted > 0 else "folded"
    if hand.street != "preflop" and hand.game == "PL" and hand.pot is None:
        raise FloorcallError("pot_needed", at=0, hint=f"PL {hand.sb}/{hand.bb} {hand.street} pot 1000: ...")
    st = RoundState(
        ruleset=rs,
        game=hand.game,
        street=hand.street,
        sb=hand.sb,
        bb=hand.bb,
        pot_start=hand.pot or 0,
        pot_known=preflop or hand.pot is not None,
        seats=seats,
        bet_level=hand.bb if preflop else 0,
        full_raise=unit,
        full_level=hand.bb if preflop else 0,
        bet_unit=unit,
        opening_level=hand.bb if preflop else None,
        bets_made=1 if preflop else 0,
        unposted_blinds=unposted,
        keys=seating.keys,
    )
    st.first_to_act()
    return st, seating.heads_up_rule


@dataclass(slots=True)
class _Pending:
    """An action taken before its player's turn, waiting for the turn to come round (55)."""

    act: ActionInput
    level: int  # the bet the player faced when acting out of turn
    entry: int  # its place in the ruled actions
    rules: list[str]  # why it is held (55-A, or 55-B heads-up)


def _act(st: RoundState, seat: Seat, act: ActionInput, oot: OotStatus | None = None,
         lead: tuple[list[str], list[Note]] = ([], [])) -> RuledAction:
    """Read one action in turn, apply it, and move the turn on."""
    index = st.next_index
    assert index is not None and st.seats[index] is seat
    reading = _quick_read(st, seat, act) or _Reader(st, seat, act).read()
    w_before, r_before = st.bet_level, (st.bet_unit if st.game == "FL" else st.full_raise)
    full = _apply(st, seat, reading)
    if reading.allin and reading.to > w_before and not full:
        reading.notes.append(Note("short_allin", {"by": reading.to - w_before, "need": r_before}))
        reading.rules += st.ruleset.c("min_raise")
    if reading.valid:
        st.advance(index)
    else:
        st.next_index = index
    # Most actions cite one rule and arrive with no lead: no list to join and no duplicate to drop.
    found = lead[0] + reading.rules if lead[0] else reading.rules
    rules = tuple(found) if len(found) < 2 else tuple(dict.fromkeys(found))
    to = reading.to if reading.ruled != "fold" else seat.chips_in
    return RuledAction(seat.name, act.raw, reading.ruled, to, full, rules,
                       tuple(lead[1] + reading.notes if lead[1] else reading.notes),
                       reading.outcome, reading.valid, oot)


def _hold_out_of_turn(st: RoundState, seat: Seat, due: Seat, act: ActionInput, pending: dict[str, _Pending],
                      ruled: list[RuledAction]) -> None:
    """55: an action before the player's turn is held, as it would read now, until the turn comes."""
    rs = st.ruleset
    if seat.key in pending:
        raise FloorcallError("out_of_turn_again", at=act.at, player=act.player, expected=due.name)
    reading = _Reader(st, seat, act).read()
    if st.heads_up and reading.ruled == "check" and rs.oot_heads_up_check_bars_raise:
        rules = list(rs.c("oot_heads_up"))
        notes = [Note("oot_heads_up_check", {"due": due.name})]
        seat.raise_barred_by = tuple(rules)  # for the rest of the round, whatever comes back (55-B)
    else:
        # 55-A speaks of three or more players; heads-up only a check has a rule of its own (55-B),
        # so any other action out of turn heads-up rests on rule 55 as a whole.
        rules = list(rs.c("out_of_turn" if st.heads_up else "oot_multiway"))
        notes = [Note("oot_fold" if reading.ruled == "fold" else "oot_pending", {"due": due.name, "w": st.bet_level})]
    pending[seat.key] = _Pending(act, st.bet_level, len(ruled), rules)
    to = reading.to if reading.ruled != "fold" else seat.chips_in
    ruled.append(RuledAction(seat.name, act.raw, reading.ruled, to, False, tuple(dict.fromkeys(rules + reading.rules)),
                             tuple(notes + reading.notes), reading.outcome, reading.valid, "pending"))


def _resolve_out_of_turn(st: RoundState, pending: dict[str, _Pending], ruled: list[RuledAction]) -> None:
    """The turn has come to players who acted early: their action stands if the bet they faced has
    not changed (a check, call or fold before them is no change) or if it was a fold; otherwise it
    is void, its chips go back and the player acts afresh (55-A, IA-55-A-1)."""
    while st.next_index is not None and (p := pending.pop(st.seats[st.next_index].key, None)) is not None:
        seat = st.seats[st.next_index]
        if st.bet_level == p.level or p.act.verb == "fold":
            notes = [Note("oot_stands", {"w": p.level})]
            ruled[p.entry] = _act(st, seat, p.act, "stands", (p.rules, notes))
            continue
        old = ruled[p.entry]
        void = Note("oot_void", {"was": p.level, "w": st.bet_level})
        ruled[p.entry] = RuledAction(old.player, old.input, old.ruled, seat.chips_in, False, tuple(p.rules),
                                     (void,), None, False, "void")
        return


def _out_of_turn_notes(st: RoundState, pending: dict[str, _Pending], ruled: list[RuledAction],
                       notes: list[Note]) -> list[str]:
    """After the last action: held actions whose turn never came are void; enough of them past the
    skipped player to make substantial action (38) bring in 55-A-2. Returns the rules cited."""
    if st.next_index is None:
        for p in pending.values():
            old = ruled[p.entry]
            ruled[p.entry] = RuledAction(old.player, old.input, old.ruled, old.to, False, tuple(p.rules),
                                         (Note("oot_never_reached", {}),), None, False, "void")
        return []
    held = [ruled[p.entry] for p in pending.values()]
    chips_in = any(a.ruled in ("bet", "raise", "call", "allin") for a in held)
    if len(held) >= 3 or (len(held) >= 2 and chips_in):
        notes.append(Note("oot_substantial", {"due": st.seats[st.next_index].name}))
        return list(st.ruleset.c("oot_substantial"))
    return []


def _options(st: RoundState, notes: list[Note]) -> tuple[Options, tuple[WorkingRow, ...]]:
    rs = st.ruleset
    cite = rs.cite.__getitem__  # `rs.c`, without the method call
    working: list[WorkingRow] = []
    # Worked out once, and only when a row needs it. No limit and pot limit: R itself, a whole
    # number (a Fraction would cost a microsecond to build for the same value); limit: a fraction of a bet.
    threshold: int | Fraction | None = None
    w, r, full_seq = st.bet_level, int(st.full_raise if st.game != "FL" else st.bet_unit), st.last_full_seq
    for s in st.seats:
        if s.status == "active" and s.last_level is not None:
            if threshold is None:
                threshold = st.full_raise if st.game != "FL" and type(st.full_raise) is int else st.reopen_threshold()
            working.append(WorkingRow(s.name, w, s.last_level, r, threshold, st.reopened_for(s), full_seq > s.last_seq))
    if st.next_index is None:
        reason = "hand_over" if st.live_count <= 1 else "round_over"
        return Options(None, 0, False, None, None, reason, ()), tuple(working)
    seat = st.seats[st.next_index]
    to_call = st.to_call(seat)
    ok, why = _raise_allowed(st, seat)
    reopen_concept = "reopen_limit" if st.game == "FL" else "reopen_nl"
    rules: list[str] = []
    if ok:
        reason = "not_acted" if seat.last_level is None else "reopened"
        rules += cite("min_raise")  # (a list extends by a tuple with no copy made)
        if seat.last_level is not None or st.short_allin_seen:
            rules += cite(reopen_concept)
        if st.short_allin_seen:
            rules += cite("ia_reopen")
        if st.game == "FL" and rs.limit_raise_cap is None:
            notes.append(Note("limit_cap_house", {}))
            rules += cite("raise_cap")
    else:
        reason = ("barred" if seat.raise_barred_by is not None else
                  "cap_reached" if st.raise_cap_reached() else
                  "no_opponent" if not st.others_can_respond(seat) else "not_reopened")
        rules += why
        if reason == "not_reopened" and st.short_allin_seen:
            rules += cite("ia_reopen")
    min_to = _min_to(st, seat) if ok else None
    max_to = st.pot_limit_max_to(seat) if ok and st.game == "PL" else None
    if max_to is not None:
        rules += cite("pot_limit_preflop" if st.street == "preflop" else "pot_limit_postflop")
    if seat.key == NEXT_PLAYER:  # what the player after a lone named actor faces; nobody to name
        return Options(None, to_call, ok, min_to, max_to, "next_unnamed", tuple(dict.fromkeys(rules))), tuple(working)
    return Options(seat.name, to_call, ok, min_to, max_to, reason, tuple(dict.fromkeys(rules))), tuple(working)


def rule_hand(hand: Hand, ruleset: Ruleset) -> Ruling:
    """Rule on a whole betting sequence. Raises FloorcallError for sequences that cannot happen."""
    st, heads_up_rule = _start(hand, ruleset)
    notes: list[Note] = []
    citations: list[str] = []
    if heads_up_rule:
        notes.append(Note("heads_up_order", {}))
        citations += ruleset.c("heads_up_order")
    ruled: list[RuledAction] = []
    pending: dict[str, _Pending] = {}
    # Whose turn it is, then `_act` inlined for an action in turn with nothing held (nearly every
    # one): the same steps in the same order, without two calls and the out-of-turn arguments.
    seats, by_key, keys = st.seats, st._by_key, st.keys
    fl = st.game == "FL"
    for act in hand.actions:
        name = act.player
        seat = by_key.get(keys.get(name) or fold(name))  # st.seat_named
        assert seat is not None
        status = seat.status
        if status == "folded":
            raise FloorcallError("acted_after_fold", at=act.at, player=name)
        if status == "allin":
            raise FloorcallError("acted_after_allin", at=act.at, player=name)
        index = st.next_index
        if index is None:
            raise FloorcallError("round_over", at=act.at, player=name)
        if seats[index] is not seat:
            _hold_out_of_turn(st, seat, seats[index], act, pending, ruled)
            continue
        if pending:
            ruled.append(_act(st, seat, act))
            _resolve_out_of_turn(st, pending, ruled)
            continue
        quick = _quick_act(st, seat, act, index)
        if quick is not None:
            ruled.append(quick)
            continue
        reading = _quick_read(st, seat, act) or _Reader(st, seat, act).read()
        w_before = st.bet_level
        r_before = st.bet_unit if fl else st.full_raise
        full = _apply(st, seat, reading)
        if reading.allin and reading.to > w_before and not full:
            reading.notes.append(Note("short_allin", {"by": reading.to - w_before, "need": r_before}))
            reading.rules += ruleset.cite["min_raise"]
        if reading.valid:
            st.advance(index)
        else:
            st.next_index = index
        found = reading.rules
        ruled_as = reading.ruled
        ruled.append(RuledAction(seat.name, act.raw, ruled_as, reading.to if ruled_as != "fold" else seat.chips_in,
                                 full, tuple(found) if len(found) < 2 else tuple(dict.fromkeys(found)),
                                 tuple(reading.notes), reading.outcome, reading.valid, None))
    if pending:  # with nothing held there is nothing to void and no substantial action (55-A-2)
        citations += _out_of_turn_notes(st, pending, ruled, notes)
    for a in ruled:
        citations += a.rules
    if hand.query is not None:
        _check_query(st, hand, notes)
    options, working = _options(st, notes)
    citations += options.rules
    seats = tuple([SeatView(s.name, s.chips_in, s.last_level, s.acted, s.status) for s in st.seats if s.key != NEXT_PLAYER])
    return Ruling(hand, ruleset, tuple(ruled), options, seats, st.bet_level, st.full_raise, st.pot_total,
                  working, tuple(notes), tuple(dict.fromkeys(citations)))


def _check_query(st: RoundState, hand: Hand, notes: list[Note]) -> None:
    """`A?`: A is seated from the start (engine.seating). A player who is all-in or folded has no
    decision left: say so and answer for whoever acts next. A live player must be the one due."""
    assert hand.query is not None
    seat = st.seat_named(hand.query)
    assert seat is not None
    if seat.status != "active":
        notes.append(Note("query_no_decision", {"p": seat.name, "status": seat.status}))
        return
    if st.next_index is not None and st.seats[st.next_index] is not seat:
        due = st.seats[st.next_index]
        if due.key == NEXT_PLAYER:
            raise FloorcallError("not_their_turn_unnamed", at=hand.query_at, player=hand.query)
        raise FloorcallError("not_their_turn", at=hand.query_at, player=hand.query, expected=due.name)
