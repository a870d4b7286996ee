"""Regression tests: hands typed the way floor people type them (issue 10's examples).

Every player the line names sits at the table from the first action; a closing `C?` is never
seated after actions that would have had to pass C. Loose forms (`A:`, `Cは?`, `C는?`, a lone
action, a question about an all-in player, `limp`, `min-raise`, `3x`, `raise pot`) are read as
meant and the reply shows how.
"""

from __future__ import annotations

import pytest

from tests.ruling_helpers import action, ok, ruling


@pytest.mark.parametrize("ruleset", ["tda2026", "tda2009", "jp-basic"])
@pytest.mark.parametrize("hand", [
    "NL 50/100 flop: A allin 50, B raise 150, C?",
    "NL 50/100 flop players A B C: A allin 50, B raise 150, C?",
])
def test_a_raise_behind_a_short_allin_is_a_raise_when_c_is_still_to_act(hand: str, ruleset: str) -> None:
    out = ok(hand, ruleset=ruleset)
    # jp-basic: the minimum bet stands behind a short all-in and a raise starts at twice it.
    to = 200 if ruleset == "jp-basic" else 150
    assert out["to_act"] == "C" and out["to_call"] == to
    assert action(out, "B")["ruled"] == "raise" and action(out, "B")["to"] == to
    assert out["can_raise"] is True
    assert list(out["players"]) == ["A", "B", "C"]


def test_the_question_player_is_seated_from_the_start_in_every_form() -> None:
    assert ok("NL 50/100 flop: A allin 50, B raise 150, C?")["min_raise_to"] == 250
    big = ok("NL 500/1000 flop: A allin 1000, B raise 3000, C?")
    assert (big["to_act"], big["to_call"], big["min_raise_to"]) == ("C", 3000, 5000)
    assert action(big, "B")["ruled"] == "raise"
    # Chips pushed behind the all-in: read by 45/47 against C still to act, not as a closing call.
    pushed = ok("NL 500/1000 flop: A allin 1000, B 1200, C?")
    assert (pushed["to_act"], pushed["to_call"]) == ("C", 1000)
    chips = ok("NL 500/1000 flop: A allin 1000, B chips 1000+100x2, C?")
    assert action(chips, "B")["ruled"] == "call" and chips["to_act"] == "C"
    raise_chips = ok("NL 500/1000 flop: A allin 1000, B raise chips 1000+1000+100, C?")
    assert action(raise_chips, "B")["ruled"] == "raise" and raise_chips["to_act"] == "C"


def test_pot_limit_maximum_counts_the_raise_made_before_the_question() -> None:
    out = ok("PL 50/100 flop pot 300: A allin 100, B raise 400, C?")
    assert (out["to_act"], out["to_call"], out["max_raise_to"]) == ("C", 400, 1600)


def test_limit_raise_before_the_question_is_a_raise() -> None:
    out = ok("FL 50/100 flop: A bet 100, B raise 200, C?")
    assert out["to_act"] == "C" and out["to_call"] == 200 and out["min_raise_to"] == 300


def test_preflop_button_named_last_acts_first_and_blind_actions_are_out_of_turn() -> None:
    out = ok("NL 50/100 preflop: SB allin 500, BB raise 1500, BTN?")
    assert list(out["players"]) == ["BTN", "SB", "BB"]
    assert out["to_act"] == "BTN" and out["to_call"] == 100
    assert [a["oot"] for a in out["actions"]] == ["pending", "pending"]
    assert "55-A" in out["citations"]
    pl = ok("PL 50/100 preflop: SB allin 100, BB raise 300, BTN?")
    assert pl["to_act"] == "BTN" and pl["options_reason"] != "round_over"


def test_actions_that_skipped_the_question_player_are_held_not_reinterpreted_heads_up() -> None:
    out = ok("NL 100/200 flop: A bet 400, B raise 1200, A raise 3000, B 2000, C?")
    assert list(out["players"]) == ["A", "B", "C"]
    assert out["to_act"] == "C" and out["to_call"] == 1200
    held = [a for a in out["actions"] if a.get("oot")]
    assert [(a["player"], a["oot"]) for a in held] == [("A", "pending"), ("B", "pending")]
    # B's 2,000 is held as it read at the table, short of A's held 3,000: an undercall, and with C
    # in the hand not a heads-up one (never "must call" by 53-B's heads-up branch).
    assert all(a.get("outcome") != "must_call" for a in out["actions"])


@pytest.mark.parametrize("hand", [
    "NL 100/200 flop: A: bet 400, B: raise 1200, A?",
    "NL 100/200 flop: A : bet 400, B : raise 1200, A ?",
    "NL 100/200 flop: A：bet 400、B：raise 1200、A：?",
])
def test_a_colon_after_a_name_is_punctuation(hand: str) -> None:
    out = ok(hand)
    assert list(out["players"]) == ["A", "B"]
    assert (out["to_act"], out["to_call"], out["min_raise_to"]) == ("A", 800, 2000)


