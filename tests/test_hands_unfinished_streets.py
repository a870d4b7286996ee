"""Red team, whole hands: a street typed unfinished, or a new name on a later street, is reported
as what is really wrong (localized, with the offset and a hint), and `pot` never settles a hand
whose betting is still open.

Found by typing hands the way floor people do: `flop: A bet 200; turn: B bet 400, A?` used to
answer `unknown_player` ("B is not in the players list (A)") though nobody typed a list, and
`pot NL 100/200 flop pot 1000: A bet 200` awarded the pot to A before anyone answered the bet.
"""

from __future__ import annotations

import pytest

from handlers.context import Context
from handlers.dispatch import handle
from handlers.hint_text import render_hint


def reply(line: str, lang: str = "en", ruleset: str = "tda2026") -> dict:
    return handle(line, Context(lang=lang, ruleset_id=ruleset)).to_json()


def error(line: str, lang: str = "en") -> dict:
    out = reply(line, lang)
    assert not out["ok"], out.get("text")
    return out["error"]


# -- a street typed with one player is not finished ---------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_one_player_flop_then_a_turn_says_the_flop_is_not_finished(lang: str) -> None:
    line = "ruling NL 100/200 flop: A bet 200; turn: B bet 400, A?"
    e = error(line, lang)
    # A bet and nobody answered: the flop's betting is open (52: everyone after A must act).
    assert e["code"] == "street_unfinished_unnamed"
    assert e["at"] == line.index("turn")
    assert e["hint"] == render_hint("B call / B fold", lang)  # the name the turn brings in is the one left out on the flop
    words = {"en": ("flop", "A"), "ja": ("フロップ", "A"), "ko": ("플랍", "A")}[lang]
    assert all(w in e["message"] for w in words)
    assert "list" not in e["message"] and "一覧" not in e["message"] and "목록" not in e["message"]


def test_one_player_flop_that_checked_hints_a_check() -> None:
    line = "ruling NL 100/200 flop: A check; turn: B bet 400, A?"
    e = error(line)
    assert e["code"] == "street_unfinished_unnamed" and e["at"] == line.index("turn")
    assert e["hint"] == "B check / B bet 200"  # facing no bet the next player checks or bets (52)


def test_one_player_flop_then_the_same_player_on_the_turn() -> None:
    # Used to say "no betting is possible on the turn" with the hint "showdown: A > B".
    e = error("ruling NL 100/200 flop: A bet 200; turn: A bet 400")
    assert e["code"] == "street_unfinished_unnamed" and e["hint"] == "B call / B fold"


def test_lone_player_called_b_gets_a_hint_with_another_name() -> None:
    e = error("ruling NL 100/200 flop: B bet 200; turn: B bet 400")
    assert e["code"] == "street_unfinished_unnamed" and e["hint"] == "C call / C fold"


def test_nothing_typed_on_the_first_street_is_its_own_error() -> None:
    line = "ruling NL 50/100 flop: ; turn: A allin 60, B call"
    e = error(line)
    assert e["code"] == "street_empty" and e["at"] == line.index("flop")


def test_nothing_typed_on_the_first_street_of_a_pot_is_an_error_not_a_crash() -> None:
    # Found by the fuzzer after the fix above: it raised StopIteration (an "internal" reply).
    e = error("pot NL 50/100 flop: ; turn: A allin 60, B call, C raise 200, D?")
    assert e["code"] == "street_empty"


# -- a name first seen on a later street --------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_new_name_on_the_turn_says_it_did_not_play_the_flop(lang: str) -> None:
    line = "ruling NL 100/200 flop: A bet 200, B call; turn: C bet 400"
    e = error(line, lang)
    assert e["code"] == "not_in_hand" and e["at"] == line.index("C bet")
    assert e["hint"] == render_hint("flop: ..., C ...", lang)
    street = {"en": "turn", "ja": "ターン", "ko": "턴"}[lang]
    assert street in e["message"] and "A B" in e["message"]


