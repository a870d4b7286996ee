"""The `clock` command through `handlers.dispatch`: reading the request, the JSON, the text."""

from __future__ import annotations

import pytest

from cogs.timed import discord_relative
from handlers.clock import MSG, clock_reply, parse_request, player_key
from handlers.context import Context
from handlers.dispatch import handle
from handlers.i18n import LANGS
from tests.timefixtures import T0


@pytest.mark.parametrize(
    ("args", "player", "facing"),
    [
        ("A", "A", None),
        ("seat 4", "seat 4", None),
        ("seat:4", "seat 4", None),
        ("player:A facing:bet", "A", "bet"),
        ("player:A facing:no-bet", "A", "no_bet"),
        ("player：A facing：bet", "A", "bet"),
        ("A facing bet", "A", "bet"),
        ("A facing: nobet", "A", "no_bet"),
        ("A no-bet", "A", "no_bet"),
        ("4番 ベット有り", "4番", "bet"),
        ("4番 ベットなし", "4番", "no_bet"),
        ("A ベット無し", "A", "no_bet"),
        ("A 벳 있음", "A", "bet"),
        ("A 벳없음", "A", "no_bet"),
        ("A 베팅 없음", "A", "no_bet"),
        ("プレイヤー:田中 ベット:あり", "田中", "bet"),
        ("플레이어:민수 벳:없음", "민수", "no_bet"),
        ("Big Stack Bob", "Big Stack Bob", None),
    ],
)
def test_parse(args, player, facing):
    r = parse_request(args)
    assert (r.player, r.facing) == (player, facing)


@pytest.mark.parametrize(
    ("text", "code", "at"),
    [
        ("clock", "no_player", 5),
        ("clock ", "no_player", 6),
        ("clock facing:bet", "no_player", 16),
        ("clock A facing:maybe", "bad_facing", 15),
        ("clock A facing:", "bad_facing", 15),
        ("clock A seconds:10", "unknown_option", 8),
        ("clock A facing:bet facing:no-bet", "facing_conflict", 26),
        ("clock " + "x" * 41, "player_too_long", 6),
    ],
)
def test_errors_are_localized_replies(text, code, at):
    for lang in LANGS:
        reply = handle(text, Context(lang=lang))
        data = reply.to_json()
        assert data["ok"] is False and data["command"] == "clock"
        assert data["error"]["code"] == code and data["error"]["at"] == at
        assert data["error"]["message"] in reply.text
    ja = handle(text, Context(lang="ja")).to_json()["error"]["message"]
    en = handle(text, Context(lang="en")).to_json()["error"]["message"]
    assert ja != en


def test_bad_facing_suggests_a_value():
    data = handle("clock A facing:bett", Context()).to_json()
    assert data["error"]["hint"] == "bet"


def test_json_has_the_spec_keys_and_times(fake_time):
    data = handle("clock A", Context()).to_json()
    assert data["ok"] is True and data["command"] == "clock"
    assert (data["player"], data["seconds"], data["countdown"], data["citations"]) == ("A", 25, 5, ["31"])
    assert list(data)[:7] == ["ok", "command", "lang", "ruleset", "player", "seconds", "countdown"]
    assert data["state"] == "running"
    assert data["started_at"] == "2027-01-15T08:00:00.000Z"
    assert data["countdown_at"] == "2027-01-15T08:00:25.000Z"
    assert data["ends_at"] == "2027-01-15T08:00:30.000Z"
    assert data["ends_at_unix"] == T0 + 30
    assert data["on_time"] == {"bet": "dead_hand", "no_bet": "check"}


def test_tda2009_times_and_rule(fake_time):
    data = handle("clock A facing:no-bet", Context(ruleset_id="tda2009")).to_json()
    assert (data["seconds"], data["countdown"], data["citations"]) == (60, 10, ["20"])
    assert data["on_time"] == {"no_bet": "dead_hand"}
    assert "TDA 2009 Rule 20" in data["text"]


def test_server_times_and_caller(fake_time):
    ctx = Context(clock_seconds=45, clock_countdown=15, user="Dealer Kim")
    reply = handle("clock seat 4 facing:bet", ctx)
    data = reply.to_json()
    assert (data["seconds"], data["countdown"], data["started_by"]) == (45, 15, "Dealer Kim")
    assert data["ends_at_unix"] == T0 + 60
    assert "Dealer Kim" in reply.text and MSG("server_times", "en") in reply.text
    assert data["on_time"] == {"bet": "dead_hand"}


@pytest.mark.parametrize("lang", LANGS)
def test_text_cites_the_rule_in_the_language(fake_time, lang):
    text = handle("clock A", Context(lang=lang)).text
    label = {"en": "Rule 31", "ja": "第31項", "ko": "규칙 31"}[lang]
    assert label in text and "pokertda.com" in text
    assert MSG("bet_dead_hand", lang) in text and MSG("no_bet_check", lang) in text


def test_japanese_and_korean_command_words(fake_time):
    assert handle("クロック A ベット有り", Context(lang="ja")).to_json()["facing"] == "bet"
    assert handle("클락 A 벳 없음", Context(lang="ko")).to_json()["facing"] == "no_bet"


def test_reply_in_each_phase(fake_time):
    from handlers.clock import new_clock, parse_request

    ctx = Context()
    clock = new_clock(parse_request("A facing:bet"), ctx, T0)
    assert clock_reply(clock, ctx, T0 + 26).to_json()["state"] == "countdown"
    expired = clock.expire(T0 + 30)
    r = clock_reply(expired, ctx, T0 + 30)
    assert r.to_json()["state"] == "expired" and MSG("bet_dead_hand", "en") in r.text
    assert MSG("no_bet_check", "en") not in r.text
    late = clock.expire(T0 + 500, late=True)
    assert MSG("closed_late", "en") in clock_reply(late, ctx, T0 + 500).text
    acted = clock.act(T0 + 30.2, by="Floor")
    r = clock_reply(acted, ctx, T0 + 31)
    assert r.to_json()["state"] == "acted" and "stands" in r.text and "Floor" in r.text
    cancelled = clock.cancel(T0 + 3, by="Floor")
    assert clock_reply(cancelled, ctx, T0 + 3).to_json()["state"] == "cancelled"


def test_discord_time_format_is_relative(fake_time):
    from handlers.clock import new_clock, parse_request

    ctx = Context()
    clock = new_clock(parse_request("A"), ctx, T0)
    text = clock_reply(clock, ctx, T0, fmt_time=discord_relative).text
    assert f"<t:{int(T0 + 30)}:R>" in text


def test_player_key_ignores_case_width_and_spaces():
    assert player_key("Seat 4") == player_key("seat  4") == player_key("ＳＥＡＴ４")
    assert player_key("A") != player_key("B")


def test_handlers_write_no_discord_timestamps():
    """Discord's `<t:…:R>` is the cogs' to write (cogs/timed.py); handlers hand over Unix times."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "handlers"
    found = [
        f"{p.relative_to(root)}:{node.lineno}"
        for p in sorted(root.rglob("*.py"))
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and "<t:" in node.value
    ]
    assert not found
