"""One hand across its streets: posting, stacks, each street ruled in turn, and what each put in.

`rule_whole(whole, ruleset)` rules each typed street with the single-street engine
(`engine.betting.rulings.rule_hand`), carrying over what must carry: the pot (so pot-limit maxima and
readings that need the pot use it), who folded and who is all-in (they no longer act), and each
player's chips left. Each street starts afresh with W, L and R (R at the big blind, or the limit
bet of the street), which is what the single-street engine does for a street it is given.

Stacks: an action whose total for the street reaches the player's chips is all-in for what the
player has, and says so (`over_stack_allin`); `allin` needs no amount. Postings: antes first
(every player, dead money that still counts toward what each can win), then the blinds; the big
blind ante after the big blind, so a big blind who cannot cover both posts the blind first
(RP-11); a player who cannot cover a post is all-in for what they have.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from engine.betting.rulings import Note, Ruling
from engine.errors import FloorcallError
from engine.hands.checks import (
    _carry_status,
    _check_actors,
    _check_amounts,
    _no_betting_query,
    _Table,
    _unfinished_unnamed,
    closest_name,
    missing_street_hint,
    next_step_hint,
)
from engine.hands.stacks import options_within_stack, rule_with_stacks
from engine.notation.read import Hand, fold
from engine.notation.seating import BUTTON_NAMES, by_position, seat_order
from engine.notation.streets import StreetInput, WholeHand
from engine.rulesets import Ruleset


@dataclass(slots=True)
class StreetResult:
    street: str
    ruling: Ruling
    put_in: dict[str, int]  # chips each player put in on this street (blinds included preflop)
    pot_before: int


@dataclass(slots=True, kw_only=True)
class HandResult:
    whole: WholeHand
    streets: list[StreetResult]
    table: list[str]  # every player, from the first seat left of the button
    contributions: dict[str, int]  # antes, blinds and bets: what the pots are built from
    dead: dict[str, int]  # the big blind ante: dead money in the main pot
    stacks: dict[str, int] | None  # each player's chips at the start (None: no stacks typed)
    stacks_left: dict[str, int] | None
    folded: set[str]
    allin: set[str]
    last_aggressor: str | None
    notes: list[Note] = field(default_factory=list)
    citations: list[str] = field(default_factory=list)
    carried: int = 0  # `pot N` before the first street typed: chips of streets not typed
    # The players on the small and big blind (None where the hand has none, or starts after preflop).
    blind_players: tuple[str | None, str | None] = (None, None)

    @property
    def last(self) -> Ruling:
        return self.streets[-1].ruling


def _first_hand(wh: WholeHand, first: StreetInput, names: _Table) -> Hand:
    """The first street as the single-street engine reads it, seated by `stacks` when they name
    every player: then the stacks' order is the table, and the last two post the blinds."""
    seats = wh.seats
    blind_seats = None
    if seats is None and wh.stacks:
        stack_names = [names.name(n) for n in wh.stacks]
        keys = {fold(n) for n in stack_names}
        typed = [a.player for s in wh.streets for a in s.actions]
        typed += [s.query for s in wh.streets if s.query is not None]
        if all(fold(p) in keys for p in typed) and len(stack_names) >= 2:
            placed = by_position(stack_names, wh.button is not None)
            seats = tuple(placed or stack_names)
            # Every name a position (`stacks CO 5000 UTG 5000`): the blinds not named sit where
            # their names say, and `seat_order` adds them; the last two typed do not post.
            has_blinds = any(k in ("sb", "bb") for k in keys) or (placed is not None
                                                                  and not all(n.isdigit() for n in keys))
            if first.street == "preflop" and not has_blinds:
                blind_seats = (seats[-2], seats[-1]) if len(seats) > 2 else (seats[0], seats[1])
                named = fold(wh.button) if wh.button else None
                button = next((i for i, p in enumerate(seats)
                               if fold(p) == named or (named is None and fold(p) in BUTTON_NAMES)), None)
                if button is not None:  # the blinds are the two seats after the button (heads-up: it)
                    k = len(seats)
                    first_blind = button if k == 2 else (button + 1) % k
                    blind_seats = (seats[first_blind], seats[(first_blind + 1) % k])
                if dict(wh.short_blinds).get("SB") == 0:
                    seats, blind_seats = _empty_small_blind(seats, button)
            elif first.street != "preflop" and wh.button is not None:
                at = next((i for i, p in enumerate(seats) if fold(p) == fold(wh.button)), None)
                if at is not None:  # after the flop the first to act sits left of the button
                    seats = seats[at + 1:] + seats[:at + 1]
    return Hand(game=wh.game, sb=wh.sb, bb=wh.bb, street=first.street, pot=wh.pot, seats=seats, actions=first.actions,
                query=first.query, query_at=first.query_at, short_blinds=wh.short_blinds,
                blinds_given=wh.blinds_given, blind_seats=blind_seats, colon_at=wh.colon_at)


