"""Red team, the whole hand as a tournament director checks it (December 2026, round 4).

Each test is a line a floor person could type that got a wrong ruling (or a confident reading of
something the line does not settle), the exact answer the rules give, and the rule ids the reply
must cite. Chip amounts of the short-blind cases are the ones PokerKit gives for the same hand.
"""

from __future__ import annotations

import pytest

from handlers.hint_text import render_hint
from tests.ruling_helpers import answer_line as answer
from tests.ruling_helpers import ok_line as ok
from tests.ruling_helpers import refused_line as refused

# -- "goes to 700" is a raise to 700 ----------------------------------------------------------------

@pytest.mark.parametrize("said", ["goes to 700", "went to 700", "goes 700", "makes it 700", "to 700"])
def test_goes_to_is_a_declared_raise_completed_to_the_minimum(said: str) -> None:
    # Was: `goes to 700` read as 700 said alone (42-C), which facing a raise to 600 adds less than
    # half of the 400 raise and so was ruled a call. "Goes to" declares a raise to that total: short
    # of the minimum (1,000) it is made the minimum (45-B, 54-A), as `makes it 700` already was.
    out = ok(f"ruling NL 100/200 preflop: A raise 600, B {said}, C?")
    b = out["actions"][1]
    assert (b["ruled"], b["to"]) == ("raise", 1000)
    assert (out["to_act"], out["to_call"], out["min_raise_to"]) == ("C", 1000, 1400)
    assert {"45-B", "54-A"} <= set(out["citations"])


def test_goes_to_with_nothing_bet_is_a_bet() -> None:
    out = ok("ruling NL 100/200 flop: A goes to 700, B?")
    assert (out["actions"][0]["ruled"], out["actions"][0]["to"]) == ("bet", 700)
    assert (out["to_call"], out["min_raise_to"]) == (700, 1400)


# -- "raise pot 600": the word and the amount disagree ------------------------------------------------

@pytest.mark.parametrize("lang, word", [("en", "pot-limit maximum"), ("ja", "ポットリミット上限"), ("ko", "팟 리밋 상한")])
def test_pot_raise_with_a_different_amount_is_refused(lang: str, word: str) -> None:
    # Was: `A raise pot 600` at PL 100/200 ruled a raise to 700 (the maximum), the 600 silently
    # dropped. The pot raise here is to 700 (56-B): 600 is neither that total nor the 500 it adds,
    # so which one binds is not on the line.
    err = refused("ruling PL 100/200 preflop: A raise pot 600, B?", lang)
    assert err["code"] == "pot_amount_mismatch" and err["at"] == 27
    assert err["hint"] == render_hint("A raise pot / A raise 600", lang) and word in err["message"] and "700" in err["message"]


@pytest.mark.parametrize("amount", [700, 500])  # the maximum's total, or what it adds over the call
def test_pot_raise_with_its_own_amount_is_the_maximum(amount: int) -> None:
    out = ok(f"ruling PL 100/200 preflop: A raise pot {amount}, B?")
    assert (out["actions"][0]["ruled"], out["actions"][0]["to"]) == ("raise", 700)
    assert (out["to_call"], out["max_raise_to"]) == (700, 2400) and "56-B" in out["citations"]


def test_pot_word_with_an_amount_in_no_limit_bets_the_amount() -> None:
    # 56-D: "pot" in no limit names no amount; the amount typed with it is the bet (it had been
    # dropped and the bet shown at the minimum, 200).
    out = ok("ruling NL 100/200 flop: A bet pot 600, B?")
    a = out["actions"][0]
    assert (a["ruled"], a["to"]) == ("bet", 600) and "56-D" in a["rules"]
    assert "the 600 typed with it is the amount bet" in out["text"]


# -- a big blind all-in for less than the blind, nobody else left -----------------------------------

