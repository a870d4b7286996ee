"""The forms Discord draws live from plain text, and how to keep them plain (issue 28).

A URL becomes a link (`https://evil.example/login` typed in a hand was one), and `<…>` a link
(`<https://…>`), a timestamp (`<t:0:R>`), a channel, command, role or emoji mention (`<#id>`,
`</help:id>`, `<:e:id>`). An escaped colon after the scheme and an escaped `<` show the same
characters, drawn as text. Its own module so that every place that shows what people typed
(`cogs.render.escape_text`, the error echo in `cogs.layout.mark`) defuses them the same way.
"""

from __future__ import annotations

import re

# Where Discord starts a live form: `<`, and the colon of `scheme://` (its autolink wants the
# scheme, `:` and `//` side by side, after any character).
_LIVE_FORM = re.compile(r"(<|:(?=//))")


def defuse(escaped: str) -> str:
    """`escaped` (markdown already escaped, so every typed backslash is doubled and cannot turn
    the one added here into an escaped backslash) with every live form's start escaped."""
    return _LIVE_FORM.sub(r"\\\1", escaped)
