"""Every Illustration Addendum example of rules 45, 47, 48, 49, 53 and 54-A, and the worked
examples of the reopening article (seed 002), written as hand notation through the handler."""

from __future__ import annotations

import pytest

from tests.ruling_helpers import action, ok, ruling


# -- IA-45: the size of a raise ------------------------------------------------------------
def test_ia45_ex1_min_raise_is_last_increment_not_total() -> None:
    out = ok("NL 100/200 flop: A bet 600, B raise 1600, C raise 3600, D?")
    assert (out["to_act"], out["to_call"], out["min_raise_to"], out["full_raise"]) == ("D", 3600, 5600, 2000)


def test_ia45_ex2_short_allin_preflop_keeps_the_blind_as_increment() -> None:
    out = ok("NL 50/100 preflop: A allin 150, B?")
    assert out["to_call"] == 150 and out["min_raise_to"] == 250 and out["full_raise"] == 100
    assert action(out, "A")["full_raise"] is False


def test_ia45_ex3_two_chips_make_a_raise_to_1000() -> None:
    out = ok("NL 100/200 turn: A bet 300, B chips 500x2, C?")
    b = action(out, "B")
    assert (b["ruled"], b["to"]) == ("raise", 1000)
    assert (out["to_call"], out["min_raise_to"]) == (1000, 1700)


def test_ia45_ex4a_largest_increment_counts() -> None:
    out = ok("NL 25/50 preflop: A raise 125, B raise 200, C raise 500, D?")
    assert (out["to_call"], out["min_raise_to"]) == (500, 800)


def test_ia45_ex4b_one_big_raise() -> None:
    out = ok("NL 25/50 preflop: A raise 500, B call, C call, D?")
    assert (out["to_call"], out["min_raise_to"]) == (500, 950)


def test_45a_declared_amount_under_half_is_a_call() -> None:
    # 45-A's own example: facing an opening bet of 1,000, "1,400" said or pushed is a call.
    out = ok("NL 200/400 flop: A bet 1000, B 1400")
    b = action(out, "B")
    assert (b["ruled"], b["to"]) == ("call", 1000)
    assert "45-A" in b["rules"] and "42-C" in b["rules"]


def test_45a_half_or_more_must_be_completed() -> None:
    out = ok("NL 200/400 flop: A bet 1000, B 1500")
    b = action(out, "B")
    assert (b["ruled"], b["to"]) == ("raise", 2000)


def test_45b_raise_amount_is_the_total() -> None:
    out = ok("NL 500/1000 flop: A bet 2000, B raise 8000, C?")
    assert action(out, "B")["to"] == 8000 and out["min_raise_to"] == 14000


# -- IA-47: several chips -------------------------------------------------------------------
@pytest.mark.parametrize(
    "hand, player, ruled, to",
    [
        ("NL 100/200 flop: A bet 1200, B chips 1000x2", "B", "call", 1200),  # Ex 1-A
        ("NL 250/500 preflop: UTG raise 1100, UTG1 chips 500+1000", "UTG1", "call", 1100),  # Ex 1-B
        ("NL 250/500 preflop: UTG raise 1100, UTG1 chips 1000+100x5", "UTG1", "raise", 1700),  # Ex 2
        ("NL 250/500 preflop: UTG raise 1100, UTG1 chips 1000+100x3", "UTG1", "call", 1100),  # Ex 3
        ("NL 100/200 flop: A bet 1400, B chips 1000+500x3", "B", "raise", 2800),  # Ex 4-A
        ("NL 100/200 flop: A bet 1400, B chips 1000+500x2", "B", "call", 1400),  # Ex 4-B
        ("NL 100/200 flop: A bet 1400, B chips 1000+500x3 last", "B", "allin", 2500),  # note to 4-A
        ("NL 100/200 flop: A bet 1400, B chips 1000+500x2 last", "B", "allin", 2000),  # note to 4-B
        ("NL 25/50 flop: A bet 1050, B chips 1000x2 last", "B", "call", 1050),  # 47-A Ex 2
        ("NL 400/400 flop: A bet 400, B chips 1000+500", "B", "raise", 1500),  # 47-A Ex 1 shape, 50% met
    ],
)
def test_ia47_multiple_chips(hand: str, player: str, ruled: str, to: int) -> None:
    a = action(ok(hand), player)
    assert (a["ruled"], a["to"]) == (ruled, to)
    assert any(r.startswith("47") for r in a["rules"])


