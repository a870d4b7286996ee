"""One betting round: the state, reading each action under the rules, out of turn, and the ruling.

The reader decides what an action counts as (45-49, 53, 57 ...); `rulings.rule` replays a street
and answers who acts, the call, whether a raise is open and its limits.
"""
