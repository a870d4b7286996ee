"""Cards typed at the showdown: `showdown: A Ah Kd, B Qs Qc, C 7h 7d; board As 9c 7s 2d Kh`.

Read here, before the showdown's ranking words (engine/notation/showdown.py), and blanked out of
the text they were read from (spaces in their place, so every offset stays true): what is left is
read as before, so a typed order (`B > A`) and mucks (`C mucks`) still read beside the cards.
Evaluating them is engine/pots/cards.py's, and settling the pots engine/pots/__init__.py's.

A card is a rank (`A K Q J T 9 … 2`, `10` for T, either case) and a suit (`s h d c` or `♠ ♥ ♦ ♣`,
white suits and the emoji variation selector too). What people paste reads as typed: `AhKd`,
`A♥K♦`, `[Ah Kd]`, `(ah kd)`, full-width letters from a Japanese IME. An item counts as cards once
one of its words after the name reads as cards; any other word in it is then refused as a card
that does not exist, named (never taken for a name or dropped).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.errors import FloorcallError
from engine.notation.words import MUCK_WORDS

RANKS = "23456789TJQKA"
_SUITS = {"s": "s", "h": "h", "d": "d", "c": "c", "♠": "s", "♥": "h", "♦": "d", "♣": "c",
          "♤": "s", "♡": "h", "♢": "d", "♧": "c"}
BOARD_WORDS = ("board", "ボード", "보드", "community", "runout")
_IGNORED = "\ufe0f"  # the emoji variation selector pasted after ♥️
_BRACKETS = "[](){}【】「」『』〔〕［］（）"
# Full-width ASCII (a Japanese IME's full-width mode) read as ASCII, one character for one.
_ASCII = {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}
_ITEM = re.compile(r"[^;；]+")
_PART = re.compile(r"[^,，、]+")
_WORD = re.compile(r"[^\s" + re.escape(_BRACKETS) + r"]+")
_BOARD = re.compile(r"\s*(" + "|".join(BOARD_WORDS) + r")(?![A-Za-z])\s*(?:[:：]\s*)?", re.IGNORECASE)
_MUCKS = {w.lower() for w in MUCK_WORDS}


@dataclass(slots=True)
class TypedCards:
    """One player's hole cards as typed: the name as typed, each card (`Ah`) and its offset."""

    player: str
    at: int
    cards: tuple[str, ...]
    cards_at: tuple[int, ...]
    mucked: bool = False  # `C 7h 7d mucks`: shown to us, thrown away face down at the table


@dataclass(slots=True)
class CardShowdown:
    hands: tuple[TypedCards, ...]
    board: tuple[str, ...] = ()
    board_at: tuple[int, ...] = ()
    board_word_at: int | None = None  # where `board` was typed; None: no board given

    def offset_of(self, card: str) -> int | None:
        for hand in self.hands:
            if card in hand.cards:
                return hand.cards_at[hand.cards.index(card)]
        return self.board_at[self.board.index(card)] if card in self.board else None


def card_text(cards: tuple[str, ...] | list[str]) -> str:
    """`AhKd`: cards as the contract's `cards` writes them."""
    return "".join(cards)


def _scan(word: str, at: int) -> list[tuple[str, int]] | tuple[str, int]:
    """The cards of one word (`AhKd`, `A♥️K♦`, `10h`), or the first piece that is not a card."""
    out: list[tuple[str, int]] = []
    i = 0
    while i < len(word):
        if word[i] in _IGNORED:
            i += 1
            continue
        start = i
        if word[i:i + 2] == "10":
            rank, i = "T", i + 2
        elif word[i].upper() in RANKS:
            rank, i = word[i].upper(), i + 1
        else:
            return word[start:start + 3], at + start
        while i < len(word) and word[i] in _IGNORED:
            i += 1
        suit = _SUITS.get(word[i].lower()) if i < len(word) else None
        if suit is None:
            return word[start:start + 3], at + start
        i += 1
        out.append((rank + suit, at + start))
    return out


def _cards_of(text: str, at: int) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """Every card in `text` and every piece of it that is not one."""
    cards: list[tuple[str, int]] = []
    bad: list[tuple[str, int]] = []
    for m in _WORD.finditer(text):
        got = _scan(m.group(), at + m.start())
        if isinstance(got, tuple):
            bad.append(got)
        else:
            cards += got
    return cards, bad


def _hole_part(part: str, at: int) -> tuple[TypedCards, int, int] | None:
    """`A Ah Kd`, `A: AhKd`, `A [Ah Kd]`, `C 7h 7d mucks`: the hand, and the span of its cards."""
    m = re.match(r"\s*([^\s" + re.escape(_BRACKETS) + r":：]+)\s*[:：]?\s*", part)
    if m is None or m.end() >= len(part.rstrip()):
        return None
    rest = part[m.end():].rstrip()
    mucked = False
    words = rest.split()
    if len(words) > 1 and words[-1].lower().rstrip("!！。.") in _MUCKS:
        mucked = True
        rest = rest[:rest.rfind(words[-1])].rstrip()
    cards, bad = _cards_of(rest, at + m.end())
    if not cards:
        return None
    if bad:
        piece, where = bad[0]
        raise FloorcallError("card_unknown", at=where, card=piece, hint=_card_hint(piece))
    hand = TypedCards(m.group(1), at + m.start(1), tuple(c for c, _ in cards), tuple(a for _, a in cards), mucked)
    return hand, m.end(), m.end() + len(rest)


