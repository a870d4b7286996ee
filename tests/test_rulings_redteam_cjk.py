"""Red team, third round: rulings typed in Japanese and Korean the way floor chat types them.

Every case here was read as something else (a wrong ruling with no error, most often a player
seated under a name made of half the action) or refused although it says something plain. Each
test asserts the ruling's amounts and the rule ids that decided it.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.ruling_helpers import action, ok


def _options(out: dict[str, Any]) -> tuple[Any, ...]:
    return out["to_act"], out["to_call"], out["bet_level"], out["can_raise"], out["min_raise_to"]


# -- amounts written with 万 / 만 and a smaller unit after it ----------------------------------------
@pytest.mark.parametrize(("hand", "lang"), [
    # Was: a player called "Bが1" raising with `万5千にレイズ` (the cut fell inside the numeral).
    ("NL 1000/2000 フロップ: Aが5千ベット、Bが1万5千にレイズ、Cは？", "ja"),
    ("NL 1000/2000 フロップ: Aが5千ベット、Bが１万５千にレイズ、Cは？", "ja"),
    # Was refused: `1만5천으로` is not an action.
    ("NL 1000/2000 플랍: A가 5천 벳, B가 1만5천으로 레이즈, C?", "ko"),
])
def test_ten_thousands_and_thousands_in_one_amount(hand: str, lang: str) -> None:
    out = ok(hand, lang=lang)
    assert [a["player"] for a in out["actions"]] == ["A", "B"]
    assert (action(out, "B")["ruled"], action(out, "B")["to"], action(out, "B")["rules"]) == ("raise", 15000, ["45-B"])
    # W 15,000 after a raise of 10,000 over the 5,000 bet: C's least raise is to 25,000 (45-A).
    assert _options(out) == ("C", 15000, 15000, True, 25000)
    assert out["citations"] == ["52", "45-B", "45-A"]
