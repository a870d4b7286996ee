"""Decimal stakes and a currency sign: `NL 0.50/1`, `$0.50/$1`, `stacks A 8.50`, `ante 2.50`, `¥100/200`,
`100/200円`, `1000/2000원`.

A cash game plays in cents; the engine plays in whole chips. A line is read in its smallest
unit: every amount of it is multiplied by the smallest power of ten that makes each decimal of
the line whole (`0.50/1` and `raise 19` → 50/100 and 1900), once, where the amount is read
(`engine.notation.words.parse_amount` asks `MONEY`). The rules then run on whole numbers, so no
rounding can creep into a minimum raise or a side pot; the reply shows each amount back in the
units typed, with the sign (`Money.show`), and JSON numbers are divided back (`Money.json`), so
`"min_raise_to": 29.5`.

Lines without a decimal or a sign never set `MONEY`: they read exactly as before. A `.` that
groups thousands (`1.000`) is no decimal and is still refused with its hint (`1,000`); `16.1k`
and `1.5万` are amounts with a unit, already whole.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from fractions import Fraction
from typing import Any


class LazyPattern:
    """A regular expression compiled on its first use: these are asked only of lines with money
    (or names) in them, and compiling them at import cost every cold start several milliseconds."""

    __slots__ = ("_compiled", "_source")

    def __init__(self, source: str) -> None:
        self._source = source
        self._compiled: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:
        if self._compiled is None:
            self._compiled = re.compile(self._source)
        return getattr(self._compiled, name)


# Signs written before the amount, and the units written after it (yen, won).
PREFIX_SIGNS = "$€¥₩£＄￥￦"
SUFFIX_SIGNS = ("円", "원")
_NORMAL_SIGN = {"＄": "$", "￥": "¥", "￦": "₩"}

# A decimal as a cash game writes it: `0.50`, `8.5`, `1,050.50`; not `16.1k` or `1.5万` (a unit
# follows: already whole), not `p1.5` (part of a name), not `1.000` (thousands grouped by dots).
_DECIMAL = LazyPattern(r"(?<![\w.,])((?:\d{1,3}(?:,\d{3})+|\d+)\.(\d{1,4}))(?![\w.])")
_DOT_GROUPED = LazyPattern(r"[1-9]\d{0,2}\.\d{3}")
_PREFIX = LazyPattern(r"(?<!\w)([" + PREFIX_SIGNS + r"])\s?\d")
_SUFFIX = LazyPattern(r"\d\s?(" + "|".join(SUFFIX_SIGNS) + r")(?![\w])")

MAX_DECIMALS = 4
_TRIGGERS = frozenset(PREFIX_SIGNS + "".join(SUFFIX_SIGNS) + ".")  # what a line of money holds at least one of
_HINT_NUMBER = LazyPattern(r"(?<![\w.,/$€¥₩£＄￥￦-])\d{1,3}(?:,\d{3})+(?![\w.,])|(?<![\w.,$€¥₩£＄￥￦-])\d+(?![\w.,])")


class Money:
    """How the amounts of one line are written: `scale` minor units to one unit typed, and the
    sign (`$`, `円` ...; "" when only decimals were typed). A plain class, not a dataclass: this
    module is imported on every cold start, and a dataclass is built (code generated) at import."""

    __slots__ = ("scale", "shown", "sign", "suffix", "typed")

    def __init__(self, scale: int = 1, sign: str = "", suffix: bool = False, shown: int = 0, typed: str = "") -> None:
        self.scale = scale
        self.sign = sign
        self.suffix = suffix  # the sign goes after the amount (円, 원)
        self.shown = shown  # decimals an amount that is not whole is shown with: the most typed (`0.50`: 2)
        self.typed = typed  # the line as typed (for `hint`)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Money) and all(getattr(self, k) == getattr(other, k) for k in self.__slots__)

    def __hash__(self) -> int:
        return hash(tuple(getattr(self, k) for k in self.__slots__))

    def __repr__(self) -> str:
        return f"Money({self.scale}, {self.sign!r}, {self.suffix}, {self.shown})"

    def bare(self, text: str) -> str:
        """`$8.50` → `8.50`, `100円` → `100`: the amount without its sign."""
        if text[:1] in PREFIX_SIGNS:
            text = text[1:]
        elif text[1:2] in PREFIX_SIGNS and text[:1] in "+-":
            text = text[0] + text[2:]
        if text.endswith(SUFFIX_SIGNS):
            text = text[:-1]
        return text

    def units(self, value: int | Fraction) -> int | Fraction:
        """An amount in minor units back in the units typed (exact)."""
        return Fraction(value, self.scale) if self.scale != 1 else value

    def show(self, value: int | Fraction | float) -> str:
        """`2950` → `$29.50`; whole units without decimals (`$19`), thousands grouped (`$1,050.50`)."""
        exact = Fraction(value).limit_denominator(10**9) / self.scale
        negative = exact < 0
        exact = abs(exact)
        whole = int(exact)
        if exact == whole:
            text = f"{whole:,}"
        else:
            places = max(self.shown, len(str(self.scale)) - 1)
            text = f"{whole:,}." + f"{round((exact - whole) * 10**places):0{places}d}"
        text = f"{text}{self.sign}" if self.suffix else f"{self.sign}{text}"
        return "-" + text if negative else text

    def hint(self, text: str) -> str:
        """A hint written by the engine in minor units (`B allin 500`), in the units typed (`B allin
        $5`): every number standing alone is an amount there; names (`p1`) are left as they are."""
        def shown(m: re.Match[str]) -> str:
            said = m.group()
            if "," in said and said.replace(",", ".") in self.typed:
                return said  # `1.000` typed, `1,000` offered: the typed digits regrouped, not an amount worked out
            return self.show(int(said.replace(",", "")))

        return str(_HINT_NUMBER.sub(shown, text))

    def number(self, value: int) -> int | float:
        """A JSON number in the units typed: `2950` → 29.5, `1900` → 19."""
        exact = Fraction(value, self.scale)
        return int(exact) if exact.denominator == 1 else float(exact)

    def json(self, data: dict[str, Any]) -> None:
        """Every amount of a reply's JSON, in place, in the units typed (`AMOUNT_KEYS`)."""
        for key, value in data.items():
            data[key] = self._walk(value, key in AMOUNT_KEYS, key in AMOUNT_MAPS)

    def _walk(self, value: Any, amount: bool, amount_map: bool) -> Any:
        if type(value) is int:
            return self.number(value) if amount else value
        if isinstance(value, dict):
            return {k: self._walk(v, amount_map or (k in AMOUNT_KEYS and not isinstance(v, bool)),
                                  k in AMOUNT_MAPS) for k, v in value.items()}
        if isinstance(value, list):
            return [self._walk(v, amount, amount_map) for v in value]
        return value


