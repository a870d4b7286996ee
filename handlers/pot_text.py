"""The words of the `pot` reply (and of whole-hand notes and errors) in Japanese, Korean and English.

Written as a dealer or floor person counts down the pots at the table: main pot, side pots,
who can win each, who won it, the odd chip, the bet nobody called, who shows first.
"""

from __future__ import annotations

from handlers.i18n import Messages

TEXT = Messages("pot")

ERRORS = Messages("pot-errors")
