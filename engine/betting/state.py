"""The betting round's bookkeeping: W, R, each player's L, and what follows from them.

Names follow the reopening article (seed 002) and TDA 45/49:
  W  bet level: the total every live player must match.
  R  the last full bet or full raise increment of the round (before any full open: the street's
     minimum bet). Under a "level" ruleset (jp-basic) R is the whole last full bet instead.
  L  per player: W right after their last voluntary action. Posting a blind is not one.
  F  the level of the last full bet or raise (limit raises go to F + one bet).
A short all-in moves W but never R (45, 49).
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass, field
from fractions import Fraction
from typing import Literal

from engine.notation.read import Game, Street, fold
from engine.rulesets import Ruleset

Status = Literal["active", "folded", "allin"]

# The seat of the player after a lone named actor (`A bet 600` after the flop): at the table so
# that the action can be ruled, never shown as a player. Its key cannot be typed (NUL).
NEXT_PLAYER = "\x00next"


@dataclass(slots=True, eq=False)  # a seat is itself: compared by identity, never by its numbers
class Seat:
    name: str
    key: str
    _: KW_ONLY  # (built for every seat of every ruling: the two above by position, the rest by name)
    chips_in: int = 0
    posted: int = 0
    last_level: int | None = None  # L; None until a voluntary action
    last_seq: int = -1
    acted: bool = False
    status: Status = "active"
    # A blind nobody posted (`dead SB`): no hand sits there, so its status is "folded" though it
    # never folded. Set once where the seat is built (`engine.betting.rulings._start`).
    dead: bool = False
    # Set when the player may not raise, with the rules that say so: for the rest of the round
    # (55-B, a check out of turn heads-up), or only against the bet faced (57, a check facing a
    # bet: `barred_level` is that bet, and a raise above it gives the player every option again).
    raise_barred_by: tuple[str, ...] | None = None
    barred_level: int | None = None

    def bar(self, level: int) -> tuple[str, ...] | None:
        """The rules barring a raise with the bet at `level`, or None."""
        if self.raise_barred_by is None or (self.barred_level is not None and level > self.barred_level):
            return None
        return self.raise_barred_by

    @property
    def live(self) -> bool:
        return self.status != "folded"


@dataclass(kw_only=True)
class RoundState:
    ruleset: Ruleset
    game: Game
    street: Street
    sb: int
    bb: int
    pot_start: int
    # Whether the chips in the middle at the start of the street are known: preflop they are the
    # blinds; after the flop only a `pot N` in the header says. Reading "bet 5" (59) needs it.
    pot_known: bool
    seats: list[Seat]
    bet_level: int  # W
    full_raise: int  # R
    full_level: int  # F
    bet_unit: int  # minimum bet (NL/PL) or the fixed bet (FL) of this street
    opening_level: int | None  # the street's opening bet (53-B); preflop the BB
    bets_made: int  # limit: the bet and raises so far (preflop the BB counts as the bet)
    last_full_seq: int = -1
    seq: int = 0
    next_index: int | None = 0
    short_allin_seen: bool = False
    # The last undercall (53-B) applied, and the first player of the run of undercalls it ends:
    # a second undercall right after another goes back to the first undercaller (53-C).
    undercall_seq: int = -1
    undercall_first: str = ""
    # Chips a short or dead blind did not post: pot-limit maxima count blinds as fully posted (56-B).
    unposted_blinds: int = 0
    # A blind posted short leaves the bet to match above every chip in front, and the ruleset calls
    # an all-in below the minimum bet at its amount (`Ruleset.short_opening_allin`): then a call
    # can stop short of W (`uncalled_cap`).
    short_level: bool = False
    # Players in the hand but not seated on this street (all-in on an earlier one): see `Hand`.
    allin_elsewhere: int = 0
    # Each typed name's folded key, computed once per hand (see `engine.notation.seating`).
    keys: dict[str, str] = field(default_factory=dict, repr=False)
    # Each seat by its key: `engine.betting.rulings._start` builds it in its pass over the seats.
    _by_key: dict[str, Seat] = field(default_factory=dict, repr=False)

    def seat(self, key: str) -> Seat | None:
        return self._by_key.get(key)

    def seat_named(self, name: str) -> Seat | None:
        """The seat of a name as typed in the hand."""
        return self._by_key.get(self.keys.get(name) or fold(name))

    def insert_seat(self, index: int, seat: Seat) -> None:
        self.seats.insert(index, seat)
        self._by_key[seat.key] = seat
        if self.next_index is not None and self.next_index >= index:
            self.next_index += 1

    # -- derived quantities -------------------------------------------------------------
    @property
    def live_count(self) -> int:
        count = 0  # a loop: a generator to sum costs several times as much for six seats
        for s in self.seats:
            if s.status != "folded":
                count += 1
        return count

    @property
    def heads_up(self) -> bool:
        """Two players in the hand (55-B, 53-B): a player all-in on an earlier street is still in it."""
        return self.live_count + self.allin_elsewhere == 2

    @property
    def pot_total(self) -> int:
        """Everything in the middle and in front of players (for pot-limit maxima)."""
        total = self.pot_start
        for s in self.seats:
            total += s.chips_in
        return total

    # `w` below: the bet the player faces when it is not W (a player acting out of turn faces the
    # bets held before theirs too, `engine.betting.out_of_turn`); None, W itself.
    def to_call(self, seat: Seat, w: int | None = None) -> int:
        return max(0, (self.bet_level if w is None else w) - seat.chips_in)

    def call_amount(self, seat: Seat, w: int | None = None) -> int:
        """What `seat` must add to call: `to_call`, or less where a short blind's full bet stops at
        the largest all-in (`short_level`, `uncalled_cap`). `w`: the bet faced when it is not the
        table's (an action out of turn is measured against what was in front of it)."""
        level = self.bet_level if w is None else w
        owed = max(0, level - seat.chips_in)
        if owed and level == self.bet_level and self.short_level and (cap := self.uncalled_cap(seat)) is not None:
            return max(0, cap[0] - seat.chips_in)
        return owed

    def uncalled_cap(self, seat: Seat) -> tuple[int, Seat] | None:
        """A blind posted short leaves the bet to match (the full big blind) above every chip in
        front. Once nobody but `seat` has chips behind, matching more than the largest all-in only
        puts out chips that come straight back uncalled (16-B): heads-up against a big blind
        all-in for 60 at 50/100, the small blind calls 10 more, not 50, where `short_level` says
        so (jp-basic's house rules call any all-in below the minimum bet at the minimum bet).
        That all-in and its seat, or None (someone else with chips still faces the full bet)."""
        if not self.unposted_blinds or len(self.seats) == 1:
            return None
        top: Seat | None = None
        for s in self.seats:
            if s is seat or s.status == "folded":
                continue
            if s.status == "active":
                return None
            if top is None or s.chips_in > top.chips_in:
                top = s
        if top is None or top.chips_in >= self.bet_level:
            return None
        return top.chips_in, top

    def reopen_threshold(self) -> int | Fraction:
        """What W - L must reach for a player who already acted: a full R in NL/PL (49-A, whole
        chips), a share of a bet in limit (49-B: half, as the ruleset says)."""
        if self.game == "FL":
            return self.ruleset.limit_reopen_fraction * self.bet_unit
        return self.full_raise

    def reopened_for(self, seat: Seat, w: int | None = None) -> bool:
        """Whether the betting is open again for a player who already acted (49-A / 49-B).
        Compared in whole numbers: this runs for every seat at every step."""
        assert seat.last_level is not None
        if self.last_full_seq > seat.last_seq:
            return True
        faced = (self.bet_level if w is None else w) - seat.last_level
        if self.game == "FL":
            num, den = self.ruleset.limit_reopen_ratio
            return faced * den >= num * self.bet_unit
        return faced >= self.full_raise

    def pot_limit_max_to(self, seat: Seat, w: int | None = None) -> int:
        """The pot-limit maximum: call first, then raise by the whole pot (56-B/56-C)."""
        if w is None:
            w = self.bet_level
        return w + self.pot_total + self.unposted_blinds + self.to_call(seat, w)

    def raise_cap_reached(self) -> bool:
        cap = self.ruleset.limit_raise_cap
        if self.game != "FL" or cap is None:
            return False
        if self.heads_up and not self.ruleset.limit_cap_heads_up:
            return False
        return self.bets_made - 1 >= cap

    def others_can_respond(self, seat: Seat) -> bool:
        """A raise needs someone left with chips to answer it. A lone seat (`A?` with nothing
        else typed) has opponents we were not told about."""
        seats = self.seats
        if len(seats) == 1:
            return True
        for s in seats:
            if s.status == "active" and s is not seat:
                return True
        return False

    # -- whose turn -----------------------------------------------------------------------
    def advance(self, from_index: int) -> None:
        """Set `next_index` to the next seat after `from_index` that must act, or None.

        A seat must act when it is active and either owes chips, or has not acted yet and
        someone else still has chips to answer whatever it does; nobody acts once every other
        player has folded. Only a seat that could be due is checked against the others
        (`_must_act`): the next seat nearly always is, so the table is not counted at every action."""
        seats = self.seats
        n = len(seats)
        w = self.bet_level
        # Round the table from the seat after `from_index` (always a seat's index: the one that
        # just acted, or the last seat to start the round): the seats after it, then those up to
        # it (two ranges rather than a modulo at every step).
        after = from_index + 1
        # The seats after `from_index` are others than it: while it is active (it checked, called,
        # bet or raised: nearly always), it is the other active player `_must_act` would look for.
        answered = seats[from_index].status == "active"
        for i in range(after, n):
            s = seats[i]
            if s.status == "active" and (s.chips_in < w or not s.acted) and (answered or self._must_act(s, w)):
                self.next_index = i
                return
        for i in range(after):
            s = seats[i]
            if s.status == "active" and (s.chips_in < w or not s.acted) and self._must_act(s, w):
                self.next_index = i
                return
        self.next_index = None

    def _must_act(self, seat: Seat, w: int) -> bool:
        """For an active seat that owes chips or has not acted: whether it is due. One that owes
        is, unless every other player has folded (the hand is over); one that owes nothing only
        when another active player could answer what it does (`others_can_respond`). A lone
        seat (`A?` with nothing else typed) always is."""
        seats = self.seats
        if len(seats) == 1:
            return True
        if seat.chips_in < w:
            # Owed to someone still in: with a short blind (`uncalled_cap`), only to a player with
            # chips behind or an all-in above what this seat already has in.
            short = self.short_level
            for s in seats:
                if s.status != "folded" and s is not seat and (not short or s.status == "active" or s.chips_in > seat.chips_in):
                    return True
            return False
        for s in seats:
            if s.status == "active" and s is not seat:
                return True
        return False


