"""The header of a hand, before its colon: game, blinds, street, pot, short blinds, players.

Kept apart from `engine.notation.read` (the action reader and `parse_hand`) because a header is read
once per hand and has its own words and errors; `engine.notation.streets` reads whole-hand headers with the
same pieces.
"""

from __future__ import annotations

import re

from engine.errors import FloorcallError
from engine.notation import words as _words
from engine.notation.money import MONEY
from engine.notation.names import clean_name
from engine.notation.words import (
    _KATA_HINTS,
    DEAD_WORDS,
    MAX_AMOUNT,
    PLAYERS_WORDS,
    POT_WORDS,
    SHORT_WORDS,
    STRADDLE_WORDS,
    Game,
    Street,
    Token,
    _suggest,
    _tokens,
    fold,
    parse_amount,
)

# The whole-hand header words (antes, the big blind ante, stacks, the button, the chip unit):
# engine.notation.hand_header reads them, and a `players` list here refuses them as names.
ANTE_WORDS = frozenset({"ante", "antes", "アンティ", "アンテ", "앤티", "엔티", "안테"})
# `アンテ` is as common a spelling as `アンティ`, and Korean writes 엔티 as often as 앤티; each was
# refused as an unknown header word after `BB` (`BBアンテ 200`, `BB엔티 200`).
BBA_WORDS = frozenset({"bba", "bbante", "bb-ante", "bbアンティ", "ビッグブラインドアンティ", "bbアンテ", "ビッグブラインドアンテ",
                       "빅블라인드앤티", "bb앤티", "bb엔티", "빅블앤티", "빅블라인드엔티", "빅블엔티"})
# `BB アンティ 200`, `빅블라인드 앤티 200`: the big blind and the ante word typed apart, one word.
BB_FIRST_WORDS = frozenset({"bb", "ビッグブラインド", "빅블라인드", "빅블"})
STACKS_WORDS = frozenset({"stacks", "stack", "スタック", "스택"})
# Not `btn` or `dealer`: those name seats (`players BTN SB BB`). Only a word no seat is called.
BUTTON_WORDS = frozenset({"button", "ボタン", "버튼"})
# `chip 25`: the smallest chip in play, the unit odd chips are counted in (21).
CHIP_UNIT_WORDS = frozenset({"chip", "minchip", "最小チップ", "最小額面", "최소칩"})


# Bound by assignment rather than `from engine.notation.words import`: CPython 3.11 compiles a method call
# on a name imported with `from ... import` (`GAME_WORDS.get(word)`) as an attribute load that
# builds a bound method on every call, not as a plain method call; on these tables that made
# parse_hand about 4% slower (bench/bench_ruling.py).
GAME_WORDS = _words.GAME_WORDS
STREET_WORDS = _words.STREET_WORDS
BLIND_NAMES = _words.BLIND_NAMES


def no_colon_at(text: str, base: int) -> int:
    """Where the missing colon goes: just after the street word (`NL 100/200 flop| A bet 600`), or,
    with none, the end of what was read; the error points there, not at the end of the line."""
    at = 0
    for word in text.split():
        at = text.index(word, at)
        if fold(word) in STREET_WORDS and not text.rstrip().endswith(word):
            return base + at + len(word)
        at += len(word)
    return base + len(text)


def no_colon_hint(text: str) -> str:
    """`NL 100/200 preflop A raise 600`: the colon belongs after the street word, so the hint says
    that (`preflop: ...`); without a street word, a whole example."""
    for word in text.split():
        if fold(word) in STREET_WORDS and not text.rstrip().endswith(word):
            return f"{word}: ..."
    return "NL 50/100 flop: A bet 100, B?"


_BLINDS_SPLIT = re.compile(r"[/\-~]")
# Heads-up said in the header: one set (a second, later definition had replaced this one, and
# `헤즈` lost its hint).
_HEADS_UP_WORDS = frozenset({"hu", "heads-up", "headsup", "heads", "ヘッズアップ", "ヘッズ", "ヘッドアップ",
                             "헤즈업", "헤즈", "헤드업"})


def _parse_blinds(tok: Token) -> tuple[int, int] | None:
    parts = _BLINDS_SPLIT.split(tok.text)
    if len(parts) != 2:
        return None
    sb, bb = parse_amount(parts[0]), parse_amount(parts[1])
    if sb is None or bb is None:
        return None
    return sb, bb


Header = tuple[Game, int, int, Street, int | None, tuple[str, ...] | None, tuple[tuple[str, int], ...]]


