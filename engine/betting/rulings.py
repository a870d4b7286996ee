"""Rulings: what each action counts as, and what the player to act may do now.

`rule_hand(hand, ruleset)` walks the actions in order. For each one it first decides what the
words or chips count as (declarations 53/57, one oversized chip 46, several chips 47, chips
already in front 48, amounts declared alone 42-C, the 50 % standard 45, under-raises 54-A,
undercalls 53-B, pot-limit maxima 56), then applies it to the round. Every reading carries the
citation ids of the branch that made it: they are attached where the decision is taken, never
looked up afterwards.

The records live in `engine.betting.records`, the general reader in `engine.betting.reader`, the fast paths in
`engine.betting.fast`, applying a reading in `engine.betting.apply` and out-of-turn holding (55) in
`engine.betting.out_of_turn`; this module starts the round, walks the hand and works out the options.
Every name other modules and tests import from here is re-exported.
"""

from __future__ import annotations

from fractions import Fraction

from engine.betting import apply as _apply_mod
from engine.betting import fast as _fast
from engine.betting.out_of_turn import (
    _act,
    _hold_out_of_turn,
    _out_of_turn_notes,
    _Pending,
    _resolve_out_of_turn,
)
from engine.betting.reader import _Reader
from engine.betting.records import (
    Note,
    OotStatus,
    Options,
    Ruled,
    RuledAction,
    Ruling,
    SeatView,
    WorkingRow,
    _Reading,
    _Reason,
)
from engine.betting.state import NEXT_PLAYER, RoundState, Seat
from engine.errors import FloorcallError
from engine.notation.read import Hand, fold
from engine.notation.seating import Seating, seat_order
from engine.rulesets import Ruleset

__all__ = [
    "Note", "OotStatus", "Options", "Ruled", "RuledAction", "Ruling", "SeatView", "WorkingRow", "rule_hand",
    # internal records, kept importable from here as before the split
    "_Reading", "_Reason",
]

# The functions `rule_hand` calls once per action are bound here by assignment rather than
# `from engine.x import NAME` (as engine/notation/read.py does for its word tables: a from-imported
# name used in the hot loop compiled slower on CPython 3.11 after that split). They stay module
# globals of this module, so tests/test_engine_fast_paths.py can still switch the fast paths
# off with `monkeypatch.setattr(rulings, "_quick_act", ...)`.
_quick_act = _fast._quick_act
_quick_read = _fast._quick_read
_apply = _apply_mod._apply


def _start(hand: Hand, rs: Ruleset) -> tuple[RoundState, Seating]:
    seating = seat_order(hand)
    keys = seating.keys
    seats: list[Seat] = []
    by_key: dict[str, Seat] = {}
    for n in seating.order:  # a plain loop, as below: a comprehension is one more function to call
        seats.append(seat := Seat(n, keys[n]))
        by_key[seat.key] = seat
    if len(seats) < 2:
        if hand.seats is not None:
            raise FloorcallError("too_few_players", at=hand.colon_at, hint=f"players {seats[0].name} B")
        # One player named after the flop (`A bet 600`): the action is ruled all the same, and the
        # player after them, not named, is who the reply says must act next.
        seats.append(seat := Seat(name=NEXT_PLAYER, key=NEXT_PLAYER))
        by_key[NEXT_PLAYER] = seat
    preflop = hand.street == "preflop"
    if hand.game == "FL":
        unit = hand.bb if hand.street in ("preflop", "flop") else 2 * hand.bb
    else:
        unit = hand.bb
    unposted = 0
    if preflop:
        short = dict(hand.short_blinds)
        for s in seats:
            for blind, name, nominal in (("SB", seating.sb, hand.sb), ("BB", seating.bb, hand.bb)):
                if name is None or s.name != name:
                    continue
                posted = short.get(blind, nominal)
                s.chips_in = s.posted = posted
                unposted += nominal - posted
                if blind in short:
                    # A short blind is all-in for what it posted; a dead one is not in the hand.
                    s.dead = posted == 0 and blind not in hand.broke_blinds
                    s.status = "folded" if s.dead else "allin"
    if hand.street != "preflop" and hand.game == "PL" and hand.pot is None:
        raise FloorcallError("pot_needed", at=hand.colon_at, hint=f"PL {hand.sb}/{hand.bb} {hand.street} pot 1000: ...")
    # Keywords, not positions: a field added to RoundState (as the undercall run was) would
    # otherwise shift every value after it without an error.
    st = RoundState(
        # The ruleset as it applies to this game (jp-basic's house raise rules are no limit's).
        ruleset=rs.for_game(hand.game),
        game=hand.game,
        street=hand.street,
        sb=hand.sb,
        bb=hand.bb,
        pot_start=hand.pot or 0,
        pot_known=preflop or hand.pot is not None,
        seats=seats,
        bet_level=hand.bb if preflop else 0,
        full_raise=unit,
        full_level=hand.bb if preflop else 0,
        bet_unit=unit,
        opening_level=hand.bb if preflop else None,
        bets_made=1 if preflop else 0,
        unposted_blinds=unposted,
        # A big blind all-in for less than the blind is an all-in below the minimum bet opening
        # the betting (53-B: the posted BB is the preflop opening bet): called at its amount where
        # the ruleset calls such an all-in so (TDA), at the full blind where it does not (jp-basic).
        short_level=unposted > 0 and rs.short_opening_allin == "allin_amount",
        allin_elsewhere=hand.allin_elsewhere,
        keys=seating.keys,
        _by_key=by_key,
    )
    st.advance(len(seats) - 1)  # the first to act: the first seat due after the last one
    return st, seating


