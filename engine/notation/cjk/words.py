"""Japanese and Korean word order in an action: particles, glued amount and verb, closing questions.

`Aが100ベット`, `C가 300으로 레이즈`, `D 콜했어요`, `Cは？`: these readers cut such words at their
seams (`engine.notation.cjk.order` puts them in order) so the general action reader sees `A bet 100`. Kept
apart because they only concern these two languages, and an English line never reaches them past
a one-pass ASCII check.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.errors import FloorcallError
from engine.notation.chip_counts import PUSHED_WORDS, chip_phrase
from engine.notation.cjk.call_then import _CALL_JOINED, _RAISING
from engine.notation.names import NAME_ENDING_PARTICLES
from engine.notation.words import (
    _TIMES,
    ALIAS_WORDS,
    CHIPS_WORDS,
    MORE_WORDS,
    NATIVE_NUMERAL_CHARS,
    VERB_WORDS,
    Token,
    fold,
    parse_amount,
)

# Japanese and Korean write an action the other way round and glue its parts: `Aが100ベット`,
# `B 300にレイズ`, `C가 300으로 레이즈`, `D 콜했어요`. These split such words at the seams and put
# the amount after the verb, so the rest of the reader sees `A bet 100`.
# Particles a name takes before the action. 이 and 은 also end many Korean names (지은, 하은).
# も / 도 ("also": `Cもコール`, `C도 콜`) and の / 의 (`Bのオールイン`) too; like 이 and 은 they end
# names (もも, あやの), so they come off only where `_takes_i` says. `Cもコール` had seated "Cも".
_NAME_PARTICLES = "がは가는이은もの도의"
_KOREAN_NAME_ENDINGS = NAME_ENDING_PARTICLES
_AMOUNT_PARTICLES = ("まで", "に", "を", "で", "으로", "로", "까지", "을", "를")
# `し`, `で`, `て` too: a sentence going on to the next action (`Aが600ベットし、`, `レイズで1600`).
_VERB_ENDINGS = ("しました", "します", "した", "して", "する", "です", "し", "で", "て", "했습니다", "했어요", "합니다", "입니다", "할게요", "해요",
                 "했음", "했다", "했고", "했어", "하고", "할게", "함", "이요", "요",
                 # A declaration said as such: `コール宣言`, `レイズと宣言して`, `レイズと言って`, `콜 선언`.
                 "と宣言しました", "と宣言して", "と宣言した", "と宣言", "宣言しました", "宣言して", "宣言した", "宣言",
                 "と言って", "と言った", "って言って", "선언하고", "선언했고", "선언했어요", "선언한", "선언 후", "선언",
                 "이라고", "라고",
                 # Going with it (`콜 갑니다`, `レイズいきます`), or told in passing (`베팅했는데`, `벳을 했고`:
                 # the object particle, then "did").
                 "갑니다", "갈게요", "갈게", "가요", "했는데요", "했는데", "을", "를",
                 "いきます", "行きます", "いく", "行く", "いった", "行った")
_ENDING_LAST = frozenset(ending[-1] for ending in _VERB_ENDINGS)
# The same endings typed apart from the verb (`벳 했고`, `ベット した`): nothing to read in them.
VERB_ENDING_WORDS = frozenset((*_VERB_ENDINGS, "후", "말하고", "말한", *PUSHED_WORDS))
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
    if len(name) > 1 and last in _NAME_PARTICLES and (
            last not in _KOREAN_NAME_ENDINGS or _takes_i(name[:-1]) or closed_particle(name)):
        return name_final_i(name[:-1])
    return name_final_i(name)


def closed_particle(name: str) -> bool:
    """`하은은`, `지훈이`: 은 or 이 after a hangul syllable closed by a consonant is the particle such a
    name takes (a name ending in 은 or 이 has it after an open syllable: 지은, 하은, 유이). `하은은 뭐
    할 수 있어?` had seated a player called 「하은은」."""
    return len(name) > 2 and name[-1] in "이은" and _closed(name[-2])


def _closed(syllable: str) -> bool:
    """Whether a hangul syllable ends in a consonant (훈, 은, 준: a final consonant; 수, 지: none)."""
    return "\uac00" <= syllable <= "\ud7a3" and (ord(syllable) - 0xAC00) % 28 != 0


def name_final_i(name: str) -> str:
    """`지훈이` → `지훈`: after a name whose last syllable closes on a consonant, Korean speech adds
    이 to the name itself (지훈이가, 하은이는); 지훈 is the player. After an open syllable (유이, 수이)
    the 이 is the name's own. `지훈이가` had seated a player called 「지훈이」 beside 지훈."""
    if len(name) > 2 and name[-1] == "이" and _closed(name[-2]) and all("\uac00" <= c <= "\ud7a3" for c in name):
        return name[:-1]
    return name


