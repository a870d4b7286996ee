"""Red team on single-betting-round rulings typed as floor staff type them (December 2026, round 3).

Each test is a hand that was ruled wrongly, or refused where a floor person's wording is plain,
with the exact amounts and the rule ids that decide it.
"""

from __future__ import annotations

from tests.ruling_helpers import action, ok, ruling


def test_a_second_undercall_in_a_row_is_the_tds_call_under_53_c() -> None:
    # 53-C: play goes back to the first undercaller (B), who corrects under 53-B (facing the
    # opening bet: a full call); the TD decides the second (C), even facing the opening bet.
    out = ok("NL 1000/2000 flop: A bet 2000, B 1000, C 1000, D?")
    b, c = action(out, "B"), action(out, "C")
    assert (b["ruled"], b["outcome"], b["rules"]) == ("undercall", "must_call", ["42-C", "53-B", "IA-53"])
    assert (c["ruled"], c["outcome"], c["to"]) == ("undercall", "td_discretion", 2000)
    assert c["rules"] == ["42-C", "53-B", "53-C"] and c["notes"] == ["undercall_consecutive"]
    assert (out["to_act"], out["to_call"], out["min_raise_to"]) == ("D", 2000, 4000)
    assert "53-C" in out["citations"]
    assert "play goes back to B" in out["text"]
    # A proper call in between ends the run: D's undercall of the opening bet is 53-B's again.
    out = ok("NL 1000/2000 flop: A bet 2000, B 1000, C call, D 1000, E?")
    assert (action(out, "D")["outcome"], "53-C" in out["citations"]) == ("must_call", False)
    # TDA 2009 has no such rule: the floor decides (rule 1).
    old = ok("NL 1000/2000 flop: A bet 2000, B 1000, C 1000, D?", ruleset="tda2009")
    assert action(old, "C")["rules"] == ["29", "1"] and action(old, "C")["outcome"] == "td_discretion"


def test_amounts_with_dots_for_thousands_are_refused_not_read_as_one_chip() -> None:
    # "1.000" was read as 1, and rule 59 then made it 10,000 in a pot of 30,000.
    out = ruling("NL 100/200 flop pot 30000: A bet 1.000, B?")
    err = out["error"]
    assert (out["ok"], err["code"], err["hint"]) == (False, "bad_amount", "1,000")
    assert ("ruling NL 100/200 flop pot 30000: A bet 1.000, B?")[err["at"]:].startswith("1.000")
    assert ruling("NL 1.000/2.000 flop: A bet 2000, B?")["error"]["code"] == "bad_blinds"  # was blinds 1/2
    assert ruling("NL 100/200 flop pot 1.000: A bet 200, B?")["error"]["code"] == "bad_pot"  # was a pot of 1
    assert ok("NL 100/200 flop pot 30000: A bet 1.5k, B?")["bet_level"] == 1500


def test_call_with_an_amount_is_a_call_bound_by_53_a() -> None:
    for said in ("call 2000", "calls 2k"):
        out = ok(f"NL 1000/2000 flop: A bet 2000, B {said}, C?")
        b = action(out, "B")
        assert (b["ruled"], b["to"], b["rules"], b.get("notes")) == ("call", 2000, ["53-A"], None)
    # Less than the bet: "call" binds the whole call (53-A, Addendum 53 example 3), no undercall.
    b = action(ok("NL 1000/2000 flop: A bet 2000, B call 1000, C?"), "B")
    assert (b["ruled"], b["to"], b["rules"], b["notes"]) == ("call", 2000, ["53-A"], ["call_said_short"])
    # More than the bet: still a call, no raise.
    out = ok("NL 1000/2000 flop: A bet 2000, B call 3000, C?")
    assert (action(out, "B")["to"], action(out, "B")["notes"], out["bet_level"]) == (2000, ["call_said_over"], 2000)
    # The chips added (the big blind's 3,000 more to 5,000) are the call as said.
    out = ok("NL 1000/2000 preflop: UTG raise 5000, SB fold, BB call 3000")
    assert (action(out, "BB")["to"], action(out, "BB").get("notes"), out["to_act"]) == (5000, None, None)
    # Nothing to call: a check (57), as a plain "call" is.
    c = action(ok("NL 1000/2000 flop: A check, B call 1000, C?"), "B")
    assert (c["ruled"], c["rules"], c["notes"]) == ("check", ["57"], ["call_no_bet"])
    # Japanese word order: the amount before the verb.
    out = ok("NL 1000/2000 フロップ: Aが2000ベット、Bが1000コール、C?", lang="ja")
    assert (action(out, "B")["to"], action(out, "B")["notes"]) == (2000, ["call_said_short"])


