"""Fast paths for the shapes nearly every action has (a plain fold, check or call; a no-limit
bet, raise or all-in at least the minimum). Each returns None wherever the answer would not be
the plain one, so `engine.betting.reader` decides those and the two cannot disagree
(tests/test_engine_fast_paths.py holds them to the same answers).
"""

from __future__ import annotations

from engine.betting.apply import short_allin_note
from engine.betting.records import (
    Note,
    RuledAction,
    _Reading,
)
from engine.betting.state import RoundState, Seat
from engine.notation.read import ActionInput


def _quick_read(st: RoundState, seat: Seat, act: ActionInput) -> _Reading | None:
    """The reading `_Reader.read` gives the shapes nearly every action has, without building a
    reader: a plain fold, check or call, and a no-limit bet, raise or all-in with an amount at
    least the small blind. None for anything else (and wherever the answer would not be a plain
    one: a raise not allowed, a bet or raise short of the minimum, an all-in below the minimum
    bet, a check facing a bet, an amount below what is in front): `_Reader` reads those, so the
    two cannot disagree. Every branch here is the branch of `_Reader` that decides it, and cites
    what that branch cites."""
    if (act.chips is not None or act.pulled_back is not None or act.alias is not None or act.times is not None
            or act.bbs is not None or act.then_said is not None):
        return None
    verb = act.verb
    amount = act.amount
    w = st.bet_level
    prior = seat.chips_in
    facing = w > prior
    cite = st.ruleset.cite
    if amount is None:
        if verb == "fold":  # read_as_said
            if facing:
                return _Reading("fold", prior, list(cite["in_turn"]), [])
            return _Reading("fold", prior, list(cite["fold_no_bet"]), [Note("fold_no_bet", {})])
        if verb == "call":
            if facing:
                return _Reading("call", w, list(cite["binding_declaration"]), [])
            return _Reading("check", prior, list(cite["invalid_declaration"]), [Note("call_no_bet", {})])
        if verb == "check" and not facing:
            return _Reading("check", prior, list(cite["in_turn"]), [])
        return None
    if st.game != "NL" or amount < st.sb or verb not in ("bet", "raise", "allin"):
        return None
    # check_not_below_prior, then the bet or raise as `read_as_said` sizes it.
    if amount < prior or (amount == prior and prior > 0 and not facing):
        return None
    if w == 0:
        if verb == "raise" or amount < st.bet_unit:
            return None
        if verb == "bet":  # bet_to: a whole bet at least the minimum (no raise question)
            return _Reading("bet", amount, list(cite["in_turn"]), [])
        # An all-in opening the betting is above W = 0: it asks whether a raise is allowed, below.
    if amount > w:
        # raise_allowed, for no limit (no cap): not barred, someone to answer, betting open.
        if seat.raise_barred_by is not None or not st.others_can_respond(seat):
            return None
        if seat.last_level is not None and not st.reopened_for(seat):
            return None
        if verb == "allin":
            return _Reading("allin", amount, list(cite["in_turn"]), [], allin=True)
        if amount < w + st.full_raise:  # min_to: completed to the minimum, with its notes
            return None
        if verb == "bet":  # a bet word facing a bet reads as a raise (raise_to)
            return _Reading("raise", amount, [*cite["raise_total"], *cite["raise_total"]], [Note("bet_word_as_raise", {})])
        return _Reading("raise", amount, list(cite["raise_total"]), [])
    if verb == "allin":  # an all-in for no more than the bet: allin() with nothing to raise
        return _Reading("allin", amount, list(cite["in_turn"]), [], allin=True)
    return None


