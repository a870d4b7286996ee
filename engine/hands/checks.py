"""Checks on a whole hand before and between its streets: who may act on a street, amounts no
stack could hold, a street left unfinished, what a street's seats carry to the next one (all-in,
a dead blind) and a question on a street nobody can bet on. Kept apart from `engine.hands.hand`, which
rules the streets; these say what is wrong with the line, each as an error at its place in it,
or what the line's state is between streets.
"""

from __future__ import annotations

import difflib
from collections.abc import Collection

from engine.betting.rulings import Note, Ruling
from engine.errors import FloorcallError
from engine.notation.read import fold
from engine.notation.streets import STREETS, StreetInput, WholeHand


class _Table:
    """Names as typed, one spelling per player (the first seen), looked up by folded key."""

    def __init__(self) -> None:
        self.by_key: dict[str, str] = {}

    def name(self, typed: str) -> str:
        return self.by_key.setdefault(fold(typed), typed)

    def known(self, typed: str) -> str | None:
        return self.by_key.get(fold(typed))


def closest_name(typed: str, table: list[str]) -> str | None:
    """The table's name nearest to a name nobody at the table has (`Alcie` for `Alice`), if any is
    near enough to be a slip of the keyboard: the hint for an unknown name. difflib (standard
    library) is enough for a table of at most ten names, and runs only on an error."""
    keys = {fold(p): p for p in table}
    found = difflib.get_close_matches(fold(typed), list(keys), n=1, cutoff=0.6)
    return keys[found[0]] if found else None


def next_step_hint(who: str, to_call: int, bb: int) -> str:
    """What the player still to act may type: facing a bet a call or a fold, facing nothing a
    check or a bet ("call / fold" would be wrong there)."""
    return f"{who} call / {who} fold" if to_call > 0 else f"{who} check / {who} bet {bb}"


def other_name(lone: str) -> str:
    """A stand-in name for the unnamed next player that the hint cannot confuse with `lone`."""
    return "C" if fold(lone) == "b" else "B"


def _unfinished_unnamed(street: StreetInput, nxt: StreetInput, ruling: Ruling, names: _Table) -> None:
    """A street typed with one player (`flop: A bet 200; turn: ...`): whoever sits after that
    player has not acted, so the street is not over and the next one cannot start. Said as
    such, rather than as an unknown name on the next street (the player the next street names
    is most likely one whose action on this street was left out)."""
    lone = next((s.name for s in ruling.seats), None)
    if lone is None:  # `flop: ; turn: ...`: nobody typed on the street at all
        raise FloorcallError("street_empty", at=street.at, street=street.street, hint=f"{street.street}: A check, B check")
    newcomer = next((a.player for a in nxt.actions if names.known(a.player) is None), None)
    if newcomer is None and nxt.query is not None and names.known(nxt.query) is None:
        newcomer = nxt.query
    hint = next_step_hint(newcomer or other_name(lone), ruling.options.to_call, ruling.hand.bb)
    raise FloorcallError("street_unfinished_unnamed", at=nxt.at, street=street.street, player=lone, hint=hint)


def _check_amounts(wh: WholeHand, stacks: dict[str, int | None]) -> None:
    """An amount larger than every stack at a table whose stacks are all known is a typing slip,
    not an all-in: nobody could have meant it."""
    if not stacks or any(v is None for v in stacks.values()):
        return
    largest = max(v for v in stacks.values() if v is not None)
    for street in wh.streets:
        for act in street.actions:
            said = act.amount if act.chips is None else sum(act.chips)
            if said is not None and said > largest:
                raise FloorcallError("amount_beyond_stacks", at=act.at, amount=said, largest=largest,
                                     hint=f"{act.player} allin")


