"""Rulings: what each action counts as, and what the player to act may do now.

`rule_hand(hand, ruleset)` walks the actions in order. For each one it first decides what the
words or chips count as (declarations 53/57, one oversized chip 46, several chips 47, chips
already in front 48, amounts declared alone 42-C, the 50 % standard 45, under-raises 54-A,
undercalls 53-B, pot-limit maxima 56), then applies it to the round. Every reading carries the
citation ids of the branch that made it: they are attached where the decision is taken, never
looked up afterwards.

The records live in `engine.betting.records`, the one reader in `engine.betting.reader`,
applying a reading and ruling an action in turn in `engine.betting.apply`, and out-of-turn holding
(55) in `engine.betting.out_of_turn`; this module starts the round, walks the hand and works out
the options. Every name other modules and tests import from here is re-exported.
"""

from __future__ import annotations

from fractions import Fraction

from engine.betting.apply import rule_in_turn
from engine.betting.out_of_turn import (
    Pending,
    hold_out_of_turn,
    out_of_turn_notes,
    resolve_out_of_turn,
)
from engine.betting.reader import Reader, min_to, raise_refused
from engine.betting.records import (
    Note,
    OotStatus,
    Options,
    Ruled,
    RuledAction,
    Ruling,
    SeatView,
    WorkingRow,
    seat_view,
    working_row,
)
from engine.betting.records import options as build_options
from engine.betting.records import ruling as build_ruling
from engine.betting.state import NEXT_PLAYER, RoundState, Seat, round_state
from engine.errors import FloorcallError
from engine.notation.inputs import Hand
from engine.notation.seating import Seating, seat_order
from engine.rulesets import Ruleset

__all__ = ["Note", "OotStatus", "Options", "Ruled", "RuledAction", "Ruling", "SeatView", "WorkingRow", "rule_hand"]


def _start(hand: Hand, rs: Ruleset) -> tuple[RoundState, Seating]:
    seating = seat_order(hand)
    keys = seating.keys
    seats: list[Seat] = []
    by_key: dict[str, Seat] = {}
    for n in seating.order:
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
    st = round_state(
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
        by_key=by_key,
    )
    st.advance(len(seats) - 1)  # the first to act: the first seat due after the last one
    return st, seating


def _options(st: RoundState, notes: list[Note]) -> tuple[Options, tuple[WorkingRow, ...]]:
    """What the player to act may do now, and the reopening table for those who already acted.
    Whether a raise is open and its least total are the reader's own decisions (`raise_refused`,
    `min_to`), asked here for the player to act."""
    rs = st.ruleset
    cite = rs.cite
    fl = st.game == "FL"
    working: list[WorkingRow] = []
    w = st.bet_level
    r = st.bet_unit if fl else st.full_raise
    threshold: int | Fraction | None = None  # the same in every row: worked out once, if a row needs it
    for s in st.seats:
        last = s.last_level
        if s.status == "active" and last is not None:
            if threshold is None:
                threshold = st.reopen_threshold()
            working.append(working_row(
                player=s.name, w=w, l=last, r=r, threshold=threshold, reopened=st.reopened_for(s),
                by_full_raise=st.last_full_seq > s.last_seq,
                # Barred (55-B for the round; 57 against the bet checked to only): the row says so.
                barred=s.bar(w) is not None,
            ))
    index = st.next_index
    if index is None:
        # A player all-in on an earlier street is still in the hand: the last one left betting
        # against them has not won it, the hand goes to a showdown with them.
        reason = "hand_over" if st.live_count + st.allin_elsewhere <= 1 else "round_over"
        found = _uncalled_back(st, notes) if reason == "round_over" else ()
        return build_options(to_act=None, to_call=0, can_raise=False, min_raise_to=None, max_raise_to=None,
                       reason=reason, rules=found), tuple(working)
    seat = st.seats[index]
    to_call = st.to_call(seat)
    capped: tuple[str, ...] = ()
    if st.unposted_blinds and to_call and (cap := st.uncalled_cap(seat)) is not None:
        if st.short_level:
            # A short blind's full bet that nobody left could match: the call stops at the all-in (16-B).
            to_call = cap[0] - seat.chips_in
            notes.append(Note("call_capped_allin", {"p": seat.name, "allin": cap[1].name, "to": cap[0], "bet": w}))
            capped = cite["uncalled_returned"]
        else:  # jp-basic: an all-in below the minimum bet is still called at the minimum bet
            notes.append(Note("allin_below_minimum_call", {"allin": cap[0], "to": w}))
            capped = cite["allin_below_minimum"]
    refused = raise_refused(st, seat, w)
    rules: tuple[str, ...]
    lowest = highest = None
    if refused is None:
        reason = "not_acted" if seat.last_level is None else "reopened"
        rules = cite["min_raise"]
        if seat.last_level is not None or st.short_allin_seen:
            rules += cite["reopen_limit" if fl else "reopen_nl"]
        if st.short_allin_seen:
            rules += cite["ia_reopen"]
        if fl and rs.limit_raise_cap is None:
            notes.append(Note("limit_cap_house", {}))
            rules += cite["raise_cap"]
        lowest = min_to(st, seat, w)
        if st.game == "PL":
            highest = st.pot_limit_max_to(seat)
            rules += cite["pot_limit_preflop" if st.street == "preflop" else "pot_limit_postflop"]
    else:
        reason, rules = refused
        if reason == "not_reopened" and st.short_allin_seen:
            rules += cite["ia_reopen"]
    rules = tuple(dict.fromkeys(rules + capped))
    if seat.key == NEXT_PLAYER:  # what the player after a lone named actor faces; nobody to name
        return build_options(to_act=None, to_call=to_call, can_raise=refused is None, min_raise_to=lowest,
                       max_raise_to=highest, reason="next_unnamed", rules=rules), tuple(working)
    return build_options(to_act=seat.name, to_call=to_call, can_raise=refused is None, min_raise_to=lowest,
                   max_raise_to=highest, reason=reason, rules=rules,
                   barred_for_round=reason == "barred" and seat.barred_level is None), tuple(working)


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
    pending: dict[str, Pending] = {}
    seats = st.seats
    reader = Reader(st)
    for act in hand.actions:
        name = act.player
        seat = st.seat_named(name)
        assert seat is not None
        index = st.next_index
        if index is not None and seats[index] is seat and not pending:
            # The seat due, with nothing held (nearly every action): an active seat, since only
            # an active one is ever made the one due (`advance`; an invalid reading keeps its
            # player, active, to act again), so the checks below have nothing to find.
            ruled.append(rule_in_turn(reader, index, seat, act))
            continue
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
            hold_out_of_turn(reader, seat, seats[index], act, pending, ruled)
            continue
        ruled.append(rule_in_turn(reader, index, seat, act))  # in turn, with actions held
        resolve_out_of_turn(reader, pending, ruled)
    if pending:  # with nothing held there is nothing to void and no substantial action (55-A-2)
        citations += out_of_turn_notes(st, pending, ruled, notes)
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
            views.append(seat_view(name=s.name, chips_in=s.chips_in, last_level=s.last_level, acted=s.acted,
                                  status=s.status, dead=s.dead))
    return build_ruling(hand=hand, ruleset=ruleset, actions=tuple(ruled), options=options, seats=tuple(views),
                  bet_level=st.bet_level, full_raise=st.full_raise, pot_total=pot, working=working,
                  notes=tuple(notes), citations=tuple(dict.fromkeys(citations)))


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