def test_47a_ex1_call_when_every_chip_is_needed() -> None:
    out = ok("NL 200/400 flop: A bet 400, B raise 1100, C chips 500+1000")
    c = action(out, "C")
    assert (c["ruled"], c["to"], c["rules"]) == ("call", 1100, ["47-A", "IA-47"])


# -- IA-48: chips already in front ------------------------------------------------------------
@pytest.mark.parametrize(
    "chips, ruled, to",
    [
        ("1000", "call", 600),  # one oversized chip added: call
        ("500x2", "call", 600),  # every new chip needed
        ("100+500", "call", 600),
        ("1000+500", "raise", 1550),  # smallest new chip not needed: 47 / 50 % standard
    ],
)
def test_ia48_situation1_big_blind_adds_to_posted_chips(chips: str, ruled: str, to: int) -> None:
    out = ok(f"NL 25/50 preflop: BTN raise 600, SB fold, BB chips {chips}")
    bb = action(out, "BB")
    assert (bb["ruled"], bb["to"]) == (ruled, to)
    assert "48-C" in bb["rules"]


@pytest.mark.parametrize(
    "chips, ruled, to",
    [
        ("1000", "call", 600),  # all pulled back, one oversized chip: still a call (46)
        ("500x2", "call", 600),  # all pulled back, every new chip needed (47-A)
        ("500x2+100", "raise", 1150),  # all pulled back, 47 on the new chips: 1,100 adds 500 >= 275
        ("100x5", "undercall", 600),  # all pulled back, 500 is short: 48-B binds a call
    ],
)
def test_ia48_situation2_all_chips_pulled_back(chips: str, ruled: str, to: int) -> None:
    out = ok(f"NL 25/50 preflop: BTN raise 600, SB fold, BB back chips {chips}")
    bb = action(out, "BB")
    assert (bb["ruled"], bb["to"]) == (ruled, to)
    assert bb["rules"][0] == "48-B" and bb["notes"][0] == "pulled_back_all"
    if ruled == "undercall":
        assert bb.get("outcome") == "must_call" and "pulled_back_must_call" in bb["notes"]


@pytest.mark.parametrize(
    "chips, ruled, to",
    [
        ("1000+500", "raise", 1525),  # 25 kept + 1,500: a raise of 925, over the 550 needed
        ("500+100", "call", 600),  # 25 kept + 600 = 625 adds 25, under half of 550
        ("1000", "raise", 1150),  # no one-chip call once chips were pulled back: 1,025 adds 425 >= 275
    ],
)
def test_ia48_situation3_some_chips_pulled_back(chips: str, ruled: str, to: int) -> None:
    """Part pulled back: the final total goes straight to the 50 % standard (48-C-2)."""
    out = ok(f"NL 25/50 preflop: BTN raise 600, SB fold, BB back 25 chips {chips}")
    bb = action(out, "BB")
    assert (bb["ruled"], bb["to"]) == (ruled, to)
    assert bb["notes"][0] == "pulled_back_part" and "45-A" in bb["rules"]


@pytest.mark.parametrize(
    "hand, code",
    [
        ("NL 25/50 preflop: BTN back chips 1000", "nothing_to_pull_back"),
        ("NL 25/50 preflop: BTN raise 600, SB fold, BB back 100 chips 1000", "pulled_back_too_much"),
        ("NL 25/50 preflop: BTN raise 600, SB fold, BB back", "back_without_chips"),
        ("NL 25/50 preflop: BTN raise 600, SB fold, BB back 25", "back_without_chips"),
    ],
)
def test_ia48_impossible_pull_backs_are_refused(hand: str, code: str) -> None:
    out = ruling(hand)
    assert not out["ok"] and out["error"]["code"] == code