def _takes_i(name: str) -> bool:
    """Whether 이 / 은 (and も, の, 도, 의) after `name` are particles: after a Latin name, full-width
    too (`Ｃも`), or a seat (`1번`, whose last sound is closed, so `1번이` is never a name of its own:
    it seated a second player; `3番も`)."""
    # (`민수님이`: 님 closes the syllable, so 이 after it is a particle, as after a seat.)
    return name.isascii() or fold(name).isascii() or SEAT_NAME.fullmatch(name) is not None or name.endswith("님")


def _verb_word(raw: str) -> str | None:
    """`ベット`, `にレイズ`, `コールした`, `콜했어요`, `ベット！` → the verb word as written, or None."""
    word = raw.rstrip("!！")
    if not word:
        return None
    for particle in _AMOUNT_PARTICLES:  # `にレイズ`: a particle left between amount and verb
        if word.startswith(particle) and len(word) > len(particle):
            word = word[len(particle):]
            break
    folded = fold(word)
    if folded in VERB_WORDS or folded in ALIAS_WORDS:  # `ミニマムレイズ` too, not `ミニマム` + `レイズ`
        return word
    if word[-1] not in _ENDING_LAST:  # most words end in no ending at all: no loop over them
        return None
    for ending in _VERB_ENDINGS:
        if word.endswith(ending) and (fold(word[: -len(ending)]) in VERB_WORDS or fold(word[: -len(ending)]) in ALIAS_WORDS):
            return word[: -len(ending)]
    return None


def _amount_verb(raw: str) -> tuple[str, str | None] | None:
    """`100ベット` → (`100`, `ベット`); `300に` → (`300`, None); None unless it is exactly that."""
    m = _GLUED_AMOUNT.fullmatch(raw)
    if m is None:
        return None
    found = _amount_then(m.group(1), m.group(2), m.group(3))
    if found is None and _MIXED_NUMERAL.match(raw):
        # `1万5千にレイズ`, `1만5천으로`, `5千5百ベット`: the pattern stops at `1万` (its first branch),
        # and `5千に` is no verb; read further on, the cut had seated a player called "Bが1".
        run = _MIXED_RUN.match(raw)
        for end in range(run.end() if run else 0, 0, -1):  # the longest numeral that leaves a verb
            m = _UNIT_REST.fullmatch(raw, end)
            if m is not None and (found := _amount_then(raw[:end], m.group(1), m.group(2))) is not None:
                break
    return found


def _amount_then(amount: str, unit: str | None, rest: str) -> tuple[str, str | None] | None:
    if parse_amount(amount) is None:
        return None
    if rest in _AMOUNT_PARTICLES or rest in _AMOUNT_TAILS or (unit and not rest):
        return amount, None
    verb = _verb_word(rest)
    if verb is not None:
        return amount, verb
    return None


# An amount in digits and kanji or hangul units together (`1万5千`, `2만5천`), read whole.
_MIXED_NUMERAL = re.compile(r"\d+[十百千万億십백천만억]")  # (`5百にレイズ`: one unit is enough)
_MIXED_RUN = re.compile(r"[\d" + NATIVE_NUMERAL_CHARS + r"]+")
_UNIT_REST = re.compile(_UNIT + r"(.*)", re.DOTALL)


