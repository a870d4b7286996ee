"""What the PokerKit differentials share: one disagreement, as the failure message prints it."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, TypeVar

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


class _Merges(Protocol):
    def merge(self, other: Any) -> None: ...


C = TypeVar("C", bound=_Merges)


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


def settle_pokerkit(st: Any) -> list[int]:
    """Finish a PokerKit hand whose betting is over: hands killed, chips pushed and pulled. The
    stacks before the push (what each player had left behind their chips in the pots)."""
    while st.can_kill_hand():
        st.kill_hand()
    before_push = list(st.stacks)
    while st.can_push_chips():
        st.push_chips()
    while st.can_pull_chips():
        st.pull_chips()
    return before_push


def run_hands(play_hand: Callable[[random.Random], C], total: C, hands: int, seed: int) -> C:
    """`hands` random hands from `seed` (deterministic), their counts merged into `total`."""
    rng = random.Random(seed)
    for _ in range(hands):
        total.merge(play_hand(rng))
    return total
