"""The showdown part of a whole hand: `showdown: B > A = C` (best hand first, `=` a tie), then any
hands mucked face down (`; C mucks`, `、Cがマック`, `, C 먹`), or only those when everyone but one
threw their hand away. Read here, apart from the streets (engine/streets.py), into the
`WholeHand` fields `showdown`, `showdown_at` and `mucked`; settling them is engine/pots.py's.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from engine.errors import FloorcallError

if TYPE_CHECKING:
    from engine.streets import WholeHand

# `C mucks`, `Cがマック`, `C 먹`: a hand thrown away face down at the showdown.
MUCK_WORDS = ("mucks", "mucked", "muck", "マックした", "マック", "머크", "먹")
# The name as typed, particle included (`Cが`, `지은이`): which part is the name only the table can say,
# so the particle comes off where the name is matched (handlers/pot.py), not here (`지은` ends in 은).
_MUCK_ITEM = re.compile(r"\s*(\S+)\s*(?:" + "|".join(MUCK_WORDS) + r")\s*", re.IGNORECASE)
NAME_PARTICLES = "がは가이는은"


def parse_showdown(text: str, at: int, out: WholeHand) -> None:
    """`B > A = C`, then any `, P mucks` items (or only those: everyone but one mucked, 18-B)."""
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
    _parse_ranking(ranking[0], ranking[1], out)


# `B wins`, `B won`, `B takes it`, `Bの勝ち`, `B 승`: only the winner said (`WholeHand.showdown_wins`).
_WINS = re.compile(r"^(\s*\S+?)(?:\s+(?:wins|won|win|takes it|takes the pot|scoops)|\s*(?:の勝ち|が勝ち|勝ち|승리|승))\s*$",
                   re.IGNORECASE)


def _parse_ranking(text: str, at: int, out: WholeHand) -> None:
    wins = _WINS.match(text)
    if wins is not None:
        text = wins.group(1)
        out.showdown_wins = True
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
