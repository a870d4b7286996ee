"""Japanese and Korean word order in an action: particles, glued amount and verb, closing questions.

`Aが100ベット`, `C가 300으로 레이즈`, `D 콜했어요`, `Cは？`: these readers cut such words at their
seams and reorder them so the general action reader in `engine.notation` sees `A bet 100`. Kept
apart because they only concern these two languages, and an English line never reaches them past
a one-pass ASCII check.
"""

from __future__ import annotations

import re

from engine.words import (
    _NAME_COLONS,
    _TIMES,
    ALIAS_WORDS,
    CHIPS_WORDS,
    FILLER_WORDS,
    NATIVE_NUMERAL_CHARS,
    POT_WORDS,
    VERB_WORDS,
    Token,
    fold,
    parse_amount,
)

# Japanese and Korean write an action the other way round and glue its parts: `Aが100ベット`,
# `B 300にレイズ`, `C가 300으로 레이즈`, `D 콜했어요`. These split such words at the seams and put
# the amount after the verb, so the rest of the reader sees `A bet 100`.
# Particles a name takes before the action. 이 and 은 also end many Korean names (지은, 하은).
_NAME_PARTICLES = "がは가는이은"
_KOREAN_NAME_ENDINGS = "이은"
_AMOUNT_PARTICLES = ("まで", "に", "を", "で", "으로", "로", "까지", "을", "를")
_VERB_ENDINGS = ("しました", "します", "した", "して", "する", "です", "했습니다", "했어요", "합니다", "입니다", "할게요", "해요",
                 "했음", "했다", "했고", "했어", "하고", "할게", "함", "요")
# The same endings typed apart from the verb (`벳 했고`, `ベット した`): nothing to read in them.
VERB_ENDING_WORDS = frozenset(_VERB_ENDINGS)
# An amount in digits (`100`, `1.5k`, `2万`) or in kanji / hangul numerals (`千`, `오천`).
# Full-width separators too (`１，０００`): parse_amount folds them, but the cut must see them first.
_AMOUNT_PATTERN = r"(\d[\d,.，．]*(?:k|m|ｋ|千|万|천|만)?|[\d" + NATIVE_NUMERAL_CHARS + r"]+)"
# The unit people type after an amount: yen and points at Japanese tables, chips and won at Korean
# ones. `Aが400円ベット` read as a player called "Aが400円" betting the minimum.
_UNIT = r"(円|点|칩|원)?"
_GLUED_AMOUNT = re.compile(_AMOUNT_PATTERN + _UNIT + r"(.*)", re.IGNORECASE | re.DOTALL)
# What may close an amount said alone (`1200요`, `1200です`): politeness, nothing to read.
_AMOUNT_TAILS = ("요", "です", "입니다")


def _name_without_particle(name: str) -> str:
    """`Aが` `민수가` `BTN은` → the name. 이 and 은 end many Korean names (지은, 하은), so they are
    taken as particles only after a Latin name (`A이`, `BTN은`) or a seat (`1번이`)."""
    last = name[-1:]
    if len(name) > 1 and last in _NAME_PARTICLES and (last not in _KOREAN_NAME_ENDINGS or _takes_i(name[:-1])):
        return name[:-1]
    return name


def _takes_i(name: str) -> bool:
    """Whether 이 / 은 after `name` are particles: after a Latin name, or a seat number (`1번`, whose
    last sound is closed, so `1번이` is never a name of its own: it seated a second player)."""
    return name.isascii() or (name.endswith("번") and name[:-1].isdigit())


def _verb_word(raw: str) -> str | None:
    """`ベット`, `にレイズ`, `コールした`, `콜했어요`, `ベット！` → the verb word as written, or None."""
    word = raw.rstrip("!！")
    if not word:
        return None
    for particle in _AMOUNT_PARTICLES:  # `にレイズ`: a particle left between amount and verb
        if word.startswith(particle) and len(word) > len(particle):
            word = word[len(particle):]
            break
    if fold(word) in VERB_WORDS or fold(word) in ALIAS_WORDS:  # `ミニマムレイズ` too, not `ミニマム` + `レイズ`
        return word
    for ending in _VERB_ENDINGS:
        if word.endswith(ending) and (fold(word[: -len(ending)]) in VERB_WORDS or fold(word[: -len(ending)]) in ALIAS_WORDS):
            return word[: -len(ending)]
    return None


def _amount_verb(raw: str) -> tuple[str, str | None] | None:
    """`100ベット` → (`100`, `ベット`); `300に` → (`300`, None); None unless it is exactly that."""
    m = _GLUED_AMOUNT.fullmatch(raw)
    if m is None or parse_amount(m.group(1)) is None:
        return None
    amount, unit, rest = m.group(1), m.group(2), m.group(3)
    if rest in _AMOUNT_PARTICLES or rest in _AMOUNT_TAILS or (unit and not rest):
        return amount, None
    verb = _verb_word(rest)
    return (amount, verb) if verb is not None else None