# JSON keys whose number is an amount (everything else: seats, counts, flags, offsets, stays).
AMOUNT_KEYS = frozenset({
    "to_call", "bet_level", "full_raise", "min_raise_to", "max_raise_to", "in", "last_level", "to", "pot",
    "amount", "each", "paid", "posted", "returned", "chips_in", "call", "left_to_play",
})
# JSON keys whose value maps players to amounts.
AMOUNT_MAPS = frozenset({"bets", "stacks_left", "stacks", "shares", "payoffs", "contributions", "dead", "returned"})

MONEY: ContextVar[Money | None] = ContextVar("MONEY", default=None)


def money_of(text: str) -> Money | None:
    """How `text` writes its amounts, or None when it has no decimal and no sign (the usual).

    A sign counts before the first colon (`$0.50/$1`, `100/200円`) or anywhere for `$ € ¥ ₩`; 円 and 원
    after the header's numbers only (in an action they are part of chip talk, `5000円チップ1枚`)."""
    if "." not in text and "$" not in text and (text.isascii() or _TRIGGERS.isdisjoint(text)):
        return None  # nearly every line: a few scans in C, no pattern run
    head = text.split(":", 1)[0].split("：", 1)[0]
    sign, suffix = "", False
    if (m := _PREFIX.search(text)) is not None:
        sign = _NORMAL_SIGN.get(m.group(1), m.group(1))
    elif (m := _SUFFIX.search(head)) is not None:
        sign, suffix = m.group(1), True
    places = shown = 0
    for m in _DECIMAL.finditer(text):
        if _DOT_GROUPED.fullmatch(m.group(1)):
            continue  # `1.000`: thousands, refused where it is read
        shown = max(shown, len(m.group(2)))
        places = max(places, len(m.group(2).rstrip("0")))  # `0.50` is made whole by 10
    if not sign and not shown:
        return None
    return Money(10 ** min(places, MAX_DECIMALS), sign, suffix, shown, text)


@contextmanager
def amounts_in(money: Money | None) -> Iterator[None]:
    """Read (and show) every amount of the work inside in `money`'s units."""
    if money is None:
        yield
        return
    token = MONEY.set(money)
    try:
        yield
    finally:
        MONEY.reset(token)
