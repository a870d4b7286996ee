"""Wording the Discord layer adds around the handlers' replies, in en/ja/ko.

The handlers own everything about rulings and rules; this catalog holds only what exists because
the surface is Discord: permission refusals, the cooldown notice, settings confirmations and
refusals (the clock's times among them), the Show rules button.
"""

from __future__ import annotations

from handlers.i18n import Messages

LANGUAGE_NAMES = {"en": "English", "ja": "日本語", "ko": "한국어"}

DISCORD = Messages("discord")
