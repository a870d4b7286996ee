"""The `blinds` command in the console: `blinds start <structure>`, `blinds`, `pause`, `resume`,
`next`, `back`, `stop` on the console session's clock (see `session`).

On Discord the same words are slash subcommands run by `cogs/blinds.py` over `service`; this
entry point answers only where a console session is in use, and says the command is not
available anywhere else rather than run a clock nobody would see.
"""

from __future__ import annotations

import unicodedata

from engine.errors import FloorcallError
from handlers.blinds.session import current_session
from handlers.context import Context
from handlers.errors import error_reply
from handlers.reply import Reply

SUBCOMMANDS: dict[str, str] = {
    **dict.fromkeys(["start", "開始", "スタート", "시작"], "start"),
    **dict.fromkeys(["show", "status", "表示", "状況", "보기", "상태"], "show"),
    **dict.fromkeys(["pause", "一時停止", "ポーズ", "일시정지", "정지"], "pause"),
    **dict.fromkeys(["resume", "再開", "재개"], "resume"),
    **dict.fromkeys(["next", "次", "次へ", "다음"], "next"),
    **dict.fromkeys(["back", "prev", "previous", "戻る", "前", "이전", "뒤로"], "back"),
    # 停止 is "stop" (一時停止 is the pause); ストップ and 스톱 as the floor says it (issue 21).
    **dict.fromkeys(["stop", "end", "終了", "종료", "중지", "停止", "ストップ", "스톱"], "stop"),
}


# What to type instead when the clock's state forbids a command (`resume` while it runs ...).
STATE_HINTS: dict[str, str] = {
    "not_running": "blinds start turbo",
    "already_paused": "blinds resume",
    "not_paused": "blinds pause",
    "last_level": "blinds stop",
    "first_level": "blinds next",
    "stopped": "blinds start turbo",
}


def refuse_extra(sub: str, rest: str, rest_at: int) -> None:
    """`blinds pause 5m`, `blinds next 2`: these words take nothing, and what follows them was
    dropped without a word (a TD would think the clock paused for five minutes)."""
    if sub != "start" and rest.strip():
        extra = rest_at + len(rest) - len(rest.lstrip())
        raise FloorcallError("blinds_extra", at=extra, hint=f"blinds {sub}", word=rest.strip(), sub=sub)


def split_sub(args: str, offset: int) -> tuple[str, str, int, int]:
    """(subcommand, its arguments, their offset, the subcommand's offset); `show` when empty."""
    stripped = args.lstrip()
    at = offset + len(args) - len(stripped)
    if not stripped:
        return "show", "", at, at
    word = stripped.split(None, 1)[0]
    sub = SUBCOMMANDS.get(unicodedata.normalize("NFKC", word).casefold())
    if sub is None:
        from rapidfuzz import process

        from handlers.blinds.structure import looks_like_structure

        if looks_like_structure(word):  # `blinds turbo`, `blinds 20m: 100/200 ...`: "start" left out
            hint = "blinds start " + (stripped if len(stripped) <= 40 else stripped[:39] + "…")
        else:
            best = process.extractOne(word.casefold(), list(SUBCOMMANDS), score_cutoff=60)
            hint = SUBCOMMANDS[best[0]] if best else "start"
        raise FloorcallError("blinds_unknown_sub", at=at, hint=hint, word=word)
    rest = stripped[len(word):]
    return sub, rest, at + len(word), at


def handle(args: str, offset: int, ctx: Context) -> Reply:
    from handlers.blinds.model import BlindClock, BlindsError
    from handlers.blinds.structure import parse_structure
    from handlers.blinds.text import ERRORS, MSG, status_reply
    from handlers.clock.model import time_source

    session = current_session()
    try:
        if session is None:
            raise FloorcallError("not_available", command="blinds")  # the whole command: no position to point at
        sub, rest, rest_at, sub_at = split_sub(args, offset)
        now = time_source().now()
        clock = session.clock if session.clock is not None and not session.clock.stopped else None
        if sub == "start":
            structure = parse_structure(rest, rest_at)
            if clock is not None:
                # In a break the entry has no number (this said "level -"): name the level before it.
                index = clock.position(now).index
                played = [lv for lv in clock.structure.levels[:index + 1] if not lv.is_break]
                key = "already_running_break" if clock.structure.levels[index].is_break else "already_running"
                reply = status_reply(clock, ctx, now, note=ERRORS(key, ctx.lang, n=played[-1].number))
                reply.data["started"] = False
                return reply
            session.clock = BlindClock(structure, now)
            reply = status_reply(session.clock, ctx, now, note=MSG("started", ctx.lang))
            reply.data["started"] = True
            return reply
        if clock is None:
            raise FloorcallError("not_running", at=sub_at, hint=STATE_HINTS["not_running"])
        refuse_extra(sub, rest, rest_at)
        if sub == "show":
            return status_reply(clock, ctx, now)
        try:
            session.clock = getattr(clock, sub)(now)
        except BlindsError as err:
            raise FloorcallError(err.code, at=sub_at, hint=STATE_HINTS.get(err.code)) from None
        who = ctx.user or MSG("someone", ctx.lang)
        return status_reply(session.clock, ctx, now, note=MSG(f"did_{sub}", ctx.lang, user=who))
    except FloorcallError as err:
        return error_reply("blinds", ctx, err, ERRORS)
