"""Hand notation: the text a floor person types, read into a `Hand`.

    [game] <blinds> <street> [pot N] [players P1 P2 ...] : <action>, <action>, ... [, <player>?]

Words come in English, Japanese and Korean; digits may be full-width; amounts may be written
`2,000`, `1k`, `1.5k`, `2万`, `3천`. Every token keeps its offset in the input, so an error can
say exactly where reading failed. Reading never decides a ruling: it only records what was
said or pushed (`ActionInput`); `engine.rulings` decides what it counts as.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from engine.errors import FloorcallError
from engine.names import clean_name, is_visible, without_invisible

Game = Literal["NL", "PL", "FL"]
Street = Literal["preflop", "flop", "turn", "river"]
Verb = Literal["bet", "raise", "call", "check", "fold", "allin", "pot"]

MAX_ACTIONS = 100
MAX_AMOUNT = 10**18

GAME_WORDS: dict[str, Game] = {
    w: g
    for g, words in {
        "NL": ("nl", "nlh", "nlhe", "nlo", "nolimit", "no-limit", "ノーリミット", "ノーリミ", "노리밋", "노리미트", "노리밋홀덤"),
        "PL": ("pl", "plo", "plo8", "plo/8", "plhe", "potlimit", "pot-limit", "ポットリミット", "팟리밋", "팟리미트", "pl오마하"),
        "FL": ("fl", "lhe", "flhe", "lh", "limit", "fixed", "fixedlimit", "fixed-limit", "リミット", "フィックスドリミット",
               "리밋", "리미트", "픽스드리밋"),
    }.items()
    for w in words
}

STREET_WORDS: dict[str, Street] = {
    w: s
    for s, words in {
        "preflop": ("preflop", "pre-flop", "pre", "pf", "プリフロップ", "プリフロ", "프리플랍", "프리플롭", "프리"),
        "flop": ("flop", "postflop", "post-flop", "フロップ", "ポストフロップ", "플랍", "플롭", "포스트플랍"),
        "turn": ("turn", "ターン", "턴"),
        "river": ("river", "リバー", "리버"),
    }.items()
    for w in words
}

VERB_WORDS: dict[str, Verb] = {
    w: v
    for v, words in {
        "bet": ("bet", "bets", "b", "ベット", "べット", "벳", "베팅", "뱃"),
        "raise": ("raise", "raises", "r", "re-raise", "reraise", "3bet", "3-bet", "レイズ", "リレイズ", "레이즈", "리레이즈"),
        "call": ("call", "calls", "c", "コール", "콜"),
        "check": ("check", "checks", "x", "k", "チェック", "체크"),
        "fold": ("fold", "folds", "f", "フォールド", "폴드", "다이"),
        "allin": ("allin", "all-in", "all_in", "ai", "shove", "shoves", "jam", "jams", "オールイン", "올인", "오리"),
        "pot": ("pot", "ポット", "팟"),
    }.items()
    for w in words
}

# Words that stand for a verb whose amount the rules decide; the alias is what the reply shows.
ALIAS_WORDS: dict[str, tuple[Verb, str]] = {
    **{w: ("call", "limp") for w in ("limp", "limps", "limped", "リンプ", "림프", "림핑")},
    **{w: ("raise", "minraise") for w in ("min-raise", "minraise", "min-raises", "minraises", "mr", "ミニマムレイズ",
                                          "ミニレイズ", "민레이즈", "미니멈레이즈")},
}
# `3x`, `2.5x`, `3倍`, `3배`: a raise to that many times the bet faced.
_TIMES = re.compile(r"^(\d+(?:\.\d+)?)(?:x|×|倍|배)$")
CHIPS_WORDS = frozenset({"chips", "chip", "push", "pushes", "チップ", "칩"})
# "Pulled back" before `chips`: the chips already in front were taken back (all, or an amount) and
# these were pushed instead (48-B, 48-C; Addendum 48 situations 2 and 3).
BACK_WORDS = frozenset({"back", "pullback", "pulled-back", "引き戻し", "戻し", "回収", "회수", "빼고"})
LAST_WORDS = frozenset({"last", "(last)", "最後", "ラスト", "最後のチップ", "마지막", "라스트"})
FILLER_WORDS = frozenset({"to", "for", "of", "make", "makes", "it", "が", "は", "을", "를", ":", "："})
POT_WORDS = frozenset({"pot", "ポット", "팟"})
PLAYERS_WORDS = frozenset({"players", "seats", "プレイヤー", "席順", "플레이어", "좌석"})
SHORT_WORDS = frozenset({"short", "ショート", "숏"})
DEAD_WORDS = frozenset({"dead", "absent", "デッド", "不在", "데드"})
BLIND_NAMES = {"sb": "SB", "bb": "BB"}
SEPARATORS = ",;、，；\n"

_KATA_HINTS = tuple(VERB_WORDS) + tuple(STREET_WORDS) + tuple(GAME_WORDS)
_VERB_HINTS = tuple(VERB_WORDS) + tuple(ALIAS_WORDS)


# The records reading returns are values: nothing changes them once `parse_hand` has returned.
# They are slotted rather than frozen because a frozen dataclass costs three times as much to
# build, and a hand builds one per action on every ruling (see bench/bench_ruling.py).


@dataclass(slots=True)
class Token:
    text: str  # NFKC-folded, as compared with the word tables (case folded)
    raw: str
    at: int


@dataclass(slots=True)
class ActionInput:
    """What one player did, as typed: a declared verb, an amount, chips pushed, or both."""

    player: str
    at: int  # offset of the action in the input
    raw: str  # the action text after the player's name (for actions[].input)
    verb: Verb | None = None
    amount: int | None = None  # the player's total for the street, as declared
    chips: tuple[int, ...] | None = None  # the value of every chip pushed, in input order
    last: bool = False  # the chips were the player's last ones
    # Chips already in front that were pulled back before `chips` were pushed: None = none,
    # 0 = all of them, N = that amount of them.
    pulled_back: int | None = None
    # A word that stands for a verb and an amount the rules work out (`limp`, `min-raise`, `3x`,
    # `raise pot`): kept so the reply can show how it was read.
    alias: str | None = None
    times: Fraction | None = None  # `3x`: a raise to this many times the bet faced


@dataclass(slots=True)
class Hand:
    game: Game
    sb: int
    bb: int
    street: Street
    pot: int | None
    seats: tuple[str, ...] | None  # the `players` list, if given
    actions: tuple[ActionInput, ...]
    query: str | None  # `A?` as the last item
    query_at: int | None = None
    # Blinds not posted in full, preflop: {"SB": chips actually posted} (0 = dead/absent).
    short_blinds: tuple[tuple[str, int], ...] = ()
    # False when the header left the blinds out and `default_blinds` (a blind clock's level) was used.
    blinds_given: bool = True
    # Set by a whole-hand reading (engine/streets.py), never by this reader: the seats that post
    # the blinds (the last two of a `stacks` table), and `seats` already in acting order.
    blind_seats: tuple[str, str] | None = None
    fixed_order: bool = False


def fold(word: str) -> str:
    """NFKC + casefold: full-width digits and letters, half-width kana, upper case all compare equal.

    ASCII is already NFKC-normal and its casefold is its lower case, so most words skip both
    Unicode passes (every player name and amount is folded at least once per ruling).
    """
    if word.isascii():
        return word.lower()
    return unicodedata.normalize("NFKC", word).casefold()


_WORD = re.compile(r"\S+")


def _tokens(text: str, base: int) -> list[Token]:
    """Every word of `text` with its offset. Folded one word at a time so that a word whose fold
    changes its length (`ﬁ`, `ß`) cannot move the offsets of the words after it."""
    return [Token(fold(w := m.group()), w, base + m.start()) for m in _WORD.finditer(text)]


_NUMBER = re.compile(r"^(\d+(?:,\d{3})*(?:\.\d+)?)(k|m|千|万|천|만)?$")
_MULTIPLIER = {None: 1, "k": 1000, "m": 1_000_000, "千": 1000, "万": 10_000, "천": 1000, "만": 10_000}


def parse_amount(text: str) -> int | None:
    """`2,000` `1k` `1.5k` `2万` `３천` → int; None when `text` is not an amount."""
    if text.isascii() and text.isdigit():  # plain `100`, the usual case: no fold, no pattern
        value = int(text)
        return value if 0 < value <= MAX_AMOUNT else None
    m = _NUMBER.match(fold(text).replace("_", ""))
    if not m:
        return None
    number, unit = m.group(1).replace(",", ""), m.group(2)
    value = float(number) * _MULTIPLIER[unit] if "." in number else int(number) * _MULTIPLIER[unit]
    if value != int(value) or value <= 0 or value > MAX_AMOUNT:
        return None
    return int(value)


_CHIP_GROUP = re.compile(r"^(\d+(?:\.\d+)?(?:k|千|万|천|만)?)(?:[x×*](\d+))?$")


def parse_chips(text: str, at: int) -> tuple[int, ...]:
    """`1000+100x5` (or `1000,100x5`, `100×5`) → the value of each chip pushed."""
    chips: list[int] = []
    pos = 0
    for part in re.split(r"([+,])", fold(text)):
        if part in ("+", ","):  # (a bare `in "+,"` would also pass the empty part of "100+")
            pos += len(part)
            continue
        m = _CHIP_GROUP.match(part)
        value = parse_amount(m.group(1)) if m else None
        count = int(m.group(2)) if m and m.group(2) else 1
        if value is None or count < 1 or count > 200:
            raise FloorcallError("bad_chips", at=at + pos, hint="1000+100x5", text=part or text)
        chips.extend([value] * count)
        pos += len(part)
    if not chips or len(chips) > 500:
        raise FloorcallError("bad_chips", at=at, hint="1000+100x5", text=text)
    return tuple(chips)


def _split_header(text: str) -> tuple[str, str, int]:
    """At the first colon, ASCII or full-width (str.find: see `_split_actions` on patterns)."""
    i, j = text.find(":"), text.find("：")
    if j >= 0 and (i < 0 or j < i):
        i = j
    if i >= 0:
        return text[:i], text[i + 1:], i + 1
    raise FloorcallError("no_colon", at=len(text), hint="NL 50/100 flop: A bet 100, B?")


_SEPARATOR = re.compile("[" + re.escape(SEPARATORS) + "]")


def _split_actions(text: str, base: int) -> list[tuple[str, int]]:
    """Split on , ; 、 and new lines, except a comma followed by a digit (2,000 / 1000,100x5).

    A line whose only separators are commas followed by a space or a Latin letter (nearly every
    line typed in English) splits with str.split, no comma looked into and no pattern run: a
    regular expression is cheap alone but its engine crowds the processor's caches, and the
    ruling that follows then runs measurably slower (bench/bench_ruling.py)."""
    items: list[tuple[str, int]] = []
    start = 0
    if ";" not in text and "、" not in text and "，" not in text and "；" not in text and "\n" not in text:
        parts = text.split(",")
        # Every comma plain (each part after the first starts with a space or a Latin letter; only
        # the last may be empty, so none can be the comma of `2,000` or `1000,100x5`), checked
        # while the items are taken; at the first other comma the general split below decides.
        last = len(parts) - 1
        for i, part in enumerate(parts):
            if i:
                c = part[:1]
                if not c:
                    if i < last:  # `,,`
                        break
                elif not (c.isspace() or (c.isascii() and c.isalpha())):
                    break
            if part and not part.isspace():
                items.append((part, base + start))
            start += len(part) + 1
        else:
            return items
        items = []
        start = 0
    end = len(text) - 1
    for m in _SEPARATOR.finditer(text):  # visits the separators only, not every character
        i = m.start()
        # A digit right after the comma: ASCII (the space of `, B` nearly always) needs no fold.
        if i < end and text[i] in ",，" and i > 0 and not text[i - 1].isspace():
            c = text[i + 1]
            if c.isdigit() if c.isascii() else fold(c).isdigit():
                continue
        if not text[start:i].isspace() and i > start:  # an empty or blank item is no action
            items.append((text[start:i], base + start))
        start = i + 1
    if start < len(text) and not text[start:].isspace():
        items.append((text[start:], base + start))
    return items


_BLINDS_SPLIT = re.compile(r"[/\-~]")


def _parse_blinds(tok: Token) -> tuple[int, int] | None:
    parts = _BLINDS_SPLIT.split(tok.text)
    if len(parts) != 2:
        return None
    sb, bb = parse_amount(parts[0]), parse_amount(parts[1])
    if sb is None or bb is None:
        return None
    return sb, bb


def _suggest(word: str, table: tuple[str, ...] | list[str], cutoff: float = 60) -> str | None:
    from rapidfuzz import fuzz, process

    best = process.extractOne(word, list(table), scorer=fuzz.ratio, score_cutoff=cutoff)
    return best[0] if best else None


Header = tuple[Game, int, int, Street, int | None, tuple[str, ...] | None, tuple[tuple[str, int], ...]]


# `NL 50/100 flop`, `100/200 turn`: the header most hands have. Read from its words (str.split,
# no pattern: see `_split_actions`); anything else goes through the word-by-word reader below.


def _parse_simple_header(text: str) -> Header | None:
    """`[game] sb/bb street`, read exactly as `parse_header` reads it, or None for anything else
    (other words, other blinds separators, blinds out of order or out of range: errors included)."""
    words = text.split()
    if len(words) == 3:
        game_word, blinds, street_word = words
    elif len(words) == 2:
        game_word, (blinds, street_word) = None, words
    else:
        return None
    sb_digits, slash, bb_digits = blinds.partition("/")
    if not slash or not (sb_digits.isascii() and sb_digits.isdigit() and bb_digits.isascii() and bb_digits.isdigit()):
        return None  # (`[0-9]+` both: full-width and other digits are not)
    game: Game = "NL"
    if game_word is not None:
        if (g := GAME_WORDS.get(fold(game_word))) is None:
            return None
        game = g
    street = STREET_WORDS.get(fold(street_word))
    sb, bb = int(sb_digits), int(bb_digits)
    if street is None or not 0 < sb <= bb <= MAX_AMOUNT:
        return None
    return game, sb, bb, street, None, None, ()


def parse_header(text: str, base: int, default_blinds: tuple[int, int] | None = None) -> Header:
    """`[game] blinds street [pot N] [short BB 100] [dead SB] [players ...]`; a header without
    blinds takes `default_blinds` when given (the level of the channel's blind clock)."""
    simple = _parse_simple_header(text)
    if simple is not None:
        return simple
    short: dict[str, int] = {}
    game: Game | None = None
    blinds: tuple[int, int] | None = None
    street: Street | None = None
    pot: int | None = None
    seats: list[str] | None = None
    toks = _tokens(text, base)
    i = 0
    while i < len(toks):
        tok = toks[i]
        if seats is not None:
            seats.append(clean_name(tok.raw, tok.at))
            i += 1
            continue
        if tok.text in GAME_WORDS and game is None and blinds is None:
            game = GAME_WORDS[tok.text]
        elif (b := _parse_blinds(tok)) is not None and blinds is None:
            blinds = b
        elif tok.text in STREET_WORDS and street is None:
            street = STREET_WORDS[tok.text]
        elif tok.text in POT_WORDS:
            if i + 1 >= len(toks) or (pot := parse_amount(toks[i + 1].text)) is None:
                where = toks[i + 1].at if i + 1 < len(toks) else tok.at + len(tok.raw)
                raise FloorcallError("bad_pot", at=where, hint="pot 1500")
            i += 1
        elif tok.text in PLAYERS_WORDS:
            seats = []
        elif tok.text in SHORT_WORDS or tok.text in DEAD_WORDS:
            blind = BLIND_NAMES.get(toks[i + 1].text) if i + 1 < len(toks) else None
            if blind is None:
                raise FloorcallError("bad_short_blind", at=tok.at, hint="short BB 100 / dead SB")
            i += 1
            if tok.text in DEAD_WORDS:
                short[blind] = 0
            else:
                amount = parse_amount(toks[i + 1].text) if i + 1 < len(toks) else None
                if amount is None:
                    raise FloorcallError("bad_short_blind", at=toks[i].at, hint=f"short {blind} 100")
                short[blind] = amount
                i += 1
        elif any(c in tok.text for c in "/-~") and any(c.isdigit() for c in tok.text):
            raise FloorcallError("bad_blinds", at=tok.at, hint="50/100", text=tok.raw)
        else:
            hint = _suggest(tok.text, _KATA_HINTS)
            raise FloorcallError("unknown_header_word", at=tok.at, hint=hint, word=tok.raw)
        i += 1
    if blinds is None:
        if default_blinds is None:
            raise FloorcallError("missing_blinds", at=base, hint="50/100")
        blinds = default_blinds
    sb, bb = blinds
    if sb > bb:
        raise FloorcallError("bad_blinds", at=base, hint=f"{bb}/{sb}", text=f"{sb}/{bb}")
    if street is None:
        raise FloorcallError("missing_street", at=base + len(text.rstrip()), hint="preflop / flop / turn / river")
    if seats is not None:
        folded = [fold(s) for s in seats]
        if not seats:
            raise FloorcallError("empty_players", at=base + len(text.rstrip()), hint="players A B C")
        dup = next((s for s in seats if folded.count(fold(s)) > 1), None)
        if dup:
            raise FloorcallError("duplicate_player", at=base, name=dup)
    for blind, amount in short.items():
        nominal = sb if blind == "SB" else bb
        if street != "preflop" or amount >= nominal:
            raise FloorcallError("bad_short_blind", at=base, hint=f"short {blind} {nominal // 2 or 1}")
    return game or "NL", sb, bb, street, pot, tuple(seats) if seats is not None else None, tuple(short.items())


def _is_player_name(tok: Token) -> bool:
    """The first word of an action names the player (letters, seat numbers, positions), unless it is
    a whole verb word: one-letter short forms (`b`, `c`, `f`) are also common player names."""
    if len(tok.text) == 1:
        return True
    return tok.text not in VERB_WORDS and tok.text not in CHIPS_WORDS


# `A bet 100`, `B call`: a name, a verb word and at most a plain amount, the shape nearly every
# action has. Reading that shape needs no token list (and no pattern: see `_split_actions`);
# anything else goes through `_parse_tokens`.


def parse_action(text: str, at: int) -> ActionInput | str:
    """One action item; returns the player name (str) for a trailing `A?` query.

    Invisible characters come out first (offsets after one shift by its width: only errors
    use them, and an error after an invisible character is rare)."""
    visible = without_invisible(text)
    if visible != text:
        words = text.split()
        name = words[0].rstrip("?？:：") if words else ""
        if name and not any(is_visible(c) for c in name):  # the name itself was invisible: say so
            clean_name(name, at + text.index(name), hint="A")
    return _parse_simple(visible, at) or _parse_tokens(visible, at)


def _parse_simple(text: str, at: int) -> ActionInput | None:
    """`<player> <verb> [digits]`, read exactly as `_parse_tokens` reads it, or None.

    None for anything it does not cover (no verb word, fillers, chips, big or zero amounts, an
    amount on a verb that takes none, an all-in without one): those, and every error, are left
    to the general reader, so the two can never disagree on an offset or a message.
    """
    words = text.split()
    if len(words) == 2:
        name, word = words
        digits = None
    elif len(words) == 3:
        name, word, digits = words
        if not (digits.isascii() and digits.isdigit()):  # `[0-9]+`: full-width and other digits are not
            return None
    else:
        return None
    if len(name) > 1:  # a one-letter name (most are) is never a colon nor a verb word
        if name.endswith(_NAME_COLONS):  # `A: bet 400`: the colon is punctuation
            name = name[:-1]
        if len(name) > 1 and name.isascii() and ((folded_name := name.lower()) in VERB_WORDS or folded_name in CHIPS_WORDS):
            return None  # `call 100` with no player: the general reader says so
    verb = VERB_WORDS.get(word.lower() if word.isascii() else fold(word))  # `fold`, inlined for ASCII
    if verb is None or not name.isascii():  # `Aが`, `민수가`: a particle to take off first
        return None
    amount = None
    if digits is not None:
        amount = int(digits)
        if not 0 < amount <= MAX_AMOUNT or verb in ("call", "check", "fold"):
            return None
    elif verb == "allin":
        return None
    lead = len(text) - len(text.lstrip())
    raw = text[text.find(word, lead + len(words[0])):].rstrip()  # only spaces lie between the name and the word
    return ActionInput(name, at + lead, raw, verb, amount)


# Japanese and Korean write an action the other way round and glue its parts: `Aが100ベット`,
# `B 300にレイズ`, `C가 300으로 레이즈`, `D 콜했어요`. These split such words at the seams and put
# the amount after the verb, so the rest of the reader sees `A bet 100`.
# Particles a name takes before the action. 이 and 은 also end many Korean names (지은, 하은).
_NAME_PARTICLES = "がは가는이은"
_KOREAN_NAME_ENDINGS = "이은"
_AMOUNT_PARTICLES = ("まで", "に", "を", "で", "으로", "로", "까지", "을", "를")
_VERB_ENDINGS = ("しました", "します", "した", "する", "했습니다", "했어요", "합니다", "해요", "했음", "했다", "함")
_GLUED_AMOUNT = re.compile(r"(\d[\d,.]*(?:k|m|千|万|천|만)?)(.*)", re.IGNORECASE | re.DOTALL)


def _name_without_particle(name: str) -> str:
    """`Aが` `민수가` `BTN은` → the name. 이 and 은 end many Korean names (지은, 하은), so they are
    taken as particles only after a Latin name (`A이`, `BTN은`)."""
    last = name[-1:]
    if len(name) > 1 and last in _NAME_PARTICLES and (last not in _KOREAN_NAME_ENDINGS or name[:-1].isascii()):
        return name[:-1]
    return name


def _verb_word(raw: str) -> str | None:
    """`ベット`, `にレイズ`, `コールした`, `콜했어요` → the verb word as written, or None."""
    word = raw
    for particle in _AMOUNT_PARTICLES:  # `にレイズ`: a particle left between amount and verb
        if word.startswith(particle) and len(word) > len(particle):
            word = word[len(particle):]
            break
    if fold(word) in VERB_WORDS:
        return word
    for ending in _VERB_ENDINGS:
        if word.endswith(ending) and fold(word[: -len(ending)]) in VERB_WORDS:
            return word[: -len(ending)]
    return None


def _amount_verb(raw: str) -> tuple[str, str | None] | None:
    """`100ベット` → (`100`, `ベット`); `300に` → (`300`, None); None unless it is exactly that."""
    m = _GLUED_AMOUNT.fullmatch(raw)
    if m is None or parse_amount(m.group(1)) is None:
        return None
    amount, rest = m.group(1), m.group(2)
    if rest in _AMOUNT_PARTICLES:
        return amount, None
    verb = _verb_word(rest)
    return (amount, verb) if verb is not None else None


_GLUED_VERB_AMOUNT = re.compile(r"(\D+?)(\d[\d,.]*(?:k|m|千|万|천|만)?)", re.IGNORECASE | re.DOTALL)


def _verb_amount(raw: str) -> tuple[str, str] | None:
    """`オールイン700` `레이즈600` → (verb, amount); None unless it is exactly that."""
    m = _GLUED_VERB_AMOUNT.fullmatch(raw)
    if m is None or fold(m.group(1)) not in VERB_WORDS or parse_amount(m.group(2)) is None:
        return None
    return m.group(1), m.group(2)


def _split_amount_verb(tok: Token) -> list[Token]:
    """`100ベット` → `100`, `ベット`; `300に` → `300`; `コールした` → `コール`; `オールイン700` →
    `オールイン`, `700`; else the token."""
    if tok.text in VERB_WORDS or parse_amount(tok.text) is not None:
        return [tok]
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


def _split_name(tok: Token) -> list[Token]:
    """`Aが` → `A`; `Aが100ベット` → `A`, `100ベット`; `P1` and `지은` stay whole."""
    raw = tok.raw
    if raw.isascii():
        return [tok]

    def action_from(j: int) -> bool:
        rest = raw[j:]
        if _amount_verb(rest) or _verb_word(rest) or (raw[j - 1] in _NAME_PARTICLES and _verb_amount(rest)):
            return True
        # A bare amount (`Aが1500`: pushed without a word) only after a particle: `プレイヤー1` is a name.
        return raw[j - 1] in _NAME_PARTICLES and parse_amount(rest) is not None

    cut = next((j for j in range(1, len(raw)) if action_from(j)), len(raw))
    name = _name_without_particle(raw[:cut])
    out = [Token(fold(name), name, tok.at)]
    if cut < len(raw):
        out.append(Token(fold(raw[cut:]), raw[cut:], tok.at + cut))
    return out


def _cjk_order(toks: list[Token]) -> list[Token]:
    """The action's tokens with Japanese and Korean glue split and `amount verb` read as `verb amount`."""
    if all(t.raw.isascii() for t in toks):
        return toks
    out = _split_name(toks[0])
    split: list[Token] = [out[0]]
    for tok in out[1:] + toks[1:]:
        split.extend(_split_amount_verb(tok))
    words = [t for t in split[1:] if t.text not in FILLER_WORDS]
    if len(words) >= 2 and parse_amount(words[0].text) is not None and words[1].text in VERB_WORDS:
        words[0], words[1] = words[1], words[0]
    return [split[0], *words]


_NAME_COLONS = (":", "：")
_QUESTION_MARKS = ("?", "？")
# Particles a name takes in a closing question: `Cは?`, `Aが？`, `C는?`, `민수는요?`.
_QUESTION_PARTICLES = "がはをに가는이은"


def _question(text: str) -> str | None:
    """`A?`, `A ?`, `Cは？`, `C는요?` as the whole item → the name asked about; None otherwise.

    The particle comes off as in actions (`_name_without_particle`): 이 and 은 end many Korean
    names, so they are taken as particles only after a Latin name."""
    item = text.strip()
    if not item.endswith(_QUESTION_MARKS):
        return None
    name = item[:-1].rstrip().rstrip("".join(_NAME_COLONS)).rstrip()
    if not name or any(c.isspace() for c in name):
        return None
    if len(name) > 2 and name.endswith("요") and name[-2] in "은는이가":  # `C는요?`
        name = name[:-1]
    last = name[-1]
    if len(name) > 1 and last in _QUESTION_PARTICLES and (last not in _KOREAN_NAME_ENDINGS or name[:-1].isascii()):
        name = name[:-1]
    return name


def _parse_tokens(text: str, at: int) -> ActionInput | str:
    """Any action item, word by word: chips, `back`, `last`, fillers, and every error."""
    question = _question(text)
    if question is not None:
        return question
    toks = _cjk_order(_tokens(text, at))
    first = toks[0]
    if first.raw.endswith(_NAME_COLONS) and len(first.raw) > 1:  # `A: bet 400`: the colon is punctuation
        first = toks[0] = Token(fold(first.raw[:-1]), first.raw[:-1], first.at)
    if len(toks) == 1:
        raise FloorcallError("missing_action", at=first.at + len(first.raw), hint=f"{first.raw} call", player=first.raw)
    if not _is_player_name(first):
        raise FloorcallError("missing_player", at=first.at, hint=f"A {first.raw}")
    player = first.raw
    rest = [t for t in toks[1:] if t.text not in FILLER_WORDS]
    if not rest:  # `A to`, `A makes`: only filler words, so nothing was said or pushed
        end = toks[-1].at + len(toks[-1].raw)
        raise FloorcallError("missing_action", at=end, hint=f"{player} call", player=player)
    raw = text[min(t.at for t in toks[1:]) - at:].strip()  # from the first word after the name, as typed
    verb: Verb | None = None
    amount: int | None = None
    chips: tuple[int, ...] | None = None
    last = False
    pulled_back: int | None = None
    alias: str | None = None
    times: Fraction | None = None
    i = 0
    if i < len(rest) and rest[i].text in VERB_WORDS:
        verb = VERB_WORDS[rest[i].text]
        i += 1
    if i < len(rest) and (verb is None or verb in ("bet", "raise")):
        word = rest[i].text
        if word in ALIAS_WORDS and verb is None:
            verb, alias = ALIAS_WORDS[word]
            i += 1
        elif (m := _TIMES.match(word)) is not None:
            times = Fraction(m.group(1))
            if times <= 1:
                raise FloorcallError("bad_times", at=rest[i].at, word=rest[i].raw, hint=f"{player} 3x")
            verb, alias = "raise", "times"
            i += 1
        elif word in POT_WORDS and verb is not None:  # `bet pot`, `raise pot`: the pot-limit maximum
            verb, alias = "pot", None
            i += 1
    if i < len(rest) and rest[i].text in BACK_WORDS:
        back = rest[i]
        pulled_back = 0
        i += 1
        if i < len(rest) and (a := parse_amount(rest[i].text)) is not None:
            pulled_back = a
            i += 1
        if i >= len(rest) or rest[i].text not in CHIPS_WORDS:
            raise FloorcallError("back_without_chips", at=back.at, hint=f"{player} back chips 1000")
    if i < len(rest) and rest[i].text in CHIPS_WORDS:
        if i + 1 >= len(rest):
            raise FloorcallError("bad_chips", at=rest[i].at + len(rest[i].raw), hint="chips 1000+100x5", text="")
        chips = parse_chips(rest[i + 1].raw, rest[i + 1].at)
        i += 2
    elif i < len(rest) and (a := parse_amount(rest[i].text)) is not None:
        amount = a
        i += 1
    if i < len(rest) and rest[i].text in LAST_WORDS:
        last = True
        i += 1
    if i < len(rest):
        tok = rest[i]
        if re.fullmatch(r"[\d,._]+", tok.text):
            raise FloorcallError("bad_amount", at=tok.at, word=tok.raw, hint=None)
        if verb is None and chips is None and amount is None:
            raise FloorcallError("unknown_verb", at=tok.at, hint=_suggest(tok.text, _VERB_HINTS), word=tok.raw)
        following = rest[i + 1].text if i + 1 < len(rest) else None
        if following in VERB_WORDS or following in ALIAS_WORDS:  # `A bet 200 B raise 600`: a comma left out
            raise FloorcallError("missing_separator", at=tok.at, word=tok.raw, hint=f", {tok.raw} {rest[i + 1].raw}")
        raise FloorcallError("unexpected_word", at=tok.at, word=tok.raw, hint=None)
    if last and chips is None:
        raise FloorcallError("last_without_chips", at=toks[-1].at, hint=f"{player} chips 1000 last")
    if alias is not None and (amount is not None or chips is not None):
        word = rest[0].raw
        raise FloorcallError("amount_not_allowed", at=toks[-1].at, hint=f"{player} {word}", verb=word)
    if verb in ("call", "check", "fold") and amount is not None:
        raise FloorcallError("amount_not_allowed", at=toks[-1].at, hint=f"{player} {verb}", verb=verb)
    if verb in ("check", "fold", "pot") and chips is not None:
        raise FloorcallError("chips_not_allowed", at=toks[-1].at, hint=f"{player} {verb}", verb=verb)
    if verb == "allin" and amount is None and chips is None:
        raise FloorcallError("allin_needs_amount", at=toks[-1].at + len(toks[-1].raw), hint=f"{player} allin 500")
    return ActionInput(player=player, at=at + (len(text) - len(text.lstrip())), raw=raw, verb=verb, amount=amount,
                       chips=chips, last=last, pulled_back=pulled_back, alias=alias, times=times)


def parse_hand(text: str, base: int = 0, default_blinds: tuple[int, int] | None = None) -> Hand:
    """Read a whole `ruling` argument. `base` is the offset of `text` in the line (for `at`);
    `default_blinds` stand in for blinds the header leaves out (`Hand.blinds_given` is then False)."""
    if not text.strip():
        raise FloorcallError("empty_hand", at=base, hint="NL 50/100 flop: A bet 100, B?")
    header, body, body_at = _split_header(text)
    game, sb, bb, street, pot, seats, short = parse_header(header, base, default_blinds)
    items = _split_actions(body, base + body_at)
    if not items:
        raise FloorcallError("no_actions", at=base + len(text), hint="A bet 100, B?")
    if len(items) > MAX_ACTIONS + 1:
        raise FloorcallError("too_many_actions", at=items[MAX_ACTIONS + 1][1], count=len(items), limit=MAX_ACTIONS)
    actions: list[ActionInput] = []
    query: str | None = None
    query_at: int | None = None
    for n, (item, at) in enumerate(items):
        # `parse_action` without its call for an ASCII item (nearly all): nothing invisible to take out.
        parsed = (_parse_simple(item, at) or _parse_tokens(item, at)) if item.isascii() else parse_action(item, at)
        if isinstance(parsed, str):
            if n != len(items) - 1:
                raise FloorcallError("query_not_last", at=at, hint=f"{parsed}?", player=parsed)
            query_at = at + (len(item) - len(item.lstrip()))
            query = clean_name(parsed, query_at)
        else:
            parsed.player = clean_name(parsed.player, parsed.at)
            actions.append(parsed)
    if len(actions) > MAX_ACTIONS:
        raise FloorcallError("too_many_actions", at=actions[MAX_ACTIONS].at, count=len(actions), limit=MAX_ACTIONS)
    given = default_blinds is None or _has_blinds(header)
    return Hand(game, sb, bb, street, pot, seats, tuple(actions), query, query_at, short, given)


def _has_blinds(header: str) -> bool:
    """Whether a header names its own blinds (only asked when a default was offered)."""
    return any(_parse_blinds(tok) is not None for tok in _tokens(header, 0))
