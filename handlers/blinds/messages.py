"""The blind clock's words in ja/ko/en: the status, the announcements, the command answers and errors.

Kept apart from `text.py` (which puts them together) so the wording can be reviewed in one place.
"""

from __future__ import annotations

from handlers.i18n import Messages

MSG = Messages("blinds")

ERRORS = Messages("blinds-errors")