_GLUED_VERB_AMOUNT = re.compile(r"(\D+?)" + _AMOUNT_PATTERN + _UNIT, re.IGNORECASE | re.DOTALL)


def _verb_amount(raw: str) -> tuple[str, str] | None:
    """`オールイン700` `레이즈600` → (verb, amount); None unless it is exactly that."""
    m = _GLUED_VERB_AMOUNT.fullmatch(raw)
    if m is None or fold(m.group(1)) not in VERB_WORDS or parse_amount(m.group(2)) is None:
        return None
    return m.group(1), m.group(2)


# The non-ASCII chips words (`チップ`, `칩`), which Japanese glues to a name or to the chips.
_NATIVE_CHIPS_WORDS = tuple(sorted((w for w in CHIPS_WORDS if not w.isascii()), key=len, reverse=True))


def _chips_word_at(raw: str) -> str | None:
    """`チップ1000+500` → `チップ` (the chips word it starts with), else None."""
    return next((w for w in _NATIVE_CHIPS_WORDS if raw.startswith(w)), None)


def _split_amount_verb(tok: Token) -> list[Token]:
    """`100ベット` → `100`, `ベット`; `300に` → `300`; `コールした` → `コール`; `オールイン700` →
    `オールイン`, `700`; `チップ1000+500` → `チップ`, `1000+500`; else the token."""
    if tok.text in VERB_WORDS or parse_amount(tok.text) is not None or _TIMES.match(tok.text):
        return [tok]  # (`３ｘ` is three times, not `３` and `ｘ` = check)
    if (word := _chips_word_at(tok.raw)) is not None and len(tok.raw) > len(word):
        rest = tok.raw[len(word):]
        return [Token(fold(word), word, tok.at), Token(fold(rest), rest, tok.at + len(word))]
    verb = _verb_word(tok.raw)
    if verb is not None:
        return [Token(fold(verb), verb, tok.at + tok.raw.index(verb))]
    if (va := _verb_amount(tok.raw)) is not None:
        return [Token(fold(va[0]), va[0], tok.at), Token(fold(va[1]), va[1], tok.at + len(va[0]))]
    glued = _amount_verb(tok.raw)
    if glued is None:
        return [tok]
    amount, verb = glued
    out = [Token(fold(amount), amount, tok.at)]
    if verb is not None:
        out.append(Token(fold(verb), verb, tok.at + tok.raw.index(verb, len(amount))))
    return out


_LATIN_NAME_PARTICLE = re.compile(r"[A-Za-zＡ-Ｚａ-ｚ][A-Za-z0-9_Ａ-Ｚａ-ｚ０-９]*[" + _NAME_PARTICLES + r"](?=.)", re.DOTALL)


def _split_name(tok: Token) -> list[Token]:
    """`Aが` → `A`; `Aが100ベット` → `A`, `100ベット`; `P1` and `지은` stay whole."""
    raw = tok.raw
    if raw.isascii() or (tok.text.isascii() and tok.text.isalnum()):  # full-width `ＳＢ`: never `Ｓ` + `Ｂ` (b = bet)
        return [tok]

    def action_from(j: int) -> bool:
        rest = raw[j:]
        # `UTGレイズ600`: after a Latin name the verb and amount need no particle either.
        glued = raw[j - 1] in _NAME_PARTICLES or raw[:j].isascii()
        if _amount_verb(rest) or _verb_word(rest) or (glued and _verb_amount(rest)):
            return True
        if _chips_word_at(rest) is not None:  # `Bがチップ`, `Bチップ1000+500`: chips pushed
            return True
        # A bare amount (`Aが1500`: pushed without a word) only after a particle: `プレイヤー1` is a name.
        return raw[j - 1] in _NAME_PARTICLES and parse_amount(rest) is not None

    cut = next((j for j in range(1, len(raw)) if action_from(j)), len(raw))
    if cut == len(raw):
        # `Cがオーバー`, `Bが3倍`: a Latin name, a particle, then a word not read above. Cut at the
        # particle, so the word is read (or refused) as the action instead of becoming part of a
        # new player's name. Only after a Latin name: `ちはや` keeps its は.
        m = _LATIN_NAME_PARTICLE.match(raw)
        if m is not None:
            cut = m.end()
    name = _name_without_particle(raw[:cut])
    out = [Token(fold(name), name, tok.at)]
    if cut < len(raw):
        out.append(Token(fold(raw[cut:]), raw[cut:], tok.at + cut))
    return out


_BIG_UNITS = ("万", "億", "만", "억")


def _join_numerals(toks: list[Token]) -> list[Token]:
    """`1만 2천` → `1만2천`: Korean spaces a numeral after its 만 (Japanese sometimes too). Read
    apart, `2천` looked like the next action and the hint asked for a comma before it."""
    out: list[Token] = []
    for tok in toks:
        prev = out[-1] if out else None
        if (prev is not None and prev.raw.endswith(_BIG_UNITS) and parse_amount(prev.text) is not None
                and prev.at + len(prev.raw) < tok.at and parse_amount(tok.text) is not None
                and parse_amount(prev.raw + tok.raw) is not None):
            raw = prev.raw + tok.raw
            out[-1] = Token(fold(raw), raw, prev.at)
        else:
            out.append(tok)
    return out


