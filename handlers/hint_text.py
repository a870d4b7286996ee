"""An error's hint in the notation of the reply's language: `A allin 500` → `Aがオールイン500` / `A 올인 500`.

The engine writes every hint in the English notation (`C call`, `showdown: B > A = C`, `players
SB BB`), because it knows nothing of languages. A person who types Japanese or Korean is answered
in Japanese or Korean, and a suggestion in another notation would be one more thing to translate
at the table, so the handler layer renders the hint word by word into the reply language's
notation. Every word it writes is one the reader reads (tests/test_hint_text.py types the hints
back), player names, amounts and what the line typed are left as they are.
"""

from __future__ import annotations

import re

# English notation word (lower case) → (Japanese, Korean), each a word engine/notation reads.
_WORDS: dict[str, tuple[str, str]] = {
    "bet": ("ベット", "벳"),
    "raise": ("レイズ", "레이즈"),
    "call": ("コール", "콜"),
    "check": ("チェック", "체크"),
    "fold": ("フォールド", "폴드"),
    "allin": ("オールイン", "올인"),
    "chips": ("チップ", "칩"),
    "back": ("引き戻し", "회수"),
    "last": ("最後", "마지막"),
    "players": ("プレイヤー", "플레이어"),
    "stacks": ("スタック", "스택"),
    "button": ("ボタン", "버튼"),
    "preflop": ("プリフロップ", "프리플랍"),
    "pre": ("プリフロップ", "프리플랍"),
    "flop": ("フロップ", "플랍"),
    "turn": ("ターン", "턴"),
    "river": ("リバー", "리버"),
    "showdown": ("ショーダウン", "쇼다운"),
    "mucks": ("マック", "먹"),
    "short": ("ショート", "숏"),
    "dead": ("デッド", "데드"),
    "ante": ("アンティ", "앤티"),
    "pot": ("ポット", "팟"),
    # command words, and the words of the blind clock and of a structure
    "ruling": ("裁定", "판정"),
    "rule": ("ルール", "규칙"),
    "clock": ("クロック", "클락"),
    "blinds": ("ブラインド", "블라인드"),
    "help": ("ヘルプ", "도움말"),
    "break": ("休憩", "브레이크"),
    "colour-up": ("カラーアップ", "컬러업"),
    "turbo": ("ターボ", "터보"),
    "regular": ("レギュラー", "레귤러"),
    "deep": ("ディープ", "딥"),
    "holdem": ("ホールデム", "홀덤"),
    "settings": ("設定", "설정"),
    "seconds": ("秒数", "초"),  # `/settings clock seconds:40`: the option as the client shows it
    "player": ("プレイヤー", "플레이어"),  # the clock's `player:` and `facing:` options
    "facing": ("ベット", "벳"),  # `/settings clock`: the Discord command as a Japanese or Korean client shows it
}
# After `blinds`, the subcommands (`back` there is a level back, not chips pulled back).
_BLINDS_SUBS: dict[str, tuple[str, str]] = {
    "start": ("開始", "시작"),
    "show": ("表示", "보기"),
    "pause": ("一時停止", "일시정지"),
    "resume": ("再開", "재개"),
    "next": ("次", "다음"),
    "back": ("戻る", "이전"),
    "stop": ("終了", "종료"),
}
_FACING = {"facing:bet": ("ベット:あり", "벳:있음"), "facing:no-bet": ("ベット:なし", "벳:없음")}
# A rule or glossary id (`74`, `RP-29`, `45-A`, `GL:btn`) is the same in every language.
_AN_ID = re.compile(r"^(?:GL:\S+|(?:RP-|IA-|JP-)?\d+(?:-[A-Za-z0-9]+)*)$")
_SEAT_HINT = re.compile(r"^seat (\d+)$")
_MINUTES = re.compile(r"^(\d+)m$")
# The one-letter shorthands a hint may offer (`x` for a check): the verb itself in Japanese and Korean.
_LETTERS = {"x": "check", "k": "check", "c": "call", "f": "fold", "r": "raise", "b": "bet"}
# `bba` is read in any case; the abbreviation is written as players write it.
_UPPER = frozenset({"bba", "nl", "pl", "fl", "sb", "bb", "lhe", "nlhe", "nlh", "plo", "btn", "utg"})
_TOKEN = re.compile(r"\d[\d,.+x×]*m?|[A-Za-z][A-Za-z-]*|[^A-Za-z\d]+")
_TIMES = re.compile(r"^(\d+(?:\.\d+)?)x$")
# `P verb` or `P verb amount` alone: Japanese writes the actor with が (`Cがコール`, `Aがオールイン500`).
_ONE_ACTION = re.compile(r"^(?P<p>\S+) (?P<verb>bet|raise|call|check|fold|allin)(?: (?P<amount>\d[\d,]*))?$")


# A clock's facing value alone (`clock A facing` + `bet`): the value words, not the bet verb.
_FACING_VALUE = {"bet": ("あり", "있음"), "no-bet": ("なし", "없음")}


def render_hint(hint: str | None, lang: str, code: str | None = None) -> str | None:
    """`hint` in `lang`'s notation (unchanged for English and for None); `code` is the error's,
    for the one hint whose words mean something else alone (a clock's facing value)."""
    if hint is not None and code == "unknown_verb" and hint.lower() in _LETTERS:
        # `XL` answered “x”: a one-letter shorthand is the least readable thing to offer for a
        # word that is not a verb, in any language; better no suggestion than that one.
        return None
    if hint is None or lang not in ("ja", "ko") or _AN_ID.match(hint):
        return hint
    col = 0 if lang == "ja" else 1
    if code == "bad_facing" and hint in _FACING_VALUE:
        return _FACING_VALUE[hint][col]
    if hint in _FACING:
        return _FACING[hint][col]
    seat = _SEAT_HINT.match(hint)
    if seat is not None:
        return f"{seat.group(1)}番席" if lang == "ja" else f"{seat.group(1)}번 좌석"
    one = _ONE_ACTION.match(hint)
    if one is not None and lang == "ja":
        return f"{one['p']}が{_WORDS[one['verb']][0]}{one['amount'] or ''}"
    if hint.startswith("showdown: ") and hint.endswith(" wins"):  # `showdown: B wins`
        who = hint[len("showdown: "):-len(" wins")]
        return f"{_WORDS['showdown'][col]}: {who}{'の勝ち' if lang == 'ja' else ' 승'}"
    out: list[str] = []
    blinds = hint.startswith("blinds ")
    for tok in _TOKEN.findall(hint):
        low = tok.lower()
        times = _TIMES.match(low)
        minutes = _MINUTES.match(low)
        if blinds and low in _BLINDS_SUBS:
            out.append(_BLINDS_SUBS[low][col])
        elif minutes is not None:
            out.append(minutes.group(1) + ("分" if lang == "ja" else "분"))
        elif times is not None:
            out.append(times.group(1) + ("倍" if lang == "ja" else "배"))
        elif low in _WORDS:
            out.append(_WORDS[low][col])
        elif low in _UPPER:
            out.append(tok.upper())
        elif lang == "ja" and tok == ", ":
            out.append("、")
        elif "x" in tok and tok[:1].isdigit():  # `1000+100x5`: the chip counts with ×, read alike
            out.append(tok.replace("x", "×"))
        else:
            out.append(tok)
    return "".join(out)
