"""Whole hands against PokerKit, as a floor person types them: every decision of every street and
the settled pots, through the public `ruling` and `pot` commands.

Shared by `tests/test_hands_streets_stacks_showdown.py` (a few hundred hands) and
`bench/bench_whole_differential.py` (thousands). Nothing here asserts; `run()` returns counts and
each disagreement with the line that shows it.

What differs from `tests/pokerkit_diff.py` (one street at a time, `players` and `pot` typed) and
`tests/pokerkit_pots.py` (a query only before a raise): here the whole hand so far is one
`ruling` line with `stacks`, a `button`, antes or a big blind ante, and our engine has to work
out on its own who acts first on each street (preflop, after the flop, heads-up, players all-in
on the ante, on a blind or on an earlier street), what is left to call within the stack, whether
a raise is allowed and from what amount. At the end the `pot` command settles it: pots, shares,
odd chips, chips given back, payoffs and, when nobody is all-in, who shows first and in what order
(18-A: the last aggressor on the river, else the first live seat left of the button; PokerKit
rotates its showdown from its opener the same way).

Typed the way people type: a random name style per hand (letters, first names, position names,
mixed case), amounts as `1500`, `1,500` or `1.5k`, verbs long or short (`raise`/`r`/`raises`,
`check`/`x`/`k`, `call`/`c`, `allin`/`shove`/`all-in`), irregular spaces and `;` or `,` between
streets. Hands in which a big blind is short of the blind, or a big blind ante leaves the blind
short, are not played (TDA and PokerKit part ways there on purpose: tests/pokerkit_pots.py).
Decisions that `tests/pokerkit_diff.py` documents as PokerKit's departures (`zero_r`,
`pool_reset`) are skipped with the same detector, and so is the pot-limit maximum before the flop
when the small blind posted short (`short_blind_pot_56B`: 56-B counts the blinds in full). About one
hand in seven is fixed limit (deep stacks): PokerKit caps a street at four bets, TDA 50 leaves the
cap to the house and tda2026 enforces none, so a raise PokerKit refuses only for its cap is counted
under `limit_cap`, not compared.
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from pokerkit import FixedLimitTexasHoldem, Mode, NoLimitTexasHoldem, State
from pokerkit.games import PotLimitPokerMixin

from handlers.context import Context
from handlers.dispatch import handle
from tests.pokerkit_common import (
    AUTOMATIONS,
    STREETS,
    Disagreement,
    run_hands,
    settle_pokerkit,
    showdown_groups,
)
from tests.pokerkit_diff import _skip_reason, _Street, random_stacks
from tests.pokerkit_pots import BOARD, _tiers


class PotLimitTexasHoldem(PotLimitPokerMixin, NoLimitTexasHoldem):
    """Pot-limit hold'em: PokerKit's no-limit game with the pot-limit betting structure (PokerKit
    ships pot-limit Omaha only; the betting is the same, the hands are hold'em's)."""


LETTERS = "ABCDEFGHI"
FIRST = ("Alice", "Bob", "Carol", "Dave", "Eve", "Frank", "Gina", "Hank", "Ivy")
POSITIONS = {2: ("BTN", "BB"), 3: ("BTN", "SB", "BB"), 4: ("CO", "BTN", "SB", "BB"),
             5: ("HJ", "CO", "BTN", "SB", "BB"), 6: ("UTG", "HJ", "CO", "BTN", "SB", "BB"),
             7: ("UTG", "MP", "HJ", "CO", "BTN", "SB", "BB"), 8: ("UTG", "UTG1", "MP", "HJ", "CO", "BTN", "SB", "BB"),
             9: ("UTG", "UTG1", "UTG2", "MP", "HJ", "CO", "BTN", "SB", "BB")}


@dataclass
class Counts:
    hands: int = 0
    played: int = 0
    decisions: int = 0
    agreed: int = 0
    street_firsts: int = 0  # first decisions of a street after the flop: who opens it
    street_ends: int = 0  # ends of a street's (or the hand's) betting, agreed
    pot_limit_max: int = 0  # pot-limit maxima compared
    openers_named: int = 0  # `P?` after a finished street: the next street's opener named right
    mucks: int = 0  # hands typed as mucked at the showdown (the worst ones: the payoffs are the same)
    settled: int = 0
    pots: int = 0
    side_pots: int = 0
    returned: int = 0
    split_pots: int = 0
    odd_chips: int = 0
    show_orders: int = 0  # showdowns without an all-in: who shows first, compared
    skipped: Counter[str] = field(default_factory=Counter)
    disagreements: list[Disagreement] = field(default_factory=list)

    def merge(self, other: Counts) -> None:
        for k in ("hands", "played", "decisions", "agreed", "street_firsts", "street_ends", "pot_limit_max",
                  "openers_named", "mucks", "settled", "pots", "side_pots",
                  "returned", "split_pots", "odd_chips", "show_orders"):
            setattr(self, k, getattr(self, k) + getattr(other, k))
        self.skipped.update(other.skipped)
        self.disagreements.extend(other.disagreements)

    def summary(self) -> str:
        skips = ", ".join(f"{k} {v}" for k, v in sorted(self.skipped.items()))
        return (f"hands {self.hands} (played {self.played}): decisions {self.decisions}, agreed {self.agreed} "
                f"(street openings {self.street_firsts}, pot-limit maxima {self.pot_limit_max}), street ends {self.street_ends}, openers named {self.openers_named}; settled {self.settled} (pots {self.pots}, side pots "
                f"{self.side_pots}, returned {self.returned}, split {self.split_pots}, odd chips {self.odd_chips}, "
                f"show orders {self.show_orders}, mucked hands {self.mucks}); disagreements {len(self.disagreements)}; skipped: {skips}")


# ---------------------------------------------------------------------------------------------
# Typing


JA_NAMES = ("田中", "佐藤", "鈴木", "高橋", "伊藤", "渡辺", "山本", "中村", "小林")
KO_NAMES = ("민수", "지훈", "서연", "하늘", "도윤", "예준", "시우", "지민", "수아")
STREET_WORDS = {"en": {s: s for s in STREETS} | {"showdown": "showdown"},
                "ja": {"preflop": "プリフロップ", "flop": "フロップ", "turn": "ターン", "river": "リバー",
                       "showdown": "ショーダウン"},
                "ko": {"preflop": "프리플랍", "flop": "플랍", "turn": "턴", "river": "리버", "showdown": "쇼다운"}}
HEAD_WORDS = {"en": {"ante": "ante", "bba": "bba", "button": "button", "stacks": "stacks"},
              "ja": {"ante": "アンティ", "bba": "BBアンティ", "button": "ボタン", "stacks": "スタック"},
              "ko": {"ante": "앤티", "bba": "BB앤티", "button": "버튼", "stacks": "스택"}}


@dataclass
class _Typist:
    rng: random.Random
    lang: str = "en"

    def amount(self, v: int) -> str:
        roll = self.rng.random()
        if self.lang != "en" and v >= 10000 and v % 1000 == 0 and roll < 0.4:
            # `1万2千`, `1万2000`, `1만 2천`: ten thousands and thousands as Japan and Korea write them
            man, rest = divmod(v, 10000)
            big, small = ("万", "千") if self.lang == "ja" else ("만", "천")
            tail = "" if rest == 0 else (f"{rest // 1000}{small}" if self.rng.random() < 0.6 else str(rest))
            gap = " " if self.lang == "ko" and tail and self.rng.random() < 0.5 else ""
            return f"{man}{big}{gap}{tail}"
        if self.lang == "en" and v >= 1000 and v % 100 == 0 and roll < 0.3:
            k = v / 1000
            return (f"{k:g}k" if self.rng.random() < 0.7 else f"{k:g}K")
        if v >= 1000 and roll < 0.5:
            return f"{v:,}"
        return str(v)

    def verb(self, kind: str) -> str:
        words = {"fold": ("fold", "fold", "f", "folds", "Fold"), "check": ("check", "check", "x", "k", "checks"),
                 "call": ("call", "call", "c", "calls", "Call"), "bet": ("bet", "bet", "b", "bets"),
                 "raise": ("raise", "raise", "r", "raises to", "RAISE"), "allin": ("allin", "all-in", "shove", "jam")}
        return self.rng.choice(words[kind])

    def action(self, name: str, kind: str, amount: int | None = None) -> str:
        """One action as a player of this language types it (particles, word order, verbs)."""
        if self.lang == "en":
            if name.isascii() and self.rng.random() < 0.15:  # `alice call`, `BOB fold`: names match in any case
                name = self.rng.choice((name.lower(), name.upper()))
            verb = "all in" if kind == "allin" and self.rng.random() < 0.2 else self.verb(kind)
            return f"{name} {verb}" + (f" {self.amount(amount)}" if amount is not None else "")
        a = self.amount(amount) if amount is not None else ""
        if self.lang == "ja":
            verb = self.rng.choice({"fold": ("フォールド", "フォールドします", "降りる", "ふぉーるど"),
                                    "check": ("チェック", "チェックです", "ちぇっく"),
                                    "call": ("コール", "コールします", "こーる"), "bet": ("ベット",),
                                    "raise": ("レイズ",), "allin": ("オールイン", "オールインします")}[kind])
            # A name ending in a digit glued to an amount (`UTG1200ベット`) says nothing clear to
            # anyone: such a name takes its particle or a space.
            who = name + self.rng.choice(("が", "が", " ") if name[-1].isdigit() else ("が", "が", " ", ""))
            if amount is None:
                return who + verb
            if kind == "raise" and self.rng.random() < 0.5:
                return f"{who}{a}にレイズ"
            return f"{who}{a}{verb}" if self.rng.random() < 0.6 else f"{name} {verb} {a}"
        verb = self.rng.choice({"fold": ("폴드", "폴드했어요", "다이", "죽어"), "check": ("체크", "체크할게요"),
                                "call": ("콜", "콜했어요", "콜이요"), "bet": ("벳", "베팅"), "raise": ("레이즈",),
                                "allin": ("올인", "올인했어요", "풀올인")}[kind])
        last = name[-1]
        particle = "이" if "가" <= last <= "힣" and (ord(last) - 0xAC00) % 28 else "가"
        who = self.rng.choice((f"{name}{particle} ", f"{name} "))
        return who + verb if amount is None else f"{who}{a} {verb}"

    def muck(self, name: str) -> str:
        if self.lang == "ja":
            return self.rng.choice((f"{name}がマック", f"{name} マック"))
        if self.lang == "ko":
            return self.rng.choice((f"{name} 먹", f"{name} muck"))
        return self.rng.choice((f"{name} mucks", f"{name} muck", f"{name} mucked"))

    def street(self, street: str) -> str:
        if street not in ("showdown", "preflop") and self.rng.random() < 0.15:  # `; flop B check`: no colon
            return STREET_WORDS[self.lang][street] + " "
        return STREET_WORDS[self.lang][street] + self.rng.choice((": ", ":", "：") if self.lang == "ja" else (": ",))

    def street_sep(self) -> str:
        if self.lang == "ja":
            return self.rng.choice(("; ", "。", "\n", ";"))
        return self.rng.choice(("; ", ";", " ; ", "\n", ". ") if self.lang == "en" else ("; ", "\n"))

    def head(self, key: str) -> str:
        return HEAD_WORDS[self.lang][key]

    def sep(self) -> str:
        if self.lang == "ja":
            return self.rng.choice(("、", "、", ", "))
        return self.rng.choice((", ", ", ", ",", " , ", ",  "))


def _names(rng: random.Random, n: int, lang: str = "en") -> list[str]:
    """Names in table order from the first seat left of the button (the small blind; heads-up
    the big blind)."""
    style = rng.random()
    if lang != "en" and style >= 0.6:
        pool = list(JA_NAMES if lang == "ja" else KO_NAMES)
        rng.shuffle(pool)
        return pool[:n]
    if style < 0.3 and n > 2:
        pos = POSITIONS[n]  # listed from the first left of... UTG; rotate to start at the SB
        i = pos.index("SB")
        return list(pos[i:] + pos[:i])
    if style < 0.3:  # heads-up in positions: the button is the small blind
        return ["BB", "BTN"]
    if style < 0.6:
        return list(LETTERS[:n]) if rng.random() < 0.7 else [c.lower() for c in LETTERS[:n]]
    pool = list(FIRST)
    rng.shuffle(pool)
    return pool[:n]


# ---------------------------------------------------------------------------------------------
# One hand


@dataclass
class _Hand:
    head: str
    typist: _Typist
    streets: list[tuple[str, list[str]]] = field(default_factory=list)
    street_sep: str = "; "
    shown: list[int] = field(default_factory=list)  # PokerKit seats in the order they showed
    short_sb: bool = False  # the small blind posted short (all-in on it, or on the ante)
    words: dict[str, str] = field(default_factory=dict)  # street word as typed, fixed per hand
    item_sep: str = ", "

    def word(self, street: str) -> str:
        return self.words.setdefault(street, self.typist.street(street))

    def text(self, query: str | None = None, showdown: str | None = None) -> str:
        parts = [] if self.streets else [self.word("preflop")]  # nobody could act: no street to type
        for k, (street, items) in enumerate(self.streets):
            body = self.item_sep.join(items + ([f"{query}?"] if query and k == len(self.streets) - 1 else []))
            parts.append(f"{self.word(street)}{body}")
        end = f"; {self.word('showdown')}{showdown}" if showdown else ""
        return self.head + " " + self.street_sep.join(parts) + end


def _ask(command: str, line: str, ruleset: str = "tda2026") -> dict[str, Any]:
    return handle(f"{command} {line}", Context(lang="en", ruleset_id=ruleset)).to_json()


def play_hand(rng: random.Random) -> Counts:
    counts = Counts(hands=1)
    n = rng.randint(2, 9)
    bb = rng.choice((100, 200, 400, 1000, 2000))
    sb = bb // 2
    fixed_limit = rng.random() < 0.15
    if fixed_limit or rng.random() < 0.4:  # deep: hands that reach the river without an all-in (18-A)
        stacks = [rng.randint(60 * bb, 300 * bb) for _ in range(n)]
    else:
        stacks = random_stacks(rng, n, bb, sb)
    kind = rng.choice(("none", "ante", "bba", "bba"))
    ante = rng.choice((bb // 10, bb // 4, bb // 2)) if kind == "ante" else (bb if kind == "bba" else 0)
    # PokerKit seats: n > 2: 0 SB, 1 BB, n-1 the button; heads-up: 0 BB, 1 SB and button.
    sb_seat, bb_seat = (1, 0) if n == 2 else (0, 1)
    after_ante = [s - (ante if kind == "ante" else 0) for s in stacks]
    if after_ante[bb_seat] < bb or (kind == "bba" and stacks[bb_seat] < bb + ante):
        counts.skipped["short_big_blind"] += 1
        return counts
    counts.played = 1
    clockwise = list(range(n)) if n > 2 else [0, 1]  # table order from the first seat left of the button
    lang = rng.choice(("en", "en", "en", "ja", "ko"))
    names_cw = _names(rng, n, lang)
    name_of = {seat: names_cw[i] for i, seat in enumerate(clockwise)}
    button = clockwise[-1]
    typist = _Typist(rng, lang)
    rot = rng.randrange(n)
    listed = clockwise[rot:] + clockwise[:rot]
    pot_limit = not fixed_limit and rng.random() < 0.35
    words = ("FL", "fl", "LHE") if fixed_limit else ("PL", "pl", "PLO") if pot_limit else ("NL", "nl", "NLH")
    head = rng.choice(words) + f" {sb}/{bb}"
    if kind == "ante":
        head += f" {typist.head('ante')} {ante}"
    elif kind == "bba":
        head += f" {typist.head('bba')} {ante}"
    positions = any(x in ("SB", "BB") for x in names_cw)
    if not positions or rng.random() < 0.5:
        head += f" {typist.head('button')} {name_of[button]}"
    head += f" {typist.head('stacks')} " + "  ".join(f"{name_of[s]} {typist.amount(stacks[s])}" for s in listed)
    hand = _Hand(head, typist, short_sb=after_ante[sb_seat] < sb, street_sep=typist.street_sep(), item_sep=typist.sep())
    holes, tier_of = _tiers(rng, n)
    raw_antes: object = {1: ante} if kind == "bba" else ante
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if fixed_limit:  # small bet the big blind, big bet twice it (turn and river)
            st = FixedLimitTexasHoldem.create_state(AUTOMATIONS, kind != "bba", raw_antes, (sb, bb), bb, 2 * bb,
                                                    stacks, n, mode=Mode.TOURNAMENT)
        else:
            game = PotLimitTexasHoldem if pot_limit else NoLimitTexasHoldem
            st = game.create_state(AUTOMATIONS, kind != "bba", raw_antes, (sb, bb), bb, stacks, n,
                                   mode=Mode.TOURNAMENT)
        while st.can_deal_hole():
            st.deal_hole(holes[st.hole_dealee_index])
        if not _play(rng, st, hand, name_of, bb, counts, typist) or not _street_over(st, hand, counts):
            return counts
        pk_bets = list(st.bets)
        live = [i for i in range(n) if st.statuses[i]]
        any_allin = any(st.stacks[i] == 0 for i in live)
        show_seq = hand.shown
        pk_pots = [(p.amount, sorted(name_of[i] for i in p.player_indices)) for p in st.pots]
        before_push = settle_pokerkit(st)
    showdown = None
    if len(live) > 1:
        ordered = showdown_groups(live, tier_of, name_of, rng)
        mucks: list[str] = []
        # The worst hands thrown away face down (18-B): they lose. Only without an all-in, where every
        # pot has the same contenders: with side pots, mucking all of a side pot's hands is refused.
        while not any_allin and len(ordered) > 1 and len(ordered[-1]) == 1 and rng.random() < 0.3:
            mucks.insert(0, ordered.pop()[0])
        showdown = " > ".join(" = ".join(g) for g in ordered)
        if mucks:
            counts.mucks += len(mucks)
            showdown += "; " + ", ".join(typist.muck(p) for p in mucks)
    text = hand.text(showdown=showdown)
    _compare(text, n, name_of, stacks, before_push, pk_bets, pk_pots, list(st.payoffs),
             [name_of[i] for i in show_seq] if not any_allin and len(live) > 1 else None, counts)
    return counts


def _play(rng: random.Random, st: State, hand: _Hand, name_of: dict[int, str], bb: int, counts: Counts,
          typist: _Typist) -> bool:
    street: _Street | None = None
    while st.status:
        if st.can_burn_card():
            st.burn_card("??")
            continue
        if st.can_show_or_muck_hole_cards():  # every hand shown, in PokerKit's showdown order
            hand.shown.append(st.showdown_index)
            st.show_or_muck_hole_cards(True)
            continue
        if st.can_deal_board():
            st.deal_board(BOARD[st.street_index - 1])
            continue
        if st.actor_index is None:
            return True
        seat = st.actor_index
        to_call = st.checking_or_calling_amount or 0
        others = any(i != seat and st.statuses[i] and st.stacks[i] > 0 for i in range(st.player_count))
        if to_call == 0 and not others:
            st.check_or_call()  # a check nobody can answer: the street has no betting for us
            continue
        if street is None or st.street_index != street.index:
            if street is not None and not (_street_over(st, hand, counts)
                                           and _opener_named(st, hand, name_of[seat], counts)):
                return False
            street = _Street(st.street_index, "", [name_of[i] for i in range(st.player_count)])
            hand.streets.append((STREETS[st.street_index], []))
            first = True
        else:
            first = False
        name = name_of[seat]
        if not _decide(st, hand, street, seat, name, bb, counts, first):
            return False
        _act(rng, st, hand, street, seat, name, bb, typist)
    return True


def _street_over(st: State, hand: _Hand, counts: Counts) -> bool:
    """PokerKit has ended a street's betting (or the hand's): ours must say the round is over,
    and that the hand is over exactly when one player is left in it."""
    if not hand.streets:
        return True
    line = hand.text()
    out = _ask("ruling", line)
    live = sum(1 for x in st.statuses if x)
    want = "hand_over" if live == 1 else "round_over"
    if not out["ok"]:
        counts.disagreements.append(Disagreement("street end: engine error", "ruling " + line, str(out["error"]), want))
        return False
    if out["to_act"] is not None or out["options_reason"] != want:
        counts.disagreements.append(Disagreement("street end", "ruling " + line,
                                                 f"{out['to_act']} / {out['options_reason']}", want))
        return False
    counts.street_ends += 1
    return True


def _opener_named(st: State, hand: _Hand, name: str, counts: Counts) -> bool:
    """`P?` typed at the end of the finished street: the reply must name who opens the next one,
    the player PokerKit has to act first there."""
    line = hand.text(query=name)
    out = _ask("ruling", line)
    said = f"Next comes the {STREETS[st.street_index]}: {name} acts first there."
    if not out["ok"] or said not in out["text"]:
        counts.disagreements.append(Disagreement("next street opener", "ruling " + line,
                                                 str(out.get("error") or out["text"][:200]), said))
        return False
    counts.openers_named += 1
    return True


def _decide(st: State, hand: _Hand, street: _Street, seat: int, name: str, bb: int, counts: Counts,
            first: bool) -> bool:
    counts.decisions += 1
    line = hand.text(query=name)
    out = _ask("ruling", line)

    def fail(what: str, ours: object, pk: object) -> bool:
        counts.disagreements.append(Disagreement(what, "ruling " + line, str(ours), str(pk)))
        return False

    if not out["ok"]:
        return fail("engine error", out["error"], f"{name} to act")
    if out["to_act"] != name:
        return fail("to act", out["to_act"], name)
    w = max(st.bets)
    to_call = min(w - st.bets[seat], st.stacks[seat])
    if out["to_call"] != to_call:
        return fail("to call", out["to_call"], to_call)
    reason = _skip_reason(st, street, seat, False, bb)
    if reason is not None:
        counts.skipped[reason] += 1
        street.tainted = street.tainted or reason
        return True
    pk_can = st.can_complete_bet_or_raise_to()
    all_in_total = st.stacks[seat] + st.bets[seat]
    cap = st.streets[st.street_index].max_completion_betting_or_raising_count
    if out["can_raise"] and not pk_can and cap is not None and st.completion_betting_or_raising_count >= cap:
        # TDA 50 leaves a raise cap in limit to the house: tda2026 enforces none, PokerKit four.
        counts.skipped["limit_cap"] += 1
        return True
    if out["can_raise"] != pk_can:
        nobody = not any(i != seat and st.statuses[i] and st.stacks[i] + st.bets[i] > w for i in range(st.player_count))
        if out["can_raise"] and nobody:  # PokerKit: nobody could call a raise (a fact about chips)
            counts.skipped["stack_no_opponent"] += 1
            return True
        return fail("can raise", out["can_raise"], pk_can)
    if pk_can:
        pk_min = st.min_completion_betting_or_raising_to_amount
        if out["min_raise_to"] != pk_min and not (pk_min == all_in_total and out["min_raise_to"] == all_in_total):
            return fail("min raise to", out["min_raise_to"], pk_min)
        if st.betting_structure.name == "POT_LIMIT" and st.street_index == 0 and hand.short_sb:
            # 56-B: before the flop a pot-size bet counts the blinds as posted in full, also a small
            # blind all-in for less; PokerKit counts the chips posted. A documented difference.
            counts.skipped["short_blind_pot_56B"] += 1
        elif st.betting_structure.name == "POT_LIMIT":
            counts.pot_limit_max += 1
            if out["max_raise_to"] != st.max_completion_betting_or_raising_to_amount:
                return fail("pot-limit max", out["max_raise_to"], st.max_completion_betting_or_raising_to_amount)
    counts.agreed += 1
    counts.street_firsts += first and st.street_index > 0
    return True


def _act(rng: random.Random, st: State, hand: _Hand, street: _Street, seat: int, name: str, bb: int,
         typist: _Typist) -> None:
    items = hand.streets[-1][1]
    to_call = st.checking_or_calling_amount or 0
    all_in_total = st.stacks[seat] + st.bets[seat]
    w = max(st.bets)
    short = all_in_total <= w + 2 * bb
    r_before = st.completion_betting_or_raising_amount
    if to_call > 0 and rng.random() < (0.08 if short else 0.25 if w < 20 * bb else 0.5):
        st.fold()
        items.append(typist.action(name, "fold"))
    elif st.can_complete_bet_or_raise_to() and not street.tainted and rng.random() < (0.6 if short else 0.35 if w < 20 * bb else 0.1):
        lo = st.min_completion_betting_or_raising_to_amount or 0
        hi = st.max_completion_betting_or_raising_to_amount or all_in_total  # the stack, or the pot limit
        amount = hi if lo >= hi or rng.random() < 0.3 else rng.choice((lo, rng.randint(lo, hi)))
        st.complete_bet_or_raise_to(amount)
        if amount == all_in_total and rng.random() < 0.5:
            items.append(typist.action(name, "allin"))
        else:
            items.append(typist.action(name, "bet" if w == 0 else "raise", amount))
        if amount == all_in_total and amount - w < r_before and not st.consecutive_short_all_in_amounts:
            street.resets.append(len(street.actions))
    else:
        items.append(typist.action(name, "call" if to_call > 0 else "check"))
        st.check_or_call()
    street.last_voluntary[seat] = len(street.actions)
    street.actions.append(items[-1])


def _compare(text: str, n: int, name_of: dict[int, str], stacks: list[int], before_push: list[int],
             pk_bets: list[int], pk_pots: list[tuple[int, list[str]]], pk_payoffs: list[int],
             pk_show: list[str] | None, counts: Counts) -> None:
    def fail(what: str, ours: object, pk: object) -> None:
        counts.disagreements.append(Disagreement(what, "pot " + text, str(ours), str(pk)))

    out = _ask("pot", text)
    if not out["ok"]:
        fail("pot error", out["error"], "settled")
        return
    total = sum(stacks)
    after = out.get("stacks_after") or {}
    if sum(after.values()) != total:
        fail("chips not conserved", sum(after.values()), total)
        return
    ours_pots = [(p["amount"], sorted(p["eligible"])) for p in out["pots"]]
    # A mucked hand is no longer eligible for a pot it can no longer win (18-B; issue 21); PokerKit
    # lists every player whose chips reach a pot. Its lists, less the mucks, unless a muck is the
    # pot's only player (uncontested: it stays theirs, and listed).
    mucked = set(out.get("mucked") or ())
    pk_pots = [(amount, [p for p in names if p not in mucked] if len(names) > 1 else names)
               for amount, names in pk_pots]
    returned = out["returned"]
    live = [p for p in name_of.values() if out["payoffs"].get(p) is not None]
    del live
    if sum(pk_bets):  # everyone folded to a bet: PokerKit hands the whole bet back (see pokerkit_pots)
        winner = next(iter({w for p in out["pots"] for w in p["winners"]}), None)
        if sum(a for a, _ in ours_pots) + sum(returned.values()) != sum(a for a, _ in pk_pots) + sum(pk_bets):
            fail("pot when all fold", (ours_pots, returned), (pk_pots, pk_bets))
            return
        del winner
    elif ours_pots != pk_pots:
        fail("pots", ours_pots, pk_pots)
        return
    for seat in range(n):
        p = name_of[seat]
        if out["payoffs"][p] != pk_payoffs[seat]:
            # PokerKit merges side pots with the same winners before splitting (23 keeps them apart):
            # only the odd chips may then fall differently; the total must still agree.
            merged = _merged_odd(out)
            if not merged or p not in merged:
                fail(f"payoff of {p}", out["payoffs"][p], pk_payoffs[seat])
                return
            counts.skipped["odd_chips_merged"] += 1
            break
    if pk_show is not None:
        counts.show_orders += 1
        if out["show_order"] != pk_show:
            fail("show order", (out["show_order"], out["show_reason"]), pk_show)
            return
    counts.settled += 1
    counts.pots += len(out["pots"])
    counts.side_pots += max(0, len(out["pots"]) - 1)
    counts.returned += len(returned)
    counts.split_pots += sum(1 for p in out["pots"] if len(p["winners"]) > 1)
    counts.odd_chips += sum(1 for p in out["pots"] if p["odd_chips"])


def _merged_odd(out: dict[str, Any]) -> set[str]:
    tied = [tuple(p["winners"]) for p in out["pots"] if p["odd_chips"] and len(p["winners"]) > 1]
    same = [w for w in tied if any(tuple(q["winners"]) == w for q in out["pots"] if q["odd_chips"] is not None)
            and sum(1 for q in out["pots"] if tuple(q["winners"]) == w) > 1]
    return {p for w in same for p in w}


def run(hands: int, seed: int = 2026) -> Counts:
    return run_hands(play_hand, Counts(), hands, seed)
