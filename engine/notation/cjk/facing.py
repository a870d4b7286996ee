"""The bet faced, said in the same breath as the action facing it: `1000のベットに5000チップ1枚`,
`Aの1000ベットにBが5000チップ1枚`, `1000 벳에 5000칩 한 개`, `B 1000 벳에 대해 콜`.

Floor chat often states the situation rather than the sequence: "to a 1,000 bet, one 5,000 chip".
Read as one action, such an item had seated a player called "1000のベットに" who opened the betting
with the chip. Here it is read as two actions: the bet, and what the player facing it did.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from engine.notation.cjk.words import (
    _AMOUNT_PATTERN,
    _amount_verb,
    _chips_word_at,
    _counted_chips,
    _declared_then_chips,
    _verb_amount,
    _verb_word,
)
from engine.notation.inputs import ActionInput
from engine.notation.words import CHIPS_WORDS, VERB_WORDS, fold, parse_amount

# `1000のベットに5000チップ1枚`, `Aの1000ベットにBが5000チップ1枚`, `B 1000 벳에 대해 콜`: what was faced,
# then what the player facing it did, in one item. Read whole, the first had seated a player called
# "1000のベットに" opening the betting with the chip.
_FACING = re.compile(
    r"(?:(?P<owner>[^\s\d][^\s]*?)(?:の|의)\s*|(?P<actor>[^\s\d][^\s]*?)(?:が|は|가|는|\s)\s*)?"
    r"(?P<amount>" + _AMOUNT_PATTERN[1:-1] + r")\s*の?\s*"
    r"(?P<verb>ベット|べット|レイズ|オールイン|벳|베팅|레이즈|올인)\s*(?:に対して|にたいして|に|에 대해서|에 대해|에)\s*"
    r"(?P<rest>\S.*)", re.DOTALL)


@dataclass(slots=True)
class Facing:
    """What a `1000のベットに…` item says: who bet (None: not named), the bet, who faced it (None:
    named in the rest, or not at all) and where the rest starts in the item."""

    owner: str | None
    verb: str
    amount: str
    actor: str | None
    rest_at: int


def facing_clause(item: str) -> Facing | None:
    """The bet faced and the rest of an item that starts with one (`1000のベットに…`), else None."""
    m = _FACING.match(item.strip())
    if m is None or parse_amount(m.group("amount")) is None:
        return None
    lead = len(item) - len(item.lstrip())
    return Facing(m.group("owner"), m.group("verb"), m.group("amount"), m.group("actor"), lead + m.start("rest"))


def starts_with_action(word: str) -> bool:
    """Whether an action's first word is already its action (`5000チップ1枚`, `콜`, `1000`), so the
    player was left unnamed, rather than a name (`Bが5000チップ1枚`, `B`)."""
    if len(word) == 1 and word.isascii():
        return False  # `B`: a one-letter name, not the short form of bet (as `_is_player_name` reads it)
    return (word[:1].isdigit() or fold(word) in VERB_WORDS or fold(word) in CHIPS_WORDS or parse_amount(word) is not None
            or _verb_word(word) is not None or _amount_verb(word) is not None or _verb_amount(word) is not None
            or _counted_chips(word) is not None or _chips_word_at(word) is not None
            or _declared_then_chips(word) is not None)


def read_facing(item: str, at: int, facing: Facing, read: Callable[[str, int], ActionInput | str]
                 ) -> tuple[ActionInput, ActionInput | str]:
    """The bet an item says was faced, and the item's own action (or question). A player left
    unnamed on either side is called by the first of A, B, C ... not named, as the Addendum's
    examples call players."""
    rest, rest_at = item[facing.rest_at:], at + facing.rest_at
    first = rest.split()[0] if rest.split() else rest
    named = facing.actor is None and not starts_with_action(first)
    taken = {name for name in (facing.owner, facing.actor) if name}
    free = (letter for letter in "ABCDEFGH" if letter not in taken)
    owner = facing.owner or next(free)
    faced = ActionInput(owner, at + (len(item) - len(item.lstrip())), item[:facing.rest_at].strip(),
                        VERB_WORDS[fold(facing.verb)], parse_amount(facing.amount))
    if named:
        return faced, read(rest, rest_at)
    actor = facing.actor or next(free)
    return faced, read(f"{actor} {rest}", rest_at - len(actor) - 1)
