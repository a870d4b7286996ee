"""Differential test: whole hands settled by us and by PokerKit 0.7.7 (pinned in requirements-dev).

Three hundred seeded random hands of 2-9 players with random stacks, antes or a big blind ante,
and all-ins on every street are played in PokerKit, typed as one `pot` line (see
`tests/pokerkit_pots.py`), read and ruled by our engine street by street, and settled by both.
Every pot's amount and eligible players, the chips given back to each player and each player's
payoff for the showdown result (ties included) must agree, except where the rules and PokerKit
part ways, each detected before comparing and listed with the rule that decides:

* `short_blind` (the bet level stays the full big blind): a blind bigger than the stack.
* `bba_blind_first` (RP-11): a big blind who cannot cover blind and ante posts the blind first.
* `odd_chips_merged` (23): each side pot is split on its own, never merged with another.

The last is compared on everything but how the odd chips fall among the tied players. Two or
more odd chips in one split go all to the first seat left of the button (21-A) on both sides,
and are compared like everything else.
"""

from __future__ import annotations

from functools import cache

from tests.pokerkit_pots import REASONS, Counts, run

HANDS = 300
SEED = 20261


@cache
def _counts() -> Counts:
    return run(HANDS, SEED)


def test_pots_returns_and_payoffs_agree_with_pokerkit() -> None:
    counts = _counts()
    print(counts.summary())
    assert not counts.disagreements, "\n\n".join(str(d) for d in counts.disagreements[:10])
    # Real coverage: most hands compared, side pots, returned bets, ties and odd chips all seen.
    assert counts.compared > 0.8 * HANDS
    assert counts.side_pots > HANDS and counts.returned > 50 and counts.ties > 50 and counts.odd_chips > 5
    assert counts.allin_players > HANDS
    assert set(counts.skipped) <= set(REASONS)
    assert counts.skipped["short_blind"] > 0 and counts.skipped["bba_blind_first"] > 0
    assert counts.odd_multi > 0  # splits with two or more odd chips were compared, not skipped
