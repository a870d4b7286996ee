"""The next hand's button and blinds after players go out (dead button, TDA 34 / 36-B / 36-C).

The big blind always moves on to the next player still in, so nobody misses it or posts it twice
in a row; the small blind is the seat that had the big blind (dead when that player went out);
the button is the seat that had the small blind (dead when that player went out). Where the
ruleset says so (36-B), a dead button moves on over the empty seats to the one just before the
small blind, so new players can be seated behind it. Heads-up the small blind is the button.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.desk.tables import Table
from engine.errors import FloorcallError
from engine.rulesets.desk import DeskRules


@dataclass(frozen=True)
class Blinds:
    """Seats of one hand: `small_blind` None when it is dead."""

    button: int
    small_blind: int | None
    big_blind: int


@dataclass(frozen=True)
class NextHand:
    played: Blinds
    next: Blinds
    dead_button: bool
    dead_small_blind: bool
    heads_up: bool
    advanced_from: int | None  # the seat a dead button would have stayed on, when 36-B moved it
    busted: tuple[str, ...]
    citations: tuple[str, ...]


def played_blinds(table: Table) -> Blinds:
    """The blinds of the hand being played, from its button: the small blind is the first player
    after the button, the big blind the next; heads-up the button is the small blind."""
    occupied = table.occupied()
    if len(occupied) < 2:
        raise FloorcallError("too_few_players", at=table.at, table=table.name, count=len(occupied))
    if len(occupied) == 2:
        if table.button not in table.seats:
            # Heads-up the button posts the small blind (36-C): it cannot be an empty seat.
            raise FloorcallError("button_empty_heads_up", at=table.button_at, seat=table.button, table=table.name)
        other = table.next_occupied(table.button)
        assert other is not None
        return Blinds(table.button, table.button, other)
    sb = table.next_occupied(table.button)
    assert sb is not None
    bb = table.next_occupied(sb)
    assert bb is not None
    return Blinds(table.button, sb, bb)


def next_hand(table: Table, busted: tuple[str, ...], rules: DeskRules) -> NextHand:
    """The button and blinds of the hand after the one being played, `busted` having gone out in it."""
    played = played_blinds(table)
    seat_of = {p.casefold(): s for s, p in table.seats.items()}
    out = frozenset(seat_of[p.casefold()] for p in busted)
    live = [s for s in table.occupied() if s not in out]
    if len(live) < 2:
        raise FloorcallError("one_left", at=None, table=table.name, count=len(live))
    old_bb = played.big_blind
    new_bb = table.next_occupied(old_bb, skip=out)
    assert new_bb is not None
    cites: list[str] = []
    if len(live) == 2:
        other = next(s for s in live if s != new_bb)
        if rules.heads_up_dead_sb_after_bb_out and old_bb in out and len(table.seats) > 2:
            nxt = Blinds(other, None, new_bb)
            cites += rules.c("heads_up")
            return NextHand(played, nxt, False, True, True, None, busted, tuple(cites))
        cites += rules.c("heads_up")
        return NextHand(played, Blinds(other, other, new_bb), False, False, True, None, busted, tuple(cites))
    cites += rules.c("dead_button")
    sb_seat = old_bb
    dead_sb = old_bb in out
    assert played.small_blind is not None
    button = played.small_blind
    dead_button = button in out
    advanced_from: int | None = None
    if dead_button and rules.dead_button_advances:
        before_sb = (sb_seat - 2) % table.size + 1
        if before_sb != button:
            advanced_from, button = button, before_sb
        cites += rules.c("button_advance")
    nxt = Blinds(button, None if dead_sb else sb_seat, new_bb)
    return NextHand(played, nxt, dead_button, dead_sb, False, advanced_from, busted, tuple(cites))
