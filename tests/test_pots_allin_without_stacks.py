"""Red team, whole hands and `pot` (December 2026, round 2): each test is a hand a floor person
could type that got a wrong answer, the exact answer the rules give, and the rule that decides.

All-ins without stacks: an `allin` action (or a blind posted short) leaves nothing behind even
when no stack was typed; a dead blind has no hand on any street.
"""

from __future__ import annotations

import pytest

from handlers.context import Context
from handlers.dispatch import handle


def pot(line: str, lang: str = "en", ruleset: str = "tda2026") -> dict:
    out = handle("pot " + line, Context(lang=lang, ruleset_id=ruleset)).to_json()
    assert out["ok"], out
    return out


def err(line: str, lang: str = "en", command: str = "pot") -> dict:
    out = handle(f"{command} {line}", Context(lang=lang)).to_json()
    assert not out["ok"], out
    assert out["error"]["message"] and "{" not in out["error"]["message"]
    if lang != "en":
        assert not out["error"]["message"].isascii()
    return out["error"]


def shape(out: dict) -> list[tuple[str, int, list[str], dict[str, int]]]:
    return [(p["name"], p["amount"], p["eligible"], p["shares"]) for p in out["pots"]]


# -- an all-in typed without a stack -------------------------------------------------------------

NO_STACKS = "NL 100/200 preflop: A allin 700, SB call, BB call"


@pytest.mark.parametrize("ruleset, rule", [("tda2026", "17"), ("tda2009", "9"), ("jp-basic", "17")])
def test_an_allin_without_a_stack_turns_every_hand_up(ruleset: str, rule: str) -> None:
    # Was: A "made the last bet or raise and shows first" (18-A). A is all-in and nobody can bet
    # any more: every hand is turned up at once (TDA 2026 rule 17; 2009 rule 9; seed 003's
    # all-in rule, which jp-basic cites as 17).
    out = pot(NO_STACKS + "; showdown: A > SB > BB", ruleset=ruleset)
    assert out["show_reason"] == "allin_face_up" and out["show_order"] == ["SB", "BB", "A"]
    assert rule in out["citations"]
    assert shape(out) == [("main", 2100, ["SB", "BB", "A"], {"A": 2100})]


def test_an_allin_without_a_stack_is_not_asked_to_act_on_the_flop() -> None:
    # Was: "the flop is not finished: A still has to act". A put everything in preflop (52: an
    # all-in player takes no further part in the betting); SB and BB make a side pot (23).
    out = pot(NO_STACKS + "; flop: SB bet 1000, BB call; turn: SB check, BB check; river: SB check, BB check; "
              "showdown: A > SB > BB")
    assert shape(out) == [("main", 2100, ["SB", "BB", "A"], {"A": 2100}), ("side1", 2000, ["SB", "BB"], {"SB": 2000})]
    assert out["payoffs"] == {"SB": 300, "BB": -1700, "A": 1400}


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_an_allin_without_a_stack_cannot_call_later(lang: str) -> None:
    # Was: A "called" 1,000 on the flop after being all-in for 700 and won a 5,100 pot.
    line = NO_STACKS + "; flop: SB bet 1000, BB call, A call; showdown: A > SB > BB"
    e = err(line, lang)
    assert e["code"] == "no_chips_left" and e["at"] == len("pot ") + line.index("A call")


def test_a_short_blind_without_a_stack_is_allin_for_what_it_posted() -> None:
    # `short BB 100`: the big blind posted 100 and has nothing more (the engine's own reading of a
    # short blind); was: "BB still has to act" on the flop.
    line = "NL 100/200 short BB 100 preflop: A raise 500, SB call; flop: SB check, A check"
    out = pot(line + "; showdown: BB > A > SB")
    assert shape(out) == [("main", 300, ["SB", "BB", "A"], {"BB": 300}), ("side1", 800, ["SB", "A"], {"A": 800})]
    assert out["show_reason"] == "allin_face_up"  # 17
    acted = line + ", BB check; showdown: BB > A > SB"
    e = err(acted)
    assert e["code"] == "no_chips_left" and e["at"] == len("pot ") + acted.index("BB check")


# -- a dead blind ------------------------------------------------------------------------------------

DEAD = "NL 100/200 dead SB preflop: A raise 500, B call, BB call; flop: "


def test_a_dead_small_blind_has_no_hand_to_show() -> None:
    # Was: "the showdown leaves out SB, who can still win a pot". Nobody posted the small blind:
    # no hand sits there, so the first live seat left of the button (BB) shows first (18-A).
    out = pot(DEAD + "BB check, A check, B check; showdown: A > B > BB")
    assert shape(out) == [("main", 1500, ["BB", "A", "B"], {"A": 1500})]
    assert out["show_order"] == ["BB", "A", "B"] and out["show_reason"] == "first_left_of_button"


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_a_dead_small_blind_cannot_act_after_the_flop(lang: str) -> None:
    # Was: accepted "SB check" on the flop from a seat that posted nothing and has no cards.
    line = DEAD + "SB check, BB check, A check, B check; showdown: A > B > BB"
    e = err(line, lang)
    assert e["code"] == "dead_blind_acted" and e["at"] == len("pot ") + line.index("SB check")


