"""Settling a hand: main and side pots, uncalled chips, who wins what, and who shows first.

Pure: from what each player put in over the whole hand, who folded and the seats in order from
the first seat left of the button, it builds the pots by contribution levels and, given the
showdown result (groups of tied players, best first), awards them. Every step carries the
citation ids of the ruleset's rule that decides it, so the reply can say why.

Model (the same one the floor uses at the table):
  * Uncalled chips: the amount by which the largest contribution exceeds the next largest goes
    back to its owner; nobody matched it, so it was never in a pot (TDA 2026 16-B speaks of
    returning the uncalled part of a bet).
  * Levels: each distinct contribution of a player still in the hand closes a pot. A pot takes
    from every player (folded or not) the chips between the previous level and its own, and can
    be won by the players still in whose contribution reaches it (23: side pots are split
    separately). Folded players' chips above the highest live level (not possible in a legal
    hand, but a typed one may say so) stay in the last pot.
  * Dead money (the big blind ante) goes to the main pot and is not a level: the big blind who
    posted it can win it, but it does not raise the amount the big blind can win from each caller.
  * Awarding: side pots first, the last one formed first, then the main pot (Addendum 17); each
    to the best hand among its eligible players; a tie splits it, the odd chips (in units of the
    smallest chip) all to the first tied player left of the button (21-A).
  * Showing: with an all-in and no more betting, every hand is turned up at once (17); otherwise
    the last aggressor on the final street shows first, else the first player left of the button
    (18-A); who follows is a ruleset value (`show_after_first`).

Bench (bench/bench_pots.py, 2 shared cores): settling and awarding 9 players with four all-ins
takes 26-60 µs; PokerKit takes 0.9-1.4 ms to do the same once its hands are shown (35x), and
12-36 µs to list the pots alone (`State.pots`, no awarding). The whole hand, from the typed line
to the payoffs, takes 0.65-1.4 ms here against 14-27 ms for PokerKit creating, playing and
settling it (17-25x). Plain Python is enough: no library.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from engine.errors import FloorcallError
from engine.rulesets import Ruleset

ShowReason = Literal["no_showdown", "allin_face_up", "last_aggressor", "first_left_of_button"]

# The records a settlement returns are values: nothing changes them once `settle` has returned.
# They are slotted rather than frozen because a frozen dataclass costs three times as much to
# build, as in engine/betting/rulings.py.


@dataclass(slots=True, kw_only=True)
class Pot:
    name: str  # "main", "side1", "side2" ... in the order the pots are formed
    amount: int
    eligible: tuple[str, ...]  # in seat order from the first seat left of the button
    winners: tuple[str, ...] = ()  # empty until a showdown result (or only one player left)
    shares: Mapping[str, int] = field(default_factory=dict)  # each winner's chips, odd chips included
    odd_chips: Mapping[str, int] = field(default_factory=dict)  # the odd chips within `shares`
    rules: tuple[str, ...] = ()
    # A hi-lo pot (engine/pots/cards.py): who won the high half and who the low (empty: no low).
    high: tuple[str, ...] | None = None
    low: tuple[str, ...] | None = None

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"name": self.name, "amount": self.amount, "eligible": list(self.eligible),
                                  "winners": list(self.winners), "shares": dict(self.shares),
                                  "odd_chips": dict(self.odd_chips)}
        if self.high is not None:
            out["high"], out["low"] = list(self.high), list(self.low or ())
        return out


@dataclass(slots=True)
class Returned:
    player: str
    amount: int
    rules: tuple[str, ...]
    # "uncalled": the part of a bet nobody matched (16-B); "blinds_to_bb": the blinds less a short
    # all-in nobody called, to the big blind (`Ruleset.short_allin_blinds_to_bb`).
    reason: str = "uncalled"


@dataclass(slots=True, kw_only=True)
class Settlement:
    pots: tuple[Pot, ...]
    returned: tuple[Returned, ...]
    award_order: tuple[str, ...]  # pot names, in the order they are awarded
    show_order: tuple[str, ...]
    show_reason: ShowReason
    show_rules: tuple[str, ...]
    payoffs: Mapping[str, int]  # each player's net result: won + returned - put in
    citations: tuple[str, ...]

    @property
    def settled(self) -> bool:
        """Every pot has its winners."""
        return all(p.winners for p in self.pots)


def _ranking_text(ranking: Sequence[Sequence[str]]) -> str | None:
    """The ranking as typed (`B > A = C`); None when mending left nothing of it (a showdown of one
    unknown word: an empty hint read as "Did you mean “”?")."""
    return " > ".join(g for g in (" = ".join(group) for group in ranking) if g) or None


def _check_ranking(ranking: Sequence[Sequence[str]], live: Sequence[str], order: Sequence[str]) -> None:
    """The showdown names every player still in exactly once and nobody else.

    Each hint is the showdown as typed, mended: never the live players in seat order, which would
    read as a result nobody gave."""
    seen: set[str] = set()
    typed = {n for g in ranking for n in g}
    for gi, group in enumerate(ranking):
        for ni, name in enumerate(group):
            if name not in order:
                # The one player still in that the showdown leaves out is likely who was meant.
                left_out = [p for p in live if p not in typed]
                swap = [[(left_out[0] if len(left_out) == 1 and n == name else n) for n in g
                         if n != name or len(left_out) == 1] for g in ranking]
                raise FloorcallError("showdown_unknown_player", player=name, hint=_ranking_text(swap))
            if name in seen:
                once = [[n for j, n in enumerate(g) if not (i == gi and j == ni)] for i, g in enumerate(ranking)]
                raise FloorcallError("showdown_duplicate", player=name, hint=_ranking_text(once))
            if name not in live:
                kept = [[p for p in g if p != name] for g in ranking]
                raise FloorcallError("showdown_folded", player=name, hint=_ranking_text(kept))
            seen.add(name)
    missing = [p for p in live if p not in seen]
    if missing:
        # Where the left-out players go is the floor's to say; the hint keeps the typed order and
        # shows them added after it, the place of hands that lost or were mucked.
        raise FloorcallError("showdown_missing", player=missing[0], players=" ".join(missing),
                             hint=_ranking_text([*ranking, missing]))


def _returned(contrib: dict[str, int], rs: Ruleset) -> list[Returned]:
    """The part of the largest contribution nobody matched, back to its owner."""
    ranked = sorted(contrib.items(), key=lambda kv: kv[1], reverse=True)
    if not ranked or ranked[0][1] == 0:
        return []
    top, amount = ranked[0]
    second = ranked[1][1] if len(ranked) > 1 else 0
    if amount <= second:
        return []
    contrib[top] = second
    return [Returned(top, amount - second, rs.c("uncalled_returned"))]


def _blinds_to_big_blind(contrib: dict[str, int], live: Sequence[str], allin: Collection[str],
                         blinds: tuple[str | None, str | None], preflop_in: Mapping[str, int] | None,
                         rs: Ruleset) -> list[Returned]:
    """Seed 003 (JP-allin-short): a player all-in before the flop for less than the big blind, and
    nobody else calling (everyone but the big blind folded, the big blind not raising): the big
    blind receives the small and big blinds less the all-in amount, and the all-in player plays for
    the all-in matched once. `pot NL 100/200 … A allin 150, B fold, SB fold; showdown: A > BB`: the
    big blind takes 100 + 200 − 150 = 150, A wins 300 (A +150, BB −50), where TDA builds a pot of
    400 and returns 50 (A +250, BB −150). Takes those chips out of `contrib`; returns what goes back."""
    sb, bb = blinds
    if not rs.short_allin_blinds_to_bb or preflop_in is None or bb is None or len(live) != 2 or bb not in live:
        return []
    short = next(p for p in live if p != bb)
    if short not in allin or short == sb:
        return []
    short_in, bb_in = preflop_in.get(short, 0), preflop_in.get(bb, 0)
    sb_in = preflop_in.get(sb, 0) if sb is not None else 0
    if not 0 < short_in < bb_in or any(v > bb_in for v in preflop_in.values()):
        return []  # not below the blind, or somebody raised it: the pots as for any hand
    back = sb_in + bb_in - short_in
    if sb is not None:
        contrib[sb] -= sb_in
    contrib[bb] -= bb_in - short_in
    return [Returned(bb, back, rs.c("short_allin_blinds"), "blinds_to_bb")]


def _build_pots(contrib: Mapping[str, int], live: Sequence[str], dead: int, rs: Ruleset) -> list[Pot]:
    levels = sorted({contrib[p] for p in live if contrib[p] > 0})
    if not levels and dead == 0 and not any(contrib.values()):
        return []
    if not levels:  # nobody still in has put anything in: all of it is one pot for those left
        levels = [0]
    # One sweep over the contributions in order: a pot takes, from everyone, the chips between
    # the previous level and its own (what is below, in full; what reaches past it, the slice).
    chips = sorted(contrib.values())
    k, n = 0, len(chips)
    rules = rs.c("side_pots") if len(levels) > 1 else ()
    pots: list[Pot] = []
    previous = 0
    for i, level in enumerate(levels):
        amount = dead if i == 0 else 0
        while k < n and chips[k] <= level:
            amount += max(0, chips[k] - previous)
            k += 1
        amount += (n - k) * (level - previous)
        if i == len(levels) - 1:  # folded chips above the last live level stay in the last pot
            amount += sum(c - level for c in chips[k:])
        eligible = tuple(p for p in live if contrib[p] >= level)
        pots.append(Pot(name="main" if i == 0 else f"side{i}", amount=amount, eligible=eligible, rules=rules))
        previous = level
    return pots


def _split(pot: Pot, winners: tuple[str, ...], chip_unit: int, rs: Ruleset) -> Pot:
    """Split `pot` among `winners` (already in seat order from the left of the button): equal
    shares in whole chips, and every odd chip to the first of them. 21-A gives "the odd chip(s)"
    to the first seat left of the button, and the house rules (jp-basic) give the remainder to one
    player too; dealing two odd chips one each from there was our reading, not the rules'."""
    unit = chip_unit if chip_unit > 0 and pot.amount % chip_unit == 0 else 1
    units, k = pot.amount // unit, len(winners)
    each, odd = divmod(units, k)
    shares = {w: each * unit for w in winners}
    odd_chips: dict[str, int] = {}
    if odd:
        shares[winners[0]] += odd * unit
        odd_chips[winners[0]] = odd * unit
    rules = pot.rules + rs.c("cards_speak") if len(pot.eligible) > 1 else pot.rules
    if odd:
        rules += rs.c("odd_chip")
    return Pot(name=pot.name, amount=pot.amount, eligible=pot.eligible, winners=winners, shares=shares,
               odd_chips=odd_chips, rules=tuple(dict.fromkeys(rules)))


