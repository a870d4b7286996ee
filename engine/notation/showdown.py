"""The showdown part of a whole hand: `showdown: B > A = C` (best hand first, `=` a tie), then any
hands mucked face down (`; C mucks`, `、Cがマック`, `, C 먹`), or only those when everyone but one
threw their hand away. Read here, apart from the streets (engine/notation/streets.py), into the
`WholeHand` fields `showdown`, `showdown_at` and `mucked`; settling them is engine/pots/__init__.py's.
"""

from __future__ import annotations

import re

from engine.errors import FloorcallError
from engine.notation.whole_hand import WholeHand
from engine.notation.words import MUCK_WORDS, SHOW_ORDER_WORDS, WIN_WORDS

# The name as typed, particle included (`Cが`, `지은이`): which part is the name only the table can say,
# so the particle comes off where the name is matched (handlers/pot.py), not here (`지은` ends in 은).
_MUCK_ITEM = re.compile(r"\s*(\S+?)\s*(?:" + "|".join(MUCK_WORDS) + r")\s*", re.IGNORECASE)
NAME_PARTICLES = "がはも가이는은도"


# The result as chat says it: one winner (`Bの勝ち`, `B勝ち`, `B 승`, `B가 이김`, `B wins`) or a split
# (`BとCでチョップ`, `B와 C 찹`, `B=C 스플릿`). Each had been taken for a player called "Bの勝ち" and
# refused as "not in this hand". A lone winner is the ranking `B`: where others could still win a
# pot, settling asks for their order (`showdown_missing`), as it does for `showdown: B`. The win
# words are engine/notation/words.py's `WIN_WORDS`, the table every reader shares.
_CHOP_WORDS = ("でチョップ", "でスプリット", "で割り", "で山分け", "チョップ", "スプリット", "引き分け", "山分け",
               "가 찹", "이 찹", "찹", "스플릿", "무승부", "반반", "chop", "chopped", "split", "splits", "tie")
_CHOP_JOINS = re.compile(r"\s*(?:と|&|＆|=|＝|、|,|，|이랑|랑|하고|와|과|and)\s*|\s+", re.IGNORECASE)
# Asking who shows first instead of giving a result (`誰から見せる？`, `누가 먼저 오픈?`, `who shows
# first?`): answered with the showing order (18, 17), as a hand with no result typed is.
_ORDER_QUESTION = re.compile("|".join(SHOW_ORDER_WORDS), re.IGNORECASE)


def _before(text: str, word: str) -> str | None:
    """What comes before `word` at the end of `text`, or None. A Korean or English word with no
    particle of its own must stand apart, or follow a Latin name (`B승`): `민승` is a name."""
    if not text.lower().endswith(word):
        return None
    rest = text[: -len(word)]
    bare = not ("\u3040" <= word[0] <= "\u30ff" or "\u4e00" <= word[0] <= "\u9fff" or word[0] in "がでの" or " " in word)
    if bare and rest and not rest[-1].isspace() and not rest[-1].isascii():
        return None
    return rest.strip() or None


def _spoken(part: str) -> tuple[str, bool] | None:
    """`Bの勝ち` → (`B`, False); `BとCでチョップ` → (`BとC`, True); None for anything else."""
    text = part.rstrip().rstrip("!！。.")
    for word in WIN_WORDS:
        if (names := _before(text, word)) is not None and " " not in names:
            return names, False
    for word in _CHOP_WORDS:
        if (names := _before(text, word)) is not None:
            return names, True
    return None


def _tie_group(names: str, at: int, out: WholeHand) -> tuple[str, ...]:
    """`BとC`, `B와 C`, `B=C`: the names tied, each with its offset."""
    group: list[str] = []
    pos = 0
    for m in _CHOP_JOINS.finditer(names + " "):
        name = names[pos:m.start()]
        if name:
            group.append(name)
            out.showdown_at.setdefault(name, at + pos)
        pos = m.end()
    return tuple(group)


def parse_showdown(text: str, at: int, out: WholeHand) -> None:
    """`B > A = C`, then any `, P mucks` items (or only those: everyone but one mucked, 18-B)."""
    if text.rstrip().endswith(("?", "？")) and _ORDER_QUESTION.search(text):
        out.showdown, out.show_order_asked = None, True
        return
    if ";" not in text and "；" not in text and (spoken := _spoken(text)) is not None and spoken[1]:
        # `A、B、Cでチョップ`: a split of three, parted like a list (read part by part, `A` had been a
        # ranking of its own and `B` a second one).
        lead = len(text) - len(text.lstrip())
        group = _tie_group(spoken[0].strip(), at + lead, out)
        if len(group) >= 2:
            out.showdown, out.winner_only = (group,), True
            return
    parts = [(m.group(), at + m.start()) for m in re.finditer(r"[^,;、，；]+", text)]
    mucked: list[str] = []
    ranking: tuple[str, int] | None = None
    for part, part_at in parts:
        if not part.strip():
            continue
        m = _MUCK_ITEM.fullmatch(part)
        if m is not None:
            mucked.append(m.group(1))
            out.showdown_at.setdefault(m.group(1), part_at + m.start(1))
        elif ranking is None and not mucked and (spoken := _spoken(part)) is not None:
            lead = len(part) - len(part.lstrip())
            names, tied = spoken
            if tied:
                group = _tie_group(names.strip(), part_at + lead, out)
                if len(group) < 2:  # `Bでチョップ`: a split needs two hands at least
                    raise FloorcallError("bad_showdown", at=part_at + lead, hint=f"{names.strip()} = ?")
                out.winner_only = True  # the others lost (the split said is the winning hands)
            else:
                group = (names.strip(),)
                out.showdown_at.setdefault(group[0], part_at + lead)
                out.winner_only = True
            out.showdown = (group,)
            ranking = ("", part_at)
        elif ranking is None and not mucked:
            ranking = (part, part_at)
        else:  # a second ranking, or a ranking after the mucks: not a showdown we can read
            raise FloorcallError("bad_showdown", at=part_at, hint="showdown: B > A; C mucks")
    out.mucked = tuple(mucked)
    if ranking is None:
        if not mucked:  # `showdown:` with nothing after it: where the result should start
            raise FloorcallError("bad_showdown", at=at + len(text) - len(text.lstrip()), hint="showdown: B > A = C")
        out.showdown = ()
        return
    if ranking[0]:  # (a result said in words is read above)
        _parse_ranking(ranking[0], ranking[1], out)


