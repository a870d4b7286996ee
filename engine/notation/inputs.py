"""What reading a hand returns: each action as typed (`ActionInput`) and the hand (`Hand`).

The records only; `engine.notation.read` builds them and re-exports them, so callers keep importing
them from there.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from engine.notation.words import Game, Street, Verb

# The records reading returns are values: nothing changes them once `parse_hand` has returned.
# They are slotted rather than frozen because a frozen dataclass costs three times as much to
# build, and a hand builds one per action on every ruling (see bench/bench_ruling.py).


@dataclass(slots=True)
class ActionInput:
    """What one player did, as typed: a declared verb, an amount, chips pushed, or both."""

    player: str
    at: int  # offset of the action in the input
    raw: str  # the action text after the player's name (for actions[].input)
    verb: Verb | None = None
    amount: int | None = None  # the player's total for the street, as declared
    chips: tuple[int, ...] | None = None  # the value of every chip pushed, in input order
    last: bool = False  # the chips were the player's last ones
    # Chips already in front that were pulled back before `chips` were pushed: None = none,
    # 0 = all of them, N = that amount of them.
    pulled_back: int | None = None
    # A word that stands for a verb and an amount the rules work out (`limp`, `min-raise`, `3x`,
    # `raise pot`): kept so the reply can show how it was read.
    alias: str | None = None
    times: Fraction | None = None  # `3x`: a raise to this many times the bet faced
    # `calls all in 300`: "call" said with "all-in" (a call for all the player's chips, or a call of
    # an all-in): an amount short of the bet is an all-in for it, otherwise it is a call.
    allin_said: bool = False
    bbs: Fraction | None = None  # `raise 3bb`: a total of that many big blinds
    # `call raise 900`, `fold, call`: a second declaration after a binding call or fold, as typed.
    then_said: str | None = None
    # `Aが5ベット`, `A 3벳`: a 3-, 4- or 5-bet word with its digit glued on, which is also how
    # Japanese and Korean put "bet 5" (amount, then verb). With nothing bet to raise it can only be
    # the amount (engine.betting.reader); facing a bet, the raise it names.
    nbet: int | None = None


@dataclass(slots=True)
class Hand:
    game: Game
    sb: int
    bb: int
    street: Street
    pot: int | None
    seats: tuple[str, ...] | None  # the `players` list, if given
    actions: tuple[ActionInput, ...]
    query: str | None  # `A?` as the last item
    query_at: int | None = None
    # Blinds not posted in full, preflop: {"SB": chips actually posted} (0 = dead/absent).
    short_blinds: tuple[tuple[str, int], ...] = ()
    # False when the header left the blinds out and `default_blinds` (a blind clock's level) was used.
    blinds_given: bool = True
    # Set by a whole-hand reading (engine/notation/streets.py), never by this reader: the seats that post
    # the blinds (the last two of a `stacks` table), and `seats` already in acting order.
    blind_seats: tuple[str, str] | None = None
    fixed_order: bool = False
    # Set by a whole-hand reading: players still in the hand who are not seated on this street
    # because they are all-in from an earlier street (or on a blind or ante). They make the hand
    # multiway for 55-A and 53-B ("three or more players in the hand"), though they never act.
    allin_elsewhere: int = 0
    # Offset of the header's colon in the line: where a missing `pot N` goes (the `pot_needed` error).
    colon_at: int = 0
    # Set by a whole-hand reading: blinds ("SB", "BB") whose player the ante left with no chips.
    # They post nothing, as a dead blind, but unlike one they are all-in and still in the hand.
    broke_blinds: tuple[str, ...] = ()
