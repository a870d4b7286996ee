"""Metamorphic properties: ways of typing the same hand that must never change the ruling.

The class of bug these guard against: a ruling that depends on how the line was written rather
than on what happened (a player asked about at the end seated after actions that had to pass
them, `A:` read as a second player, `Cは?` as a player called `Cは`). Each property plays a
random legal hand (in all three games and rulesets) and retypes it another way.
"""

from __future__ import annotations

import re
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine.notation.words import MAX_AMOUNT
from engine.rulesets import RULESETS
from tests.test_properties import answer, choose, header_of_hand, native

FEW = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

BLINDS = ("SB", "BB")


def play(data: st.DataObject, header: str, bb: int, ruleset: str) -> tuple[list[str], dict[str, Any]]:
    """A random legal action list for `header` (which has a `players` list), and the last reply."""
    first = header.split("players ")[1].split()[0]
    out = answer(f"ruling {header}: {first}?", ruleset=ruleset)
    actions: list[str] = []
    for _ in range(data.draw(st.integers(min_value=0, max_value=10))):
        if out["to_act"] is None:
            break
        actions.append(choose(data, out, bb))
        out = answer(f"ruling {header}: " + ", ".join(actions), ruleset=ruleset)
    return actions, out


def closing(data: st.DataObject, out: dict[str, Any], names: list[str]) -> str:
    """A closing question: usually the player to act, sometimes anyone at the table."""
    if out["to_act"] is not None and data.draw(st.booleans()):
        return out["to_act"]
    return data.draw(st.sampled_from(names))


def typed_hand(data: st.DataObject, hand: tuple[str, str, str, int], ruleset: str) -> tuple[str, list[str], list[str]]:
    """A random legal hand as a floor person types it: the header without a `players` list, the
    items (actions, then a closing `P?`), and the players' names."""
    header, _game, _street, bb = hand
    names = header.split("players ")[1].split()
    actions, out = play(data, header, bb, ruleset)
    return header.split(" players ")[0], actions + [closing(data, out, names) + "?"], names


def ruling_only(out: dict[str, Any]) -> Any:
    """What a ruling decides, without the words it is said in or the input echoed."""
    if not out["ok"]:
        return ("error", out["error"]["code"])
    return {k: ([{**a, "input": None} for a in v] if k == "actions" else v)
            for k, v in out.items() if k not in ("text", "lang")}


def implied_order(header: str, items: list[str]) -> list[str]:
    """The seat order the spec gives a line with no `players` list: first appearance, the
    closing question included; preflop the blinds sit last."""
    seen: list[str] = []
    for item in items:
        name = item.split()[0].rstrip("?")
        if name not in seen:
            seen.append(name)
    if " preflop" in header:
        seen = [n for n in seen if n not in BLINDS] + list(BLINDS)
    return seen


@FEW
@given(data=st.data(), hand=header_of_hand(), ruleset=st.sampled_from(sorted(RULESETS)))
def test_a_players_list_in_the_implied_order_changes_nothing(data: st.DataObject, hand: tuple[str, str, str, int],
                                                             ruleset: str) -> None:
    bare, items, _names = typed_hand(data, hand, ruleset)
    order = implied_order(hand[0], items)
    assume(len(order) >= 2)  # a list of one player is refused (too_few_players); a bare line is ruled
    listed = f"{bare} players {' '.join(order)}"
    without = answer(f"ruling {bare}: " + ", ".join(items), ruleset=ruleset)
    with_list = answer(f"ruling {listed}: " + ", ".join(items), ruleset=ruleset)
    assert ruling_only(without) == ruling_only(with_list), items


RENAMES = ["Alice", "민수", "たろう", "P3", "Seat7", "UTG", "Ｚ"]


@FEW
@given(data=st.data(), hand=header_of_hand(), ruleset=st.sampled_from(sorted(RULESETS)))
def test_renaming_players_consistently_changes_nothing(data: st.DataObject, hand: tuple[str, str, str, int],
                                                       ruleset: str) -> None:
    bare, items, names = typed_hand(data, hand, ruleset)
    plain = [n for n in names if n not in BLINDS]
    new = data.draw(st.permutations(RENAMES))[: len(plain)]
    mapping = dict(zip(plain, new, strict=True))

    def rename(text: str) -> str:
        return re.sub(r"^(\S+?)(\??)(?=\s|$)", lambda m: mapping.get(m.group(1), m.group(1)) + m.group(2), text)

    before = answer(f"ruling {bare}: " + ", ".join(items), ruleset=ruleset)
    after = answer(f"ruling {bare}: " + ", ".join(rename(i) for i in items), ruleset=ruleset)
    if not before["ok"]:
        assert not after["ok"] and after["error"]["code"] == before["error"]["code"], items
        return
    back = {v: k for k, v in mapping.items()}
    renamed_back = ruling_only(after)
    renamed_back["players"] = {back.get(k, k): v for k, v in renamed_back["players"].items()}
    renamed_back["to_act"] = back.get(renamed_back["to_act"], renamed_back["to_act"])
    for a in renamed_back["actions"]:
        a["player"] = back.get(a["player"], a["player"])
    assert renamed_back == ruling_only(before), (items, mapping)


