"""The `pot` command: a whole hand in, its pots settled out (text table, embed fields and JSON).

    pot NL 100/200 stacks A 700 B 5000 C 5000 preflop: A allin, B call, C call; flop: B check,
        C check; turn: B bet 1000, C call; river: B check, C check; showdown: A > B = C

Reading is `engine.notation.streets`, the hand is ruled street by street by `engine.hands.hand`, and
`engine.pots` settles it; this module only words the result.
"""

from __future__ import annotations

import math
from typing import Any

from engine.betting.rulings import Note
from engine.errors import FloorcallError
from engine.hands.checks import next_step_hint, other_name
from engine.hands.hand import HandResult, rule_whole
from engine.notation.money import MONEY
from engine.notation.read import fold
from engine.notation.showdown import NAME_PARTICLES
from engine.notation.streets import STREETS, WholeHand, parse_whole
from engine.pots import Pot, Settlement, settle
from engine.rulesets import Ruleset
from handlers.citations import make_citations, rules_heading, with_fallback
from handlers.context import Context
from handlers.errors import error_reply
from handlers.i18n import Messages
from handlers.korean import resolve_particles
from handlers.pot_text import ERRORS, TEXT
from handlers.reply import Field, Reply
from handlers.ruling import list_sep, n
from handlers.ruling_text import ERRORS as RULING_ERRORS

STREET_NAMES = Messages("street-names")


def whole_error(command: str, ctx: Context, err: FloorcallError) -> Reply:
    """An error from reading or ruling a whole hand, street names in the reply language."""
    for key in ("street", "previous"):
        value = err.params.get(key)
        if isinstance(value, str) and STREET_NAMES.has(value):
            err.params[key] = STREET_NAMES(value, ctx.lang)
    from handlers.cards import ERRORS as CARD_ERRORS

    catalog = ERRORS if ERRORS.has(err.code) else CARD_ERRORS if CARD_ERRORS.has(err.code) else RULING_ERRORS
    return error_reply(command, ctx, err, catalog)


def read_whole(args: str, offset: int, ctx: Context) -> WholeHand:
    """Read a whole hand; in a channel whose blind clock runs, a header without blinds takes the
    level's blinds and, when it names no ante either, the level's ante or big blind ante."""
    level = ctx.blind_level
    wh = parse_whole(args, offset, (level.sb, level.bb) if level is not None else None)
    if level is not None and not wh.blinds_given and not (wh.ante or wh.bba) and level.ante:
        if level.ante_kind == "bba":
            wh.bba = level.ante
        else:
            wh.ante = level.ante
    return wh


def level_note(reply: Reply, wh: WholeHand, ctx: Context) -> Reply:
    """Say which blind clock level stood in for blinds the header left out."""
    if ctx.blind_level is not None and not wh.blinds_given:
        from handlers.blinds.text import level_used

        level_used(reply, ctx.blind_level)
    return reply


def untyped_streets(h: HandResult) -> tuple[str, ...]:
    """The streets after the last one typed before a showdown, when two players or more still had
    chips to bet with: no showdown comes before the river then, so those streets were played and left out
    (`flop: A check, B check; showdown: ...`). The pots are settled as though nobody bet on
    them, and the reply says so."""
    last = h.streets[-1].street
    if last == "river" or h.last.options.to_act is not None or (h.whole.showdown is None and not h.whole.show_order_asked):
        return ()  # without a showdown the pots are those so far, of a hand that may go on
    with_chips = [p for p in h.table if p not in h.folded and p not in h.allin]
    if len(with_chips) < 2:
        return ()
    return STREETS[STREETS.index(last) + 1:]


def _mucked_name(typed: str, spelled: dict[str, str]) -> str:
    """`Cが` / `민수가` / `지은` in `Cがマック`, `민수가 먹`: the table's name, the particle off only when
    the name with it is not at the table (지은 is a name; 지은이 is 지은 with a particle)."""
    if fold(typed) in spelled:
        return spelled[fold(typed)]
    if len(typed) > 1 and typed[-1] in NAME_PARTICLES and fold(typed[:-1]) in spelled:
        return spelled[fold(typed[:-1])]
    return typed