@pytest.mark.parametrize("ruleset, cites", [("tda2026", "16-B"), ("tda2009", "1")])
def test_small_blind_calls_only_the_big_blinds_allin_heads_up(ruleset: str, cites: str) -> None:
    # Was: "SB needs 50 more to call (the bet is 100)". The big blind is all-in for 60 and nobody
    # else is in: the small blind needs 10 more; anything above 60 would come back uncalled. PokerKit
    # asks 10 too. With another player still to act (or having called 100), the full bet stands.
    out = ok("ruling NL 50/100 stacks SB 5000 BB 60 preflop: SB?", ruleset=ruleset)
    assert (out["to_act"], out["to_call"], out["can_raise"]) == ("SB", 10, False)
    assert cites in out["citations"]
    assert "SB only has to match 60" in out["text"]
    called = ok("pot NL 50/100 stacks SB 5000 BB 60 preflop: SB call; showdown: BB > SB", ruleset=ruleset)
    assert [(p["amount"], p["shares"]) for p in called["pots"]] == [(120, {"BB": 120})]
    assert called["returned"] == {} and called["stacks_after"] == {"BB": 120, "SB": 4940}


def test_house_rules_call_a_short_big_blind_at_the_full_blind() -> None:
    # jp-basic (seed 003): an all-in below the minimum bet is still called at the minimum bet, so
    # the small blind is asked the full blind, and the reply now cites the house rule that says so.
    out = ok("ruling NL 50/100 stacks SB 5000 BB 60 preflop: SB?", ruleset="jp-basic")
    assert (out["to_act"], out["to_call"], out["can_raise"]) == ("SB", 50, False)
    assert "JP-allin-short" in out["citations"] and "16-B" not in out["citations"]
    called = ok("pot NL 50/100 stacks SB 5000 BB 60 preflop: SB call; showdown: BB > SB", ruleset="jp-basic")
    assert called["returned"] == {"SB": 40} and called["stacks_after"] == {"BB": 120, "SB": 4940}


def test_the_full_bet_stands_while_another_player_has_chips() -> None:
    out = ok("ruling NL 50/100 stacks BTN 5000 SB 5000 BB 60 preflop: BTN call, SB?")
    assert (out["to_call"], out["can_raise"], out["min_raise_to"]) == (50, True, 200)
    folded = ok("ruling NL 50/100 stacks BTN 5000 SB 5000 BB 60 preflop: BTN fold, SB?")
    assert (folded["to_call"], folded["can_raise"]) == (10, False)


@pytest.mark.parametrize("lang, lead", [("en", "SB already has more in than BB's all-in of 30"),
                                        ("ja", "SBはすでにBBのオールイン額30より多く出しており"),
                                        ("ko", "SB는 이미 BB의 올인 금액 30보다 많이 냈고")])
def test_small_blind_above_the_big_blinds_allin_has_no_decision(lang: str, lead: str) -> None:
    # Was: "SB needs 50 more to call", and `pot` refused to settle ("SB still has to act"). The
    # small blind's 50 already covers the big blind's all-in of 30: nothing is left to decide, the
    # 20 above it goes back (16-B), and the hands are tabled (17).
    out = ok("ruling NL 50/100 stacks SB 5000 BB 30 preflop: SB?", lang)
    assert out["to_act"] is None and out["options_reason"] == "round_over" and "16-B" in out["citations"]
    assert lead in out["text"]
    settled = ok("pot NL 50/100 stacks SB 5000 BB 30 preflop: ; showdown: SB > BB")
    assert [(p["amount"], p["shares"]) for p in settled["pots"]] == [(60, {"SB": 60})]
    assert settled["returned"] == {"SB": 20} and settled["show_reason"] == "allin_face_up"


# -- typed the way floor staff type ----------------------------------------------------------------

@pytest.mark.parametrize("ante", ["bb ante 2k", "BB ante 2k", "big blind ante 2k", "bba 2k"])
def test_big_blind_ante_in_words(ante: str) -> None:
    # Was: "“bb” is not a game, blinds, street ..." with the hint "b". The big blind posts 2k for
    # the table after the blind (RP-11): 1k + 2k + 2k + two raises to 5k = 15k in the pot.
    out = ok(f"ruling nl 1k/2k {ante} pre: utg r 5k, co c, btn f, sb f, bb?")
    assert (out["to_act"], out["to_call"], out["min_raise_to"], out["pot"]) == ("bb", 3000, 8000, 15000)