def test_questions_typed_as_english_sentences_ask_about_the_player() -> None:
    base = "NL 1k/2k flop: A bet 2k, B raise 6k, "
    for asked in ("what can C do?", "what does C do", "What Can C Do ?", "what about C?", "action on C?",
                  "options for C", "C to act?", "C's options?", "C options?"):
        out = ok(base + asked)
        assert (out["to_act"], out["to_call"], out["min_raise_to"], out["options_reason"]) == ("C", 6000, 10000, "not_acted")
    # `options for C` had read as a player called "options" calling ("for" a filler, "C" = call).
    assert [a["player"] for a in ok(base + "options for C")["actions"]] == ["A", "B"]
    # Asked of a player whose turn it is not: the usual answer, not an unknown verb.
    err = ruling("NL 1k/2k flop: A bet 2k, B raise 6k, C call, what can B do?")["error"]
    assert (err["code"], err["hint"]) == ("not_their_turn", "A?")  # the hint asks about whose turn it is


def test_seat_numbers_typed_as_seat_n_are_one_player() -> None:
    out = ok("NL 1k/2k flop: seat 3 check, Seat 5 check, seat 7 bet 4000, seat 3?")
    assert [a["player"] for a in out["actions"]] == ["seat3", "Seat5", "seat7"]
    assert (out["to_act"], out["to_call"], out["can_raise"], out["min_raise_to"]) == ("seat3", 4000, True, 8000)
    out = ok("NL 1k/2k flop: seat 3 bet 2k, seat 5 raise 6k, what can seat 7 do?")
    assert (out["to_act"], out["to_call"], out["min_raise_to"]) == ("seat7", 6000, 10000)


def test_past_tenses_and_floor_verbs_read_as_the_action_they_name() -> None:
    out = ok("NL 100/200 flop: A checked, B led 500, C flatted, D raised 1500, E 4bet 4000, A folded, B called, C?")
    assert [(a["ruled"], a["to"]) for a in out["actions"]] == [
        ("check", 0), ("bet", 500), ("call", 500), ("raise", 1500), ("raise", 4000), ("fold", 0), ("call", 4000)]
    assert (out["to_act"], out["to_call"], out["can_raise"], out["min_raise_to"]) == ("C", 3500, True, 6500)
    out = ok("NL 100/200 flop: A cbet 500, B shoved 3000, C mucked, A?")
    assert (action(out, "B")["ruled"], out["to_act"], out["to_call"], out["can_raise"]) == ("allin", "A", 2500, False)


def test_open_is_a_bet_or_a_raise_with_no_word_to_correct() -> None:
    out = ok("NL 100/200 preflop: UTG opens 600, HJ?")
    utg = action(out, "UTG")
    assert (utg["ruled"], utg["to"], utg["rules"], utg.get("notes")) == ("raise", 600, ["45-B"], None)
    assert (out["to_call"], out["min_raise_to"]) == (600, 1000)
    a = action(ok("NL 100/200 flop: A leads 500, B?"), "A")
    assert (a["ruled"], a["to"], a["rules"]) == ("bet", 500, ["52"])


def test_makes_it_is_a_declared_raise_not_an_amount_said_alone() -> None:
    # Facing 500, "makes it 700" is a raise short of the minimum: completed to 1,000 (45-A, 54-A).
    # Read as 700 said alone (42-C) it had been a call by the 50 % standard.
    b = action(ok("NL 100/200 flop: A bet 500, B makes it 700, C?"), "B")
    assert (b["ruled"], b["to"], b["rules"], b["notes"]) == ("raise", 1000, ["45-A", "54-A"], ["completed_to_minimum"])
    out = ok("NL 100/200 flop: A bet 500, B made it 1500, C?")
    assert (action(out, "B")["to"], out["min_raise_to"]) == (1500, 2500)
    assert ruling("NL 50/100 flop: A bet 100, B makes, C?")["error"]["code"] == "missing_action"


def test_calls_all_in_is_an_all_in_for_an_amount_up_to_the_bet_else_a_call() -> None:
    for said in ("call allin 300", "calls all in 300", "calls all-in for 300"):
        out = ok(f"NL 100/200 flop: A bet 500, B {said}, C?")
        b = action(out, "B")
        assert (b["ruled"], b["to"], b["rules"], out["players"]["B"]["status"]) == ("allin", 300, ["52"], "allin")
        assert (out["to_act"], out["to_call"], out["bet_level"], out["min_raise_to"]) == ("C", 500, 500, 1000)
    out = ok("NL 100/200 flop: A bet 500, B calls all in 500, C raise 1500, D call, A?")
    assert (out["players"]["B"]["status"], out["to_act"], out["to_call"]) == ("allin", "A", 1000)
    # No amount: a call (of the all-in here); the stacks, when typed, say whether it took everything.
    b = action(ok("NL 100/200 flop: A allin 500, B calls all in, C?"), "B")
    assert (b["ruled"], b["to"], b["rules"]) == ("call", 500, ["53-A"])
    out = ok("NL 100/200 stacks A 5000 B 300 C 5000 flop: A bet 500, B calls all in, C?")
    assert (action(out, "B")["ruled"], action(out, "B")["to"]) == ("allin", 300)


