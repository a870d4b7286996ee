"""Applying a reading (the `RuledAction` the reader built) to the round (the bet level, full
raises and reopening, chips in front, folds and all-ins), and ruling one action in turn: read,
apply, move the turn on. The walk over
the hand (`engine.betting.rulings`) and the out-of-turn steps (`engine.betting.out_of_turn`)
both rule an action in turn through `rule_in_turn`.
"""

from __future__ import annotations

from engine.betting.reader import Reader, cap_call
from engine.betting.records import Note, OotStatus, RuledAction
from engine.betting.state import RoundState, Seat
from engine.notation.inputs import ActionInput


def rule_in_turn(reader: Reader, index: int, seat: Seat, act: ActionInput, oot: OotStatus | None = None,
                 lead_rules: tuple[str, ...] = (), lead_notes: tuple[Note, ...] = ()) -> RuledAction:
    """Read the action of `seat`, the seat due at `index`, apply it, and move the turn on.
    `lead_rules`/`lead_notes`: why an action held out of turn now stands (55), ahead of its own.
    The reading is the ruled action itself: applying it completes it in place."""
    st = reader.st
    a = reader.read(seat, act)
    if apply_reading(st, seat, a, reader.level):
        a.full_raise = True
    if a.valid:
        st.advance(index)
    else:
        st.next_index = index
    if oot is not None:
        a.oot = oot
        a.rules = lead_rules + a.rules
        a.notes = lead_notes + a.notes
    if len(a.rules) > 1:  # one concept's tuple (nearly every action) has no repeats to drop
        a.rules = tuple(dict.fromkeys(a.rules))
    return a


def apply_reading(st: RoundState, seat: Seat, r: RuledAction, level: int | None = None) -> bool:
    """Update the round; returns whether the action counted as a full bet or raise. `level`: the
    bet level others must match when it is not `r.to` (`Reader.level`)."""
    st.seq += 1
    if not r.valid:
        seat.raise_barred_by = tuple(r.rules)
        seat.barred_level = st.bet_level  # 57: against this bet; a raise after it lifts the bar
        return False
    seat.acted = True
    seat.last_seq = st.seq
    if r.ruled == "fold":
        seat.status = "folded"
        return False
    full = False
    w = st.bet_level
    if r.to > w:
        r_before = st.bet_unit if st.game == "FL" else st.full_raise
        increment = r.to - w
        if st.game == "FL":
            over_full = r.to - st.full_level
            num, den = st.ruleset.limit_reopen_ratio
            if r.ruled != "allin" or over_full * den >= num * st.bet_unit:
                full = True
                st.full_level += st.bet_unit
                st.bets_made += 1
                if r.ruled == "allin" and over_full < st.bet_unit and w > 0:
                    # Less than a bet counted as a raise: the rule that says so is cited (49-B).
                    r.rules += st.ruleset.cite["reopen_limit"]
        else:
            if r.ruled != "allin":
                full = True
            else:
                num, den = st.ruleset.nl_allin_full_ratio
                full = increment * den >= num * st.full_raise
            if full and r.ruled == "allin" and increment < st.full_raise and w > 0:
                # Less than a full raise counted as one (jp-basic: half of it): cite the rule.
                r.rules += st.ruleset.cite["reopen_nl"]
            if full:
                new_r = increment if st.ruleset.raise_basis == "increment" else r.to
                st.full_raise = max(st.full_raise, new_r)
                st.full_level = r.to
                st.bets_made += 1
        if full:
            st.last_full_seq = st.seq
        else:
            st.short_allin_seen = True
        st.bet_level = max(r.to, level or 0)
        if level is not None and level > st.full_level:
            # A house minimum bet standing behind a smaller all-in is the bet raises build on.
            st.full_level = level
            st.bets_made += 1
        if st.opening_level is None:
            st.opening_level = st.bet_level
        if r.ruled == "allin" and not full:  # a short all-in: what it added, and what a raise would have needed (45, 49)
            r.notes += (short_allin_note(st, r.to, w, r_before),)
            r.rules += st.ruleset.cite["min_raise"]
    if r.ruled in ("call", "undercall"):
        seat.chips_in = r.to if st.short_level and cap_call(st, seat, r) else st.bet_level
        if r.ruled == "undercall":
            if st.undercall_seq != st.seq - 1:  # not right after another undercall: a new run
                st.undercall_first = seat.name
            st.undercall_seq = st.seq
    elif r.ruled != "check":
        seat.chips_in = max(seat.chips_in, r.to)
    if r.ruled == "allin":
        seat.status = "allin"
    seat.last_level = st.bet_level
    return full


def short_allin_note(st: RoundState, to: int, w_before: int, full: int) -> Note:
    """What a short all-in added and what it would have needed to count as a raise. Under TDA in
    no limit that is a full raise (`short_allin`); where a share of it is enough (limit 49-B: half a
    bet; jp-basic no limit: half the last bet) the note names that share, since "less than a full
    raise of 1,000" would be misleading when 500 would have made it a raise. Same code in both cases
    (JSON `notes` keep `short_allin`); the share case adds `r`, and the reply words it accordingly."""
    num, den = st.ruleset.limit_reopen_ratio if st.game == "FL" else st.ruleset.nl_allin_full_ratio
    if num == den:  # a whole raise
        return Note("short_allin", {"by": to - w_before, "need": full})
    need = -(-full * num // den)  # in whole chips, rounded up
    by = to - (st.full_level if st.game == "FL" else w_before)
    return Note("short_allin", {"by": by, "need": need, "r": full})
