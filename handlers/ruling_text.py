"""The words of a ruling in Japanese, Korean and English, and of the errors a hand can raise.

Sentences are written the way a floor person explains a call at the table, with the TDA terms
players use (コール, レイズ, オールイン / 콜, 레이즈, 올인). Amounts are formatted by the caller.
"""

from __future__ import annotations

from handlers.i18n import Messages

TEXT = Messages("ruling")

ERRORS = Messages("ruling-errors")
