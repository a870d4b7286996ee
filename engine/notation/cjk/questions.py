"""Closing questions in Japanese and Korean: `Cは？`, `C는요?`, `Cはいくらまでレイズできる？`,
`3번 자리 레이즈 얼마까지?`, `Bがコール？`.

A question names the player asked about and ends the street's items; everything else in it
(particles, politeness, what is asked) comes off so the name is read as in an action. Kept apart
from `engine.notation.cjk.words`, which reads actions, so each stays small.
"""

from __future__ import annotations

import re

from engine.errors import FloorcallError
from engine.notation.cjk.words import _KOREAN_NAME_ENDINGS, SEAT_NAME, _takes_i, closed_particle, name_final_i
from engine.notation.words import _NAME_COLONS, VERB_WORDS, fold

_QUESTION_MARKS = ("?", "？")
_LOOSE_PARTICLE = re.compile(r"(\S+)\s+[がはも는은]")
# Particles a name takes in a closing question: `Cは?`, `Aが？`, `C는?`, `민수는요?`.
_QUESTION_PARTICLES = "がはをに가는이은"
# How chat asks what a player may do, after the name (and its particle): taken off, the name is read.
_QUESTION_TAILS = tuple(sorted((
    "どうする", "どうします", "どうすればいい", "何ができる", "何ができますか", "何できる",
    "の選択肢は", "選択肢は", "の番", "の番は",
    "뭐 할 수 있어", "뭐 할 수 있어요", "뭐 할 수 있나요", "뭐해", "뭐 해", "뭐 하면 돼", "어떻게 해", "어떻게 해요",
    "선택지는", "선택지", "차례",
    # Said as a phrase, often with no question mark (`Cの番です`, `C 턴이에요`): whose turn it is.
    "の番です", "の番ですか", "の番だ", "の手番", "の手番です", "のアクション", "のアクションは", "どうしますか",
    "차례예요", "차례에요", "차례입니다", "차례야", "차례요", "턴", "턴이에요", "턴입니다", "턴이야", "턴이요",
), key=len, reverse=True))
# A closing question typed without its mark: the name and a topic particle alone (`Cは`, `C는`,
# `C는요`), or the name and one of the phrases above (`Cの番`, `C 차례`). Chat leaves the mark out as
# often as not; each had been refused as "C has no action" or as a verb not understood.
_TOPIC_ENDINGS = ("は", "는", "은", "는요", "은요")


# "Who is next?" names nobody: `次は？`, `다음은?`. Read as a name, it seated a player called "次"
# facing the bet; the line is answered as if it ended without a question (who acts next, or that
# the round is over). `_question` returns "" for it.
_NEXT_WORDS = frozenset({
    "次", "次は", "次は誰", "次は誰だ", "次は誰ですか", "次の人", "次の人は", "次のプレイヤー", "次のプレイヤーは", "次の番",
    "次の番は", "次のアクション", "次のアクションは", "誰の番", "誰の番ですか", "誰の番は", "誰",
    "다음", "다음은", "다음 차례", "다음 차례는", "다음은 누구", "다음 사람", "다음 사람은", "누구 차례", "누구 차례야", "누구 차례예요",
    "누구", "누구야",
})


# How English chat asks the same, around the name, with or without the question mark:
# `what can C do?`, `what does BTN do now`, `what about C?`, `action on C?`, `options for C`,
# `C to act?`, `C's options?`, `action to C?`. None of these words can start or end an action.
_EN_NAME = r"(?:seat\s+\d+|\S+?)"
_EN_QUESTION = re.compile(
    r"(?:what\s+(?:can|could|does|do|should|may|will)\s+(?P<a>" + _EN_NAME + r")\s+do(?:\s+now)?"
    r"|what\s+about\s+(?P<b>" + _EN_NAME + r")"
    r"|(?:action|options?|choices?)\s+(?:is\s+)?(?:on|for|to)\s+(?P<c>" + _EN_NAME + r")"
    r"|(?P<d>" + _EN_NAME + r")(?:'s|’s)?\s+(?:to\s+act|options?|choices?)(?:\s+now)?)"
    r"\s*[?？]?",
    re.IGNORECASE)
