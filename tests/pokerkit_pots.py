"""Differential settling against PokerKit: whole random hands, typed as one `pot` line, settled by
both sides and compared pot by pot, chip by chip.

Shared by `tests/test_pots_pokerkit.py` (a few hundred hands) and `bench/bench_pots.py` (10,000).
Nothing here asserts; `run()` returns counts and every disagreement with its hand line.

A hand
------
2-9 players, random stacks (deep, short and tiny), no ante, an ante for everyone, or a big blind
ante. PokerKit plays it (tournament mode); each action is written in our notation on one line:
`NL sb/bb [ante N | bba N] stacks ... preflop: ...; flop: ...; showdown: ...`. The line is what a
floor person would type: a call for more than a player has is written `call`, a raise to the
player's whole stack sometimes `allin` with no amount and sometimes the amount, so our reading of
stacks (all-in for what the player has) is exercised too. Before a raise, our engine is asked
`P?` on the line so far, and the raise is made only where both sides allow it, at an amount both
accept: the hand is then the same hand on both sides.

The showdown is made, not drawn: each player is given hole cards of a strength tier (trips, a
pair, or cards that leave the board playing) against the fixed board A♣ K♦ Q♥ J♠ 9♣, where no
straight or flush is possible, so the result is a known order with ties (two pairs of the same
rank, or any number of players playing the board), typed as `showdown: P3 > P0 = P5 ...`.

Compared: every pot (amount and eligible players, in PokerKit's order: main first), the chips
given back to each player (PokerKit trims the uncalled bet into the stack), and each player's
payoff. One difference of form only is compared in chips: when everyone folds to a bet, PokerKit
leaves the winner's bet of that street out of the pot and hands it back whole, where we put its
called part in the pot and return the rest (16-B); our pot plus what we return must equal
PokerKit's pot plus what it hands back. Differences that the rules decide and PokerKit decides otherwise are detected up front
and counted, not compared:
  * `short_blind`: a blind larger than the player's stack. TDA: the others still face the full
    big blind (the bet level does not drop for a short blind; the engine has always ruled so);
    PokerKit lowers the bet to what was posted, so the two hands are no longer the same.
  * `bba_blind_first`: a big blind that cannot cover blind and big blind ante. RP-11: the blind is
    posted first; PokerKit posts the ante first.
Two or more odd chips of one split go, by rule 21-A, all to the first seat left of the button,
as PokerKit gives them: compared like everything else (`odd_multi` counts those splits).
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from dataclasses import dataclass, field

from pokerkit import Mode, NoLimitTexasHoldem, State

from engine.errors import FloorcallError
from engine.hands.hand import rule_whole
from engine.notation.streets import parse_whole
from engine.pots import Settlement, settle
from engine.rulesets import RULESETS
from tests import pokerkit_common
from tests.pokerkit_common import AUTOMATIONS, STREETS, run_hands, settle_pokerkit, showdown_groups
from tests.pokerkit_diff import random_stacks

BOARD = ("AcKdQh", "Js", "9c")
# Tiers best first: (hole card pairs to hand out, how many players may share the tier).
TRIPS = (("AdAh",), ("KcKh",), ("QcQd",), ("JcJd",), ("9d9h",))
PAIRS = tuple((f"{r}c{r}d", f"{r}h{r}s") for r in "8765432")
LOW = [f"{r}{s}" for r in "2345678" for s in "cdhs"]
REASONS = ("short_blind", "bba_blind_first", "odd_chips_merged")
RS = RULESETS["tda2026"]


class Disagreement(pokerkit_common.Disagreement):
    lead = "pot "


@dataclass
class Counts:
    hands: int = 0
    compared: int = 0
    pots: int = 0
    side_pots: int = 0
    returned: int = 0
    ties: int = 0
    odd_chips: int = 0
    odd_multi: int = 0  # splits whose remainder is two or more odd chips
    showdowns: int = 0
    allin_players: int = 0
    skipped: Counter[str] = field(default_factory=Counter)
    disagreements: list[Disagreement] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)  # every hand played to the end, as typed

    def merge(self, other: Counts) -> None:
        for name in ("hands", "compared", "pots", "side_pots", "returned", "ties", "odd_chips", "odd_multi", "showdowns",
                     "allin_players"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.skipped.update(other.skipped)
        self.disagreements.extend(other.disagreements)
        self.lines.extend(other.lines)

    def summary(self) -> str:
        skips = ", ".join(f"{r} {self.skipped.get(r, 0)}" for r in REASONS)
        return (f"hands {self.hands}: compared {self.compared} (pots {self.pots}, side pots {self.side_pots}, "
                f"returned bets {self.returned}, showdowns {self.showdowns}, split pots {self.ties}, "
                f"odd chips {self.odd_chips}, all-in players {self.allin_players}), "
                f"disagreements {len(self.disagreements)}; documented differences: {skips}")


def _tiers(rng: random.Random, n: int) -> tuple[list[str], list[int]]:
    """Hole cards per PokerKit seat and each seat's tier (lower is better)."""
    seats = list(range(n))
    rng.shuffle(seats)
    holes = [""] * n
    tier_of = [0] * n
    low = LOW[:]
    rng.shuffle(low)
    if rng.random() < 0.15:  # everybody plays the board
        groups: list[tuple[int, tuple[str, ...]]] = []
    else:
        groups = [(i, t) for i, t in enumerate(TRIPS + PAIRS) if rng.random() < 0.6]
    i = 0
    for tier, cards in groups:
        if i >= n:
            break
        take = min(len(cards), n - i, 2 if rng.random() < 0.4 else 1)
        for c in cards[:take]:
            holes[seats[i]], tier_of[seats[i]] = c, tier
            i += 1
    while i < n:  # the rest play the board: two unpaired low cards each
        a, b = low.pop(), low.pop()
        while a[0] == b[0]:
            low.insert(0, b)
            b = low.pop()
        holes[seats[i]], tier_of[seats[i]] = a + b, 99
        i += 1
    return holes, tier_of


