"""The word tables of hand notation and the small readers that only compare words.

Every word the notation knows, in English, Japanese and Korean (games, streets, verbs and their
aliases, header and action keywords), with `fold` (how two spellings compare equal), `Token` (a
word with its offset) and the amount and chip readers. Kept apart from `engine.notation.read` so the
tables can grow with a language without the readers around them growing too; nothing here knows
the shape of a hand.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from engine.errors import FloorcallError
from engine.notation.money import MONEY

Game = Literal["NL", "PL", "FL"]
Street = Literal["preflop", "flop", "turn", "river"]
# `open`: the first bet or raise of a round (`UTG opens 600`, `A leads 500`): a bet when nothing is
# bet, else a raise, with none of the notes a bet word facing a bet (or "raise" with no bet) gets.
Verb = Literal["bet", "raise", "call", "check", "fold", "allin", "pot", "open"]

MAX_AMOUNT = 10**18

GAME_WORDS: dict[str, Game] = {
    w: g
    for g, words in dict[Game, tuple[str, ...]]({
        "NL": ("nl", "nlh", "nlhe", "nlo", "nolimit", "no-limit", "ノーリミット", "ノーリミ", "노리밋", "노리미트", "노리밋홀덤"),
        "PL": ("pl", "plo", "plo8", "plo/8", "plhe", "plh", "potlimit", "pot-limit", "ポットリミット", "팟리밋", "팟리미트",
               "pl오마하", "ポットリミットオマハ", "plオマハ", "팟리밋오마하"),
        "FL": ("fl", "lhe", "flhe", "lh", "limit", "fixed", "fixedlimit", "fixed-limit", "リミット", "フィックスドリミット",
               "리밋", "리미트", "픽스드리밋",
               # Omaha hi-lo played limit, as mixed games deal it (engine/pots/cards.py reads the cards).
               "o8", "o/8", "flo8"),
    }).items()
    for w in words
}

STREET_WORDS: dict[str, Street] = {
    w: s
    for s, words in dict[Street, tuple[str, ...]]({
        "preflop": ("preflop", "pre-flop", "pre", "pf", "プリフロップ", "プリフロ", "프리플랍", "프리플롭", "프리"),
        "flop": ("flop", "postflop", "post-flop", "フロップ", "ポストフロップ", "플랍", "플롭", "포스트플랍"),
        "turn": ("turn", "ターン", "턴"),
        "river": ("river", "リバー", "리버"),
    }).items()
    for w in words
}

VERB_WORDS: dict[str, Verb] = {
    w: v
    for v, words in dict[Verb, tuple[str, ...]]({
        # Past tenses too: a floor person tells what happened (`B raised 1500, C called`).
        # `ベッド` and `배팅` are how chat often spells ベット and 베팅.
        "bet": ("bet", "bets", "b", "overbet", "overbets", "ベット", "べット", "ベッド", "벳", "베팅", "배팅", "뱃",
                # 打つ / 賭ける ("put it out", "wager") and 지르다 ("push it in"): a bet as chat tells it,
                # in the forms a sentence leaves them (`Aが600打って、…`, `600賭けた`, `600 질렀고`).
                "打つ", "打って", "打った", "打ち", "打ちます", "打ちました", "賭け", "賭ける", "賭けて", "賭けた",
                "賭けます", "賭けました", "질러", "질렀고", "질렀어", "질렀어요", "질렀음", "질렀다", "지름", "질러요"),
        # `オープン` / `오픈` too: before the flop the open raise.
        "open": ("open", "opens", "opened", "lead", "leads", "led", "donk", "donks", "donked", "cbet", "cbets",
                 "c-bet", "c-bets", "オープン", "오픈"),
        # `3ベット`, `4벳`, `쓰리벳`: the second, third raise of a round (3bet as in English).
        "raise": ("raise", "raises", "raised", "r", "re-raise", "re-raises", "re-raised", "reraise", "reraises",
                  "reraised", "checkraise", "checkraises", "check-raise", "check-raises", "check-raised", "x/r",
                  "3bet", "3-bet", "3bets", "3-bets", "4bet", "4-bet", "4bets", "4-bets", "5bet", "5-bet",
                  # `caps`: the last raise a limit round allows, still one raise ("caps it" as said).
                  "cap", "caps", "capped", "キャップ", "캡",
                  # Floor slang for a raise over a bet and callers, or over a limper.
                  "squeeze", "squeezes", "squeezed", "iso", "isos", "isolates", "isolated",
                  "レイズ", "リレイズ", "레이즈", "리레이즈",
                  "3ベット", "4ベット", "5ベット", "スリーベット", "フォーベット", "3벳", "4벳", "5벳", "쓰리벳", "포벳",
                  # 올리다 ("raise it"): `B 3000으로 올림`, `올렸어요`.
                  "올림", "올려", "올려요", "올렸어요", "올렸음", "올렸다", "올렸고", "올리고",
                # 上げる ("raise it"): `1600に上げた`, `1800まで上げて`.
                "上げ", "上げる", "上げて", "上げた", "上げます", "上げました",
                  # A check-raise is a raise (the check came earlier on the street).
                  "チェックレイズ", "체크레이즈"),
        # 받다 ("take it"): Korean chat's call (`B 받음`, `콜 받았어요`).
        "call": ("call", "calls", "called", "c", "flat", "flats", "flatted", "コール", "콜",
                 "받음", "받아", "받아요", "받았어요", "받았음", "받았다", "받았고",
                 # `받고` ("took it, and"): a call with more said after it (`1000 받고 2000 더`, engine.notation.cjk.words).
                 "받고",
                 # `オールインコール`, `올인콜`: calling an all-in.
                 "オールインコール", "올인콜"),
        "check": ("check", "checks", "checked", "x", "k", "チェック", "체크"),
        # 降りる / 죽다 ("step down", "die"): how floor chat says fold in Japanese and Korean.
        "fold": ("fold", "folds", "folded", "f", "muck", "mucks", "mucked", "フォールド", "폴드", "다이", "降り", "降りる",
                 "降りた", "降ります", "降りました", "オリ", "オリる", "オリた", "죽음", "죽어", "죽었어요", "죽었음",
                 "죽을게요", "죽을게", "죽어요", "죽습니다", "죽었고", "죽고", "降りて"),
        # 풀올인 ("full all-in") and 올-인 (as `all-in`) say nothing but all-in.
        "allin": ("allin", "all-in", "all_in", "ai", "shove", "shoves", "shoved", "jam", "jams", "jammed", "オールイン",
                  "올인", "올-인", "풀올인", "오리",
                  # A short all-in (less than a full raise) is an all-in; the rules say what it counts as.
                  "ショートオールイン", "숏올인", "쇼트올인"),
        # `ポットレイズ`, `팟벳`, `ポットまでレイズ`: the pot-limit maximum said in one word (had
        # seated a player called "Bがポット" raising the minimum).
        "pot": ("pot", "pots", "potted", "repot", "repots", "repotted", "re-pot", "re-pots", "ポット", "팟", "포트",
                "ポットレイズ", "ポットベット", "レイズポット", "ベットポット", "ポットまでレイズ",
                "ポットにレイズ", "ポットまで", "팟레이즈", "팟벳", "팟베팅", "레이즈팟", "팟까지레이즈", "팟까지", "포트레이즈",
                # `リポット`, `리팟`: a re-pot, read as the suffix alone it had left `Bがリ` as a name.
                "リポット", "리팟"),
    }).items()
    for w in words
}


def _hiragana(word: str) -> str:
    """`コール` → `こーる`: chat often types the katakana verbs in hiragana (`ちぇっく`, `おりる`)."""
    return "".join(chr(ord(c) - 0x60) if "ァ" <= c <= "ヶ" else c for c in word)


# Read, but never offered as a hint: past tenses and floor slang would turn a typo's suggestion
# into "led" or "mucks" where the plain verb (or a street) is what the line needs.
_NOT_HINTED = frozenset({
    "raised", "re-raises", "re-raised", "reraises", "reraised", "checkraise", "checkraises", "check-raise",
    "check-raises", "check-raised", "x/r", "3bets", "3-bets", "4bet", "4-bet", "4bets", "4-bets", "5bet", "5-bet",
    "capped", "called", "flat", "flats", "flatted", "checked", "folded", "muck", "mucks", "mucked", "shoved", "jammed",
    "open", "opens", "opened", "lead", "leads", "led", "donk", "donks", "donked", "cbet", "cbets", "c-bet", "c-bets",
    "pots", "potted", "repot", "repots", "repotted", "re-pot", "re-pots", "squeeze", "squeezes", "squeezed", "iso",
    "isos", "isolates", "isolated", "overbet", "overbets"})
_TYPED_VERBS = tuple(w for w in VERB_WORDS if w not in _NOT_HINTED)  # what hints suggest: the words as the tables spell them
VERB_WORDS.update({h: v for w, v in list(VERB_WORDS.items()) if (h := _hiragana(w)) != w})
# The streets too (`ふろっぷ:`, `たーん:`), as the verbs: refused, `ぷりふろっぷ:` ended a stacks list
# with "B has no amount" and a line without stacks with "not a game, blinds or street".
STREET_WORDS.update({h: v for w, v in list(STREET_WORDS.items()) if (h := _hiragana(w)) != w})

# Words that stand for a verb whose amount the rules decide; the alias is what the reply shows.
ALIAS_WORDS: dict[str, tuple[Verb, str]] = {
    **{w: ("call", "limp") for w in ("limp", "limps", "limped", "リンプ", "림프", "림핑", "リンプイン", "림프인")},
    **{w: ("raise", "minraise") for w in ("min-raise", "minraise", "min-raises", "minraises", "mr", "ミニマムレイズ",
                                          "ミニレイズ", "민레이즈", "미니멈레이즈", "最低レイズ", "最小レイズ", "최소레이즈", "민레")},
    # "Complete" (an official betting word, TDA 2026 rule 3-A; seed 003's option after a short
    # all-in in limit): bring the bet up to a full limit bet. The reader decides what it comes to.
    **{w: ("raise", "complete") for w in ("complete", "completes", "completed", "コンプリート", "컴플리트", "컴플릿")},
}
# `3x`, `2.5x`, `3倍`, `3배`: a raise to that many times the bet faced.
_TIMES = re.compile(r"^(\d+(?:\.\d+)?)(?:x|×|倍|배)$")
# `オーバーチップ` / `오버칩` (an oversized chip) name what was pushed just as `chips` does.
CHIPS_WORDS = frozenset({"chips", "chip", "push", "pushes", "チップ", "칩", "オーバーチップ", "오버칩"})
# "Pulled back" before `chips`: the chips already in front were taken back (all, or an amount) and
# these were pushed instead (48-B, 48-C; Addendum 48 situations 2 and 3).
BACK_WORDS = frozenset({"back", "pullback", "pulled-back", "引き戻し", "戻し", "回収", "회수", "빼고"})
LAST_WORDS = frozenset({"last", "(last)", "最後", "ラスト", "最後のチップ", "마지막", "라스트"})
# `call, raise 900` said as one: the first word binds (53-A: a call or fold declared in turn is
# the action), and what came after it, with its amount, is reported but not ruled.
SECOND_WORD_JOINS = frozenset({"and", "then", "&", "/"})
# A straddle: no source of ours rules on one (the TDA rules and the house rules say nothing of it),
# so a hand with one is refused with that reason rather than as a word not understood.
STRADDLE_WORDS = frozenset({"straddle", "straddles", "straddled", "ストラドル", "스트래들", "스트레들"})
# `makes it 700`, `goes to 700`: a raise (or, with nothing bet, a bet) to that total, as "raise to
# 700" is; the words themselves are fillers, and with no amount after them nothing was said (`B
# makes`). Read as an amount said alone (42-C), `goes to 700` facing 600 had been a call.
MAKE_WORDS = frozenset({"make", "makes", "made", "go", "goes", "went", "going"})
FILLER_WORDS = frozenset({"to", "for", "of", "the", "make", "makes", "made", "it", "goes", "go", "went", "going", "is", "out", "total", "が", "は", "을", "를", ":", "：",
                          # "In total", said before the amount (`合計3000にレイズ`, `총 3000 레이즈`): amounts are totals.
                          "合計", "総額", "トータル", "トータルで", "合計で", "총", "총액", "합계", "총액으로"})
# What names an amount, not a player, as the first word of an item (`額は3000`, `금액은 3000`):
# the amount of the action before it (engine.notation.read).
# `total` and `amount` too (`B raise, total 1000`): compared lower-cased; read as a player, "total"
# had raised after B's minimum raise.
AMOUNT_NAMES = frozenset({"額", "金額", "合計", "総額", "トータル", "금액", "총액", "합계", "총", "total", "amount"})
# `raise by 1000`, `raises 1000 more`: the amount is what the raise adds to the bet faced, not a total.
BY_WORDS = frozenset({"by"})
MORE_WORDS = frozenset({"more", "더", "上乗せ"})  # `1000 더 레이즈`, `1000上乗せ`: by that much
# Two words people type for one (`all in`, `min raise`): read as the one word.
TWO_WORD_VERBS = {("all", "in"): "allin", ("min", "raise"): "minraise", ("min", "raises"): "minraise",
                  ("check", "raise"): "checkraise", ("check", "raises"): "checkraise",
                  ("최소", "레이즈"): "최소레이즈", ("最低", "レイズ"): "最低レイズ", ("ミニマム", "レイズ"): "ミニマムレイズ",
                  ("올인", "콜"): "올인콜", ("オールイン", "コール"): "オールインコール",
                  # `올인 받음` ("took the all-in"): a call of it, as `올인 콜`.
                  **{("올인", took): "올인콜" for took in ("받음", "받아", "받아요", "받았어요", "받았음", "받았다")}}
POT_WORDS = frozenset({"pot", "ポット", "팟", "포트"})
PLAYERS_WORDS = frozenset({"players", "seats", "プレイヤー", "席順", "플레이어", "좌석"})
SHORT_WORDS = frozenset({"short", "ショート", "숏"})
DEAD_WORDS = frozenset({"dead", "absent", "デッド", "不在", "데드"})
BLIND_NAMES = {"sb": "SB", "bb": "BB"}

_KATA_HINTS = _TYPED_VERBS + tuple(STREET_WORDS) + tuple(GAME_WORDS)
# Street words floor staff abbreviate (`flp:`, `trn:`, `rvr:`): read, never offered as a hint.
STREET_WORDS.update({"flp": "flop", "trn": "turn", "rvr": "river", "riv": "river"})
_VERB_HINTS = _TYPED_VERBS + tuple(ALIAS_WORDS)
_NAME_COLONS = (":", "：")


# Slotted rather than frozen, as the records of `engine.notation.read`: a frozen dataclass costs three
# times as much to build, and a hand builds one per word on every ruling (bench/bench_ruling.py).


@dataclass(slots=True)
class Token:
    text: str  # NFKC-folded, as compared with the word tables (case folded)
    raw: str
    at: int


def fold(word: str) -> str:
    """NFKC + casefold: full-width digits and letters, half-width kana, upper case all compare equal.

    ASCII is already NFKC-normal and its casefold is its lower case, so most words skip both
    Unicode passes (every player name and amount is folded at least once per ruling).
    """
    if word.isascii():
        return word.lower()
    folded = unicodedata.normalize("NFKC", word).casefold()
    if _DASHES.isdisjoint(folded):
        return folded
    # `コ－ル`, `オ-ルイン`, `コ～ル`: a dash or wave typed for the long vowel mark ー between katakana
    # (an IME slip); each had been refused as an unknown verb. One character for one: lengths stay.
    return _KATAKANA_DASH.sub("ー", folded)


_DASHES = frozenset("-‐―—〜~")
_KATAKANA_DASH = re.compile(r"(?<=[ァ-ヺ])[-‐―—〜~](?=[ァ-ヺ])")
_WORD = re.compile(r"\S+")


def _tokens(text: str, base: int) -> list[Token]:
    """Every word of `text` with its offset. Folded one word at a time so that a word whose fold
    changes its length (`ﬁ`, `ß`) cannot move the offsets of the words after it."""
    return [Token(fold(w := m.group()), w, base + m.start()) for m in _WORD.finditer(text)]


# Thousands separators only where they group by three (`2,000`, `1,000,500`): `1000,500` is not a
# number but two chips (it read as 1,000,500, a raise a thousand times what was meant).
_NUMBER = re.compile(r"^((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)(k|m|千|万|천|만)?$")
_DOT_GROUPED = re.compile(r"^\d{1,3}(?:\.\d{3})+$")
_COMMA_RUN = re.compile(r"\d*(?:,\d*)+")  # digits with commas among them, in a kanji or hangul amount
_GROUPED = re.compile(r"\d{1,3}(?:,\d{3})+")
_MULTIPLIER = {None: 1, "k": 1000, "m": 1_000_000, "千": 1000, "万": 10_000, "천": 1000, "만": 10_000}


# Numbers written in Japanese kanji or Korean hangul (`千`, `三千五百`, `1万5千`, `오천`, `천오백`).
# `Aが千ベット` used to read as a player called "Aが千" betting the minimum: a wrong ruling with no
# error. A numeral counts only with a unit in it (十 百 千 万 億 / 십 백 천 만 억), so a lone 一 or
# 이 (also a Korean particle and name ending) is never read as an amount.
NATIVE_DIGITS = {"〇": 0, "零": 0, "一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
                 "영": 0, "일": 1, "이": 2, "삼": 3, "사": 4, "오": 5, "육": 6, "칠": 7, "팔": 8, "구": 9}
NATIVE_SMALL_UNITS = {"十": 10, "百": 100, "千": 1000, "십": 10, "백": 100, "천": 1000}
NATIVE_BIG_UNITS = {"万": 10_000, "億": 100_000_000, "만": 10_000, "억": 100_000_000}
NATIVE_NUMERAL_CHARS = "".join([*NATIVE_DIGITS, *NATIVE_SMALL_UNITS, *NATIVE_BIG_UNITS])
_NATIVE = re.compile(r"[0-9" + NATIVE_NUMERAL_CHARS + r"]+")


def _native_amount(text: str) -> int | None:
    """`千` → 1000, `三千五百` → 3500, `1万5千` → 15000, `오천` → 5000; None unless the whole text is
    such a numeral with at least one unit."""
    if not _NATIVE.fullmatch(text) or not any(c in NATIVE_SMALL_UNITS or c in NATIVE_BIG_UNITS for c in text):
        return None
    total = section = 0
    digits = ""
    last_small = last_big = MAX_AMOUNT  # units come largest first (`千千`, `百千` are not numbers)
    for c in text:
        if c.isdigit() and c.isascii():
            digits += c
        elif c in NATIVE_DIGITS:
            if digits:  # `一二` is not a number: digits run together only in Arabic numerals
                return None
            digits = str(NATIVE_DIGITS[c])
        elif c in NATIVE_SMALL_UNITS:
            if NATIVE_SMALL_UNITS[c] >= last_small:
                return None
            last_small = NATIVE_SMALL_UNITS[c]
            section += (int(digits) if digits else 1) * NATIVE_SMALL_UNITS[c]
            digits = ""
        else:
            if NATIVE_BIG_UNITS[c] >= last_big:
                return None
            last_big, last_small = NATIVE_BIG_UNITS[c], MAX_AMOUNT
            section += int(digits) if digits else 0
            total += (section or 1) * NATIVE_BIG_UNITS[c]
            section, digits = 0, ""
    value = total + section + (int(digits) if digits else 0)
    return value if 0 < value <= MAX_AMOUNT else None


def parse_amount(text: str) -> int | None:
    """`2,000` `1k` `1.5k` `2万` `３천` `三千` `오천` → int; None when `text` is not an amount.

    In a line with decimals or a currency sign (`engine.notation.money`), in its smallest unit:
    `8.50` → 850 where the line's scale is 100, `$3` → 300."""
    if (money := MONEY.get()) is not None:
        return _scaled_amount(money.bare(text), money.scale)
    if text.isascii() and text.isdigit():  # plain `100`, the usual case: no fold, no pattern
        value = int(text)
        return value if 0 < value <= MAX_AMOUNT else None
    return _scaled_amount(text, 1)


