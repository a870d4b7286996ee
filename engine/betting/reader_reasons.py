"""The decisions taken before an action is read: how a declared amount too small to be chips is
read (59) and what taking chips back from in front binds the player to (48-B). Each returns its
rules and notes, which lead the reading's own (`engine.betting.reader._Reader.read`).

A base of `engine.betting.reader._Reader` (no state of its own), kept apart so the reader stays small.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.betting.records import Note, _Reason
from engine.errors import FloorcallError
from engine.notation.read import MAX_AMOUNT

if TYPE_CHECKING:
    from engine.betting.state import RoundState
    from engine.notation.read import ActionInput


class _Reasons:
    """`pull_back` and `shorthand`, on the reader's own attributes."""

    __slots__ = ()
    st: RoundState
    act: ActionInput
    w: int
    prior: int
    facing: bool
    amount: int | None
    pulled: int

    def c(self, concept: str) -> list[str]:
        raise NotImplementedError

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

    def shorthand(self) -> _Reason | None:
        """59: a declared amount too small to be meant as chips ("bet 5" at 200-400, below the
        small blind) stands for a round multiple of it: the largest that is a sensible bet and
        does not exceed the pot before the bet, counting every bet already in front. Sets the
        amount to read and returns the reason, or None when the amount is meant literally. Limit bets are fixed, so their amounts need no reading."""
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
        return _Reason(self.c("ambiguous_amount"), [Note(code, {"said": said, "to": to, "pot": pot})])