def _settle_left_out(wh: WholeHand, h: HandResult, rs: Ruleset, aggressor: str | None,
                     err: FloorcallError) -> Settlement:
    """A showdown that leaves live hands out, settled where their order decides nothing.

    `Bの勝ち`, `B 승`, `BとCでチョップ`: only the winning hands said; `showdown: A; C mucks`: the
    hands still live beside the mucks not ranked. The hands left out are settled below the first
    group typed, tied: a pot the first group can win is its; a pot it is not in goes to the one
    live hand left out that can win it, every other hand in it mucked (18-B) or folded. Where two
    hands left out could win a pot, or a hand ranked below the first could, their order is asked
    for (`err`, as before)."""
    assert wh.showdown is not None
    ranked = {p for group in wh.showdown for p in group}
    below = tuple(p for p in h.table if p not in h.folded and p not in ranked and p not in wh.mucked)
    top = set(wh.showdown[0])
    s = settle(h.contributions, h.folded, h.table, rs, (*wh.showdown, below), dead=h.dead,
               allin=h.allin, last_aggressor=aggressor, carried=h.carried, chip_unit=wh.chip_unit,
               mucked=wh.mucked, blinds=h.blind_players, preflop_in=_preflop_in(h))
    for pot in s.pots:
        if not pot.winners or set(pot.winners) <= top:
            continue
        contenders = [p for p in pot.eligible if p not in wh.mucked and p not in top]
        if len(contenders) > 1:
            raise err from None
    return s


def _preflop_in(h: HandResult) -> dict[str, int] | None:
    """What each put in before the flop, for a hand that ended there (what `engine.pots.settle`
    needs to apply `Ruleset.short_allin_blinds_to_bb`); None for a hand that went on."""
    return h.streets[0].put_in if len(h.streets) == 1 and h.streets[0].street == "preflop" else None


def settle_hand(wh: WholeHand, h: HandResult, ctx: Context, untyped: tuple[str, ...] | None = None) -> Settlement:
    """Settle a ruled hand; a showdown naming the wrong players is an error at that name.
    `untyped`: the streets left out before the showdown, when the caller has them (`untyped_streets`).

    Showdown names are matched as action names are (`sb` is SB, `Ａ` is A): a floor person who
    typed `showdown: a > sb` was told "a is not in this hand"."""
    if wh.showdown is not None:
        spelled = {fold(p): p for p in h.table}
        wh.showdown = tuple(tuple(spelled.get(fold(name), name) for name in group) for group in wh.showdown)
        wh.mucked = tuple(_mucked_name(name, spelled) for name in wh.mucked)
        wh.showdown_at = {spelled.get(fold(name), name): at for name, at in reversed(wh.showdown_at.items())}
    # Streets left out had no bet, so the final street had no aggressor: the first seat left of
    # the button shows first (18-A), not whoever bet on the last street typed.
    if untyped is None:
        untyped = untyped_streets(h)
    aggressor = None if untyped else h.last_aggressor
    try:
        try:
            return settle(h.contributions, h.folded, h.table, ctx.ruleset, wh.showdown, dead=h.dead, allin=h.allin,
                          last_aggressor=aggressor, carried=h.carried, chip_unit=wh.chip_unit, mucked=wh.mucked,
                          blinds=h.blind_players, preflop_in=_preflop_in(h))
        except FloorcallError as err:
            if not ((wh.winner_only or wh.mucked) and err.code == "showdown_missing" and wh.showdown):
                raise
            return _settle_left_out(wh, h, ctx.ruleset, aggressor, err)
    except FloorcallError as err:
        if err.code == "showdown_missing" and wh.showdown is not None:
            # The players left out, parted as the reply language parts a list (`C、A`, `C, A`): the
            # engine joins them with spaces, which read as one name (`C Aが入っていません`).
            typed = {n for group in wh.showdown for n in group} | set(wh.mucked)
            missing = [p for p in h.table if p not in h.folded and p not in typed]
            if " ".join(missing) == err.params.get("players"):
                err.params["players"] = list_sep(ctx.lang).join(missing)
        pot = err.params.get("pot")
        if isinstance(pot, str):  # `side1` → "Side pot 1" in the reply language
            err.params["pot"] = TEXT("main", ctx.lang) if pot == "main" else TEXT("side", ctx.lang,
                                                                                  n=pot.removeprefix("side"))
        if err.at is None:
            player = err.params.get("player")
            err.at = wh.showdown_at.get(player, min(wh.showdown_at.values(), default=0)) if player else 0
        raise