@pytest.mark.parametrize("blinds, hint", [("1k/2k/2k", "1k/2k bba 2k"), ("1k/2k/300", "1k/2k ante 300")])
def test_three_amounts_for_the_blinds_ask_whose_ante(blinds: str, hint: str) -> None:
    # Was: "not a pair of blinds" with the hint "50/100". The third amount is an ante; whether every
    # player posts it or the big blind does is not on the line.
    err = refused(f"ruling NL {blinds} preflop: UTG raise 5k, CO?")
    assert (err["code"], err["at"], err["hint"]) == ("three_blind_amounts", 10, hint)


def test_abbreviated_street_words() -> None:
    line = ("ruling nl 1k/2k pre: utg r 5k, hj f, co c, btn f, sb f, bb c; flp: bb x, utg b 6k, co c, bb f; "
            "trn: utg x, co x; rvr: utg b 10k, co?")
    out = ok(line)
    assert [h["street"] for h in out["street_history"]] == ["preflop", "flop", "turn", "river"]
    assert (out["to_act"], out["to_call"], out["pot"]) == ("co", 10000, 38000)


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_a_stack_in_brackets_after_a_name_points_to_the_header(lang: str) -> None:
    # Was: "“(50k)” is not an action" with the hint "UTG call".
    err = refused("ruling NL 1k/2k preflop: UTG (50k) raise 5k, CO (12k) allin, BB?", lang)
    assert (err["code"], err["at"], err["hint"]) == ("stack_inline", 29, render_hint("stacks UTG 50k ... preflop: ...", lang))
    assert "(50k)" in err["message"]


def test_full_stops_part_english_actions() -> None:
    # Was: "“500.” is not an amount". A full stop and a space end an action as a comma does; the dot
    # of `1.5k` is still a decimal point.
    out = ok("ruling NL 100/200 flop: A bets 500. B raises to 1500. C folds. A?")
    assert [(a["player"], a["ruled"], a["to"]) for a in out["actions"]] == [
        ("A", "bet", 500), ("B", "raise", 1500), ("C", "fold", 0)]
    assert (out["to_act"], out["to_call"], out["min_raise_to"]) == ("A", 1000, 2500)
    decimals = ok("ruling NL 100/200 flop: A bet 1.5k. B raise 4.5k. C?")
    assert (decimals["to_call"], decimals["min_raise_to"]) == (4500, 7500)


def test_a_comma_after_the_blinds_is_punctuation() -> None:
    # Was: "“100/200,” is not a pair of blinds".
    out = ok("ruling NL 100/200, flop: A bet 500, B?")
    assert (out["to_act"], out["to_call"]) == ("B", 500)
    seated = answer("ruling NL, 100/200, flop, players A, B, C: B bet 500, C?")["error"]
    assert (seated["code"], seated["hint"]) == ("not_their_turn", "A?")  # A, B, C seated in that order


@pytest.mark.parametrize("bb_stack", [30, 50, 60, 99])
@pytest.mark.parametrize("handed", [2, 3])
def test_short_big_blind_call_agrees_with_pokerkit_once_nobody_else_has_chips(bb_stack: int, handed: int) -> None:
    # PokerKit plays the same hand (tournament mode): what the small blind must add once the big
    # blind is all-in short and nobody else is left, or that nothing is left to decide.
    from pokerkit import Automation, Mode, NoLimitTexasHoldem

    automations = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
                   Automation.CHIPS_PULLING, Automation.HOLE_DEALING, Automation.CARD_BURNING)
    # PokerKit seats the blinds first; heads-up it lists the big blind first (the button posts the SB).
    stacks = (bb_stack, 5000) if handed == 2 else (5000, bb_stack, 5000)
    state = NoLimitTexasHoldem.create_state(automations, True, 0, (50, 100), 100, stacks, handed, mode=Mode.TOURNAMENT)
    if handed == 3:
        state.fold()  # the button
    # With the button folded PokerKit still hands the small blind a turn with nothing to add (a
    # check, no raise possible): the same as no decision left.
    pk_call = state.checking_or_calling_amount or None if state.actor_index is not None else None
    table = "SB 5000 BB {}" if handed == 2 else "BTN 5000 SB 5000 BB {}"
    folds = "" if handed == 2 else "BTN fold, "
    out = ok(f"ruling NL 50/100 stacks {table.format(bb_stack)} preflop: {folds}SB?")
    ours = out["to_call"] if out["to_act"] == "SB" else None
    assert ours == pk_call == (bb_stack - 50 if bb_stack > 50 else None)