def _show_order(live: Sequence[str], order: Sequence[str], allin: bool, last_aggressor: str | None,
                rs: Ruleset) -> tuple[tuple[str, ...], ShowReason, tuple[str, ...]]:
    if len(live) <= 1:
        return (), "no_showdown", ()
    if allin:
        return tuple(live), "allin_face_up", rs.c("allin_face_up")
    if last_aggressor is None or last_aggressor not in live:
        return tuple(live), "first_left_of_button", rs.c("show_order")
    if rs.show_after_first == "position":
        rest = [p for p in live if p != last_aggressor]
    else:
        i = order.index(last_aggressor)
        around = list(order[i + 1:]) + list(order[:i])
        rest = [p for p in around if p in live]
    return (last_aggressor, *rest), "last_aggressor", rs.c("show_order")


def settle(contributions: Mapping[str, int], folded: Collection[str], order: Sequence[str], ruleset: Ruleset,
           ranking: Sequence[Sequence[str]] | None = None, *, dead: Mapping[str, int] | None = None,
           allin: Collection[str] = (), last_aggressor: str | None = None, chip_unit: int = 1,
           carried: int = 0, mucked: Sequence[str] = (), blinds: tuple[str | None, str | None] = (None, None),
           preflop_in: Mapping[str, int] | None = None) -> Settlement:
    """Settle a hand.

    contributions: each player's chips put in over the hand (antes, blinds, bets), before any
        uncalled chips go back. `order`: every player, from the first seat left of the button.
    folded: players out of the hand. `allin`: players who went all-in (their hands are turned
        up at once when betting is over, 17). `dead`: chips posted as dead money (the big blind
        ante), into the main pot. `ranking`: the showdown, groups of tied players, best first;
        it must name every player still in and no one else (FloorcallError with `at` unset).
    carried: chips in the middle from streets not typed (`pot N`): main pot, nobody's payoff.
    mucked: hands thrown away face down at the showdown: dead, they win nothing (18-B; in an all-in
        showdown every hand should have been tabled, 17). With an empty `ranking`, the one hand
        not mucked wins everything it can.
    blinds: the players on the small and big blind; `preflop_in`: what each put in before the flop,
        given only when the hand ended there (`Ruleset.short_allin_blinds_to_bb`).
    """
    rs = ruleset
    dead = dict(dead or {})
    contrib = {p: int(contributions.get(p, 0)) for p in order}
    live = [p for p in order if p not in folded]
    dead_hands = set(mucked)
    if ranking is not None and mucked and len(live) > 1:
        if not any(ranking):  # `showdown: B mucks, C mucks`: everyone but one threw their hand away
            rest = [p for p in live if p not in dead_hands]
            if len(rest) > 1:  # two hands or more not mucked: which is best must be typed
                raise FloorcallError("showdown_missing", player=rest[0], players=" ".join(rest),
                                     hint=" > ".join(rest) + "; " + ", ".join(f"{m} mucks" for m in mucked))
            ranking = [tuple(rest)]  # the last live hand (none: every pot's hands mucked, refused below)
        typed = {n for g in ranking for n in g} | dead_hands
        left_out = [p for p in live if p not in typed]
        if left_out and all(p in order for g in ranking for p in g):
            # A hand mucked is dead (18-B): it has no place in a ranking, and the hint gives the
            # players left out their place above the mucks, never below them (`A > C > B` had
            # ranked C's mucked hand over B's).
            raise FloorcallError("showdown_missing", player=left_out[0], players=" ".join(left_out),
                                 hint=f"{_ranking_text([*ranking, left_out])}; "
                                      + ", ".join(f"{m} mucks" for m in mucked))
        ranking = [*ranking, tuple(mucked)]
    if ranking is not None and len(live) > 1:
        _check_ranking(ranking, live, order)
    elif ranking is not None and live and ranking and ranking[0] and live[0] not in ranking[0]:
        # Everyone else folded, yet the winner typed is someone who folded (`..., BB fold, B wins`):
        # the pot was A's without a showdown, a folded hand wins nothing (18-B), and the result
        # typed contradicts the hand.
        # It had been dropped in silence, the reply giving A the pot the floor said B won.
        name = next((n for n in ranking[0] if n in folded), None)
        if name is not None:
            raise FloorcallError("showdown_folded", player=name, hint=live[0])
    returned = _blinds_to_big_blind(contrib, live, allin, blinds, preflop_in, rs)
    returned += _returned(contrib, rs)
    pots = _build_pots(contrib, live, sum(dead.values()) + carried, rs)
    award_order = [p.name for p in reversed(pots)]
    citations: list[str] = []
    for r in returned:
        citations += r.rules
    if len(pots) > 1:
        citations += rs.c("side_pots")
    groups = [tuple(g) for g in ranking] if ranking is not None else None
    if len(live) == 1:
        groups = [(live[0],)]
    awarded: list[Pot] = []
    for pot in pots:
        if groups is None or not pot.eligible:
            awarded.append(pot)
            continue
        eligible = set(pot.eligible) - dead_hands if len(live) > 1 else set(pot.eligible)
        if not eligible and len(pot.eligible) == 1:
            eligible = set(pot.eligible)  # nobody else can win it: uncontested, mucked or not
        if not eligible:
            raise FloorcallError("pot_all_mucked", pot=pot.name, player=pot.eligible[0],
                                 hint=" > ".join(pot.eligible))
        best = next(g for g in groups if not eligible.isdisjoint(g))
        winners = tuple(p for p in pot.eligible if p in best)
        split = _split(pot, winners, chip_unit, rs)
        if len(eligible) < len(pot.eligible):
            # A hand mucked is dead (18-B): it can no longer win this pot, so it is no longer listed
            # as eligible for it (the shares already left it out; the list had still named it).
            split.eligible = tuple(p for p in pot.eligible if p in eligible)
        awarded.append(split)
    if groups is not None and len(pots) > 1:
        citations += rs.c("side_pots_first")
    if dead_hands and len(live) > 1:
        citations += rs.c("muck_allin" if any(p in allin for p in live) else "muck")
    for pot in awarded:
        citations += pot.rules
    show, reason, show_rules = _show_order(live, order, any(p in allin for p in live), last_aggressor, rs)
    citations += show_rules
    payoffs = {p: -int(contributions.get(p, 0)) - dead.get(p, 0) for p in order}
    for r in returned:
        payoffs[r.player] += r.amount
    for pot in awarded:
        for w, chips in pot.shares.items():
            payoffs[w] += chips
    return Settlement(pots=tuple(awarded), returned=tuple(returned), award_order=tuple(award_order), show_order=show,
                      show_reason=reason, show_rules=show_rules, payoffs=payoffs,
                      citations=tuple(dict.fromkeys(citations)))