def _scaled_amount(text: str, scale: int) -> int | None:
    if text.isascii() and text.isdigit():
        value = int(text) * scale
        return value if 0 < value <= MAX_AMOUNT else None
    m = _NUMBER.match(fold(text).replace("_", ""))
    if not m:
        if text.isascii():
            return None
        folded = fold(text)
        if "," in folded and not all(_GROUPED.fullmatch(run) for run in _COMMA_RUN.findall(folded)):
            # `1,5万`: a decimal comma (1.5万 = 15,000) or a slip; with the comma dropped it read as
            # 15万 = 150,000, ten times the bet. Commas group by three here as in `2,000`.
            return None
        native = _native_amount(folded.replace(",", ""))
        return native * scale if native is not None and native * scale <= MAX_AMOUNT else None
    number, unit = m.group(1).replace(",", ""), m.group(2)
    if unit is None and _DOT_GROUPED.match(number):
        # `1.000`, `12.500`: thousands grouped with dots. Read as a decimal, `1.000` was one chip,
        # which rule 59 then blew up to 1,000 or 10,000 by the size of the pot: a guess, so no amount.
        return None
    # Exact decimal arithmetic: in binary floating point 16.1 * 1000 is 16100.000000000002, and
    # `16.1k` (or `64.4k`, `1.15万`) was refused as "not an amount".
    exact: Fraction | int = (Fraction(number) if "." in number else int(number)) * _MULTIPLIER[unit] * scale
    if exact != int(exact) or exact <= 0 or exact > MAX_AMOUNT:
        return None
    return int(exact)


