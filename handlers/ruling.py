"""A ruling on one street as a reply: headline, fields, working table, citations and JSON.

The `ruling` command itself is `handlers.ruling_command`, which sends a whole hand (streets,
stacks, antes) to `handlers.whole` and a single street here; `handlers.whole` and `handlers.pot`
build on this module, so it imports neither of them.
"""

from __future__ import annotations

from typing import Any

from engine.betting.rulings import Options, RuledAction, Ruling, WorkingRow
from engine.betting.state import NEXT_PLAYER
from engine.notation.money import MONEY
from handlers.citations import citation_label, make_citations, rules_heading, with_fallback
from handlers.context import Context
from handlers.i18n import COMPILED
from handlers.korean import resolve_particles
from handlers.reply import Field, Reply
from handlers.ruling_text import TEXT


def list_sep(lang: str) -> str:
    """How a list of players and amounts is parted in a reply line: `、` in Japanese (a `, ` in a
    Japanese line read as English punctuation), `, ` otherwise."""
    return "、" if lang == "ja" else ", "


def n(value: int | float) -> str:
    """Chip amounts with thousands separators, as dealers read them out; in a line of decimals or
    with a sign, in the units typed (`$29.50`: engine.notation.money)."""
    if (money := MONEY.get()) is not None:
        return money.show(value)
    if type(value) is not int:
        value = int(value)
    # No separator to place below a thousand, and str() is three times as fast as the grouping
    # format (a ruling formats some thirty amounts).
    return str(value) if -1000 < value < 1000 else f"{value:,}"


# Below, `t` is the ruling catalog in the reply language (`TEXT.templates(lang)`): a template is
# formatted only when it has values to fill in, exactly as `TEXT(key, lang, ...)` does.

_GAME_SUFFIX = {"PL": "_pl", "FL": "_fl"}


def _matched(r: Ruling) -> int:
    """What the players still in and not all-in have put in when the round is over: the bet, or
    less where an all-in for less capped their call (`BB 60` all-in at 50/100: the small blind's
    raise stands as a call of 60, and the headline had said everyone matched 100)."""
    ins = {s.chips_in for s in r.seats if s.status == "active"}
    if len(ins) == 1 and (level := next(iter(ins))) < r.bet_level:
        return level
    return r.bet_level


def _headline(r: Ruling, t: dict[str, str], lang: str) -> str:
    o = r.options
    lead = [_note_text(x.code, x.params, t) for x in r.notes if x.code == "query_no_decision"] if r.notes else []
    if o.to_act is None and o.reason != "next_unnamed":
        if o.reason == "hand_over":
            winner = next((s.name for s in r.seats if s.status != "folded"), t["next_player"])
            lead.append(COMPILED[t["hand_over"]](p=winner))
        elif r.bet_level == 0:
            lead.append(t["round_over_nobet"])
        else:
            lead.append(COMPILED[t["round_over"]](w=n(_matched(r))))
        return ("" if lang == "ja" else " ").join(lead)
    if o.to_act is None:
        p = t["next_player"]
        parts = [*lead, t["next_unnamed"]]
    else:
        p = o.to_act
        parts = [*lead, COMPILED[t["on"]](p=p)]
    suffix = _GAME_SUFFIX.get(r.hand.game, "")
    limits = {"p": p, "min": n(o.min_raise_to or 0)}
    if suffix == "_pl":  # only the pot-limit sentences name a maximum
        limits["max"] = n(o.max_raise_to or 0)
    if o.to_call > 0:
        parts.append(COMPILED[t["to_call"]](p=p, n=n(o.to_call), w=n(r.bet_level)))
        if o.can_raise and suffix == "_fl" and o.min_raise_to is not None and o.min_raise_to - r.bet_level < r.full_raise:
            # A short all-in stands above the last full bet: going to the next level completes that
            # bet rather than raising a whole bet over the all-in (49-B; seed 003 calls it コンプリート).
            parts.append(COMPILED[t["may_fold_call_complete_fl"]](**limits))
        elif o.can_raise:
            parts.append(COMPILED[t["may_fold_call_raise" + suffix]](**limits))
        else:
            parts.append(COMPILED[t["may_call_fold"]](p=p))
    elif r.bet_level == 0:
        parts.append(COMPILED[t["may_check_bet" + suffix]](**limits))
    elif o.can_raise:
        parts.append(COMPILED[t["may_check_raise" + suffix]](**limits))
    else:
        parts.append(COMPILED[t["may_check_only"]](p=p))
    why = _why(r, o, t)
    if why:
        parts.append(why)
    sep = "" if lang == "ja" else " "
    return sep.join(parts)