# `NL 50/100 flop`, `100/200 turn`: the header most hands have. Read from its words (str.split,
# no pattern: see `engine.notation.read._split_actions`); anything else goes through the word-by-word reader below.


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
    if MONEY.get() is not None:
        return None  # `1/2` in a line of decimals is 100/200 (engine.notation.money): read by parse_amount
    game: Game = "NL"
    # `fold`, written out for ASCII words (no call: this runs once per ruling, cold).
    if game_word is not None:
        if (g := GAME_WORDS.get(game_word.lower() if game_word.isascii() else fold(game_word))) is None:
            return None
        game = g
    street = STREET_WORDS.get(street_word.lower() if street_word.isascii() else fold(street_word))
    sb, bb = int(sb_digits), int(bb_digits)
    if street is None or not 0 < sb <= bb <= MAX_AMOUNT:
        return None
    return game, sb, bb, street, None, None, ()


def _check_seat_word(toks: list[Token], i: int, seats: list[str]) -> None:
    """The `players` list runs to the colon. A header word inside it (`players A B pot 500`,
    `players A B SB BB ante 25`) would be seated as a player called "pot" or "ante" and then be
    the one to act: refused, pointing at the word, so it is moved before `players`."""
    word = toks[i].text
    header_word = (word in POT_WORDS or word in SHORT_WORDS or word in DEAD_WORDS or word in STREET_WORDS
                   or word in GAME_WORDS or word in ANTE_WORDS or word in BBA_WORDS or word in STACKS_WORDS
                   or word in CHIP_UNIT_WORDS)
    # `button` may also be a seat's name (`players UTG button SB BB`): a header word only when it
    # names a seat already listed (`players A B button B`).
    if not header_word and word in BUTTON_WORDS and i + 1 < len(toks):
        header_word = any(fold(s) == toks[i + 1].text for s in seats)
    if header_word:
        raise FloorcallError("header_word_in_players", at=toks[i].at, word=toks[i].raw,
                             hint=f"{toks[i].raw} ... players {' '.join(seats)}")


_BLINDS_WORDS = frozenset({"blinds", "blind", "ブラインド", "블라인드", "블라인드는"})
# A particle after the street (`フロップで`, `플랍에서`): the street all the same.
_STREET_PARTICLES = ("で", "の", "에서", "에")


def _street_word(word: str) -> str | None:
    if word in STREET_WORDS:
        return word
    for particle in _STREET_PARTICLES:
        if word.endswith(particle) and word[: -len(particle)] in STREET_WORDS:
            return word[: -len(particle)]
    return None


def _blinds_word_glued(tok: Token) -> tuple[int, int] | None:
    """`ブラインド100-200` → (100, 200): the blinds word with the blinds glued after it."""
    for word in _BLINDS_WORDS:
        if tok.text.startswith(word) and len(tok.text) > len(word) and tok.text[len(word)].isdigit():
            rest = len(word)
            return _parse_blinds(Token(tok.text[rest:], tok.raw[rest:], tok.at + rest))
    return None


_CUT_STREET = re.compile(
    r"(?:(?<=\s)|^)(" + "|".join(sorted((re.escape(w) for w in STREET_WORDS if not w.isascii() or len(w) > 3),
                                       key=len, reverse=True))
    + r")(?:で|の|에서|에)?(?=[\s、,，]|$)", re.IGNORECASE)


def cut_without_colon(text: str) -> int | None:
    """Where the header of a Japanese or Korean line with no colon ends: just after its street word
    (`NL100-200 フロップ Aベット600…`, `フロップで、Aが…`, `NL 100/200 플랍 A 600 벳 …`), or None when
    there is no street word with actions after it. Chat leaves the colon out; a line in English keeps
    the `no_colon` error and its hint."""
    if text.isascii():
        return None
    for m in _CUT_STREET.finditer(text):
        rest = text[m.end():].lstrip(" \t\u3000、,，")
        if rest:
            return m.end()
    return None


def _glued_game(tok: Token) -> tuple[Game, tuple[int, int]] | None:
    """`NL100/200`, `PLO50/100`: the game glued to the blinds."""
    m = re.match(r"([^\d]+)(\d.*)$", tok.text)
    if m is None or m.group(1) not in GAME_WORDS:
        return None
    blinds = _parse_blinds(Token(m.group(2), tok.raw[len(m.group(1)):], tok.at + len(m.group(1))))
    return (GAME_WORDS[m.group(1)], blinds) if blinds is not None else None


