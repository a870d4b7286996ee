"""Player names as typed, made safe to seat and to echo.

A name is echoed into replies (text, embeds, the working table), so characters that change how
the text around it is shown must not survive: bidirectional controls (which can reverse the
rest of a line) are dropped, and so are zero-width characters (which make `A` and `A\u200b` two
different players that look the same). A name with nothing visible left is refused: a clock or
a ruling for a player nobody can see helps no one. Markdown is not this module's business: the
Discord layer escapes it when it renders (text and JSON keep the name as typed).
"""

from __future__ import annotations

import re

from engine.errors import FloorcallError

# Bidi embeddings/overrides/isolates and marks, and the zero-width characters (space, joiners,
# word joiner, BOM), plus the other format characters that draw nothing (soft hyphen, ...).
_INVISIBLE = re.compile("[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]")


def without_invisible(text: str) -> str:
    """`text` with the invisible characters removed (an action item, before its words are read:
    `\u202eB raise 300` must read as `B raise 300`, not as a player `\u202e` who bets)."""
    return text if text.isascii() else _INVISIBLE.sub("", text)


def clean_name(name: str, at: int) -> str:
    """`name` without invisible characters; FloorcallError `invisible_name` when none is left."""
    if name.isascii():  # nearly every name: nothing invisible can be in it (control bytes aside)
        cleaned = name if name.isprintable() else "".join(c for c in name if c.isprintable())
    else:
        cleaned = "".join(c for c in _INVISIBLE.sub("", name) if c.isprintable())
    if not cleaned.strip():
        raise FloorcallError("invisible_name", at=at, hint="A", name=repr(name))
    return cleaned
