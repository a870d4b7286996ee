"""A scheduled colour-up and its chip race (TDA 26).

Each player first changes as many of the removed chips as make whole new chips, at equal value.
The odd chips left over are raced for: their total value in new chips (half a new chip or more
rounded up, the usual practice, since 26 leaves the count to the house), dealt from seat 1, at
most one chip to a player. Nobody is raced out: a player whose last chips are in the race and
who wins none gets one chip of the smallest denomination still in play (26-A). Odd chips worth
less than one new chip altogether are taken away without compensation (26-C, where the edition
says so; TDA 2009 rule 16 is silent, and the floor decides).

With a seed the race itself is dealt: one card to each odd chip from a shuffled deck, and the
players holding the highest cards (rank, then suit: spades, hearts, diamonds, clubs) win a chip
each, one at most, highest first.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.errors import FloorcallError
from engine.rulesets.desk import DeskRules

RANKS = "23456789TJQKA"
SUITS = "cdhs"  # clubs lowest, spades highest


@dataclass(frozen=True)
class Holding:
    seat: int
    player: str
    chips: int  # chips of the colour being removed
    last: bool  # the player has no other chips
    at: int


@dataclass(frozen=True)
class ColourUp:
    removed: int
    new: int
    exchanged: dict[str, int]
    odd: dict[str, int]  # odd chips each racer puts in
    race: tuple[str, ...]
    race_chips: int
    protected: tuple[str, ...]
    lost_value: int  # value taken away without compensation (26-C)
    won: tuple[str, ...] | None  # with a seed: who won a chip, highest card first
    cards: dict[str, str] | None  # with a seed: each racer's best card
    given: tuple[str, ...] | None  # with a seed: protected players who won nothing and get one chip
    citations: tuple[str, ...]


def colour_up(removed: int, new: int, holdings: list[Holding], rules: DeskRules, seed: int | None = None) -> ColourUp:
    per = new // removed
    order = sorted(holdings, key=lambda h: h.seat)
    exchanged = {h.player: h.chips // per for h in order if h.chips // per}
    odd = {h.player: h.chips % per for h in order if h.chips % per}
    race = tuple(p for p in odd)
    value = sum(odd.values()) * removed
    cites: list[str] = []
    if exchanged:
        cites += rules.c("chip_exchange")
    race_chips = 0
    lost = 0
    if value >= new:
        race_chips = value // new + (1 if (value % new) * 2 >= new else 0)
        race_chips = min(race_chips, len(race))
        cites = [*rules.c("chip_race"), *cites]
    elif value:
        lost = value
        cites += rules.c("chip_removed_small")
    protected = tuple(h.player for h in order if h.last and h.player in odd and not exchanged.get(h.player))
    if protected and not race_chips:
        # Nobody is raced out (26-A): even with nothing to race for, the last chip is kept as one new chip.
        cites = [*rules.c("chip_race"), *cites]
    won: tuple[str, ...] | None = None
    cards: dict[str, str] | None = None
    given: tuple[str, ...] | None = None
    if seed is not None:
        deck = [r + s for r in RANKS for s in SUITS]
        if sum(odd.values()) > len(deck):
            raise FloorcallError("race_too_many", at=None, chips=sum(odd.values()), cards=len(deck))
        random.Random(seed).shuffle(deck)
        best: dict[str, str] = {}
        dealt = iter(deck)
        for player in race:  # from seat 1, one card to each odd chip
            hand = [next(dealt) for _ in range(odd[player])]
            best[player] = max(hand, key=_card_key)
        ranked = sorted(race, key=lambda p: _card_key(best[p]), reverse=True)
        won = tuple(ranked[:race_chips])
        cards = best
        given = tuple(p for p in protected if p not in won)
    elif protected and not race_chips:
        given = protected
    return ColourUp(removed, new, exchanged, odd, race, race_chips, protected, lost, won, cards, given, tuple(cites))


def _card_key(card: str) -> tuple[int, int]:
    return RANKS.index(card[0]), SUITS.index(card[1])
