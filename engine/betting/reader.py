"""The general reader: what one action counts as, given the round so far (declarations 53/57,
silent chips 46-48, amounts 42-C, the 50 % standard 45, under-raises 54-A, undercalls 53-B,
all-ins, pot-limit maxima 56). Pure: it reads, `engine.betting.apply` changes the round. The fast
paths in `engine.betting.fast` answer the plainest shapes the same way without building a reader.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from engine.betting.apply import cap_call
from engine.betting.reader_chips import _SilentChips
from engine.betting.records import (
    Note,
    _Reading,
)
from engine.betting.state import RoundState, Seat
from engine.errors import FloorcallError
from engine.notation.read import ActionInput
from engine.rulesets import Ruleset


def _raise_allowed(st: RoundState, seat: Seat, w: int) -> tuple[bool, list[str]]:
    """Whether this player may raise now, facing a bet of `w`, and the rules that decide it (for
    an action, and for the options of the player to act)."""
    if (bar := seat.bar(w)) is not None:
        return False, list(bar)
    if st.game == "FL" and st.raise_cap_reached():  # (a cap is for limit only: no call otherwise)
        return False, list(st.ruleset.cite["raise_cap"])
    if not st.others_can_respond(seat):
        return False, list(st.ruleset.cite["in_turn"])
    if seat.last_level is not None and not st.reopened_for(seat, w):
        return False, list(st.ruleset.cite["reopen_limit" if st.game == "FL" else "reopen_nl"])
    return True, []


def _min_to(st: RoundState, seat: Seat, w: int) -> int:
    lo = st.min_raise_to(w)
    if st.game == "PL":
        lo = min(lo, st.pot_limit_max_to(seat, w))
    return lo


class _Reader(_SilentChips):
    """Decides what one action counts as, given the round so far. Pure: no state changes."""

    # One reader per action: slots make it cheaper to build and to read from.
    __slots__ = ("st", "rs", "seat", "act", "w", "prior", "facing", "amount", "pulled")

    def __init__(self, st: RoundState, seat: Seat, act: ActionInput, faced: int | None = None) -> None:
        """`faced`: the bet the player faces when it is not W (out of turn, `engine.betting.out_of_turn`).
        Every test of the bet below reads `self.w`, never `st.bet_level`."""
        self.st = st
        self.rs: Ruleset = st.ruleset
        self.seat = seat
        self.act = act
        self.w = w = st.bet_level if faced is None else faced
        self.prior = prior = seat.chips_in
        self.facing = w > prior  # st.to_call(seat) > 0, without the call
        self.amount = act.amount  # the declared amount as read (59 may read "5" as 500)
        if act.alias == "by" and act.amount is not None:  # `raise by 1000`: added to the bet faced
            self.amount = w + act.amount
        if act.bbs is not None:  # `3bb`: three big blinds
            value = act.bbs * st.bb
            if value.denominator != 1:
                raise FloorcallError("bad_amount", at=act.at, word=f"{float(act.bbs):g}bb", hint=str(round(value)))
            self.amount = int(value)
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
        return _raise_allowed(self.st, self.seat, self.w)

    def min_to(self) -> int:
        return _min_to(self.st, self.seat, self.w)

    def total_of_chips(self) -> int:
        assert self.act.chips is not None
        return self.prior - self.pulled + sum(self.act.chips)

    def declared_total(self) -> int | None:
        if self.act.chips is not None:
            return self.total_of_chips()
        return self.amount

    def check_not_below_prior(self, total: int) -> None:
        if total < self.prior or (total == self.prior and self.act.chips is None and self.prior > 0 and not self.facing):
            raise FloorcallError("amount_below_in", at=self.act.at, player=self.act.player, amount=total, already=self.prior)

    def call(self, rules: list[str], notes: list[Note] | None = None) -> _Reading:
        if not self.facing:
            # Nothing to call: the action stands as a check, and the note must say so, not "call".
            notes = [Note("raise_not_allowed_check", n.params) if n.code == "raise_not_allowed" else n
                     for n in notes or []]
            return _Reading("check", self.prior, rules, notes)
        r = _Reading("call", self.w, rules, notes or [])
        if self.st.short_level:  # a short blind's full bet nobody left can match: the call stops at the all-in
            cap_call(self.st, self.seat, r)
        return r

    def pl_cap(self, r: _Reading) -> _Reading:
        """Pot limit: nothing above the pot-limit maximum (56-B preflop, 56-C after)."""
        if self.st.game != "PL" or r.ruled not in ("bet", "raise", "allin"):
            return r
        cap = self.st.pot_limit_max_to(self.seat, self.w)
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
                notes.append(Note("half_rule_raise", {"pushed": total, "by": increment, "to": lo, "need": need}))
            return _Reading("raise", lo, rules + self.c("min_raise"), notes)
        notes.append(Note("half_rule_call", {"pushed": total, "by": increment, "to": self.w, "need": need}))
        return _Reading("call", self.w, rules + self.c("min_raise"), notes)

    def undercall(self, total: int, rules: list[str]) -> _Reading:
        """53-B: less than the call, with no "call" said. Right after another undercall (53-C)
        play goes back to the first undercaller, who corrects under 53-B, and the TD decides what
        becomes of this one: never a plain "must call", even facing the opening bet."""
        st = self.st
        if not self.rs.undercall_must_call:  # no undercall rule in this edition: the floor decides
            note = Note("undercall_floor", {"pushed": total, "to": self.w})
            return _Reading("undercall", self.w, rules + self.c("undercall") + self.c("ia_undercall"), [note],
                            outcome="td_discretion")
        if st.undercall_seq >= 0 and st.undercall_seq == st.seq:
            note = Note("undercall_consecutive", {"pushed": total, "to": self.w, "first": st.undercall_first})
            return _Reading("undercall", self.w, rules + self.c("undercall") + self.c("undercall_consecutive"), [note],
                            outcome="td_discretion")
        rules = rules + self.c("undercall") + self.c("ia_undercall")
        opening = st.opening_level is not None and self.w == st.opening_level
        outcome: Literal["must_call", "td_discretion"]
        outcome = "must_call" if (st.heads_up or opening) else "td_discretion"
        why = "heads_up" if st.heads_up else ("opening_bet" if opening else "multiway_raise")
        note = Note("undercall_" + outcome, {"pushed": total, "to": self.w, "why": why})
        return _Reading("undercall", self.w, rules, [note], outcome=outcome)

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
        if act.alias == "complete" and not (self.st.game == "FL" and self.w > self.st.full_level):
            # Nothing short to complete (no all-in below a full limit bet stands above the last
            # full bet): "complete" is a call, as the small blind completing preflop is. A copy:
            # the hand's actions are read again for each stack correction.
            act = self.act = replace(act, verb="call")
        nbet = None
        if act.nbet is not None and act.amount is None and act.chips is None and self.w == 0:
            # `Aが5ベット` with nothing bet: no 5-bet can be made, so the word says "bet 5", an amount
            # 59 reads (it had been read as "raise" with no bet, and the minimum bet ruled).
            nbet = act.nbet
            act = self.act = replace(act, verb="bet", amount=nbet, nbet=None)
            self.amount = nbet
        said = act.amount
        # 59 reads a total said too small to be chips; `raise by 5` is an increment, not a total.
        shorthand = self.shorthand() if said is not None and said < self.st.sb and act.alias != "by" else None
        pulled = self.pull_back() if act.pulled_back is not None else None
        r = self.read_as_said()
        for b in (pulled, shorthand):
            if b is not None:
                r.rules[:0] = b.rules
                r.notes[:0] = b.notes
        if nbet is not None:
            r.notes[:0] = [Note("nbet_as_amount", {"n": nbet})]
        if act.alias is not None:
            r.notes[:0] = [self.alias_note(r)]
            if act.alias == "complete" and r.ruled == "raise":  # what a short all-in leaves to complete (49-B)
                r.rules += [c for c in self.st.ruleset.cite["reopen_limit"] if c not in r.rules]
        if act.then_said is not None and act.verb in ("call", "fold"):  # `call raise 900`: the call stands
            r.notes.append(Note("then_said_call" if act.verb == "call" else "then_said_fold", {"then": act.then_said}))
        return r

    def alias_note(self, r: _Reading) -> Note:
        """How `limp`, `min-raise` or `3x` was read: what the word stands for, and the result."""
        alias = self.act.alias
        if alias == "minraise":  # the note says it all; the general "no amount: minimum" would repeat it
            r.notes[:] = [x for x in r.notes if x.code != "no_amount_minimum"]
        times = self.act.times
        shown = "" if times is None else (str(times.numerator) if times.denominator == 1 else f"{float(times):g}")
        # A call's total is `w`, or less where it stops at a short blind's all-in (`cap_call`).
        params = {"to": r.to, "w": r.to if r.ruled == "call" else self.w, "times": shown, "ruled": r.ruled}
        if alias == "by":
            params["by"] = self.act.amount
            if self.w == 0:  # nothing to add it to: simply the bet (or minimum) it was ruled
                return Note("alias_by_nobet", params)
        if alias == "complete" and r.ruled != "raise":
            return Note("alias_complete_call", params)
        return Note(f"alias_{alias}", params)

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
                                [Note("check_facing_bet", {"to_call": self.st.call_amount(self.seat, self.w)})], valid=False)
            return _Reading("check", self.prior, self.c("in_turn"))
        if verb == "call":
            if not self.facing:
                return _Reading("check", self.prior, self.c("invalid_declaration"), [Note("call_no_bet", {})])
            said = self.amount  # as typed, or `3bb` in chips
            if act.allin_said and said is not None and said <= self.w:
                # `calls all in 300` facing 500: all the player had, short of the call (not an undercall);
                # `calls all in 500`: all-in for exactly the call.
                self.check_not_below_prior(said)
                return self.allin(said, self.c("in_turn"), [])
            notes = []
            if act.allin_said:  # `calls all-in` with no amount (the stacks say whether it was all), or more: a call
                pass
            elif act.chips is not None and self.total_of_chips() < self.w:
                notes.append(Note("declared_call_binds", {"pushed": self.total_of_chips(), "to": self.w}))
            elif said is not None and said not in (self.w, self.w - self.prior):
                # `call 1000` facing 2,000: "call" binds the whole call (53-A), and an amount
                # above it is no raise; the total or the chips added are the call as said.
                code = "call_said_short" if said < self.w else "call_said_over"
                notes.append(Note(code, {"said": said, "to": self.w}))
            return self.call(self.c("binding_declaration"), notes)
        total = self.declared_total()
        if total is not None:
            self.check_not_below_prior(total)
        if verb == "allin":
            assert total is not None
            return self.allin(total, self.c("in_turn"), [])
        if verb == "pot":
            return self.pot()
        if verb == "open":  # `opens 600`: a bet, or facing the blind a raise, with no word to correct
            return self.raise_or_bet(total, self.c("in_turn") if self.w == 0 else [], [])
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
        said = self.act.amount  # `raise pot 500`: an amount typed beside the word
        if st.game == "PL":
            cap = st.pot_limit_max_to(self.seat, self.w)
            concept = "pot_limit_preflop" if st.street == "preflop" else "pot_limit_postflop"
            if said is not None and said not in (cap, cap - self.w):
                # Neither the maximum's total nor what it adds to the bet faced: the word and the
                # amount disagree, and which one the player bound themselves to is not on the line.
                who, word = self.act.player, "bet" if self.w == 0 else "raise"
                raise FloorcallError("pot_amount_mismatch", at=self.act.at, player=who, amount=said, to=cap,
                                     hint=f"{who} {word} pot / {who} {word} {said}")
            if self.w == 0:
                return _Reading("bet", cap, self.c(concept), [Note("pot_bet", {"to": cap})])
            ok, why = self.raise_allowed()
            if not ok:
                return self.call(self.c(concept) + why, [Note("raise_not_allowed", {})])
            return _Reading("raise", cap, self.c(concept), [Note("pot_bet", {"to": cap})])
        if said is not None:
            # `bet pot 500` in no limit: "pot" names no amount (56-D); the amount typed is the bet.
            return self.raise_or_bet(said, self.c("pot_in_no_limit"), [Note("pot_word_amount", {"to": said})])
        note = Note("pot_word_not_limit", {})
        return self.raise_or_bet(None, self.c("pot_in_no_limit"), [note])