# (`\d?`: `3ベット1500`, a verb word that starts with a digit.)
_GLUED_VERB_AMOUNT = re.compile(r"(\d?\D+?)" + _AMOUNT_PATTERN + _UNIT, re.IGNORECASE | re.DOTALL)


def _verb_amount(raw: str) -> tuple[str, str] | None:
    """`オールイン700` `레이즈600` → (verb, amount); None unless it is exactly that."""
    m = _GLUED_VERB_AMOUNT.fullmatch(raw)
    if m is None or parse_amount(m.group(2)) is None:
        return None
    if fold(m.group(1)) not in VERB_WORDS:
        # `レイズして1600`, `チェックレイズで1200`, `ショートオールインで800`: the verb, the way a sentence
        # goes on from it, then the amount; refused as "not an action" before.
        said = _verb_word(m.group(1))
        if said is None or fold(said) not in VERB_WORDS:
            return None
        return said, m.group(2)
    return m.group(1), m.group(2)


# The non-ASCII chips words (`チップ`, `칩`), which Japanese glues to a name or to the chips.
_NATIVE_CHIPS_WORDS = tuple(sorted((w for w in CHIPS_WORDS if not w.isascii()), key=len, reverse=True))


def _chips_word_at(raw: str) -> str | None:
    """`チップ1000+500` → `チップ` (the chips word it starts with), else None."""
    return next((w for w in _NATIVE_CHIPS_WORDS if raw.startswith(w)), None)


@dataclass(slots=True)
class _Counted:
    """A counted-chips phrase read (`5000チップ1枚でコール`): the chips as `chips 5000x1`, the verb."""

    chips: str | None  # `5000x1`, `1000x1+500x1`; None for chips of no value said (`칩 한 개로 콜`)
    verb: str | None

    def tokens(self, at: int) -> list[Token]:
        out = [Token(fold(self.verb), self.verb, at)] if self.verb is not None else []
        if self.chips is not None:  # `칩 한 개로 콜`: a chip of no value said, the call is what counts
            out += [Token("chips", "chips", at), Token(fold(self.chips), self.chips, at)]
        return out


def _counted_chips(raw: str) -> _Counted | None:
    """`5000チップ1枚`, `5000칩한개로콜`, `칩한개로콜`, `1000チップ1枚と500チップ1枚` read, or None (also
    when what follows is no verb)."""
    if not _CHIPS_HINT.search(raw):  # most words: no chips word nor counter in them at all
        return None
    *firsts, last = raw.split("と") if "と" in raw else [raw]
    phrase = chip_phrase(last)
    if phrase is None:
        return None
    verb = _verb_word(phrase.tail) if phrase.tail else None
    if phrase.tail and verb is None:
        return None
    if phrase.value is None and (verb is None or firsts):
        return None  # `칩 한 개`: no value and nothing said; read word by word, and refused there
    groups: list[str] = []
    for part in firsts:  # `1000チップ1枚と…`: each chip named before the last, with no verb of its own
        earlier = chip_phrase(part)
        if earlier is None or earlier.value is None or earlier.tail:
            return None
        groups.append(f"{earlier.value}x{earlier.count}")
    if phrase.value is not None:
        groups.append(f"{phrase.value}x{phrase.count}")
    return _Counted("+".join(groups) if groups else None, verb)


_CHIPS_HINT = re.compile("チップ|칩|枚|個|개|장|하나|둘|셋|넷|つ")


# Endings that say a word was spoken before chips went in: what follows is what was pushed.
_SAID_ENDINGS = ("と宣言して", "と言って", "って言って", "宣言して", "선언 후", "선언하고", "이라고", "라고", "宣言", "선언")