def test_ia48_pull_back_words_in_japanese_and_korean() -> None:
    for word in ("引き戻し", "회수"):
        bb = action(ok(f"NL 25/50 preflop: BTN raise 600, SB fold, BB {word} チップ 1000"), "BB")
        assert (bb["ruled"], bb["notes"][0]) == ("call", "pulled_back_all")


# -- IA-55: action out of turn -----------------------------------------------------------------
SEATS_3_6 = "NL 50/100 flop players S3 S4 S5 S6"


def test_ia55a1_ex1_out_of_turn_raise_is_held_and_action_goes_back() -> None:
    out = ok(f"{SEATS_3_6}: S3 bet 300, S4 fold, S6 raise 800")
    assert (out["to_act"], out["to_call"]) == ("S5", 300)
    s6 = action(out, "S6")
    assert (s6["oot"], s6["out_of_turn"], s6["ruled"], s6["to"]) == ("pending", True, "raise", 800)
    assert s6["rules"][:2] == ["55-A", "IA-55-A-1"]


def test_ia55a1_ex1_a_call_changes_nothing_so_the_raise_stands() -> None:
    out = ok(f"{SEATS_3_6}: S3 bet 300, S4 fold, S6 raise 800, S5 call")
    s6 = action(out, "S6")
    assert (s6["oot"], s6["ruled"], s6["to"], s6["full_raise"]) == ("stands", "raise", 800, True)
    assert (out["to_act"], out["to_call"], out["min_raise_to"]) == ("S3", 500, 1300)


def test_ia55a1_ex1_a_raise_voids_it_and_every_option_comes_back() -> None:
    out = ok(f"{SEATS_3_6}: S3 bet 300, S4 fold, S6 raise 800, S5 raise 600")
    s6 = action(out, "S6")
    assert (s6["oot"], s6["to"], s6.get("valid")) == ("void", 0, False)
    assert (out["to_act"], out["to_call"], out["can_raise"], out["min_raise_to"]) == ("S6", 600, True, 900)


def test_ia55a1_ex2_out_of_turn_check() -> None:
    stands = ok(f"{SEATS_3_6}: S3 check, S4 check, S6 check, S5 check")
    assert action(stands, "S6")["oot"] == "stands" and stands["to_act"] is None
    void = ok(f"{SEATS_3_6}: S3 check, S4 check, S6 check, S5 bet 300")
    assert action(void, "S6")["oot"] == "void"
    assert (void["to_act"], void["to_call"], void["min_raise_to"]) == ("S6", 300, 600)


def test_ia55a_out_of_turn_fold_stands_even_when_the_bet_changes() -> None:
    out = ok(f"{SEATS_3_6}: S3 bet 300, S6 fold, S4 raise 900, S5 call")
    assert action(out, "S6")["oot"] == "stands" and out["players"]["S6"]["status"] == "folded"
    assert out["to_act"] == "S3"


def test_ia55a2_substantial_action_past_the_skipped_seat_is_flagged() -> None:
    out = ok("NL 100/200 flop players S3 S4 S5 S6 S7: S3 bet 600, S5 call, S6 fold")
    assert out["to_act"] == "S4" and "IA-55-A-2" in out["citations"]
    one = ok("NL 100/200 flop players S3 S4 S5 S6 S7: S3 bet 600, S5 call")  # one action is not SA
    assert "IA-55-A-2" not in one["citations"]


def test_ia55b_heads_up_check_out_of_turn_leaves_only_call_or_fold() -> None:
    out = ok("NL 100/200 turn players S1 S2: S2 check, S1 bet 1000")
    assert (out["to_act"], out["to_call"], out["can_raise"]) == ("S2", 1000, False)
    assert {"55-B", "IA-55-B"} <= set(out["citations"])
    assert ok("NL 100/200 turn players S1 S2: S2 check, S1 check")["to_act"] is None


