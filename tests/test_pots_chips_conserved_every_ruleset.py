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
from engine.hands.hand import HandResult, rule_whole
from engine.notation.seating import seat_order
from engine.notation.streets import parse_whole
from engine.rulesets import RULESETS
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


def _without_stacks(d: Dealt, stacks: dict[str, int], rs_id: str, rng: random.Random) -> tuple[str, dict[str, str]] | None:
    """The same hand with some stacks left out of the header, and every all-in of those players
    typed as `allin <total>`: the floor's usual shorthand when nobody counted the stacks. Without
    every stack the header no longer seats the table, so the blinds are called SB and BB (the
    notation's way to name them); returns the line and the names it renamed."""
    h = rule_whole(parse_whole(d.text()), RULESETS[rs_id])
    if any(h.contributions[p] != sum(r.put_in.get(p, 0) for r in h.streets) for p in h.table) or any(h.dead.values()):
        return None  # antes: a player without a stack would post them in full
    seating = seat_order(h.streets[0].ruling.hand)
    if seating.sb is None or seating.bb is None:
        return None
    rename = {seating.sb: "SB", seating.bb: "BB"}
    drop = {p for p in stacks if rng.random() < 0.6}
    if not drop or any(n.code == "blind_allin" and n.params["p"] in drop for n in h.notes):
        return None  # a blind that was all of a player's chips is a short blind, not a stack
    v = VERBS[d.words]
    rows = []
    for (i, items), r in zip(d.streets, h.streets, strict=True):
        out = []
        for typed, ruled in zip(items, r.ruling.actions, strict=True):
            p, rest = typed.split(" ", 1)
            if p in drop and ruled.ruled == "allin":
                rest = f"{v['allin']} {ruled.to}"
            elif p in drop and rest.startswith(v["allin"]):  # limit: an all-in read as the fixed raise
                rest = ruled.ruled + (f" {ruled.to}" if ruled.ruled in ("bet", "raise") else "")
            out.append(f"{rename.get(p, p)} {rest}")
        rows.append((i, out))
    game_blinds = d.head.split(" stacks ")[0]
    kept = [f"{rename.get(p, p)} {c}" for p, c in stacks.items() if p not in drop]
    head = game_blinds + (" stacks " + " ".join(kept) if kept else "")
    if (button := getattr(h.whole, "button", None)) is not None:
        head += f" button {rename.get(button, button)}"
    if h.whole.chip_unit != 1:
        head += f" chip {h.whole.chip_unit}"
    return Dealt(head, d.words, rows).text(), rename
@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(sorted(RULESETS)), st.sampled_from(("NL", "PL", "FL")))
def test_stacks_left_out_with_allin_amounts_settle_the_same(seed: int, rs_id: str, game: str) -> None:
    """Metamorphic: an all-in typed with its amount and no stack is the same all-in. (A player
    all-in without a stack was still asked to act on later streets, and shown as the last
    aggressor rather than tabled with the others: 17.)"""
    rng = random.Random(seed)
    d, stacks = deal(rng, rs_id, game)
    if not d.streets[0][1]:
        return
    made = _without_stacks(d, stacks, rs_id, rng)
    if made is None:
        return
    other, rename = made
    h = rule_whole(parse_whole(d.text()), RULESETS[rs_id])
    live = [p for p in h.table if p not in h.folded]
    ranking = showdown(rng, live) if len(live) > 1 else ""
    renamed = " ".join(rename.get(w, w) for w in ranking.split())
    ctx = Context(ruleset_id=rs_id)
    full = handle("pot " + d.text() + (f"; showdown: {ranking}" if ranking else ""), ctx).to_json()
    bare = handle("pot " + other + (f"; showdown: {renamed}" if ranking else ""), ctx).to_json()
    assert full["ok"] and bare["ok"], (other, renamed, bare.get("error"))
    back = {v: k for k, v in rename.items()}

    def named(x: object) -> object:  # the bare reply in the full line's names
        if isinstance(x, dict):
            return {back.get(k, k): named(v) for k, v in x.items()}
        if isinstance(x, list):
            return [named(v) for v in x]
        return back.get(x, x) if isinstance(x, str) else x

    for key in ("pots", "returned", "payoffs", "show_reason", "show_order"):
        assert full[key] == named(bare[key]), (key, d.text(), other, ranking)