def _options(st: RoundState, notes: list[Note]) -> tuple[Options, tuple[WorkingRow, ...]]:
    """What the player to act may do now, and the reopening table for those who already acted.

    Runs once per ruling, so its code is never warm in the processor's caches when it starts:
    the one-line state methods (`to_call`, `reopened_for` and `min_raise_to` outside limit) and
    `_raise_allowed` are written out here rather than called, each call of a cold function
    costing more than its work (bench/bench_ruling.py)."""
    rs = st.ruleset
    cite = rs.cite.__getitem__  # `rs.c`, without the method call
    fl = st.game == "FL"
    working: list[WorkingRow] = []
    # Worked out once, and only when a row needs it. No limit and pot limit: R itself, a whole
    # number (a Fraction would cost a microsecond to build for the same value); limit: a fraction of a bet.
    threshold: int | Fraction | None = None
    w, full_raise, full_seq = st.bet_level, st.full_raise, st.last_full_seq
    r = int(full_raise if not fl else st.bet_unit)
    for s in st.seats:
        last = s.last_level
        if s.status == "active" and last is not None:
            if threshold is None:
                threshold = full_raise if not fl and type(full_raise) is int else st.reopen_threshold()
            by_full = full_seq > s.last_seq
            # `st.reopened_for(s)`: outside limit, a full raise since, or W - L at least R.
            reopened = st.reopened_for(s) if fl else (by_full or w - last >= full_raise)
            # Barred (55-B for the round; 57 against the bet checked to only): the row says so.
            barred = s.raise_barred_by is not None and s.bar(w) is not None
            working.append(WorkingRow(s.name, w, last, r, threshold, reopened, by_full, barred))
    index = st.next_index
    if index is None:
        # A player all-in on an earlier street is still in the hand: the last one left betting
        # against them has not won it, the hand goes to a showdown with them.
        reason = "hand_over" if st.live_count + st.allin_elsewhere <= 1 else "round_over"
        found = _uncalled_back(st, notes) if reason == "round_over" else ()
        return Options(None, 0, False, None, None, reason, found), tuple(working)
    seat = st.seats[index]
    to_call = max(0, w - seat.chips_in)  # `st.to_call(seat)`
    capped: tuple[str, ...] = ()
    if st.unposted_blinds and to_call and (cap := st.uncalled_cap(seat)) is not None:
        if st.short_level:
            # A short blind's full bet that nobody left could match: the call stops at the all-in (16-B).
            to_call = cap[0] - seat.chips_in
            notes.append(Note("call_capped_allin", {"p": seat.name, "allin": cap[1].name, "to": cap[0], "bet": w}))
            capped = cite("uncalled_returned")
        else:  # jp-basic: an all-in below the minimum bet is still called at the minimum bet
            notes.append(Note("allin_below_minimum_call", {"allin": cap[0], "to": w}))
            capped = cite("allin_below_minimum")
    # `_raise_allowed(st, seat)`, written out with the reason each refusal gives, in its order.
    ok = False
    if seat.raise_barred_by is not None and (bar := seat.bar(w)) is not None:  # `seat.bar`: 57 bars one bet only
        reason, why = "barred", bar
    elif fl and st.raise_cap_reached():
        reason, why = "cap_reached", cite("raise_cap")
    elif not st.others_can_respond(seat):
        reason, why = "no_opponent", cite("in_turn")
    elif seat.last_level is not None and not st.reopened_for(seat):
        reason, why = "not_reopened", cite("reopen_limit" if fl else "reopen_nl")
    else:
        ok, why = True, ()
    rules: list[str] = []
    min_to = max_to = None
    if ok:
        reason = "not_acted" if seat.last_level is None else "reopened"
        rules += cite("min_raise")  # (a list extends by a tuple with no copy made)
        if seat.last_level is not None or st.short_allin_seen:
            rules += cite("reopen_limit" if fl else "reopen_nl")
        if st.short_allin_seen:
            rules += cite("ia_reopen")
        if fl and rs.limit_raise_cap is None:
            notes.append(Note("limit_cap_house", {}))
            rules += cite("raise_cap")
        min_to = st.min_raise_to() if fl else w + full_raise  # `_min_to`, with the pot-limit cap below
        if st.game == "PL":
            max_to = st.pot_limit_max_to(seat)
            min_to = min(min_to, max_to)
            rules += cite("pot_limit_preflop" if st.street == "preflop" else "pot_limit_postflop")
    else:
        rules += why
        if reason == "not_reopened" and st.short_allin_seen:
            rules += cite("ia_reopen")
    rules += capped
    if seat.key == NEXT_PLAYER:  # what the player after a lone named actor faces; nobody to name
        return Options(None, to_call, ok, min_to, max_to, "next_unnamed", tuple(dict.fromkeys(rules))), tuple(working)
    return Options(seat.name, to_call, ok, min_to, max_to, reason, tuple(dict.fromkeys(rules)),
                   reason == "barred" and seat.barred_level is None), tuple(working)