@FEW
@given(data=st.data(), hand=header_of_hand(), ruleset=st.sampled_from(sorted(RULESETS)))
def test_a_colon_after_each_name_changes_nothing(data: st.DataObject, hand: tuple[str, str, str, int],
                                                 ruleset: str) -> None:
    bare, items, _names = typed_hand(data, hand, ruleset)
    colon = data.draw(st.sampled_from([":", "：", " :"]))
    typed = [re.sub(r"^(\S+?)(\?)?(?=\s|$)", lambda m: m.group(1) + colon + (m.group(2) or ""), i) for i in items]
    plain = answer(f"ruling {bare}: " + ", ".join(items), ruleset=ruleset)
    with_colons = answer(f"ruling {bare}: " + ", ".join(typed), ruleset=ruleset)
    assert ruling_only(with_colons) == ruling_only(plain), typed


QUESTION = {"ja": ["", "は", "が"], "ko": ["", "는", "가", "는요"]}


@FEW
@given(data=st.data(), hand=header_of_hand(), lang=st.sampled_from(["ja", "ko"]), ruleset=st.sampled_from(sorted(RULESETS)))
def test_japanese_and_korean_forms_with_a_closing_question_rule_like_english(
        data: st.DataObject, hand: tuple[str, str, str, int], lang: str, ruleset: str) -> None:
    bare, items, _names = typed_hand(data, hand, ruleset)
    actions, asked = items[:-1], items[-1][:-1]
    english = answer(f"ruling {bare}: " + ", ".join(items), ruleset=ruleset)
    mark = data.draw(st.sampled_from(["?", "？"]))
    particle = data.draw(st.sampled_from(QUESTION[lang]))
    typed = [native(a, lang, data) for a in actions] + [asked + particle + mark]
    sep = "、" if lang == "ja" else ", "
    theirs = answer(f"ruling {bare}: " + sep.join(typed), ruleset=ruleset)
    assert ruling_only(theirs) == ruling_only(english), typed


_AMOUNT = re.compile(r"(?<![x×\w.])(\d+)(?![\w.])")  # not the count in `100x5`, not inside a name
_SCALED_KEYS = ("to_call", "bet_level", "full_raise", "min_raise_to", "max_raise_to")


def _scaled(value: Any, k: int) -> Any:
    return None if value is None else value * k


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), hand=header_of_hand(), ruleset=st.sampled_from(sorted(RULESETS)), k=st.sampled_from([10, 1000]))
def test_every_amount_times_k_scales_the_ruling_and_changes_no_decision(
        data: st.DataObject, hand: tuple[str, str, str, int], ruleset: str, k: int) -> None:
    # The rules have no absolute chip amounts in them: the same hand at ten or a thousand times
    # the stakes must rule the same, every amount scaled. A constant hidden in the engine (an
    # amount read as hundreds below some number, a threshold in chips) would break this.
    bare, items, _names = typed_hand(data, hand, ruleset)
    line = f"ruling {bare}: " + ", ".join(items)
    big = _AMOUNT.sub(lambda m: str(int(m.group(1)) * k), line)
    assume(all(int(a) <= MAX_AMOUNT for a in _AMOUNT.findall(big)))
    small, scaled = answer(line, ruleset=ruleset), answer(big, ruleset=ruleset)
    if not small["ok"]:
        assert not scaled["ok"] and scaled["error"]["code"] == small["error"]["code"], (line, big)
        return
    assert scaled["ok"], (line, big, scaled.get("error"))
    for key in _SCALED_KEYS:
        assert scaled[key] == _scaled(small[key], k), (key, line, big)
    for key in ("to_act", "can_raise", "citations", "options_reason"):
        assert scaled.get(key) == small.get(key), (key, line, big)
    assert [(a["player"], a["ruled"], a.get("outcome"), a["rules"], a.get("notes")) for a in scaled["actions"]] == \
        [(a["player"], a["ruled"], a.get("outcome"), a["rules"], a.get("notes")) for a in small["actions"]], (line, big)
    assert [a["to"] for a in scaled["actions"]] == [a["to"] * k for a in small["actions"]], (line, big)
    for p, v in small["players"].items():
        assert scaled["players"][p]["in"] == v["in"] * k, (p, line, big)