def _names(n: int) -> list[str]:
    return [f"P{i}" for i in range(n)]


def _stacks_order(n: int) -> list[int]:
    """Our `stacks` order: the table with the blinds last (SB then BB)."""
    return [1, 0] if n == 2 else list(range(2, n)) + [0, 1]


@dataclass
class _Line:
    head: str
    streets: list[tuple[str, list[str]]] = field(default_factory=list)

    def text(self, query: str | None = None, showdown: str | None = None) -> str:
        parts = [] if self.streets else ["preflop: "]
        for k, (street, items) in enumerate(self.streets):
            body = ", ".join(items + ([f"{query}?"] if query and k == len(self.streets) - 1 else []))
            parts.append(f"{street}: {body}")
        line = self.head + " " + "; ".join(parts)
        return line + (f"; showdown: {showdown}" if showdown else "")


def _ours(line: str, query: str | None = None):
    wh = parse_whole(line)
    return wh, rule_whole(wh, RS)


def play_hand(rng: random.Random) -> Counts:
    counts = Counts(hands=1)
    n = rng.randint(2, 9)
    bb = rng.choice((100, 200, 400, 1000))
    sb = bb // 2
    stacks = random_stacks(rng, n, bb, sb)
    kind = rng.choice(("none", "ante", "bba"))
    ante = rng.choice((bb // 10, bb // 4, bb // 2)) if kind == "ante" else (bb if kind == "bba" else 0)
    bb_seat = 0 if n == 2 else 1
    sb_seat = 1 if n == 2 else 0
    if kind == "bba":
        raw_antes: object = {1: ante}  # PokerKit's index of the big blind, heads-up too
    else:
        raw_antes = ante
    names = _names(n)
    head = f"NL {sb}/{bb}" + (f" ante {ante}" if kind == "ante" else "") + (f" bba {ante}" if kind == "bba" else "")
    head += " stacks " + " ".join(f"{names[i]} {stacks[i]}" for i in _stacks_order(n))
    line = _Line(head)
    reason = None
    after_ante = [s - (ante if kind == "ante" else 0) for s in stacks]
    if any(after_ante[i] < blind for i, blind in ((sb_seat, sb), (bb_seat, bb))):
        reason = "short_blind"
    elif kind == "bba" and stacks[bb_seat] < bb + ante:
        reason = "bba_blind_first"
    if reason is not None:
        counts.skipped[reason] += 1
        return counts
    holes, tier_of = _tiers(rng, n)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        st = NoLimitTexasHoldem.create_state(AUTOMATIONS, kind != "bba", raw_antes, (sb, bb), bb, stacks, n,
                                             mode=Mode.TOURNAMENT)
        while st.can_deal_hole():
            st.deal_hole(holes[st.hole_dealee_index])
        error = _play(rng, st, line, names, bb, counts)
        if error is not None:
            counts.disagreements.append(error)
            return counts
        pk_bets = list(st.bets)
        pk_pots = [(p.amount, tuple(names[i] for i in p.player_indices)) for p in st.pots]
        live = [i for i in range(n) if st.statuses[i]]
        before_push = settle_pokerkit(st)
    showdown = None
    if len(live) > 1:
        ordered = showdown_groups(live, tier_of, names, rng)
        showdown = " > ".join(" = ".join(g) for g in ordered)
    text = line.text(showdown=showdown)
    counts.lines.append(text)
    _compare(text, n, names, stacks, before_push, pk_bets, pk_pots, list(st.payoffs), counts)
    return counts


def _play(rng: random.Random, st: State, line: _Line, names: list[str], bb: int, counts: Counts) -> Disagreement | None:
    street_index = -1
    while st.status:
        if st.can_burn_card():
            st.burn_card("??")
            continue
        if st.can_show_or_muck_hole_cards():  # every hand shown: nobody mucks out of a pot
            st.show_or_muck_hole_cards(True)
            continue
        if st.can_deal_board():
            st.deal_board(BOARD[st.street_index - 1])
            continue
        if st.actor_index is None:  # betting over: showdown and pushing are the caller's
            return None
        if st.street_index != street_index:
            street_index = st.street_index
            line.streets.append((STREETS[street_index], []))
        seat = st.actor_index
        name = names[seat]
        items = line.streets[-1][1]
        to_call = st.checking_or_calling_amount or 0
        others_have_chips = any(i != seat and st.statuses[i] and st.stacks[i] > 0 for i in range(st.player_count))
        if to_call == 0 and not others_have_chips:
            st.check_or_call()  # PokerKit asks a check nobody can answer; our engine has the round over
            continue
        all_in_total = st.stacks[seat] + st.bets[seat]
        w = max(st.bets)
        roll = rng.random()
        if to_call > 0 and roll < (0.08 if all_in_total <= w + 2 * bb else 0.2):
            st.fold()
            items.append(f"{name} fold")
            continue
        if st.can_complete_bet_or_raise_to() and rng.random() < (0.7 if all_in_total <= w + 2 * bb else 0.4):
            try:
                _, ours = _ours(line.text(query=name))
            except FloorcallError as err:
                return Disagreement("engine error on a query", line.text(query=name), f"{err.code} at {err.at}", "to act")
            o = ours.last.options
            if o.to_act != name:
                return Disagreement("to act", line.text(query=name), str(o.to_act), name)
            if o.can_raise:
                lo = max(st.min_completion_betting_or_raising_to_amount or 0, o.min_raise_to or 0)
                hi = all_in_total
                amount = hi if lo >= hi or rng.random() < 0.35 else rng.choice((lo, rng.randint(lo, hi)))
                st.complete_bet_or_raise_to(amount)
                if amount == hi and rng.random() < 0.5:
                    items.append(f"{name} allin")
                else:
                    items.append(f"{name} {'bet' if w == 0 else 'raise'} {amount}")
                continue
        items.append(f"{name} {'call' if to_call > 0 else 'check'}")
        st.check_or_call()
    return None


def _compare(text: str, n: int, names: list[str], stacks: list[int], before_push: list[int], pk_bets: list[int],
             pk_pots: list[tuple[int, tuple[str, ...]]], pk_payoffs: list[int], counts: Counts) -> None:
    def fail(what: str, ours: object, pk: object) -> None:
        counts.disagreements.append(Disagreement(what, text, str(ours), str(pk)))

    try:
        wh, h = _ours(text)
        s: Settlement = settle(h.contributions, h.folded, h.table, RS, wh.showdown, dead=h.dead, allin=h.allin,
                               last_aggressor=h.last_aggressor)
    except FloorcallError as err:
        fail("engine error", f"{err.code} at {err.at} {err.params}", "a settled hand")
        return
    if h.last.options.to_act is not None:
        fail("hand not over", f"{h.last.options.to_act} to act", "betting over")
        return
    ours_pots = [(p.amount, tuple(sorted(p.eligible))) for p in s.pots]
    theirs = [(a, tuple(sorted(e))) for a, e in pk_pots]
    returned = {r.player: r.amount for r in s.returned}
    if len(h.table) - len(h.folded) == 1 and sum(pk_bets):
        # Everyone folded to a bet: PokerKit leaves the winner's bet of that street out of the pot
        # and hands it back whole; we put its called part in the pot and return the rest. The
        # chips are the same: our pot + what we return = PokerKit's pot + the bet it hands back.
        (winner,) = [p for p in h.table if p not in h.folded]
        w = names.index(winner)
        ours_total = sum(a for a, _ in ours_pots) + returned.get(winner, 0)
        if ours_total != sum(a for a, _ in theirs) + pk_bets[w] or len(ours_pots) != 1:
            fail("pot when all fold", ours_pots, (theirs, pk_bets))
            return
        before_push = [b + pk_bets[i] for i, b in enumerate(before_push)]
        before_push[w] -= pk_bets[w] - returned.get(winner, 0)
    elif ours_pots != theirs:
        fail("pots", ours_pots, theirs)
        return
    for i in range(n):
        p = names[i]
        expected = stacks[i] - h.contributions[p] - h.dead[p] + returned.get(p, 0)
        if before_push[i] != expected:
            fail(f"chips back to {p}", expected, before_push[i])
            return
    merged = [p for p in s.pots if p.odd_chips and len(p.winners) > 1
              and any(q is not p and q.winners == p.winners for q in s.pots)]
    touched = {w for p in merged for w in p.winners}
    for i in range(n):
        p = names[i]
        if p not in touched and s.payoffs[p] != pk_payoffs[i]:
            fail(f"payoff of {p}", s.payoffs[p], pk_payoffs[i])
            return
    if merged:
        counts.skipped["odd_chips_merged"] += 1
    if merged:
        if sum(s.payoffs[p] for p in touched) != sum(pk_payoffs[names.index(p)] for p in touched):
            fail("odd chips total", "-", "-")
            return
    counts.compared += 1
    counts.pots += len(s.pots)
    counts.side_pots += max(0, len(s.pots) - 1)
    counts.returned += len(s.returned)
    counts.showdowns += wh.showdown is not None
    counts.ties += sum(1 for p in s.pots if len(p.winners) > 1)
    counts.odd_chips += sum(1 for p in s.pots if p.odd_chips)
    counts.odd_multi += sum(1 for p in s.pots if sum(p.odd_chips.values()) > 1)  # no `chip` header: units of 1
    counts.allin_players += len(h.allin)


def run(hands: int, seed: int = 2026) -> Counts:
    return run_hands(play_hand, Counts(), hands, seed)