def _untyped_blinds(args: str, offset: int, table: list[str], to_act: str, lang: str) -> None:
    """`pot NL 100/200 preflop: A raise 600, B call`: the reader seated the blinds as two more
    players (SB, BB) nobody typed, and "SB still has to act" left the user to guess why. When the
    one left to act is a seat the user never wrote, say how the table was read and how to type a
    heads-up hand (both stacks: the first listed posts the small blind)."""
    import re

    def typed(name: str) -> bool:
        return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", args, re.IGNORECASE) is not None

    if typed(to_act):
        return
    named = [p for p in table if typed(p)]
    if len(named) != 2:
        return
    a, b = named
    raise FloorcallError("hand_not_finished_seated", at=offset + len(args.rstrip()), player=to_act,
                         typed=list_sep(lang).join((a, b)), hint=f"stacks {a} 5000 {b} 5000")


def handle(args: str, offset: int, ctx: Context) -> Reply:
    try:
        wh = read_whole(args, offset, ctx)
        h = rule_whole(wh, ctx.ruleset)
        o = h.last.options
        if o.to_act is not None:
            _untyped_blinds(args, offset, h.table, o.to_act, ctx.lang)
            raise FloorcallError("hand_not_finished", at=offset + len(args.rstrip()), player=o.to_act,
                                 hint=next_step_hint(o.to_act, o.to_call, wh.bb))
        if o.reason == "next_unnamed" and not h.last.seats:  # `flop: ; showdown: ...`: nothing typed
            last = wh.streets[-1]
            raise FloorcallError("street_empty", at=last.at, street=last.street, hint=f"{last.street}: A check, B check")
        if o.reason == "next_unnamed":  # one player typed after the flop: the next has not acted
            lone = h.last.seats[0].name
            b = other_name(lone)
            verb = "call" if o.to_call > 0 else "check"
            raise FloorcallError("hand_not_finished_unnamed", at=offset + len(args.rstrip()), player=lone,
                                 street=h.streets[-1].street, hint=f"{b} {verb} / {b} fold")
        shown = None
        if wh.cards is not None:  # cards typed: they decide the showdown (handlers/cards.py, rule 13)
            from handlers.cards import apply_cards, hilo

            shown = apply_cards(args, wh, h, ctx)
        untyped = untyped_streets(h)
        s = settle_hand(wh, h, ctx, untyped)
        if shown is not None:
            s = hilo(s, shown, h, wh, ctx)
    except FloorcallError as err:
        return whole_error("pot", ctx, err)
    if wh.mucked:
        sep = list_sep(ctx.lang)
        h.notes.append(Note("mucked_allin" if s.show_reason == "allin_face_up" else "mucked",
                            {"players": sep.join(wh.mucked)}))
    if (money := MONEY.get()) is not None and money.scale > 1 and any(p.odd_chips for p in s.pots):
        # `NL 0.50/1`: the split is counted in the smallest unit the line's decimals make whole
        # (0.10 there), which the note names, with how to split finer (21).
        places = max(2, len(str(money.scale)))  # one decimal finer than the line's, cents at least
        finest = "0." + "0" * (places - 1) + "1"
        h.notes.append(Note("odd_chip_money", {"unit": wh.chip_unit, "finest": finest}))
    elif wh.chip_unit == 1 and any(p.odd_chips for p in s.pots):
        # Split in chips of 1 for want of `chip N`: no tournament plays a 1 at 25/50. The smallest
        # chip the posts need is the likely one; the note says so and how to split in it (21).
        likely = math.gcd(wh.sb, wh.bb, wh.ante, wh.bba)
        if likely > 1:
            h.notes.append(Note("odd_chip_unit", {"chip": likely}))
    if untyped:
        sep = list_sep(ctx.lang)
        h.notes.append(Note("streets_not_typed", {"streets": sep.join(STREET_NAMES(x, ctx.lang) for x in untyped),
                                                  "count": len(untyped)}))
    reply = build_reply(h, s, ctx)
    if shown is not None:
        from handlers.cards import add_to_reply

        add_to_reply(reply, s, shown, ctx)
    return level_note(reply, wh, ctx)


