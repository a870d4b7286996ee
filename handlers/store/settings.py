"""Per-server and per-channel settings: their keys and bounds, and what is in force where.

The rows live in the store (handlers/store: one table of `(scope, scope_id, key) -> value`, so a
feature that needs a new setting adds a key, not a migration) and are read from its memory; this
module is the pure part. Nothing here imports discord, so the console and tests can use it too.

Language resolution follows the spec: the channel's setting, else the server's, else the
server's preferred locale when it is Japanese or Korean, else English.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from engine.rulesets import DEFAULT_RULESET, RULESETS
from handlers.clock.model import CLOCK_COUNTDOWN_RANGE, CLOCK_SECONDS_RANGE
from handlers.context import Context
from handlers.i18n import DEFAULT_LANG, LANGS

log = logging.getLogger(__name__)

# Scopes a row can belong to. "app" holds process-wide facts (e.g. the synced commands' hash);
# "user" a person's own language, used where the bot is not installed (DMs, other servers).
CHANNEL, SERVER, APP, USER = "channel", "server", "app", "user"
SCOPES = (CHANNEL, SERVER, APP, USER)

# Well-known keys. Others (e.g. "clock_seconds") may be stored with `set`/`get` directly.
LANGUAGE, RULESET = "language", "ruleset"
CLOCK_SECONDS, CLOCK_COUNTDOWN = "clock_seconds", "clock_countdown"

# The clock times a server may set for itself live with the clock (handlers.clock.model), where the
# clock command's hint reads them without importing the store.


class ClockTimesError(ValueError):
    """Clock times a server may not set; `code` names the message, `params` fill it in."""

    def __init__(self, code: str, **params: int) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


def check_clock_times(seconds: int, countdown: int) -> None:
    """Raise ClockTimesError unless a server may run its clock at these times."""
    lo, hi = CLOCK_SECONDS_RANGE
    if not lo <= seconds <= hi:
        raise ClockTimesError("clock_seconds_range", value=seconds, min=lo, max=hi)
    lo, hi = CLOCK_COUNTDOWN_RANGE
    if not lo <= countdown <= hi:
        raise ClockTimesError("clock_countdown_range", value=countdown, min=lo, max=hi)
    if countdown > seconds:
        raise ClockTimesError("clock_countdown_longer", seconds=seconds, countdown=countdown)


@dataclass(frozen=True)
class ClockTimes:
    """The clock's times in force in a server, and which of them the server set itself.

    `server_seconds` / `server_countdown` are the server's own values (None where the ruleset's
    applies); `seconds` / `countdown` are what a clock started now runs for.
    """

    seconds: int
    countdown: int
    server_seconds: int | None = None
    server_countdown: int | None = None

    @property
    def source(self) -> str:
        """"server" when the server set any of the two, else "ruleset"."""
        return "ruleset" if self.server_seconds is None and self.server_countdown is None else "server"


@dataclass(frozen=True)
class InForce:
    """What applies in one channel, and where each value came from (for `/settings show`)."""

    lang: str
    lang_source: str  # "channel" | "server" | "locale" | "default"
    ruleset: str
    ruleset_source: str  # "server" | "default"
    extra: dict[str, str]
    clock: ClockTimes


def resolve(server: dict[str, str], channel: dict[str, str], guild_locale: str | None) -> InForce:
    """The language and ruleset in force in a channel, and why (spec: channel → server → locale → en),
    from the server's and the channel's stored settings."""
    if channel.get(LANGUAGE) in LANGS:
        lang, lang_source = channel[LANGUAGE], "channel"
    elif server.get(LANGUAGE) in LANGS:
        lang, lang_source = server[LANGUAGE], "server"
    elif locale_lang(guild_locale) != DEFAULT_LANG:
        lang, lang_source = locale_lang(guild_locale), "locale"
    else:
        lang, lang_source = DEFAULT_LANG, "default"
    if server.get(RULESET) in RULESETS:
        ruleset, ruleset_source = server[RULESET], "server"
    else:
        ruleset, ruleset_source = DEFAULT_RULESET, "default"
    extra = {k: v for k, v in server.items() if k not in _SHOWN_KEYS}
    return InForce(lang, lang_source, ruleset, ruleset_source, extra, clock_times(server, ruleset))


def context_of(here: InForce, user: str | None = None) -> Context:
    """The handlers' Context for what is in force in a channel."""
    return Context(
        lang=here.lang,
        ruleset_id=here.ruleset,
        game=here.extra.get("game"),
        clock_seconds=here.clock.server_seconds,
        clock_countdown=here.clock.server_countdown,
        user=user,
    )


def locale_lang(locale: str | None) -> str:
    """'ja' / 'ko' for a Japanese or Korean Discord locale, else English."""
    if not locale:
        return DEFAULT_LANG
    base = locale.replace("_", "-").split("-")[0].lower()
    return base if base in ("ja", "ko") else DEFAULT_LANG


# Keys `/settings show` presents on their own lines rather than under "other settings".
_SHOWN_KEYS = frozenset({LANGUAGE, RULESET, CLOCK_SECONDS, CLOCK_COUNTDOWN})


def clock_times(server: dict[str, str], ruleset_id: str) -> ClockTimes:
    """The clock's times from a server's settings, each one falling back to the ruleset's.

    A stored value that is not a whole number inside the bounds (a hand-edited database) is
    ignored with a warning rather than run: the ruleset's time applies instead.
    """
    rs = RULESETS[ruleset_id]
    own_seconds = _stored_time(server, CLOCK_SECONDS, CLOCK_SECONDS_RANGE)
    own_countdown = _stored_time(server, CLOCK_COUNTDOWN, CLOCK_COUNTDOWN_RANGE)
    return ClockTimes(
        seconds=rs.clock_seconds if own_seconds is None else own_seconds,
        countdown=rs.clock_countdown if own_countdown is None else own_countdown,
        server_seconds=own_seconds,
        server_countdown=own_countdown,
    )


def _stored_time(server: dict[str, str], key: str, bounds: tuple[int, int]) -> int | None:
    raw = server.get(key)
    if raw is None:
        return None
    try:
        value = int(raw)
    except ValueError:
        value = None
    if value is None or not bounds[0] <= value <= bounds[1]:
        log.warning("ignoring the stored %s %r: not a whole number in %s..%s", key, raw, *bounds)
        return None
    return value
