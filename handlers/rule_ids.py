"""Rule numbers as people write them, read into canonical citation ids.

`45`, `45-A`, `45a`, `Rule 45-A`, `#58`, `第49項`, `ルール31`, `規則 49`, `규칙 49`, `49번`,
`RP-8`, `推奨手順8`, `권장 절차 8`, `IA-49`, `追補例解 第49項`, `GL:bring-in`, `JP-raise`, and
`2024:43` (a TDA 2024 number, renumbered to 2026). Only whole queries count: "4枚のフロップ"
starts with a digit but is words, and goes to the word lookup. Any number of digits, and a
minus sign, still reads as a number (`100`, `-1`), so the rule command can say plainly that the
edition has no such rule instead of offering unrelated fuzzy matches.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.rulesets import Ruleset, get_ruleset

if TYPE_CHECKING:
    from rules_data.corpus import Corpus

_DASH = r"\s*[-‐‑–—ー－]?\s*"
_PART = r"(?:" + _DASH + r"(?P<part>[a-z](?:" + _DASH + r"\d)?))?"
_RULE_WORD = r"(?:rules?|r|ルール|規則|规则|룰|규칙|규정|tda|no\.?|number|#|nr\.?)"
_RULE = re.compile(
    r"^(?:" + _RULE_WORD + r"\s*)?(?:[第제]\s*)?(?P<n>[-−]?\d+)\s*(?:項|条|番|번|조|항)?" + _PART + r"\s*(?:項|番|번)?$"
)
_RP = re.compile(
    r"^(?:rp|推奨手順|推奨|권장\s*절차|권장|recommended\s+procedures?|procedure)"
    + _DASH
    + r"(?:第\s*)?(?P<n>\d+)\s*(?:項|번)?"
    + _PART
    + r"$"
)
_IA = re.compile(
    r"^(?:ia|追補例解|追補|例解|예시\s*부록|부록|illustration\s+addendum|addendum)"
    + _DASH
    + r"(?:第\s*)?(?P<n>\d+)\s*(?:項|번)?"
    + _PART
    + r"$"
)
_Y2024 = re.compile(r"^(?:tda\s*)?2024\s*(?::|年版?|년판?|edition)\s*(?P<rest>.+)$")
_GL = re.compile(r"^gl\s*:\s*(?P<slug>[a-z0-9][a-z0-9-]*)$")
_JP = re.compile(r"^jp-(?P<slug>[a-z0-9-]+)$")


@dataclass(frozen=True)
class RuleRef:
    """A query read as a rule id: `cid` in the edition's own scheme; `from_2024` when renumbering applies."""

    cid: str
    kind: str  # rule | procedure | addendum | glossary | house
    from_2024: str | None = None


def _clean(text: str) -> str:
    s = unicodedata.normalize("NFKC", text).strip().casefold()
    if _KANJI_RUN.search(s):  # `規則 四十九`, `第四十九条`: the number in kanji
        s = _KANJI_RUN.sub(lambda m: _kanji_number(m.group()), s)
    return re.sub(r"\s+", " ", s)


_KANJI_DIGITS = {"〇": 0, "一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_KANJI_RUN = re.compile("[〇一二三四五六七八九十百]+")


def _kanji_number(run: str) -> str:
    """`四十九` → `49`, `七十` → `70`, `百` → `100`, `四九` → `49` (digit by digit); a run that is no
    number (`十十`) is left as it was, so the query goes on to the word lookup."""
    if "十" not in run and "百" not in run:
        return "".join(str(_KANJI_DIGITS[c]) for c in run)
    total, digit, last_unit = 0, None, 1000
    for c in run:
        if c in _KANJI_DIGITS:
            if digit is not None:
                return run
            digit = _KANJI_DIGITS[c]
        else:
            unit = 10 if c == "十" else 100
            if unit >= last_unit:
                return run
            total += (1 if digit is None else digit) * unit
            digit, last_unit = None, unit
    return str(total + (digit or 0))


def _part(m: re.Match[str]) -> str:
    part = m.group("part")
    if not part:
        return ""
    part = re.sub(r"[\s\-‐‑–—ー－]+", "-", part.upper())
    return "-" + (part if "-" in part or len(part) == 1 else part[0] + "-" + part[1:])


def parse_rule_id(text: str) -> RuleRef | None:
    """The id `text` names, or None when `text` is words rather than a number."""
    s = _clean(text)
    if not s:
        return None
    if m := _Y2024.match(s):
        inner = parse_rule_id(m.group("rest"))
        if inner is None or inner.kind != "rule":
            return None
        return RuleRef(inner.cid, "rule", from_2024=inner.cid)
    if m := _GL.match(s):
        return RuleRef("GL:" + m.group("slug"), "glossary")
    if m := _JP.match(s):
        return RuleRef("JP-" + m.group("slug"), "house")
    if m := _RP.match(s):
        return RuleRef(f"RP-{int(m.group('n'))}{_part(m)}", "procedure")
    if m := _IA.match(s):
        return RuleRef(f"IA-{int(m.group('n'))}{_part(m)}", "addendum")
    if m := _RULE.match(s):
        return RuleRef(f"{int(m.group('n').replace('−', '-'))}{_part(m)}", "rule")
    return None


@dataclass(frozen=True)
class Target:
    """Where a rule reference is answered: the id to look up and the ruleset to look it up in.

    For a TDA 2024 number, `cid` is its 2026 renumbering (None when 2024 had no such rule),
    `ruleset` is the one the ruleset in force names for 2024 numbers (`Ruleset.read_2024_as`)
    and `from_2024` the number as asked. The rule command and the lookup both read references
    through here, so a 2024 number means the same rule wherever it is typed.
    """

    cid: str | None
    ruleset: Ruleset
    from_2024: str | None = None


def target(ref: RuleRef, ruleset: Ruleset, corpus: Corpus) -> Target:
    """The id and ruleset `ref` is answered from under `ruleset` (renumbering 2024 numbers)."""
    if ref.from_2024 is None:
        return Target(ref.cid, ruleset)
    base, _, part = ref.cid.partition("-")
    new = corpus.renumber_2024(base)
    cid = None if new is None else new + (f"-{part}" if part else "")
    return Target(cid, get_ruleset(ruleset.read_2024_as), ref.from_2024)
