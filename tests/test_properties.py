"""Property tests: whatever is typed, `handle()` answers with a Reply; well-formed hands keep the
round's invariants (W, R, to-call, citations) at every step.

Malformed input comes three ways: arbitrary text, sequences of the notation's own words and amounts
in random order (far likelier to get deep into the reader than random text), and well-formed
headers followed by random action items. Well-formed hands are played step by step through the
public handler, each action chosen from what the previous reply says the player may do, so every
prefix is a hand that can happen and must be ruled (`ok: true`).
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from engine.notation.read import (
    CHIPS_WORDS,
    GAME_WORDS,
    LAST_WORDS,
    MAX_AMOUNT,
    PLAYERS_WORDS,
    STREET_WORDS,
    VERB_WORDS,
)
from engine.rulesets import RULESETS
from handlers.context import Context
from handlers.dispatch import handle
from handlers.i18n import LANGS
from handlers.reply import Reply

FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Every id a ruleset's tables give, in any game (`Ruleset.for_game`: jp-basic's pot limit cites TDA).
CITABLE = {rs_id: {cid for g in ("NL", "PL", "FL") for ids in rs.for_game(g).cite.values() for cid in ids}
           for rs_id, rs in RULESETS.items()}


def answer(line: str, lang: str = "en", ruleset: str = "tda2026") -> dict[str, Any]:
    """Run one line and check the reply contract that holds for every input."""
    reply = handle(line, Context(lang=lang, ruleset_id=ruleset))
    assert isinstance(reply, Reply)
    out = reply.to_json()
    assert out["ok"] in (True, False)
    assert isinstance(out["text"], str) and out["text"]
    assert isinstance(out["citations"], list)
    event("ok" if out["ok"] else "error " + out["error"]["code"])
    if out["ok"]:
        assert reply.error is None
    else:
        err = out["error"]
        assert err["code"] and err["code"] != "internal", (line, err)
        assert isinstance(err["message"], str) and err["message"]
        assert isinstance(err["at"], int) and 0 <= err["at"] <= len(line), (line, err)
    return out


# ----------------------------------------------------------------------------------------
# Malformed input never raises

WORDS = sorted(set(VERB_WORDS) | CHIPS_WORDS | LAST_WORDS | set(GAME_WORDS) | set(STREET_WORDS) | PLAYERS_WORDS
               | {"short", "dead", "pot", "SB", "BB", "BTN", "UTG", "A", "B", "C", "Ａ", "プレイヤー1", "철수"})
AMOUNTS = ["0", "-5", "1", "50", "100", "2,000", "1k", "1.5k", "2万", "３천", "１００", "0.5", "1e9",
           str(10**12), str(10**12 + 1), str(10**40), "9" * 400, "50/100", "1k/2k", "100/50", "0/0",
           "1000+100x5", "500x2", "100×5", "100x0", "100x9999", "1,000,00", ",,", "x", "+"]
PUNCT = [":", "：", ",", ";", "、", "\n", "?", "？", "/", "-", "  ", "\t", "(last)", "\u200b", "🂡", "\x00"]
token = st.one_of(st.sampled_from(WORDS), st.sampled_from(AMOUNTS), st.sampled_from(PUNCT),
                  st.text(max_size=6), st.integers(min_value=-10**15, max_value=10**15).map(str))


@FAST
@given(text=st.text(max_size=300), lang=st.sampled_from(LANGS), prefix=st.sampled_from(["ruling ", "", "/ruling ", "裁定 ", "판정 "]))
def test_arbitrary_text_never_raises(text: str, lang: str, prefix: str) -> None:
    answer(prefix + text, lang)


@FAST
@given(tokens=st.lists(token, max_size=40), seps=st.lists(st.sampled_from([" ", "", ", ", ": "]), min_size=40, max_size=40),
       lang=st.sampled_from(LANGS), ruleset=st.sampled_from(sorted(RULESETS)))
def test_random_notation_words_never_raise(tokens: list[str], seps: list[str], lang: str, ruleset: str) -> None:
    body = "".join(t + s for t, s in zip(tokens, seps, strict=False))
    answer("ruling " + body, lang, ruleset)


HEADERS = ["NL 50/100 preflop", "NL 50/100 flop", "PL 100/200 turn pot 1500", "FL 50/100 river", "PLO 1k/2k preflop",
           "ノーリミット ５０/１００ プリフロップ", "노리밋 2,000/4,000 플랍", "NL 50/100 preflop short BB 60",
           "PL 50/100 preflop dead SB", "NL 100/200 flop players A B C", "NL 100/200 flop players BTN A"]
item = st.builds(lambda p, words: " ".join([p, *words]),
                 st.sampled_from(["A", "B", "C", "D", "SB", "BB", "BTN", "Z"]),
                 st.lists(st.one_of(st.sampled_from(sorted(VERB_WORDS)), st.sampled_from(AMOUNTS),
                                    st.sampled_from(sorted(CHIPS_WORDS | LAST_WORDS))), max_size=4))


@FAST
@given(header=st.sampled_from(HEADERS), items=st.lists(item, max_size=30), query=st.sampled_from(["", "A?", "E?", "SB?"]),
       lang=st.sampled_from(LANGS), ruleset=st.sampled_from(sorted(RULESETS)))
def test_random_action_lists_never_raise(header: str, items: list[str], query: str, lang: str, ruleset: str) -> None:
    answer(f"ruling {header}: " + ", ".join(items + ([query] if query else [])), lang, ruleset)


@FEW
@given(n=st.integers(min_value=95, max_value=130), size=st.integers(min_value=1900, max_value=2100))
def test_limits_on_actions_and_length_are_errors(n: int, size: int) -> None:
    many = answer("ruling NL 50/100 flop: " + ", ".join(f"{'AB'[i % 2]} {'bet 100' if i == 0 else 'call'}" for i in range(n)))
    assert not many["ok"]  # more actions than the round allows, or than the limit: rejected, not crashed
    long = answer("ruling NL 50/100 flop: A bet 100, B call" + " " * size)
    assert long["ok"] == (len("ruling NL 50/100 flop: A bet 100, B call") + size <= 2000)


# ----------------------------------------------------------------------------------------
# Well-formed hands keep the invariants

NAMES = ["A", "B", "C", "D", "E", "F"]


@st.composite
def header_of_hand(draw: st.DrawFn) -> tuple[str, str, str, int]:
    game = draw(st.sampled_from(["NL", "NL", "PL", "FL"]))
    bb = draw(st.sampled_from([2, 100, 200, 1000, 4000, 10**9]))
    sb = draw(st.sampled_from([bb // 2, bb, max(1, bb * 2 // 5)]))
    street = draw(st.sampled_from(["preflop", "flop", "turn", "river"]))
    n = draw(st.integers(min_value=2, max_value=6))
    names = NAMES[:n] if street != "preflop" else NAMES[: max(0, n - 2)] + ["SB", "BB"]
    pot = f" pot {draw(st.integers(min_value=1, max_value=50)) * bb}" if street != "preflop" else ""
    return f"{game} {sb}/{bb} {street}{pot} players {' '.join(names)}", game, street, bb


def choose(data: st.DataObject, out: dict[str, Any], bb: int) -> str:
    """A legal-looking next action for the player to act, in the many ways the notation allows."""
    p = out["to_act"]
    w, to_call, me = out["bet_level"], out["to_call"], out["players"][p]["in"]
    options = ["fold", "call" if to_call else "check", "allin"]
    if out["can_raise"] and out["min_raise_to"] <= MAX_AMOUNT:  # beyond that no amount can be written
        options += ["raise", "raise", "min"]
    options += ["chips", "amount", "odd"]
    kind = data.draw(st.sampled_from(options))
    if kind == "odd":  # declarations not valid as stated: corrected by the rules (45-A, 54-A, 57)
        odd = data.draw(st.sampled_from(["call", "check", "raise", "pot", "under", "bet"]))
        if odd == "under" and out["can_raise"] and out["min_raise_to"] - w > 1 and out["min_raise_to"] <= MAX_AMOUNT:
            return f"{p} raise {data.draw(st.integers(min_value=w + 1, max_value=out['min_raise_to'] - 1))}"
        if odd == "bet" and w > 0 and out["can_raise"] and out["min_raise_to"] <= MAX_AMOUNT:
            return f"{p} bet {out['min_raise_to']}"
        return f"{p} {'raise' if odd in ('under', 'bet') else odd}"
    if kind in ("fold", "call", "check"):
        return f"{p} {kind}"
    if kind == "min":
        return f"{p} {'bet' if w == 0 else 'raise'} {out['min_raise_to']}"
    if kind == "raise":
        lo = out["min_raise_to"]
        hi = min(out["max_raise_to"] or lo + 20 * bb, MAX_AMOUNT)
        return f"{p} {'bet' if w == 0 else 'raise'} {data.draw(st.integers(min_value=lo, max_value=max(lo, hi)))}"
    if kind == "allin":
        return f"{p} allin {data.draw(st.integers(min_value=me + 1, max_value=min(MAX_AMOUNT, max(me + 1, w + 8 * bb))))}"
    low = max(w, me + 1)
    if low > MAX_AMOUNT:
        return f"{p} {'call' if to_call else 'check'}"
    total = data.draw(st.integers(min_value=low, max_value=min(MAX_AMOUNT, low + 6 * bb)))
    if kind == "amount":
        return f"{p} {total}"
    extra = total - me
    chips = "+".join([str(extra)] if data.draw(st.booleans()) else [str(max(1, extra // 2)), str(extra - max(1, extra // 2))]
                     if extra > 1 else [str(extra)])
    return f"{p} chips {chips}" + (" last" if data.draw(st.booleans()) else "")


@FEW
@given(data=st.data(), hand=header_of_hand(), ruleset=st.sampled_from(sorted(RULESETS)), lang=st.sampled_from(LANGS))
def test_invariants_hold_along_every_well_formed_hand(data: st.DataObject, hand: tuple[str, str, str, int],
                                                       ruleset: str, lang: str) -> None:
    header, game, street, bb = hand
    actions: list[str] = []
    first = header.split("players ")[1].split()[0]  # the list is in acting order (blinds last)
    out = answer(f"ruling {header}: {first}?", lang, ruleset)
    assert out["ok"], out.get("error")
    prev_r = out["full_raise"]
    for _ in range(data.draw(st.integers(min_value=1, max_value=16))):
        check_options(out, game, ruleset)
        if out["to_act"] is None:
            break
        actions.append(choose(data, out, bb))
        line = f"ruling {header}: " + ", ".join(actions)
        before = out
        out = answer(line, lang, ruleset)
        assert out["ok"], (line, out.get("error"))
        check_actions(out, ruleset)
        # R never decreases along a hand; a short all-in never changes it.
        assert out["full_raise"] >= prev_r, line
        last = out["actions"][-1]
        event(f"{game} {last['ruled']}{' full' if last['full_raise'] else ''}")
        if last["ruled"] == "allin" and not last["full_raise"]:
            assert out["full_raise"] == before["full_raise"], line
        if not last["full_raise"]:
            assert out["full_raise"] == before["full_raise"], line
        prev_r = out["full_raise"]
    check_options(out, game, ruleset)


def check_options(out: dict[str, Any], game: str, ruleset: str) -> None:
    p = out["to_act"]
    if p is None:
        assert out["can_raise"] is False and out["min_raise_to"] is None
        return
    assert out["to_call"] == out["bet_level"] - out["players"][p]["in"]
    assert out["players"][p]["status"] == "active"
    if out["can_raise"]:
        assert out["min_raise_to"] is not None and out["min_raise_to"] > out["bet_level"]
        if game == "NL":
            assert out["min_raise_to"] == out["bet_level"] + out["full_raise"]
        if game == "PL":
            assert out["max_raise_to"] is not None and out["max_raise_to"] >= out["min_raise_to"]
    else:
        assert out["min_raise_to"] is None and out["max_raise_to"] is None
    assert set(out["citations"]) <= CITABLE[ruleset], set(out["citations"]) - CITABLE[ruleset]


def check_actions(out: dict[str, Any], ruleset: str) -> None:
    for a in out["actions"]:
        assert a["rules"], a
        assert set(a["rules"]) <= CITABLE[ruleset], (a, set(a["rules"]) - CITABLE[ruleset])
        assert a["ruled"] in ("bet", "raise", "call", "check", "fold", "allin", "undercall")
        if a["ruled"] == "undercall":
            assert a.get("outcome") in ("must_call", "td_discretion")


# ----------------------------------------------------------------------------------------
# Japanese and Korean as people write them rule exactly as the English

_NATIVE = {
    "ja": {"verbs": {"bet": "ベット", "raise": "レイズ", "call": "コール", "check": "チェック", "fold": "フォールド",
                     "allin": "オールイン", "pot": "ポット"},
           "after_name": ["", "が", "は"], "before_verb": ["", "に", "で"], "endings": ["", "した", "します"],
           "chips": "チップ", "last": "最後"},
    "ko": {"verbs": {"bet": "벳", "raise": "레이즈", "call": "콜", "check": "체크", "fold": "폴드", "allin": "올인",
                     "pot": "팟"},
           "after_name": ["", "가", "는", "이"], "before_verb": ["", "으로", "로"], "endings": ["", "했어요", "함"],
           "chips": "칩", "last": "마지막"},
}


def native(action: str, lang: str, data: st.DataObject) -> str:
    """One English action (`A raise 300`, `B 1500`, `C chips 500+100 last`) as a Japanese or Korean
    player might type it: particles after the name, amount before the verb, words glued or not."""
    words = _NATIVE[lang]
    p, *rest = action.split()
    name = p + data.draw(st.sampled_from(words["after_name"]))
    # Digits glued straight onto a Latin name (`BB301`) would be a name like `P1`: no gap needs a particle.
    gap = data.draw(st.sampled_from(["", " "])) if name != p else " "
    if rest[0] == "chips":
        return f"{name} {words['chips']} {rest[1]}" + (f" {words['last']}" if rest[-1] == "last" else "")
    if len(rest) == 1 and rest[0] not in VERB_WORDS:  # an amount declared alone
        return f"{name}{gap}{rest[0]}"
    verb = words["verbs"][VERB_WORDS[rest[0]]] + data.draw(st.sampled_from(words["endings"]))
    if len(rest) == 1:
        return f"{name}{gap}{verb}"
    amount = rest[1] + data.draw(st.sampled_from(words["before_verb"]))
    if data.draw(st.booleans()):
        # `3ベット`, `4벳` glued are what chat calls a 3-bet or a 4-bet: the engine reads them as the
        # amount only where no n-bet can be made, and says so (`nbet_as_amount`), which the English
        # `bet 3` has no reason to say. Such an amount is typed apart from the verb here.
        nbet = amount in ("3", "4", "5") and rest[0] == "bet"
        return f"{name}{gap}{amount}{' ' if nbet else data.draw(st.sampled_from(['', ' ']))}{verb}"
    return f"{name} {verb} {rest[1]}"  # the English order also works with native words


@FEW
@given(data=st.data(), hand=header_of_hand(), lang=st.sampled_from(["ja", "ko"]))
def test_native_word_order_rules_like_english(data: st.DataObject, hand: tuple[str, str, str, int], lang: str) -> None:
    header, game, street, bb = hand
    first = header.split("players ")[1].split()[0]
    out = answer(f"ruling {header}: {first}?")
    english: list[str] = []
    for _ in range(data.draw(st.integers(min_value=1, max_value=10))):
        if out["to_act"] is None:
            break
        english.append(choose(data, out, bb))
        out = answer(f"ruling {header}: " + ", ".join(english))
    mixed = [native(a, lang, data) for a in english]
    theirs = answer(f"ruling {header}: " + "、".join(mixed) if lang == "ja" else f"ruling {header}: " + ", ".join(mixed))

    def ruling_only(o: dict[str, Any]) -> dict[str, Any]:
        return {k: ([{**a, "input": None} for a in v] if k == "actions" else v) for k, v in o.items() if k not in ("text", "lang")}

    assert ruling_only(theirs) == ruling_only(out), (english, mixed)