def _declared_then_chips(raw: str) -> int | None:
    """Where a said verb ends and counted or named chips begin (`レイズ宣言して|5000チップ1枚`,
    `コールと言って|チップ5000`), or None."""
    said = next((e for e in _SAID_ENDINGS if e in raw), None)
    if said is not None and raw.index(said) > 0:  # `コールと言って3000`: the amount pushed after the word
        cut = raw.index(said) + len(said)
        if parse_amount(raw[cut:]) is not None and _verb_word(raw[:cut]) is not None:
            return cut
    if not _CHIPS_HINT.search(raw):  # most words: no chips word nor counter in them at all
        return None
    for cut in range(len(raw) - 1, 0, -1):
        rest = raw[cut:]
        if (_counted_chips(rest) is not None or _chips_word_at(rest) is not None) and _verb_word(raw[:cut]) is not None:
            return cut
    return None


_GLUED_TIMES = re.compile(r"(\d+(?:\.\d+)?(?:倍|배))(?:に|で|로|으로)?(.*)", re.DOTALL)
_VERB_TIMES = re.compile(r"(\D+?)(\d+(?:\.\d+)?(?:倍|배))", re.DOTALL)
_GLUED_MORE = re.compile(_AMOUNT_PATTERN + r"(?:を|을|를)?(上乗せ|더)(?:して|し|해서|하고)?", re.DOTALL)


def _times_or_more(tok: Token) -> list[Token] | None:
    """`3倍レイズ`, `3倍に`, `3배로`, `レイズ3倍` → the verb and `3倍` (`raise 3x`); `1000上乗せ` → `1000`
    and the word for "more" (`raises 1000 more`); None for anything else."""
    if (m := _GLUED_TIMES.fullmatch(tok.raw)) is not None:
        times, rest = m.group(1), m.group(2)
        verb = _verb_word(rest) if rest else None
        if rest and verb is None:
            return None
        out = [Token(fold(verb), verb, tok.at + tok.raw.index(verb, len(times)))] if verb else []
        return [*out, Token(fold(times), times, tok.at)]
    if (m := _VERB_TIMES.fullmatch(tok.raw)) is not None and fold(m.group(1)) in VERB_WORDS:
        return [Token(fold(m.group(1)), m.group(1), tok.at), Token(fold(m.group(2)), m.group(2), tok.at + m.end(1))]
    if (m := _GLUED_MORE.fullmatch(tok.raw)) is not None and parse_amount(m.group(1)) is not None:
        return [Token(fold(m.group(1)), m.group(1), tok.at), Token(fold(m.group(2)), m.group(2), tok.at + m.start(2))]
    return None