@pytest.mark.parametrize("said, note", [("limp", "read as a call of 60"), ("complete", "read as a call of 60"),
                                        ("check", "must call 10 or fold")])
def test_words_against_a_short_big_blind_heads_up_say_the_capped_call(said: str, note: str) -> None:
    game = "FL" if said == "complete" else "NL"
    out = ok(f"ruling {game} 50/100 stacks SB 5000 BB 60 preflop: SB {said}")
    assert note in out["text"] and "of 100" not in out["text"] and "call 50 " not in out["text"]


def test_house_rules_heads_up_cites_their_own_section() -> None:
    # Seed 003 has its own heads-up section (the small blind holds the button): jp-basic cites it
    # before TDA 36-C, where it had cited 36-C alone.
    out = ok("ruling NL 50/100 stacks SB 5000 BB 5000 preflop: SB?", ruleset="jp-basic")
    assert out["citations"][:2] == ["JP-heads-up", "36-C"]
    assert "36-C" in ok("ruling NL 50/100 stacks SB 5000 BB 5000 preflop: SB?")["citations"]


@pytest.mark.parametrize("line, ruled, to", [
    ("A bet 500, B flat, C squeeze 2500, A?", "raise", 2500),  # was "“squeeze” is not an action"
    ("A bets out 500, B?", "bet", 500),  # was "Did not expect “out” here"
    ("A overbets 5000, B?", "bet", 5000),
])
def test_floor_slang_for_bets_and_raises(line: str, ruled: str, to: int) -> None:
    out = ok(f"ruling NL 100/200 flop: {line}")
    last = out["actions"][-1]
    assert (last["ruled"], last["to"]) == (ruled, to)


def test_a_decimal_comma_gets_the_decimal_point_as_hint() -> None:
    # Was: "reads as chips pushed" with the hint `A bet chips 1,5k` (one chip and a 5,000).
    err = refused("ruling NL 100/200 flop: A bet 1,5k, B?")
    assert (err["code"], err["at"], err["hint"]) == ("bad_amount", 30, "1.5k")


@pytest.mark.parametrize("word, at", [("HU", 18), ("heads-up", 18)])
def test_a_heads_up_word_in_the_header_hints_the_seats(word: str, at: int) -> None:
    # Was refused with no hint at all.
    err = refused(f"ruling NL 100/200 {word} preflop: SB call, BB?")
    assert (err["code"], err["at"], err["hint"]) == ("unknown_header_word", at, "players SB BB")
    assert ok("ruling NL 100/200 preflop players SB BB: SB call, BB?")["to_call"] == 0


@pytest.mark.parametrize("ruleset, cites", [("tda2026", "16-B"), ("tda2009", "1"), ("jp-basic", "16-B")])
def test_a_bet_only_a_smaller_allin_answered_says_what_goes_back(ruleset: str, cites: str) -> None:
    # The round is over and the reply said only that; the 600 of A's bet above B's all-in for 400
    # is called by nobody and goes back to A (16-B), which the floor tells the dealer.
    out = ok("ruling NL 100/200 flop: A bet 1000, B allin 400, C fold, A?", ruleset=ruleset)
    assert out["to_act"] is None and out["options_reason"] == "round_over" and cites in out["citations"]
    assert "Nobody matched A's chips above 400: the 600 over it goes back to A (uncalled)." in out["text"]
    assert "goes back" not in ok("ruling NL 100/200 flop: A bet 1000, B call", ruleset=ruleset)["text"]


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_two_players_listed_before_the_flop_without_blinds_is_asked(lang: str) -> None:
    # Was: `players A B` seated SB and BB after them (four at the table), so B's check as the big
    # blind heads-up was ruled "check facing a bet, not valid (57)". Heads-up or two players ahead of
    # unnamed blinds: the line does not say, and the reply names the forms that do.
    err = refused("ruling NL 100/200 preflop players A B: A call, B check", lang)
    assert (err["code"], err["at"], err["hint"]) == ("players_two_no_blinds", 37, render_hint("players SB BB", lang))
    players = {"en": "players A B SB BB", "ja": "プレイヤー A B SB BB", "ko": "플레이어 A B SB BB"}[lang]
    assert players in err["message"]  # written as the reply language's notation, which reads the same
    assert ok(f"ruling NL 100/200 preflop {players}: A call, B check")["to_act"] == "B"
    four = ok("ruling NL 100/200 preflop players A B SB BB: A call, B check")
    assert four["to_act"] == "B" and four["to_call"] == 200
    heads_up = ok("ruling NL 100/200 stacks A 5000 B 5000 preflop: A call, B check, A?")
    assert heads_up["to_act"] is None and "36-C" in heads_up["citations"]