_CHIP_GROUP = re.compile(r"^(\d+(?:\.\d+)?(?:k|千|万|천|만)?)(?:[x×*](\d+))?$")
_NATIVE_CHIP_GROUP = re.compile(r"^([" + NATIVE_NUMERAL_CHARS + r"\d]+)(?:[x×*](\d+))?$")


def parse_chips(text: str, at: int) -> tuple[int, ...]:
    """`1000+100x5` (or `1000,100x5`, `100×5`) → the value of each chip pushed."""
    chips: list[int] = []
    pos = 0
    for part in re.split(r"([+,と])", fold(text)):  # `と` ("and"): `チップ1000と500`
        if part in ("+", ",", "と"):  # (a bare `in "+,"` would also pass the empty part of "100+")
            pos += len(part)
            continue
        m = _CHIP_GROUP.match(part) or _NATIVE_CHIP_GROUP.match(part)  # (`万x2`: `만원짜리 칩 두 개`)
        value = parse_amount(m.group(1)) if m else None
        count = int(m.group(2)) if m and m.group(2) else 1
        if value is None or count < 1 or count > 200:
            raise FloorcallError("bad_chips", at=at + pos, hint="1000+100x5", text=part or text)
        chips.extend([value] * count)
        pos += len(part)
    if not chips or len(chips) > 500:
        raise FloorcallError("bad_chips", at=at, hint="1000+100x5", text=text)
    return tuple(chips)