def _split_amount_verb(tok: Token) -> list[Token]:
    """`100ベット` → `100`, `ベット`; `300に` → `300`; `コールした` → `コール`; `オールイン700` →
    `オールイン`, `700`; `チップ1000+500` → `チップ`, `1000+500`; else the token."""
    if tok.text in VERB_WORDS or parse_amount(tok.text) is not None or _TIMES.match(tok.text):
        return [tok]  # (`３ｘ` is three times, not `３` and `ｘ` = check)
    if (counted := _counted_chips(tok.raw)) is not None:
        return counted.tokens(tok.at)
    if (total := _total_word(tok.raw)) is not None and len(tok.raw) > len(total):
        # `合計3000にレイズ`, `トータルで3000`: "in total", then the amount (the notation's totals).
        rest = _split_amount_verb(Token(fold(tok.raw[len(total):]), tok.raw[len(total):], tok.at + len(total)))
        if parse_amount(rest[0].text) is not None:
            return rest
    if (bbs := _GLUED_BBS.fullmatch(tok.raw)) is not None and (verb := _verb_word(bbs.group(2))) is not None:
        return [Token(fold(bbs.group(1)), bbs.group(1), tok.at), Token(fold(verb), verb, tok.at + bbs.start(2))]  # `3bbレイズ`
    if tok.raw[:1] in "+＋" and len(tok.raw) > 1:
        # `Bが+2000`, `+2000レイズ`: that much more than the bet faced, as `2000上乗せ` (refused before).
        rest = _split_amount_verb(Token(fold(tok.raw[1:]), tok.raw[1:], tok.at + 1))
        if parse_amount(rest[0].text) is not None and (len(rest) == 1 or VERB_WORDS.get(rest[1].text) in _RAISING):
            return [rest[0], Token("上乗せ", tok.raw[0], tok.at), *rest[1:]]
    if "倍" in tok.raw or "배" in tok.raw or "上乗せ" in tok.raw or "더" in tok.raw:
        if (split := _times_or_more(tok)) is not None:
            return split
    said = next((e for e in _SAID_ENDINGS if tok.raw.startswith(e) and len(tok.raw) > len(e)), None)
    if said is not None:  # `と言って3000` (the word said stood apart, in quotes)
        after_said = Token(fold(tok.raw[len(said):]), tok.raw[len(said):], tok.at + len(said))
        return [Token(fold(said), said, tok.at), *_split_amount_verb(after_said)]
    if (word := _chips_word_at(tok.raw)) is not None and len(tok.raw) > len(word):
        chips_text = tok.raw[len(word):]
        return [Token(fold(word), word, tok.at), Token(fold(chips_text), chips_text, tok.at + len(word))]
    verb = _verb_word(tok.raw)
    if verb is not None:
        return [Token(fold(verb), verb, tok.at + tok.raw.index(verb))]
    if (m := _CALL_JOINED.fullmatch(tok.raw)) is not None:
        said = m.group(1)
        if VERB_WORDS.get(fold(said)) != "call" and (av := _amount_verb(said)) is not None and av[1] is not None:
            said = av[1]  # `1000コールして…`: the amount is only the call's
        if VERB_WORDS.get(fold(said)) == "call":
            after = _split_amount_verb(Token(fold(m.group(3)), m.group(3), tok.at + m.start(3)))
            if any(VERB_WORDS.get(t.text) in _RAISING or t.text in MORE_WORDS for t in after):
                return [Token(fold(said), said, tok.at + tok.raw.index(said)), *after]
    if (va := _verb_amount(tok.raw)) is not None:
        return [Token(fold(va[0]), va[0], tok.at), Token(fold(va[1]), va[1], tok.at + tok.raw.rindex(va[1]))]
    glued = _amount_verb(tok.raw)
    if glued is None:
        if (cut := _declared_then_chips(tok.raw)) is not None:  # `レイズ宣言して5000チップ1枚`
            verb = _verb_word(tok.raw[:cut]) or ""
            chips_said = Token(fold(tok.raw[cut:]), tok.raw[cut:], tok.at + cut)
            return [Token(fold(verb), verb, tok.at), *_split_amount_verb(chips_said)]
        return [tok]
    amount, verb = glued
    out = [Token(fold(amount), amount, tok.at)]
    if verb is not None:
        out.append(Token(fold(verb), verb, tok.at + tok.raw.index(verb, len(amount))))
    return out


_JOINED_ACTION = re.compile(
    r"(?:ベット|べット|レイズ|コール|チェック|フォールド|オールイン|벳|레이즈|콜|체크|폴드|올인)(?:して|したら|し|하고|해서|했고|한 후)")
# A seat as Japanese and Korean chat name it: `3番`, `3番席`, `3번`, `3번 자리`, `3번 좌석`, `3번석`.
SEAT_NAME = re.compile(r"\d{1,3}(?:番席|番|席|번\s?자리|번\s?좌석|번석|번)")
_SEAT_WORD = re.compile(r"\d{1,3}번")
_NUMERAL_UNITS = frozenset("十百千万億십백천만억")
_LATIN_NAME_PARTICLE = re.compile(r"[A-Za-zＡ-Ｚａ-ｚ][A-Za-z0-9_Ａ-Ｚａ-ｚ０-９]*[" + _NAME_PARTICLES + r"](?=.)", re.DOTALL)