def test_55_under_tda2009_has_no_heads_up_restriction() -> None:
    out = ok("NL 100/200 turn players S1 S2: S2 check, S1 bet 1000", ruleset="tda2009")
    assert (out["to_act"], out["can_raise"]) == ("S2", True)
    assert "29" in out["citations"] and "55-B" not in out["citations"]


def test_55_held_action_whose_turn_never_comes_is_void() -> None:
    """A raises again before C has acted; C only calls, so the turn never comes back to A."""
    held = ok("NL 50/100 flop players A B C: A bet 100, B call, A raise 300")
    assert (held["to_act"], action(held, "A")["oot"]) == ("C", "pending")
    out = ok("NL 50/100 flop players A B C: A bet 100, B call, A raise 300, C call")
    a = action(out, "A")
    assert (a["oot"], a["notes"], out["to_act"], out["bet_level"]) == ("void", ["oot_never_reached"], None, 100)


def test_55_a_fold_before_the_turn_changes_nothing_for_a_held_call() -> None:
    out = ok("NL 50/100 flop players A B C: A bet 100, C call, B fold")
    assert action(out, "C")["oot"] == "stands" and out["to_act"] is None


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_55_explained_in_every_language(lang: str) -> None:
    out = ok(f"{SEATS_3_6}: S3 bet 300, S4 fold, S6 raise 800", lang=lang)
    assert "S5" in out["text"] and "300" in out["text"] and "(는)" not in out["text"]


# -- IA-49: reopening -------------------------------------------------------------------------
def test_ia49_ex1_cumulative_short_allins_reopen_for_a() -> None:
    out = ok("NL 50/100 flop: A bet 100, B allin 125, C call, D allin 200, E call")
    assert (out["to_act"], out["to_call"], out["can_raise"], out["min_raise_to"]) == ("A", 100, True, 300)
    assert "49-A" in out["citations"] and "IA-49" in out["citations"]


def test_ia49_ex1a_c_faces_only_75() -> None:
    out = ok("NL 50/100 flop: A bet 100, B allin 125, C call, D allin 200, E call, A call")
    assert (out["to_act"], out["to_call"], out["can_raise"], out["min_raise_to"]) == ("C", 75, False, None)
    assert "49-A" in out["citations"]


def test_ia49_ex1b_full_raise_reopens_for_c() -> None:
    out = ok("NL 50/100 flop: A bet 100, B allin 125, C call, D allin 200, E call, A raise 300")
    assert (out["to_act"], out["to_call"], out["can_raise"], out["min_raise_to"]) == ("C", 175, True, 400)


def test_ia49_ex2_several_short_allins_keep_r() -> None:
    out = ok("NL 50/100 flop: A bet 300, B allin 500, C allin 650, D allin 800, E call, F?")
    assert (out["to_call"], out["min_raise_to"], out["full_raise"]) == (800, 1100, 300)


def test_ia49_ex3a_big_blind_has_not_acted() -> None:
    out = ok("NL 2000/4000 preflop: A call, B fold, C allin 7500, SB fold")
    assert (out["to_act"], out["to_call"], out["can_raise"], out["min_raise_to"]) == ("BB", 3500, True, 11500)
    assert out["players"]["BB"]["acted"] is False and out["players"]["BB"]["last_level"] is None


def test_ia49_ex3a_then_bb_calls_a_cannot_raise() -> None:
    out = ok("NL 2000/4000 preflop: A call, B fold, C allin 7500, SB fold, BB call, A?")
    assert (out["to_act"], out["to_call"], out["can_raise"]) == ("A", 3500, False)


def test_ia49_ex3b_bb_full_raise_reopens_for_a() -> None:
    out = ok("NL 2000/4000 preflop: A call, B fold, C allin 7500, SB fold, BB raise 11500")
    assert (out["to_act"], out["to_call"], out["can_raise"], out["min_raise_to"]) == ("A", 7500, True, 15500)


