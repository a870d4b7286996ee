"""Korean particles chosen by the word before them (은/는, 이/가, 을/를, 과/와, 으로/로)."""

from __future__ import annotations

import pytest

from handlers.korean import final_sound, resolve_particles
from tests.ruling_helpers import ok, ruling


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("지훈은(는)", "지훈은"), ("민수은(는)", "민수는"), ("철수이(가)", "철수가"), ("영철이(가)", "영철이"),
        ("A은(는)", "A는"), ("L은(는)", "L은"), ("BB이(가)", "BB가"), ("BTN은(는)", "BTN은"),  # 비티엔
        ("UTG1은(는)", "UTG1은"), ("Seat 2이(가)", "Seat 2가"),  # 일, 이
        ("1,000을(를)", "1,000을"), ("250을(를)", "250을"), ("5을(를)", "5를"),  # 천, 오십, 오
        ("500(으)로", "500으로"), ("7(으)로", "7로"), ("1,000(으)로", "1,000으로"), ("철(으)로", "철로"),
        ("‘5’은(는)", "‘5’는"), ("田中은(는)", "田中은(는)"), ("１００을(를)", "１００을"), ("٣을(를)", "٣을(를)"),  # unknown sound: the double form stays
        ("둘 다 없음", "둘 다 없음"),
    ],
)
def test_particles_follow_the_last_sound(text: str, expected: str) -> None:
    assert resolve_particles(text) == expected


def test_numbers_are_read_by_their_last_spoken_word() -> None:
    assert final_sound("10") == (True, False)  # 십
    assert final_sound("10,000") == (True, False)  # 만
    assert final_sound("1,000,000,000,000") == (False, False)  # 조
    assert final_sound("0") == (True, False)  # 영


def test_rulings_in_korean_use_the_right_particles() -> None:
    out = ok("NL 50/100 플랍: 지훈 벳 100, 철수 체크", lang="ko")
    assert "철수는 콜 또는 폴드만" in out["text"] and "철수가 벳을 마주하고" in out["text"]
    out = ok("NL 50/100 플랍: 민수 벳 100, 영철?", lang="ko")
    assert "영철은 폴드, 콜, 레이즈" in out["text"]
    assert "은(는)" not in out["text"] and "이(가)" not in out["text"]


def test_korean_errors_use_the_right_particles() -> None:
    err = ruling("NL 50/100 플랍: 지훈 폴드, 민수 벳 100, 영희 콜, 지훈 콜", lang="ko")["error"]
    assert err["code"] == "acted_after_fold" and err["message"].startswith("지훈은 이미 폴드")


def test_latin_names_take_the_particle_of_how_koreans_say_them() -> None:
    """`Jack가`, `Bob가`, ‘rule’를 read wrong: a Latin word is read by its loanword sound (잭, 밥, 룰),
    an abbreviation letter by letter (BB 비비, BTN 비티엔), and dots after a word do not hide it."""
    from handlers.korean import resolve_particles

    cases = {"Jack이(가)": "Jack이", "Bob이(가)": "Bob이", "‘rule’을(를)": "‘rule’을", "Mike이(가)": "Mike가",
             "Peter은(는)": "Peter는", "Tom과(와)": "Tom과", "Bill(으)로": "Bill로", "BB이(가)": "BB가",
             "BTN이(가)": "BTN이", "Jane을(를)": "Jane을", "Max이(가)": "Max가", "‘플랍: ...’을(를)": "‘플랍: ...’을"}
    assert {k: resolve_particles(k) for k in cases} == cases