def rule_hand(hand: Hand, ruleset: Ruleset) -> Ruling:
    """Rule on a whole betting sequence. Raises FloorcallError for sequences that cannot happen."""
    st, seating = _start(hand, ruleset)
    ruleset = st.ruleset  # as it applies to this game (`Ruleset.for_game`)
    notes: list[Note] = []
    citations: list[str] = []
    if seating.heads_up_rule:
        notes.append(Note("heads_up_order", {}))
        citations += ruleset.c("heads_up_order")
    elif seating.blinds_typed_order:
        # The hint names the heads-up rule by the ruleset's own number (2026 36-C, 2009 26).
        notes.append(Note("blinds_typed_order", {"sb": seating.order[0], "bb": seating.order[1],
                                                 "rule": ruleset.c("heads_up_order")[0]}))
    ruled: list[RuledAction] = []
    pending: dict[str, _Pending] = {}
    # Whose turn it is, then `_act` inlined for an action in turn with nothing held (nearly every
    # one): the same steps in the same order, without two calls and the out-of-turn arguments.
    seats, by_key, keys = st.seats, st._by_key, st.keys
    fl = st.game == "FL"
    for act in hand.actions:
        name = act.player
        seat = by_key.get(keys.get(name) or fold(name))  # st.seat_named
        assert seat is not None
        index = st.next_index
        if index is None or seats[index] is not seat or pending:
            status = seat.status
            if status == "folded":
                if seat.dead:
                    raise FloorcallError("dead_blind_acted", at=act.at, player=name)
                raise FloorcallError("acted_after_fold", at=act.at, player=name)
            if status == "allin":
                raise FloorcallError("acted_after_allin", at=act.at, player=name)
            if index is None:
                raise FloorcallError("round_over", at=act.at, player=name)
            if seats[index] is not seat:
                if ruled and ruled[-1].player == seat.name and seat.key not in pending:
                    # `A bet 600, A raise 1600`: a second action straight after the player's own, with
                    # nobody between and no new bet to face, is a slip in the line, not an action out
                    # of turn (55) to hold: the turn had just left that player.
                    raise FloorcallError("acted_twice", at=act.at, player=name, expected=seats[index].name)
                _hold_out_of_turn(st, seat, seats[index], act, pending, ruled)
                continue
            ruled.append(_act(st, seat, act))  # in turn, with actions held
            _resolve_out_of_turn(st, pending, ruled)
            continue
        # The seat due, with nothing held (nearly every action): an active seat, since only an
        # active one is ever made the one due (`advance`; an invalid reading keeps its player,
        # active, to act again), so the checks above have nothing to find and are not made.
        quick = _quick_act(st, seat, act, index)
        if quick is not None:
            ruled.append(quick)
            continue
        reading = _quick_read(st, seat, act) or _Reader(st, seat, act).read()
        w_before = st.bet_level
        r_before = st.bet_unit if fl else st.full_raise
        full = _apply(st, seat, reading)
        if reading.allin and reading.to > w_before and not full:
            reading.notes.append(_apply_mod.short_allin_note(st, reading.to, w_before, r_before))
            reading.rules += ruleset.cite["min_raise"]
        if reading.valid:
            st.advance(index)
        else:
            st.next_index = index
        found = reading.rules
        ruled_as = reading.ruled
        ruled.append(RuledAction(seat.name, act.raw, ruled_as, reading.to if ruled_as != "fold" else seat.chips_in,
                                 full, tuple(found) if len(found) < 2 else tuple(dict.fromkeys(found)),
                                 tuple(reading.notes), reading.outcome, reading.valid, None))
    if pending:  # with nothing held there is nothing to void and no substantial action (55-A-2)
        citations += _out_of_turn_notes(st, pending, ruled, notes)
    for a in ruled:
        citations += a.rules
    if hand.query is not None:
        _check_query(st, hand, notes)
    options, working = _options(st, notes)
    citations += options.rules
    views: list[SeatView] = []
    pot = st.pot_start  # `st.pot_total`, in the same pass
    for s in st.seats:
        pot += s.chips_in
        if s.key != NEXT_PLAYER:
            views.append(SeatView(s.name, s.chips_in, s.last_level, s.acted, s.status, s.dead))
    return Ruling(hand, ruleset, tuple(ruled), options, tuple(views), st.bet_level, st.full_raise, pot,
                  working, tuple(notes), tuple(dict.fromkeys(citations)))