@pytest.mark.parametrize("asked", ["Cは?", "Cは？", "Cが?", "C?"])
def test_japanese_topic_particle_in_the_question(asked: str) -> None:
    out = ok(f"NL 100/200 フロップ: Aが500ベット、Bが1000にレイズ、{asked}", lang="ja")
    assert list(out["players"]) == ["A", "B", "C"] and out["to_act"] == "C"


def test_japanese_question_about_a_player_already_seated_adds_no_one() -> None:
    out = ok("NL 100/200 フロップ: Aが500ベット、Bが1000にレイズ、Aは?", lang="ja")
    assert list(out["players"]) == ["A", "B"] and out["to_act"] == "A"


@pytest.mark.parametrize("asked,name", [("C는?", "C"), ("C가?", "C"), ("C는요?", "C"), ("민수는?", "민수"), ("지은?", "지은")])
def test_korean_particles_in_the_question(asked: str, name: str) -> None:
    out = ok(f"NL 100/200 플랍: A 500 벳, B 1000 레이즈, {asked}", lang="ko")
    assert out["to_act"] == name and len(out["players"]) == 3
    assert "는은" not in out["text"] and f"{name}는은" not in out["text"]


def test_korean_reply_to_a_particle_question_reads_naturally() -> None:
    out = ok("NL 100/200 플랍: A 500 벳, B 1000 레이즈, C는?", lang="ko")
    assert out["text"].startswith("C 차례입니다.")


@pytest.mark.parametrize("hand,to_call,min_to", [
    ("NL 100/200 turn: A bet 600", 600, 1200),
    ("NL 100/200 flop: A chips 1000", 1000, 2000),
    ("NL 100/200 flop: A check", 0, 200),
])
def test_a_lone_action_is_ruled_and_the_reply_says_the_next_player_must_act(hand: str, to_call: int, min_to: int) -> None:
    out = ok(hand)
    assert out["to_act"] is None and out["options_reason"] == "next_unnamed"
    assert (out["to_call"], out["min_raise_to"]) == (to_call, min_to)
    assert list(out["players"]) == ["A"]
    assert "next player" in out["text"]


@pytest.mark.parametrize("lang,words", [("ja", "次のプレイヤー"), ("ko", "다음 플레이어")])
def test_a_lone_action_in_japanese_and_korean(lang: str, words: str) -> None:
    out = ok("NL 100/200 turn: A bet 600", lang=lang)
    assert words in out["text"]


def test_acting_again_after_a_lone_action_says_the_next_player_is_due() -> None:
    out = ruling("NL 100/200 flop: A bet 600, A?")
    assert out["error"]["code"] == "not_their_turn_unnamed"


@pytest.mark.parametrize("hand,status,to_act,reason", [
    ("NL 50/100 flop: A allin 500, B call, A?", "allin", None, "round_over"),
    ("NL 50/100 flop: A allin 500, B call, C call, A?", "allin", None, "round_over"),
    ("NL 50/100 flop: A allin 500, B call, C?, ", "allin", "C", "not_acted"),
    ("NL 50/100 flop: A bet 100, B fold, C call, B?", "folded", None, "round_over"),
    ("NL 50/100 flop: A bet 100, B fold, C raise 300, B?", "folded", "A", "reopened"),
])
def test_asking_about_a_player_with_no_decision_answers_who_acts_next(hand: str, status: str, to_act: str | None,
                                                                      reason: str) -> None:
    out = ruling(hand.rstrip(", "))
    assert out["ok"], out.get("error")
    assert out["to_act"] == to_act and out["options_reason"] == reason
    if to_act is None:
        assert "over" in out["text"]


def test_asking_about_an_allin_player_says_they_have_no_decision() -> None:
    out = ok("NL 50/100 flop: A allin 500, B call, C raise 1500, A?")
    assert out["text"].startswith("A is all-in and has no decision left")
    assert out["to_act"] == "B"


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_no_decision_is_said_in_every_language(lang: str) -> None:
    out = ok("NL 50/100 flop: A allin 500, B call, A?", lang=lang)
    assert out["text"].split()[0].startswith("A")


def test_limp_is_a_call_of_the_big_blind_and_says_so() -> None:
    out = ok("NL 50/100 preflop: A limp, B limps, C?")
    assert [a["ruled"] for a in out["actions"]] == ["call", "call"]
    assert action(out, "A")["notes"][0] == "alias_limp" and "Limp" in out["text"]
    assert out["to_call"] == 100


