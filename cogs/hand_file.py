"""A hand history on the **Ruling** message menu: a `.txt` / `.phh` file attached to the message,
or one pasted into it (in a code block or not). Found here, read by the shared handlers
(handlers/hand_history.py) exactly as the console reads it; nothing here rules.

A finished hand (a showdown, or the client's summary) is settled as `pot`; an unfinished one is
ruled as `ruling` (who acts, the call, the raises).
"""

from __future__ import annotations

import re
from typing import Protocol

HISTORY_SUFFIXES = (".txt", ".phh", ".toml")
MAX_BYTES = 50_000  # a long tournament hand is about 5 kB; the handler refuses beyond 50,000 characters
_FENCE = re.compile(r"```(?:[A-Za-z0-9_+-]*[ \t]*\n)?(.*?)```", re.S)
_SHOWN = re.compile(r'"p\d+ sm |\*\*\* (SHOW DOWN|SUMMARY) \*\*\*')


class _File(Protocol):
    filename: str
    size: int

    async def read(self) -> bytes: ...


def pasted_history(content: str) -> str | None:
    """The hand history pasted into a message (its code block's text if it has one), or None."""
    from handlers.hand_history import kind_of

    blocks = _FENCE.findall(content)
    text = blocks[0] if blocks else content
    return text.strip() if kind_of(text.strip() + "\n") is not None else None


async def attached_history(files: list[_File]) -> str | None:
    """The first attached `.txt` / `.phh` that holds a hand history, as text, or None."""
    from handlers.hand_history import kind_of

    for f in files:
        if not f.filename.lower().endswith(HISTORY_SUFFIXES) or f.size > MAX_BYTES:
            continue
        try:
            text = (await f.read()).decode("utf-8-sig")
        except (UnicodeDecodeError, OSError):
            continue
        if kind_of(text) is not None:
            return text
    return None


def history_command(text: str) -> str:
    """`pot` for a finished hand (cards shown, or the client's summary), else `ruling`."""
    return "pot" if _SHOWN.search(text) else "ruling"