def pot_name(pot: Pot, lang: str) -> str:
    if pot.name == "main":
        return TEXT("main", lang)
    return TEXT("side", lang, n=pot.name.removeprefix("side"))


def _winners(pot: Pot, lang: str) -> str:
    sep = "・" if lang == "ja" else (" and " if lang == "en" and len(pot.winners) == 2 else ", ")
    return sep.join(pot.winners) if pot.winners else TEXT("none", lang)


def table_lines(s: Settlement, lang: str) -> list[str]:
    """The pots as a small monospace table: pot, amount, who can win it, who won it, odd chip."""
    none = TEXT("none", lang)
    head = [TEXT(k, lang) for k in ("col_pot", "col_amount", "col_eligible", "col_winners", "col_odd")]
    rows = [head]
    for pot in s.pots:
        odd = " ".join(f"{p} +{n(c)}" for p, c in pot.odd_chips.items()) or none
        winners = " ".join(pot.winners) if pot.winners else none
        rows.append([pot_name(pot, lang), n(pot.amount), " ".join(pot.eligible), winners, odd])
    widths = [max(_width(r[i]) for r in rows) for i in range(len(head))]
    return ["  ".join(c + " " * (widths[i] - _width(c)) for i, c in enumerate(r)).rstrip() for r in rows]


def _width(text: str) -> int:
    """Columns a string takes in a monospace block: CJK characters take two."""
    return sum(2 if ord(ch) > 0x2E7F else 1 for ch in text)


def _headline(h: HandResult, s: Settlement, lang: str) -> str:
    total = sum(p.amount for p in s.pots)
    key = {1: "one_pot", 2: "two_pots"}.get(len(s.pots), "pots")
    parts = [TEXT(key, lang, count=len(s.pots), total=n(total), sides=len(s.pots) - 1)]
    live = [p for p in h.table if p not in h.folded]
    if len(live) == 1:
        parts.append(TEXT("award_all", lang, p=live[0]))
    elif s.settled:
        if len(s.pots) == 1:
            key = "award_single" if len(s.pots[0].winners) == 1 else "award_single_split"
            parts.append(TEXT(key, lang, w=_winners(s.pots[0], lang)))
        else:
            by_name = {p.name: p for p in s.pots}
            sep = list_sep(lang)
            items = sep.join(TEXT("award_item" if len(by_name[k].winners) == 1 else "award_split", lang,
                                  pot=pot_name(by_name[k], lang), w=_winners(by_name[k], lang))
                             for k in s.award_order)
            parts.append(TEXT("award_each", lang, list=items))
    else:
        parts.append(TEXT("no_showdown_yet", lang))
    return ("" if lang == "ja" else " ").join(parts)


def show_line(s: Settlement, lang: str) -> str | None:
    sep = list_sep(lang)
    if s.show_reason == "allin_face_up":
        return TEXT("show_allin", lang, order=sep.join(s.show_order))
    if s.show_reason == "last_aggressor":
        return TEXT("show_aggressor", lang, p=s.show_order[0], rest=" → ".join(s.show_order[1:]))
    if s.show_reason == "first_left_of_button":
        return TEXT("show_first_left", lang, order=" → ".join(s.show_order))
    return None


