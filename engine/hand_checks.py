"""Checks on a whole hand before and between its streets: who may act on a street, amounts no
stack could hold, and a street left unfinished. Kept apart from `engine.hand`, which rules the
streets; these only say what is wrong with the line, each as an error at its place in it.
"""

from __future__ import annotations

from collections.abc import Collection

from engine.errors import FloorcallError
from engine.notation import fold
from engine.rulings import Note, Ruling
from engine.streets import StreetInput, WholeHand


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
    near enough to be a slip of the keyboard: the hint for an unknown name."""
    import difflib

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