# -- seed 002's boundary cases ------------------------------------------------------------------
def test_boundary_allin_below_min_open_lets_unacted_player_raise_from_r() -> None:
    out = ok("NL 50/100 flop: A check, B allin 50, C?")
    assert (out["to_call"], out["can_raise"], out["min_raise_to"], out["full_raise"]) == (50, True, 150, 100)


def test_boundary_checker_facing_short_allin_cannot_raise() -> None:
    out = ok("NL 50/100 flop: A check, B allin 50, C call, A?")
    assert (out["to_act"], out["to_call"], out["can_raise"]) == ("A", 50, False)


def test_boundary_equality_reopens() -> None:
    # exactly R more than A's last level: reopened (49-A, equality included)
    out = ok("NL 50/100 flop: A bet 100, B allin 199, C allin 200, D call, A?")
    assert out["can_raise"] is True and out["min_raise_to"] == 300


def test_boundary_one_chip_short_of_equality_does_not_reopen() -> None:
    out = ok("NL 50/100 flop: A bet 100, B allin 150, C allin 199, D call, A?")
    assert out["can_raise"] is False and out["to_call"] == 99


# -- IA-53: undercalls --------------------------------------------------------------------------
def test_ia53_ex1_undercall_of_a_raise_multiway_is_td_discretion() -> None:
    out = ok("NL 1000/2000 flop: A bet 2000, B raise 8000, C 2000")
    c = action(out, "C")
    assert (c["ruled"], c["outcome"], c["to"]) == ("undercall", "td_discretion", 8000)
    assert "53-B" in c["rules"]


def test_ia53_ex2_undercall_of_the_opening_bet_must_be_completed() -> None:
    out = ok("NL 1000/2000 flop players A B C D: A bet 8000, B 2000")
    b = action(out, "B")
    assert (b["ruled"], b["outcome"], b["to"]) == ("undercall", "must_call", 8000)


def test_ia53_ex3_declared_call_binds_to_the_full_amount() -> None:
    out = ok("NL 1000/2000 flop: A bet 2000, B raise 8000, C call")
    c = action(out, "C")
    assert (c["ruled"], c["to"], c["rules"]) == ("call", 8000, ["53-A"])


def test_ia53_ex4_single_small_chip_against_a_raise() -> None:
    out = ok("NL 200/400 flop: O bet 400, A raise 1200, B chips 500")
    b = action(out, "B")
    assert (b["ruled"], b["outcome"]) == ("undercall", "td_discretion")


def test_53b_heads_up_undercall_must_be_completed_even_after_a_raise() -> None:
    out = ok("NL 100/200 flop: A bet 1000, B raise 3000, A 2000")
    a = action(out, "A")
    assert (a["ruled"], a["outcome"], a["to"]) == ("undercall", "must_call", 3000)


def test_53b_posted_big_blind_is_the_preflop_opening_bet() -> None:
    out = ok("NL 100/200 preflop: A 100")
    a = action(out, "A")
    assert (a["ruled"], a["outcome"], a["to"]) == ("undercall", "must_call", 200)


# -- 54-A: under-raises are corrected -----------------------------------------------------------
def test_54a_declared_raise_short_of_minimum_is_completed() -> None:
    out = ok("NL 100/200 flop: A bet 600, B raise 1000, C?")
    b = action(out, "B")
    assert (b["ruled"], b["to"]) == ("raise", 1200)
    assert "54-A" in b["rules"] and "45-A" in b["rules"]
    assert out["to_call"] == 1200 and out["min_raise_to"] == 1800


def test_54a_bet_below_the_minimum_is_made_the_minimum() -> None:
    out = ok("NL 100/200 flop: A bet 150, B?")
    assert action(out, "A")["to"] == 200 and out["to_call"] == 200


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_working_table_is_shown_in_every_language(lang: str) -> None:
    out = ruling("NL 50/100 flop: A bet 100, B allin 125, C call, D allin 200, E call, A call", lang=lang)
    assert "W 200 − L 125 = 75 < 100" in out["text"]
    assert "W 200 − L 100" not in out["text"]