def _split_name(tok: Token) -> list[Token]:
    """`Aが` → `A`; `Aが100ベット` → `A`, `100ベット`; `P1` and `지은` stay whole."""
    raw = tok.raw
    if raw.isascii() or (tok.text.isascii() and tok.text.isalnum()):  # full-width `ＳＢ`: never `Ｓ` + `Ｂ` (b = bet)
        return [tok]

    def action_from(j: int) -> bool:
        rest = raw[j:]
        if ((rest[0] in _NUMERAL_UNITS and (raw[j - 1].isdigit() or raw[j - 1] in NATIVE_NUMERAL_CHARS))
                or (rest[0].isdigit() and raw[j - 1] in _NUMERAL_UNITS)):
            return False  # inside a numeral (`1万5千`, `5千5百`): `万5千`, `5百` are no amounts of their own
        # `UTGレイズ600`: after a Latin name the verb and amount need no particle either.
        glued = raw[j - 1] in _NAME_PARTICLES or raw[:j].isascii() or SEAT_NAME.fullmatch(raw[:j]) is not None
        av = _amount_verb(rest)
        if av is not None and av[1] is not None and raw[j - 1].isascii() and raw[j - 1].isalpha():
            # `UTG1チェック`, `P2コール`: the digit ends the seat's name. A check or fold takes no
            # amount, and a single digit is no call or all-in anyone types; read as `UTG` with an
            # amount of 1, the line was refused ("check takes no amount").
            verb = VERB_WORDS.get(fold(av[1]))
            if verb in ("check", "fold") or (verb in ("call", "allin") and len(av[0]) == 1 and av[0].isdigit()):
                return False
        if av or _verb_word(rest) or (glued and _verb_amount(rest)):
            return True
        if raw[j - 1] in _NAME_PARTICLES and (bbs := _BBS_START.match(rest)) is not None and (
                bbs.end() == len(rest) or _verb_word(rest[bbs.end():])):
            # `花子が3bb`, `太郎は3bbレイズ`: big blinds after a particle are the amount, as after a
            # Latin name; the name had been "花子が3b" betting ("b" read as a verb).
            return True
        if _chips_word_at(rest) is not None:  # `Bがチップ`, `Bチップ1000+500`: chips pushed
            return True
        if _counted_chips(rest) is not None:  # `Bが5000チップ1枚`: not a player "Bが5000"
            return True
        if glued and _declared_then_chips(rest) is not None:  # `Bがレイズ宣言して5000チップ1枚`
            return True
        # A bare amount (`Aが1500`: pushed without a word) only after a particle: `プレイヤー1` is a name.
        if raw[:j].isascii() and rest[0] in NATIVE_NUMERAL_CHARS:  # `B千`: a Latin name, then a numeral
            return parse_amount(rest) is not None
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
    joined = _JOINED_ACTION.search(name)
    if joined is not None and joined.end() < len(name):
        # `Aが1000ベットしてBがコール`: two actions joined by して; read as one, the name had been
        # "Aが1000ベットしてB". Never guessed: the floor adds the comma.
        rest = raw[joined.end():]
        raise FloorcallError("missing_separator", at=tok.at + joined.end(), word=rest, hint=f", {rest}")
    m = _LATIN_NAME_PARTICLE.match(raw)
    if m is not None and m.end() < cut:
        # `Bがポット…`, `Bがレイズ…` cut further on, at a word read there: a Latin name and its
        # particle end the name, so the rest is read (or refused) as the action; the later cut had
        # seated players called "Bがポット" and "Bがレイズ" whenever a compound word was new.
        cut = m.end()
        name = _name_without_particle(raw[:cut])
    out = [Token(fold(name), name, tok.at)]
    if cut < len(raw):
        out.append(Token(fold(raw[cut:]), raw[cut:], tok.at + cut))
    return out


_BBS_START = re.compile(r"\d+(?:\.\d+)?(?:bbs?|BBs?)")
_GLUED_BBS = re.compile(r"(\d+(?:\.\d+)?(?:bbs?|BBs?|BB))(\D.*)", re.DOTALL)
_TOTAL_WORDS = ("トータルで", "合計で", "総額で", "トータル", "合計", "総額", "총액", "합계", "총")


def _total_word(raw: str) -> str | None:
    """The "in total" word a word starts with (`合計3000`, `총3000`), or None."""
    return next((w for w in _TOTAL_WORDS if raw.startswith(w)), None)
