"""The one reader: what one action counts as, given the round so far.

Declarations (53, 57), amounts said alone (42-C) or too small to be chips (59), chips pushed with
no word (one oversized chip 46, several chips 47, the last chips 47-B, chips already in front
and chips pulled back 48, betting for change 63), the 50 % standard (45), under-raises (54-A),
undercalls (53-B/53-C), all-ins, limit sizes and pot-limit maxima (56). Whether a player may raise
at all (`raise_refused`) and the least they may raise to (`min_to`) are decided here too, for
an action and for the options of the player to act (`engine.betting.rulings`).

Pure: it reads, `engine.betting.apply` changes the round. Every action, the plainest fold as much
as a pile of chips pulled back, goes through `Reader.read`, so each rule is decided in one place.
Citations are the ruleset's own tuples, joined only where a reading cites more than one concept.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from engine.betting.records import Note, Ruled, RuledAction
from engine.betting.state import RoundState, Seat
from engine.errors import FloorcallError
from engine.notation.inputs import ActionInput
from engine.notation.words import MAX_AMOUNT

Rules = tuple[str, ...]
Notes = tuple[Note, ...]
RaiseRefusal = Literal["barred", "cap_reached", "no_opponent", "not_reopened"]
_new = object.__new__  # (`Reader.read_as`)


def raise_refused(st: RoundState, seat: Seat, w: int) -> tuple[RaiseRefusal, Rules] | None:
    """Why this player may not raise now, facing a bet of `w`, and the rules that say so; None
    when they may. The refusals are tried in this order, and the options name the first."""
    if seat.raise_barred_by is not None and (bar := seat.bar(w)) is not None:
        return "barred", bar
    if st.game == "FL" and st.raise_cap_reached():  # (a cap is for limit only)
        return "cap_reached", st.ruleset.cite["raise_cap"]
    if not st.others_can_respond(seat):
        return "no_opponent", st.ruleset.cite["in_turn"]
    if seat.last_level is not None and not st.reopened_for(seat, w):
        return "not_reopened", st.ruleset.cite["reopen_limit" if st.game == "FL" else "reopen_nl"]
    return None


def min_to(st: RoundState, seat: Seat, w: int) -> int:
    """The least total a raise may go to, facing `w` (45-A; limit: the next fixed raise), never
    above the pot-limit maximum."""
    lo = st.full_level + st.bet_unit if st.game == "FL" else w + st.full_raise
    if st.game == "PL":
        lo = min(lo, st.pot_limit_max_to(seat, w))
    return lo


def cap_call(st: RoundState, seat: Seat, r: RuledAction) -> bool:
    """A call against a short blind's full bet that nobody left could match stops at the largest
    all-in (16-B; `RoundState.uncalled_cap`): `r` is brought down to it, with the note saying so,
    unless that was done already. Whether the call is so capped. Only where `st.short_level`."""
    cap = st.uncalled_cap(seat)
    if cap is None or cap[0] <= seat.chips_in or cap[0] > r.to:
        return False
    if r.to > cap[0]:
        r.to = cap[0]
        r.notes += (Note("call_capped_allin", {"p": seat.name, "allin": cap[1].name, "to": cap[0],
                                               "bet": st.bet_level}),)
        r.rules += st.ruleset.cite["uncalled_returned"]
    return True


class Reader:
    """Decides what one action counts as, given the round so far. Pure: no state changes. One
    reader serves a whole round (`engine.betting.rulings.rule_hand`): `read` takes each action in
    turn and sets the attributes below for it.

    What an action counts as is written straight into the `RuledAction` the ruling returns (its
    reading: ruled, to, rules, notes, outcome, valid), with no record in between to copy from:
    applying it (`engine.betting.apply`) then adds whether it was a full raise, and what a short
    all-in added, to the same record."""

    __slots__ = ("st", "cite", "seat", "act", "w", "prior", "facing", "amount", "pulled", "level")

    def __init__(self, st: RoundState) -> None:
        self.st = st
        self.cite = st.ruleset.cite

    # -- entry point --------------------------------------------------------------------
    def read(self, seat: Seat, act: ActionInput, faced: int | None = None) -> RuledAction:
        """What `seat`'s action counts as. `faced`: the bet the player faces when it is not W (out
        of turn, `engine.betting.out_of_turn`); every test of the bet below reads `self.w`, never
        `st.bet_level`. Words beyond the plain ones (a word standing for an amount or an action,
        chips taken back, an amount too small to be chips) are read before the action and lead
        its reasons (`words_before`, `words_after`)."""
        st = self.st
        self.seat = seat
        self.act = act
        self.w = w = st.bet_level if faced is None else faced
        self.prior = prior = seat.chips_in
        self.facing = facing = w > prior  # something to call
        self.amount = amount = act.amount  # the declared amount as read (59 may read "5" as 500)
        self.pulled = 0  # chips in front taken back (48), set by `words_before`
        # The bet level others must match when it is not the action's total (a house's minimum
        # bet behind a short opening all-in, `allin`); read by `engine.betting.apply`.
        self.level: int | None = None
        plain = (act.alias is None and act.bbs is None and act.times is None and act.pulled_back is None
                 and act.nbet is None and act.then_said is None and (amount is None or amount >= st.sb))
        lead = None
        if not plain:
            lead = self.words_before()
            act = self.act
        verb = act.verb
        cite = self.cite
        if verb is None:
            r = self.silent()
        elif verb == "fold":
            if facing:
                r = self.read_as("fold", prior, cite["in_turn"])
            else:
                r = self.read_as("fold", prior, cite["fold_no_bet"], (Note("fold_no_bet", {}),))
        elif verb == "check":
            if facing:
                r = self.read_as("check", prior, cite["invalid_declaration"],
                                 (Note("check_facing_bet", {"to_call": st.call_amount(seat, w)}),), valid=False)
            else:
                r = self.read_as("check", prior, cite["in_turn"])
        elif verb == "call":
            r = self.declared_call()
        else:
            r = self.declared_bet()
        if lead is not None:
            self.words_after(r, *lead)
        return r

    def read_as(self, ruled: Ruled, to: int, rules: Rules, notes: Notes = (),
                outcome: Literal["must_call", "td_discretion"] | None = None, valid: bool = True) -> RuledAction:
        """The action of the seat being read, counted as `ruled` to `to`, for these reasons: the
        `RuledAction` of it, built here field by field, as `engine.betting.records` builds the
        records a ruling makes many of (tests/test_records_built.py holds it to the class)."""
        a: RuledAction = _new(RuledAction)
        a.player = self.seat.name
        a.input = self.act.raw
        a.ruled = ruled
        a.to = to
        a.full_raise = False  # set by `engine.betting.apply`
        a.rules = rules
        a.notes = notes
        a.outcome = outcome
        a.valid = valid
        a.oot = None  # set by `engine.betting.out_of_turn`
        return a

    def words_before(self) -> tuple[tuple[Rules, Notes] | None, tuple[Rules, Notes] | None, int | None]:
        """What the words beyond the plain ones make of the action before it is read: how `raise
        by`, `3bb` and `3x` size it, `complete` and `5ベット` with nothing to complete or raise, how
        an amount too small to be chips is read (59) and what was taken back (48-B). Returns the
        reasons of the last two, which lead the reading's own, and the n of an n-bet read as an amount."""
        act = self.act
        st = self.st
        w = self.w
        if act.alias == "by" and act.amount is not None:  # `raise by 1000`: added to the bet faced
            self.amount = w + act.amount
        if act.bbs is not None:  # `3bb`: three big blinds
            value = act.bbs * st.bb
            if value.denominator != 1:
                raise FloorcallError("bad_amount", at=act.at, word=f"{float(act.bbs):g}bb", hint=str(round(value)))
            self.amount = int(value)
        if act.times is not None:  # `3x`: three times the bet faced
            if w == 0:
                raise FloorcallError("times_needs_bet", at=act.at, player=act.player, hint=f"{act.player} bet {st.bet_unit * 3}")
            self.amount = int(act.times * w)
        if act.pulled_back is not None:  # `back` (all of them) / `back N`
            self.pulled = self.prior if act.pulled_back == 0 else act.pulled_back
        if act.alias == "complete" and not (st.game == "FL" and w > st.full_level):
            # Nothing short to complete (no all-in below a full limit bet stands above the last
            # full bet): "complete" is a call, as the small blind completing preflop is. A copy:
            # the hand's actions are read again for each stack correction.
            act = self.act = replace(act, verb="call")
        nbet = None
        if act.nbet is not None and act.amount is None and act.chips is None and w == 0:
            # `Aが5ベット` with nothing bet: no 5-bet can be made, so the word says "bet 5", an amount
            # 59 reads (it had been read as "raise" with no bet, and the minimum bet ruled).
            nbet = act.nbet
            act = self.act = replace(act, verb="bet", amount=nbet, nbet=None)
            self.amount = nbet
        said = act.amount
        # 59 reads a total said too small to be chips; `raise by 5` is an increment, not a total.
        shorthand = self.shorthand() if said is not None and said < st.sb and act.alias != "by" else None
        pulled = self.pull_back() if act.pulled_back is not None else None
        return shorthand, pulled, nbet

    def words_after(self, r: RuledAction, shorthand: tuple[Rules, Notes] | None, pulled: tuple[Rules, Notes] | None,
                    nbet: int | None) -> None:
        """The reasons `words_before` found lead the reading's own; then how a word standing for
        an action (`limp`, `min-raise`, `complete`) was read, and a second declaration after a
        binding call or fold."""
        act = self.act
        if pulled is not None:
            r.rules = pulled[0] + r.rules
            r.notes = pulled[1] + r.notes
        if shorthand is not None:
            r.rules = shorthand[0] + r.rules
            r.notes = shorthand[1] + r.notes
        if nbet is not None:
            r.notes = (Note("nbet_as_amount", {"n": nbet}), *r.notes)
        if act.alias is not None:
            note = self.alias_note(r)
            r.notes = (note, *r.notes)
            if act.alias == "complete" and r.ruled == "raise":  # what a short all-in leaves to complete (49-B)
                r.rules += tuple(c for c in self.cite["reopen_limit"] if c not in r.rules)
        if act.then_said is not None and act.verb in ("call", "fold"):  # `call raise 900`: the call stands
            r.notes += (Note("then_said_call" if act.verb == "call" else "then_said_fold", {"then": act.then_said}),)

    def declared_bet(self) -> RuledAction:
        """A bet, raise, all-in, `pot` or `open` said, with its amount or chips."""
        act = self.act
        verb = act.verb
        cite = self.cite
        total = self.total_of_chips() if act.chips is not None else self.amount
        if total is not None:
            self.check_not_below_prior(total)
        if verb == "allin":
            assert total is not None
            return self.allin(total, cite["in_turn"], ())
        if verb == "pot":
            return self.pot()
        if verb == "open":  # `opens 600`: a bet, or facing the blind a raise, with no word to correct
            if self.w == 0:
                return self.bet_to(total, cite["in_turn"], ())
            return self.raise_to(total, (), ())
        if self.w == 0:
            if verb == "bet":
                return self.bet_to(total, cite["in_turn"], ())
            # `raise` with nothing bet: no raise can be made; read as the bet it sizes.
            rules: Rules = cite["invalid_declaration"]
            notes: Notes = (Note("raise_no_bet", {}),)
        elif verb == "bet":  # a bet word facing a bet reads as the raise it sizes
            rules, notes = cite["raise_total"], (Note("bet_word_as_raise", {}),)
        else:
            rules, notes = (), ()
        if verb == "raise" and act.chips is not None and len(act.chips) == 1:
            rules += cite["oversized_chip"]
            notes += (Note("declared_raise_single_chip", {"chip": act.chips[0]}),)
        if self.w == 0:
            return self.bet_to(total, rules, notes)
        return self.raise_to(total, rules, notes)

    # -- helpers ------------------------------------------------------------------------
    def total_of_chips(self) -> int:
        assert self.act.chips is not None
        return self.prior - self.pulled + sum(self.act.chips)

    def check_not_below_prior(self, total: int) -> None:
        if total < self.prior or (total == self.prior and self.act.chips is None and self.prior > 0 and not self.facing):
            raise FloorcallError("amount_below_in", at=self.act.at, player=self.act.player, amount=total, already=self.prior)

    def call(self, rules: Rules, notes: Notes = ()) -> RuledAction:
        """A call of the bet faced; with nothing to call, the check it stands as."""
        if not self.facing:
            # Nothing to call: the action stands as a check, and the note must say so, not "call".
            return self.read_as("check", self.prior, rules,
                           tuple(Note("raise_not_allowed_check", n.params) if n.code == "raise_not_allowed" else n
                                 for n in notes))
        r = self.read_as("call", self.w, rules, notes)
        if self.st.short_level:  # a short blind's full bet nobody left can match: the call stops at the all-in
            cap_call(self.st, self.seat, r)
        return r

    def pl_cap(self, r: RuledAction) -> RuledAction:
        """Pot limit: nothing above the pot-limit maximum (56-B preflop, 56-C after)."""
        if self.st.game != "PL" or r.ruled not in ("bet", "raise", "allin"):
            return r
        cap = self.st.pot_limit_max_to(self.seat, self.w)
        if r.to > cap:
            concept = "pot_limit_preflop" if self.st.street == "preflop" else "pot_limit_postflop"
            r.notes += (Note("capped_at_pot", {"asked": r.to, "to": cap}),)
            r.rules += self.cite[concept]
            r.to = cap
            if r.ruled == "allin":
                r.ruled = "raise"
        return r

    # -- declarations -------------------------------------------------------------------
    def declared_call(self) -> RuledAction:
        """"Call" said: it binds the whole call (53-A), whatever amount or chips go with it."""
        act = self.act
        if not self.facing:
            return self.read_as("check", self.prior, self.cite["invalid_declaration"], (Note("call_no_bet", {}),))
        said = self.amount  # as typed, or `3bb` in chips
        if act.allin_said and said is not None and said <= self.w:
            # `calls all in 300` facing 500: all the player had, short of the call (not an undercall);
            # `calls all in 500`: all-in for exactly the call.
            self.check_not_below_prior(said)
            return self.allin(said, self.cite["in_turn"], ())
        notes: Notes = ()
        if act.allin_said:  # `calls all-in` with no amount (the stacks say whether it was all), or more: a call
            pass
        elif act.chips is not None and self.total_of_chips() < self.w:
            notes = (Note("declared_call_binds", {"pushed": self.total_of_chips(), "to": self.w}),)
        elif said is not None and said not in (self.w, self.w - self.prior):
            # `call 1000` facing 2,000: "call" binds the whole call (53-A), and an amount
            # above it is no raise; the total or the chips added are the call as said.
            code = "call_said_short" if said < self.w else "call_said_over"
            notes = (Note(code, {"said": said, "to": self.w}),)
        return self.call(self.cite["binding_declaration"], notes)

    def raise_to(self, total: int | None, rules: Rules, notes: Notes) -> RuledAction:
        """A raise was declared (or is how a bet word facing a bet reads): size it legally."""
        cite = self.cite
        if (refused := raise_refused(self.st, self.seat, self.w)) is not None:
            return self.call(rules + refused[1] + cite["binding_declaration"], (*notes, Note("raise_not_allowed", {})))
        lo = min_to(self.st, self.seat, self.w)
        if self.st.game == "FL":
            if total is not None and total != lo:
                notes += (Note("limit_fixed_raise", {"asked": total, "to": lo}),)
            return self.read_as("raise", lo, rules + cite["min_raise"], notes)
        if total is None:
            notes += (Note("no_amount_minimum", {"to": lo}),)
            return self.pl_cap(self.read_as("raise", lo, rules + cite["min_raise"], notes))
        if total < lo:
            notes += (Note("completed_to_minimum", {"asked": total, "to": lo}),)
            return self.read_as("raise", lo, rules + cite["min_raise"] + cite["under_raise"], notes)
        r = self.read_as("raise", total, rules + cite["raise_total"], notes)
        return self.pl_cap(r) if self.st.game == "PL" else r

    def bet_to(self, total: int | None, rules: Rules, notes: Notes) -> RuledAction:
        """A bet with nothing to face (postflop, checked to the player)."""
        unit = self.st.bet_unit
        if self.st.game == "FL":
            if total is not None and total != unit:
                notes += (Note("limit_fixed_bet", {"asked": total, "to": unit}),)
            return self.read_as("bet", unit, rules, notes)
        if total is None:
            return self.read_as("bet", unit, rules, (*notes, Note("no_amount_minimum", {"to": unit})))
        if total < unit:
            return self.read_as("bet", unit, rules + self.cite["under_raise"],
                           (*notes, Note("bet_completed_to_minimum", {"asked": total, "to": unit})))
        r = self.read_as("bet", total, rules, notes)
        return self.pl_cap(r) if self.st.game == "PL" else r

    def pot(self) -> RuledAction:
        """"Pot": the pot-limit maximum in pot limit; in no limit no amount at all (56-D)."""
        st, cite = self.st, self.cite
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
                return self.read_as("bet", cap, cite[concept], (Note("pot_bet", {"to": cap}),))
            if (refused := raise_refused(st, self.seat, self.w)) is not None:
                return self.call(cite[concept] + refused[1], (Note("raise_not_allowed", {}),))
            return self.read_as("raise", cap, cite[concept], (Note("pot_bet", {"to": cap}),))
        if said is not None:
            # `bet pot 500` in no limit: "pot" names no amount (56-D); the amount typed is the bet.
            notes: Notes = (Note("pot_word_amount", {"to": said}),)
        else:
            notes = (Note("pot_word_not_limit", {}),)
        if self.w == 0:
            return self.bet_to(said, cite["pot_in_no_limit"], notes)
        return self.raise_to(said, cite["pot_in_no_limit"], notes)

    def alias_note(self, r: RuledAction) -> Note:
        """How `limp`, `min-raise` or `3x` was read: what the word stands for, and the result."""
        alias = self.act.alias
        if alias == "minraise":  # the note says it all; the general "no amount: minimum" would repeat it
            r.notes = tuple(x for x in r.notes if x.code != "no_amount_minimum")
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

    # -- what leads the reasons: amounts too small to be chips, chips taken back ------------
    def pull_back(self) -> tuple[Rules, Notes]:
        """48-B: chips in front pulled back while facing a bet bind the player to call or raise.
        Checks the pull-back is possible and returns its rules and note."""
        act = self.act
        if self.prior == 0:
            raise FloorcallError("nothing_to_pull_back", at=act.at, player=act.player, hint=f"{act.player} chips ...")
        if self.pulled > self.prior:
            raise FloorcallError("pulled_back_too_much", at=act.at, player=act.player, amount=self.pulled,
                                 already=self.prior, hint=f"{act.player} back chips ...")
        kept = self.prior - self.pulled
        code = "pulled_back_part" if kept else "pulled_back_all"
        return self.cite["pulled_back"], (Note(code, {"back": self.pulled, "prior": self.prior, "kept": kept}),)

    def shorthand(self) -> tuple[Rules, Notes] | None:
        """59: a declared amount too small to be meant as chips ("bet 5" at 200-400, below the
        small blind) stands for a round multiple of it: the largest that is a sensible bet and
        does not exceed the pot before the bet, counting every bet already in front. Sets the
        amount to read and returns the reason, or None when the amount is meant literally. Limit
        bets are fixed, so their amounts need no reading."""
        st, act = self.st, self.act
        said = act.amount
        if said is None or act.chips is not None or act.verb in ("allin", "call") or st.game == "FL" or said >= st.sb:
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
        return self.cite["ambiguous_amount"], (Note(code, {"said": said, "to": to, "pot": pot}),)

    # -- chips pushed, or an amount said alone, with no word first --------------------------
    def silent(self) -> RuledAction:
        """Chips pushed, or an amount declared alone (42-C), with no word said first."""
        act, st, cite = self.act, self.st, self.cite
        chips = act.chips
        total = self.total_of_chips() if chips is not None else self.amount
        assert total is not None
        if not (self.pulled and self.facing):
            self.check_not_below_prior(total)
        base: Rules = cite["declared_amount"] if chips is None else ()
        if self.prior > 0 and chips is not None:
            base += cite["prior_chips"] + cite["ia_prior_chips"]
        if self.pulled and self.facing and total < self.w:
            # 48-B: having taken chips back, the player may not stop short of a call.
            return self.read_as("undercall", self.w, base, (Note("pulled_back_must_call", {"pushed": total, "to": self.w}),),
                           outcome="must_call")
        if self.pulled and self.prior > self.pulled and self.facing and not act.last:
            # 48-C-2 (Addendum 48, situation 3): some chips pulled back, the rest left: the final
            # total is read by the 50 % standard alone, with no one-chip or every-chip-needed test.
            return self.half_standard(total, base + cite["min_raise"], ())
        if chips is not None and act.last:
            return self.last_chips(total, chips, base)
        if total < self.w:
            if not self.facing:
                raise FloorcallError("amount_below_in", at=act.at, player=act.player, amount=total, already=self.prior)
            return self.undercall(total, base)
        if not self.facing:
            if self.w > 0 and total > self.w:  # the big blind's option preflop
                return self.half_standard(total, base, ())
            if total == self.w:
                return self.call(base + cite["declare_action"])
            if chips is not None and len(chips) == 1 and st.ruleset.oversized_no_bet == "minimum_bet":
                return self.read_as("bet", max(st.bet_unit, self.prior), base + cite["oversized_chip"],
                               (Note("house_single_chip_min_bet", {"chip": chips[0], "to": st.bet_unit}),))
            rules = base + (cite["oversized_chip"] if chips is not None and len(chips) == 1 else cite["declare_action"])
            return self.bet_to(total, rules, ())
        if total == self.w:
            return self.call(base + cite["call_methods"])
        if chips is not None and len(chips) == 1:
            return self.call(base + cite["oversized_chip"], (Note("single_chip_call", {"chip": chips[0]}),))
        if chips is not None and self.all_chips_needed(chips, total):
            return self.call(base + cite["multi_chip_call"] + cite["ia_multi_chip"],
                             (Note("multi_chip_call", {"smallest": min(chips)}),))
        rules = base + (cite["multi_chip_raise"] + cite["ia_multi_chip"] if chips is not None else ())
        reading = self.half_standard(total, rules, ())
        if chips is not None and reading.ruled == "raise" and max(chips) >= self.w - self.prior:
            # One of the chips alone would have called: the classic "betting for change" (63).
            reading.rules += cite["betting_for_change"]
            reading.notes += (Note("betting_for_change", {}),)
        return reading

    def all_chips_needed(self, chips: tuple[int, ...], total: int) -> bool:
        """47-A: removing one chip of the smallest denomination would leave less than the call.
        TDA 2009's rule 33 asks this only of chips of one denomination."""
        if self.st.ruleset.multi_chip == "same_denomination" and len(set(chips)) > 1:
            return False
        return total - min(chips) < self.w

    def last_chips(self, total: int, chips: tuple[int, ...], base: Rules) -> RuledAction:
        """A player's last chips: all-in unless every chip was needed to call (47-A/47-B)."""
        cite = self.cite
        if self.facing and total > self.w:
            if len(chips) == 1:
                return self.call(base + cite["oversized_chip"], (Note("single_chip_call", {"chip": chips[0]}),))
            if self.all_chips_needed(chips, total):
                return self.call(base + cite["multi_chip_call"], (Note("multi_chip_call", {"smallest": min(chips)}),))
        return self.allin(total, base + cite["multi_chip_allin"], (Note("last_chips_allin", {}),))

    def half_standard(self, total: int, rules: Rules, notes: Notes) -> RuledAction:
        """45-A: short of a full raise but at least half of it is completed; under half is a call."""
        st, cite = self.st, self.cite
        if total <= self.w:
            return self.call(rules)
        if (refused := raise_refused(st, self.seat, self.w)) is not None:
            return self.call(rules + refused[1], (*notes, Note("raise_not_allowed", {})))
        need = st.bet_unit if st.game == "FL" else st.full_raise
        lo = min_to(st, self.seat, self.w)
        increment = total - (st.full_level if st.game == "FL" else self.w)
        if st.game != "FL" and total >= lo:
            return self.pl_cap(self.read_as("raise", total, rules + cite["min_raise"], notes))
        if 2 * increment >= need:
            if total != lo:
                notes += (Note("half_rule_raise", {"pushed": total, "by": increment, "to": lo, "need": need}),)
            return self.read_as("raise", lo, rules + cite["min_raise"], notes)
        return self.read_as("call", self.w, rules + cite["min_raise"],
                       (*notes, Note("half_rule_call", {"pushed": total, "by": increment, "to": self.w, "need": need})))

    def undercall(self, total: int, rules: Rules) -> RuledAction:
        """53-B: less than the call, with no "call" said. Right after another undercall (53-C)
        play goes back to the first undercaller, who corrects under 53-B, and the TD decides what
        becomes of this one: never a plain "must call", even facing the opening bet."""
        st, cite = self.st, self.cite
        if not st.ruleset.undercall_must_call:  # no undercall rule in this edition: the floor decides
            note = Note("undercall_floor", {"pushed": total, "to": self.w})
            return self.read_as("undercall", self.w, rules + cite["undercall"] + cite["ia_undercall"], (note,),
                           outcome="td_discretion")
        if st.undercall_seq >= 0 and st.undercall_seq == st.seq:
            note = Note("undercall_consecutive", {"pushed": total, "to": self.w, "first": st.undercall_first})
            return self.read_as("undercall", self.w, rules + cite["undercall"] + cite["undercall_consecutive"], (note,),
                           outcome="td_discretion")
        rules = rules + cite["undercall"] + cite["ia_undercall"]
        opening = st.opening_level is not None and self.w == st.opening_level
        outcome: Literal["must_call", "td_discretion"]
        outcome = "must_call" if (st.heads_up or opening) else "td_discretion"
        why = "heads_up" if st.heads_up else ("opening_bet" if opening else "multiway_raise")
        note = Note("undercall_" + outcome, {"pushed": total, "to": self.w, "why": why})
        return self.read_as("undercall", self.w, rules, (note,), outcome=outcome)

    def allin(self, total: int, rules: Rules, notes: Notes) -> RuledAction:
        """All the player's chips: a raise where one is open (sized to the limit in limit), a call
        where none is, and where the house says so a short opening all-in called at the minimum bet."""
        st = self.st
        if total > self.w:
            if (refused := raise_refused(st, self.seat, self.w)) is not None:
                return self.call(rules + refused[1], (*notes, Note("allin_raise_not_allowed", {"asked": total})))
            if st.game == "FL" and total > (lo := min_to(st, self.seat, self.w)):
                return self.read_as("raise", lo, rules + self.cite["min_raise"],
                               (*notes, Note("limit_fixed_raise", {"asked": total, "to": lo})))
        if self.w == 0 and total < st.bet_unit and st.ruleset.short_opening_allin == "minimum_bet":
            self.level = st.bet_unit  # the house's minimum bet stands behind the all-in (`apply_reading`)
            return self.read_as("allin", total, rules + self.cite["allin_below_minimum"],
                                (*notes, Note("allin_below_minimum_call", {"allin": total, "to": st.bet_unit})))
        r = self.read_as("allin", total, rules, notes)
        return self.pl_cap(r) if st.game == "PL" else r
