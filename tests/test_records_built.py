"""The keyword-only builders of engine.betting.records (and the reader's own for the action it
reads, `Reader.read_as`) fill every field of their record, as the record's own `__init__` does:
a field added to a class and forgotten in its builder would be left unset (an AttributeError far
from here) or take no default."""

from __future__ import annotations

from dataclasses import MISSING, fields
from fractions import Fraction
from typing import Any

import pytest

from engine.betting.records import (
    Note,
    Options,
    RuledAction,
    Ruling,
    SeatView,
    WorkingRow,
    options,
    ruling,
    seat_view,
    working_row,
)


def read_as(**values: Any) -> RuledAction:
    """What the reader builds for an action (`Reader.read_as`), then what applying it and
    holding it out of turn set (`full_raise`, `oot`)."""
    from engine.betting.reader import Reader
    from engine.betting.rulings import _start
    from engine.notation.read import parse_hand
    from engine.rulesets import RULESETS

    hand = parse_hand(f"NL 50/100 flop: {values['player']} {values['input']}")
    st, _ = _start(hand, RULESETS["tda2026"])
    reader = Reader(st)
    reader.seat, reader.act = st.seats[0], hand.actions[0]
    a = reader.read_as(values["ruled"], values["to"], values["rules"], values.get("notes", ()),
                       values.get("outcome"), values.get("valid", True))
    if "full_raise" in values:  # (unset, both must be as `read_as` left them: the class's defaults)
        a.full_raise = values["full_raise"]
    if "oot" in values:
        a.oot = values["oot"]
    return a


# A value for every field, none of them equal to its default, so a builder that drops one shows.
FULL: list[tuple[Any, Any, dict[str, Any]]] = [
    (RuledAction, read_as, {"player": "A", "input": "raise 300", "ruled": "raise", "to": 300,
                            "full_raise": True, "rules": ("45-B",), "notes": (Note("x", {}),),
                            "outcome": "must_call", "valid": False, "oot": "stands"}),
    (WorkingRow, working_row, {"player": "B", "w": 200, "l": 125, "r": 100, "threshold": Fraction(1, 2),
                               "reopened": True, "by_full_raise": True, "barred": True}),
    (Options, options, {"to_act": "A", "to_call": 100, "can_raise": True, "min_raise_to": 300, "max_raise_to": 900,
                        "reason": "barred", "rules": ("57",), "barred_for_round": True}),
    (Ruling, ruling, {"hand": object(), "ruleset": object(), "actions": (object(),), "options": object(),
                      "seats": (object(),), "bet_level": 200, "full_raise": 100, "pot_total": 900,
                      "working": (object(),), "notes": (Note("y", {}),), "citations": ("45-A",)}),
    (SeatView, seat_view, {"name": "C", "chips_in": 50, "last_level": 100, "acted": True, "status": "allin",
                           "dead": True}),
]


@pytest.mark.parametrize(("cls", "build", "values"), FULL, ids=[c.__name__ for c, _, _ in FULL])
def test_a_builder_sets_every_field_as_the_class_does(cls: Any, build: Any, values: dict[str, Any]) -> None:
    assert {f.name for f in fields(cls)} == set(values)  # every field is given a value above
    built = build(**values)
    assert type(built) is cls
    assert built == cls(**values)
    for f in fields(cls):
        assert getattr(built, f.name) == values[f.name], f.name


@pytest.mark.parametrize(("cls", "build", "values"), FULL, ids=[c.__name__ for c, _, _ in FULL])
def test_a_builder_has_the_defaults_of_its_class(cls: Any, build: Any, values: dict[str, Any]) -> None:
    required = {f.name: values[f.name] for f in fields(cls) if f.default is MISSING and f.default_factory is MISSING}
    assert build(**required) == cls(**required)
    if build is not read_as:
        with pytest.raises(TypeError):  # keywords only, as the class
            build(*required.values())


def test_a_round_starts_built_as_the_class_builds_it() -> None:
    from engine.betting.state import RoundState, Seat, round_state
    from engine.rulesets import RULESETS

    seats = [Seat("A", "a"), Seat("B", "b")]
    given: dict[str, Any] = {"ruleset": RULESETS["tda2026"], "game": "PL", "street": "preflop", "sb": 50, "bb": 100,
                             "pot_start": 150, "pot_known": True, "seats": seats, "bet_level": 100,
                             "full_raise": 100, "full_level": 100, "bet_unit": 100, "opening_level": 100,
                             "bets_made": 1, "unposted_blinds": 40, "short_level": True, "allin_elsewhere": 1,
                             "keys": {"A": "a"}}
    built = round_state(**given, by_key={"a": seats[0]})
    assert built == RoundState(**given, _by_key={"a": seats[0]})
    assert vars(built) == vars(RoundState(**given, _by_key={"a": seats[0]}))  # every field, those not compared too
    assert set(vars(built)) == {f.name for f in fields(RoundState)}
    bare = {k: v for k, v in given.items() if k not in ("unposted_blinds", "short_level", "allin_elsewhere", "keys")}
    assert vars(round_state(**bare)) == vars(RoundState(**bare))
