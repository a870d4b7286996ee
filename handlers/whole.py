"""`ruling` on a whole hand: the answer for the street it ends on, with what came before.

The last street's ruling is worded exactly as a single-street ruling (`handlers.ruling`); this
adds `street_history` (each street's actions and what each player put in) and, with stacks,
`stacks_left`, plus a line for every amount the stacks turned into an all-in.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.betting.rulings import Note
from engine.errors import FloorcallError
from engine.hands.hand import HandResult, rule_whole
from engine.notation.streets import STREETS, WholeHand
from handlers.context import Context
from handlers.korean import resolve_particles
from handlers.pot import STREET_NAMES, level_note, note_text, read_whole, settle_hand, show_line, whole_error
from handlers.pot_text import TEXT
from handlers.reply import Field, Reply
from handlers.ruling import build_reply, list_sep, n


def handle_whole(args: str, offset: int, ctx: Context) -> Reply:
    try:
        wh = read_whole(args, offset, ctx)
        h = rule_whole(wh, ctx.ruleset)
    except FloorcallError as err:
        return whole_error("ruling", ctx, err)
    _uncalled_to_showdown(h, ctx)
    _next_street_first(h, ctx)
    last = h.last
    if h.citations:
        # What the earlier streets and the whole hand cite, after the last street's: cited, and
        # the footer's floor-fallback line decided, once over them all.
        last = replace(last, citations=(*last.citations, *h.citations))
    reply = build_reply(last, ctx)
    lang = ctx.lang
    extra: list[Field] = []
    if len(h.streets) > 1 or h.streets[-1].pot_before:
        extra.append(Field(TEXT("f_pot_before", lang), n(h.streets[-1].pot_before), True))
    if h.stacks_left is not None:
        extra.append(Field(TEXT("f_stacks_left", lang), list_sep(lang).join(f"{p} {n(v)}" for p, v in h.stacks_left.items())))
    if h.notes:
        extra.append(Field(TEXT("f_notes", lang), "\n".join(note_text(x, lang) for x in h.notes)))
    if lang == "ko":
        extra = [Field(f.name, resolve_particles(f.value), f.inline) for f in extra]
    reply.fields.extend(extra)
    players = reply.data.get("players")
    if isinstance(players, dict):  # those out of the action since an earlier street, as they stand
        for p in h.table:
            if p not in players and (p in h.folded or p in h.allin):
                players[p] = {"in": 0, "last_level": None, "acted": False,
                              "status": "folded" if p in h.folded else "allin"}
    reply.data.update(history_json(h))
    if wh.show_order_asked:
        _show_order(reply, wh, h, ctx)
    if wh.cards is not None:  # a showdown typed with cards: who wins what, from them (handlers/cards.py)
        failed = _ruling_cards(reply, args, wh, h, ctx)
        if failed is not None:
            return failed
    level_note(reply, wh, ctx)
    return reply


def _ruling_cards(reply: Reply, args: str, wh: WholeHand, h: HandResult, ctx: Context) -> Reply | None:
    """`ruling` on a hand typed with its cards: once the betting is over, the pots as the cards award
    them (as `pot` does); before that, the hands as they stand on the board so far. An error reply
    for cards that cannot be, else None (the fields are added to `reply`)."""
    from handlers.cards import add_to_reply, apply_cards, hilo

    finished = h.last.options.to_act is None and h.last.options.reason != "next_unnamed"
    try:
        shown = apply_cards(args, wh, h, ctx, finished=finished)
        if shown is None:
            return None
        s = None
        if finished and len([p for p in h.table if p not in h.folded]) > 1:
            s = hilo(settle_hand(wh, h, ctx), shown, h, wh, ctx)
    except FloorcallError as err:
        return whole_error("ruling", ctx, err)
    add_to_reply(reply, s, shown, ctx)
    return None


def _show_order(reply: Reply, wh: WholeHand, h: HandResult, ctx: Context) -> None:
    """`showdown: 誰から見せる？`, `쇼다운: 누가 먼저 오픈?`: who shows first, as `pot` answers it (17, 18-A;
    jp-basic's own order after the last aggressor). Only once the betting is over: before that the
    ruling says who acts, and the question waits."""
    if h.last.options.to_act is not None or len([p for p in h.table if p not in h.folded]) < 2:
        return
    try:
        s = settle_hand(wh, h, ctx)
    except FloorcallError:
        return
    line = show_line(s, ctx.lang)
    if line is None:
        return
    reply.fields.insert(0, Field(TEXT("f_show", ctx.lang), resolve_particles(line) if ctx.lang == "ko" else line))
    reply.data["show_order"] = list(s.show_order)
    reply.data["show_reason"] = s.show_reason
    seen = {c.id for c in reply.citations}
    from handlers.citations import make_citations

    reply.citations.extend(c for c in make_citations(list(s.citations), ctx.lang, ctx.ruleset) if c.id not in seen)


def _uncalled_to_showdown(h: HandResult, ctx: Context) -> None:
    """The last player betting folded out, with someone all-in on an earlier street (or on the
    ante): the round is over but the hand is not. Say where the uncalled bet goes (16-B) and that the hand goes to a
    showdown with the all-in players (17), which "the betting round is over" leaves unsaid."""
    last = h.last
    if last.options.reason != "round_over":
        return
    live = [s for s in last.seats if s.status != "folded"]
    allin_before = [p for p in h.table if p in h.allin and all(s.name != p for s in last.seats)]
    if len(live) != 1 or live[0].status == "allin" or not allin_before:
        return
    top = live[0].chips_in
    uncalled = top - max((s.chips_in for s in last.seats if s is not live[0]), default=0)
    if uncalled <= 0:
        return
    sep = list_sep(ctx.lang)
    h.notes.append(Note("uncalled_to_showdown", {"p": live[0].name, "amount": uncalled,
                                                 "others": sep.join(allin_before)}))
    h.citations += [*ctx.ruleset.c("uncalled_returned"), *ctx.ruleset.c("allin_face_up")]


def _next_street_first(h: HandResult, ctx: Context) -> None:
    """`...; flop: B check, C check, A check, B?`: the question comes after the round is over, so
    it is about the next street. Say which street comes and who opens it: the first player left of
    the button still in with chips (heads-up the big blind)."""
    last = h.last
    street = h.streets[-1].street
    if h.whole.streets[-1].query is None or last.options.reason != "round_over" or street == "river":
        return
    if any(x.code == "query_no_decision" for x in last.notes):
        return  # asked about a player with no decision: that is the answer
    with_chips = [p for p in h.table if p not in h.folded and p not in h.allin]
    if len(with_chips) < 2:
        return
    nxt = STREETS[STREETS.index(street) + 1]
    h.notes.append(Note("next_street_first", {"street": STREET_NAMES(nxt, ctx.lang), "p": with_chips[0]}))


def history_json(h: HandResult) -> dict[str, Any]:
    out: dict[str, Any] = {
        "street_history": [
            {"street": r.street, "pot": r.pot_before, "bets": dict(r.put_in),
             "actions": [a.to_json() for a in r.ruling.actions]}
            for r in h.streets
        ],
    }
    if h.stacks_left is not None:
        out["stacks_left"] = dict(h.stacks_left)
    return out