# -- a typed stack that contradicts a typed all-in ----------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_an_allin_amount_short_of_the_typed_stack_is_refused(lang: str) -> None:
    # Was: A all-in for 700 on the street, yet 4,300 left behind and A "the last aggressor" who
    # shows first. Either the stack or the amount is a slip; the floor must say which.
    line = "NL 100/200 stacks A 5000 B 5000 C 5000 preflop: A allin 700, B call, C call; showdown: A > B > C"
    e = err(line, lang)
    assert e["code"] == "allin_short_of_stack" and e["at"] == len("pot ") + line.index("A allin")
    assert e["hint"] == {"en": "A allin", "ja": "Aがオールイン", "ko": "A 올인"}[lang] and "4300" in e["message"]
    fixed = pot(line.replace("A 5000", "A 700"))
    assert fixed["show_reason"] == "allin_face_up" and fixed["stacks_after"] == {"B": 4300, "C": 4300, "A": 2100}


# -- the showdown names as typed ---------------------------------------------------------------------


@pytest.mark.parametrize("showdown", ["a > sb = bb", "A > ｓｂ = Bb"])
def test_showdown_names_match_as_action_names_do(showdown: str) -> None:
    # Was: "a is not in this hand". Names in actions are matched without case or width (`sb` is
    # SB); the showdown is read the same way, and the pot goes to the hand ranked first (13: cards speak).
    out = pot(f"NL 100/200 preflop: A call, SB call, BB check; showdown: {showdown}")
    assert shape(out) == [("main", 600, ["SB", "BB", "A"], {"A": 600})]
    tie = pot("NL 100/200 preflop: A call, SB call, BB check; showdown: sb = bb > a")
    assert tie["pots"][0]["shares"] == {"SB": 300, "BB": 300}  # 23/13: split between the tied hands


# -- amounts ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("typed, chips", [("16.1k", 16100), ("64.4k", 64400), ("32.7k", 32700), ("1.15万", 11500)])
def test_decimal_k_amounts_are_read_exactly(typed: str, chips: int) -> None:
    # Was: bad_stacks ("write stacks as a name and an amount"): 16.1 x 1000 in floating point is
    # 16100.000000000002, not a whole number of chips. The spec reads `1k` / `1.5k` as amounts.
    out = pot(f"NL 200/400 stacks A {typed} B 90000 preflop: A allin, B call; showdown: B > A")
    assert out["contributions"] == {"B": chips, "A": chips} and out["stacks_after"]["B"] == 90000 + chips
    ruled = handle(f"ruling NL 200/400 preflop: A raise {typed}, B?", Context()).to_json()
    assert ruled["bet_level"] == chips


# -- the header -----------------------------------------------------------------------------------


@pytest.mark.parametrize("word", ["ante 25", "bba 200", "chip 25", "アンティ 25", "앤티 25"])
def test_a_header_word_after_the_stacks_ends_the_list(word: str) -> None:
    # Was: `stacks A 5000 B 5000 C 5000 ante 25` seated a fourth player called "ante" with 25
    # chips (who then posted a blind) and lost the ante: "C still has to act". The README's
    # header words keep their meaning wherever they stand.
    out = pot(f"NL 100/200 stacks A 5000 B 5000 C 5000 {word} preflop: A call, B call, C check; showdown: A > B > C")
    assert set(out["contributions"]) == {"A", "B", "C"}
    put_in = sum(out["contributions"].values()) + sum(out.get("dead", {}).values())
    assert put_in == {"bba": 800, "chip": 600}.get(word.split()[0], 675)  # 3 x 200, + 3 x 25 or + 200 dead
    assert out["pots"][0]["amount"] == put_in and out["pots"][0]["shares"] == {"A": put_in}


def test_pot_after_the_stacks_is_the_pot() -> None:
    # Was: a player called "pot" with 1,000 chips, and no chips in the middle.
    out = handle("ruling NL 100/200 flop stacks A 5000 B 5000 pot 1000: A bet 500, B?", Context()).to_json()
    assert out["stacks_left"] == {"A": 4500, "B": 5000} and out["pot"] == 1000 + 500


# -- streets left out before the showdown --------------------------------------------------------------