def _why(r: Ruling, o: Options, t: dict[str, str]) -> str | None:
    p = o.to_act
    if o.reason == "not_acted":
        if r.bet_level <= 0 or o.to_call <= 0:
            return None
        # The blind's aside only for a player who has chips in without having acted: a blind.
        posted = any(s.name == p and s.chips_in > 0 for s in r.seats)
        return COMPILED[t["why_not_acted_blind" if posted else "why_not_acted"]](p=p)
    row = None
    for w in r.working:  # a loop: cheaper than next() over a generator for a few rows
        if w.player == p:
            row = w
            break
    if o.reason in ("reopened", "not_reopened") and row is not None:
        diff = row.w - row.l
        if o.reason == "reopened" and row.by_full_raise and not _at_least(diff, row.threshold):
            return COMPILED[t["why_reopened_full"]](p=p)
        key = "why_reopened" if o.reason == "reopened" else "why_not_reopened"
        threshold = row.threshold
        return COMPILED[t[key]](p=p, diff=n(diff), thr=n(threshold) if type(threshold) is int else _thr(threshold))
    if o.reason == "barred":
        # 55-B (a check out of turn heads-up) bars the raise for the round; 57 (a check facing a
        # bet) only against that bet. Each says its own reason.
        return COMPILED[t["why_barred_oot" if o.barred_for_round else "why_barred"]](p=p)
    if o.reason == "cap_reached":
        return COMPILED[t["why_cap"]](cap=r.ruleset.limit_raise_cap)
    if o.reason == "no_opponent":
        return t["why_no_opponent"]
    return None


def _thr(value: Any) -> str:
    """A reopening threshold: whole chips as usual; half a limit bet (49-B) may need a decimal."""
    if type(value) is int:
        return n(value)
    ratio = getattr(value, "as_integer_ratio", None)  # one call, not two Fraction properties
    if ratio is not None:
        numerator, denominator = ratio()
        if denominator == 1:  # a whole Fraction, without comparing Fractions
            return n(numerator)
    return n(value) if value == int(value) else f"{float(value):,.1f}"


def _at_least(diff: int, threshold: Any) -> bool:
    """`diff >= threshold`, by integer arithmetic for an int or Fraction threshold (a comparison
    with a Fraction runs in Python and costs ten times as much; so do its `numerator` and
    `denominator` properties, hence one `as_integer_ratio()`)."""
    if type(threshold) is int:
        return diff >= threshold
    ratio = getattr(threshold, "as_integer_ratio", None)
    if ratio is None:
        return diff >= threshold
    numerator, denominator = ratio()
    return diff * denominator >= numerator


def _reading(a: RuledAction, t: dict[str, str]) -> str:
    if a.oot is None:  # in turn: nearly every action
        return _reading_as_said(a, t)
    if a.oot == "void":
        return t["r_oot_void"]
    if a.oot == "pending":
        return COMPILED[t["r_oot_pending"]](reading=_reading_as_said(a, t))
    return _reading_as_said(a, t)


def _reading_as_said(a: RuledAction, t: dict[str, str]) -> str:
    ruled = a.ruled
    if ruled == "allin":
        if a.full_raise:
            key = "r_allin_full"
        else:
            key = "r_allin"
            for x in a.notes:  # a loop: cheaper than any() over a generator for one or two notes
                if x.code == "short_allin":
                    key = "r_allin_short"
                    break
        return COMPILED[t[key]](to=n(a.to))
    if ruled == "undercall":
        return COMPILED[t["r_undercall" if a.outcome == "must_call" else "r_undercall_td"]](to=n(a.to))
    if ruled == "check" and not a.valid:
        return t["r_check_invalid"]
    return COMPILED[t["r_" + ruled]](to=n(a.to))


def _note_text(code: str, params: dict[str, Any], t: dict[str, str], ruleset: Any = None) -> str:
    special = code == "query_no_decision" or code.startswith("undercall_")
    if not params and not special:
        return t["n_" + code]  # no values: the template as it stands, as below
    # Whole numbers as chip amounts (`type(v) is int`: neither a bool nor a Fraction is one);
    # `n(v)` inline for a small one, and a loop rather than a comprehension: calls fewer per note.
    values: dict[str, Any] = {}
    small = 0 if MONEY.get() is not None else 1000  # (in the units typed, every amount goes through n)
    for k, v in params.items():
        values[k] = (str(v) if -small < v < small else n(v)) if type(v) is int else v
    if special:
        if code.startswith("undercall_"):
            values["why"] = t["why_" + params.get("why", "multiway_raise")]
        else:
            code = f"{code}_{params['status']}"
    if values.get("due") == NEXT_PLAYER:
        values["due"] = t["next_player_lc"]
    if code == "short_allin" and "r" in params:  # half a bet (49-B) or the house's half: worded as such
        code = "short_allin_part"
    elif code == "blinds_typed_order":  # the rule by its name in the reply (第36項-C), not its id
        lang = next((x for x in ("ja", "ko", "en") if TEXT.templates(x) is t), "en")
        values["rule"] = citation_label(params["rule"], lang, ruleset) if ruleset is not None else params["rule"]
    elif code == "oot_void" and params.get("was") == 0:  # acted before anyone bet: there was no bet to face
        code = "oot_void_nobet"
    template = t["n_" + code]
    return COMPILED[template](**values) if values else template


