"""Property tests for settling and for whole hands (hypothesis).

* Settling any contributions: no chip is created or lost (pots + returned = everything put in),
  payoffs sum to zero, every pot has someone who can win it, the contenders shrink from pot to
  pot, a split differs by at most one chip between winners.
* A whole hand: the ruling on it equals the ruling on its last street typed alone with the
  right `pot N`, the players still acting and the all-ins the stacks made (random hands played
  in PokerKit, cut at a random action of a street after the flop).
"""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.betting.rulings import rule_hand
from engine.hands.hand import rule_whole
from engine.notation.read import parse_hand
from engine.notation.streets import STREET_WORDS, parse_whole
from engine.pots import settle
from engine.rulesets import RULESETS
from tests.pokerkit_pots import play_hand

NAMES = "ABCDEFGHI"


@st.composite
def hands(draw: st.DrawFn) -> tuple[dict[str, int], set[str], list[str], list[list[str]], dict[str, int], int]:
    n = draw(st.integers(2, 9))
    order = list(NAMES[:n])
    contrib = {p: draw(st.integers(0, 5000)) for p in order}
    live = draw(st.lists(st.sampled_from(order), min_size=1, unique=True))
    folded = set(order) - set(live)
    shuffled = draw(st.permutations(live))
    groups: list[list[str]] = []
    for p in shuffled:
        if groups and draw(st.booleans()):
            groups[-1].append(p)
        else:
            groups.append([p])
    dead = {order[-1]: draw(st.integers(0, 300))}
    unit = draw(st.sampled_from((1, 5, 25)))
    return contrib, folded, order, groups, dead, unit


@settings(max_examples=300, deadline=None)
@given(hands(), st.sampled_from(sorted(RULESETS)))
def test_settling_conserves_chips_and_every_pot_can_be_won(hand, ruleset_id: str) -> None:
    contrib, folded, order, groups, dead, unit = hand
    carried = contrib[order[0]] % 7 * 100  # some hands start from a `pot N`
    s = settle(contrib, folded, order, RULESETS[ruleset_id], groups, dead=dead, chip_unit=unit, carried=carried)
    put_in = sum(contrib.values()) + sum(dead.values()) + carried
    assert sum(p.amount for p in s.pots) + sum(r.amount for r in s.returned) == put_in
    assert sum(s.payoffs.values()) == carried  # what nobody typed putting in is won, never lost
    live = [p for p in order if p not in folded]
    previous: set[str] | None = None
    for pot in s.pots:
        assert pot.amount > 0 and pot.eligible and set(pot.eligible) <= set(live)
        if previous is not None:
            assert set(pot.eligible) < previous
        previous = set(pot.eligible)
        assert sum(pot.shares.values()) == pot.amount and set(pot.winners) <= set(pot.eligible)
        if len(pot.winners) > 1 and pot.amount % unit == 0:
            # equal shares but for the remainder, all of it to the first winner (21-A)
            rest = [pot.shares[w] for w in pot.winners[1:]]
            assert len(set(rest)) == 1 and 0 <= pot.shares[pot.winners[0]] - rest[0] < unit * len(pot.winners)
    for r in s.returned:
        assert r.amount > 0


def _alone(line: str) -> str:
    """The whole hand's last street typed alone: `pot N`, the players still acting, and each
    action as the stacks made it (an all-in for what the player had)."""
    h = rule_whole(parse_whole(line), RULESETS["tda2026"])
    last = h.last.hand
    head = line.split(" stacks ")[0]
    blinds = re.search(r"\d+/\d+", head)
    assert blinds is not None
    items = [f"{a.player} allin {a.amount}" if a.verb == "allin" else f"{a.player} {a.raw}" for a in last.actions]
    if last.query is not None:
        items.append(f"{last.query}?")
    pot = f" pot {last.pot}" if last.pot else ""
    return f"NL {blinds.group()} {last.street}{pot} players {' '.join(last.seats or ())}: " + ", ".join(items)