# The game as people name it in words: `pot limit`, `no limit`, `fixed limit` (and `팟 리밋` ...) in
# two words, and the card game after the betting (`limit holdem`, `PLO omaha`, `リミットホールデム`,
# `팟리밋 오마하`). The betting structure is what the rules need; the card game changes nothing here.
# `pot limit` had been refused as a `pot` with no amount, `limit holdem` with "fold" as the hint.
_TWO_WORD_GAME = re.compile(r"(?i)(pot|no|fixed|ポット|ノー|フィックスド|팟|노|픽스드)([\s_]+)(limit|リミット|리밋|리미트)(?!\S)")
_CARD_GAME = re.compile(r"(?i)[\s_]*(?:texas[\s_]*)?(?:hold'?[\s_]?em|omaha|テキサス|ホールデム|オマハ|텍사스|홀덤|오마하)"
                        r"(?:[\s_]*(?:hi[/-]?lo|8|/8|ハイロー|하이로))?(?!\S)")


def _game_in_words(text: str) -> str:
    """`pot limit omaha 100/200 flop` → `potlimit 100/200 flop` (spaces in place of what went,
    so every offset after it stays true). Only before the blinds, and only where a game word is
    left: `holdem 100/200` alone is not rewritten (and is refused as before)."""
    digit = next((k for k, ch in enumerate(text) if ch.isdigit()), len(text))
    head = text[:digit]
    joined = _TWO_WORD_GAME.sub(lambda m: m.group(1) + m.group(3) + " " * len(m.group(2)), head)
    stripped = _CARD_GAME.sub(lambda m: " " * len(m.group()), joined)
    if stripped == head or not any(fold(w) in GAME_WORDS for w in stripped.split()):
        return text
    return stripped + text[digit:]


def _glued_pot(word: str) -> int | None:
    """`ポット1000` → 1000: the pot word with its amount, as chat writes it (`アンティ25` likewise)."""
    for key in POT_WORDS:
        if word.startswith(key) and len(word) > len(key) and word[len(key)].isdigit():
            return parse_amount(word[len(key):])
    return None


