"""Rulesets as data: every number and citation a ruling depends on, one table per ruleset.

The engine never asks "which ruleset is this?"; it reads a parameter or a citation from the
`Ruleset` it was handed. Adding a house ruleset means adding one entry to `RULESETS`, not
editing the engine.

Citation *concepts* (the keys of `cite`) name the decision being made ("reopen_nl", "undercall").
Each ruleset maps a concept to the ids of its own edition, so a tda2009 ruling cites 2009 numbers
and a jp-basic ruling cites its house section where the house rules speak and TDA 2026 elsewhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Literal

RaiseBasis = Literal["increment", "level"]
MultiChipRule = Literal["all_needed", "same_denomination"]
OversizedNoBet = Literal["full_value", "minimum_bet"]
ShortOpeningAllin = Literal["allin_amount", "minimum_bet"]
ShowAfterFirst = Literal["clockwise", "position"]
ClockNoBetOutcome = Literal["check", "dead_hand"]

TDA_RULES_URL = "https://www.pokertda.com/poker-tda-rules/"
TDA_2009_URL = "https://www.pokertda.com/view-poker-tda-rules/"


def _cite(table: dict[str, tuple[str, ...]]) -> Mapping[str, tuple[str, ...]]:
    return MappingProxyType(table)


# Concept -> citation ids under TDA 2026. Kept as one table so tests can walk it and check
# every id exists in the corpus of its edition.
_TDA2026: dict[str, tuple[str, ...]] = {
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
    # Settling the pots (engine/pots.py).
    "side_pots": ("23",),
    "side_pots_first": ("IA-17",),
    "uncalled_returned": ("16-B",),
    "odd_chip": ("21-A",),
    "cards_speak": ("13",),
    "allin_face_up": ("17", "IA-17"),
    "show_order": ("18-A",),
    "bba_blind_first": ("RP-11",),
    # A hand thrown away face down at the showdown: without an all-in the last live hand wins (18-B);
    # in an all-in showdown every hand should have been tabled (17).
    "muck": ("18-B",),
    "muck_allin": ("17",),
}

# TDA 2009 (version 2009.2.0) numbers. Where 2009 has no rule for a decision, it is the floor's
# call under rule 1 together with the rule on binding in-turn declarations (29).
_TDA2009: dict[str, tuple[str, ...]] = {
    "floor_decision": ("1",),
    "declare_action": ("29",),
    "declared_amount": ("29",),
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
    "multi_chip_allin": ("33",),
    "ia_multi_chip": ("33",),
    "prior_chips": ("33", "1"),
    "pulled_back": ("1",),
    "ia_prior_chips": ("33",),
    "reopen_nl": ("31",),
    "reopen_limit": ("31", "1"),
    "ia_reopen": ("31",),
    "raise_cap": ("34",),
    "in_turn": ("29",),
    "binding_declaration": ("29",),
    "undercall": ("29", "1"),
    "ia_undercall": ("29",),
    "under_raise": ("31",),
    "out_of_turn": ("29",),
    "oot_multiway": ("29",),
    "oot_substantial": ("29", "1"),
    # 2009 has no heads-up rule for a check out of turn; the concept is never used under it.
    "oot_heads_up": ("29",),
    "pot_limit_preflop": ("35",),
    "pot_limit_postflop": ("35",),
    "pot_in_no_limit": ("35",),
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
    "odd_chip": ("12",),
    "cards_speak": ("8",),
    "allin_face_up": ("9",),
    "show_order": ("11",),
    # 2009 predates the big blind ante: how a short big blind posts it is the floor's call.
    "bba_blind_first": ("1",),
    # 2009 says who shows first (11) and that all-in hands are tabled (9); a muck is the floor's call.
    "muck": ("11", "1"),
    "muck_allin": ("9", "1"),
}

# What people ask for most by number (`rule` with nothing found) and open most (the autocomplete):
# betting, reopening, the clock, showdown, misdeals.
_SUGGESTED_TDA2026 = ("45", "49", "46", "55", "31", "42")
_SUGGESTED_TDA2009 = ("31", "29", "32", "20")
_CURATED_TDA2026 = (
    "1", "42", "43", "44", "45", "46", "47", "48", "49", "53", "54", "55", "57", "58",
    "31", "36", "37", "13", "14", "16", "17", "18", "21", "23", "RP-1",
)
_CURATED_TDA2009 = ("1", "20", "29", "30", "31", "32", "33", "34", "35", "36", "27", "28", "11", "12", "13", "9")
_CURATED_JP_BASIC = ("JP-raise", "JP-allin-half", "JP-allin-limit", "JP-raise-cap", *_CURATED_TDA2026)

# jp-basic: the house sections where seed 003 speaks, TDA 2026 everywhere else.
_JP_BASIC: dict[str, tuple[str, ...]] = {
    **_TDA2026,
    "min_raise": ("JP-raise",),
    "ia_raise": ("JP-raise",),
    "reopen_nl": ("JP-allin-half", "49-A"),
    "reopen_limit": ("JP-allin-limit", "49-B"),
    "raise_cap": ("JP-raise-cap",),
    "oversized_chip": ("JP-string", "46"),
    "allin_below_minimum": ("JP-allin-short",),
    "odd_chip": ("JP-odd-chip", "21-A"),
    "show_order": ("JP-showdown", "18-A"),
}


@dataclass(frozen=True)
class Ruleset:
    """Everything that differs between rulesets, as values the engine reads.

    raise_basis: what the next full raise must add. "increment": the last full bet or raise
        increment R (TDA 45-A). "level": the whole last full bet, so a raise at least doubles it
        (jp-basic: BB 100, raise to 250, re-raise to at least 500).
    multi_chip: "all_needed" (TDA 2026 47-A: any chips, call if every chip is needed) or
        "same_denomination" (TDA 2009 rule 33: the call test only for chips of one denomination;
        mixed chips go straight to the 50 % standard).
    nl_allin_full_fraction: in NL/PL, the share of a full raise an all-in must add to count as
        a full raise and reopen. TDA: 1 (a full raise). jp-basic: 1/2.
    limit_reopen_fraction: in limit, the share of a full bet that reopens the betting (49-B).
    limit_raise_cap: raises allowed after the opening bet in limit; None = set by the house and
        not enforced here (the reply says so).
    limit_cap_heads_up: whether the cap still applies with two players in the hand.
    oversized_no_bet: one oversized chip pushed silently with no bet to face. TDA 46: a bet of
        the chip's full value. jp-basic: the minimum bet.
    oot_heads_up_check_bars_raise: heads-up, a check out of turn leaves that player only call or
        fold for the rest of the round (TDA 2026 55-B); TDA 2009 has no such rule.
    short_opening_allin: what the others must call after an all-in smaller than the minimum bet
        opens the betting. TDA: the all-in amount. jp-basic: still the minimum bet (and a raise
        starts at twice it), citing the concept "allin_below_minimum".
    show_after_first: who shows after the last aggressor at a showdown with no all-in.
        "clockwise": on round the table from the aggressor (TDA 2026 18-A names only who starts;
        2009 rule 11 goes clockwise). "position": the others in order of worst position, i.e.
        from the first seat left of the button (seed 003's showdown section).

    The fields below are read outside the engine (the rule, lookup, citation, autocomplete and
    clock handlers), so that no handler has to ask which ruleset it is serving:

    clock_no_bet_outcome: what time running out does to a player not facing a bet. TDA 2026
        rule 31: the hand is checked; TDA 2009 rule 20: the hand is dead. (Facing a bet, the
        hand is dead under every ruleset.)
    clock_same_moment_stands: an action at the same moment as the end stands (TDA 2026 rule 31;
        2009 says nothing of it).
    label_edition: the message key (handlers/locales/citations.toml) of the label that names the
        edition (`TDA 2009 Rule 31`), so nobody reads an older number as a current one; None
        where labels are the bare number.
    read_2024_as: the ruleset whose corpus a TDA 2024 number (`rule 2024:43`) is renumbered into
        and answered from. TDA 2026 itself, or a ruleset whose corpora include it; TDA 2009 has
        no 2024 numbers of its own, so it names TDA 2026 outright.
    suggested_rules: rules offered when a word query finds nothing (those the corpus lacks are
        dropped, so a list may be longer than what is shown).
    curated_rules: what the `/rule` autocomplete lists before anything is typed.
    house_rules_first: the lookup puts a house rule ahead of the TDA rules it replaces when
        both fit (jp-basic).
    corpora: the corpus editions citations and lookups of this ruleset read, first = own edition.
    """

    id: str
    edition: str
    clock_seconds: int
    clock_countdown: int
    raise_basis: RaiseBasis
    multi_chip: MultiChipRule
    nl_allin_full_fraction: Fraction
    limit_reopen_fraction: Fraction
    limit_raise_cap: int | None
    limit_cap_heads_up: bool
    oversized_no_bet: OversizedNoBet
    short_opening_allin: ShortOpeningAllin
    oot_heads_up_check_bars_raise: bool
    source_url: str
    cite: Mapping[str, tuple[str, ...]] = field(repr=False)
    clock_no_bet_outcome: ClockNoBetOutcome
    clock_same_moment_stands: bool
    label_edition: str | None
    read_2024_as: str
    suggested_rules: tuple[str, ...]
    curated_rules: tuple[str, ...]
    house_rules_first: bool
    # Editions whose corpus the citations of this ruleset may point into, first = own.
    corpora: tuple[str, ...] = ()
    show_after_first: ShowAfterFirst = "clockwise"

    def c(self, concept: str) -> tuple[str, ...]:
        """Citation ids for a decision concept (KeyError on a typo: caught by the tests)."""
        return self.cite[concept]


RULESETS: Mapping[str, Ruleset] = MappingProxyType(
    {
        "tda2026": Ruleset(
            id="tda2026",
            edition="tda2026",
            clock_seconds=25,
            clock_countdown=5,
            raise_basis="increment",
            multi_chip="all_needed",
            nl_allin_full_fraction=Fraction(1),
            limit_reopen_fraction=Fraction(1, 2),
            limit_raise_cap=None,
            limit_cap_heads_up=True,
            oversized_no_bet="full_value",
            short_opening_allin="allin_amount",
            oot_heads_up_check_bars_raise=True,
            source_url=TDA_RULES_URL,
            show_after_first="clockwise",
            cite=_cite(_TDA2026),
            clock_no_bet_outcome="check",
            clock_same_moment_stands=True,
            label_edition=None,
            read_2024_as="tda2026",
            suggested_rules=_SUGGESTED_TDA2026,
            curated_rules=_CURATED_TDA2026,
            house_rules_first=False,
            corpora=("tda2026",),
        ),
        "tda2009": Ruleset(
            id="tda2009",
            edition="tda2009",
            clock_seconds=60,
            clock_countdown=10,
            raise_basis="increment",
            multi_chip="same_denomination",
            nl_allin_full_fraction=Fraction(1),
            limit_reopen_fraction=Fraction(1, 2),
            limit_raise_cap=None,
            limit_cap_heads_up=True,
            oversized_no_bet="full_value",
            short_opening_allin="allin_amount",
            oot_heads_up_check_bars_raise=False,
            source_url=TDA_2009_URL,
            show_after_first="clockwise",
            cite=_cite(_TDA2009),
            clock_no_bet_outcome="dead_hand",
            clock_same_moment_stands=False,
            label_edition="label_tda2009",
            read_2024_as="tda2026",
            suggested_rules=_SUGGESTED_TDA2009,
            curated_rules=_CURATED_TDA2009,
            house_rules_first=False,
            corpora=("tda2009",),
        ),
        "jp-basic": Ruleset(
            id="jp-basic",
            edition="jp-basic",
            clock_seconds=25,
            clock_countdown=5,
            raise_basis="level",
            multi_chip="all_needed",
            nl_allin_full_fraction=Fraction(1, 2),
            limit_reopen_fraction=Fraction(1, 2),
            limit_raise_cap=4,
            limit_cap_heads_up=False,
            oversized_no_bet="minimum_bet",
            short_opening_allin="minimum_bet",
            oot_heads_up_check_bars_raise=True,
            source_url=TDA_RULES_URL,
            show_after_first="position",
            cite=_cite(_JP_BASIC),
            # The house rules follow TDA 2026 on the clock and on everything they do not name.
            clock_no_bet_outcome="check",
            clock_same_moment_stands=True,
            label_edition=None,
            read_2024_as="jp-basic",
            suggested_rules=_SUGGESTED_TDA2026,
            curated_rules=_CURATED_JP_BASIC,
            house_rules_first=True,
            corpora=("jp-basic", "tda2026"),
        ),
    }
)

DEFAULT_RULESET = "tda2026"


def get_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset with that id; KeyError names the known ones."""
    try:
        return RULESETS[ruleset_id]
    except KeyError:
        raise KeyError(f"unknown ruleset {ruleset_id!r}; known: {', '.join(RULESETS)}") from None
