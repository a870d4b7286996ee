"""Actions typed one after another with no separator between them, as Japanese and Korean chat
types them: `A 600 벳 B 1600 레이즈 C는`, `A가 600 벳했고 B가 1600 레이즈했어요`, `Aが1000ベットして
Bがコール`, `Aが1000ベット Bは？`.

Read only when the item as a whole cannot be read (the usual line never comes here), and only where
the words part into actions one way: the most pieces that each read as an action of a player (the
last one may be the closing question). Where two ways part the words into as many, nothing is guessed and
the line is refused, saying the two readings (`actions_not_parted`). Kept apart from
`engine.notation.read`, which reads items already parted.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from engine.errors import FloorcallError
from engine.notation.cjk.words import _verb_word
from engine.notation.inputs import ActionInput
from engine.notation.words import VERB_WORDS, fold, parse_amount

_WORD = re.compile(r"\S+")
_MAX_WORDS = 24  # (a street's actions typed in one breath stay far below this)
_MAX_PIECE = 6  # words in one action (`A가 1600 으로 레이즈 했어요`: five)
Read = Callable[[str, int], ActionInput | str]


def part_unseparated(item: str, at: int, error: FloorcallError, read: Read) -> list[tuple[str, int]] | None:
    """The item parted into its actions (text and offset each), or None when it does not part.

    A `missing_separator` error names where the next action starts (`Aが1000ベットしてBがコール`): the
    item is cut there. Otherwise the item is cut between words, the fewest pieces that each read."""
    if item.isascii():
        return None
    if (error.code == "missing_separator" and error.at is not None and at < error.at < at + len(item)
            and len(item.split()) == 1):
        cut = error.at - at  # `Aが1000ベットしてBがコール`: one word, cut where the reader saw the next action
        head, tail = item[:cut], item[cut:]
        if head.strip() and tail.strip() and parse_amount(tail[:1]) is None and _reads(head, at, read, last=False):
            return [(head, at), (tail, at + cut)]
    words = [(m.start(), m.end()) for m in _WORD.finditer(item)]
    if not 1 < len(words) <= _MAX_WORDS:
        return None
    n = len(words)
    # best[i]: the most pieces for words[i:] and every way to reach that count (at most two kept).
    # The most, not the fewest: a piece that reads may still hold the next action unread (`B 콜 C
    # 레이즈 2000` reads as B's call with more said after it), never the other way round.
    best: list[tuple[int, list[list[int]]] | None] = [None] * (n + 1)
    best[n] = (0, [[]])
    for i in range(n - 1, -1, -1):
        found: tuple[int, list[list[int]]] | None = None
        first = item[words[i][0]:words[i][1]]
        if i > 0 and not _may_start(first):
            continue  # (no piece starts with an amount or a verb word: not read at all, which is most)
        for j in range(i + 1, min(n, i + _MAX_PIECE) + 1):
            after = best[j]
            if after is None or (i == 0 and j == n):
                continue
            start, end = words[i][0], words[j - 1][1]
            if not _reads(item[start:end], at + start, read, last=j == n):
                continue
            count = after[0] + 1
            ways = [[j, *w] for w in after[1]]
            if found is None or count > found[0]:
                found = (count, ways[:2])
            elif count == found[0]:
                found = (count, (found[1] + ways)[:2])
        best[i] = found
    if best[0] is None:
        return None
    count, ways = best[0]
    pieces = [_pieces(item, at, words, w) for w in ways]
    if len(pieces) > 1:
        one, other = (" / ".join(p.strip() for p, _ in way) for way in pieces[:2])
        raise FloorcallError("actions_not_parted", at=at, text=item.strip(), one=one, other=other,
                             hint=", ".join(p.strip() for p, _ in pieces[0]))
    return pieces[0]


def _may_start(word: str) -> bool:
    """Whether a word may start an action: a player's name, not an amount nor a verb word (one
    Latin letter is a name: `C`). The same test `_reads` makes of the player read, made first on
    the word alone so that most cuts cost no reading."""
    folded = fold(word)
    if len(folded) == 1 and folded.isascii():
        return True
    return parse_amount(folded) is None and folded not in VERB_WORDS and _verb_word(word) is None


def _pieces(item: str, at: int, words: list[tuple[int, int]], ends: list[int]) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    i = 0
    for j in ends:
        start, end = words[i][0], words[j - 1][1]
        out.append((item[start:end], at + start))
        i = j
    return out


def _reads(text: str, at: int, read: Read, last: bool) -> bool:
    """Whether `text` reads as one action (or, last, as the closing question)."""
    try:
        parsed = read(text, at)
    except FloorcallError:
        return False
    if isinstance(parsed, str):
        return last and parsed != ""
    player = fold(parsed.player)
    verb_like = player in VERB_WORDS or _verb_word(parsed.player) is not None
    if parse_amount(player) is not None or (verb_like and not (len(player) == 1 and player.isascii())):
        return False  # `B 3천 2천 레이즈`, `A 1000 | 벳했고 B 콜`: an amount or a verb is never a player
    if parsed.then_said is not None:
        return False  # `B 콜 C 레이즈 2000`: more said after a call is the next player's action here
    return parsed.verb is not None or parsed.amount is not None or parsed.chips is not None or parsed.bbs is not None
