"""Japanese and Korean names, descriptions and choices for the slash commands.

The words are data (handlers/locales/commands.toml, keyed by the English string the cogs use).

The API names stay English (the spec fixes them); Discord shows these localizations to people
whose client is set to Japanese or Korean. Names follow Discord's rule for command and option
names (lower-case, no spaces); context-menu names may contain anything.
"""

from __future__ import annotations

from functools import cache

from discord import Locale, app_commands

from engine.rulesets import RULESETS
from handlers import locales


@cache
def table() -> dict[str, dict[str, str]]:
    """English source string -> {"ja": ..., "ko": ...}: handlers/locales/commands.toml, plus the
    ruleset names (choices of /settings ruleset), which live with the rest of the rulesets' words.

    Read when the bot first syncs its commands, never at import: no cog adds to it."""
    out = dict(locales.load("commands"))
    names = locales.load("rulesets")
    for rs_id in RULESETS:
        out.setdefault(names[rs_id]["en"], {lang: text for lang, text in names[rs_id].items() if lang != "en"})
    return out


_LOCALES = {Locale.japanese: "ja", Locale.korean: "ko"}


class FloorcallTranslator(app_commands.Translator):
    """Looks the English string up in `table()`; None (no localization) for other locales or strings."""

    async def translate(
        self, string: app_commands.locale_str, locale: Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        lang = _LOCALES.get(locale)
        if lang is None:
            return None
        return table().get(string.message, {}).get(lang)
