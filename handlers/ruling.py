"""The `ruling` command: hand notation in, a cited ruling out (text, embed fields and JSON)."""

from __future__ import annotations

from typing import Any

from engine.errors import FloorcallError
from engine.notation import parse_hand
from engine.rulings import Options, RuledAction, Ruling, rule_hand
from handlers.citations import make_citations
from handlers.context import Context
from handlers.errors import error_reply
from handlers.reply import Field, Reply
from handlers.ruling_text import ERRORS, TEXT


def n(value: int | float) -> str:
    """Chip amounts with thousands separators, as dealers read them out."""
    return f"{int(value):,}"


def handle(args: str, offset: int, ctx: Context) -> Reply:
    try:
        hand = parse_hand(args, offset)
        ruling = rule_hand(hand, ctx.ruleset)
    except FloorcallError as err:
        return error_reply("ruling", ctx, err, ERRORS)
    return build_reply(ruling, ctx)


def _headline(r: Ruling, lang: str) -> str:
    o = r.options
    if o.to_act is None:
        if o.reason == "hand_over":
            winner = next((s.name for s in r.seats if s.status != "folded"), "?")
            return TEXT("hand_over", lang, p=winner)
        if r.bet_level == 0:
            return TEXT("round_over_nobet", lang)
        return TEXT("round_over", lang, w=n(r.bet_level))
    p = o.to_act
    parts = [TEXT("on", lang, p=p)]
    game = r.hand.game
    suffix = {"PL": "_pl", "FL": "_fl"}.get(game, "")
    if o.to_call > 0:
        parts.append(TEXT("to_call", lang, p=p, n=n(o.to_call), w=n(r.bet_level)))
        if o.can_raise:
            parts.append(TEXT("may_fold_call_raise" + suffix, lang, p=p, min=n(o.min_raise_to or 0), max=n(o.max_raise_to or 0)))
        else:
            parts.append(TEXT("may_call_fold", lang, p=p))
    elif r.bet_level == 0:
        parts.append(TEXT("may_check_bet" + suffix, lang, p=p, min=n(o.min_raise_to or 0), max=n(o.max_raise_to or 0)))
    elif o.can_raise:
        parts.append(TEXT("may_check_raise" + suffix, lang, p=p, min=n(o.min_raise_to or 0), max=n(o.max_raise_to or 0)))
    else:
        parts.append(TEXT("may_check_only", lang, p=p))
    why = _why(r, o, lang)
    if why:
        parts.append(why)
    sep = "" if lang == "ja" else " "
    return sep.join(parts)


def _why(r: Ruling, o: Options, lang: str) -> str | None:
    p = o.to_act
    row = next((w for w in r.working if w.player == p), None)
    if o.reason == "not_acted":
        return TEXT("why_not_acted", lang, p=p) if r.bet_level > 0 and o.to_call > 0 else None
    if o.reason in ("reopened", "not_reopened") and row is not None:
        if o.reason == "reopened" and row.by_full_raise and row.w - row.l < row.threshold:
            return TEXT("why_reopened_full", lang, p=p)
        key = "why_reopened" if o.reason == "reopened" else "why_not_reopened"
        return TEXT(key, lang, p=p, diff=n(row.w - row.l), thr=_thr(row.threshold))
    if o.reason == "barred":
        return TEXT("why_barred", lang, p=p)
    if o.reason == "cap_reached":
        return TEXT("why_cap", lang, cap=r.ruleset.limit_raise_cap)
    if o.reason == "no_opponent":
        return TEXT("why_no_opponent", lang)
    return None


def _thr(value: Any) -> str:
    return n(value) if value == int(value) else f"{float(value):,.1f}"


def _reading(a: RuledAction, lang: str) -> str:
    to = n(a.to)
    if a.ruled == "allin":
        codes = {x.code for x in a.notes}
        key = "r_allin_full" if a.full_raise else ("r_allin_short" if "short_allin" in codes else "r_allin")
        return TEXT(key, lang, to=to)
    if a.ruled == "undercall":
        return TEXT("r_undercall" if a.outcome == "must_call" else "r_undercall_td", lang, to=to)
    if a.ruled == "check" and not a.valid:
        return TEXT("r_check_invalid", lang)
    return TEXT("r_" + a.ruled, lang, to=to)