def test_amounts_in_big_blinds_are_totals_in_chips() -> None:
    for said in ("raise 3bb", "raises to 3 bb", "3bb"):
        out = ok(f"NL 100/200 preflop: UTG {said}, HJ?")
        assert (action(out, "UTG")["ruled"], action(out, "UTG")["to"]) == ("raise", 600)
        assert (out["to_call"], out["full_raise"], out["min_raise_to"]) == (600, 400, 1000)
    out = ok("NL 100/200 preflop: UTG raise 2.5bb, HJ call 2.5bb, CO allin 10bb, BTN?")
    assert [a["to"] for a in out["actions"]] == [500, 500, 2000]
    assert (out["to_call"], out["min_raise_to"]) == (2000, 3500)
    err = ruling("NL 25/50 preflop: UTG raise 2.25bb, HJ?")["error"]  # 112.5 chips: no such amount
    assert (err["code"], err["hint"]) == ("bad_amount", "112")


def test_a_straddle_is_refused_with_the_reason_not_as_an_unknown_word() -> None:
    for hand in ("NL 100/200 preflop straddle 400: UTG call, CO?", "NL 100/200 preflop: UTG straddle 400, CO?",
                 "NL 100/200 プリフロップ: UTGがストラドル400、CO?"):
        for lang in ("en", "ja", "ko"):
            out = ruling(hand, lang=lang)
            err = out["error"]
            assert (out["ok"], err["code"]) == (False, "straddle_not_read")
            assert ("ruling " + hand)[err["at"]:].lower().startswith(("straddle", "ストラドル"))


def test_an_action_out_of_turn_after_another_is_measured_against_the_bet_at_the_table() -> None:
    # C raises to 600 out of turn, D calls it out of turn, then B (whose turn it was) calls 200.
    # C's raise stands (a call changes nothing), so D still faces the 600 D called: D's call stands
    # too (55-A, IA-55-A-1). Measured against the bet in turn (200), it had been void and D free to raise.
    out = ok("NL 100/200 flop players A B C D: A bet 200, C raise 600, D call, B call")
    d = action(out, "D")
    assert (d["ruled"], d["to"], d["oot"], d["rules"]) == ("call", 600, "stands", ["55-A", "IA-55-A-1", "53-A"])
    assert (out["to_act"], out["to_call"], out["can_raise"], out["min_raise_to"]) == ("A", 400, True, 1000)
    out = ok("NL 100/200 flop players A B C D E: A bet 200, C raise 600, D raise 1800, B call, E?")
    assert [(a["player"], a.get("oot"), a["to"]) for a in out["actions"][1:3]] == [("C", "stands", 600), ("D", "stands", 1800)]
    assert (out["to_act"], out["to_call"], out["min_raise_to"]) == ("E", 1800, 3000)
    # B raises instead: C's raise is void, and so is D's call of it when D's turn comes.
    out = ok("NL 100/200 flop players A B C D: A bet 200, C raise 600, D call, B raise 900, C call")
    assert (action(out, "D")["oot"], out["to_act"], out["to_call"], out["can_raise"]) == ("void", "D", 900, True)
    # Check-around version: C bets out of turn, D calls it, B checks: both stand, A faces 400.
    out = ok("NL 100/200 flop players A B C D: A check, C bet 400, D call, B check, A?")
    assert (action(out, "D")["oot"], out["to_act"], out["to_call"]) == ("stands", "A", 400)


def test_pot_verbs_as_people_type_them_are_the_pot_limit_maximum() -> None:
    for said in ("pots", "pots it", "bets the pot"):
        a = action(ok(f"PL 100/200 flop pot 1000: A {said}, B?"), "A")
        assert (a["ruled"], a["to"], a["rules"]) == ("bet", 1000, ["56-C"])
    for said in ("repots", "raise the pot", "potted"):
        out = ok(f"PL 100/200 flop pot 1000: A bet 500, B {said}, C?")
        # 56-C: B calls 500 (pot 2,000), then raises by the pot: to 2,500.
        assert (action(out, "B")["ruled"], action(out, "B")["to"], out["max_raise_to"]) == ("raise", 2500, 9000)


