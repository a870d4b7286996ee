"""The `ruling` command: hand notation in, a cited ruling out (text, embed fields and JSON).

A single street is ruled here and worded by `handlers.ruling.build_reply`; streets, stacks,
antes (and a blind clock level with an ante) go the whole-hand path, `handlers.whole`, which
words its last street through the same `build_reply`. The choice lived in `handlers.ruling`,
whose lazy import of `handlers.whole` closed an import circle (ruling -> whole -> ruling).
"""

from __future__ import annotations

from engine.betting.rulings import rule_hand
from engine.errors import FloorcallError
from engine.notation.read import parse_hand
from engine.notation.streets import mentions_whole
from handlers.context import Context
from handlers.errors import error_reply
from handlers.reply import Reply
from handlers.ruling import build_reply
from handlers.ruling_text import ERRORS


def handle(args: str, offset: int, ctx: Context) -> Reply:
    level = ctx.blind_level  # the channel's blind clock: blinds for a header that leaves them out
    # Streets, stacks, antes ... go the whole-hand path (handlers/whole.py); so does a hand under a
    # blind clock level with an ante, which is dead money in the pot (pot-limit maxima count it).
    if mentions_whole(args) or (level is not None and level.ante):
        from handlers.whole import handle_whole

        return handle_whole(args, offset, ctx)
    try:
        hand = parse_hand(args, offset, (level.sb, level.bb) if level is not None else None)
        ruling = rule_hand(hand, ctx.ruleset)
    except FloorcallError as err:
        return error_reply("ruling", ctx, err, ERRORS)
    reply = build_reply(ruling, ctx)
    if level is not None and not hand.blinds_given:
        from handlers.blinds.text import level_used

        level_used(reply, level)
    return reply