def round_state(*, ruleset: Ruleset, game: Game, street: Street, sb: int, bb: int, pot_start: int, pot_known: bool,
                seats: list[Seat], bet_level: int, full_raise: int, full_level: int, bet_unit: int,
                opening_level: int | None, bets_made: int, unposted_blinds: int = 0, short_level: bool = False,
                allin_elsewhere: int = 0, keys: dict[str, str] | None = None,
                by_key: dict[str, Seat] | None = None) -> RoundState:
    """`RoundState(...)` at the start of a round, by keyword as the class, without CPython packing
    the keywords into a dict for `__init__` (see `engine.betting.records`); the fields a round
    starts with at their defaults. tests/test_records_built.py holds it to the class."""
    st: RoundState = object.__new__(RoundState)
    st.ruleset = ruleset
    st.game = game
    st.street = street
    st.sb = sb
    st.bb = bb
    st.pot_start = pot_start
    st.pot_known = pot_known
    st.seats = seats
    st.bet_level = bet_level
    st.full_raise = full_raise
    st.full_level = full_level
    st.bet_unit = bet_unit
    st.opening_level = opening_level
    st.bets_made = bets_made
    st.last_full_seq = -1
    st.seq = 0
    st.next_index = 0
    st.short_allin_seen = False
    st.undercall_seq = -1
    st.undercall_first = ""
    st.unposted_blinds = unposted_blinds
    st.short_level = short_level
    st.allin_elsewhere = allin_elsewhere
    st.keys = {} if keys is None else keys
    st._by_key = {} if by_key is None else by_key
    return st
