"""The tournament desk's ruleset parameters and citations (engine/desk), one `DeskRules` per ruleset.

Kept in a file of their own and reached as `Ruleset.desk`: the desk's calls (the button after
busts, balancing, colour-ups, deals) read none of the betting fields, and the betting engine none
of these. As there, the desk code never asks which ruleset it serves; it reads a value here.

dead_button_advances: when the button would fall on an empty seat (the small blind of the hand
    just played went out), it moves on over the empty seats to the one just before the small
    blind, so new players can sit behind it (TDA 2026 36-B). TDA 2009 has no such sentence: its
    dead button (rule 24) stays where the small blind sat.
heads_up_dead_sb_after_bb_out: going heads-up because the big blind went out, one hand is
    played with a dead small blind, the button on the old small blind (seed 003's heads-up
    section). TDA has the small blind on the button at once (36-C).
pause_full_ring_only: a table three or more short of the largest stops (12-D) in a ring game of
    nine or more seats; at shorter tables (6-max ...) it is the TD's call. TDA 2009 rule 6 stops
    play at any short table.
removed_chips_uncompensated: chips of a removed colour worth less than the new smallest chip
    are taken away without compensation (TDA 2026 26-C); TDA 2009 rule 16 says nothing of them,
    so the reply leaves it to the floor (rule 1).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType


@dataclass(frozen=True)
class DeskRules:
    dead_button_advances: bool
    heads_up_dead_sb_after_bb_out: bool
    pause_full_ring_only: bool
    removed_chips_uncompensated: bool
    cite: Mapping[str, tuple[str, ...]]

    def c(self, concept: str) -> tuple[str, ...]:
        """Citation ids for a desk decision (KeyError on a typo: caught by the tests)."""
        return self.cite[concept]


_TDA2026: dict[str, tuple[str, ...]] = {
    "dead_button": ("34",),
    "button_advance": ("36-B",),
    "heads_up": ("36-C",),
    "new_player_waits": ("11-A",),
    "balance_move": ("12-A",),
    "balance_pause": ("12-D", "IA-12-D"),
    "balance_pause_discretion": ("12-D",),
    "chip_race": ("26-A",),
    "chip_exchange": ("26-C",),
    "chip_removed_small": ("26-C",),
    "deal_icm": ("RP-27",),
    "deal_chip": ("RP-27",),
    "break_draw": ("11-B", "IA-11"),
    "final_table": ("RP-9",),
    "bust_bubble": ("RP-8",),
    "bust_bba": ("22",),
    # 22 is written for big blind ante games; without one the floor (1) orders by the same starting stacks.
    "bust_order": ("22", "1"),
    # Equal starting stacks: 22 cannot order them, the floor shares their places (rule 1).
    "bust_tie": ("22", "1"),
}

_TDA2009: dict[str, tuple[str, ...]] = {
    "dead_button": ("24",),
    "button_advance": ("24",),
    "heads_up": ("26",),
    "new_player_waits": ("5",),
    "balance_move": ("6",),
    "balance_pause": ("6",),
    "balance_pause_discretion": ("6",),
    "chip_race": ("16",),
    # 2009's chip race rule says nothing of exchanging the removed colour: the floor decides.
    "chip_exchange": ("16", "1"),
    "chip_removed_small": ("1",),
    # 2009 has no procedure for deals (2026 RP-27): the floor's call.
    "deal_icm": ("1",),
    "deal_chip": ("1",),
    # 2009 seats by random draw (4) and says where a player from a broken table may sit (5).
    "break_draw": ("4", "5"),
    # 2009 rule 7 is its final table's size.
    "final_table": ("7",),
    # 2009 has neither hand for hand nor places for players out in one hand: the floor decides.
    "bust_bubble": ("1",),
    "bust_bba": ("1",),
    "bust_order": ("1",),
    "bust_tie": ("1",),
}

_JP_BASIC: dict[str, tuple[str, ...]] = {**_TDA2026, "heads_up": ("JP-heads-up", "36-C")}

# Each `Ruleset` in engine/rulesets/__init__.py names its own (`Ruleset.desk`): no code here or in
# engine/desk asks which ruleset it serves.
DESK_TDA2026 = DeskRules(True, False, True, True, MappingProxyType(_TDA2026))
DESK_TDA2009 = DeskRules(False, False, False, False, MappingProxyType(_TDA2009))
DESK_JP_BASIC = DeskRules(True, True, True, True, MappingProxyType(_JP_BASIC))