def parse_header(text: str, base: int, default_blinds: tuple[int, int] | None = None) -> Header:
    """`[game] blinds street [pot N] [short BB 100] [dead SB] [players ...]`; a header without
    blinds takes `default_blinds` when given (the level of the channel's blind clock)."""
    simple = _parse_simple_header(text)
    if simple is not None:
        return simple
    worded = _game_in_words(text)  # (after the common header: it never names its game in words)
    if worded is not text:  # a game named in words, now one word: the common header may fit it
        text = worded
        simple = _parse_simple_header(text)
        if simple is not None:
            return simple
    short: dict[str, int] = {}
    seats_done: list[str] | None = None  # a players list the street word ended
    game: Game | None = None
    blinds: tuple[int, int] | None = None
    street: Street | None = None
    pot: int | None = None
    seats: list[str] | None = None
    # `NL 100/200, flop`, `players A, B, C`: a comma typed after a header word is punctuation (the
    # blinds had been refused as "100/200,").
    toks = [Token(t.text[:-1], t.raw[:-1], t.at) if len(t.text) > 1 and t.text[-1] in ",，、" else t
            for t in _tokens(text, base)]
    i = 0
    while i < len(toks):
        tok = toks[i]
        if seats is not None and street is None and seats and (word := _street_word(tok.text)) is not None:
            # `プレイヤー A B C D フロップ:`, `players A B C flop:`: the street after the seats, the order
            # people say it in; it ends the list (it had been refused, with a hint to write it first).
            street = STREET_WORDS[word]
            seats_done = seats
            seats = None
            i += 1
            continue
        if seats is not None:
            _check_seat_word(toks, i, seats)
            seats.append(clean_name(tok.raw, tok.at))
            i += 1
            continue
        if tok.text in _BLINDS_WORDS and i + 1 < len(toks) and _parse_blinds(toks[i + 1]) is not None:
            pass  # `ブラインド 100/200`, `블라인드 100/200`: the word that names the blinds after it
        elif blinds is None and (glued_blinds := _blinds_word_glued(tok)) is not None:
            blinds = glued_blinds  # `ブラインド100-200`, `블라인드100/200`: the word and the blinds in one
        elif (glued := _glued_game(tok)) is not None and game is None and blinds is None:
            game, blinds = glued  # `NL100/200`
        elif (game is None and blinds is None and i + 1 < len(toks)
                and (two := tok.text + toks[i + 1].text) in GAME_WORDS and tok.text not in GAME_WORDS):
            # `팟 리밋`, `ポット リミット`, `pot limit`: the game in two words. `pot` alone was read as
            # the pot's amount and refused ("pot" needs an amount).
            game = GAME_WORDS[two]
            i += 1
        elif tok.text in GAME_WORDS and game is None:  # (also after the blinds: `100/200 NL`)
            game = GAME_WORDS[tok.text]
        elif (b := _parse_blinds(tok)) is not None and blinds is None:
            blinds = b
        elif (word := _street_word(tok.text)) is not None and street is None:
            street = STREET_WORDS[word]
        elif (glued_pot := _glued_pot(tok.text)) is not None:  # `ポット1000`, `팟2000`, `pot1500`
            pot = glued_pot
        elif tok.text in POT_WORDS:
            if i + 1 >= len(toks) or (pot := parse_amount(toks[i + 1].text)) is None:
                where = toks[i + 1].at if i + 1 < len(toks) else tok.at + len(tok.raw)
                raise FloorcallError("bad_pot", at=where, hint=f"{tok.raw} 1500", word=tok.raw)
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
            three = _BLINDS_SPLIT.split(tok.text)
            if len(three) == 3 and None not in (amounts := [parse_amount(x) for x in three]):
                # `1k/2k/2k`, `100/200/200`: blinds and an ante, but whose ante (everyone's, or the
                # big blind's) the line does not say, and the pot and every side pot turn on it; the
                # hint guesses from its size (a big blind ante is the blind).
                raws = _BLINDS_SPLIT.split(tok.raw)
                word = "bba" if amounts[2] >= amounts[1] else "ante"  # type: ignore[operator]
                raise FloorcallError("three_blind_amounts", at=tok.at, text=tok.raw,
                                     hint=f"{raws[0]}/{raws[1]} {word} {raws[2]}")
            pair = _BLINDS_SPLIT.split(tok.text)
            if len(pair) == 2 and "0" in pair[0] and pair[0].strip("0.") == "" and (big := parse_amount(pair[1])) is not None:
                # `0/100`: no small blind posted (a hand history's `blinds 0 100`). The one way to type
                # it keeps the small blind's size, which pot limit counts as posted (56-B): `dead SB`.
                raise FloorcallError("bad_blinds", at=tok.at, hint=f"{big // 2 or 1}/{big} dead SB", text=tok.raw)
            raise FloorcallError("bad_blinds", at=tok.at, hint="50/100", text=tok.raw)
        elif tok.text.startswith(tuple(STRADDLE_WORDS)):
            raise FloorcallError("straddle_not_read", at=tok.at, word=tok.raw, hint=None)
        elif _CARD_GAME.fullmatch(tok.raw) and game is None:
            # `omaha 100/200`: the card game without its betting; the hint names one to add.
            betting = "PL" if any(w in tok.text for w in ("omaha", "オマハ", "오마하")) else "NL"
            raise FloorcallError("unknown_header_word", at=tok.at, hint=f"{betting} {tok.raw}", word=tok.raw)
        elif tok.text in _HEADS_UP_WORDS:
            # `HU`, `heads-up`: the seats say heads-up (the blinds alone, or the button and the big
            # blind); the hint names them so, as a word of its own it had no hint at all.
            raise FloorcallError("unknown_header_word", at=tok.at, hint="players SB BB", word=tok.raw)
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
    if seats is None:
        seats = seats_done
    if seats is not None:
        folded = [fold(s) for s in seats]
        if not seats:
            raise FloorcallError("empty_players", at=base + len(text.rstrip()), hint="players A B C")
        dup = next((s for s in seats if folded.count(fold(s)) > 1), None)
        if dup:
            second = [t for t in toks if t.text == fold(dup)][-1:]  # point at the name repeated
            raise FloorcallError("duplicate_player", at=second[0].at if second else base, name=dup)
    for blind, amount in short.items():
        nominal = sb if blind == "SB" else bb
        if street != "preflop" or amount >= nominal:
            raise FloorcallError("bad_short_blind", at=base, hint=f"short {blind} {nominal // 2 or 1}")
    return game or "NL", sb, bb, street, pot, tuple(seats) if seats is not None else None, tuple(short.items())


def _has_blinds(header: str) -> bool:
    """Whether a header names its own blinds (only asked when a default was offered)."""
    return any(_parse_blinds(tok) is not None or _glued_game(tok) is not None for tok in _tokens(header, 0))