# Chat words too loose to read, with what to write instead. Spelled alike, `フロ` was offered
# `プリフロ` (preflop) as its fix; `ぜんぶ` ("all of it") had no hint at all.
SLANG_HINTS = {"フロ": "フロップ", "ふろ": "フロップ", "ぜんぶ": "オールイン", "全部": "オールイン", "全ツッパ": "オールイン",
               "전부": "올인"}


def _suggest(word: str, table: tuple[str, ...] | list[str], cutoff: float = 60) -> str | None:
    if word in SLANG_HINTS:
        return SLANG_HINTS[word]
    from rapidfuzz import fuzz, process

    best = process.extractOne(word, list(table), scorer=fuzz.ratio, score_cutoff=cutoff)
    return best[0] if best else None


def join_two_word_verbs(rest: list[Token]) -> list[Token]:
    """`all in` → `allin`, `min raise` → `minraise`: one token, at the first word's offset."""
    if len(rest) < 2:
        return rest
    out: list[Token] = []
    i = 0
    while i < len(rest):
        pair = (rest[i].text, rest[i + 1].text) if i + 1 < len(rest) else None
        if pair in TWO_WORD_VERBS:
            word = TWO_WORD_VERBS[pair]
            out.append(Token(word, f"{rest[i].raw} {rest[i + 1].raw}", rest[i].at))
            i += 2
        else:
            out.append(rest[i])
            i += 1
    return out