def test_what_goes_back_counts_the_chips_of_players_who_folded() -> None:
    # The small blind's 50 stays in a side pot the big blind wins; only the big blind's 50 above it
    # goes back, as `pot` settles the same hand.
    line = "NL 50/100 stacks UTG 30 BTN 5000 SB 5000 BB 5000 preflop: UTG allin, BTN fold, SB fold"
    out = ok(f"ruling {line}, BB?")
    assert "Nobody matched BB's chips above 50: the 50 over it goes back to BB (uncalled)." in out["text"]
    assert ok(f"pot {line}; showdown: BB > UTG")["returned"] == {"BB": 50}


@pytest.mark.parametrize("result", ["winner: B", "showdown: B wins", "showdown: B won", "勝者: B", "승자: B"])
def test_only_the_winner_typed_settles_when_it_decides_every_pot(result: str) -> None:
    # Was: `winner: B` read as one more action, a player called "winner" betting ("b" is bet), and the
    # reply ruled on a street nobody played; `showdown: B wins` was refused. Heads-up, or with the
    # winner covering everyone, the winner alone decides every pot.
    out = ok(f"pot NL 100/200 stacks A 1000 B 5000 preflop: A allin, B call; {result}")
    assert [(p["amount"], p["shares"]) for p in out["pots"]] == [(2000, {"B": 2000})]
    assert out["show_reason"] == "allin_face_up"


def test_only_the_winner_typed_asks_for_the_rest_when_a_side_pot_needs_them() -> None:
    line = ("pot NL 100/200 stacks A 1000 B 5000 C 5000 preflop: A allin, B call, C call; flop: B check, C check; "
            "turn: B check, C check; river: B bet 500, C call; showdown: {}")
    err = refused(line.format("A wins"))  # A cannot win the side pot between B and C
    assert (err["code"], err["hint"]) == ("showdown_missing", "A > B = C")
    covered = ok(line.format("B wins"))  # B covers everyone: B wins every pot
    assert [(p["name"], p["shares"]) for p in covered["pots"]] == [("main", {"B": 3000}), ("side1", {"B": 1000})]


def test_a_win_typed_as_an_action_points_to_the_showdown() -> None:
    # A win typed after the last action closes the hand: it is read as the showdown (review of
    # 05e6f01); typed among the actions, the reply still points to the showdown.
    out = ok("pot NL 100/200 stacks A 1000 B 5000 preflop: A allin, B call; B wins")
    assert [(p["name"], p["shares"]) for p in out["pots"]] == [("main", {"B": 2000})]
    err = refused("pot NL 100/200 stacks A 1000 B 5000 preflop: A allin, B wins, A call")
    assert (err["code"], err["at"], err["hint"]) == ("win_is_showdown", 56, "showdown: B wins")


@pytest.mark.parametrize("word", ["sd", "result", "結果", "결과"])
def test_showdown_words_floor_staff_use(word: str) -> None:
    out = ok(f"pot NL 100/200 stacks A 1000 B 5000 preflop: A allin, B call; {word}: A > B")
    assert [(p["amount"], p["shares"]) for p in out["pots"]] == [(2000, {"A": 2000})]