def _rows_shown(r: Ruling) -> tuple[WorkingRow, ...]:
    """The reopening rows a reader needs: none while nobody has bet (every row would read
    `W 0 − L 0 = 0`, a test with nothing to reopen); with a player asked about, that player's row
    first, since the answer rests on it, then only the others who still face more than they put
    in (a player who has matched the bet has no decision until someone raises). With nobody to
    ask about (the round is over), every row, in the order they acted."""
    rows = r.working
    if not rows or r.bet_level == 0:
        return ()
    asked = r.options.to_act
    if asked is None:
        return rows
    first = tuple(w for w in rows if w.player == asked)
    return first + tuple(w for w in rows if w.player != asked and w.l < w.w)


def _working_lines(rows: tuple[WorkingRow, ...], t: dict[str, str]) -> list[str]:
    """The reopening table, a row per player who already acted: `B: W 200 − L 125 = 75 < 100 →
    no raise`. W and the threshold are the round's, the same in every row: formatted once."""
    out: list[str] = []
    shown: tuple[int, Any, str, str] | None = None  # (W, threshold) as last formatted
    small = 0 if MONEY.get() is not None else 1000  # (in the units typed, every amount goes through n)
    for w in rows:
        threshold = w.threshold
        if shown is None or shown[0] != w.w or shown[1] is not threshold:  # (`is not`: at worst formats again)
            shown = (w.w, threshold, n(w.w), n(threshold) if type(threshold) is int else _thr(threshold))
        diff = w.w - w.l
        reached = diff >= threshold if type(threshold) is int else _at_least(diff, threshold)  # (R: no call)
        if w.barred:
            verdict = t["row_barred"]
        elif w.by_full_raise and not reached:
            verdict = t["row_full"]
        else:
            verdict = t["row_yes" if w.reopened else "row_no"]
        sign = "≥" if reached else "<"
        # `n()` inline for the usual small whole amounts: two calls fewer per row
        low = w.l
        low_text = str(low) if type(low) is int and -small < low < small else n(low)
        diff_text = str(diff) if type(diff) is int and -small < diff < small else n(diff)
        out.append(f"{w.player}: W {shown[2]} − L {low_text} = {diff_text} {sign} {shown[3]} → {verdict}")
    return out


# Readings whose text is their template with the amount, whatever else the action carries.
_PLAIN = frozenset({"bet", "raise", "call", "check", "fold"})


def _plain_readings(t: dict[str, str]) -> dict[str, tuple[str, str | None]]:
    """The plain readings' templates in `t` (a language's view), split at `{to}`: (before, after),
    after None for a template without it. Pasting the amount between the two gives what
    `.format(to=...)` gives, at a fraction of its cost (a ruling reads a dozen actions). A
    template with any other brace is left out, so `_fields` formats it as before. Built once per
    view: a property of the language's words, not of any input."""
    cached = _PLAIN_READINGS.get(id(t))
    if cached is not None and cached[0] is t:  # the same view (an id can be reused by another)
        return cached[1]
    table: dict[str, tuple[str, str | None]] = {}
    for ruled in _PLAIN:
        head, mark, tail = t["r_" + ruled].partition("{to}")
        if not any(brace in head or brace in tail for brace in "{}"):
            table[ruled] = (head, tail if mark else None)
    _PLAIN_READINGS[id(t)] = (t, table)
    return table


_PLAIN_READINGS: dict[int, tuple[dict[str, str], dict[str, tuple[str, str | None]]]] = {}