def _cut(line: str, rng: random.Random) -> str | None:
    """The line up to a random action of a postflop street (None: the hand never saw a flop)."""
    body = line.split("; showdown:")[0]
    marks = [m for m in re.finditer(r"(?:^|; )(" + "|".join(STREET_WORDS) + r"): ", body)]
    later = [m for m in marks if m.group(1) != "preflop"]
    if not later:
        return None
    m = rng.choice(later)
    end = marks[marks.index(m) + 1].start() if m is not marks[-1] else len(body)
    items = [x for x in body[m.end():end].split(", ") if x]
    keep = rng.randint(0, len(items))
    return body[: m.end()] + ", ".join(items[:keep])


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9))
def test_a_whole_hand_rules_like_its_last_street_typed_alone(seed: int) -> None:
    rng = random.Random(seed)
    cut = None
    while cut is None or cut.endswith(": "):  # most hands are over before the flop: play another
        lines = play_hand(rng).lines
        cut = _cut(lines[0], rng) if lines else None
    h = rule_whole(parse_whole(cut), RULESETS["tda2026"])
    whole = h.last
    alone = rule_hand(parse_hand(_alone(cut)), RULESETS["tda2026"])
    w, a = whole.options, alone.options
    seated = {s.name for s in whole.seats}
    if a.reason == "hand_over" and any(p in h.allin and p not in seated for p in h.table):
        # Typed alone the street cannot know of a player all-in on an earlier one, who is still in
        # the hand: the last one betting has not won it, the hand goes on to a showdown.
        a.reason = "round_over"
    if w.reason == "stack_no_opponent":
        # The stacks say what the street alone cannot: nobody else could call more than the bet,
        # so the raise the street alone allows is no raise (tests/test_rulings_pot_limit_fixed_limit.py).
        assert h.stacks_left is not None and a.can_raise and w.to_act == a.to_act and w.to_call == a.to_call
        assert (w.can_raise, w.min_raise_to, w.max_raise_to) == (False, None, None)
        assert w.rules[: len(a.rules)] == a.rules
        others = [s for s in whole.seats if s.status == "active" and s.name != w.to_act]
        assert all(h.stacks_left[s.name] == 0 or s.chips_in + h.stacks_left[s.name] <= whole.bet_level for s in others)
        return
    assert (w.to_act, w.rules) == (a.to_act, a.rules), (cut, _alone(cut))
    if w.to_act is not None and h.stacks_left is not None:
        # The same options, within the chips the player has (the single street knows no stacks).
        behind = h.stacks_left[w.to_act]
        total = behind + next(s.chips_in for s in whole.seats if s.name == w.to_act)
        if behind <= a.to_call:
            assert (w.to_call, w.can_raise, w.min_raise_to, w.reason) == (behind, False, None, "stack_covered")
            return
        if a.min_raise_to is not None:
            a.min_raise_to = min(a.min_raise_to, total)
    assert w == a, (cut, _alone(cut))
    assert (whole.bet_level, whole.full_raise, whole.pot_total) == (alone.bet_level, alone.full_raise, alone.pot_total)
    assert [(a.player, a.ruled, a.to) for a in whole.actions] == [(a.player, a.ruled, a.to) for a in alone.actions]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**9))
def test_a_whole_hand_creates_no_chips(seed: int) -> None:
    """Stacks before = chips behind + what goes back + what each wins, for the whole table."""
    lines = play_hand(random.Random(seed)).lines
    if not lines:
        return
    wh = parse_whole(lines[0])
    h = rule_whole(wh, RULESETS["tda2026"])
    s = settle(h.contributions, h.folded, h.table, RULESETS["tda2026"], wh.showdown, dead=h.dead, allin=h.allin)
    assert h.stacks is not None and h.stacks_left is not None
    after = {p: h.stacks_left[p] for p in h.table}
    for r in s.returned:
        after[r.player] += r.amount
    for pot in s.pots:
        for p, chips in pot.shares.items():
            after[p] += chips
    assert sum(after.values()) == sum(h.stacks.values())
    assert all(after[p] == h.stacks[p] + s.payoffs[p] for p in h.table)