def _card_hint(piece: str) -> str:
    """A card the piece may have meant (`Kx` → `Kh`, `1h` → `10h`/`Ah`), else two examples."""
    if len(piece) >= 2 and piece[0].upper() in RANKS:
        return f"{piece[0].upper()}h / {piece[0].upper()}s"
    if piece[:1] == "1":
        return "10h / Ah"
    if len(piece) >= 2 and piece[1].lower() in _SUITS:
        return f"A{piece[1].lower()} / T{piece[1].lower()}"
    return "Ah Kd / 10s 9s"


_BOARD_BEFORE = re.compile(r"[;；,、，]\s*(?:" + "|".join(BOARD_WORDS) + r")(?![A-Za-z])[^;；]*?[;；,、，]?\s*$",
                           re.IGNORECASE)


def board_before(text: str) -> int | None:
    """Where a board typed just before `showdown:` starts (`…; board As 9c 7s 2d Kh;`), or None."""
    m = _BOARD_BEFORE.search(text)
    if m is None:
        return None
    rest = text[m.start() + 1:].translate(_ASCII)
    word = _BOARD.match(rest)
    if word is None or not _cards_of(rest[word.end():], 0)[0]:  # `board` with no card after it: not a board
        return None
    return m.start() + 1


def take_cards(text: str, at: int, before: tuple[str, int] | None = None) -> tuple[str, CardShowdown | None]:
    """Read the cards out of a showdown: the text with them blanked, and what they say (None:
    no cards typed, the text comes back as it was). `before`: a board typed before the showdown
    (`board_before`), with its offset."""
    probe = text.translate(_ASCII) if not text.isascii() else text
    hands: list[TypedCards] = []
    board: list[tuple[str, int]] = []
    board_word_at: int | None = None
    blank: list[tuple[int, int]] = []
    items = [(m, 0) for m in _ITEM.finditer(probe)]
    if before is not None:
        early = before[0].translate(_ASCII)
        items = [(m, before[1] - at) for m in _ITEM.finditer(early)] + items
    for item, shift in items:
        if shift:  # the board typed before the showdown: only its board is read
            body = item.group()
            bm = _BOARD.match(body)
            if bm is None:
                continue
            board_word_at = at + shift + item.start() + bm.start(1)
            cards, bad = _cards_of(body[bm.end():].replace(",", " ").replace("、", " ").replace("，", " "),
                                   at + shift + item.start() + bm.end())
            if bad:
                piece, where = bad[0]
                raise FloorcallError("card_unknown", at=where, card=piece, hint=_card_hint(piece))
            board = cards
            continue
        body = item.group()
        for part in _PART.finditer(body):
            bm = _BOARD.match(body, part.start())
            if bm is not None:  # the board, to the end of the item (`, board As, 9c, 7s` too)
                if board_word_at is not None:  # a second board: which is the table's is not ours to pick
                    raise FloorcallError("board_twice", at=at + item.start() + bm.start(1), hint=None)
                board_word_at = at + item.start() + bm.start(1)
                cards, bad = _cards_of(body[bm.end():].replace(",", " ").replace("、", " ").replace("，", " "),
                                       at + item.start() + bm.end())
                if bad:
                    piece, where = bad[0]
                    raise FloorcallError("card_unknown", at=where, card=piece, hint=_card_hint(piece))
                board = cards
                blank.append((item.start() + part.start(), item.end()))
                break
            got = _hole_part(part.group(), at + item.start() + part.start())
            if got is None:
                continue
            hand, start, end = got
            hands.append(hand)
            base = item.start() + part.start()
            # The name stays when the hand is mucked (`C 7h 7d mucks` reads on as `C mucks`).
            blank.append((base + (start if hand.mucked else 0), base + (end if hand.mucked else len(part.group()))))
    if not hands and board_word_at is None:
        return text, None
    out = list(text)
    for a, b in blank:
        out[a:b] = " " * (b - a)
    showdown = CardShowdown(tuple(hands), tuple(c for c, _ in board), tuple(a for _, a in board), board_word_at)
    _check_twice(showdown)
    return "".join(out), showdown


def _check_twice(sd: CardShowdown) -> None:
    """One card typed twice (two hands, a hand and the board, or one hand): refused at the second."""
    seen: dict[str, str | None] = {}  # card -> the player holding it (None: the board)
    places: list[tuple[str | None, tuple[str, ...], tuple[int, ...]]] = [
        (h.player, h.cards, h.cards_at) for h in sd.hands]
    places.append((None, sd.board, sd.board_at))
    for owner, cards, where in places:
        for card, card_at in zip(cards, where, strict=True):
            if card in seen:
                first = seen[card]
                if first is not None and owner is not None:  # two hands (or one hand twice)
                    raise FloorcallError("card_twice", at=card_at, card=card, first=first, second=owner, hint=None)
                if first is None and owner is None:
                    raise FloorcallError("card_twice_in_board", at=card_at, card=card, hint=None)
                raise FloorcallError("card_twice_board", at=card_at, card=card, player=first or owner, hint=None)
            seen[card] = owner
