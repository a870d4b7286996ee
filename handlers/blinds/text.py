"""What the blind clock says: the status reply (text, embed fields, JSON) and the short announcements.

Times reach the text through `fmt_time`: wall-clock UTC in the console, a Discord timestamp that
counts down by itself on Discord (the cog passes its formatter; no Discord markup lives here).
The JSON carries the Unix times themselves (`ends_at`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from handlers.blinds.messages import ERRORS, MSG
from handlers.blinds.model import BlindClock, Position
from handlers.blinds.structure import Level
from handlers.clock import utc_time
from handlers.context import BlindLevel, Context
from handlers.reply import Field, Reply

FmtTime = Callable[[float], str]
__all__ = ["ERRORS", "MSG", "announcement", "blinds_text", "level_used", "status_reply"]


def n(value: int) -> str:
    return str(value) if -1000 < value < 1000 else f"{value:,}"


def blinds_text(lv: Level, lang: str) -> str:
    """`300/600, big blind ante 600` in the reply language."""
    params = {"sb": n(lv.sb), "bb": n(lv.bb), "ante": n(lv.ante)}
    key = {"ante": "with_ante", "bba": "with_bba"}.get(lv.ante_kind or "", "blinds") if lv.ante else "blinds"
    return MSG(key, lang, **params)


def _next_playing(clock: BlindClock, index: int) -> Level | None:
    return next((lv for lv in clock.structure.levels[index + 1:] if not lv.is_break), None)


def _last_played(clock: BlindClock, index: int) -> Level:
    return next((lv for lv in reversed(clock.structure.levels[: index + 1]) if not lv.is_break),
                clock.structure.levels[0])


def entry_text(lv: Level, lang: str) -> str:
    if lv.is_break:
        return MSG("break_short", lang, minutes=lv.minutes)
    return MSG("next_level", lang, n=lv.number, blinds=blinds_text(lv, lang), minutes=lv.minutes)


def _duration(seconds: float, lang: str) -> str:
    s = max(0, int(seconds + 0.999))
    return MSG("min_sec", lang, m=s // 60, s=s % 60)


def _colour(chips: tuple[int, ...], lang: str) -> str:
    sep = "・" if lang == "ja" else ", "
    return MSG("colour_up", lang, chips=sep.join(n(c) for c in chips))


def headline(clock: BlindClock, pos: Position, lang: str, warned: bool) -> str:
    lv = pos.level
    if clock.stopped:
        return MSG("stopped", lang, n=_last_played(clock, pos.index).number)
    if lv.is_break:
        after = _next_playing(clock, pos.index)
        assert after is not None  # a structure never ends with a break
        if clock.paused:
            return MSG("paused_break", lang, left=_duration(pos.left or 0, lang))
        key = "break_warning" if warned else "break"
        return MSG(key, lang, minutes=lv.minutes, n=after.number, blinds=blinds_text(after, lang))
    params = {"n": lv.number, "blinds": blinds_text(lv, lang)}
    if clock.paused:  # the last level has no time left to show, but is paused all the same
        if pos.left is None:
            return MSG("paused_last", lang, **params)
        return MSG("paused", lang, left=_duration(pos.left, lang), **params)
    return MSG("warning" if warned else "level", lang, **params)


def status_reply(clock: BlindClock, ctx: Context, now: float, fmt_time: FmtTime = utc_time,
                 note: str | None = None) -> Reply:
    """The status of the clock at `now`: level, blinds, ante, the end, the next level."""
    lang = ctx.lang
    pos = clock.position(now)  # once: the fields, the headline and the JSON all read it
    lv = pos.level
    fields: list[Field] = []
    if not clock.stopped:
        if not lv.is_break:
            fields.append(Field(MSG("f_blinds", lang), f"{n(lv.sb)}/{n(lv.bb)}", inline=True))
            ante = MSG(f"ante_kind_{lv.ante_kind}", lang, ante=n(lv.ante)) if lv.ante else MSG("no_ante", lang)
            fields.append(Field(MSG("f_ante", lang), ante, inline=True))
        if pos.ends_at is not None:
            fields.append(Field(MSG("f_resumes" if lv.is_break else "f_ends", lang), fmt_time(pos.ends_at), inline=True))
        elif pos.left is not None:
            fields.append(Field(MSG("f_left", lang), _duration(pos.left, lang), inline=True))
        if pos.next is not None:
            fields.append(Field(MSG("f_next", lang), entry_text(pos.next, lang)))
        else:
            fields.append(Field(MSG("f_next", lang), MSG("last", lang)))
        colour = lv.colour_up if lv.is_break else (pos.next.colour_up if pos.next and pos.next.is_break else ())
        if colour:
            fields.append(Field(MSG("f_colour_up", lang), _colour(colour, lang)))
    preset = clock.structure.name
    if preset is not None and MSG.has(f"preset_{preset}"):
        name = MSG(f"preset_{preset}", lang)
    else:
        name = preset or MSG("inline", lang, count=len(clock.structure.levels))
    fields.append(Field(MSG("f_structure", lang), name, inline=True))
    head = headline(clock, pos, lang, pos.warned)
    if note:
        head = f"{head}\n{note}"
    return Reply(
        ok=True,
        command="blinds",
        lang=lang,
        ruleset=ctx.ruleset_id,
        headline=head,
        fields=fields,
        data=status_data(clock, now, pos),
        footer=None if clock.stopped else MSG("footer", lang),
    )


def _level_json(lv: Level | None) -> dict[str, Any] | None:
    return None if lv is None else lv.to_json()


def status_data(clock: BlindClock, now: float, pos: Position | None = None) -> dict[str, Any]:
    """The spec's keys (level, small_blind, big_blind, ante, ante_kind, ends_at, paused, next),
    then this project's: break, left, index, structure, started_at, stopped. `pos`: the position
    at `now`, when the caller already has it."""
    pos = clock.position(now) if pos is None else pos
    lv = pos.level
    playing = None if lv.is_break else lv
    return {
        "level": playing.number if playing else None,
        "small_blind": playing.sb if playing else None,
        "big_blind": playing.bb if playing else None,
        "ante": playing.ante if playing else None,
        "ante_kind": playing.ante_kind if playing else None,
        "ends_at": None if pos.ends_at is None else round(pos.ends_at),
        "paused": clock.paused,
        "next": _level_json(pos.next),
        "break": _level_json(lv) if lv.is_break else None,
        "left": None if pos.left is None else round(pos.left, 3),
        "index": pos.index,
        "structure": clock.structure.name,
        "levels": len(clock.structure.levels),
        "started_at": round(clock.started_at, 3),
        "stopped": clock.stopped,
        "warning": pos.warned,
    }


def announcement(clock: BlindClock, now: float, lang: str, fmt_time: FmtTime = utc_time,
                 passed: list[Level] | None = None) -> str:
    """The short line posted when an entry begins (and which ones ended while the bot was away)."""
    pos = clock.position(now)
    lv = pos.level
    lines: list[str] = []
    if passed:
        sep = "、" if lang == "ja" else ", "
        names = [MSG("a_away_break", lang) if p.is_break else MSG("a_away_level", lang, n=p.number) for p in passed]
        lines.append(MSG("a_away", lang, passed=sep.join(names)))
    if lv.is_break:
        after = _next_playing(clock, pos.index)
        assert after is not None
        at = fmt_time(pos.ends_at) if pos.ends_at is not None else _duration(pos.left or 0, lang)
        line = MSG("a_break_one" if lv.minutes == 1 else "a_break", lang, minutes=lv.minutes, at=at, n=after.number,
                   blinds=blinds_text(after, lang))
        if lv.colour_up:
            line += ("" if lang == "ja" else " ") + _colour(lv.colour_up, lang)
        lines.append(line)
    elif pos.next is None:
        lines.append(MSG("a_last", lang, n=lv.number, blinds=blinds_text(lv, lang)))
    else:
        lines.append(MSG("a_level_one" if lv.minutes == 1 else "a_level", lang, n=lv.number,
                         blinds=blinds_text(lv, lang), minutes=lv.minutes))
    return "\n".join(lines)


def _as_level(level: BlindLevel) -> Level:
    return Level(1, level.sb, level.bb, level.ante, level.ante_kind, number=level.number)  # type: ignore[arg-type]


def _blinds_json(lv: Level) -> dict[str, Any]:
    """A level's blinds for a ruling's `blind_level` (its length says nothing about the hand)."""
    return {k: v for k, v in lv.to_json().items() if k != "minutes"}


def _new_level_rule(ruleset_id: str) -> str:
    """The ruleset's own number for "new limits start with the next hand" (2026 25-A, 2009 18)."""
    from engine.rulesets import DEFAULT_RULESET, RULESETS

    return RULESETS.get(ruleset_id, RULESETS[DEFAULT_RULESET]).c("new_level")[0]


