"""Out of turn (55): an action before its player's turn is held as it would read now, then
stands or is void when the turn comes round (55-A, 55-B heads-up, IA-55-A-1), and enough held
actions past a skipped player bring in 55-A-2.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.betting.apply import rule_in_turn
from engine.betting.reader import Reader
from engine.betting.records import Note, RuledAction
from engine.betting.state import RoundState, Seat
from engine.errors import FloorcallError
from engine.notation.inputs import ActionInput


@dataclass(slots=True)
class Pending:
    """An action taken before its player's turn, waiting for the turn to come round (55)."""

    act: ActionInput
    level: int  # the bet the player faced when acting out of turn
    entry: int  # its place in the ruled actions
    rules: tuple[str, ...]  # why it is held (55-A, or 55-B heads-up)


def hold_out_of_turn(reader: Reader, seat: Seat, due: Seat, act: ActionInput, pending: dict[str, Pending],
                     ruled: list[RuledAction]) -> None:
    """55: an action before the player's turn is held, as it would read now, until the turn comes."""
    st = reader.st
    rs = st.ruleset
    if seat.key in pending:
        raise FloorcallError("out_of_turn_again", at=act.at, player=act.player, expected=due.name)
    # What the player faced at the table: a bet or raise held out of turn before this one is in
    # front of its player too (`A bet 200, C raise 600, D call`: D called 600). Measured against
    # the bet in turn alone (200), D's call was void as soon as C's raise stood, though the action
    # to D had not changed (IA-55-A-1): D was given every option instead of being held to the call.
    faced = st.bet_level
    for q in pending.values():
        held = ruled[q.entry]
        if held.ruled in ("bet", "raise", "allin") and held.to > faced:
            faced = held.to
    reading = reader.read(seat, act, faced)
    # 55-B speaks of a check out of turn. A bet or raise word read as a check (nothing to call and
    # no raise open: `A bet 100, A raise 300`) is not that passive action, so it bars nothing.
    passive = act.verb in (None, "check", "call")
    if st.heads_up and reading.ruled == "check" and passive and rs.oot_heads_up_check_bars_raise:
        rules = rs.cite["oot_heads_up"]
        notes: tuple[Note, ...] = (Note("oot_heads_up_check", {"due": due.name}),)
        seat.raise_barred_by = rules  # for the rest of the round, whatever comes back (55-B)
        seat.barred_level = None
    else:
        # 55-A speaks of three or more players; heads-up only a check has a rule of its own (55-B),
        # so any other action out of turn heads-up rests on rule 55 as a whole.
        rules = rs.cite["out_of_turn" if st.heads_up else "oot_multiway"]
        notes = (Note("oot_fold" if reading.ruled == "fold" else "oot_pending", {"due": due.name, "w": faced}),)
    pending[seat.key] = Pending(act, faced, len(ruled), rules)
    # The reading is the ruled action: held, with why it is held leading its own reasons.
    reading.rules = tuple(dict.fromkeys(rules + reading.rules))
    reading.notes = notes + reading.notes
    reading.oot = "pending"
    ruled.append(reading)


def resolve_out_of_turn(reader: Reader, pending: dict[str, Pending], ruled: list[RuledAction]) -> None:
    """The turn has come to players who acted early: their action stands if the bet they faced has
    not changed (a check, call or fold before them is no change) or if it was a fold; otherwise it
    is void, its chips go back and the player acts afresh (55-A, IA-55-A-1)."""
    st = reader.st
    while st.next_index is not None and (p := pending.pop(st.seats[st.next_index].key, None)) is not None:
        seat = st.seats[st.next_index]
        if st.bet_level == p.level or p.act.verb == "fold":
            stands = (Note("oot_stands", {"w": p.level}),)
            ruled[p.entry] = rule_in_turn(reader, st.next_index, seat, p.act, "stands", p.rules, stands)
            continue
        old = ruled[p.entry]
        void = Note("oot_void", {"was": p.level, "w": st.bet_level})
        ruled[p.entry] = RuledAction(player=old.player, input=old.input, ruled=old.ruled, to=seat.chips_in,
                                     full_raise=False, rules=p.rules, notes=(void,), valid=False, oot="void")
        return


def out_of_turn_notes(st: RoundState, pending: dict[str, Pending], ruled: list[RuledAction],
                      notes: list[Note]) -> tuple[str, ...]:
    """After the last action: held actions whose turn never came are void; enough of them past the
    skipped player to make substantial action (38) bring in 55-A-2. Returns the rules cited."""
    if st.next_index is None:
        for p in pending.values():
            old = ruled[p.entry]
            ruled[p.entry] = RuledAction(player=old.player, input=old.input, ruled=old.ruled, to=old.to,
                                         full_raise=False, rules=p.rules, notes=(Note("oot_never_reached", {}),),
                                         valid=False, oot="void")
        return ()
    held = [ruled[p.entry] for p in pending.values()]
    chips_in = any(a.ruled in ("bet", "raise", "call", "allin") for a in held)
    if len(held) >= 3 or (len(held) >= 2 and chips_in):
        notes.append(Note("oot_substantial", {"due": st.seats[st.next_index].name}))
        return st.ruleset.cite["oot_substantial"]
    return ()
