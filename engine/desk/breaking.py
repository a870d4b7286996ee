"""Breaking a table (TDA 11, Addendum 11): its players seated at the other tables by the two-step
random draw, balanced within one, and who must wait for the button.

Which seats: the broken table's players go one at a time to the table with the fewest players
(the first typed on a tie), so the tables end as even as they can; at each table the empty seats
are taken in the order they will be the big blind, soonest first, leaving last the seats between
the small blind and the button. The draw (Addendum 11): the seat cards for those seats are
shuffled face down; each player is dealt a card face up, and from the highest (rank, then suit:
spades, hearts, diamonds, clubs) the players take the seat cards off the top in turn.

A player seated between the next hand's small blind and its button waits until the button has
passed (11-A); anywhere else, the blinds and the button included, they play at once.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.desk.balance import Move, waits_for_button
from engine.desk.button import played_blinds
from engine.desk.colour import RANKS, SUITS
from engine.desk.tables import Table
from engine.errors import FloorcallError
from engine.rulesets.desk import DeskRules


@dataclass(frozen=True)
class Break:
    broken: str
    moves: tuple[Move, ...]
    waits: tuple[str, ...]
    counts: dict[str, int]
    cards: dict[str, str]  # each player's card in the draw
    seed: int
    citations: tuple[str, ...]


def _seats_by_big_blind(table: Table) -> list[int]:
    """Empty seats in the order they will be the big blind, soonest first."""
    bb = played_blinds(table).big_blind
    return [s for s in table.clockwise_from(bb)[:-1] if s not in table.seats]


def break_table(broken: str, tables: list[Table], rules: DeskRules, seed: int, at: int | None = None) -> Break:
    by_name = {t.name.casefold(): t for t in tables}
    gone = by_name.get(broken.casefold())
    if gone is None:
        raise FloorcallError("break_unknown_table", at=at, table=broken, tables=", ".join(t.name for t in tables))
    others = [t for t in tables if t is not gone]
    if not others:
        raise FloorcallError("break_no_other", at=at, table=gone.name)
    room = {t.name: _seats_by_big_blind(t) for t in others}
    players = [gone.seats[s] for s in sorted(gone.seats)]
    if sum(len(r) for r in room.values()) < len(players):
        raise FloorcallError("break_no_room", at=at, count=len(players), seats=sum(len(r) for r in room.values()))
    counts = {t.name: len(t.seats) for t in others}
    seat_cards: list[tuple[str, int]] = []
    for _ in players:
        target = min((t for t in others if room[t.name]), key=lambda t: counts[t.name])
        seat_cards.append((target.name, room[target.name].pop(0)))
        counts[target.name] += 1
    rng = random.Random(seed)
    rng.shuffle(seat_cards)  # step 1: the seat cards, face down
    deck = [r + s for r in RANKS for s in SUITS]
    rng.shuffle(deck)
    cards = dict(zip(players, deck, strict=False))  # step 2: a card face up to each player
    order = sorted(players, key=lambda p: (RANKS.index(cards[p][0]), SUITS.index(cards[p][1])), reverse=True)
    from_seat = {p: s for s, p in gone.seats.items()}
    moves = tuple(Move(p, gone.name, from_seat[p], name, seat) for p, (name, seat) in zip(order, seat_cards, strict=True))
    table_of = {t.name: t for t in others}
    waits = tuple(m.player for m in moves if waits_for_button(table_of[m.to_table], m.to_seat))
    cites = [*rules.c("break_draw")]
    if waits:
        cites += rules.c("new_player_waits")
    return Break(gone.name, moves, waits, counts, cards, seed, tuple(cites))
