"""A street ruled within the players' chips: what the stacks typed change in a ruling.

The single-street engine (`engine.betting.rulings.rule_hand`) knows amounts, not chips behind. Here an
action whose total reaches the player's chips becomes all-in for them and the street is ruled
again from there, and the options of the player to act are cut to what they hold: a call that
takes everything, a raise only all-in, a pot-limit maximum above the stack, or no raise when no
one left could call more (16-B). Split from engine/hands/hand.py, which walks the streets.
"""

from __future__ import annotations

from dataclasses import replace

from engine.betting.rulings import Note, RuledAction, Ruling, rule_hand
from engine.errors import FloorcallError
from engine.hands.checks import _Table
from engine.notation.read import Hand
from engine.rulesets import Ruleset


def rule_with_stacks(hand: Hand, rs: Ruleset, left: dict[str, int | None], names: _Table) -> tuple[Ruling, list[Note]]:
    """Rule the street; an action that reaches the player's chips becomes all-in for them, and
    the street is ruled again from there (a call for more than the stack is a short all-in)."""
    actions = list(hand.actions)
    notes: list[Note] = []

    def avail(player: str) -> int | None:
        p = names.known(player)
        if p is None or left.get(p) is None:
            return None
        return left[p]

    for i, act in enumerate(actions):  # `allin` with no amount: everything the player has
        if act.verb == "allin" and act.amount is None and act.chips is None and act.bbs is None:
            have = avail(act.player)
            if have is None:
                raise FloorcallError("allin_needs_amount", at=act.at, hint=f"{act.player} allin 500")
            actions[i] = replace(act, amount=have)
        elif (act.verb in ("bet", "raise") and act.chips is None and act.alias is None and act.times is None
              and act.amount is not None and act.amount > 0 and act.amount == avail(act.player)):
            # `B bet 65` with exactly 65 left: all of B's chips, said as an amount. Read before the
            # street is ruled, or rule 59 reads 65 at 100/200 as 650 and the reply says "the 650
            # is all-in for 65".
            actions[i] = replace(act, verb="allin")
            notes.append(Note("exact_stack_allin", {"p": act.player, "to": act.amount}))
    # Corrected without the `A?` question: until every all-in is read as one, whose turn it is
    # may look different, and the question is asked of the corrected street.
    bare = replace(hand, query=None, query_at=None)
    def fix(i: int, ruled: RuledAction) -> bool:
        """Rewrite action `i` as all-in when its total reaches the player's chips."""
        act = actions[i]
        have = avail(act.player)
        if have is None or ruled.ruled in ("fold", "check") or ruled.oot in ("pending", "void") or not ruled.valid:
            return False
        if ruled.to > have:
            if have == 0:
                raise FloorcallError("no_chips_left", at=act.at, player=act.player)
            notes.append(Note("over_stack_allin", {"p": act.player, "asked": ruled.to, "to": have}))
        elif ruled.to < have or ruled.ruled == "allin":
            return False
        else:
            notes.append(Note("exact_stack_allin", {"p": act.player, "to": have}))
        actions[i] = replace(act, verb="allin", amount=have, chips=None, pulled_back=None, last=False,
                             alias=None, times=None, bbs=None)
        return True

    def rule(prefix: int | None = None, query: bool = False) -> Ruling:
        base = hand if query else bare
        return rule_hand(replace(base, actions=tuple(actions[:prefix] if prefix is not None else actions)), rs)

    try:  # the usual case: nothing to correct, one ruling
        ruling = rule()
        clean = not any(fix(i, r) for i, r in enumerate(ruling.actions))
    except FloorcallError:
        clean = False
    if not clean:
        # Action by action: each is read after the ones before it are corrected, as at the table.
        for i in range(len(actions)):
            fix(i, rule(i + 1).actions[i])
    for _ in range(len(actions) + 1):  # held actions (55) are read when their turn comes
        ruling = rule()
        if not any(fix(i, r) for i, r in enumerate(ruling.actions)):
            return (rule(query=True) if hand.query is not None else ruling), notes
    raise AssertionError("stack corrections did not settle")  # each pass fixes one action for good


def options_within_stack(ruling: Ruling, left: dict[str, int | None], names: _Table, notes: list[Note]) -> None:
    """What the player to act may do, within their chips: a call that takes everything is all-in
    and leaves no raise; a raise short of the minimum can only be all-in (45-A: an all-in of any
    size is allowed); a pot-limit maximum above the stack is the stack."""
    o = ruling.options
    p = names.known(o.to_act) if o.to_act is not None else None
    behind = left.get(p) if p is not None else None
    if p is None or behind is None:
        return
    seat = next((s for s in ruling.seats if names.known(s.name) == p), None)
    total = behind + (seat.chips_in if seat is not None else 0)
    if behind <= o.to_call:
        notes.append(Note("call_is_allin", {"p": p, "to": total}))
        o.to_call, o.can_raise, o.min_raise_to, o.max_raise_to = behind, False, None, None
        o.reason = "stack_covered"
    elif o.can_raise and not someone_could_call_more(ruling, left, names, p):
        # Every other player still to act has no chips beyond the bet: a raise could not be
        # called by anyone, so it is no raise at all (the floor would hand it back, 16-B).
        notes.append(Note("no_opponent_chips", {"p": p, "w": ruling.bet_level}))
        o.can_raise, o.min_raise_to, o.max_raise_to = False, None, None
        o.reason, o.rules = "stack_no_opponent", (*o.rules, *ruling.ruleset.c("in_turn"))
    elif o.can_raise and o.min_raise_to is not None and total < o.min_raise_to:
        notes.append(Note("raise_only_allin", {"p": p, "to": total, "min": o.min_raise_to}))
        o.min_raise_to = total
        if o.max_raise_to is not None:
            o.max_raise_to = total
    elif o.max_raise_to is not None and total < o.max_raise_to:
        notes.append(Note("max_is_stack", {"p": p, "to": total}))
        o.max_raise_to = total


def someone_could_call_more(ruling: Ruling, left: dict[str, int | None], names: _Table, p: str) -> bool:
    """Whether another player with chips could put in more than the bet now (W): a player whose
    stack was not typed is taken to cover everything."""
    for s in ruling.seats:
        if s.status != "active":
            continue
        q = names.known(s.name)
        if q == p:
            continue
        behind = left.get(q) if q is not None else None
        if behind is None or (behind > 0 and s.chips_in + behind > ruling.bet_level):
            return True
    return False
