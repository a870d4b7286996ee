"""help: every language, every topic, and every example it shows actually works."""

from __future__ import annotations

import pytest

from handlers.context import Context
from handlers.dispatch import find_command, handle
from handlers.help import TEXT


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_help_lists_every_command(lang: str) -> None:
    reply = handle("help", Context(lang=lang))
    names = {"en": ["ruling", "pot", "rule", "clock", "blinds", "button", "balance", "colour", "break", "bust", "deal",
                    "payouts", "help"],
             "ja": ["裁定", "ポット", "ルール", "クロック", "ブラインド", "ボタン", "バランス", "カラーアップ", "ブレイク", "バスト",
                    "ディール", "ペイアウト", "ヘルプ"],
             "ko": ["판정", "팟", "규칙", "클락", "블라인드", "버튼", "밸런스", "컬러업", "브레이크", "탈락", "딜", "페이아웃",
                    "도움말"]}[lang]
    commands = ["ruling", "pot", "rule", "clock", "blinds", "button", "balance", "colour", "break", "bust", "deal",
                "payouts", "help"]
    # Each command is listed under the reply language's own command word, and that word is one
    # the dispatcher reads as that command.
    assert reply.ok and [f.name for f in reply.fields] == names
    assert [c.name for c in map(find_command, names) if c is not None] == commands
    assert reply.to_json()["commands"] == commands


@pytest.mark.parametrize("word", ["ruling", "裁定", "판정", "/rule", "clock"])
def test_help_on_one_command(word: str) -> None:
    reply = handle(f"help {word}", Context())
    assert reply.ok and len(reply.fields) == 1


def test_help_on_unknown_topic_is_a_localized_error() -> None:
    reply = handle("ヘルプ frobnicate", Context(lang="ja"))
    assert not reply.ok and reply.error is not None and reply.error.code == "unknown_help_topic"
    assert "frobnicate" in reply.error.message and reply.error.at == 4


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_ruling_examples_in_help_rule_correctly(lang: str) -> None:
    examples = [line for line in TEXT.table["ruling"][lang].splitlines()
                if (cmd := find_command(line.split(" ", 1)[0])) is not None and cmd.name == "ruling"]
    assert len(examples) == 2
    for line in examples:
        reply = handle(line, Context(lang=lang))
        assert reply.ok, (line, reply.error)
        assert reply.citations


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_pot_example_in_help_settles(lang: str) -> None:
    examples = [line for line in TEXT.table["pot"][lang].splitlines()
                if (cmd := find_command(line.split(" ", 1)[0])) is not None and cmd.name == "pot"]
    assert len(examples) == 1
    reply = handle(examples[0], Context(lang=lang))
    assert reply.ok, (examples[0], reply.error)
    assert [p["winners"] for p in reply.to_json()["pots"]] == [["A"], ["B", "C"]]