def level_used(reply: Reply, level: BlindLevel) -> None:
    """Say, in a ruling whose header left the blinds out, which blind clock level supplied them."""
    lv = _as_level(level)
    key = "blind_level_used_break" if level.on_break else "blind_level_used"
    text = MSG(key, reply.lang, n=level.number, blinds=blinds_text(lv, reply.lang))
    reply.data["blind_level"] = data = _blinds_json(lv)
    if level.previous is not None and level.since is not None:
        old = _as_level(level.previous)
        text += ("" if reply.lang == "ja" else " ") + MSG(
            "blind_level_just_changed", reply.lang, n=level.number, s=level.since, p=level.previous.number,
            blinds=blinds_text(old, reply.lang), rule=_new_level_rule(reply.ruleset))
        data["since"] = level.since
        data["previous"] = _blinds_json(old)
    if level.on_break:
        data["on_break"] = True
    reply.fields.insert(0, Field(MSG("f_blind_level", reply.lang), text))
    if (level.on_break or level.previous is not None) and reply.ok:
        # the rule that says a hand keeps its level: cited, after the ruling's own
        from engine.rulesets import RULESETS
        from handlers.citations import make_citations

        if reply.ruleset in RULESETS:
            ruleset = RULESETS[reply.ruleset]
            have = {c.id for c in reply.citations}
            reply.citations += [c for c in make_citations(ruleset.c("new_level"), reply.lang, ruleset)
                                if c.id not in have]