def test_streets_left_out_count_as_checked_and_the_first_seat_left_of_the_button_shows() -> None:
    # Was: "A made the last bet or raise on the final street and shows first" about a turn bet,
    # with the river not typed. Nobody is all-in, so the river was dealt and played; the pots
    # stand only if nobody bet on it, and then the final street had no aggressor: the first
    # live seat left of the button shows first (18-A).
    out = pot("NL 100/200 turn pot 1000: A bet 500, B call; showdown: A > B")
    assert out["show_reason"] == "first_left_of_button" and out["show_order"] == ["A", "B"]
    assert "Not typed: river." in out["text"]
    ja = pot("NL 100/200 stacks A 5000 B 5000 C 5000 preflop: A call, B call, C check; flop: B bet 200, C call, "
             "A call; showdown: A > B > C", lang="ja")
    assert ja["show_order"] == ["B", "C", "A"] and "ターン、リバーが書かれていません" in ja["text"]
    assert shape(ja) == [("main", 1200, ["B", "C", "A"], {"A": 1200})]


def test_no_note_when_the_allins_ended_the_betting() -> None:
    # One player with chips left: nobody could bet on the streets not typed (17: hands tabled).
    out = pot("NL 100/200 stacks A 700 B 5000 preflop: A allin, B call; showdown: B > A")
    assert "Not typed" not in out["text"] and out["show_reason"] == "allin_face_up"
    river = pot("NL 100/200 stacks A 5000 B 5000 button B preflop: B call, A check; flop: A check, B check; "
                "turn: A check, B check; river: A bet 200, B call; showdown: B > A")
    assert "Not typed" not in river["text"] and river["show_order"] == ["A", "B"]  # A bet the river (18-A)


@pytest.mark.parametrize("typed, hint", [("A = B = C > D", "A = B = C"), ("C > D = A > B", "C > A > B")])
def test_a_folded_player_in_the_showdown_is_left_out_of_the_hint(typed: str, hint: str) -> None:
    # Was: the hint offered the live players in seat order ("A > B > C"), a result nobody gave,
    # one copy away from awarding the pots to the wrong hands. D folded on the turn: a folded hand
    # has no part in any pot (23: each pot goes to the best hand among those eligible).
    line = ("NL 25/50 stacks A 333 B 1000 C 1000 D 1000 button D preflop: C call, D call, A allin, B call, C call, "
            f"D call; flop: B bet 101, C call, D call; turn: B check, C bet 500, D fold, B call; river: B check, "
            f"C check; showdown: {typed}")
    e = err(line)
    assert e["code"] == "showdown_folded" and e["hint"] == hint and e["at"] == len("pot ") + line.rindex("D")
    out = pot(line.replace(typed, hint))
    assert shape(out)[1] == ("side1", 1303, ["B", "C"], {"B": 652, "C": 651} if hint == "A = B = C" else {"C": 1303})


# -- streets after the all-ins ----------------------------------------------------------------------


def test_checks_by_the_one_player_with_chips_after_the_allins_are_no_action() -> None:
    # Was: no_betting_left on `flop: B check`. A is all-in, B alone has chips: nobody can bet,
    # so B's check changes nothing and the hands are tabled (17). A bet there is still refused.
    line = "NL 100/200 stacks A 700 B 5000 preflop: A allin, B call; flop: B check; turn: B check; river: B check"
    out = pot(line + "; showdown: A > B")
    assert shape(out) == [("main", 1400, ["B", "A"], {"A": 1400})] and out["show_reason"] == "allin_face_up"
    bet = "NL 100/200 stacks A 700 B 5000 preflop: A allin, B call; flop: B bet 200; showdown: B > A"
    e = err(bet)
    assert e["code"] == "no_betting_left" and e["at"] == len("pot ") + bet.index("B bet")
    assert e["hint"] == "flop: ;"  # not "showdown: A > B", a result nobody gave
    assert err(bet.replace("B bet 200", "A check"))["code"] == "no_chips_left"


@pytest.mark.parametrize("lang, words", [("en", "A posts the ante of 50 with their last chips and is all-in on it."),
                                         ("ja", "Aは最後のチップでアンティ50を払い、アンティでオールインです。"),
                                         ("ko", "A는 남은 칩으로 앤티 50을 내고 앤티로 올인입니다.")])
def test_a_stack_exactly_the_ante_is_allin_and_said_so(lang: str, words: str) -> None:
    # Was: no word that A is all-in (only a stack short of the ante was noted). A wins 50 from
    # each player and no more: antes count toward what each can win (23: side pots).
    out = pot("NL 100/200 ante 50 stacks A 50 B 5000 C 5000 preflop: B call, C check; showdown: A > B > C", lang=lang)
    assert words in out["text"]
    assert shape(out) == [("main", 150, ["B", "C", "A"], {"A": 150}), ("side1", 400, ["B", "C"], {"B": 400})]
