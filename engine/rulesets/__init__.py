"""Rulesets as data: every number and citation a ruling depends on, one table per ruleset.

The engine never asks "which ruleset is this?"; it reads a parameter or a citation from the
`Ruleset` it was handed. Adding a house ruleset means adding one entry to `RULESETS`, not
editing the engine.

Citation *concepts* (the keys of `cite`) name the decision being made ("reopen_nl", "undercall").
Each ruleset maps a concept to the ids of its own edition, so a tda2009 ruling cites 2009 numbers
and a jp-basic ruling cites its house section where the house rules speak and TDA 2026 elsewhere.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Literal

from engine.rulesets.desk import DESK_JP_BASIC, DESK_TDA2009, DESK_TDA2026, DeskRules
from engine.rulesets.tables import (
    CURATED_JP_BASIC,
    CURATED_TDA2009,
    CURATED_TDA2026,
    JP_BASIC,
    JP_BASIC_BY_GAME,
    SUGGESTED_TDA2009,
    SUGGESTED_TDA2026,
    TDA2009,
    TDA2009_BY_GAME,
    TDA2026,
    TDA2026_BY_GAME,
    cite_table,
)

RaiseBasis = Literal["increment", "level"]
MultiChipRule = Literal["all_needed", "same_denomination"]
OversizedNoBet = Literal["full_value", "minimum_bet"]
ShortOpeningAllin = Literal["allin_amount", "minimum_bet"]
ShowAfterFirst = Literal["clockwise", "position"]
ClockNoBetOutcome = Literal["check", "dead_hand"]

TDA_RULES_URL = "https://www.pokertda.com/poker-tda-rules/"
TDA_2009_URL = "https://www.pokertda.com/view-poker-tda-rules/"


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
    undercall_must_call: an undercall (less than the call, with no "call" said) heads-up or against
        the round's opening bet must be completed to a call (TDA 2026 53-B); False where the
        edition has no such rule (TDA 2009): every undercall is the floor's call.
    oot_heads_up_check_bars_raise: heads-up, a check out of turn leaves that player only call or
        fold for the rest of the round (TDA 2026 55-B); TDA 2009 has no such rule.
    short_opening_allin: what the others must call after an all-in smaller than the minimum bet
        opens the betting. TDA: the all-in amount. jp-basic: still the minimum bet (and a raise
        starts at twice it), citing the concept "allin_below_minimum". A big blind all-in for
        less than the blind, with nobody else left to match the full blind, is called the same way.
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
    floor_fallback: the message key (handlers/locales/citations.toml) of the line a reply adds when
        it cites this ruleset's floor rule (`floor_decision`) for a decision: the edition's table
        cites rule 1 exactly where the edition has no rule of its own (TDA 2009 on undercalls,
        chips already in front, limit reopening ...), and the reply then says the floor decides
        and that what it shows follows TDA 2026. None where no concept falls back so.
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
    game_overrides: per game ("NL", "PL", "FL"), fields this ruleset sets differently in that game,
        and under "cite" the concepts it cites differently there. The engine rules a hand with
        `for_game(game)`, so no code asks which game and ruleset it is in. Seed 003 gives its
        raise and half-bet all-in rules for no limit (the latter for limit too) and says nothing
        of pot limit: there jp-basic plays and cites TDA 2026 (45-A, 49-A).
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
    undercall_must_call: bool
    source_url: str
    cite: Mapping[str, tuple[str, ...]] = field(repr=False)
    clock_no_bet_outcome: ClockNoBetOutcome
    clock_same_moment_stands: bool
    label_edition: str | None
    floor_fallback: str | None
    read_2024_as: str
    suggested_rules: tuple[str, ...]
    curated_rules: tuple[str, ...]
    house_rules_first: bool
    # Editions whose corpus the citations of this ruleset may point into, first = own.
    corpora: tuple[str, ...] = ()
    show_after_first: ShowAfterFirst = "clockwise"
    # An all-in below the big blind that nobody calls, preflop: the big blind takes the small and big
    # blinds less the all-in amount, and the all-in player can win only the all-in matched once
    # (seed 003, JP-allin-short; decided in engine.pots). False: the pots are built as for any
    # other hand, the uncalled part of the big blind going back (TDA 2026 16-B).
    short_allin_blinds_to_bb: bool = False
    game_overrides: Mapping[str, Mapping[str, Any]] = field(default_factory=dict, repr=False)
    # The tournament desk's parameters and citations (engine/rulesets/desk.py, engine/desk).
    desk: DeskRules = field(default=DESK_TDA2026, repr=False)
    # Derived from the two fractions above, never written in a table: each as whole numbers
    # (numerator, denominator) for the comparisons made at every all-in, where a Fraction's
    # `numerator` and `denominator` are Python properties (two calls each time).
    nl_allin_full_ratio: tuple[int, int] = field(init=False, repr=False, compare=False)
    limit_reopen_ratio: tuple[int, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "nl_allin_full_ratio", self.nl_allin_full_fraction.as_integer_ratio())
        object.__setattr__(self, "limit_reopen_ratio", self.limit_reopen_fraction.as_integer_ratio())
        # Built once here, so ruling a hand costs one dictionary lookup. Not a field: the
        # variants are what `game_overrides` says, not a value of their own.
        variants: dict[str, Ruleset] = {}
        for game, changes in self.game_overrides.items():
            fields = dict(changes)
            if "cite" in fields:
                fields["cite"] = cite_table({**self.cite, **fields["cite"]})
            variants[game] = dataclasses.replace(self, game_overrides=MappingProxyType({}), **fields)
        object.__setattr__(self, "_by_game", variants)

    def for_game(self, game: str) -> Ruleset:
        """This ruleset as it applies to one game (itself where `game_overrides` says nothing)."""
        by_game: dict[str, Ruleset] = self.__dict__["_by_game"]
        return by_game.get(game, self)

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
            undercall_must_call=True,
            source_url=TDA_RULES_URL,
            show_after_first="clockwise",
            cite=cite_table(TDA2026),
            clock_no_bet_outcome="check",
            clock_same_moment_stands=True,
            label_edition=None,
            floor_fallback=None,
            read_2024_as="tda2026",
            suggested_rules=SUGGESTED_TDA2026,
            curated_rules=CURATED_TDA2026,
            house_rules_first=False,
            short_allin_blinds_to_bb=False,
            corpora=("tda2026",),
            game_overrides=TDA2026_BY_GAME,
            desk=DESK_TDA2026,
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
            undercall_must_call=False,
            source_url=TDA_2009_URL,
            show_after_first="clockwise",
            cite=cite_table(TDA2009),
            clock_no_bet_outcome="dead_hand",
            clock_same_moment_stands=False,
            label_edition="label_tda2009",
            floor_fallback="fallback_tda2009",
            read_2024_as="tda2026",
            suggested_rules=SUGGESTED_TDA2009,
            curated_rules=CURATED_TDA2009,
            house_rules_first=False,
            short_allin_blinds_to_bb=False,
            corpora=("tda2009",),
            game_overrides=TDA2009_BY_GAME,
            desk=DESK_TDA2009,
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
            undercall_must_call=True,
            source_url=TDA_RULES_URL,
            show_after_first="position",
            cite=cite_table(JP_BASIC),
            # The house rules follow TDA 2026 on the clock and on everything they do not name.
            clock_no_bet_outcome="check",
            clock_same_moment_stands=True,
            label_edition=None,
            floor_fallback=None,
            read_2024_as="jp-basic",
            suggested_rules=SUGGESTED_TDA2026,
            curated_rules=CURATED_JP_BASIC,
            house_rules_first=True,
            short_allin_blinds_to_bb=True,
            corpora=("jp-basic", "tda2026"),
            game_overrides=JP_BASIC_BY_GAME,
            desk=DESK_JP_BASIC,
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