# `seat 3`, `Seat 3`: one player, named as `seat3` is (`3` alone is another name).
EN_SEAT_NAME = re.compile(r"(seat)\s+(\d+)", re.IGNORECASE)


def _question(text: str) -> str | None:
    """`A?`, `A ?`, `Cは？`, `C는요?`, `what can C do?` as the whole item → the name asked about;
    None otherwise.

    The particle comes off as in actions (`_name_without_particle`): 이 and 은 end many Korean
    names, so they are taken as particles only after a Latin name."""
    item = text.strip()
    if (m := _EN_QUESTION.fullmatch(item)) is not None:
        name = EN_SEAT_NAME.sub(r"\1\2", next(g for g in m.groups() if g is not None))
        if len(name) == 1 or fold(name) not in VERB_WORDS:  # `C` is a name here, not "call"
            return name.rstrip("?？")
    if not item.endswith(_QUESTION_MARKS):
        if item.isascii() or not _unmarked_question(item):
            return None
        item += "?"
    # `C??`, `Cは？？`, `C?!?`: chat doubles the mark. Only the last one taken off, `C?` was seated
    # as a new player, who had not acted and so faced the whole bet.
    name = item.rstrip("?？!！").rstrip().rstrip("".join(_NAME_COLONS)).rstrip()
    if (seat := EN_SEAT_NAME.fullmatch(name)) is not None:  # `seat 3?`
        name = seat.group(1) + seat.group(2)
    if name in _NEXT_WORDS:
        return ""
    for tail in _QUESTION_TAILS:  # `Cはどうする？`, `C는 뭐 할 수 있어?`: seated a player so named
        if name.endswith(tail) and len(name) > len(tail):
            name = name[: -len(tail)].rstrip()
            if name.endswith(("の", "의")) and len(name) > 1:  # `Cの選択肢は？`, `C의 선택지는?`
                name = name[:-1]
            break
    if not name:
        return None
    if len(name) > 2:  # (`C`, `Cは`: a name and at most its particle, nothing asked beyond them)
        if (asked := _asked_about(name)) is not None:  # `Cはいくらまでレイズできる？`, `3번 자리 레이즈 얼마까지?`
            return asked
        seat = SEAT_NAME.match(name)
        if seat is not None and " " in seat.group() and name[seat.end():] in ("", *_ASKING_JOINS):
            return seat.group()  # `3번 자리는?`
    if (loose := _LOOSE_PARTICLE.fullmatch(name)) is not None:  # `HJ は？`: the particle typed apart
        name = loose.group(1)
    if any(c.isspace() for c in name):
        return None
    if len(name) > 2 and name.endswith("요") and name[-2] in "은는이가":  # `C는요?`
        name = name[:-1]
    last = name[-1]
    if len(name) > 1 and last in _QUESTION_PARTICLES and (
            last not in _KOREAN_NAME_ENDINGS or _takes_i(name[:-1]) or closed_particle(name)):
        name = name[:-1]
    return name_final_i(name)


def _unmarked_question(item: str) -> bool:
    """Whether an item with no question mark is a closing question all the same: a name with a topic
    particle alone (`Cは`, `하은은`) or a name with the phrase that asks (`Cの番です`, `C 턴이에요`,
    `Bは何ができますか`). Nothing with a digit or a verb word in it (`Cは600`, `Cはコール`) is one."""
    for tail in _QUESTION_TAILS:
        if item.endswith(tail) and len(item) > len(tail):
            name = item[: -len(tail)].rstrip()
            if name.endswith(("の", "의", "は", "는", "은", "가", "が")) and len(name) > 1:
                name = name[:-1]
            return bool(name) and not any(c.isspace() or c.isdigit() for c in name) and (len(name) == 1 or fold(name) not in VERB_WORDS)
    for ending in _TOPIC_ENDINGS:
        if item.endswith(ending) and len(item) > len(ending):
            name = item[: -len(ending)]
            return not any(c.isspace() or c.isdigit() for c in name) and (len(name) == 1 or fold(name) not in VERB_WORDS)
    return False


