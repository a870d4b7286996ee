"""Deals (TDA RP-27): ICM equities (Malmuth–Harville) or a chip chop, part of the pool optionally
kept to play for.

ICM: a player finishes first with the share of the chips they hold; given who finished above,
each place goes the same way among the players left. The chance that a set S of players takes
the first |S| places depends on S only through its chips, so equities are summed over subsets
(2^n·n steps, exact in fractions: nine players in a few milliseconds), never over orders.

Chip chop: everyone is sure of the smallest prize still to be paid; the rest of the pool is
shared by chips.

`keep N` keeps N of the pool to play for: it comes off the first prize before the deal, and the
winner of the play-off takes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from engine.errors import FloorcallError
from engine.rulesets.desk import DeskRules

MAX_PLAYERS = 10
DealKind = Literal["icm", "chip"]


@dataclass(frozen=True)
class Deal:
    kind: DealKind
    stacks: dict[str, int]
    prizes: tuple[int, ...]  # the prizes dealt for (the first less what is kept)
    pool: int  # every prize still to be paid, the kept part included
    keep: int
    amounts: dict[str, Fraction]  # exact
    guaranteed: int  # chip chop: what everyone is sure of
    citations: tuple[str, ...]


def icm(stacks: list[int], prizes: list[int]) -> list[Fraction]:
    """Malmuth–Harville equities, exact. `prizes[k]` is the prize for place k+1."""
    n = len(stacks)
    total = sum(stacks)
    places = min(len(prizes), n)
    equity = [Fraction(0)] * n
    chips_of = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = mask & -mask
        chips_of[mask] = chips_of[mask ^ low] + stacks[low.bit_length() - 1]
    prob: dict[int, Fraction] = {0: Fraction(1)}
    for place in range(places):
        nxt: dict[int, Fraction] = {}
        for mask, p in prob.items():
            left = total - chips_of[mask]
            for j in range(n):
                if mask >> j & 1:
                    continue
                q = p * Fraction(stacks[j], left)
                equity[j] += q * prizes[place]
                key = mask | 1 << j
                nxt[key] = nxt.get(key, Fraction(0)) + q
        prob = nxt
    return equity


def chip_chop(stacks: list[int], prizes: list[int]) -> tuple[list[Fraction], int]:
    n = len(stacks)
    floor = prizes[n - 1] if len(prizes) >= n else 0
    rest = sum(prizes) - floor * n
    total = sum(stacks)
    return [floor + Fraction(rest * s, total) for s in stacks], floor


def deal(kind: DealKind, stacks: dict[str, int], prizes: list[int], keep: int, rules: DeskRules,
         keep_at: int | None = None) -> Deal:
    if len(stacks) < 2:
        raise FloorcallError("deal_one_player", at=None)
    if len(stacks) > MAX_PLAYERS:
        raise FloorcallError("deal_too_many", at=None, count=len(stacks), limit=MAX_PLAYERS)
    if len(prizes) > len(stacks):
        raise FloorcallError("prizes_more_than_players", at=None, prizes=len(prizes), players=len(stacks))
    pool = sum(prizes)
    if keep:
        if keep > prizes[0] - (prizes[1] if len(prizes) > 1 else 0):
            # Kept from the first prize, it must leave first above second: else the deal would pay
            # second more than first.
            raise FloorcallError("keep_too_big", at=keep_at, keep=keep, first=prizes[0],
                                 second=prizes[1] if len(prizes) > 1 else 0)
    dealt = [prizes[0] - keep, *prizes[1:]]
    chips = list(stacks.values())
    if kind == "icm":
        amounts, floor = icm(chips, dealt), 0
        cites = rules.c("deal_icm")
    else:
        amounts, floor = chip_chop(chips, dealt)
        cites = rules.c("deal_chip")
    return Deal(kind, dict(stacks), tuple(dealt), pool, keep, dict(zip(stacks, amounts, strict=True)), floor,
                tuple(cites))