def _note_text(code: str, params: dict[str, Any], lang: str) -> str:
    values = {k: (n(v) if isinstance(v, int) and not isinstance(v, bool) else v) for k, v in params.items()}
    if code.startswith("undercall_"):
        values["why"] = TEXT("why_" + params.get("why", "multiway_raise"), lang)
    return TEXT("n_" + code, lang, **values)


def build_reply(r: Ruling, ctx: Context) -> Reply:
    lang = ctx.lang
    o = r.options
    fields: list[Field] = []
    if o.to_act is not None:
        fields.append(Field(TEXT("f_to_call", lang), n(o.to_call), True))
        if o.can_raise and o.min_raise_to is not None:
            label = "f_min_bet" if r.bet_level == 0 else "f_min_raise"
            fields.append(Field(TEXT(label, lang), n(o.min_raise_to), True))
        if o.max_raise_to is not None:
            fields.append(Field(TEXT("f_max_raise", lang), n(o.max_raise_to), True))
    fields.append(Field(TEXT("f_bet_level", lang), n(r.bet_level), True))
    if r.hand.game == "FL":
        fields.append(Field(TEXT("f_bet_unit", lang), n(r.full_raise), True))
    else:
        key = "f_full_raise" if r.ruleset.raise_basis == "increment" else "f_full_raise_level"
        fields.append(Field(TEXT(key, lang), n(r.full_raise), True))
    if r.hand.game == "PL":
        fields.append(Field(TEXT("f_pot", lang), n(r.pot_total), True))
    readings = []
    for a in r.actions:
        line = f"{a.player}: {a.input} → {_reading(a, lang)}"
        notes = " ".join(_note_text(x.code, x.params, lang) for x in a.notes)
        readings.append(line + (f" — {notes}" if notes else ""))
    if readings:
        fields.append(Field(TEXT("f_readings", lang), "\n".join(readings)))
    extra = [_note_text(x.code, x.params, lang) for x in r.notes]
    if extra:
        fields.append(Field(TEXT("f_notes", lang), "\n".join(extra)))
    working = []
    for w in r.working:
        verdict = TEXT("row_full", lang) if (w.by_full_raise and w.w - w.l < w.threshold) else TEXT(
            "row_yes" if w.reopened else "row_no", lang)
        sign = "≥" if w.w - w.l >= w.threshold else "<"
        working.append(f"{w.player}: W {n(w.w)} − L {n(w.l)} = {n(w.w - w.l)} {sign} {_thr(w.threshold)} → {verdict}")
    return Reply(
        ok=True,
        command="ruling",
        lang=lang,
        ruleset=ctx.ruleset_id,
        headline=_headline(r, lang),
        fields=fields,
        citations=make_citations(r.citations, lang, r.ruleset),
        data=_json(r),
        working=working,
        working_title=TEXT("f_working_fl" if r.hand.game == "FL" else "f_working", lang) if working else None,
        citations_title=TEXT("rules_title", lang),
        footer=TEXT("footer", lang),
    )


def _json(r: Ruling) -> dict[str, Any]:
    o = r.options
    return {
        "game": r.hand.game,
        "street": r.hand.street,
        "to_act": o.to_act,
        "to_call": o.to_call,
        "bet_level": r.bet_level,
        "full_raise": r.full_raise,
        "can_raise": o.can_raise,
        "min_raise_to": o.min_raise_to if o.can_raise else None,
        "max_raise_to": o.max_raise_to if o.can_raise else None,
        "players": {
            s.name: {"in": s.chips_in, "last_level": s.last_level, "acted": s.acted, "status": s.status} for s in r.seats
        },
        "actions": [a.to_json() for a in r.actions],
        "options_reason": o.reason,
        "pot": r.pot_total,
    }
