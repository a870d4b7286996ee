"""Differential play against PokerKit: whole pot-limit and fixed-limit hands, typed as one line.

Shared by `tests/test_rulings_pot_limit_fixed_limit.py` (a few hundred hands) and
`bench/bench_differential_plfl.py` (the large run). Nothing here asserts; `run()` returns counts and
the disagreements, each with the line that shows it.

Why another runner: `tests/pokerkit_diff.py` rules each street alone (`pot N`, no stacks) and is
no limit; `tests/pokerkit_pots.py` settles whole no-limit hands. Neither looks at a pot-limit
maximum on the turn or river with the pot carried from earlier streets (antes, a big blind ante,
uncalled chips given back), at a pot-limit maximum a player cannot cover, or at fixed-limit
bet sizes and short all-ins across streets. Here PokerKit plays 2-6 players with random stacks
(deep, short, tiny), no ante, an ante or a big blind ante; the whole hand is written as
`PL|FL sb/bb [ante N|bba N] stacks ... preflop: ...; flop: ...; turn: ...; river: ...` and at
every PokerKit decision our `ruling` is asked `P?` on the line so far. Compared: who acts, the
amount to call, can-raise, the minimum raise (PokerKit caps it at the player's all-in) and, in pot
limit, the maximum (both capped at the stack). At the end of the betting: the hand is over on both
sides, and the pots (amount and eligible players) and the chips given back are the same.

PokerKit has no pot-limit hold'em and caps fixed limit at four bets; both are made here from its
own parts (`_PLHoldem`, `_FLUncapped`): the betting is what is compared, not the card game, and TDA
50 leaves the cap to the house (`tda2026` enforces none; the cap has its own tests).

Known departures, detected up front and counted rather than compared (README, PokerKit section):
  * `zero_r`: PokerKit starts R at 0 on each street after the flop, so an all-in that opens for
    less than a bet counts as a full bet there. Affected: decisions after such an opening.
  * `limit_half`: in fixed limit PokerKit makes the next raise one bet above a short all-in
    whatever its size; TDA 49-B counts an all-in of half a bet or more as the raise (the next
    raise is to one bet above that raise) and one below half as no raise (the next player
    completes it). Affected: every decision after a short all-in raise on the street.
  * `short_all_in_r`: a short all-in after a full bet or raise; PokerKit's R (the increment to
    match) changes, ours stays the last full raise (45-A, 49-A). Affected: later decisions of the
    street.
  * `min_bet_opening` (jp-basic only): an all-in below the minimum bet opens a street; seed 003
    has the others call the minimum bet, PokerKit the all-in. The rest of the hand is not compared.
  * `short_blind`: a blind (or ante and blind) larger than the stack; such hands are not dealt.
"""

from __future__ import annotations

import random
import re
import warnings
from collections import Counter
from dataclasses import dataclass, field
from typing import ClassVar

from pokerkit import FixedLimitTexasHoldem, Mode, State
from pokerkit.games import PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem

from engine.errors import FloorcallError
from engine.hands.hand import rule_whole
from engine.notation.streets import parse_whole
from engine.pots import settle
from engine.rulesets import RULESETS
from tests import pokerkit_common
from tests.pokerkit_common import AUTOMATIONS, STREETS

ALLOW_ANTE_ALLIN = False
_RS = {"rs": RULESETS["tda2026"]}  # the ruleset `run` compares with (tda2026 unless it is told otherwise)
REASONS = ("zero_r", "limit_half", "short_all_in_r", "min_bet_opening")


class _PLHoldem(PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem):
    """Pot-limit hold'em from PokerKit's own mixins (it ships pot-limit Omaha only)."""


class _FLUncapped(FixedLimitTexasHoldem):
    """Fixed-limit hold'em without PokerKit's four-bet cap (TDA 50: the house's; none here)."""

    max_completion_betting_or_raising_count: ClassVar[int | None] = None


class Disagreement(pokerkit_common.Disagreement):
    lead = "ruling "