def _fields(r: Ruling, t: dict[str, str]) -> list[Field]:
    o = r.options
    game = r.hand.game
    fields: list[Field] = []
    if o.to_act is not None or o.reason == "next_unnamed":
        fields.append(Field(t["f_to_call"], n(o.to_call), True))
        if o.can_raise and o.min_raise_to is not None:
            label = "f_min_bet" if r.bet_level == 0 else "f_min_raise"
            fields.append(Field(t[label], n(o.min_raise_to), True))
        if o.max_raise_to is not None:
            fields.append(Field(t["f_max_raise"], n(o.max_raise_to), True))
    fields.append(Field(t["f_bet_level"], n(r.bet_level), True))
    if game == "FL":
        fields.append(Field(t["f_bet_unit"], n(r.full_raise), True))
    else:
        key = "f_full_raise" if r.ruleset.raise_basis == "increment" else "f_full_raise_level"
        if r.bet_level == 0:  # nobody has bet: R is the minimum bet, no raise has been made yet
            key = "f_full_raise_nobet"
        fields.append(Field(t[key], n(r.full_raise), True))
    if game == "PL":
        fields.append(Field(t["f_pot"], n(r.pot_total), True))
    readings = []
    plain = _plain_readings(t)
    small = 0 if MONEY.get() is not None else 1000  # (in the units typed, every amount goes through n)
    for a in r.actions:
        ruled = a.ruled
        if a.oot is None and a.valid and (parts := plain.get(ruled)) is not None:  # a plain reading
            head, tail = parts
            if tail is None:  # `check`, `fold`: the template as it stands
                line = f"{a.player}: {a.input} → {head}"
            else:  # `n(to)` inline for a whole amount, and the line built in one piece
                to = a.to
                amount = (str(to) if -small < to < small else f"{to:,}") if type(to) is int and small else n(to)
                line = f"{a.player}: {a.input} → {head}{amount}{tail}"
        else:
            line = f"{a.player}: {a.input} → {_reading_as_said(a, t) if a.oot is None else _reading(a, t)}"
        if a.notes:
            if len(a.notes) == 1:  # one note (the usual): its text, without a list to join
                x = a.notes[0]
                notes = _note_text(x.code, x.params, t, r.ruleset)
            else:
                notes = " ".join([_note_text(x.code, x.params, t, r.ruleset) for x in a.notes])
            if notes:
                line = f"{line} — {notes}"
        readings.append(line)
    if readings:
        fields.append(Field(t["f_readings"], "\n".join(readings)))
    if r.notes and (said := [_note_text(x.code, x.params, t, r.ruleset) for x in r.notes if x.code != "query_no_decision"]):
        fields.append(Field(t["f_notes"], "\n".join(said)))
    return fields


def build_reply(r: Ruling, ctx: Context) -> Reply:
    lang = ctx.lang
    t = TEXT.templates(lang)
    working = _working_lines(_rows_shown(r), t)
    headline, fields = _headline(r, t, lang), _fields(r, t)
    if lang == "ko":  # templates formatted here, not through `TEXT(...)`: pick 은/는, 이/가 ... now
        headline = resolve_particles(headline)
        fields = [Field(f.name, resolve_particles(f.value), f.inline) for f in fields]
    # Positional, in the order of Reply's fields (ok, command, lang, ruleset, headline, fields,
    # citations, data, error, footer, working, working_title, citations_title): a third cheaper
    # than thirteen keywords.
    return Reply(
        True, "ruling", lang, ctx.ruleset_id, headline, fields,
        make_citations(r.citations, lang, r.ruleset), _json(r), None, with_fallback(t["footer"], r.citations, lang, r.ruleset),
        working,
        t["f_working_fl" if r.hand.game == "FL" else "f_working"] if working else None, rules_heading(lang),
    )


def _json(r: Ruling) -> dict[str, Any]:
    """The ruling's keys of the JSON contract. Plain loops rather than comprehensions or a helper
    per list: this runs once per reply, cold, where each call costs more than its work."""
    o = r.options
    players: dict[str, Any] = {}
    for s in r.seats:
        players[s.name] = {"in": s.chips_in, "last_level": s.last_level, "acted": s.acted, "status": s.status}
    # `[a.to_json() for a in r.actions]`, with the plainest action's dict (in turn, valid, no
    # outcome, no notes: most of them) built here, without a method call per action.
    actions: list[dict[str, Any]] = []
    for a in r.actions:
        if a.notes or a.outcome is not None or a.oot is not None or not a.valid:
            actions.append(a.to_json())
        else:  # the same keys in the same order as `RuledAction.to_json`
            actions.append({"player": a.player, "input": a.input, "ruled": a.ruled, "to": a.to,
                            "full_raise": a.full_raise, "rules": list(a.rules)})
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
        "players": players,
        "actions": actions,
        "options_reason": o.reason,
        "pot": r.pot_total,
    }
