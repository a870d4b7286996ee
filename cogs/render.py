"""The `Reply` model as Discord embeds, split to fit Discord's limits.

Order on screen: the ruling in one line (title), the reply's fields (call amount, minimum and
maximum raise ...), the working table in a code block, the cited rules as links, the footer.
Anything too long for one place continues in the next field, embed or message instead of being
cut, because a truncated ruling could read as a different ruling.
"""

from __future__ import annotations

from dataclasses import dataclass

import discord

from cogs.messages import DISCORD
from handlers.reply import Reply

TITLE_MAX = 256
DESCRIPTION_MAX = 4096
FIELD_NAME_MAX = 256
FIELD_VALUE_MAX = 1024
FIELDS_MAX = 25
FOOTER_MAX = 2048
EMBED_TOTAL_MAX = 6000  # per message, summed over all its embeds
EMBEDS_PER_MESSAGE = 10

OK_COLOUR = discord.Colour(0x2E8B57)
ERROR_COLOUR = discord.Colour(0xC0392B)


@dataclass
class _Field:
    name: str
    value: str
    inline: bool = False

    @property
    def size(self) -> int:
        return len(self.name) + len(self.value)


def split_text(text: str, limit: int) -> list[str]:
    """Pieces of at most `limit` characters, cut at line breaks where possible, then at spaces."""
    pieces: list[str] = []
    rest = text
    while len(rest) > limit:
        cut = rest.rfind("\n", 0, limit + 1)
        if cut <= 0:
            cut = rest.rfind(" ", 0, limit + 1)
        if cut <= 0:
            cut = limit
        pieces.append(rest[:cut])
        rest = rest[cut:].lstrip("\n") if rest[cut:cut + 1] == "\n" else rest[cut:]
    if rest or not pieces:
        pieces.append(rest)
    return [p for p in pieces if p] or [""]


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _fields_for(name: str, value: str, lang: str, *, inline: bool = False, code: bool = False) -> list[_Field]:
    """One logical field as one or more Discord fields (value ≤ 1,024 each)."""
    name = _clip(name or "\u200b", FIELD_NAME_MAX)
    if code:
        fence = "```\n", "\n```"
        chunks = [fence[0] + c + fence[1] for c in split_text(value, FIELD_VALUE_MAX - len(fence[0] + fence[1]))]
    else:
        chunks = split_text(value or "\u200b", FIELD_VALUE_MAX)
    more = DISCORD("continued", lang)
    out = []
    for i, chunk in enumerate(chunks):
        label = name if i == 0 else _clip(f"{name} {more}", FIELD_NAME_MAX)
        out.append(_Field(label, chunk, inline and len(chunks) == 1))
    return out


def reply_fields(reply: Reply) -> list[_Field]:
    fields: list[_Field] = []
    for f in reply.fields:
        fields.extend(_fields_for(f.name, f.value, reply.lang, inline=f.inline))
    if reply.working:
        fields.extend(_fields_for(reply.working_title or "\u200b", "\n".join(reply.working), reply.lang, code=True))
    if reply.citations:
        lines = []
        for c in reply.citations:
            title = f" — {c.title}" if c.title else ""
            lines.append(f"[{c.label}]({c.url}){title}")
        fields.extend(_fields_for(reply.citations_title, "\n".join(lines), reply.lang))
    return fields


def render_embeds(reply: Reply) -> list[discord.Embed]:
    """Every embed the reply needs, each within the per-embed limits, in reading order."""
    colour = OK_COLOUR if reply.ok else ERROR_COLOUR
    headline = reply.headline or "\u200b"
    title: str | None = headline if len(headline) <= TITLE_MAX and "\n" not in headline else None
    descriptions = [] if title is not None else split_text(headline, DESCRIPTION_MAX)
    footer = _clip(reply.footer, FOOTER_MAX) if reply.footer else None

    embeds: list[discord.Embed] = []
    sizes: list[int] = []

    def new_embed(desc: str | None = None, with_title: bool = False) -> discord.Embed:
        e = discord.Embed(colour=colour, title=title if with_title else None, description=desc)
        embeds.append(e)
        sizes.append((len(title) if with_title and title else 0) + len(desc or ""))
        return e

    current = new_embed(descriptions[0] if descriptions else None, with_title=True)
    for desc in descriptions[1:]:
        current = new_embed(desc)
    # The footer goes on the last embed; reserve room for it on every embed we fill.
    reserve = len(footer) if footer else 0
    for f in reply_fields(reply):
        if len(current.fields) >= FIELDS_MAX or sizes[-1] + f.size + reserve > EMBED_TOTAL_MAX:
            current = new_embed()
        current.add_field(name=f.name, value=f.value, inline=f.inline)
        sizes[-1] += f.size
    if footer:
        current.set_footer(text=footer)
        sizes[-1] += len(footer)
    return embeds


def embed_size(embed: discord.Embed) -> int:
    """Characters Discord counts towards the 6,000 total."""
    n = len(embed.title or "") + len(embed.description or "") + len(embed.footer.text or "")
    n += len(embed.author.name or "")
    return n + sum(len(f.name or "") + len(f.value or "") for f in embed.fields)


def render_messages(reply: Reply) -> list[list[discord.Embed]]:
    """The embeds grouped into messages (≤ 10 embeds and ≤ 6,000 characters each)."""
    messages: list[list[discord.Embed]] = [[]]
    total = 0
    for e in render_embeds(reply):
        size = embed_size(e)
        if messages[-1] and (len(messages[-1]) >= EMBEDS_PER_MESSAGE or total + size > EMBED_TOTAL_MAX):
            messages.append([])
            total = 0
        messages[-1].append(e)
        total += size
    return messages
