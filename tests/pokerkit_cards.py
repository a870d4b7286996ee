"""Differential showdowns with cards: random hands dealt and played in PokerKit, typed as one `pot`
line with the cards (`showdown: P0 AhKd, P1 [Qs Qc], P2 mucks; board As 9c 7s 2d Kh`), answered by
our `pot` command, and compared.

Shared by tests/test_cards_pokerkit.py (a few hundred showdowns) and bench/bench_cards.py (10,000).
Nothing here asserts; `run()` returns counts and every disagreement with its line.

A hand: 2-9 players, stacks from a few big blinds to deep (so all-ins of every size and side pots
arise), hold'em, Omaha or Omaha hi-lo, no limit. A random deck is dealt in PokerKit. Preflop one
player may raise, anyone may move all-in over it, the rest call or fold; after the flop one bet a
street at most, called or folded to; nobody re-raises, so nothing turns on a reopening rule
(the betting differentials, tests/pokerkit_diff.py, cover those). At the showdown a hand not all-in
now and then mucks (PokerKit's `show_or_muck_hole_cards(False)`; ours `P mucks`, with or without its
cards). The cards are typed in the forms people paste (`AhKd`, `Ah Kd`, `[Ah Kd]`, `A♥K♦`, lower
case, `10` for T, `ボード` for board).

Compared: each player's payoff (which says every pot's winners, splits, quarters and odd chips),
and PokerKit's own hand comparison (`State.get_up_hands`, built by `Hand.from_game`) against our
values for every pair of hands shown, high and low. Detected up front and counted, not compared:

* `low_outside_pot`: a hi-lo pot none of whose hands has a low, while a hand outside it has one.
  PokerKit halves every pot once any hand at the table has a low, and gives that pot's low half to
  its hands without one; the pot's high hand takes it all (no qualifying low among the hands that
  can win it), as engine/pots/cards.py awards it.
* `odd_chips_merged` (23): pots with the same winners, one of them split with odd chips. PokerKit
  merges them before splitting, we split each pot on its own; compared on everything but how the
  odd chips fall among those winners (as tests/pokerkit_pots.py does).
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from pokerkit import (
    Mode,
    NoLimitTexasHoldem,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    State,
)
from pokerkit.games import NoLimitPokerMixin, OmahaHoldemMixin, UnfixedLimitHoldem

from engine.pots.cards import evaluate
from handlers.context import Context
from handlers.pot import handle
from tests import pokerkit_common
from tests.pokerkit_common import AUTOMATIONS, STREETS, run_hands, settle_pokerkit

REASONS = ("low_outside_pot", "odd_chips_merged")
DECK = [r + s for r in "23456789TJQKA" for s in "shdc"]
GAMES = ("holdem", "omaha", "omaha_hilo")
HEADS = {"holdem": "NL", "omaha": "NLO", "omaha_hilo": "NL omaha hi-lo"}
_SUIT_SIGNS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
CTX = Context()


class _NoLimitOmaha(NoLimitPokerMixin, OmahaHoldemMixin, UnfixedLimitHoldem):
    hand_types = (OmahaHoldemHand,)


class _NoLimitOmahaHiLo(NoLimitPokerMixin, OmahaHoldemMixin, UnfixedLimitHoldem):
    hand_types = (OmahaHoldemHand, OmahaEightOrBetterLowHand)


class Disagreement(pokerkit_common.Disagreement):
    lead = "pot "


@dataclass
class Counts:
    hands: int = 0
    compared: int = 0
    by_game: Counter[str] = field(default_factory=Counter)
    side_pots: int = 0
    splits: int = 0
    quartered: int = 0
    scoops: int = 0
    no_low: int = 0
    mucks: int = 0
    odd_chips: int = 0
    short_allin_main_only: int = 0  # a short all-in won the main pot and lost a side pot
    pairs: int = 0  # pairs of hands compared with PokerKit's own comparison
    skipped: Counter[str] = field(default_factory=Counter)
    disagreements: list[Disagreement] = field(default_factory=list)

    def merge(self, other: Counts) -> None:
        for name in ("hands", "compared", "side_pots", "splits", "quartered", "scoops", "no_low", "mucks",
                     "odd_chips", "short_allin_main_only", "pairs"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.by_game.update(other.by_game)
        self.skipped.update(other.skipped)
        self.disagreements.extend(other.disagreements)

    def summary(self) -> str:
        games = ", ".join(f"{g} {self.by_game.get(g, 0)}" for g in GAMES)
        return (f"showdowns {self.hands}: compared {self.compared} ({games}; side pots {self.side_pots}, "
                f"split pots {self.splits}, quartered {self.quartered}, scoops {self.scoops}, hi-lo pots with no "
                f"low {self.no_low}, mucks {self.mucks}, odd chips {self.odd_chips}, short all-in main only "
                f"{self.short_allin_main_only}; hand pairs compared {self.pairs}), disagreements "
                f"{len(self.disagreements)}; documented differences: "
                + ", ".join(f"{r} {self.skipped.get(r, 0)}" for r in REASONS))


def _stacks_order(n: int) -> list[int]:
    """Our `stacks` order: the table with the blinds last (SB then BB)."""
    return [1, 0] if n == 2 else list(range(2, n)) + [0, 1]


def _typed(cards: list[str], rng: random.Random) -> str:
    """Cards as people paste them."""
    style = rng.random()
    if style < 0.1:
        cards = [("10" if c[0] == "T" else c[0]) + _SUIT_SIGNS[c[1]] for c in cards]
    elif style < 0.2:
        cards = [c.lower() for c in cards]
    elif style < 0.3:
        cards = [("10" if c[0] == "T" else c[0]) + c[1] for c in cards]
    glue = rng.random()
    if glue < 0.3:
        return "".join(cards)
    if glue < 0.45:
        return "[" + " ".join(cards) + "]"
    return " ".join(cards)


def _create(game: str, sb: int, bb: int, stacks: list[int]) -> State:
    if game == "holdem":
        return NoLimitTexasHoldem.create_state(AUTOMATIONS, True, 0, (sb, bb), bb, stacks, len(stacks),
                                               mode=Mode.TOURNAMENT)
    cls = _NoLimitOmaha if game == "omaha" else _NoLimitOmahaHiLo
    return cls(AUTOMATIONS, True, 0, (sb, bb), bb, mode=Mode.TOURNAMENT)(stacks, len(stacks))


def play_hand(rng: random.Random) -> Counts:
    counts = Counts(hands=1)
    n = rng.randint(2, 9)
    game = rng.choice(GAMES)
    bb = rng.choice((100, 200, 400))
    sb = bb // 2
    stacks = [rng.choice((rng.randint(bb + 1, 8 * bb), rng.randint(8 * bb, 60 * bb), rng.randint(bb + 1, 150 * bb)))
              for _ in range(n)]
    names = [f"P{i}" for i in range(n)]
    deck = DECK[:]
    rng.shuffle(deck)
    hole_count = 2 if game == "holdem" else 4
    holes = [deck[i * hole_count:(i + 1) * hole_count] for i in range(n)]
    board = deck[n * hole_count:n * hole_count + 5]
    head = f"{HEADS[game]} {sb}/{bb} stacks " + " ".join(f"{names[i]} {stacks[i]}" for i in _stacks_order(n))
    streets: list[tuple[str, list[str]]] = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        st = _create(game, sb, bb, stacks)
        while st.can_deal_hole():
            dealee = st.hole_dealee_index
            assert dealee is not None
            st.deal_hole("".join(holes[dealee]))
        mucked: list[int] = []
        _play(rng, st, streets, names, bb, board, mucked)
        live = [i for i in range(n) if st.statuses[i]]
        shown_pk = [i for i in range(n) if st.statuses[i] or i in mucked]
        up = [list(st.get_up_hands(0, k)) for k in range(len(st.hand_types))] if len(live) > 1 else []
        settle_pokerkit(st)
    if len(shown_pk) < 2:  # everyone folded to one player: no showdown to compare
        return counts
    items = []
    for i in shown_pk:
        if i in mucked and rng.random() < 0.5:
            items.append(f"{names[i]} mucks")
        else:
            items.append(f"{names[i]} {_typed(holes[i], rng)}" + (" mucks" if i in mucked else ""))
    word = rng.choice(("board", "board:", "Board", "ボード", "보드"))
    body = "; ".join(f"{s}: {', '.join(acts)}" for s, acts in streets)
    line = f"{head} {body}; showdown: {', '.join(items)}; {word} {_typed(board, rng)}"
    _compare(line, game, names, holes, board, live, mucked, up, list(st.payoffs), counts)
    return counts


def _play(rng: random.Random, st: State, streets: list[tuple[str, list[str]]], names: list[str], bb: int,
          board: list[str], mucked: list[int]) -> None:
    raised_on = -1
    last_raise = bb
    dealt = 0
    while st.status:
        if st.can_burn_card():
            st.burn_card("??")
            continue
        if st.can_deal_board():
            count = 3 if dealt == 0 else 1
            st.deal_board("".join(board[dealt:dealt + count]))
            dealt += count
            continue
        if st.can_show_or_muck_hole_cards():
            shower = st.showdown_index
            assert shower is not None
            i = shower
            # A hand not all-in may muck while another one not all-in stays live: every pot keeps a
            # live hand (a pot whose hands all mucked is refused, `pot_all_mucked`).
            others = [j for j in range(st.player_count)
                      if st.statuses[j] and j != i and j not in mucked and st.stacks[j] > 0]
            show = not (others and st.stacks[i] > 0 and rng.random() < 0.12)
            st.show_or_muck_hole_cards(show)
            if not show:
                mucked.append(i)
            continue
        if st.actor_index is None:
            return
        street_index = st.street_index
        assert street_index is not None
        street = STREETS[street_index]
        if not streets or streets[-1][0] != street:
            streets.append((street, []))
        items = streets[-1][1]
        i = st.actor_index
        name = names[i]
        to_call = st.checking_or_calling_amount or 0
        total = st.stacks[i] + st.bets[i]
        can_raise = st.can_complete_bet_or_raise_to() and total > max(st.bets)
        roll = rng.random()
        if to_call > 0 and roll < 0.18:
            st.fold()
            items.append(f"{name} fold")
        elif (can_raise and raised_on != street_index and roll < (0.55 if street_index == 0 else 0.3)
              and total >= (lo := max(st.bets) + bb)):
            # (Full bets and raises only, PokerKit's minimum being capped at the stack: what an all-in
            # short of one reopens is the betting differentials'.)
            amount = total if rng.random() < 0.4 else rng.randint(lo, total)
            last_raise = amount - max(st.bets)
            st.complete_bet_or_raise_to(amount)
            raised_on = street_index
            word = "bet" if max(b for j, b in enumerate(st.bets) if j != i) == 0 and street_index > 0 else "raise"
            items.append(f"{name} allin" if amount == total else f"{name} {word} {amount}")
        elif (can_raise and raised_on == street_index and roll < 0.35 and total < 3 * max(st.bets)
              and total - max(st.bets) >= last_raise):
            # A short stack moves in over the raise: the side pots of every size.
            last_raise = total - max(st.bets)
            st.complete_bet_or_raise_to(total)
            items.append(f"{name} allin")
        else:
            st.check_or_call()
            items.append(f"{name} {'call' if to_call > 0 else 'check'}")


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def _compare(line: str, game: str, names: list[str], holes: list[list[str]], board: list[str], live: list[int],
             mucked: list[int], up: list[list[Any]], pk_payoffs: list[int], counts: Counts) -> None:
    def fail(what: str, ours: object, pk: object) -> None:
        counts.disagreements.append(Disagreement(what, line, str(ours), str(pk)))

    reply = handle(line, 0, CTX)
    if not reply.ok:
        assert reply.error is not None
        fail("pot refused", f"{reply.error.code} at {reply.error.at}: {reply.error.message}", "a settled hand")
        return
    data = reply.data
    ours_hands = data["hands"]
    # PokerKit's own comparison against our values, pair by pair, for every hand shown and live.
    values = {i: evaluate(holes[i], board, game) for i in live}  # type: ignore[arg-type]
    for k, hands in enumerate(up):
        for a in live:
            for b in live:
                if a >= b:
                    continue
                ha, hb = hands[a], hands[b]
                mine = [values[a][k], values[b][k]]
                if k == 1 and (ha is None or hb is None or mine[0] is None or mine[1] is None):
                    if (ha is None) != (mine[0] is None) or (hb is None) != (mine[1] is None):
                        fail(f"low of {names[a]} or {names[b]}", mine, (ha, hb))
                        return
                    continue
                theirs = 1 if ha > hb else (-1 if ha < hb else 0)
                if _sign(mine[0].strength - mine[1].strength) != theirs:  # type: ignore[union-attr]
                    fail(f"{names[a]} against {names[b]}", mine, (ha, hb))
                    return
                counts.pairs += 1
    for p, v in ours_hands.items():
        if v["cards"] != "".join(holes[names.index(p)]):
            fail(f"cards of {p}", v["cards"], "".join(holes[names.index(p)]))
            return
    pots = data["pots"]
    if game == "omaha_hilo":
        lows = {names[i] for i in live if values[i][1] is not None}
        if lows and any(p["winners"] and not lows & set(p["eligible"]) - {names[m] for m in mucked}
                        and len(set(p["eligible"]) - {names[m] for m in mucked}) > 1 for p in pots):
            counts.skipped["low_outside_pot"] += 1
            return
    def who(pot: dict[str, Any]) -> tuple[object, ...]:
        return tuple(pot["winners"]), tuple(pot.get("high", ())), tuple(pot.get("low", ()))

    merged = [p for p in pots if p["odd_chips"] and sum(who(q) == who(p) for q in pots) > 1]
    touched = {w for p in merged for w in p["winners"]}
    for i, p in enumerate(names):
        if p not in touched and data["payoffs"][p] != pk_payoffs[i]:
            fail(f"payoff of {p}", data["payoffs"][p], pk_payoffs[i])
            return
    if merged:  # compared in total only: PokerKit splits the merged pot's odd chips once
        counts.skipped["odd_chips_merged"] += 1
        if sum(data["payoffs"][p] for p in touched) != sum(pk_payoffs[names.index(p)] for p in touched):
            fail("odd chips total", touched, "-")
            return
    counts.compared += 1
    counts.by_game[game] += 1
    counts.side_pots += max(0, len(pots) - 1)
    counts.mucks += len(mucked)
    for pot in pots:
        counts.odd_chips += bool(pot["odd_chips"])
        if "high" in pot and pot["winners"]:
            counts.quartered += len(pot["low"]) > 1 or len(pot["high"]) > 1 and bool(pot["low"])
            counts.scoops += bool(pot["low"]) and pot["high"] == pot["low"]
            counts.no_low += not pot["low"] and len(pot["eligible"]) > 1
        elif len(pot["winners"]) > 1:
            counts.splits += 1
    if len(pots) > 1 and pots[0]["winners"] and pots[0]["winners"][0] not in pots[-1]["eligible"]:
        counts.short_allin_main_only += 1


def run(hands: int, seed: int = 2026) -> Counts:
    return run_hands(play_hand, Counts(), hands, seed)
