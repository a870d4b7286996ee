"""Finishing places when several players go out in one hand (TDA 22, RP-8).

The places reached in the hand are those from the number left before it downwards. Where some of
them are paid and some not (the bubble, played hand for hand), the players out in that hand share
the paid places' prizes equally (RP-8-A: 50 paid, 52 left, 3 out: the three share 50th). Where all
are paid, the bigger stack at the start of the hand finishes higher, the big blind's stack counted
after its big blind ante (22); equal stacks share their places. Where none is paid, the order is
the same, and nothing rides on it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from engine.errors import FloorcallError
from engine.rulesets.desk import DeskRules


@dataclass(frozen=True)
class Shared:
    players: tuple[str, ...]
    places: tuple[int, ...]
    each: Fraction | None  # None when the prizes of those places were not given


@dataclass(frozen=True)
class Places:
    places: dict[str, int]  # every player out with a place of their own
    shared: tuple[Shared, ...]
    reached: tuple[int, ...]
    paid: int
    bubble: bool
    counted: dict[str, int]  # the stacks compared (after the big blind ante)
    citations: tuple[str, ...]


def bust_places(players: list[str], left: int, paid: int, stacks: dict[str, int], prizes: dict[int, int],
                bba: int, bb_player: str | None, rules: DeskRules) -> Places:
    k = len(players)
    if k > left - 1:
        raise FloorcallError("bust_too_many", at=None, count=k, left=left)
    reached = tuple(range(left, left - k, -1))  # worst place first
    paid_reached = tuple(p for p in reached if p <= paid)
    cites: list[str] = []
    if paid_reached and len(paid_reached) < k:
        # The bubble: the paid places reached are shared by all who went out in the hand.
        total = [prizes.get(p) for p in paid_reached]
        each = Fraction(sum(t for t in total if t is not None), k) if all(t is not None for t in total) else None
        cites += rules.c("bust_bubble")
        return Places({}, (Shared(tuple(players), tuple(sorted(paid_reached)), each),), reached, paid, True, {},
                      tuple(cites))
    if k == 1:
        return Places({players[0]: left}, (), reached, paid, False, {}, ())
    missing = [p for p in players if p not in stacks]
    if missing:
        raise FloorcallError("bust_stacks_needed", at=None, player=missing[0])
    counted = {p: stacks[p] - (bba if p == bb_player else 0) for p in players}
    if bba and bb_player is not None:
        cites += rules.c("bust_bba")
    else:
        cites += rules.c("bust_order")
    order = sorted(players, key=lambda p: counted[p])  # smallest stack: worst place
    places: dict[str, int] = {}
    shared: list[Shared] = []
    i = 0
    while i < k:
        j = i
        while j + 1 < k and counted[order[j + 1]] == counted[order[i]]:
            j += 1
        group = tuple(order[i:j + 1])
        group_places = reached[i:j + 1]
        if len(group) == 1:
            places[group[0]] = group_places[0]
        else:
            amounts = [prizes.get(p, 0 if p > paid else None) for p in group_places]
            each = (Fraction(sum(a for a in amounts if a is not None), len(group))
                    if all(a is not None for a in amounts) else None)
            shared.append(Shared(group, tuple(sorted(group_places)), each))
            cites += rules.c("bust_tie")
        i = j + 1
    return Places(places, tuple(shared), reached, paid, False, counted, tuple(dict.fromkeys(cites)))