def test_min_raise_is_a_raise_to_the_minimum() -> None:
    out = ok("NL 100/200 flop: A bet 500, B min-raise, C?")
    assert action(out, "B")["to"] == 1000 and out["to_call"] == 1000 and out["min_raise_to"] == 1500
    assert ok("NL 100/200 flop: A bet 500, B minraise, C?")["to_call"] == 1000
    assert "45-A" in action(out, "B")["rules"] or "45" in str(action(out, "B")["rules"])


@pytest.mark.parametrize("hand,to", [
    ("NL 50/100 preflop: A 3x, B?", 300),
    ("NL 50/100 preflop: A raise 2.5x, B?", 250),
    ("NL 100/200 flop: A bet 400, B 3x, C?", 1200),
    ("NL 100/200 flop: A bet 400, B raise 3X, C?", 1200),
])
def test_times_the_bet(hand: str, to: int) -> None:
    out = ok(hand)
    assert out["actions"][-1]["ruled"] == "raise" and out["actions"][-1]["to"] == to
    assert "times the bet" in out["text"]


def test_times_below_a_legal_raise_is_completed_like_any_under_raise() -> None:
    out = ok("NL 100/200 flop: A bet 400, B raise 1200, C 1.5x, D?")
    assert action(out, "C")["to"] == 2000  # 1.5 x 1,200 = 1,800 < the minimum 2,000 (54-A)


def test_times_with_no_bet_to_multiply_is_a_clear_error() -> None:
    out = ruling("NL 100/200 flop: A 3x")
    assert out["error"]["code"] == "times_needs_bet" and out["error"]["hint"]
    assert ruling("NL 100/200 flop: A bet 100, B 1x")["error"]["code"] == "bad_times"


@pytest.mark.parametrize("hand,to,maximum", [
    ("PL 50/100 flop pot 300: A bet pot, B?", 300, 1200),
    ("PL 50/100 flop pot 300: A pot, B?", 300, 1200),
    ("PL 50/100 preflop: UTG raise pot, BTN?", 350, 1200),
    ("PL 50/100 preflop: UTG raises to pot, BTN?", 350, 1200),
])
def test_pot_in_pot_limit_is_the_maximum(hand: str, to: int, maximum: int) -> None:
    out = ok(hand)
    assert out["actions"][0]["to"] == to and out["max_raise_to"] == maximum
    assert any(c.startswith("56") for c in out["actions"][0]["rules"])


def test_an_unknown_verb_suggests_a_real_one_not_check_for_a_multiple() -> None:
    out = ruling("NL 100/200 flop: A bet 400, B 3y")
    assert not out["ok"] and out["error"]["hint"] != "x"


@pytest.mark.parametrize("line", [
    "NL 50/100 flop: \u200b bet 100, B?",
    "NL 50/100 flop: \u202e\u200d bet 100, B?",
    "NL 50/100 flop: A bet 100, \ufeff?",
    "NL 50/100 flop players A \u2066\u2069: A bet 100, B?",
])
def test_a_name_with_nothing_visible_is_refused_with_where(line: str) -> None:
    out = ruling(line)
    assert out["error"]["code"] == "invisible_name"
    assert line[out["error"]["at"] - len("ruling "):].lstrip()[:1] in "\u200b\u202e\ufeff\u2066"


def test_invisible_and_bidi_characters_are_dropped_from_names() -> None:
    out = ok("NL 50/100 flop: A\u200b bet 100, \u202eB raise 300, A?")
    assert list(out["players"]) == ["A", "B"] and out["to_act"] == "A"
    assert "\u202e" not in out["text"] and "\u200b" not in out["text"]


@pytest.mark.parametrize("line,lang", [
    ("NL 100/200 フロップ: Aが200ベット、Bが500にレイズ、Cがオールイン700、Aは？", "ja"),
    ("NL 100/200 플랍: A가 200 벳, B가 500으로 레이즈, C가 올인700, A는?", "ko"),
])
def test_a_verb_glued_to_its_amount_is_split(line: str, lang: str) -> None:
    out = ok(line, lang=lang)
    assert action(out, "C")["ruled"] == "allin" and action(out, "C")["to"] == 700
    assert (out["to_act"], out["to_call"]) == ("A", 500)


def test_a_missing_comma_between_actions_is_pointed_at() -> None:
    out = ruling("NL 100/200 flop: A bet 200 B raise 600 C?")
    assert out["error"]["code"] == "missing_separator"
    assert out["error"]["at"] == len("NL 100/200 flop: A bet 200 ") + len("ruling ")


def test_chips_with_nothing_to_call_and_no_raise_open_read_as_a_check_and_say_so() -> None:
    # (With `A raise 3000` held before it, B's 2,000 faced that raise at the table: an undercall.)
    out = ok("NL 100/200 flop: A bet 400, B raise 1200, A call, B 2000, C?")
    held = action(out, "B")
    assert held["ruled"] == "check" and held["notes"][-1] == "raise_not_allowed_check"
    assert "stands as a check" in out["text"] and "stands as a call" not in out["text"]