def _cjk_order(toks: list[Token]) -> list[Token]:
    """The action's tokens with Japanese and Korean glue split and `amount verb` read as `verb amount`."""
    if all(t.raw.isascii() for t in toks):
        return toks
    out = _split_name(toks[0])
    split: list[Token] = [out[0]]
    for tok in out[1:] + toks[1:]:
        split.extend(_split_amount_verb(tok))
    words = _join_numerals([t for t in split[1:] if t.text not in FILLER_WORDS and t.raw not in VERB_ENDING_WORDS])
    if len(words) >= 2 and parse_amount(words[0].text) is not None and (words[1].text in VERB_WORDS
                                                                      or words[1].text in ALIAS_WORDS):
        words[0], words[1] = words[1], words[0]
    elif len(words) >= 2 and words[0].text in POT_WORDS and VERB_WORDS.get(words[1].text) in ("bet", "raise"):
        words[0], words[1] = words[1], words[0]  # `팟 레이즈`, `ポット レイズ`: the pot is the amount, as in `raise pot`
    return [split[0], *words]


_QUESTION_MARKS = ("?", "？")
# Particles a name takes in a closing question: `Cは?`, `Aが？`, `C는?`, `민수는요?`.
_QUESTION_PARTICLES = "がはをに가는이은"
# How chat asks what a player may do, after the name (and its particle): taken off, the name is read.
_QUESTION_TAILS = tuple(sorted((
    "どうする", "どうします", "どうすればいい", "何ができる", "何ができますか", "何できる",
    "の選択肢は", "選択肢は", "の番", "の番は",
    "뭐 할 수 있어", "뭐 할 수 있어요", "뭐 할 수 있나요", "뭐해", "뭐 해", "뭐 하면 돼", "어떻게 해", "어떻게 해요",
    "선택지는", "선택지", "차례",
), key=len, reverse=True))


# How English chat asks the same, around the name, with or without the question mark:
# `what can C do?`, `what does BTN do now`, `what about C?`, `action on C?`, `options for C`,
# `C to act?`, `C's options?`. None of these words can start or end an action.
_EN_NAME = r"(?:seat\s+\d+|\S+?)"
_EN_QUESTION = re.compile(
    r"(?:what\s+(?:can|could|does|do|should|may|will)\s+(?P<a>" + _EN_NAME + r")\s+do(?:\s+now)?"
    r"|what\s+about\s+(?P<b>" + _EN_NAME + r")"
    r"|(?:action|options?|choices?)\s+(?:is\s+)?(?:on|for)\s+(?P<c>" + _EN_NAME + r")"
    r"|(?P<d>" + _EN_NAME + r")(?:'s|’s)?\s+(?:to\s+act|options?|choices?)(?:\s+now)?)"
    r"\s*[?？]?",
    re.IGNORECASE)
# `seat 3`, `Seat 3`: one player, named as `seat3` is (`3` alone is another name).
SEAT_NAME = re.compile(r"(seat)\s+(\d+)", re.IGNORECASE)


def _question(text: str) -> str | None:
    """`A?`, `A ?`, `Cは？`, `C는요?`, `what can C do?` as the whole item → the name asked about;
    None otherwise.

    The particle comes off as in actions (`_name_without_particle`): 이 and 은 end many Korean
    names, so they are taken as particles only after a Latin name."""
    item = text.strip()
    if (m := _EN_QUESTION.fullmatch(item)) is not None:
        name = SEAT_NAME.sub(r"\1\2", next(g for g in m.groups() if g is not None))
        if len(name) == 1 or fold(name) not in VERB_WORDS:  # `C` is a name here, not "call"
            return name.rstrip("?？")
    if not item.endswith(_QUESTION_MARKS):
        return None
    name = item[:-1].rstrip().rstrip("".join(_NAME_COLONS)).rstrip()
    if (seat := SEAT_NAME.fullmatch(name)) is not None:  # `seat 3?`
        name = seat.group(1) + seat.group(2)
    for tail in _QUESTION_TAILS:  # `Cはどうする？`, `C는 뭐 할 수 있어?`: seated a player so named
        if name.endswith(tail) and len(name) > len(tail):
            name = name[: -len(tail)].rstrip()
            if name.endswith(("の", "의")) and len(name) > 1:  # `Cの選択肢は？`, `C의 선택지는?`
                name = name[:-1]
            break
    if not name or any(c.isspace() for c in name):
        return None
    if len(name) > 2 and name.endswith("요") and name[-2] in "은는이가":  # `C는요?`
        name = name[:-1]
    last = name[-1]
    if len(name) > 1 and last in _QUESTION_PARTICLES and (last not in _KOREAN_NAME_ENDINGS or _takes_i(name[:-1])):
        name = name[:-1]
    return name
