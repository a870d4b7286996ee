"""The citation tables of the rulesets: for each decision concept, the ids each edition cites,
and what a ruleset cites or sets differently in one game (`Ruleset.game_overrides`).

Kept apart from `engine.rulesets` (the `Ruleset` type and the entries that put these together)
so that each file stays small; a table here is read only through the `Ruleset` it belongs to.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Any


def cite_table(table: dict[str, tuple[str, ...]]) -> Mapping[str, tuple[str, ...]]:
    return MappingProxyType(table)


# Concept -> citation ids under TDA 2026. Kept as one table so tests can walk it and check
# every id exists in the corpus of its edition.
TDA2026: dict[str, tuple[str, ...]] = {
    "floor_decision": ("1",),
    "declare_action": ("42-A",),
    "declared_amount": ("42-C",),
    "call_methods": ("43",),
    "raise_methods": ("44",),
    "min_raise": ("45-A",),
    # The call after an all-in below the minimum bet: TDA simply has it at the all-in amount.
    "allin_below_minimum": ("45-A",),
    "raise_total": ("45-B",),
    "ambiguous_amount": ("59",),
    "ia_raise": ("IA-45",),
    "oversized_chip": ("46",),
    "multi_chip_call": ("47-A",),
    "multi_chip_raise": ("47-B", "45-A"),
    "multi_chip_allin": ("47-B",),
    "ia_multi_chip": ("IA-47",),
    "prior_chips": ("48-C",),
    "pulled_back": ("48-B",),
    "ia_prior_chips": ("IA-48",),
    "reopen_nl": ("49-A",),
    "reopen_limit": ("49-B",),
    "ia_reopen": ("IA-49",),
    "raise_cap": ("50",),
    "in_turn": ("52",),
    "binding_declaration": ("53-A",),
    "undercall": ("53-B",),
    "undercall_consecutive": ("53-C",),
    "ia_undercall": ("IA-53",),
    "under_raise": ("54-A",),
    "out_of_turn": ("55",),
    "oot_multiway": ("55-A", "IA-55-A-1"),
    "oot_substantial": ("55-A", "IA-55-A-2"),
    "oot_heads_up": ("55-B", "IA-55-B"),
    "pot_limit_preflop": ("56-B",),
    "pot_limit_postflop": ("56-C",),
    "pot_in_no_limit": ("56-D",),
    "invalid_declaration": ("57",),
    "fold_no_bet": ("60",),
    "betting_for_change": ("63",),
    "heads_up_order": ("36-C",),
    "clock": ("31",),
    # A level changes at the clock's signal; the new limits start with the next hand.
    "new_level": ("25-A",),
    # Settling the pots (engine/pots/__init__.py).
    "side_pots": ("23",),
    "side_pots_first": ("IA-17",),
    "uncalled_returned": ("16-B",),
    # The blinds less a short all-in nobody called, to the big blind: a house rule (jp-basic). Never
    # cited where `Ruleset.short_allin_blinds_to_bb` is off; the uncalled part goes back (16-B).
    "short_allin_blinds": ("16-B",),
    "odd_chip": ("21-A",),
    "cards_speak": ("13",),
    "allin_face_up": ("17", "IA-17"),
    "show_order": ("18-A",),
    "bba_blind_first": ("RP-11",),
    # An empty seat under the dead button (34) holds no hand: no ante is taken for it.
    "dead_seat_no_ante": ("34",),
    # A hand thrown away face down at the showdown: without an all-in the last live hand wins (18-B);
    # in an all-in showdown every hand should have been tabled (17).
    "muck": ("18-B",),
    "muck_allin": ("17",),
    # Cards typed at the showdown (engine/pots/cards.py): every card face up is a tabled hand (14-A);
    # a hi-lo pot halved unevenly gives its odd chip to the high half (21-C).
    "tabling": ("14-A",),
    "odd_chip_hilo": ("21-C",),
}

# TDA 2009 (version 2009.2.0) numbers. Where 2009 has no rule for a decision, it is the floor's
# call under rule 1 together with the rule on binding in-turn declarations (29).
TDA2009: dict[str, tuple[str, ...]] = {
    "floor_decision": ("1",),
    "declare_action": ("29",),
    # 29 binds what was said; how an amount said alone reads (as chips pushed, 2026 42-C) is not
    # in 2009, whose rule 30 even counts a total said aloud as a way to raise: the floor decides.
    "declared_amount": ("29", "1"),
    "call_methods": ("29",),
    "raise_methods": ("30",),
    "min_raise": ("31",),
    "allin_below_minimum": ("31",),
    "raise_total": ("30",),
    # 2009 has no rule for a declared amount that can be read more than one way: the floor decides.
    "ambiguous_amount": ("1",),
    "ia_raise": ("31",),
    "oversized_chip": ("32",),
    "multi_chip_call": ("33",),
    "multi_chip_raise": ("33", "31"),
    # Last chips are all-in whatever the 50 % standard says: 2026 47-B(2), not in 2009.
    "multi_chip_allin": ("33", "1"),
    "ia_multi_chip": ("33",),
    # 2009 says nothing of chips already in front when new ones are pushed (2026 48-C): the floor
    # decides; the chips themselves are then read by 32 or 33, cited by the branch that reads them.
    "prior_chips": ("1",),
    "pulled_back": ("1",),
    "ia_prior_chips": ("1",),
    "reopen_nl": ("31",),
    # Rule 31's reopening sentence is for no limit and pot limit only; 2009 has no limit rule
    # (2026 49-B's half a bet): the floor's call.
    "reopen_limit": ("1",),
    "ia_reopen": ("31",),
    "raise_cap": ("34",),
    "in_turn": ("29",),
    "binding_declaration": ("29",),
    # 2009 has no undercall rule (2026 53-B): whether the short chips must be made a call is the
    # floor's call under rule 1 (`undercall_must_call` is False). 29 binds declarations, and an
    # undercall is chips put out without one.
    "undercall": ("1",),
    # 2009 has no undercall rule, let alone one for two in a row: the floor's call.
    "undercall_consecutive": ("1",),
    "ia_undercall": ("1",),
    "under_raise": ("31",),
    "out_of_turn": ("29",),
    "oot_multiway": ("29",),
    "oot_substantial": ("29", "1"),
    # 2009 has no heads-up rule for a check out of turn; the concept is never used under it.
    "oot_heads_up": ("29",),
    # Rule 35 only lets players ask the pot size in pot limit. Counting a dead or short blind as
    # posted in full (2026 56-B) and "pot" said in no limit (2026 56-D) are not in 2009: rule 1.
    "pot_limit_preflop": ("35", "1"),
    "pot_limit_postflop": ("35",),
    "pot_in_no_limit": ("35", "1"),
    "invalid_declaration": ("29", "1"),
    "fold_no_bet": ("29",),
    "betting_for_change": ("33",),
    "heads_up_order": ("26",),
    "clock": ("20",),
    "new_level": ("18",),
    # 2009 says side pots are split separately (13) but not in what order: the floor decides (1).
    "side_pots": ("13",),
    "side_pots_first": ("13", "1"),
    "uncalled_returned": ("1",),
    "short_allin_blinds": ("1",),  # (a house rule: never cited under 2009, see TDA2026)
    "odd_chip": ("12",),
    "cards_speak": ("8",),
    "allin_face_up": ("9",),
    "show_order": ("11",),
    # 2009 predates the big blind ante: how a short big blind posts it is the floor's call.
    "bba_blind_first": ("1",),
    # 2009's dead button (24) leaves the seat empty: nobody there, no ante.
    "dead_seat_no_ante": ("24",),
    # 2009 says who shows first (11) and that all-in hands are tabled (9); a muck is the floor's call.
    "muck": ("11", "1"),
    "muck_allin": ("9", "1"),
    # 2009 has no tabling rule beyond a hand tabled being safe from the dealer (10) and the board
    # played only with both hole cards shown (14); 12 gives a hi-lo split's odd chip to the high hand.
    "tabling": ("10", "14"),
    "odd_chip_hilo": ("12",),
}

# What people ask for most by number (`rule` with nothing found) and open most (the autocomplete):
# betting, reopening, the clock, showdown, misdeals.
SUGGESTED_TDA2026 = ("45", "49", "46", "55", "31", "42")
SUGGESTED_TDA2009 = ("31", "29", "32", "20")
CURATED_TDA2026 = (
    "1", "42", "43", "44", "45", "46", "47", "48", "49", "53", "54", "55", "57", "58",
    "31", "36", "37", "13", "14", "16", "17", "18", "21", "23", "RP-1",
)
CURATED_TDA2009 = ("1", "20", "29", "30", "31", "32", "33", "34", "35", "36", "27", "28", "11", "12", "13", "9")
CURATED_JP_BASIC = ("JP-raise", "JP-allin-half", "JP-allin-limit", "JP-raise-cap", *CURATED_TDA2026)

# jp-basic: the house sections where seed 003 speaks, TDA 2026 everywhere else.
JP_BASIC: dict[str, tuple[str, ...]] = {
    **TDA2026,
    "min_raise": ("JP-raise",),
    "ia_raise": ("JP-raise",),
    "reopen_nl": ("JP-allin-half", "49-A"),
    # In limit, seed 003 has an all-in of half a bet or more count as a raise (JP-allin-half) and
    # one of half a bet or less reopen nothing (JP-allin-limit); exactly half is in both sentences,
    # and is read as TDA 49-B reads it, a raise.
    "reopen_limit": ("JP-allin-half", "JP-allin-limit", "49-B"),
    "raise_cap": ("JP-raise-cap",),
    "oversized_chip": ("JP-string", "46"),
    "allin_below_minimum": ("JP-allin-short",),
    # Nobody called an all-in below the big blind: the blinds less the all-in go to the big blind.
    "short_allin_blinds": ("JP-allin-short",),
    "odd_chip": ("JP-odd-chip", "21-A"),
    "show_order": ("JP-showdown", "18-A"),
    # Seed 003's heads-up section: the small blind holds the button (then TDA 36-C's acting order).
    "heads_up_order": ("JP-heads-up", "36-C"),
}

# TDA 2009 rule 30 (how to raise, a total said aloud included) is for no limit and pot limit; in
# limit a "bet" said facing a bet is read as a raise under the binding declaration (29) and rule 1.
TDA2009_BY_GAME: Mapping[str, Mapping[str, Any]] = MappingProxyType({
    "FL": MappingProxyType({"cite": MappingProxyType({"raise_total": ("29", "1"), "raise_methods": ("29",)})}),
})

# In limit the bet is fixed and nobody counts the pot (56-A); 56-D is about "pot" said in no limit.
TDA2026_BY_GAME: Mapping[str, Mapping[str, Any]] = MappingProxyType({
    "FL": MappingProxyType({"cite": MappingProxyType({"pot_in_no_limit": ("56-A",)})}),
})

# Seed 003 speaks of no limit ("twice the previous bet"; an all-in adding half a bet is a raise)
# and of limit (bet units, four raises, the same half-bet all-in), never of pot limit: there the
# house rules leave TDA 2026 in force, raise sizes and reopening included. In limit a raise is one
# bet of the house's units (JP-raise-cap), with TDA 45-A for the 50 % standard.
JP_BASIC_BY_GAME: Mapping[str, Mapping[str, Any]] = MappingProxyType({
    "PL": MappingProxyType({
        "raise_basis": "increment",
        "nl_allin_full_fraction": Fraction(1),
        "cite": MappingProxyType({"min_raise": ("45-A",), "ia_raise": ("IA-45",), "reopen_nl": ("49-A",)}),
    }),
    "FL": MappingProxyType({
        "cite": MappingProxyType({"min_raise": ("JP-raise-cap", "45-A"), "ia_raise": ("JP-raise-cap", "IA-45"),
                                  "pot_in_no_limit": ("56-A",)}),
    }),
})
