"""Every sentence the player clock says, in Japanese, Korean and English (one table, `MSG`).

Kept apart from the command's logic (handlers/clock/command.py) so each module stays short; the
keys are stable names the reply builder and the tests use.
"""

from __future__ import annotations

from handlers.i18n import Messages

MSG = Messages("clock")
