"""The `clock` command: reading `clock A` / `clock player:A facing:bet`, and what a clock says.

`handle()` starts a clock under the ruleset's times (or the server's) and answers at once with
its start, countdown and end times, so the console's `--json` and the Discord message share one
reply. `clock_reply()` renders a clock in any phase; the Discord cog calls it on each state
change with its own time format (cogs/timed.py), the console with wall-clock times: handlers
deal in Unix times and never write a chat surface's markup.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo
from typing import Any

from engine.errors import FloorcallError
from engine.notation.names import clean_name, without_honorific
from handlers.citations import make_citations, rules_heading
from handlers.clock.messages import MSG
from handlers.clock.model import Clock, Facing, Phase, clock_rule, start_clock, time_source
from handlers.context import Context
from handlers.durations import seconds_of
from handlers.errors import error_reply
from handlers.reply import Field, Reply

MAX_PLAYER = 40


_PLAYER_KEYS = frozenset({"player", "p", "プレイヤー", "플레이어"})
_SEAT_KEYS = frozenset({"seat", "席", "좌석"})
_FACING_KEYS = frozenset({"facing", "face", "bet", "ベット", "벳", "베팅"})
_FACING_VALUES: dict[str, Facing] = {
    **dict.fromkeys(["bet", "yes", "y", "facing", "true", "あり", "有り", "有", "ある", "있음", "있다", "유"], "bet"),
    **dict.fromkeys(
        ["no-bet", "nobet", "no_bet", "no", "n", "none", "false", "check", "なし", "無し", "無", "ない", "없음", "없다", "무"],
        "no_bet",
    ),
}
# Phrases that say it on their own, anywhere after the player: "ベット有り", "벳 있음" ...
_FACING_PHRASES: dict[str, Facing] = {
    "facing-bet": "bet",
    "no-bet": "no_bet",
    "nobet": "no_bet",
    **{stem + word: v for stem in ("ベット", "벳", "베팅") for word, v in _FACING_VALUES.items() if not word.isascii()},
    # How a floor says "no bet to face" in one word: ノーベット, 노벳, 노베팅.
    **dict.fromkeys(["ノーベット", "노벳", "노베팅"], "no_bet"),
    # "Facing a bet" said as a phrase (`クロック 山田さん ベットに直面`, `클락 4번 벳을 마주한`): had been
    # part of the player's name (a clock on 「山田さん ベットに直面」).
    **dict.fromkeys(["ベットに直面", "ベットに直面している", "ベットに直面中", "ベット直面", "ベットを受けている",
                     "벳을마주한", "벳을마주함", "벳마주", "벳을마주하고있음", "베팅을마주한", "베팅마주"], "bet"),
    **dict.fromkeys(["ベットに直面していない", "벳을마주하지않음"], "no_bet"),
}
# A bet word alone after the player says the same (`clock A bet` already did): `山田さん ベット`.
_BET_WORDS = frozenset({"bet", "ベット", "벳", "베팅"})
# The word "player" beside a seat or name (`클락 4번 플레이어`, `クロック 3番 プレイヤー`): a noun, not a name;
# it had seated a player called 「4번 플레이어」 rather than seat 4.
_PLAYER_NOUNS = frozenset({"player", "プレイヤー", "플레이어", "選手", "선수"})


# A Discord mention (`<@123>`, `<@!123>`, a role `<@&123>`, a channel `<#123>`) or `@everyone` /
# `@here` typed as the whole player: the clock's message would show a number (mentions are escaped
# so that nobody is pinged), which no one at the table can read. Refused with a hint. Inside a
# longer name it is only text, shown escaped like the rest.
_MENTION = re.compile(r"^(<(@[!&]?|#)\d+>|@everyone|@here)$", re.IGNORECASE)
# "clock on seat 4", "clock on Bob": the English preposition is not part of the name.
_LEADING_WORDS = frozenset({"on"})
# The same seat however it is typed: `seat 4`, `4`, `#4`, `4番`, `4番席`, `席4`, `4번`, `4번 좌석`,
# `좌석 4` all key as `seat4` (the key `seat 4` always had), so a second clock on it is refused.
_SEAT = re.compile(r"^(?:seat|席|좌석|자리|#)?(\d{1,3})(?:番席|番|席|번좌석|번자리|번석|번)?$")


@dataclass(frozen=True)
class ClockRequest:
    player: str
    facing: Facing | None


def _norm(word: str) -> str:
    return unicodedata.normalize("NFKC", word).casefold()


def _tokens(args: str, offset: int) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    i = 0
    while i < len(args):
        if args[i].isspace():
            i += 1
            continue
        j = i
        while j < len(args) and not args[j].isspace():
            j += 1
        out.append((args[i:j], offset + i))
        i = j
    return out


def parse_request(args: str, offset: int = 0) -> ClockRequest:
    """Player and facing from `A`, `seat 4`, `player:A facing:bet`, `A ベット有り`, `A 벳 없음`.

    Raises FloorcallError with the offset of the word that could not be read.
    """
    toks = _tokens(args, offset)
    player: list[str] = []
    facing: Facing | None = None
    end = offset + len(args)

    def set_facing(value: Facing) -> None:
        nonlocal facing
        if facing is not None and facing != value:  # hint: the first one given, alone
            raise FloorcallError("facing_conflict", at=at, hint="facing:" + ("bet" if facing == "bet" else "no-bet"))
        facing = value

    i = 0
    if len(toks) > 1 and _norm(toks[0][0]) in _LEADING_WORDS:
        i = 1
    while i < len(toks):
        word, at = toks[i]
        norm = _norm(word)
        key, sep, value = norm.partition(":")
        if (seconds := seconds_of(word)) is not None:
            # `clock A 90s`, `Aさん 60秒`, `A 1:30`, `clock 1:30`: a time, not a name. One clock's time
            # is not an option (the ruleset's or the server's apply); this used to start the
            # ruleset's 25 seconds on a player called "A 90s".
            j = i + 1  # `1분 30초`: the time goes on in the next word
            while j < len(toks) and (more := seconds_of(word + toks[j][0])) is not None:
                word, seconds, j = f"{word} {toks[j][0]}", more, j + 1
            raise FloorcallError("time_given", at=at, hint=_time_hint(seconds), word=word)
        if sep and key:
            raw_key, _, raw_value = word.replace("：", ":").partition(":")
            if key in _FACING_KEYS:
                if not value and i + 1 < len(toks):  # "facing: bet"
                    i += 1
                    value, at = _norm(toks[i][0]), toks[i][1]
                else:
                    at += len(raw_key) + 1
                if value not in _FACING_VALUES:
                    raise FloorcallError("bad_facing", at=at, hint=_facing_hint(value), value=value or word)
                set_facing(_FACING_VALUES[value])
            elif key in _SEAT_KEYS:  # "seat:4" is seat 4
                player.append(f"{raw_key} {raw_value}".strip())
            elif key in _PLAYER_KEYS:
                if raw_value:
                    player.append(raw_value)
            else:
                raise FloorcallError("unknown_option", at=at, hint=_key_hint(key), key=raw_key)
        elif norm in ("facing", "face") and i + 1 < len(toks):  # "facing bet", "facing a bet"
            i += 1
            if _norm(toks[i][0]) == "a" and i + 1 < len(toks):
                i += 1
            value, at = _norm(toks[i][0]), toks[i][1]
            if value not in _FACING_VALUES:
                raise FloorcallError("bad_facing", at=at, hint=_facing_hint(value), value=value)
            set_facing(_FACING_VALUES[value])
        elif player and i == len(toks) - 1 and norm in ("facing", "face"):  # "clock A facing" and no value
            raise FloorcallError("bad_facing", at=at + len(word), hint="bet", value=word)
        elif player and i == len(toks) - 1 and norm in _BET_WORDS:  # "clock A bet": facing a bet
            set_facing("bet")
        elif norm in _PLAYER_NOUNS and len(toks) > 1:  # `4번 플레이어`, `player 4`: the noun, not a name
            pass
        elif player and i == len(toks) - 2 and norm == "no" and _norm(toks[i + 1][0]) == "bet":  # "A no bet"
            set_facing("no_bet")
            i += 1
        elif norm in _FACING_PHRASES and player:
            set_facing(_FACING_PHRASES[norm])
        elif i + 1 < len(toks) and norm + _norm(toks[i + 1][0]) in _FACING_PHRASES and player:
            set_facing(_FACING_PHRASES[norm + _norm(toks[i + 1][0])])
            i += 1
        else:
            player.append(word)
        i += 1
    name = " ".join(player).strip()
    if not name:
        raise FloorcallError("no_player", at=end, hint="seat 4")
    if len(player) == 1 and _MENTION.match(_norm(name)):  # the whole name is a mention
        at = next((a + len(w) - len(name) for w, a in toks if w.endswith(name)), offset)
        raise FloorcallError("player_mention", at=at, hint="seat 4", word=name)
    if len(player) == 1:
        name = without_honorific(name)  # `山田さん`, `지훈 님`: the player is 山田 (as in a hand's names)
    name = clean_name(name, offset, hint="seat 4")
    if len(name) > MAX_PLAYER:
        raise FloorcallError("player_too_long", at=offset, hint="seat 4", length=len(name), limit=MAX_PLAYER)
    return ClockRequest(name, facing)


def _facing_hint(value: str) -> str | None:
    from rapidfuzz import process

    best = process.extractOne(value, list(_FACING_VALUES), score_cutoff=60) if value else None
    return ("bet" if _FACING_VALUES[best[0]] == "bet" else "no-bet") if best else "bet"


def _key_hint(key: str) -> str | None:
    from rapidfuzz import process

    if key in _TIME_KEYS:  # the clock's times are the server's setting, not an option of one clock
        return "/settings clock"
    best = process.extractOne(key, ["player", "facing"], score_cutoff=50)
    return best[0] if best else "player"


def _time_hint(seconds: int) -> str:
    """Where a clock's times are set: the server's, with the seconds typed when they fit.
    (The bounds are the clock model's, imported on this error only.)"""
    from handlers.clock.model import CLOCK_SECONDS_RANGE

    low, high = CLOCK_SECONDS_RANGE
    return f"/settings clock seconds:{seconds}" if low <= seconds <= high else "/settings clock"


_TIME_KEYS = frozenset({"seconds", "second", "secs", "sec", "s", "countdown", "time", "秒", "時間", "초", "시간"})


def player_key(player: str) -> str:
    """The same player however it is typed: `Seat 4`, `seat  4`, `ＳＥＡＴ４`, `4番席`, `4번 좌석`...
    (duplicates). A seat keys as `seat<N>`, as `seat 4` did before seats were read in ja/ko."""
    key = "".join(_norm(player).split())
    seat = _SEAT.match(key)
    return f"seat{int(seat.group(1))}" if seat else key


# -- rendering --------------------------------------------------------------------------------


def _console_zone() -> tzinfo | None:
    """The zone console times are shown in: `FLOORCALL_TZ` (an IANA name such as Asia/Tokyo) if
    set and known, else the machine's own zone (None). A TD reads the clock against the clock on
    the wall; UTC alone made a Tokyo room add nine hours in their head. Discord's timestamps are
    already shown in each reader's zone, so this is for the console and plain text only."""
    name = os.environ.get("FLOORCALL_TZ", "").strip()
    if name:
        try:
            from zoneinfo import ZoneInfo

            return ZoneInfo(name)
        except (KeyError, ValueError, OSError):  # an unknown name: the machine's zone, as unset
            return None
    return None


def utc_time(t: float) -> str:
    """Wall-clock time for text outside Discord, in the console's zone with its name (`17:40:05
    JST`); the name of the function is kept for its callers (it had always been UTC)."""
    local = datetime.fromtimestamp(t, UTC).astimezone(_console_zone())
    return local.strftime("%H:%M:%S ") + (local.tzname() or local.strftime("%z"))


def iso(t: float | None) -> str | None:
    if t is None:
        return None
    return datetime.fromtimestamp(t, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _outcome_lines(clock: Clock, ctx: Context) -> list[str]:
    rule = clock_rule(ctx.ruleset)
    return [MSG(f"{facing}_{outcome}", ctx.lang) for facing, outcome in clock.outcomes(rule).items()]


def clock_reply(
    clock: Clock,
    ctx: Context,
    now: float,
    fmt_time: Callable[[float], str] = utc_time,
    server_times: bool = False,
) -> Reply:
    """What a clock says in its phase at `now`: who, by whom, the times or the outcome, rule."""
    lang = ctx.lang
    phase = clock.phase(now)
    params = {"player": clock.player, "seconds": clock.seconds, "countdown": clock.countdown}
    if phase is Phase.ACTED and clock.same_moment:
        headline = MSG("acted_same_moment", lang, **params)
    elif phase is Phase.EXPIRED and clock.held:
        headline = MSG("expired_held", lang, **params, at=fmt_time(clock.ends_at))
    elif phase is Phase.EXPIRED and clock.closed_late:
        headline = MSG("expired_late", lang, **params)
    elif phase is Phase.RUNNING and not clock.countdown:  # a server's `countdown:0`: no "0-second countdown"
        headline = MSG("running_no_countdown", lang, **params)
    else:
        headline = MSG(phase.value, lang, **params)
    fields: list[Field] = [Field(MSG("f_player", lang), clock.player, inline=True)]
    if clock.started_by:
        fields.append(Field(MSG("f_started_by", lang), clock.started_by, inline=True))
    if clock.facing is not None:
        fields.append(Field(MSG("f_facing", lang), MSG(f"facing_{clock.facing}", lang), inline=True))
    footer: str | None = None
    rule = clock_rule(ctx.ruleset)
    if phase.live:
        if phase is Phase.RUNNING and clock.countdown:
            fields.append(Field(MSG("f_countdown_at", lang), fmt_time(clock.countdown_at), inline=True))
        fields.append(Field(MSG("f_ends_at", lang), fmt_time(clock.ends_at), inline=True))
        lines = _outcome_lines(clock, ctx)
        if rule.same_moment_stands:
            lines.append(MSG("same_moment_note", lang))
        fields.append(Field(MSG("f_if_time", lang), "\n".join(lines)))
        if server_times:
            footer = MSG("server_times", lang)
    elif phase is Phase.EXPIRED:
        if clock.held:  # told late: nobody at the table heard the end in time, the floor decides
            fields.append(Field(MSG("f_outcome", lang), MSG("floor_decides_held", lang)))
            footer = MSG("held_late", lang)
        elif clock.closed_late:  # nobody could press Acted: no outcome by rule, the floor decides
            fields.append(Field(MSG("f_outcome", lang), MSG("floor_decides", lang)))
            footer = MSG("closed_late", lang)
        else:
            fields.append(Field(MSG("f_outcome", lang), "\n".join(_outcome_lines(clock, ctx))))
    elif clock.stopped_by:
        fields.append(Field(MSG("f_stopped_by", lang), clock.stopped_by, inline=True))
    return Reply(
        ok=True,
        command="clock",
        lang=lang,
        ruleset=ctx.ruleset_id,
        headline=headline,
        fields=fields,
        citations=make_citations(ctx.ruleset.c("clock"), lang, ctx.ruleset),
        data=clock_data(clock, ctx, now),
        footer=footer,
        citations_title=rules_heading(lang),
    )


def clock_data(clock: Clock, ctx: Context, now: float) -> dict[str, Any]:
    """The JSON keys of a clock reply: the spec's `player, seconds, countdown`, then the times."""
    rule = clock_rule(ctx.ruleset)
    return {
        "player": clock.player,
        "seconds": clock.seconds,
        "countdown": clock.countdown,
        "facing": clock.facing,
        "state": clock.phase(now).value,
        "started_by": clock.started_by,
        "started_at": iso(clock.started_at),
        "countdown_at": iso(clock.countdown_at),
        "ends_at": iso(clock.ends_at),
        "ends_at_unix": round(clock.ends_at, 3),
        "stopped_at": iso(clock.stopped_at),
        "on_time": dict(clock.outcomes(rule)),
        "same_moment_stands": rule.same_moment_stands,
    }


def new_clock(request: ClockRequest, ctx: Context, now: float) -> Clock:
    """A clock for a request under the context's ruleset and server times."""
    return start_clock(
        ctx.ruleset,
        request.player,
        now,
        facing=request.facing,
        started_by=ctx.user,
        seconds=ctx.clock_seconds,
        countdown=ctx.clock_countdown,
    )


def uses_server_times(ctx: Context) -> bool:
    return ctx.clock_seconds is not None or ctx.clock_countdown is not None


def handle(args: str, offset: int, ctx: Context) -> Reply:
    """Start a clock and answer at once with its times (the console and Discord both wait elsewhere)."""
    try:
        request = parse_request(args, offset)
    except FloorcallError as err:
        return error_reply("clock", ctx, err, MSG)
    now = time_source().now()
    from handlers.clock.session import current_clocks

    session = current_clocks()
    key = player_key(request.player)
    running = session.running(key, now) if session is not None else None
    if running is not None:  # as on Discord: the clock already on that player, not a second one
        reply = clock_reply(running, ctx, now, server_times=uses_server_times(ctx))
        reply.headline = f"{reply.headline}\n{MSG('already_running', ctx.lang, player=running.player)}"
        reply.data["started"] = False
        return reply
    if session is not None and session.full(now):
        from handlers.clock.session import MAX_RUNNING

        full = FloorcallError("too_many_clocks", at=offset, limit=MAX_RUNNING)
        return error_reply("clock", ctx, full, MSG)
    clock = new_clock(request, ctx, now)
    if session is not None:
        session.clocks[key] = clock
    return clock_reply(clock, ctx, now, server_times=uses_server_times(ctx))