def test_new_name_asked_about_on_the_turn() -> None:
    line = "ruling NL 100/200 flop: A bet 200, B call; turn: A check, C?"
    e = error(line)
    assert e["code"] == "not_in_hand" and e["at"] == line.index("C?")


def test_with_a_players_list_an_unknown_name_is_still_not_in_the_list() -> None:
    line = "ruling NL 100/200 flop players A B: A bet 200, B call; turn: C bet 400"
    e = error(line)
    assert e["code"] == "unknown_player" and e["at"] == line.index("C bet")


# -- hints say what the player to act may really do ----------------------------------------------
def test_unfinished_street_with_no_bet_hints_check_or_bet() -> None:
    line = "ruling NL 50/100 flop: A check, B check; turn: ; river: A bet 100"
    e = error(line)
    # The turn was typed empty; A is first to act and faces no bet, so "A call / A fold" was wrong.
    assert e["code"] == "street_unfinished" and e["hint"] == "A check / A bet 100"


def test_pot_of_an_unfinished_hand_with_no_bet_hints_check_or_bet() -> None:
    e = error("pot NL 50/100 flop pot 300: A check, B check; turn: A check")
    assert e["code"] == "hand_not_finished" and e["hint"] == "B check / B bet 100"


# -- pot never settles open betting ------------------------------------------------------------
@pytest.mark.parametrize(("line", "hint"), [
    ("pot NL 100/200 flop pot 1000: A bet 200", "B call / B fold"),
    ("pot NL 100/200 flop pot 1000: A check", "B check / B fold"),
])
def test_pot_with_one_player_typed_is_not_settled(line: str, hint: str) -> None:
    # Used to award the 1,000 to A (and return A's 200 as uncalled) while the next player had
    # not acted: 16-B returns a bet only when nobody called it at the end of the betting.
    e = error(line)
    assert e["code"] == "hand_not_finished_unnamed" and e["hint"] == hint and e["at"] == len(line)  # at the end: what is missing goes there


def test_pot_with_one_player_typed_is_localized() -> None:
    e = error("pot NL 100/200 flop pot 1000: A bet 200", "ja")
    assert "フロップ" in e["message"] and "ポット" in e["message"]
    e = error("pot NL 100/200 flop pot 1000: A bet 200", "ko")
    assert "플랍" in e["message"] and "팟" in e["message"]


def test_pot_with_nothing_typed_and_a_showdown_is_an_error_not_a_crash() -> None:
    line = "pot NL 200/400 flop: ; showdown: A > B"
    e = error(line)
    assert e["code"] == "street_empty" and e["at"] == line.index("flop")


# -- offsets point into the line as typed ------------------------------------------------------
@pytest.mark.parametrize("line", ["ruling PL 100/200 flop: A bet 100, B?", "ruling    PL 100/200 flop: A bet 100, B?",
                                  "pot PL 100/200 flop: A bet 100, B call",
                                  "ruling PL 100/200 stacks A 500 B 600 flop: A bet 100, B call; turn: A?"])
def test_pot_needed_points_at_the_header_colon(line: str) -> None:
    e = error(line)
    # Was 0 (the command word). The colon is where "pot N" belongs (56-C needs the pot after the flop).
    assert e["code"] == "pot_needed" and e["at"] == line.index(":")


@pytest.mark.parametrize(("line", "at"), [("ruling NL 50/100 flop A bet", len("ruling NL 50/100 flop")),
                                         ("ruling   NL 50/100 flop A bet", len("ruling   NL 50/100 flop")),
                                         ("ruling A?", len("ruling A?"))])
def test_no_colon_points_where_the_colon_goes(line: str, at: int) -> None:
    # Counted in the line, not the hand; just after the street word, or the end without one (issue 21).
    e = error(line)
    assert e["code"] == "no_colon" and e["at"] == at


@pytest.mark.parametrize("line", ["ruling NL 100/200 flop players A: A bet 200",
                                  "pot NL 100/200 flop players A: A bet 200; turn: A?"])
def test_too_few_players_points_at_the_end_of_the_list(line: str) -> None:
    e = error(line)
    assert e["code"] == "too_few_players" and e["at"] == line.index(":")  # was 0