def _uncalled_back(st: RoundState, notes: list[Note]) -> tuple[str, ...]:
    """A round over with one player's chips above everyone else's, a bet only all-ins for less
    answered: the part nobody matched goes back (16-B), and the reply says how much. A small blind
    already above a big blind all-in for less than it had no decision at all (`blind_above_allin`).
    (A bet nobody answered on this street, with someone all-in on an earlier one, is said by the
    whole-hand reply, `handlers.whole._uncalled_to_showdown`.)"""
    top: Seat | None = None
    for s in st.seats:
        if s.status != "folded" and s.key != NEXT_PLAYER and (top is None or s.chips_in > top.chips_in):
            top = s
    if top is None:
        return ()
    # What anyone else put in, a player who folded since included: chips matched by a fold stay in
    # a pot (a side pot the last one in wins), only the part above everyone's goes back.
    rest = 0
    called_by: Seat | None = None
    for s in st.seats:
        if s is not top and s.chips_in > rest:
            rest, called_by = s.chips_in, s
    live_below = any(s is not top and s.status != "folded" for s in st.seats)
    if top.chips_in <= rest or not live_below or called_by is None:
        return ()
    params = {"p": top.name, "back": top.chips_in - rest, "to": rest, "allin": called_by.name}
    if top.chips_in < st.bet_level:  # a blind above a short big blind's all-in (`uncalled_cap`)
        notes.append(Note("blind_above_allin", params))
    else:
        notes.append(Note("uncalled_back", params))
    return st.ruleset.cite["uncalled_returned"]


def _check_query(st: RoundState, hand: Hand, notes: list[Note]) -> None:
    """`A?`: A is seated from the start (engine.notation.seating). A player who is all-in or folded has no
    decision left: say so and answer for whoever acts next. A live player must be the one due."""
    assert hand.query is not None
    seat = st.seat_named(hand.query)
    assert seat is not None
    if seat.status != "active":
        status = "dead" if seat.dead else seat.status
        notes.append(Note("query_no_decision", {"p": seat.name, "status": status}))
        return
    if st.next_index is not None and st.seats[st.next_index] is not seat:
        due = st.seats[st.next_index]
        if due.key == NEXT_PLAYER:
            raise FloorcallError("not_their_turn_unnamed", at=hand.query_at, player=hand.query)
        # The hint asks about the player due (`SB?`): a chat line that leaves out the blinds' folds
        # before the flop is answered for the small blind, and says so in the hint too.
        raise FloorcallError("not_their_turn", at=hand.query_at, player=hand.query, expected=due.name, hint=f"{due.name}?")
