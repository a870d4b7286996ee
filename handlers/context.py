"""Where a command is asked from: the reply language, the ruleset in force, server settings.

The console builds one from its flags; the Discord layer from the channel and server settings.
Handlers read only this, never a discord object.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.rulesets import DEFAULT_RULESET, Ruleset, get_ruleset
from handlers.i18n import DEFAULT_LANG


@dataclass(frozen=True)
class BlindLevel:
    """The blind clock's level in force where the command was asked (a ruling may leave the
    blinds out and use these). `ante_kind` is "ante", "bba" or None."""

    number: int
    sb: int
    bb: int
    ante: int = 0
    ante_kind: str | None = None
    # The clock is on a break: these are the level just played, which a hand dealt before the
    # break keeps until it ends (the new limits start with the next hand, TDA 25-A).
    on_break: bool = False
    # The level began `since` seconds ago, straight after `previous` (no break between): a hand
    # dealt before the change keeps the previous level's blinds (TDA 25-A), so the ruling says
    # which level it used and which one such a hand keeps. None once the level is older than
    # handlers.blinds.service.FRESH_LEVEL_SECONDS.
    since: int | None = None
    previous: BlindLevel | None = None


@dataclass(frozen=True)
class Context:
    lang: str = DEFAULT_LANG
    ruleset_id: str = DEFAULT_RULESET
    # Server defaults that some commands honour (None = the ruleset's own value).
    game: str | None = None
    clock_seconds: int | None = None
    clock_countdown: int | None = None
    # Who asked, as a display name (for the clock's "started by"); None in the console.
    user: str | None = None
    # The level of the blind clock running in this channel, if one runs (see handlers/blinds).
    blind_level: BlindLevel | None = None
    # False where a warm-up loads the lookup in the background (the bot): a sentence lookup
    # then answers from words alone until the vectors are there (handlers/lookup/warm.py).
    lookup_wait: bool = True

    @property
    def ruleset(self) -> Ruleset:
        return get_ruleset(self.ruleset_id)

    def with_lang(self, lang: str) -> Context:
        return replace(self, lang=lang)