def _empty_small_blind(seats: tuple[str, ...], button: int | None) -> tuple[tuple[str, ...], tuple[str, str]]:
    """`dead SB` with every player given a stack: each of them holds a hand, so none sits in the
    empty small blind seat. The seat is added (named `SB`) just before the big blind, which is the
    first player after the button, or without a button the last one typed. Taking the last two
    typed as the blinds had made a player with chips the empty seat ("p1 is the dead blind")."""
    big = seats[(button + 1) % len(seats)] if button is not None else seats[-1]
    at = seats.index(big)
    return (*seats[:at], "SB", *seats[at:]), ("SB", big)


def _table_order(wh: WholeHand, order: tuple[str, ...], sb: str | None, bb: str | None, preflop: bool) -> list[str]:
    """Every seat from the first left of the button (the postflop acting order)."""
    table = list(order)
    if wh.button is not None:
        key = fold(wh.button)
        at = next((i for i, p in enumerate(table) if fold(p) == key), None)
        if at is None:
            raise FloorcallError("unknown_player", at=wh.button_at, player=wh.button, players=" ".join(table),
                                 hint=closest_name(wh.button, table))
        return table[at + 1:] + table[:at + 1]
    if preflop and sb is not None and bb is not None:
        if len(table) == 2:
            return [bb, sb]  # heads-up the button is the small blind and acts last after the flop
        i = table.index(sb)
        return table[i:] + table[:i]
    return table


