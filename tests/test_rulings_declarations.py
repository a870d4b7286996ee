"""Declarations that are not valid as stated (57), one oversized chip (46), betting for change
(63), 'bet' facing a bet, and raises that are not open to the player."""

from __future__ import annotations

from tests.ruling_helpers import action, ok


def test_57a_call_with_no_bet_is_a_check() -> None:
    out = ok("NL 50/100 flop: A call, B?")
    a = action(out, "A")
    assert (a["ruled"], a["to"], a["rules"]) == ("check", 0, ["57"])
    assert out["to_call"] == 0 and out["min_raise_to"] == 100


def test_57b_raise_with_no_bet_is_at_least_a_minimum_bet() -> None:
    a = action(ok("NL 50/100 flop: A raise, B?"), "A")
    assert (a["ruled"], a["to"]) == ("bet", 100)
    assert "57" in a["rules"]
    a = action(ok("NL 50/100 flop: A raise 300, B?"), "A")
    assert (a["ruled"], a["to"]) == ("bet", 300)


def test_57_check_facing_a_bet_leaves_call_or_fold() -> None:
    out = ok("NL 50/100 flop: A bet 100, B check")
    b = action(out, "B")
    assert (b["ruled"], b["valid"], b["rules"]) == ("check", False, ["57"])
    assert (out["to_act"], out["to_call"], out["can_raise"]) == ("B", 100, False)
    assert "57" in out["citations"]


def test_57_after_invalid_check_a_raise_counts_as_a_call() -> None:
    out = ok("NL 50/100 flop: A bet 100, B check, B raise 300")
    b = action(out, "B")
    assert (b["ruled"], b["to"]) == ("call", 100)
    assert "57" in b["rules"]


def test_bet_word_facing_a_bet_reads_as_a_raise() -> None:
    out = ok("NL 50/100 flop: A bet 100, B bet 300, C?")
    b = action(out, "B")
    assert (b["ruled"], b["to"]) == ("raise", 300)
    assert "bet_word_as_raise" in b["notes"]
    assert "“bet” facing a bet is read as a raise" in out["text"]


def test_46_one_oversized_chip_facing_a_bet_is_a_call() -> None:
    b = action(ok("NL 100/200 flop: A bet 300, B chips 1000"), "B")
    assert (b["ruled"], b["to"], b["rules"]) == ("call", 300, ["46"])


def test_46_raise_declared_before_the_chip_is_the_most_it_allows() -> None:
    b = action(ok("NL 100/200 flop: A bet 300, B raise chips 1000"), "B")
    assert (b["ruled"], b["to"]) == ("raise", 1000)


def test_46_raise_declared_with_too_small_a_chip_is_completed() -> None:
    b = action(ok("NL 100/200 flop: A bet 300, B raise chips 500"), "B")
    assert (b["ruled"], b["to"]) == ("raise", 600)


def test_46_one_chip_with_no_bet_is_a_bet_of_its_value() -> None:
    a = action(ok("NL 100/200 flop: A chips 1000, B?"), "A")
    assert (a["ruled"], a["to"]) == ("bet", 1000)
    assert "46" in a["rules"]


def test_46_last_single_chip_facing_a_bet_is_still_a_call() -> None:
    b = action(ok("NL 100/200 flop: A bet 300, B chips 1000 last"), "B")
    assert (b["ruled"], b["to"]) == ("call", 300)


def test_63_betting_for_change_is_a_raise() -> None:
    out = ok("NL 100/200 flop: A bet 325, B chips 500+25, C?")
    b = action(out, "B")
    assert (b["ruled"], b["to"]) == ("raise", 650)
    assert out["to_call"] == 650


def test_chips_equal_to_the_call_are_a_call() -> None:
    b = action(ok("NL 100/200 flop: A bet 300, B chips 100x3"), "B")
    assert (b["ruled"], b["to"]) == ("call", 300)
    assert "43" in b["rules"]


def test_declared_call_with_too_few_chips_binds_to_the_full_call() -> None:
    b = action(ok("NL 100/200 flop: A bet 1000, B call chips 500"), "B")
    assert (b["ruled"], b["to"]) == ("call", 1000)
    assert "declared_call_binds" in b["notes"]


def test_declared_raise_not_open_to_the_player_stands_as_a_call() -> None:
    out = ok("NL 50/100 flop: A bet 100, B allin 125, C call, D allin 150, E call, A call, C raise 500")
    c = action(out, "C")
    assert (c["ruled"], c["to"]) == ("call", 150)
    assert "49-A" in c["rules"] and "53-A" in c["rules"]


def test_allin_for_more_when_raise_is_closed_is_a_call() -> None:
    out = ok("NL 50/100 flop: A bet 100, B allin 150, C call, A allin 900")
    a = action(out, "A")
    assert (a["ruled"], a["to"]) == ("call", 150)
    assert "allin_raise_not_allowed" in a["notes"]


def test_raise_without_amount_is_shown_at_the_minimum_with_a_note() -> None:
    out = ok("NL 100/200 flop: A bet 300, B raise, C?")
    b = action(out, "B")
    assert (b["ruled"], b["to"]) == ("raise", 600)
    assert "no_amount_minimum" in b["notes"]


def test_fold_with_no_bet_is_binding_and_noted() -> None:
    out = ok("NL 100/200 flop: A fold, B?")
    a = action(out, "A")
    assert a["ruled"] == "fold" and "60" in a["rules"]


def test_pot_word_in_no_limit_is_not_an_amount() -> None:
    a = action(ok("NL 100/200 flop: A pot, B?"), "A")
    assert (a["ruled"], a["to"]) == ("bet", 200)
    assert "56-D" in a["rules"]


def test_every_action_reading_carries_rules() -> None:
    out = ok("NL 100/200 flop: A bet 300, B chips 1000, C raise 900, D fold, A call, B allin 2000, C?")
    assert all(a["rules"] for a in out["actions"])


def test_63_is_cited_when_one_chip_alone_would_have_called() -> None:
    b = action(ok("NL 100/200 flop: A bet 325, B chips 500+25"), "B")
    assert "63" in b["rules"] and "betting_for_change" in b["notes"]
    b = action(ok("NL 250/500 preflop: A raise 1100, B chips 1000+100x5"), "B")
    assert "63" not in b["rules"]
