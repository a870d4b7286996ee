"""Cards speak (rule 13): the pots of a showdown decided from the cards typed.

The hands are valued with PokerKit's own lookup tables (pokerkit==0.7.7, pure Python, MIT): a kept
evaluator, not one of ours. PokerKit is imported only when cards are typed (`_lookups`), never at
import, so the ruling path and the console's cold start do not pay for it
(tests/test_cards_speak.py checks that). Measured on this machine (2 shared cores, Python 3.11):
importing it takes 0.20-0.25 s (0.6 s on the loaded machine) and adds 17 MB of RSS, once per process.

Which five cards a hand plays is the game's rule, and is enumerated here over PokerKit's
`Lookup.get_entry_or_none` with PokerKit's own `Card`s: hold'em any five of the seven, Omaha
exactly two of the four hole cards with three of the board, Omaha hi-lo the same for the high
hand and for an 8-or-better low. `Hand.from_game` does the same walk 2.5-7 times slower (it
builds and re-checks a `Hand` for every combination): bench/bench_cards.py measured 70-270 µs a
hold'em hand here against 0.4-1.0 ms, 120-340 µs an Omaha hand against 0.5-2.1 ms, on random
cards, the spread being the shared machine's load. The differential test
(tests/test_cards_pokerkit.py) and the bench check that the two agree pair by pair, and that
pots decided from these values agree with PokerKit's own showdown.

Every pot is decided among the hands eligible for it: a high ranking is a total order, so the
first tied group of the ranking that meets a pot's eligible players is that pot's best hand
(engine/pots/__init__.py awards it so). A hi-lo pot is halved here (`split_hilo`): the high half to the best
high hand, the low half to the best qualifying low, all of it to the high hand when no eligible
hand has a low; the odd chip of the halving to the high half (21-C), which is then split as any
pot is, the odd chips of a split to the first tied winner left of the button (21-A).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Any, Literal

from engine.pots import Pot, Settlement
from engine.rulesets import Ruleset

CardGame = Literal["holdem", "omaha", "omaha_hilo"]
HOLE_CARDS: Mapping[CardGame, int] = {"holdem": 2, "omaha": 4, "omaha_hilo": 4}
Category = Literal["high_card", "one_pair", "two_pair", "three_of_a_kind", "straight", "flush", "full_house",
                   "four_of_a_kind", "straight_flush", "royal_flush"]
_LABELS: Mapping[str, Category] = {
    "High card": "high_card", "One pair": "one_pair", "Two pair": "two_pair", "Three of a kind": "three_of_a_kind",
    "Straight": "straight", "Flush": "flush", "Full house": "full_house", "Four of a kind": "four_of_a_kind",
    "Straight flush": "straight_flush",
}
_ORDER = "23456789TJQKA"

# The card game as the header names it. The betting structure is read by engine/notation/header.py
# (`PLO` is pot limit, `O8` limit); which cards make a hand is read here from the same words.
_HILO = re.compile(r"(?i)(?<![A-Za-z])(?:plo[-/]?8|flo[-/]?8|o[-/]?8|omaha[\s_/-]*(?:hi[\s/-]?lo|8|eight)"
                   r"|オマハ\s*(?:ハイロー|ハイロ|8)|오마하\s*(?:하이로|8)|hi[\s/-]?lo|ハイロー|하이로|8-or-better)(?![A-Za-z])")
_OMAHA = re.compile(r"(?i)(?<![A-Za-z])(?:plo|nlo|flo|omaha)|オマハ|오마하")


def card_game(header: str) -> CardGame:
    """`PLO 100/200` → omaha, `O8`, `PLO8`, `omaha hi-lo`, `オマハ ハイロー` → omaha_hilo, else holdem."""
    if _HILO.search(header):
        return "omaha_hilo"
    if _OMAHA.search(header):
        return "omaha"
    return "holdem"


@dataclass(slots=True)
class Made:
    """One five-card hand: its category, the five cards as a dealer reads them, and a strength
    (greater is better; equal is a tie) that compares only with hands of the same kind."""

    category: Category
    best: tuple[str, ...]
    strength: int

    @property
    def ranks(self) -> tuple[str, ...]:
        """The ranks that name the hand, read from `best`: full house (trips, pair), two pair (top,
        second), a straight or flush its top card, a pair its rank, high card its top card."""
        r = [c[0] for c in self.best]
        if self.category in ("full_house", "two_pair"):
            return (r[0], r[3] if self.category == "full_house" else r[2])
        return (r[0],)


@dataclass(slots=True)
class ShownHand:
    player: str
    cards: tuple[str, ...]
    high: Made
    low: Made | None  # hi-lo only: the best 8-or-better low, None when the hand has none
    mucked: bool = False


@cache
def _lookups() -> tuple[Any, Any, dict[str, Any]]:
    """PokerKit's high and 8-or-better low lookups, and its 52 cards by name (`Ah`): imported here, on
    the first showdown with cards, so nothing else pays the 0.2 s and 17 MB."""
    from pokerkit import Card, EightOrBetterLookup, StandardLookup

    deck = {repr(c): c for c in Card.parse("".join(r + s for r in _ORDER for s in "shdc"))}
    return StandardLookup(), EightOrBetterLookup(), deck


def _read_order(cards: Sequence[str], category: Category) -> tuple[str, ...]:
    """The five cards as read aloud: the made part first (AAA KK, KK 99 Q), a straight from the top
    (5-4-3-2-A for the wheel), other hands high to low."""
    count = Counter(c[0] for c in cards)
    ranked = sorted(cards, key=lambda c: (count[c[0]], _ORDER.index(c[0])), reverse=True)
    if category in ("straight", "straight_flush") and {c[0] for c in cards} == set("A2345"):
        ranked = ranked[1:] + ranked[:1]  # the wheel: the ace plays low
    return tuple(ranked)


def _low_order(cards: Sequence[str]) -> tuple[str, ...]:
    """A low from its highest card down, the ace lowest: 8-6-4-3-A."""
    return tuple(sorted(cards, key=lambda c: 0 if c[0] == "A" else _ORDER.index(c[0]) + 1, reverse=True))


def _combos(hole: Sequence[Any], board: Sequence[Any], game: CardGame) -> list[tuple[Any, ...]]:
    if game == "holdem":
        return list(combinations((*hole, *board), 5))
    return [h + b for h in combinations(hole, 2) for b in combinations(board, 3)]


def evaluate(hole: Sequence[str], board: Sequence[str], game: CardGame) -> tuple[Made, Made | None]:
    """The best high hand (and in hi-lo the best qualifying low) of `hole` with `board`."""
    high_lookup, low_lookup, deck = _lookups()
    combos = _combos([deck[c] for c in hole], [deck[c] for c in board], game)
    best_entry, best_combo = None, None
    for combo in combos:
        entry = high_lookup.get_entry_or_none(combo)
        if entry is not None and (best_entry is None or entry > best_entry):
            best_entry, best_combo = entry, combo
    assert best_entry is not None and best_combo is not None  # every five cards make a high hand
    cards = [repr(c) for c in best_combo]
    category = _LABELS[best_entry.label.value]
    ordered = _read_order(cards, category)
    if category == "straight_flush" and ordered[0][0] == "A":
        category = "royal_flush"
    high = Made(category, ordered, best_entry.index)
    if game != "omaha_hilo":
        return high, None
    low_entry, low_combo = None, None
    for combo in combos:
        entry = low_lookup.get_entry_or_none(combo)
        if entry is not None and (low_entry is None or entry < low_entry):  # a lower index is a better low
            low_entry, low_combo = entry, combo
    if low_entry is None or low_combo is None:
        return high, None
    return high, Made("high_card", _low_order([repr(c) for c in low_combo]), -low_entry.index)


def groups(hands: Sequence[ShownHand], low: bool = False) -> list[tuple[str, ...]]:
    """The hands still live (not mucked), best first, tied hands together; for `low` only the
    hands with a qualifying low."""
    strengths: dict[int, list[str]] = {}
    for h in hands:
        made = h.low if low else h.high
        if made is not None and not h.mucked:
            strengths.setdefault(made.strength, []).append(h.player)
    return [tuple(strengths[k]) for k in sorted(strengths, reverse=True)]


def ranks_of(hands: Sequence[ShownHand], low: bool = False) -> dict[str, int]:
    """Each live hand's place, 1 the best (ties share a place, as in a ranking of the main pot,
    which every live hand is eligible for)."""
    out: dict[str, int] = {}
    for place, group in enumerate(groups(hands, low), start=1):
        for p in group:
            out[p] = place
    return out


def _share(amount_units: int, winners: Sequence[str], unit: int, shares: dict[str, int], odd: dict[str, int]) -> None:
    each, rest = divmod(amount_units, len(winners))
    for w in winners:
        shares[w] = shares.get(w, 0) + each * unit
    if rest:
        shares[winners[0]] += rest * unit
        odd[winners[0]] = odd.get(winners[0], 0) + rest * unit


def split_hilo(s: Settlement, hands: Sequence[ShownHand], contributions: Mapping[str, int], dead: Mapping[str, int],
               chip_unit: int, rs: Ruleset) -> Settlement:
    """The pots of `s` (settled on the high hands) awarded again as hi-lo pots: each pot halved
    between the best high and the best qualifying low among the hands eligible for it."""
    shown = {h.player: h for h in hands}
    high_order = groups(hands)
    low_order = groups(hands, low=True)
    pots: list[Pot] = []
    citations = [c for c in s.citations if c not in rs.c("odd_chip")]
    odd_rules: list[str] = []
    for pot in s.pots:
        contenders = [p for p in pot.eligible if p in shown and not shown[p].mucked]
        if len(contenders) < 2 or not pot.winners:  # uncontested (or unsettled): as settled
            pots.append(Pot(name=pot.name, amount=pot.amount, eligible=pot.eligible, winners=pot.winners,
                            shares=pot.shares, odd_chips=pot.odd_chips, rules=pot.rules, high=pot.winners, low=()))
            continue
        high = next(tuple(p for p in pot.eligible if p in g) for g in high_order if set(g) & set(contenders))
        low = next((tuple(p for p in pot.eligible if p in g) for g in low_order if set(g) & set(contenders)), ())
        unit = chip_unit if chip_unit > 0 and pot.amount % chip_unit == 0 else 1
        units = pot.amount // unit
        shares: dict[str, int] = {}
        odd: dict[str, int] = {}
        rules = [r for r in pot.rules if r not in rs.c("odd_chip")]
        if low:
            half, extra = divmod(units, 2)
            # The halves do not divide: the odd chip goes to the high half (21-C), which is then
            # split like any pot among its tied hands (21-A).
            _share(half + extra, high, unit, shares, odd)
            _share(half, low, unit, shares, odd)
            if extra:
                rules += rs.c("odd_chip_hilo")
                if len(high) == 1:
                    odd[high[0]] = odd.get(high[0], 0) + unit
            if (half + extra) % len(high) or half % len(low):
                rules += rs.c("odd_chip")
        else:  # no qualifying low: the high hand takes the whole pot
            _share(units, high, unit, shares, odd)
            if units % len(high):
                rules += rs.c("odd_chip")
        rules = list(dict.fromkeys(rules))
        odd_rules += [r for r in rules if r not in citations]
        winners = tuple(p for p in pot.eligible if p in shares)
        shares = {p: shares[p] for p in winners}  # in seat order, as engine/pots/__init__.py lists them
        pots.append(Pot(name=pot.name, amount=pot.amount, eligible=pot.eligible, winners=winners, shares=shares,
                        odd_chips=odd, rules=tuple(rules), high=high, low=low))
    payoffs = {p: -int(contributions.get(p, 0)) - dead.get(p, 0) for p in s.payoffs}
    for r in s.returned:
        payoffs[r.player] += r.amount
    for pot in pots:
        for w, chips in pot.shares.items():
            payoffs[w] += chips
    return Settlement(pots=tuple(pots), returned=s.returned, award_order=s.award_order, show_order=s.show_order,
                      show_reason=s.show_reason, show_rules=s.show_rules, payoffs=payoffs,
                      citations=tuple(dict.fromkeys([*citations, *odd_rules])))