@pytest.mark.parametrize("lang, words, typed", [("en", "add `chip 25`", "chip 25 "), ("ja", "「最小チップ 25」を加えて", "最小チップ 25 "),
                                                ("ko", "‘최소칩 25’를 넣어", "최소칩 25 ")])
def test_an_odd_chip_of_one_says_how_to_split_in_the_smallest_chip(lang: str, words: str, typed: str) -> None:
    # 375 split two ways at 25/50 gave 188 and 187: no tournament plays a 1 there. Without `chip N`
    # the split stays in chips of 1 (the hand may have any stacks) but the reply now says so and
    # names the likely smallest chip; with `chip 25` the odd 25 goes to B, first left of the button.
    line = ("pot NL 25/50 {chip}button A stacks A 5000 B 5000 C 5000 preflop: A call, B call, C check; flop: B check, "
            "C check, A check; turn: B bet 75, C call, A call; river: B check, C check, A check; showdown: A = B > C")
    ones = ok(line.format(chip=""), lang)
    assert ones["pots"][0]["shares"] == {"B": 188, "A": 187} and words in ones["text"]
    chips = ok(line.format(chip=typed), lang)  # what the note says to type, in the reply's words, is read
    assert chips["pots"][0]["shares"] == {"B": 200, "A": 175} and words not in chips["text"]


@pytest.mark.parametrize("stacks", ["BTN 5000 UTG 5000 SB 5000 BB 5000", "BB 5000 SB 5000 BTN 5000 UTG 5000",
                                    "UTG 5000 BTN 5000 SB 5000 BB 5000"])
def test_stacks_named_by_position_sit_by_position(stacks: str) -> None:
    # Was: the stacks' typed order taken as the table, so `stacks BTN ... UTG ...` had BTN first to
    # act and held UTG's open as out of turn (55-A), or answered "not BTN's turn: SB?".
    out = ok(f"ruling NL 100/200 stacks {stacks} preflop: UTG raise 600, BTN?")
    assert (out["to_act"], out["to_call"], out["min_raise_to"]) == ("BTN", 600, 1000)
    assert "55-A" not in out["citations"]
    flop = ok(f"ruling NL 100/200 stacks {stacks} preflop: UTG raise 600, BTN call, SB fold, BB call; flop: BB?")
    assert flop["to_act"] == "BB"  # first left of the button still in


def test_action_to_a_player_asks_about_them() -> None:
    # Was: "“B?” is not an action" with the hint "b".
    out = ok("ruling NL 100/200 flop: A bet 600, action to B?")
    assert (out["to_act"], out["to_call"]) == ("B", 600)


def test_a_capital_letter_verb_that_is_also_a_player_is_asked() -> None:
    # Was: `winner B` seated a player called "winner" betting ("B" read as short for bet).
    err = refused("pot NL 100/200 stacks A 1000 B 5000 preflop: A allin, B call; winner B")
    assert (err["code"], err["hint"]) == ("win_is_showdown", "showdown: B wins")
    err = refused("ruling NL 100/200 flop: A bet 500, B call, C fold, F C")
    assert (err["code"], err["at"], err["hint"]) == ("letter_verb_is_player", 51, "F call")
    # Lower case, or a letter nobody is called, is the short verb as before.
    assert ok("ruling NL 50/100 flop: B b 100, C c, F f, K?")["to_call"] == 100
    assert ok("ruling NL 100/200 flop: A bet 500, B call, C F")["options_reason"] == "round_over"


def test_seat_numbers_with_a_button_sit_in_seat_order() -> None:
    # Typed 2, 1, 3, 4 with the button on 3: the small blind is 4, the big blind 1, and 2 opens.
    # Seated in typed order, 2 had been the big blind, 2's open held as out of turn, and the reply
    # was "not 3's turn: the action is on 1".
    out = ok("ruling NL 100/200 button 3 stacks 2 5000 1 5000 3 5000 4 5000 preflop: 2 raise 600, 3?")
    assert (out["to_act"], out["to_call"], out["min_raise_to"]) == ("3", 600, 1000)
    assert "55-A" not in out["citations"]
