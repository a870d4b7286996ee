"""The record a whole hand is read into (`WholeHand`, with a `StreetInput` per street): the
streets reader (`engine.notation.streets`) builds it, the header words (`engine.notation.hand_header`)
and the showdown (`engine.notation.showdown`) fill in their parts, `engine.hands` rules on it.
Its own module so that all of them import it and none imports another for it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.notation.inputs import ActionInput
from engine.notation.words import Game, Street

if TYPE_CHECKING:
    from engine.notation.cards import CardShowdown


@dataclass(slots=True)
class StreetInput:
    street: Street
    at: int  # offset of the street word
    actions: tuple[ActionInput, ...]
    query: str | None = None
    query_at: int | None = None


@dataclass(slots=True)
class WholeHand:
    game: Game
    sb: int
    bb: int
    pot: int | None  # `pot N`: chips in the middle before the first street typed
    seats: tuple[str, ...] | None
    short_blinds: tuple[tuple[str, int], ...]
    streets: tuple[StreetInput, ...]
    ante: int = 0
    bba: int = 0
    stacks: dict[str, int] = field(default_factory=dict)  # as typed, in typed order
    stacks_at: dict[str, int] = field(default_factory=dict)  # offset of each stack's amount
    button: str | None = None
    button_at: int = 0
    chip_unit: int = 1
    showdown: tuple[tuple[str, ...], ...] | None = None
    showdown_at: dict[str, int] = field(default_factory=dict)
    showdown_start: int = 0
    # `showdown: A > B; C mucks`: hands thrown away face down at the showdown, as typed, in order.
    mucked: tuple[str, ...] = ()
    # `showdown: 誰から見せる？` / `쇼다운: 누가 먼저?`: the showing order asked, no result given.
    show_order_asked: bool = False
    # `winner: B`, `Bの勝ち`, `B 승`, `B wins`, `BとCでチョップ`: only the winning hands said. Enough
    # when they can win every pot (handlers.pot settles the others as tied below them); otherwise
    # the ranking of the others is asked for.
    winner_only: bool = False
    blinds_given: bool = True  # False: a blind clock's level stood in for blinds left out
    colon_at: int = 0  # offset of the header's colon: where a missing `pot N` goes
    # `showdown: A Ah Kd, B Qs Qc; board As 9c 7s 2d Kh`: the cards typed (engine/notation/cards.py).
    cards: CardShowdown | None = None

    @property
    def whole(self) -> bool:
        """Uses anything a single-street line cannot say."""
        return (len(self.streets) > 1 or bool(self.stacks) or self.ante > 0 or self.bba > 0
                or self.showdown is not None or self.button is not None)
