"""Wording the Discord layer adds around the handlers' replies, in en/ja/ko.

The handlers own everything about rulings and rules; this catalog holds only what exists because
the surface is Discord: permission refusals, the cooldown notice, settings confirmations and
refusals (the clock's times among them), the Show rules button.
"""

from __future__ import annotations

from handlers.i18n import LANGS, Messages

DISCORD = Messages("discord")
# How replies are laid out on a phone (cogs/layout.py): the lead line, one field per pot, clock titles.
PHONE = Messages("phone")

# Each language by its own name (the choices of /settings language): a column of discord.toml.
LANGUAGE_NAMES = {lang: DISCORD("language_name", lang) for lang in LANGS}