def looks_like_chips(raw: str) -> bool:
    """`1000+500`, `100x5`, `1000+100x5`: chips written without the word `chips`."""
    if not any(c in raw for c in "+x×*,"):
        return False
    try:
        parse_chips(raw, 0)
    except FloorcallError:
        return False
    return True


# A hand's result said after a name, one table for every reader (engine/notation/showdown.py reads
# `showdown: Bの勝ち` and a result typed after the last street; engine/notation/action_tokens.py names the
# showdown when one is typed as an action): three lists out of step had read `B takes it` in one
# place only and `Bの勝ち` after a street as an unknown verb. Longest first, where order matters.
WIN_WORDS = ("の勝ち", "が勝ち", "の勝利", "が勝利", "勝ち", "勝利", "가 이김", "이 이김", "이김", "승리", "우승", "승",
             "takes the pot", "takes it", "scoops", "wins", "won", "win")
# "Who" and "in what order", the words that make a showdown's question ask who shows first
# (`showdown: 誰から？`, `…、Bコール。誰から見せる？`, `누가 먼저 오픈?`, `who shows first?`): one table
# for both places such a question is read.
SHOW_ORDER_WORDS = ("誰", "だれ", "どっち", "順番", "順", "누가", "누구", "순서", "먼저", "who", "order", "first")


# `C mucks`, `Cがマック`, `C 먹`: a hand thrown away face down at the showdown.
# A hand thrown away at the showdown is mucked however it is said: `見せずにマック`, `捨てた`, `머크함`,
# `먹음`, `버림`, and a fold there (`Cがフォールド`, `C 폴드`) is the same act (each had been refused).
MUCK_WORDS = tuple(sorted((
    "mucks", "mucked", "muck", "folds", "folded", "fold", "マックした", "マックしました", "マック", "見せずにマック",
    "見せずに捨てた", "捨てた", "捨てました", "フォールドした", "フォールド", "降りた",
    "머크", "머크함", "머크했음", "머크했어요", "먹", "먹음", "먹었음", "버림", "버렸음", "폴드", "폴드함", "폴드했음", "다이"),
    key=len, reverse=True))
