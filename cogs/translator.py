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
    # /pot
    "pot": {"ja": "ポット", "ko": "팟"},
    "Settle a hand: main and side pots, who can win each, returned bets, odd chips, who shows first": {
        "ja": "ハンドを精算します。メインとサイドポット、獲得できる人、返却額、端数チップ、見せる順番",
        "ko": "핸드를 정산합니다. 메인·사이드 팟, 가져갈 수 있는 사람, 반환 금액, 자투리 칩, 공개 순서",
    },
    "The whole hand, e.g. NL 100/200 stacks A 700 B 5000 preflop: A allin, B call; showdown: A > B": {
        "ja": "ハンド全体。例: NL 100/200 stacks A 700 B 5000 preflop: A allin, B call; showdown: A > B",
        "ko": "핸드 전체. 예: NL 100/200 stacks A 700 B 5000 preflop: A allin, B call; showdown: A > B",
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
    "Reply language, ruleset and clock times for this channel or server": {
        "ja": "このチャンネルやサーバーの回答言語・ルールセット・クロック時間",
        "ko": "이 채널이나 서버의 답변 언어, 룰셋, 클락 시간",
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
    # /settings clock (the name "clock" is /clock's too)
    "clock": {"ja": "クロック", "ko": "클락"},
    "Set this server's clock times, or go back to the ruleset's": {
        "ja": "このサーバーのクロック時間を設定するか、ルールセットの時間に戻します",
        "ko": "이 서버의 클락 시간을 정하거나 룰셋의 시간으로 되돌립니다",
    },
    "seconds": {"ja": "秒数", "ko": "초"},
    "Seconds to act before the countdown (5-600)": {
        "ja": "カウントダウン前にアクションできる秒数（5〜600）",
        "ko": "카운트다운 전에 액션할 수 있는 초 (5~600)",
    },
    "countdown": {"ja": "カウントダウン", "ko": "카운트다운"},
    "Seconds of the final countdown (0-60, at most the seconds to act)": {
        "ja": "最後のカウントダウンの秒数（0〜60、アクションまでの秒数以下）",
        "ko": "마지막 카운트다운 초 (0~60, 액션까지의 초 이하)",
    },
    "reset": {"ja": "リセット", "ko": "초기화"},
    "True: forget this server's times and use the ruleset's again": {
        "ja": "True：このサーバーの時間を消し、ルールセットの時間に戻します",
        "ko": "True: 이 서버의 시간을 지우고 룰셋의 시간으로 되돌립니다",
    },
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