def rule_whole(wh: WholeHand, rs: Ruleset) -> HandResult:
    names = _Table()
    first = wh.streets[0]
    hand0 = _first_hand(wh, first, names)
    seating = seat_order(hand0)
    preflop = first.street == "preflop"
    order = tuple(names.name(n) for n in seating.order)
    sb = names.name(seating.sb) if seating.sb else None
    bb = names.name(seating.bb) if seating.bb else None
    table = _table_order(wh, order, sb, bb, preflop)
    for n in wh.stacks:
        if names.known(n) is None or names.known(n) not in table:
            # Nobody typed a list: "not in the players list" would send the floor looking for one.
            code = "unknown_player" if wh.seats is not None else "stack_not_in_hand"
            # A player dealt in who only folded is typed as folding; a slip of the keyboard is the
            # table's nearest name.
            hint = closest_name(n, table) if code == "unknown_player" else f"{first.street}: ..., {n} fold"
            raise FloorcallError(code, at=wh.stacks_at[n], player=n, players=" ".join(table), hint=hint)
    stacks: dict[str, int | None] = {p: None for p in table}
    for n, v in wh.stacks.items():
        stacks[names.name(n)] = v
    left = dict(stacks)
    notes: list[Note] = []
    citations: list[str] = []
    contributions = {p: 0 for p in table}
    dead = {p: 0 for p in table}

    def post(p: str, amount: int) -> int:
        have = left[p]
        paid = amount if have is None else min(amount, have)
        if have is not None:
            left[p] = have - paid
        return paid

    short = dict(wh.short_blinds)
    broke: list[str] = []
    pot = wh.pot or 0
    if preflop:
        # `dead SB`: the seat is empty (a player went out there, 34), so nobody is dealt in and
        # nobody posts its ante. Charged the ante, the dead seat had put 25 into a pot of 275.
        empty = {name for blind, name in (("SB", sb), ("BB", bb)) if name is not None and short.get(blind) == 0}
        if wh.ante:
            if empty:
                citations += rs.c("dead_seat_no_ante")
            for p in table:
                if p in empty:
                    continue
                paid = post(p, wh.ante)
                contributions[p] += paid
                pot += paid
                if paid < wh.ante:
                    notes.append(Note("ante_allin", {"p": p, "paid": paid}))
                elif left[p] == 0:  # the ante took the last chip: all-in as surely as a short one
                    notes.append(Note("ante_allin_exact", {"p": p, "paid": paid}))
        if wh.bba and bb is not None:
            have = left[bb]
            blind_paid = min(wh.bb, have) if have is not None else wh.bb
            rest = None if have is None else have - blind_paid
            paid = wh.bba if rest is None else min(wh.bba, rest)
            if have is not None:  # (then `rest` is too)
                left[bb] = have - paid  # the blind itself is taken with the street's bets
            dead[bb] = paid
            pot += paid
            if paid < wh.bba:
                notes.append(Note("bba_short", {"p": bb, "paid": paid, "blind": blind_paid}))
                citations += rs.c("bba_blind_first")
        for blind, name, nominal in (("SB", sb, wh.sb), ("BB", bb, wh.bb)):
            if name is None:
                continue
            have = left[name]
            typed_stack = stacks[name]
            if (have is not None and typed_stack is not None and short.get(blind, 0) > 0
                    and short[blind] != have and (have <= nominal or short[blind] < nominal)):
                # `short BB 50` says the blind went all-in for 50; a stack that posts a different
                # amount (or covers the blind) says otherwise: the floor must say which is right.
                raise FloorcallError("stack_blind_mismatch", at=wh.stacks_at.get(name, 0), player=name,
                                     blind=blind, stack=typed_stack, posted=short[blind],
                                     hint=f"{name} {short[blind] + typed_stack - have}")
            if have is not None and have <= nominal:  # all-in on the blind (a full one too)
                short[blind] = have
                if have == 0:  # the ante took every chip: no blind posted, still in the hand
                    broke.append(blind)
                else:
                    notes.append(Note("blind_allin", {"p": name, "blind": blind, "paid": have}))
    elif wh.pot is None and len(wh.streets) > 1 and wh.game == "PL":
        raise FloorcallError("pot_needed", at=wh.colon_at, hint=f"PL {wh.sb}/{wh.bb} {first.street} pot 1000: ...")
    _check_amounts(wh, stacks)
    folded: set[str] = set()
    dead_seats: set[str] = set()  # blinds nobody posted (`dead SB`): no hand, never folded
    results: list[StreetResult] = []
    for k, street in enumerate(wh.streets):
        can_act = sum(1 for p in table if p not in folded and ((behind := left[p]) is None or behind > 0))
        if k > 0 and street.query is None and can_act < 2 and all(
                a.verb == "check" and (known := names.known(a.player)) is not None and known not in folded
                and left.get(known) != 0 and a.chips is None for a in street.actions):
            # `turn: ;`, or `turn: B check` from the one player with chips left, after the
            # all-ins: nobody can bet, so there is nothing to rule (a check changes nothing).
            continue
        if k > 0 and can_act < 2 and (q := _no_betting_query(street, table, left, folded, names)) is not None:
            # `flop: A?` once every other player is all-in: no betting is left, so A has no
            # decision; the cards are run out and every hand is tabled (17). Answered as such,
            # rather than ruling a street of one player ("a hand needs two players").
            results[-1].ruling.notes = (q, *results[-1].ruling.notes)
            citations += rs.c("allin_face_up")
            continue
        hand, asked = _street_hand(wh, k, street, hand0, table, left, folded, names, pot, short, dead_seats,
                                   tuple(broke), (seating.sb, seating.bb))
        try:
            ruling, capped = rule_with_stacks(hand, rs, left, names)
        except FloorcallError as err:
            missing_street_hint(err, street, wh)
            raise
        if asked is not None:
            ruling.notes = (asked, *ruling.notes)
        notes += capped
        if k + 1 < len(wh.streets):
            nxt = wh.streets[k + 1]
            if ruling.options.to_act is not None:
                who = ruling.options.to_act
                raise FloorcallError("street_unfinished", at=nxt.at, street=street.street, player=who,
                                     hint=next_step_hint(who, ruling.options.to_call, wh.bb))
            if ruling.options.reason == "next_unnamed":
                _unfinished_unnamed(street, nxt, ruling, names)
            if ruling.options.reason == "hand_over":
                raise FloorcallError("hand_already_over", at=nxt.at, street=nxt.street, hint=None)
        put_in = {names.name(s.name): s.chips_in for s in ruling.seats}
        for p, chips in put_in.items():
            if p not in contributions:  # a player first seen where asked (`A?`)
                contributions[p], dead[p], left[p], stacks[p] = 0, 0, None, None
                table.append(p)
            contributions[p] += chips
            if (behind := left[p]) is not None:
                left[p] = max(0, behind - chips)
        for a in ruling.actions:
            if a.ruled == "fold" and a.oot != "void":
                folded.add(names.name(a.player))
        _carry_status(ruling, left, folded, dead_seats, names)
        results.append(StreetResult(street.street, ruling, put_in, pot))
        pot += sum(put_in.values())
    if results:
        options_within_stack(results[-1].ruling, left, names, notes)
    allin = {p for p in table if left[p] == 0 and p not in folded}
    has_stacks = any(v is not None for v in stacks.values())
    return HandResult(whole=wh, streets=results, table=table, contributions=contributions, dead=dead,
                      stacks={p: v for p, v in stacks.items() if v is not None} if has_stacks else None,
                      stacks_left={p: v for p, v in left.items() if v is not None} if has_stacks else None,
                      folded=folded, allin=allin, last_aggressor=_last_aggressor(results[-1], names), notes=notes,
                      citations=citations, carried=wh.pot or 0,
                      blind_players=(sb, bb) if preflop else (None, None))