_LATIN_NAME = re.compile(r"[A-Za-zＡ-Ｚａ-ｚ][A-Za-z0-9_Ａ-Ｚａ-ｚ０-９]*")
# Words that make what follows a name a question about that player's options: how much, what,
# can, minimum, maximum, and the verbs asked about (`Bがコール？`: may B call?).
_ASKING_WORDS = (
    "いくら", "何", "なに", "どう", "できる", "できます", "出来る", "可能", "ミニマム", "ミニレイズ", "最低", "最小", "最大",
    "上限", "マックス", "レイズ", "コール", "オールイン", "チェック", "フォールド", "選択", "アクション", "オプション",
    "얼마", "뭐", "무엇", "어떻게", "가능", "할 수", "레이즈", "콜", "올인", "체크", "폴드", "최소", "최대", "민레",
    "선택", "차례", "액션", "옵션",
)
# What may stand between the name and the question: a particle, or nothing but a space.
_ASKING = re.compile("|".join(map(re.escape, _ASKING_WORDS)))
_ACTION_MARKS = re.compile(r"[0-9A-Za-z０-９Ａ-Ｚａ-ｚ]")
_ASKING_JOINS = ("って", "は", "が", "の", "も", "는", "은", "가", "이", "의", "도")


def _asked_about(text: str) -> str | None:
    """`Cはいくらまでレイズできる` → `C`; `2番席のミニマムレイズは` → `2番席`; `3번 자리 레이즈 얼마까지`
    → `3번 자리`; None unless a name is followed by a question about it.

    A closing question typed as a sentence had seated a player under the whole sentence
    (`Cはいくらまでレイズできる` to act, facing the bet), or was refused word by word in Korean."""
    m = SEAT_NAME.match(text) or _LATIN_NAME.match(text)
    # A Korean particle is followed by a space; 이 and 은 end many names (지은), so after a name
    # in hangul they are left to it, as in actions (`_name_without_particle`).
    ends = [m.end()] if m is not None else [
        i for i in range(1, len(text))
        if text[i] in "はがの " or (text[i] in "는가의" and text[i + 1:i + 2] in ("", " "))]
    for end in ends:
        rest = text[end:].lstrip()
        for join in _ASKING_JOINS:
            if rest.startswith(join):
                rest = rest[len(join):].lstrip()
                break
        # No digits nor Latin letters in a question about a name: `Aが400ベット Bコール C?` is three
        # actions with the commas left out, not a question about A.
        if rest and not _ACTION_MARKS.search(rest) and _ASKING.search(rest):
            return text[:end].strip()
    return None


# The verbs a name asked about cannot hold: katakana of three letters or more, hangul of two or more
# (`콜` alone is in 니콜). `Aベット1000｜Bコール｜Cは？`, parted by a mark no reader knows, had been one
# player "Aベット1000｜Bコール｜C" asked about, with nothing bet.
_SWALLOWED_VERBS = tuple(sorted((w for w in VERB_WORDS if not w.isascii() and (
    len(w) >= 3 or (len(w) >= 2 and "\uac00" <= w[0] <= "\ud7a3"))), key=len, reverse=True))
_SHORT_VERB_AFTER_AMOUNT = re.compile(r"\d(벳|콜|뱃)")
_AMOUNT_CHARS = frozenset("0123456789,.０１２３４５６７８９，．kK万千만천")


def check_not_swallowed(name: str, at: int) -> None:
    """A name asked about with a whole action inside it: the actions were parted by a mark that is no
    separator; refused where the next action starts, with the comma as the hint."""
    folded = fold(name)
    short = _SHORT_VERB_AFTER_AMOUNT.search(folded)  # `A1000벳>B콜>C`: a one-letter verb after an amount
    for verb in (short.group(1),) if short is not None else _SWALLOWED_VERBS:
        k = folded.find(verb, short.start(1) if short is not None else 0)
        if k > 0 and len(folded) == len(name):  # (offsets in the name as typed)
            j = k + len(verb)
            while j < len(name) and name[j] in _AMOUNT_CHARS:
                j += 1
            while j < len(name) and not name[j].isalnum():
                j += 1
            rest = name[j:] or name[k:]
            raise FloorcallError("missing_separator", at=at + name.index(rest, min(j, len(name) - len(rest))),
                                 word=rest, hint=f", {rest}")
