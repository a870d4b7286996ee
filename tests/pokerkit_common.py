"""What the PokerKit differentials share: one disagreement, as the failure message prints it."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from pokerkit import Automation

# What PokerKit does by itself in every differential: posting, collecting and pulling chips.
AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CHIPS_PULLING,
    Automation.RUNOUT_COUNT_SELECTION,
)
STREETS = ("preflop", "flop", "turn", "river")


@dataclass(frozen=True)
class Disagreement:
    """One comparison where we and PokerKit differ, with the line that shows it. `lead` is the
    command the line is an argument of (`pot `, `ruling `), so the message can be pasted to the console."""

    what: str
    line: str
    ours: str
    pokerkit: str
    lead: ClassVar[str] = ""

    def __str__(self) -> str:
        return f"{self.what}: ours {self.ours} / PokerKit {self.pokerkit}\n  {self.lead}{self.line}"


def showdown_groups(live: Iterable[int], tier_of: Sequence[int] | Mapping[int, int], name_of: Sequence[str] | Mapping[int, str],
                    rng: random.Random) -> list[list[str]]:
    """The live players as a showdown, best tier first, ties shuffled within their tier."""
    groups: dict[int, list[str]] = {}
    for i in live:
        groups.setdefault(tier_of[i], []).append(name_of[i])
    ordered = [groups[t] for t in sorted(groups)]
    for g in ordered:
        rng.shuffle(g)
    return ordered
