"""Chips pushed, or an amount said alone, with no word first: what they count as (42-C, the
50 % standard 45, one oversized chip 46, several chips 47, the last chips 47-B, chips pulled
back 48, betting for change 63).

A base of `engine.betting.reader._Reader` (no state of its own, as `engine.betting.reader_reasons`), kept apart
so the reader stays small: reader.py had grown to 421 lines.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.betting.reader_reasons import _Reasons
from engine.betting.records import Note, _Reading
from engine.errors import FloorcallError

if TYPE_CHECKING:
    from engine.rulesets import Ruleset


class _SilentChips(_Reasons):
    """`silent`, on the reader's own attributes (declared on `_Reasons`) and readings."""

    __slots__ = ()
    rs: Ruleset

    if TYPE_CHECKING:  # the reader's own, which these readings end in
        def total_of_chips(self) -> int: ...
        def check_not_below_prior(self, total: int) -> None: ...
        def call(self, rules: list[str], notes: list[Note] | None = None) -> _Reading: ...
        def bet_to(self, total: int | None, rules: list[str], notes: list[Note]) -> _Reading: ...
        def half_standard(self, total: int, rules: list[str], notes: list[Note]) -> _Reading: ...
        def undercall(self, total: int, rules: list[str]) -> _Reading: ...
        def allin(self, total: int, rules: list[str], notes: list[Note]) -> _Reading: ...

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
