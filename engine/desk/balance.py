"""Balancing tables (TDA 12-A, 12-D): who moves where, and which tables stop.

A player leaves the table with the most players for the one with the fewest until no two tables
differ by more than one. The one who moves is the player who would be the big blind next hand at
the table losing a player (12-A), and takes the worst position at the short table: the empty seat
that will be the big blind soonest, counting clockwise from that table's big blind of the hand
being played, so never the small blind. A table three or more short of the largest, before the
moves, stops when its blinds are affected until the moved players sit (12-D).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.desk.button import played_blinds
from engine.desk.tables import Table
from engine.errors import FloorcallError
from engine.rulesets.desk import DeskRules

FULL_RING = 9


@dataclass(frozen=True)
class Move:
    player: str
    from_table: str
    from_seat: int
    to_table: str
    to_seat: int


@dataclass(frozen=True)
class Balance:
    moves: tuple[Move, ...]
    pause: tuple[str, ...]
    pause_discretion: tuple[str, ...]
    counts: dict[str, int]
    largest: int
    citations: tuple[str, ...]
    waits: tuple[str, ...] = ()
    # RP-9: the players left fit one final table of this many (9 for 8- and 9-handed tables, 7 for
    # 6- and 7-handed ones): the tables come together rather than balance. None otherwise.
    final_table: int | None = None


def final_table_size(size: int) -> int | None:
    """RP-9's final table for tables of `size` seats; None for sizes it does not speak of."""
    if size in (8, 9):
        return 9
    if size in (6, 7):
        return 7
    return None


def _next_big_blind(table: Table, big_blind: int, left: frozenset[int]) -> int:
    """The seat of the player who would be the big blind next hand (players who left skipped)."""
    seat = table.next_occupied(big_blind, skip=left)
    if seat is None:
        raise FloorcallError("too_few_players", at=table.at, table=table.name, count=0)
    return seat


def _worst_empty_seat(table: Table, big_blind: int, taken: set[int]) -> int | None:
    """The empty seat that will be the big blind soonest: the first clockwise after the big blind
    of the hand being played (the small blind of the next hand is that big blind's seat, so this
    is never the small blind)."""
    for seat in table.clockwise_from(big_blind)[:-1]:
        if seat not in table.seats and seat not in taken:
            return seat
    return None


def balance(tables: list[Table], rules: DeskRules) -> Balance:
    if len(tables) < 2:
        raise FloorcallError("balance_one_table", at=tables[0].at if tables else None)
    blinds = {t.name: played_blinds(t) for t in tables}
    counts = {t.name: len(t.seats) for t in tables}
    final = final_table_size(tables[0].size)
    if final is not None and sum(counts.values()) <= final:
        return Balance((), (), (), dict(counts), max(counts.values()), rules.c("final_table"), (), final)
    largest = max(counts.values())
    cites: list[str] = []
    pause: list[str] = []
    discretion: list[str] = []
    for t in tables:
        if largest - counts[t.name] >= 3:
            if t.size >= FULL_RING or not rules.pause_full_ring_only:
                pause.append(t.name)
            else:
                discretion.append(t.name)
    if pause:
        cites += rules.c("balance_pause")
    if discretion:
        cites += rules.c("balance_pause_discretion")
    left: dict[str, set[int]] = {t.name: set() for t in tables}
    arrived: dict[str, set[int]] = {t.name: set() for t in tables}
    moves: list[Move] = []
    by_name = {t.name: t for t in tables}
    while True:
        most = max(tables, key=lambda t: counts[t.name])
        fewest = min(tables, key=lambda t: counts[t.name])
        if counts[most.name] - counts[fewest.name] <= 1:
            break
        seat = _next_big_blind(most, blinds[most.name].big_blind, frozenset(left[most.name]))
        to = _worst_empty_seat(fewest, blinds[fewest.name].big_blind, arrived[fewest.name])
        if to is None:  # cannot happen while the short table has fewer players than the largest
            raise FloorcallError("no_empty_seat", at=fewest.at, table=fewest.name)
        moves.append(Move(most.seats[seat], most.name, seat, fewest.name, to))
        left[most.name].add(seat)
        arrived[fewest.name].add(to)
        counts[most.name] -= 1
        counts[fewest.name] += 1
    cites = [*rules.c("balance_move"), *cites]
    waits = tuple(m.player for m in moves if waits_for_button(by_name[m.to_table], m.to_seat))
    if waits:
        cites += rules.c("new_player_waits")
    return Balance(tuple(moves), tuple(pause), tuple(discretion), counts, largest, tuple(cites), waits)


def waits_for_button(table: Table, seat: int) -> bool:
    """Whether `seat` lies between this hand's small and big blinds: next hand it is between the
    button and the small blind, and a player moved there waits for the button to pass (11-A)."""
    played = played_blinds(table)
    assert played.small_blind is not None
    s = played.small_blind
    while True:
        s = s % table.size + 1
        if s == played.big_blind:
            return False
        if s == seat:
            return True
