"""Reading what the bot sends as Discord would: live masked links, unescaped markdown, code blocks.

Shared by the render unit tests and the end-to-end tests. A small reader of Discord's rules, not
discord.py's escaper run backwards: a check written with the escaper would pass whatever it did.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

SPECIALS = "*_~|`\\"
_LINK = re.compile(r"\[([^\]\n]*)\]\(<?(https?://[^)\s>]+)>?\)")
_FENCE = "```"


def outside_code(value: str) -> str:
    """`value` without its ``` code blocks (markdown is read only outside them)."""
    return re.sub(r"```.*?```", "", value, flags=re.S)


def live_links(text: str) -> list[str]:
    """The targets of masked links Discord would draw: `[label](url)` whose `[` is not escaped."""
    out = []
    for m in _LINK.finditer(text):
        backslashes = len(text[: m.start()]) - len(text[: m.start()].rstrip("\\"))
        if backslashes % 2 == 0:
            out.append(m.group(2))
    return out


def markdown_pairs(text: str) -> list[str]:
    """The markdown characters that could still wrap something: a `*`, `_`, `~`, `|` or backtick
    with an unescaped one of its kind on both sides of some other character. (One run of them,
    such as the `**` left at the end of `\\*\\*Bo**`, has nothing after it to close.)"""
    where: dict[str, list[int]] = {}
    i = 0
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text):
            i += 2
            continue
        if c in SPECIALS and c != "\\":
            where.setdefault(c, []).append(i)
        i += 1
    return [c for c, at in where.items() if at[-1] - at[0] + 1 != len(at)]


# The layout's own emphasis (cogs/layout.py): `**` around an amount or an escaped name, never
# around anything a person typed unescaped.
_OWN_BOLD = re.compile(r"(?<!\\)\*\*((?:\\.|[^*\\\n])+?)\*\*")


def without_own_bold(text: str) -> str:
    """`text` with the layout's own `**…**` taken off (what is inside is checked as any text)."""
    return _OWN_BOLD.sub(lambda m: m.group(1), text)


def unescape(text: str) -> str:
    """What Discord shows for escaped text: each backslash escape read as its character."""
    return re.sub(r"\\(.)", r"\1", text, flags=re.S).replace("@\u200b", "@")


def code_blocks_closed(value: str) -> bool:
    """A field value with a code block: one block, fenced at both ends, no ``` inside it."""
    if _FENCE not in value:
        return True
    if not (value.startswith("```\n") and value.endswith("\n```")):
        return False
    return _FENCE not in value[4:-4]


def texts(embed: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """(where, text) of every place of an embed that Discord reads as markdown."""
    if embed.get("title"):
        yield "title", embed["title"]
    if embed.get("description"):
        yield "description", embed["description"]
    for f in embed.get("fields", []):
        yield "field name", f["name"]
        yield "field value", f["value"]


# Where Discord draws a live form out of plain text: an autolink (`scheme://` side by side, after
# any character), and anything opened by `<` (`<https://…>`, `<t:0:R>`, `<#id>`, `</cmd:id>`,
# `<:emoji:id>`, `<@id>`). An odd run of backslashes before the `<` or the `:` escapes it.
_LIVE_START = re.compile(r"[A-Za-z]:(?=//)|<")


def live_forms(text: str) -> list[str]:
    """The live forms Discord would draw from `text` (outside code blocks): each as the few
    characters from where it starts. Masked links' targets are left out (`live_links` reads
    those: the only ones are the bot's own citations)."""
    text = re.sub(r"\]\(<?https?://[^)\s>]+>?\)", "]", text)
    out = []
    for m in _LIVE_START.finditer(text):
        at = m.start() + (1 if m[0] != "<" else 0)  # the colon, or the `<`
        backslashes = len(text[:at]) - len(text[:at].rstrip("\\"))
        if backslashes % 2 == 0:
            out.append(text[max(0, at - 6): at + 12])
    return out
