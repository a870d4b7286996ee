"""Japanese and Korean names, descriptions and choices for the slash commands.

The API names stay English (the spec fixes them); Discord shows these localizations to people
whose client is set to Japanese or Korean. Names follow Discord's rule for command and option
names (lower-case, no spaces); context-menu names may contain anything.
"""

from __future__ import annotations

from discord import Locale, app_commands

from engine.rulesets import RULESETS

# English source string -> {"ja": ..., "ko": ...}. Keys are the exact strings used in the cogs.
TABLE: dict[str, dict[str, str]] = {
    # /ruling
    "ruling": {"ja": "裁定", "ko": "판정"},
    "Rule on a betting sequence: who acts, what it costs to call, the smallest and largest raise": {
        "ja": "ベットの流れを裁定します。誰の番か、コール額、最小・最大レイズ",
        "ko": "베팅 순서를 판정합니다. 누구 차례인지, 콜 금액, 최소·최대 레이즈",
    },
    "hand": {"ja": "ハンド", "ko": "핸드"},
    "The hand, e.g. NL 100/200 flop: A bet 600, B raise 1600, C?": {
        "ja": "ハンドの経過。例: NL 100/200 flop: A bet 600, B raise 1600, C?",
        "ko": "핸드 진행. 예: NL 100/200 flop: A bet 600, B raise 1600, C?",
    },
    # context menu
    "Ruling": {"ja": "裁定する", "ko": "판정하기"},
    # /rule
    "rule": {"ja": "ルール", "ko": "규칙"},
    "Find a rule by its number or by words, in any language": {
        "ja": "番号やキーワードでルールを探します（日本語・韓国語・英語）",
        "ko": "번호나 단어로 규칙을 찾습니다 (한국어·일본어·영어)",
    },
    "query": {"ja": "検索語", "ko": "검색어"},
    "A rule number such as 45 or RP-8, or a few words about the situation": {
        "ja": "45 や RP-8 のような番号、または状況を表す言葉",
        "ko": "45, RP-8 같은 번호 또는 상황을 설명하는 말",
    },
    # /help
    "help": {"ja": "ヘルプ", "ko": "도움말"},
    "How to use floorcall, with examples": {
        "ja": "floorcall の使い方と例",
        "ko": "floorcall 사용법과 예시",
    },
    # /settings
    "settings": {"ja": "設定", "ko": "설정"},
    "Reply language and ruleset for this channel or server": {
        "ja": "このチャンネルやサーバーの回答言語とルールセット",
        "ko": "이 채널이나 서버의 답변 언어와 룰셋",
    },
    "language": {"ja": "言語", "ko": "언어"},
    "Set the language I answer in": {"ja": "回答に使う言語を設定します", "ko": "답변 언어를 정합니다"},
    "value": {"ja": "値", "ko": "값"},
    "The language to answer in": {"ja": "回答に使う言語", "ko": "답변에 쓸 언어"},
    "scope": {"ja": "範囲", "ko": "범위"},
    "This channel only, or the whole server (default: this channel)": {
        "ja": "このチャンネルだけか、サーバー全体か（既定はこのチャンネル）",
        "ko": "이 채널만인지 서버 전체인지 (기본: 이 채널)",
    },
    "This channel": {"ja": "このチャンネル", "ko": "이 채널"},
    "The whole server": {"ja": "サーバー全体", "ko": "서버 전체"},
    "ruleset": {"ja": "ルールセット", "ko": "룰셋"},
    "Set the ruleset this server rules under": {
        "ja": "このサーバーで使うルールセットを設定します",
        "ko": "이 서버에서 쓸 룰셋을 정합니다",
    },
    "The ruleset to rule under": {"ja": "裁定に使うルールセット", "ko": "판정에 쓸 룰셋"},
    "show": {"ja": "表示", "ko": "보기"},
    "Show the settings in force here and where they come from": {
        "ja": "ここで有効な設定とその出どころを表示します",
        "ko": "여기서 적용되는 설정과 그 출처를 보여 줍니다",
    },
}

# Ruleset choice names come from the ruleset table, so a new ruleset is localized where it is defined.
for _rs in RULESETS.values():
    TABLE.setdefault(_rs.name["en"], {"ja": _rs.name["ja"], "ko": _rs.name["ko"]})

_LOCALES = {Locale.japanese: "ja", Locale.korean: "ko"}


class FloorcallTranslator(app_commands.Translator):
    """Looks the English string up in `TABLE`; None (no localization) for other locales or strings."""

    async def translate(
        self, string: app_commands.locale_str, locale: Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        lang = _LOCALES.get(locale)
        if lang is None:
            return None
        return TABLE.get(string.message, {}).get(lang)