def _check_actors(street: StreetInput, acting: tuple[str, ...] | None, table: list[str],
                  left: dict[str, int | None], folded: set[str], names: _Table, first: bool,
                  previous: str | None = None, dead: Collection[str] = ()) -> Note | None:
    """Actions only by players who can act; returns a note when `A?` asks about one who cannot.
    `previous`: the street before this one when no `players` list seated the hand."""

    def unknown(player: str, at: int) -> FloorcallError:
        if previous is None:
            return FloorcallError("unknown_player", at=at, player=player, players=" ".join(table),
                                  hint=closest_name(player, table))
        return FloorcallError("not_in_hand", at=at, player=player, players=" ".join(table), previous=previous,
                              street=street.street, hint=f"{previous}: ..., {player} ...")
    items = [(a.player, a.at) for a in street.actions]
    for player, at in items:
        p = names.known(player)
        if p is None or p not in left:
            if first:
                continue  # the single-street engine seats or rejects it as before
            raise unknown(player, at)
        if p in dead:  # `dead SB`: nobody posted that blind, so no hand sits there on any street
            raise FloorcallError("dead_blind_acted", at=at, player=player)
        if p in folded:
            raise FloorcallError("acted_after_fold", at=at, player=player)
        if left[p] == 0 and (acting is None or p not in acting):
            raise FloorcallError("no_chips_left", at=at, player=player)
    if not first and acting is not None and len(acting) < 2 and items:
        player, at = items[0]
        # The hint leaves the street empty (skipped, as nobody can bet): a showdown such as
        # "A > B" would read as a result nobody gave.
        raise FloorcallError("no_betting_left", at=at, player=player, street=street.street,
                             hint=f"{street.street}: ;")
    if street.query is not None and (q := names.known(street.query)) is not None and q in left:
        if q in folded or (left[q] == 0 and (acting is None or q not in acting)):
            # No decision left for them: say so and answer for whoever acts next (as a single
            # street does for a player all-in or folded on it).
            status = "dead" if q in dead else "folded" if q in folded else "allin"  # `dead SB`: never folded
            return Note("query_no_decision", {"p": q, "status": status})
    elif street.query is not None and not first:
        raise unknown(street.query, street.query_at or 0)
    return None


def _no_betting_query(street: StreetInput, table: list[str], left: dict[str, int | None], folded: set[str],
                      names: _Table) -> Note | None:
    """The note for `P?` on a street where at most one player still has chips, when the street
    types nothing else but checks by that player; None when the street must be read as typed
    (an unknown name or another action is an error there)."""
    if street.query is None:
        return None
    q = names.known(street.query)
    if q is None or q not in left:
        return None
    for a in street.actions:
        p = names.known(a.player)
        if a.verb != "check" or a.chips is not None or p is None or p in folded or left.get(p) == 0:
            return None
    status = "folded" if q in folded else ("allin" if left[q] == 0 else "nobetting")
    return Note("query_no_decision", {"p": q, "status": status})


def missing_street_hint(err: FloorcallError, street: StreetInput, wh: WholeHand) -> None:
    """`flop: B check, C check, A check; B bet 200, ...`: an action after the round was over, with
    the next street not typed: its street word was left out. Say where it goes (the hint) rather
    than only that the round was over."""
    later = STREETS[STREETS.index(street.street) + 1:]
    if err.code == "round_over" and err.hint is None and later and not any(s.street == later[0] for s in wh.streets):
        err.hint = f"{later[0]}: {err.params.get('player', '')} ..."


def _carry_status(ruling: Ruling, left: dict[str, int | None], folded: set[str], dead_seats: set[str],
                  names: _Table) -> None:
    """What the street's seats say about the rest of the hand, beyond the chips counted.

    A seat the street left all-in has nothing behind, also when no stack was typed for it
    (`A allin 700`, or a blind posted short, which is all-in for what it posted): it acts on no
    later street, and its hand is turned up with the others once the betting is over (17). A
    typed stack that leaves chips behind an all-in contradicts it: the floor must say which is
    right rather than have us guess. A seat the street left folded without folding (a dead
    blind: nobody posted it) has no hand: it acts on no later street and wins no pot.
    """
    for s in ruling.seats:
        p = names.name(s.name)
        if s.status == "allin":
            behind = left.get(p)
            if behind is None:
                left[p] = 0
            elif behind > 0:
                at = next((act.at for act, r in zip(ruling.hand.actions, ruling.actions, strict=False)
                           if r.ruled == "allin" and names.known(r.player) == p), ruling.hand.colon_at)
                raise FloorcallError("allin_short_of_stack", at=at, player=p, to=s.chips_in, behind=behind,
                                     hint=f"{p} allin")
        elif s.dead:
            folded.add(p)
            dead_seats.add(p)