def _street_hand(wh: WholeHand, k: int, street: StreetInput, hand0: Hand, table: list[str],
                 left: dict[str, int | None], folded: set[str], names: _Table, pot: int,
                 short: dict[str, int], dead_seats: set[str], broke: tuple[str, ...] = (),
                 blind_names: tuple[str | None, str | None] = (None, None)) -> tuple[Hand, Note | None]:
    """Street `k` as a single-street hand: the pot so far, and only the players who can act; and
    a note when `A?` asks about a player who can no longer act (the question is then dropped)."""
    if k == 0:
        start_pot = (pot or None) if hand0.street == "preflop" else wh.pot
        base = replace(hand0, pot=start_pot, short_blinds=tuple(short.items()), broke_blinds=broke)
        # Posted (or left unposted by an ante that took every chip), so seated even with nothing
        # behind: unseated, a blind all-in on the ante was replaced by a made-up `SB` seat.
        blinds = {*(base.blind_seats or ()), *(b for b in blind_names if b is not None)}
        acting = [p for p in (base.seats or ()) if (behind := left.get(p)) is None or behind > 0 or p in blinds]
        if base.seats is not None:
            # All-in on the ante: out of the betting, still in the hand (55-A, 53-B count them).
            base = replace(base, seats=tuple(acting), allin_elsewhere=len(base.seats) - len(acting))
        asked = _check_actors(street, base.seats, table, left, folded, names, first=True)
        return (replace(base, query=None, query_at=None) if asked else base), asked
    acting = [p for p in table if p not in folded and ((behind := left[p]) is None or behind > 0)]
    # Without a `players` list the table is who the earlier streets named: a new name now is a
    # player who took no part in them, not a typo in a list nobody typed.
    previous = None if wh.seats is not None else wh.streets[k - 1].street
    asked = _check_actors(street, tuple(acting), table, left, folded, names, first=False, previous=previous,
                          dead=dead_seats)
    query, query_at = (None, None) if asked else (street.query, street.query_at)
    # All-in on an earlier street: no longer seated for the betting, still in the hand.
    elsewhere = sum(1 for p in table if p not in folded and left[p] == 0)
    return Hand(game=wh.game, sb=wh.sb, bb=wh.bb, street=street.street, pot=pot, seats=tuple(acting),
                actions=street.actions, query=query, query_at=query_at, blinds_given=wh.blinds_given,
                fixed_order=True, allin_elsewhere=elsewhere), asked


def _last_aggressor(last: StreetResult, names: _Table) -> str | None:
    """Who made the last bet or raise on the final street typed (18-A), if anyone did."""
    level = last.ruling.hand.bb if last.street == "preflop" else 0
    aggressor = None
    for a in last.ruling.actions:
        if a.oot in ("void", "pending") or not a.valid:
            continue
        if a.ruled in ("bet", "raise", "allin") and a.to > level:
            aggressor, level = names.name(a.player), a.to
    return aggressor