def _parse_ranking(text: str, at: int, out: WholeHand) -> None:
    groups: list[tuple[str, ...]] = []
    pos = 0
    for part in re.split(r"([>＞])", text):
        if part in (">", "＞"):
            pos += 1
            continue
        group: list[str] = []
        sub = 0
        for name in re.split(r"([=＝])", part):
            if name in ("=", "＝"):
                sub += 1
                continue
            stripped = name.strip()
            where = at + pos + sub + (len(name) - len(name.lstrip()))
            if not stripped or " " in stripped:
                raise FloorcallError("bad_showdown", at=where, hint="showdown: B > A = C")
            group.append(stripped)
            out.showdown_at.setdefault(stripped, where)
            sub += len(name)
        groups.append(tuple(group))
        pos += len(part)
    out.showdown = tuple(groups)


# Who shows first, asked as the line's last item instead of after `showdown:` (`…、Bコール。誰から見せる？`,
# `…, B 콜, 누가 먼저 오픈?`): read as a closing question it seated a player called "誰から見せる" who
# then had the whole bet to call. Both a "who" word and a "show" word, and the question mark.
_SHOW_WORDS = ("見せ", "みせ", "オープン", "開け", "ショーダウン", "ショウダウン", "쇼다운", "오픈", "공개", "보여", "까",
               "show", "table", "open")
# (A full stop or an earlier question mark ends an item too: `B 콜. 누가 먼저 오픈?` had taken B's call
# into the question, and the ruling answered as if B had not acted.)
_ITEM_ENDS = ",;、，；\n。・→⇒／.!！?？"
_QUESTION_WORDS = (*SHOW_ORDER_WORDS, *_SHOW_WORDS)


def show_question(text: str, start: int) -> int | None:
    """Where a closing "who shows first?" item starts in `text` (after `start`), or None. Said
    straight after an action with no separator (`B 콜 누가 먼저 오픈?`), it starts at its first
    question word, so the action stays an action."""
    tail = text.rstrip()
    if not tail.endswith(("?", "？")):
        return None
    begin = max(max(tail.rfind(c, start, len(tail) - 1) for c in _ITEM_ENDS) + 1, start)
    item = tail[begin:].lower()
    if any(w in item for w in SHOW_ORDER_WORDS) and any(w in item for w in _SHOW_WORDS):
        first = min(i for w in _QUESTION_WORDS if (i := item.find(w)) >= 0)
        return begin + first if item[:first].strip() else begin
    return None


# A result typed after the last street with no `showdown:` before it (`…river: B check, C check。Bの勝ち`,
# `…, B wins`, `…、Aの勝ち、Cマック`): read as that showdown. It had been read as one more action
# and refused as an unknown verb ("勝ち") with `B call` as the hint. Cheap test first: the line
# must end in a result or muck word.
_RESULT_END = tuple(w.lower() for w in (*WIN_WORDS, *_CHOP_WORDS, *MUCK_WORDS))


def spoken_result(text: str, start: int) -> int | None:
    """Where a result closing `text` (after `start`, the colon) starts: the item saying who won,
    then any mucks; None when the line does not end so, or the result is all the street holds."""
    tail = text.rstrip()
    # `str.endswith` of a tuple, not a pattern: this runs on every ruling (`needs_whole`), and a
    # search for the words cost handle() 7 % (bench/bench_ruling.py: 100.7 -> 108.3 µs).
    if not tail[max(start, len(tail) - 24):].rstrip("!！。. \u3000").lower().endswith(_RESULT_END):
        return None
    # A full stop and a space end an item as they end an action (`A allin. B call. B wins`): left
    # out, the result was one more action and refused as a win typed among the actions.
    cuts = [i for i in range(start, len(tail)) if tail[i] in _ITEM_ENDS or tail[i:i + 2] == ". "]
    bounds = [(a, b) for a, b in zip([start, *(c + 1 for c in cuts)], [*cuts, len(tail)], strict=True)
              if tail[a:b].strip()]  # (`B wins.`: nothing after the last full stop is an item)
    if len(bounds) < 2:  # nothing typed before the result: not a hand played to a showdown
        return None
    i = len(bounds) - 1
    while i > 0 and _MUCK_ITEM.fullmatch(tail[bounds[i][0]:bounds[i][1]].rstrip("!！。.")) is not None:
        i -= 1
    if i == 0:  # nothing typed before the result: not a hand played to a showdown
        return None
    item = tail[bounds[i][0]:bounds[i][1]]
    spoken = _spoken(item)
    if spoken is None or (spoken[1] and len([n for n in _CHOP_JOINS.split(spoken[0].strip()) if n]) < 2):
        return None
    return bounds[i][0]
