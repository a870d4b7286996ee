"""Who sits where, and so who acts in what order on this street.

The spec's seat order is the `players` list, or the order in which players first appear.
Preflop the blinds post and act last (SB and BB are added after the named players when not
named); heads-up the button is the small blind, so it acts first preflop and last afterwards
(TDA 36-C). A list that names the button is rotated so the player after it acts first.
After the flop, SB and BB alone with no `players` list are heads-up (SB last) only when the line
types the BB first; typed SB first they are blind against blind at a fuller table.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import FloorcallError
from engine.notation.inputs import (
    Hand,  # (not engine.notation.read: it reads engine.notation.fold_around, which reads this)
)
from engine.notation.words import fold

# The blinds as chat names them too: `スモール` / `ビッグ`, `스몰` / `빅` (`ビッグは？`). Seated as players
# of those names, they had been given a seat each beside the SB and BB the line adds before the flop,
# so the big blind "had not acted" and was told to call a blind it had posted.
SB_NAMES = frozenset({"sb", "スモールブラインド", "スモール", "スモブラ", "스몰블라인드", "스몰", "스몰블", "스블"})
BB_NAMES = frozenset({"bb", "ビッグブラインド", "ビッグ", "ビック", "ビッグブラ", "빅블라인드", "빅블", "빅"})
BUTTON_NAMES = frozenset({"btn", "bu", "button", "dealer", "ボタン", "버튼", "딜러"})
_ROLE_NAMES = BUTTON_NAMES | SB_NAMES

# Position names round the table clockwise from the small blind: a list that names every seat by
# its position says where each sits, whatever order it was typed in (`stacks BTN 5000 UTG 5000 SB
# 5000 BB 5000` had seated BTN first to act and held UTG's open as out of turn).
_POSITION_RANK = {
    **{n: 0 for n in SB_NAMES}, **{n: 1 for n in BB_NAMES},
    "utg": 2, "utg+1": 3, "utg1": 3, "utg+2": 4, "utg2": 4, "utg+3": 5, "utg3": 5,
    "mp": 6, "mp+1": 7, "mp1": 7, "mp+2": 8, "mp2": 8, "lj": 9, "hj": 10, "co": 11,
    **{n: 12 for n in BUTTON_NAMES},
}


def by_position(names: list[str], button: bool = False) -> list[str] | None:
    """`names` in table order from the small blind when every one is a position name and no seat
    is named twice (a blind left out is added by `seat_order` where it sits: `stacks CO 5000 UTG
    5000` is UTG then CO ahead of unnamed blinds, not CO posting the small blind), or, with the button named (`button`), in seat order when
    every one is a seat number (`button 3 stacks 2 5000 1 5000 3 5000 4 5000`: seat 1 sits between 4
    and 2 whatever the typing; without a button the typed order says who posts). None otherwise
    (the order typed stands)."""
    if button and all(n.isascii() and n.isdigit() for n in names) and len({int(n) for n in names}) == len(names):
        return sorted(names, key=int)
    ranks = [_POSITION_RANK.get(fold(n)) for n in names]
    if None in ranks or len(set(ranks)) != len(ranks):
        return None
    return [n for _, n in sorted(zip(ranks, names, strict=True))]


# A value once `seat_order` returns it; slotted rather than frozen, as the records in
# engine.notation.read and engine.betting.rulings are, because a frozen one costs three times as much to build.
@dataclass(slots=True)
class Seating:
    order: tuple[str, ...]  # action order for the street, first to act first
    sb: str | None  # name of the small blind seat, preflop
    bb: str | None
    heads_up_rule: bool  # the order was set by the heads-up rule (cite 36-C)
    # Every name the hand types (and the blinds' default names), folded once for the whole hand:
    # "a" and "A", "ＳＢ" and "sb" are the same seat.
    keys: dict[str, str]
    # SB and BB alone after the flop, typed SB first with no `players` list: read as blind
    # against blind at a fuller table, not heads-up (the reply says so and how to say otherwise).
    blinds_typed_order: bool = False


def _keys(hand: Hand) -> dict[str, str]:
    # One pass, each name folded once; `fold` inlined for the ASCII names nearly every hand uses
    # (lower case is their fold).
    keys: dict[str, str] = {}
    for a in hand.actions:
        if (n := a.player) not in keys:
            keys[n] = n.lower() if n.isascii() else fold(n)
    for named in (*(hand.seats or ()), hand.query, "SB", "BB"):
        if named is not None and named not in keys:
            keys[named] = named.lower() if named.isascii() else fold(named)
    return keys


def _find(names: list[str], wanted: frozenset[str], keys: dict[str, str]) -> str | None:
    for n in names:  # a plain loop: cheaper than next() over a generator for a handful of names
        if keys[n] in wanted:
            return n
    return None


def _rotate_after(names: list[str], anchor: str) -> list[str]:
    i = names.index(anchor) + 1
    return names[i:] + names[:i]


def seat_order(hand: Hand) -> Seating:
    """Action order before the first action, with every player the line names seated."""
    # Whether a name seated is a button's or a small blind's, the two a street after the flop
    # looks for: with a `players` list, as may be; without one, seen as the names come (nearly
    # never: `A`, `B`, `UTG` ...), so that the search below is skipped, once per ruling, cold.
    roles = hand.seats is not None
    if hand.seats is None:
        # No `players` list (nearly every hand): the folded keys (as `_keys`) and every player the
        # line names, in the order they first appear: the actions, then the closing question.
        # Everyone named is at the table from the first action on, so a player asked about at the
        # end is never seated after actions that would have had to pass them first. One pass over
        # the actions (a name is new to the order only when it is new to the keys), written here
        # rather than in a function of its own: this runs once per ruling, cold, where a call
        # costs more than its work (bench/bench_ruling.py).
        key: dict[str, str] = {}
        names: list[str] = []
        seen: set[str] = set()
        for a in hand.actions:
            if (n := a.player) not in key:
                key[n] = k = n.lower() if n.isascii() else fold(n)
                if k not in seen:
                    seen.add(k)
                    names.append(n)
                    if k in _ROLE_NAMES:
                        roles = True
        query = hand.query
        for named in (query, "SB", "BB"):
            if named is not None and named not in key:
                key[named] = named.lower() if named.isascii() else fold(named)
        if query is not None and (k := key[query]) not in seen:
            names.append(query)
            if k in _ROLE_NAMES:
                roles = True
    else:
        key = _keys(hand)
        names = list(hand.seats)
        keys = {key[n] for n in names}
        unknown = next((a for a in hand.actions if key[a.player] not in keys), None)
        if unknown is not None:
            raise FloorcallError("unknown_player", at=unknown.at, player=unknown.player, players=" ".join(names))
        if hand.query is not None and key[hand.query] not in keys:
            raise FloorcallError("unknown_player", at=hand.query_at or 0, player=hand.query, players=" ".join(names))

    if hand.fixed_order:  # a later street of a whole hand: the order is known from the table
        return Seating(tuple(names), None, None, False, key)
    if hand.street == "preflop":
        sb = _find(names, SB_NAMES, key)
        bb = _find(names, BB_NAMES, key)
        if hand.blind_seats is not None:
            sb, bb = hand.blind_seats
        if hand.seats is None:
            # Blinds named in the actions keep their relative order but always sit last.
            others = [n for n in names if n not in (sb, bb)]
            names = others + ([sb] if sb else ["SB"]) + ([bb] if bb else ["BB"])
            sb, bb = names[-2], names[-1]
        else:
            if sb is None and bb is None and len(names) == 2 and by_position(names) != names:
                # `players A B` before the flop: read by the spec as two players ahead of unnamed
                # blinds (four at the table), the big blind's check was ruled a check facing a bet;
                # a floor person listing two players nearly always means heads-up. Which one is not
                # on the line: refused, with the forms that say it. Two positions in table order
                # (`stacks CO 5000 UTG 5000`, `players UTG CO`) say where they sit: the blinds are
                # the two seats after them.
                raise FloorcallError("players_two_no_blinds", at=hand.colon_at, a=names[0], b=names[1],
                                     hint="players SB BB")
            if sb is None and bb is None:
                names = names + ["SB", "BB"]
                sb, bb = "SB", "BB"
            elif sb is None:
                assert bb is not None  # (not both None: above)
                before = names[names.index(bb) - 1]
                if len(names) == 2 and key[before] in BUTTON_NAMES:
                    sb = before  # heads-up: the button posts the small blind (36-C)
                else:
                    names.insert(names.index(bb), "SB")
                    sb = "SB"
            elif bb is None:
                names = names[: names.index(sb) + 1] + ["BB"] + names[names.index(sb) + 1:]
                bb = "BB"
            assert bb is not None  # every branch above names the big blind
            names = _rotate_after(names, bb)
        # Two seated but a third all-in on the ante is not heads-up play (36-C): the order is the
        # same before the flop, but the button is not the small blind and does not act last after it.
        heads_up = len(names) == 2 and hand.allin_elsewhere == 0
        return Seating(tuple(names), sb, bb, heads_up, key)

    # `_find` of each, in one pass: the first name of each kind.
    button: str | None = None
    sb = None
    if roles:
        for n in names:
            k = key[n]
            if button is None and k in BUTTON_NAMES:
                button = n
            if sb is None and k in SB_NAMES:
                sb = n
    if len(names) == 2 and button is None and sb is not None and hand.seats is None and names[0] == sb:
        # SB and BB alone after the flop, the SB typed first: blind against blind after the others
        # folded, where the SB acts first, is what the line says (the spec seats players in the order
        # they appear). Read as heads-up instead, the SB's first action would be voided as out of
        # turn (55) and a raise refused -- a ruling built on a guess. `players SB BB` says heads-up.
        return Seating(tuple(names), None, None, False, key, blinds_typed_order=True)
    if len(names) == 2 and (last := button or sb):
        # Heads-up the button is the small blind and acts last after the flop (36-C).
        first = names[0] if names[1] == last else names[1]
        return Seating((first, last), None, None, True, key)
    if button is not None and len(names) > 2:
        names = _rotate_after(names, button)
    return Seating(tuple(names), None, None, False, key)