def test_call_then_raise_said_together_is_a_call_the_first_word_binds() -> None:
    for said in ("call raise 900", "calls and raises 900", "call then raise to 900"):
        out = ok(f"NL 100/200 flop: A bet 300, B {said}, C?")
        b = action(out, "B")
        assert (b["ruled"], b["to"], b["rules"], b["notes"]) == ("call", 300, ["53-A"], ["then_said_call"])
        assert (out["bet_level"], out["to_call"], out["min_raise_to"]) == (300, 300, 600)
    b = action(ok("NL 100/200 flop: A bet 300, B fold call, C?"), "B")
    assert (b["ruled"], b["rules"], b["notes"]) == ("fold", ["52"], ["then_said_fold"])
    # "Calls all in 200" is still the all-in call for less, not a second word.
    assert action(ok("NL 100/200 flop: A bet 300, B call allin 200, C?"), "B")["ruled"] == "allin"


def test_check_raise_is_a_raise() -> None:
    for said in ("check raise 900", "checkraise 900", "check-raises 900", "x/r 900"):
        out = ok(f"NL 100/200 flop: A check, B bet 300, A {said}, B?")
        a = action(out, "A")
        assert (a["ruled"], a["to"], a["rules"]) == ("raise", 900, ["45-B"])
        assert (out["to_act"], out["to_call"], out["min_raise_to"]) == ("B", 600, 1500)


def test_a_showdown_of_one_unknown_word_has_no_empty_hint() -> None:
    # Found by tests/test_fuzz_near_valid_lines.py: "showdown: CAB" (the spaces lost) mended to nothing, and
    # the reply said 'Did you mean “”?'.
    from handlers.context import Context
    from handlers.dispatch import handle

    line = "pot NL 100/200 bba 200 stacks A 5000 B 1200 C 250 preflop: A raise 500, B allin, A call; showdown: CAB"
    for lang in ("en", "ja", "ko"):
        out = handle(line, Context(lang=lang, ruleset_id="tda2026")).to_json()
        assert (out["ok"], out["error"]["code"], out["error"]["hint"]) == (False, "showdown_unknown_player", None)
        assert "“”" not in out["text"] and "「」" not in out["text"] and "‘’" not in out["text"]


def test_a_verb_glued_to_its_amount_is_read_in_english_too() -> None:
    out = ok("NL 1k/2k flop: A b2k, B raise6000, C c6k, D shove9.5k, E?")
    assert [(a["ruled"], a["to"]) for a in out["actions"]] == [("bet", 2000), ("raise", 6000), ("call", 6000),
                                                                ("allin", 9500)]
    assert (out["to_act"], out["to_call"], out["min_raise_to"]) == ("E", 9500, 13500)
    assert ruling("NL 1k/2k flop: A x10, B?")["error"]["code"] == "unknown_verb"  # a check takes no amount


def test_a_share_of_the_pot_is_refused_with_its_own_reason_not_a_missing_comma() -> None:
    for said in ("bet 1/2 pot", "bet half pot"):
        line = f"NL 1k/2k flop pot 10k: A {said}, B?"
        err = ruling(line)["error"]
        assert (err["code"], err["hint"]) == ("pot_share_not_read", "A bet 500")
        assert ("ruling " + line)[err["at"]:].startswith(said.split(" ", 1)[1])


def test_a_check_facing_a_bet_bars_a_raise_of_that_bet_only() -> None:
    # 57: facing A's 200, B's "check" leaves call or fold. B calls; C then raises to 800, a full
    # raise: B faces a new bet and may raise (49-A), as anyone who called would. It had stayed barred.
    out = ok("NL 100/200 flop: A bet 200, B check, B call, C raise 800, A fold, B?")
    assert (out["to_act"], out["to_call"], out["can_raise"], out["min_raise_to"], out["options_reason"]) == (
        "B", 600, True, 1400, "reopened")
    assert "49-A" in out["citations"]
    # Against the bet B checked to, still no raise (57).
    out = ok("NL 100/200 flop: A bet 200, B check, B?")
    assert (out["can_raise"], out["options_reason"], out["citations"]) == (False, "barred", ["52", "57"])
    b = action(ok("NL 100/200 flop: A bet 200, B check, B raise 600, C?"), "B")
    assert (b["ruled"], b["to"], b["rules"]) == ("call", 200, ["57", "53-A"])


def test_a_check_out_of_turn_heads_up_bars_the_raise_for_the_round_and_says_why() -> None:
    # 55-B: for the rest of the round, even after a raise; the reason is the check out of turn,
    # not a check facing a bet (which the reply had said).
    out = ok("NL 100/200 turn players A B: B check, A bet 1000, B?")
    assert (out["can_raise"], out["options_reason"]) == (False, "barred")
    assert {"55-B", "IA-55-B"} <= set(out["citations"])
    assert "out of turn" in out["text"] and "facing a bet" not in out["text"]
    assert "57" not in out["citations"]
