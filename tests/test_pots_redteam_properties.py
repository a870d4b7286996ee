"""Property: no chip is created or lost over a random whole hand, in every ruleset and game.

`tests/test_pots_properties.py` checks this for hands PokerKit plays (no limit, `tda2026` only:
PokerKit knows neither jp-basic's minimum raise nor our pot-limit and limit readings). Here our
own engine deals the hand: at each turn it is asked who acts and what they may do (`P?`), a
random legal action is typed the way floor people type them (English, Japanese or Korean verbs
and street words, `1,500` / `1.5k` amounts, `allin` with no amount), and the finished line goes
through the `pot` command in a random language. Every reply must then add up:

* the pots plus what goes back equal everything put in (antes, blinds, bets, dead money);
* the payoffs sum to zero and each player's stack after the hand is their stack plus payoff,
  never below zero, and together the stacks after equal the stacks before;
* each pot is shared out in full among players who can win it, and the contenders shrink;
* a player left all-in with someone else still in means every hand is tabled (17).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import FloorcallError
from engine.hand import HandResult, rule_whole
from engine.rulesets import RULESETS
from engine.streets import parse_whole
from handlers.context import Context
from handlers.dispatch import handle
from handlers.i18n import LANGS

STREETS = ("preflop", "flop", "turn", "river")
STREET_WORDS = {"en": STREETS, "ja": ("プリフロップ", "フロップ", "ターン", "リバー"),
                "ko": ("프리플랍", "플랍", "턴", "리버")}
VERBS = {"en": {"bet": "bet", "raise": "raise", "call": "call", "check": "check", "fold": "fold", "allin": "allin"},
         "ja": {"bet": "ベット", "raise": "レイズ", "call": "コール", "check": "チェック", "fold": "フォールド",
                "allin": "オールイン"},
         "ko": {"bet": "벳", "raise": "레이즈", "call": "콜", "check": "체크", "fold": "폴드", "allin": "올인"}}


def amount(rng: random.Random, x: int) -> str:
    """An amount as a floor person might type it."""
    roll = rng.random()
    if x >= 1000 and x % 100 == 0 and roll < 0.2:
        return f"{x / 1000:g}k"
    if x >= 1000 and roll < 0.4:
        return f"{x:,}"
    return str(x)


@dataclass
class Dealt:
    head: str
    words: str  # "en" / "ja" / "ko": the verbs and street words used
    streets: list[tuple[int, list[str]]] = field(default_factory=list)  # (street index, actions)

    def text(self, query: str | None = None) -> str:
        names = STREET_WORDS[self.words]
        parts = []
        for k, (i, items) in enumerate(self.streets):
            last = k == len(self.streets) - 1
            parts.append(f"{names[i]}: " + ", ".join(items + ([f"{query}?"] if query and last else [])))
        return self.head + " " + "; ".join(parts)


def _who_acts(d: Dealt, rs_id: str, live: list[str]) -> HandResult:
    """The hand so far, ruled with a question to whoever acts now (found by asking anyone)."""
    asked = live[0]
    for _ in range(2):
        try:
            return rule_whole(parse_whole(d.text(asked)), RULESETS[rs_id])
        except FloorcallError as err:
            if err.code != "not_their_turn":
                raise AssertionError(f"{err.code} {err.params} on {d.text(asked)}") from None
            asked = err.params["expected"]
    raise AssertionError(d.text(asked))


def deal(rng: random.Random, rs_id: str, game: str) -> tuple[Dealt, dict[str, int]]:
    n = rng.randint(2, 6)
    names = [chr(ord("A") + i) for i in range(n)]
    bb = rng.choice((100, 200, 400))
    stacks = {p: rng.choice((rng.randint(1, 3) * bb // 2 + rng.randint(0, bb), rng.randint(5, 60) * bb // 2,
                             rng.randint(60, 200) * bb)) for p in names}
    kind = rng.choice(("", "ante", "bba"))
    ante = {"": "", "ante": f" ante {bb // 4}", "bba": f" bba {bb}"}[kind]
    words = rng.choice(("en", "ja", "ko"))
    head = f"{game} {bb // 2}/{bb}{ante} stacks " + " ".join(f"{p} {amount(rng, v)}" for p, v in stacks.items())
    if rng.random() < 0.3:
        head += f" button {rng.choice(names)}"
    if rng.random() < 0.2:
        head += " chip 25"
    d = Dealt(head, words, [(0, [])])
    v = VERBS[words]
    for _ in range(80):
        street = d.streets[-1][0]
        live = names if street == 0 and not d.streets[0][1] else _live(d, rs_id, names)
        h = _who_acts(d, rs_id, live)
        o = h.last.options
        p = o.to_act
        if p is None:
            with_chips = [q for q in h.table if q not in h.folded and h.stacks_left and h.stacks_left.get(q, 1) > 0]
            if o.reason == "hand_over" or street == 3 or len(with_chips) < 2:
                return d, stacks
            d.streets.append((street + 1, []))
            continue
        behind = h.stacks_left[p] if h.stacks_left else 0
        chips_in = next(s.chips_in for s in h.last.seats if s.name == p)
        roll = rng.random()
        items = d.streets[-1][1]
        if o.to_call > 0 and roll < 0.2:
            items.append(f"{p} {v['fold']}")
        elif o.can_raise and o.min_raise_to is not None and roll < 0.5:
            top = min(o.max_raise_to or chips_in + behind, chips_in + behind)
            to = top if rng.random() < 0.3 else rng.randint(o.min_raise_to, max(o.min_raise_to, top))
            if to >= chips_in + behind and rng.random() < 0.5:
                items.append(f"{p} {v['allin']}")
            elif to >= chips_in + behind and rng.random() < 0.3 and to < max(stacks.values()):
                # more than the player has: all-in for the stack, and the reply says so
                items.append(f"{p} {v['raise']} {rng.randint(to + 1, max(stacks.values()))}")
            else:
                verb = v["bet"] if h.last.bet_level == 0 else v["raise"]
                items.append(f"{p} {verb} {amount(rng, to)}")
        else:
            items.append(f"{p} {v['call'] if o.to_call > 0 else v['check']}")
    raise AssertionError(d.text())


def _live(d: Dealt, rs_id: str, names: list[str]) -> list[str]:
    h = rule_whole(parse_whole(d.text()), RULESETS[rs_id]) if d.streets[-1][1] else None
    if h is None:  # a new street: rule the line up to the last one
        prev = Dealt(d.head, d.words, d.streets[:-1])
        h = rule_whole(parse_whole(prev.text()), RULESETS[rs_id])
    return [p for p in h.table if p not in h.folded and (h.stacks_left or {}).get(p, 1) > 0] or names


def showdown(rng: random.Random, live: list[str]) -> str:
    order = live[:]
    rng.shuffle(order)
    out = order[0]
    for p in order[1:]:
        out += (" = " if rng.random() < 0.3 else " > ") + p
    return out


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(sorted(RULESETS)), st.sampled_from(("NL", "PL", "FL")),
       st.sampled_from(LANGS))
def test_every_pot_reply_adds_up(seed: int, rs_id: str, game: str, lang: str) -> None:
    rng = random.Random(seed)
    d, stacks = deal(rng, rs_id, game)
    if d.streets[0][1]:
        h = rule_whole(parse_whole(d.text()), RULESETS[rs_id])
        live = [p for p in h.table if p not in h.folded]
    else:  # the blinds and antes put everyone but one all-in: nobody acts, the hands are shown
        live = list(stacks)
    line = d.text() + (f"; showdown: {showdown(rng, live)}" if len(live) > 1 else "")
    out = handle("pot " + line, Context(lang=lang, ruleset_id=rs_id)).to_json()
    assert out["ok"], (line, out.get("error"))
    assert "{" not in out["text"] and "Traceback" not in out["text"]
    put_in = sum(out["contributions"].values()) + sum(out.get("dead", {}).values())
    assert sum(p["amount"] for p in out["pots"]) + sum(out["returned"].values()) == put_in, line
    assert sum(out["payoffs"].values()) == 0, line
    after = out["stacks_after"]
    assert sum(after.values()) == sum(stacks.values()), line
    for p, chips in stacks.items():
        assert after[p] == chips + out["payoffs"][p] >= 0, (p, line)
        assert out["contributions"][p] + out.get("dead", {}).get(p, 0) <= chips, (p, line)
    previous: set[str] | None = None
    for pot in out["pots"]:
        assert pot["amount"] > 0 and sum(pot["shares"].values()) == pot["amount"], line
        assert set(pot["winners"]) <= set(pot["eligible"]) <= set(live), line
        if previous is not None:
            assert set(pot["eligible"]) < previous, line
        previous = set(pot["eligible"])
    if len(live) > 1 and any(out["stacks_left"][p] == 0 for p in live):
        assert out["show_reason"] == "allin_face_up", line  # 17