@dataclass
class Counts:
    hands: int = 0
    decisions: int = 0
    agreed: int = 0
    capped_min: int = 0  # PokerKit's minimum is the player's all-in, below ours: agreed
    pl_max: int = 0  # pot-limit maxima compared
    pl_max_stack: int = 0  # ... of which the stack was the maximum
    later_street_max: int = 0  # ... of which on the turn or river
    hands_ended: int = 0
    pots: int = 0
    side_pots: int = 0
    returned: int = 0
    skipped: Counter[str] = field(default_factory=Counter)
    # of the skipped decisions, how many PokerKit answers differently, and one example of each kind
    skipped_differing: Counter[str] = field(default_factory=Counter)
    examples: dict[str, Disagreement] = field(default_factory=dict)
    disagreements: list[Disagreement] = field(default_factory=list)

    def merge(self, other: Counts) -> None:
        for name in ("hands", "decisions", "agreed", "capped_min", "pl_max", "pl_max_stack", "later_street_max",
                     "hands_ended", "pots", "side_pots", "returned"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.skipped.update(other.skipped)
        self.skipped_differing.update(other.skipped_differing)
        for kind, example in other.examples.items():
            self.examples.setdefault(kind, example)
        self.disagreements.extend(other.disagreements)

    def summary(self) -> str:
        skips = ", ".join(f"{r} {self.skipped.get(r, 0)} ({self.skipped_differing.get(r, 0)} differing)"
                          for r in REASONS + ("short_blind",))
        return (f"hands {self.hands}, decisions {self.decisions}: agreed {self.agreed} (minimum capped at the "
                f"all-in {self.capped_min}; pot-limit maxima {self.pl_max}, {self.later_street_max} on the turn or "
                f"river, {self.pl_max_stack} at the stack); hands ended and settled alike {self.hands_ended} (pots "
                f"{self.pots}, side pots {self.side_pots}, returned {self.returned}); disagreements "
                f"{len(self.disagreements)}; skipped: {skips}")


def _stacks(rng: random.Random, n: int, bb: int) -> list[int]:
    out = []
    for _ in range(n):
        roll = rng.random()
        if roll < 0.25:
            out.append(rng.randint(bb + 1, 6 * bb))
        elif roll < 0.5:
            out.append(rng.randint(6 * bb, 30 * bb))
        else:
            out.append(rng.randint(30 * bb, 200 * bb))
    return out


def _order(n: int) -> list[int]:
    """Our `stacks` order: the table with the blinds last (heads-up: small blind first)."""
    return [1, 0] if n == 2 else list(range(2, n)) + [0, 1]


def _line(head: str, streets: list[tuple[str, list[str]]], query: str | None = None) -> str:
    parts = []
    for k, (street, items) in enumerate(streets):
        body = items + ([f"{query}?"] if query and k == len(streets) - 1 else [])
        parts.append(f"{street}: {', '.join(body)}")
    return head + " " + "; ".join(parts)


def play_hand(rng: random.Random, game: str) -> Counts:
    counts = Counts(hands=1)
    n = rng.randint(2, 6)
    bb = rng.choice((100, 200, 400, 1000))
    sb = bb // 2
    stacks = _stacks(rng, n, bb)
    kind = rng.choice(("none", "ante", "bba"))
    ante = rng.choice((bb // 10, bb // 4)) if kind == "ante" else (bb if kind == "bba" else 0)
    raw_antes: object = {1: ante} if kind == "bba" else ante
    names = [f"P{i}" for i in range(n)]
    head = f"{game} {sb}/{bb}" + (f" ante {ante}" if kind == "ante" else "") + (f" bba {ante}" if kind == "bba" else "")
    head += " stacks " + " ".join(f"{names[i]} {stacks[i]}" for i in _order(n))
    bb_seat, sb_seat = (0, 1) if n == 2 else (1, 0)
    per_ante = ante if kind == "ante" else 0
    if (stacks[sb_seat] <= sb + per_ante or stacks[bb_seat] <= bb + ante
            or (ALLOW_ANTE_ALLIN is False and any(s <= per_ante for s in stacks))):
        counts.skipped["short_blind"] += 1
        return counts
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if game == "PL":
            st = _PLHoldem(AUTOMATIONS, kind != "bba", raw_antes, (sb, bb), bb, mode=Mode.TOURNAMENT)(stacks, n)
        else:
            st = _FLUncapped.create_state(AUTOMATIONS, kind != "bba", raw_antes, (sb, bb), bb, 2 * bb, stacks, n,
                                          mode=Mode.TOURNAMENT)
        deck = [r + c for r in "23456789TJQKA" for c in "cdhs"]
        rng.shuffle(deck)
        while st.can_deal_hole():
            st.deal_hole(deck.pop() + deck.pop())
        streets: list[tuple[str, list[str]]] = []
        if not _play(rng, st, deck, head, streets, names, bb, game, counts):
            return counts
        pk_pots = [(p.amount, tuple(sorted(names[i] for i in p.player_indices))) for p in st.pots]
        pk_bets = list(st.bets)
        before_push = list(st.stacks)
    _settle(_line(head, streets), names, stacks, pk_pots, pk_bets, before_push, counts)
    return counts


def _play(rng: random.Random, st: State, deck: list[str], head: str, streets: list[tuple[str, list[str]]], names: list[str],
          bb: int, game: str, counts: Counts) -> bool:
    index = -1
    skip: str | None = None
    while st.status:
        if st.can_burn_card():
            st.burn_card("??")
            continue
        if st.can_deal_board():
            st.deal_board("".join(deck.pop() for _ in range(3 if st.street_index == 1 else 1)))
            continue
        if st.actor_index is None:
            return True
        if st.street_index != index:
            index = st.street_index
            streets.append((STREETS[index], []))
            skip = None
        seat = st.actor_index
        name = names[seat]
        to_call = st.checking_or_calling_amount or 0
        others = any(i != seat and st.statuses[i] and st.stacks[i] > 0 for i in range(st.player_count))
        if to_call == 0 and not others:
            st.check_or_call()  # a check nobody can answer: our round is over
            continue
        w = max(st.bets)
        all_in = st.stacks[seat] + st.bets[seat]
        pk_can = st.can_complete_bet_or_raise_to()
        pk_min = st.min_completion_betting_or_raising_to_amount if pk_can else None
        pk_max = st.max_completion_betting_or_raising_to_amount if pk_can else None
        query = _line(head, streets, name)
        counts.decisions += 1
        if skip is not None:
            counts.skipped[skip] += 1
            differs = _compare(query, name, to_call, pk_can, pk_min, pk_max, all_in, w - st.bets[seat], game, index,
                               Counts())
            if differs is not None and differs.what in ("to act", "to call", "engine error"):
                # The departures change who may raise and by how much, never whose turn it is or
                # the call: the hand is kept the same on both sides, so these must still agree.
                counts.disagreements.append(differs)
                return False
            if differs is not None:
                counts.skipped_differing[skip] += 1
                counts.examples.setdefault(f"{skip} {differs.what}", differs)
        else:
            bad = _compare(query, name, to_call, pk_can, pk_min, pk_max, all_in, w - st.bets[seat], game, index, counts)
            if bad is not None:
                counts.disagreements.append(bad)
                return False
        items = streets[-1][1]
        unit = bb if index < 2 else 2 * bb
        roll = rng.random()
        if to_call > 0 and roll < (0.1 if all_in <= w + 2 * unit else 0.2):
            st.fold()
            items.append(f"{name} fold")
            continue
        lo, hi = pk_min, pk_max
        if pk_can and skip is not None:
            # Past a known departure the raise is made only where both sides allow it, at an
            # amount both accept: the hand stays the same hand on both sides.
            try:
                o = _ours(query)[1].last.options
            except FloorcallError as err:
                counts.disagreements.append(Disagreement("engine error", query, f"{err.code} at {err.at} {err.params}",
                                                         f"{name} to act"))
                return False
            if not o.can_raise or o.min_raise_to is None:
                lo = None
            else:
                assert lo is not None and hi is not None
                # (fixed limit has one size: our minimum; PokerKit's may differ after a short all-in)
                lo, hi = max(lo, o.min_raise_to), min(hi, o.max_raise_to or (o.min_raise_to if game == "FL" else hi))
                lo = lo if lo <= hi else None
        if pk_can and lo is not None and rng.random() < (0.7 if all_in <= w + 3 * unit else 0.4):
            assert hi is not None
            r = rng.random()
            amount = hi if r < 0.4 else (lo if r < 0.7 else rng.randint(lo, hi))
            st.complete_bet_or_raise_to(amount)
            if amount == all_in:
                items.append(f"{name} allin" if rng.random() < 0.5 else f"{name} allin {amount}")
                if w == 0 and amount < unit and _RS["rs"].short_opening_allin == "minimum_bet":
                    # jp-basic (seed 003): the others still call the minimum bet; PokerKit calls
                    # the all-in. The rest of the hand differs by design: not compared.
                    counts.skipped["min_bet_opening"] += 1
                    return False
                if game == "FL" and amount - w < unit:
                    skip = "limit_half"
                elif w > 0 and amount - w < max(bb, _last_full(st)):
                    skip = "short_all_in_r"
                elif w == 0 and amount < bb and index > 0:
                    skip = "zero_r"
            elif game == "PL" and amount == hi == pk_max and rng.random() < 0.5:
                items.append(f"{name} {rng.choice(('pot', 'bet pot' if w == 0 else 'raise pot', 'pots'))}")
            elif game == "FL" and rng.random() < 0.3:
                items.append(f"{name} {'bet' if w == 0 else 'raise'}")  # the limit's size, said alone
            else:
                items.append(f"{name} {'bet' if w == 0 else 'raise'} {amount}")
            continue
        items.append(f"{name} {'call' if to_call > 0 else 'check'}")
        st.check_or_call()
    return True


def _last_full(st: State) -> int:
    return st.completion_betting_or_raising_amount or 0


def _compare(query: str, name: str, to_call: int, pk_can: bool, pk_min: int | None, pk_max: int | None,
             all_in: int, full_call: int, game: str, index: int, counts: Counts) -> Disagreement | None:
    try:
        _, h = _ours(query)
    except FloorcallError as err:
        return Disagreement("engine error", query, f"{err.code} at {err.at} {err.params}", f"{name} to act")
    o = h.last.options
    if o.to_act != name:
        return Disagreement("to act", query, str(o.to_act), name)
    if o.to_call not in (to_call, full_call):
        return Disagreement("to call", query, str(o.to_call), str(to_call))
    if o.can_raise != pk_can:
        return Disagreement("can raise", query, str(o.can_raise), str(pk_can))
    if pk_can:
        assert pk_min is not None and pk_max is not None
        ours_min = o.min_raise_to
        if ours_min != pk_min:
            if not (pk_min == all_in and ours_min is not None and ours_min >= all_in):
                return Disagreement("min raise to", query, str(ours_min), str(pk_min))
            counts.capped_min += 1
        if game == "PL":
            if o.max_raise_to != pk_max:
                return Disagreement("pot-limit max", query, str(o.max_raise_to), str(pk_max))
            counts.pl_max += 1
            counts.pl_max_stack += pk_max == all_in
            counts.later_street_max += index >= 2
    counts.agreed += 1
    return None


# Typing the hand in Japanese or Korean (`run(..., lang=...)`): the same hand, the words a floor
# person uses, and now and then their word order (`P2が700にレイズ`, `P2 700 레이즈`).
_WORDS = {
    "ja": {"fold": "フォールド", "check": "チェック", "call": "コール", "raise": "レイズ", "bet": "ベット",
           "allin": "オールイン", "pot": "ポット", "bet pot": "ポットベット", "raise pot": "ポットレイズ", "pots": "リポット",
           "preflop": "プリフロップ", "flop": "フロップ", "turn": "ターン", "river": "リバー", "stacks": "スタック",
           "ante": "アンティ", "bba": "BBアンティ", "PL": "ポットリミット", "FL": "リミット"},
    "ko": {"fold": "폴드", "check": "체크", "call": "콜", "raise": "레이즈", "bet": "벳", "allin": "올인", "pot": "팟",
           "bet pot": "팟벳", "raise pot": "팟 레이즈", "pots": "리팟", "preflop": "프리플랍", "flop": "플랍",
           "turn": "턴", "river": "리버", "stacks": "스택", "ante": "앤티", "bba": "BB앤티", "PL": "팟리밋", "FL": "리밋"},
}
_ITEM = re.compile(r"(P\d+) (bet pot|raise pot|pots|pot|fold|check|call|raise|bet|allin)(?: (\d+))?(?=,|;|$)")
_HEAD = re.compile(r"\b(preflop|flop|turn|river|stacks|ante|bba|PL|FL)\b")
_LANG = {"lang": "en"}


def _translate(line: str, lang: str) -> str:
    words = _WORDS[lang]

    def item(m: re.Match[str]) -> str:
        name, verb, amount = m.group(1), words[m.group(2)], m.group(3)
        if amount is None:
            return f"{name}{'が' if lang == 'ja' and len(m.group()) % 2 else ' '}{verb}"
        if len(m.group()) % 2:  # the amount before the verb, as chat writes it
            return f"{name}が{amount}に{verb}" if lang == "ja" else f"{name} {amount} {verb}"
        return f"{name} {verb} {amount}"

    out = _HEAD.sub(lambda m: words[m.group()], _ITEM.sub(item, line))
    return out.replace(", ", "、") if lang == "ja" else out


def _ours(line: str):
    if _LANG["lang"] != "en":
        line = _translate(line, _LANG["lang"])
    wh = parse_whole(line)
    return wh, rule_whole(wh, _RS["rs"])


def _settle(text: str, names: list[str], stacks: list[int], pk_pots: list[tuple[int, tuple[str, ...]]],
            pk_bets: list[int], before_push: list[int], counts: Counts) -> None:
    def fail(what: str, ours: object, pk: object) -> None:
        counts.disagreements.append(Disagreement(what, text, str(ours), str(pk)))

    try:
        _, h = _ours(text)
        s = settle(h.contributions, h.folded, h.table, _RS["rs"], None, dead=h.dead, allin=h.allin,
                   last_aggressor=h.last_aggressor)
    except FloorcallError as err:
        fail("engine error at the end", f"{err.code} at {err.at} {err.params}", "betting over")
        return
    if h.last.options.to_act is not None:
        fail("hand not over", f"{h.last.options.to_act} to act", "betting over")
        return
    ours = [(p.amount, tuple(sorted(p.eligible))) for p in s.pots]
    returned = {r.player: r.amount for r in s.returned}
    if len(h.table) - len(h.folded) == 1 and sum(pk_bets):
        # Everyone folded to a bet: PokerKit hands the bet back whole, we return its uncalled part.
        (winner,) = [p for p in h.table if p not in h.folded]
        w = names.index(winner)
        if sum(a for a, _ in ours) + returned.get(winner, 0) != sum(a for a, _ in pk_pots) + pk_bets[w]:
            fail("pot when all fold", ours, (pk_pots, pk_bets))
            return
        before_push = [b + pk_bets[i] for i, b in enumerate(before_push)]
        before_push[w] -= pk_bets[w] - returned.get(winner, 0)
    elif ours != pk_pots:
        fail("pots", ours, pk_pots)
        return
    for i, p in enumerate(names):
        expected = stacks[i] - h.contributions[p] - h.dead[p] + returned.get(p, 0)
        if before_push[i] != expected:
            fail(f"chips back to {p}", expected, before_push[i])
            return
    counts.hands_ended += 1
    counts.pots += len(s.pots)
    counts.side_pots += max(0, len(s.pots) - 1)
    counts.returned += len(s.returned)


def run(hands: int, seed: int = 2026, game: str = "PL", ruleset: str = "tda2026", lang: str = "en") -> Counts:
    """`hands` random hands of `game` from `seed`, ruled under `ruleset` (one without a limit cap:
    PokerKit's here has none), typed in `lang` (en, ja or ko)."""
    _RS["rs"], _LANG["lang"] = RULESETS[ruleset], lang
    rng = random.Random(seed)
    total = Counts()
    for _ in range(hands):
        total.merge(play_hand(rng, game))
    return total
