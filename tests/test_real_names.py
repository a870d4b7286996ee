"""Issue 27, real screen names (engine/notation/quoted_names.py): a quoted name with spaces is one
player wherever it appears; a name listed in `stacks` or `players` is one player whatever
characters it holds; an unquoted name with spaces in `stacks` is answered with how to type it."""

from __future__ import annotations

import pytest

from engine.notation.quoted_names import protect
from handlers.context import Context
from handlers.dispatch import handle


def reply(line: str, lang: str = "en") -> dict:
    return handle(line, Context(lang=lang)).to_json()


@pytest.mark.parametrize("quote", ['"{}"', "“{}”"])
def test_a_quoted_name_with_spaces_is_one_player(quote: str) -> None:
    br, ma = quote.format("Brian Rast"), quote.format("Matthew Ashton")
    out = reply(f"pot NL 50/100 stacks {br} 5000 {ma} 3000 C 4000 preflop: {br} raise 300, Matthew Ashton call, "
                f"C fold; flop: Matthew Ashton check, {br} bet 500, {ma} fold")
    assert out["ok"], out
    # 300 + 300 + the big blind's 100; the bet of 500 is returned.
    assert out["pots"][0]["amount"] == 700 and out["pots"][0]["winners"] == ["Brian Rast"]
    assert out["payoffs"] == {"Matthew Ashton": -300, "C": -100, "Brian Rast": 400}
    assert "Zq" not in out["text"]


def test_japanese_corner_brackets_round_a_name_with_a_space() -> None:
    out = reply("裁定 NL 50/100 スタック 「山田 太郎」 5000 B 3000 C 4000 プリフロップ: 「山田 太郎」がレイズ300、Bがフォールド、Cは？", "ja")
    assert out["ok"], out
    assert (out["to_act"], out["to_call"]) == ("C", 200)
    assert "山田 太郎" in out["players"]
    # Quotes round a word said are still read as before.
    said = reply("裁定 NL 50/100 プリフロップ: Aが「コール」と言って100、Bは？", "ja")
    assert said["ok"] and said["actions"][0]["ruled"] == "call"


@pytest.mark.parametrize("verb", ["raise 300", "bet 300"])
def test_a_listed_name_with_a_slash_is_one_player(verb: str) -> None:
    name = "Qd5wHwL2ECHB0WW5X/zLDg"
    line = f"ruling NL 50/100 flop stacks {name} 5000 B 5000 C 5000: {name} {verb}, B call, C?"
    out = reply(line)
    assert out["ok"], out
    assert name in out["players"] and out["to_act"] == "C" and out["to_call"] == 300
    allin = reply(f"ruling NL 50/100 flop stacks {name} 5000 B 9000 C 9000: {name} allin, B call, C?")
    assert allin["ok"] and allin["players"][name]["status"] == "allin" and allin["to_call"] == 5000
    # Not listed, `B/C` is still two players (each calling).
    both = reply("ruling NL 50/100 flop: A bet 300, B/C call, D?")
    assert both["ok"] and both["to_act"] == "D" and {"B", "C"} <= set(both["players"])


@pytest.mark.parametrize(("lang", "word"), [("en", "stacks"), ("ja", "スタック"), ("ko", "스택")])
def test_an_unquoted_name_with_spaces_says_how_to_type_it(lang: str, word: str) -> None:
    out = reply("pot NL 50/100 stacks Matthew Ashton 5000 B 3000 C 4000 preflop: B fold, C fold", lang)
    err = out["error"]
    # The hint is written in the reply language's notation (issue 21), the name quoted again.
    assert err["code"] == "name_needs_quotes" and err["hint"] == f'{word} "Matthew Ashton" 5000'
    assert err["at"] == len("pot NL 50/100 stacks ") and "Matthew Ashton" in err["message"]
    # A slip in an amount is still a slip in the stacks.
    assert reply("pot NL 50/100 stacks A 5k0 B 5000 preflop: A fold")["error"]["code"] == "bad_stacks"


def test_a_hint_quotes_the_name_again() -> None:
    out = reply('ruling NL 50/100 flop: "Brian Rast" 3x, B?')
    assert (out["error"]["code"], out["error"]["hint"]) == ("times_needs_bet", '"Brian Rast" bet 300')


def test_a_quoted_name_in_a_players_list_before_the_street_is_seated() -> None:
    # Issue 21 reads `players ... preflop:` in its natural order (it had asked for the list after the
    # street word, and that hint had to quote the name again).
    out = reply('ruling NL 50/100 players "Brian Rast" B C preflop: "Brian Rast" raise 300, B?')
    assert (out["to_act"], out["to_call"], out["min_raise_to"]) == ("B", 300, 500)


def test_offsets_stay_true_and_plain_lines_are_untouched() -> None:
    line = 'NL 50/100 flop: "Brian Rast" bet 300, B?'
    protected, names = protect(line)
    assert len(protected) == len(line) and names is not None
    assert protect("NL 50/100 flop: A bet 300, B x/r, C?") == ("NL 50/100 flop: A bet 300, B x/r, C?", None)
    err = reply('ruling NL 50/100 flop: "Brian Rast" bet 300, B blah')["error"]
    assert err["at"] == len('ruling NL 50/100 flop: "Brian Rast" bet 300, B ')