def _quick_act(st: RoundState, seat: Seat, act: ActionInput, index: int) -> RuledAction | None:
    """`_quick_read`, `_apply` and the turn moving on, in one step, for the plainest in-turn
    actions: a fold; a check or a call where the player has exactly the bet in front or faces
    one; a no-limit bet, raise or all-in that `_quick_read` reads as made. None, with nothing
    changed, for anything else. Each branch does what `_apply` does for that reading, in order."""
    if (act.chips is not None or act.pulled_back is not None or act.alias is not None or act.times is not None
            or act.bbs is not None or act.then_said is not None):
        return None
    verb = act.verb
    amount = act.amount
    w = st.bet_level
    prior = seat.chips_in
    cite = st.ruleset.cite
    if amount is None:
        if verb == "fold":
            if w > prior:
                found, notes = cite["in_turn"], ()
            else:
                found, notes = cite["fold_no_bet"], (Note("fold_no_bet", {}),)
            st.seq += 1
            seat.acted = True
            seat.last_seq = st.seq
            seat.status = "folded"
            st.advance(index)
            return RuledAction(seat.name, act.raw, "fold", seat.chips_in, False,
                               found if len(found) < 2 else tuple(dict.fromkeys(found)), notes, None, True, None)
        if verb == "call" and w > prior:
            if st.short_level:  # a short blind: the call may stop at an all-in (`_apply`)
                return None
            ruled, to, found, notes = "call", w, cite["binding_declaration"], ()
        elif prior != w:  # nothing to call, but chips above the bet in front: `_Reader`
            return None
        elif verb == "call":
            ruled, to, found, notes = "check", prior, cite["invalid_declaration"], (Note("call_no_bet", {}),)
        elif verb == "check":
            ruled, to, found, notes = "check", prior, cite["in_turn"], ()
        else:
            return None
        # _apply: no change to the bet; a call matches it, a check leaves the chips as they are.
        st.seq += 1
        seat.acted = True
        seat.last_seq = st.seq
        if ruled == "call":
            seat.chips_in = w
        seat.last_level = w
        st.advance(index)
        return RuledAction(seat.name, act.raw, ruled, to, False,
                           found if len(found) < 2 else tuple(dict.fromkeys(found)), notes, None, True, None)
    # `_quick_read`'s branches for an amount, without a `_Reading` (the same tests, in order).
    if st.game != "NL" or amount < st.sb or verb not in ("bet", "raise", "allin"):
        return None
    if amount < prior or (amount == prior and prior > 0 and not w > prior):  # check_not_below_prior
        return None
    found2: tuple[str, ...]
    notes2: tuple[Note, ...] = ()
    if w == 0 and (verb == "raise" or amount < st.bet_unit):
        return None
    if w == 0 and verb == "bet":  # bet_to: a whole bet at least the minimum (no raise question)
        ruled, found2 = "bet", cite["in_turn"]
    elif amount > w:  # raise_allowed, for no limit (no cap)
        if seat.raise_barred_by is not None or not st.others_can_respond(seat):
            return None
        if seat.last_level is not None and not st.reopened_for(seat):
            return None
        if verb == "allin":
            ruled, found2 = "allin", cite["in_turn"]
        elif amount < w + st.full_raise:  # min_to: completed to the minimum, with its notes
            return None
        elif verb == "bet":  # a bet word facing a bet reads as a raise (raise_to)
            ruled, found2, notes2 = "raise", (*cite["raise_total"], *cite["raise_total"]), (Note("bet_word_as_raise", {}),)
        else:
            ruled, found2 = "raise", cite["raise_total"]
    elif verb == "allin":  # an all-in for no more than the bet
        ruled, found2 = "allin", cite["in_turn"]
    else:
        return None
    # _apply for a no-limit bet, raise or all-in (valid, no house level behind it).
    rs = st.ruleset
    to = amount
    full_before = st.full_raise
    st.seq += 1
    seat.acted = True
    seat.last_seq = st.seq
    full = False
    if to > w:
        increment = to - w
        if ruled != "allin":
            full = True
        else:
            num, den = rs.nl_allin_full_ratio
            full = increment * den >= num * full_before
            if full and increment < full_before and w > 0:  # as `_apply`: a part of a raise counted as one
                found2 = (*found2, *cite["reopen_nl"])
        if full:
            new_r = increment if rs.raise_basis == "increment" else to
            st.full_raise = max(full_before, new_r)
            st.full_level = to
            st.bets_made += 1
            st.last_full_seq = st.seq
        else:
            st.short_allin_seen = True
        st.bet_level = to
        if st.opening_level is None:
            st.opening_level = to
    seat.chips_in = max(prior, to)
    if ruled == "allin":
        seat.status = "allin"
    seat.last_level = st.bet_level
    if ruled == "allin" and to > w and not full:
        notes2 = (*notes2, short_allin_note(st, to, w, full_before))
        found2 = (*found2, *cite["min_raise"])
    st.advance(index)
    return RuledAction(seat.name, act.raw, ruled, to, full,
                       found2 if len(found2) < 2 else tuple(dict.fromkeys(found2)), notes2, None, True, None)