def note_text(note: Note, lang: str) -> str:
    values: dict[str, Any] = {k: (n(v) if isinstance(v, int) and not isinstance(v, bool) else v)
                              for k, v in note.params.items()}
    return TEXT("n_" + note.code, lang, **values)


def build_reply(h: HandResult, s: Settlement, ctx: Context) -> Reply:
    lang = ctx.lang
    fields: list[Field] = []
    if s.returned:
        fields.append(Field(TEXT("f_returned", lang),
                            "\n".join(TEXT("returned_line" if r.reason == "uncalled" else "blinds_to_bb_line", lang,
                                                 p=r.player, n=n(r.amount)) for r in s.returned)))
    if sum(h.dead.values()):
        fields.append(Field(TEXT("f_dead", lang), n(sum(h.dead.values())), True))
    show = show_line(s, lang)
    if show:
        fields.append(Field(TEXT("f_show", lang), show))
    after = stacks_after(h, s)
    if after is not None:
        fields.append(Field(TEXT("f_stacks_after", lang), list_sep(lang).join(f"{p} {n(v)}" for p, v in after.items())))
    elif h.stacks_left is not None:
        fields.append(Field(TEXT("f_stacks_left", lang), list_sep(lang).join(f"{p} {n(v)}" for p, v in h.stacks_left.items())))
    if s.settled:
        fields.append(Field(TEXT("f_payoffs", lang),
                            list_sep(lang).join(f"{p} {'+' if v > 0 else ''}{n(v)}" for p, v in s.payoffs.items())))
    if h.notes:
        fields.append(Field(TEXT("f_notes", lang), "\n".join(note_text(x, lang) for x in h.notes)))
    headline = _headline(h, s, lang)
    if lang == "ko":
        headline = resolve_particles(headline)
        fields = [Field(f.name, resolve_particles(f.value), f.inline) for f in fields]
    citations = list(dict.fromkeys(list(h.citations) + [c for r in h.streets for c in r.ruling.citations]
                                   + list(s.citations)))
    return Reply(
        ok=True,
        command="pot",
        lang=lang,
        ruleset=ctx.ruleset_id,
        headline=headline,
        fields=fields,
        citations=make_citations(citations, lang, ctx.ruleset),
        data=pot_json(h, s),
        working=table_lines(s, lang),
        working_title=TEXT("table_title", lang),
        citations_title=rules_heading(lang),
        footer=with_fallback(TEXT("footer", lang), citations, lang, ctx.ruleset),
    )


def pot_json(h: HandResult, s: Settlement) -> dict[str, Any]:
    """The spec's `pot` shape, then our additions (README: whole hands)."""
    out: dict[str, Any] = {
        "pots": [p.to_json() for p in s.pots],
        "returned": {r.player: r.amount for r in s.returned},
        "show_order": list(s.show_order),
        "award_order": list(s.award_order),
        "show_reason": s.show_reason,
        "contributions": dict(h.contributions),
        "payoffs": dict(s.payoffs) if s.settled else None,
    }
    if h.whole.mucked:
        out["mucked"] = list(h.whole.mucked)
    if sum(h.dead.values()):
        out["dead"] = {p: v for p, v in h.dead.items() if v}
    if h.stacks_left is not None:
        out["stacks_left"] = dict(h.stacks_left)
    after = stacks_after(h, s)
    if after is not None:
        out["stacks_after"] = after
    return out


def stacks_after(h: HandResult, s: Settlement) -> dict[str, int] | None:
    """Each player's chips once the pots are pushed (stacks typed and every pot awarded)."""
    if h.stacks is None or not s.settled or set(h.stacks) != set(h.table):
        return None
    return {p: h.stacks[p] + s.payoffs[p] for p in h.table}
