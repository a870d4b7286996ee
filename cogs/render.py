"""The `Reply` model as Discord embeds, split to fit Discord's limits.

Order on screen: the ruling in one line (title), the reply's fields (call amount, minimum and
maximum raise ...), the working table in a code block, the cited rules as links, the footer.
Anything too long for one place continues in the next field, embed or message instead of being
cut, because a truncated ruling could read as a different ruling.

A `Reply` is plain text (the console prints it as is) and echoes what people typed: player names,
queries. Discord would read markdown in it, so `[Free chips](https://…)` became a live masked link
in the bot's own embed and a name with backticks closed the working table's code block. Here,
and only here, text becomes markdown: everything outside code blocks is escaped where it could
form markdown (`discord.utils.escape_markdown` and `escape_mentions`, direction controls
removed; see `escape`), no URL, `<…>` form (timestamp, channel, command or emoji mention) or
autolink is left live (see `escape_text`), and inside
a code block no run of backticks is left that could close it. Escaping happens per piece, after
splitting, so every piece fits its limit and no escape is cut from the character it protects.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from functools import lru_cache

import discord

from cogs.layout import Layout, shape
from cogs.live import defuse
from cogs.messages import DISCORD
from engine.notation.names import BIDI_CONTROLS, strip_bidi
from handlers.reply import Reply

TITLE_MAX = 256
DESCRIPTION_MAX = 4096
FIELD_NAME_MAX = 256
FIELD_VALUE_MAX = 1024
FIELDS_MAX = 25
FOOTER_MAX = 2048
EMBED_TOTAL_MAX = 6000  # per message, summed over all its embeds
EMBEDS_PER_MESSAGE = 10



@dataclass
class _Field:
    name: str
    value: str
    inline: bool = False

    @property
    def size(self) -> int:
        return len(self.name) + len(self.value)


def escape(text: str) -> str:
    """`escape_text`, kept for the texts that come back reply after reply.

    Most of what an embed shows is our own words (field names, rule titles, citation labels,
    "(continued)") and needs no escape at all: text in which nothing could form markdown, a
    mention or a list is returned as it is, found by one regex search (`_MAY_FORMAT`) instead of
    the six passes of `escape_text`. What is left is cached by value (bounded): the first bench
    profile (bench/bench_cluster.py --profile) had escaping at 0.25 ms of the bot's ~1 ms per
    interaction, a quarter of it `strip_bidi` walking every character.
    """
    if _MAY_FORMAT.search(text) is None and (("-" not in text and "." not in text) or _MAY_LIST.search(text) is None):
        return text
    return _escape_cached(text)


# Every character or line start at which `escape_text` changes anything: the characters it
# escapes or drops, and the line starts `escape_markdown` (`^\s*-`) and `_LIST_MARKER` act on.
# `#` and `>` act only at a line start, `(` only after `[`: listing them whole errs towards
# the full escape, which is always right. Two searches, the line starts only when the text has
# a "-" or "." at all: the same answer as one alternation, in about a third of the time (one
# alternation tried all three branches at every character; escape() ran ~20 times a reply).
_MAY_FORMAT = re.compile("[" + re.escape("\\*`_~|<>[#@+\x00\x01\ue000" + "".join(sorted(BIDI_CONTROLS))) + "]|://")
_MAY_LIST = re.compile(r"^\s*-|^[ \t]*\d+\.(?=[ \t])", re.MULTILINE)


# Bounded to what repeats (rule summaries, titles): the texts are up to a field's 1,024
# characters, kept with their escaped copy, so 4,096 of them could hold ~12 MB.
@lru_cache(maxsize=512)
def _escape_cached(text: str) -> str:
    return escape_text(text)


def escape_text(text: str) -> str:
    """Plain text as Discord markdown that shows exactly that text: no link, format or mention.

    `escape_markdown(as_needed=True)` escapes a `*`, `_`, `~` or `|` only when a later one could
    pair with it, so "5~600" or "don't" stay as typed and most of our own text needs no escape
    at all; a lone one formats nothing. On top of it, escaped every time: `[` (escape_markdown
    escapes a whole `[label](url)` with one backslash and leaves the markdown inside the label,
    `[a_b_](…)`), backticks (a run of them is where code blocks start), and the list markers it
    leaves (`* `, `+ `, `1. `) at a line start.
    """
    text = strip_bidi(text).translate(_DROP_HOLDS)  # NUL and U+0001 show nothing; they hold here
    escaped = discord.utils.escape_markdown(text.translate(_HOLD), as_needed=True).translate(_UNHOLD)
    escaped = _LIST_MARKER.sub(lambda m: f"{m[1]}\\{m[2]}" if m[2] in "*+" else f"{m[1]}{m[2][:-1]}\\.", escaped)
    escaped = defuse(escaped)  # links, timestamps and mentions Discord would draw live (cogs.live)
    return _own(discord.utils.escape_mentions(escaped))


# Our own live forms (the clocks' `<t:…:R>` countdowns) travel inside reply text that also holds
# what people typed, and everything there is escaped; so the Discord layer writes them with
# `own_markup`, a marker no one can type (a per-process random word), and the escape puts them
# back live after escaping the rest.
_OWN_WORD = secrets.token_hex(8)
_OWN_OPEN, _OWN_CLOSE = f"\ue000{_OWN_WORD}", "\ue001"
_OWN_FORM = re.compile(re.escape(_OWN_OPEN) + r"(t:-?\d{1,13}:[tTdDfFR])" + re.escape(_OWN_CLOSE))


def own_markup(inner: str) -> str:
    """`<inner>` (e.g. `t:1700000000:R`), kept live through `escape`; see `_OWN_FORM`."""
    return f"{_OWN_OPEN}{inner}{_OWN_CLOSE}"


def _own(text: str) -> str:
    return _OWN_FORM.sub(r"<\1>", text) if _OWN_OPEN in text else text


def unmark(text: str) -> str:
    """Our own text with `own_markup` forms live, for text sent as it is (not escaped)."""
    return _own(text)


_HOLD = {ord("["): "\x00", ord("`"): "\x01"}
_UNHOLD = {ord("\x00"): "\\[", ord("\x01"): "\\`"}
_DROP_HOLDS = dict.fromkeys(_UNHOLD)
_LIST_MARKER = re.compile(r"^([ \t]*)([*+]|\d+\.)(?=[ \t])", re.MULTILINE)


def fence_safe(text: str) -> str:
    """Text for inside a ``` block: a zero-width space after each backtick that another follows,
    so no ``` is left to close the block (the text still reads the same)."""
    return _BACKTICK_RUN.sub("`\u200b", strip_bidi(text))


_BACKTICK_RUN = re.compile(r"`(?=`)")


def _cut(text: str, limit: int) -> tuple[str, str]:
    """The first piece of at most `limit` characters (cut at a line break, else a space) and the rest."""
    if len(text) <= limit:
        return text, ""
    cut = text.rfind("\n", 0, limit + 1)
    if cut <= 0:
        cut = text.rfind(" ", 0, limit + 1)
    if cut <= 0:
        cut = limit
    rest = text[cut:]
    return text[:cut], rest.lstrip("\n") if rest[:1] == "\n" else rest


def split_text(text: str, limit: int) -> list[str]:
    """Pieces of at most `limit` characters, cut at line breaks where possible, then at spaces."""
    pieces: list[str] = []
    rest = text
    while rest:
        piece, rest = _cut(rest, limit)
        pieces.append(piece)
    return [p for p in pieces if p] or [""]


def split_escaped(text: str, limit: int, *, first: int | None = None) -> list[str]:
    """`text` escaped for Discord, in pieces of at most `limit` characters once escaped (the
    first at most `first`, when given: the room left beside a lead line).

    Each piece is cut from the plain text, then escaped; a piece whose escapes push it over the
    limit is cut shorter by the excess and tried again (an escape at most doubles a character).
    """
    pieces: list[str] = []
    rest = text
    while rest:
        room = first if first is not None and not pieces else limit
        size = room
        while True:
            piece, after = _cut(rest, size)
            escaped = escape(piece)
            if len(escaped) <= room or size == 1:
                break
            size = max(1, size - (len(escaped) - room))
        rest = after
        if escaped:
            pieces.append(escaped)
    return pieces or [""]


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _clip_escaped(text: str, limit: int) -> str:
    """`text` escaped and shortened to `limit` characters (cut before escaping, never mid-escape)."""
    escaped = escape(text)
    if len(escaped) <= limit:
        return escaped
    return split_escaped(text, limit - 1)[0] + "…"


def _fields_for(name: str, value: str, lang: str, *, inline: bool = False, code: bool = False) -> list[_Field]:
    """One logical field as one or more Discord fields (value ≤ 1,024 each)."""
    name = (_clip_escaped(name, FIELD_NAME_MAX) if name else "") or "\u200b"
    if code:
        fence = "```\n", "\n```"
        chunks = [fence[0] + c + fence[1]
                  for c in split_text(fence_safe(value), FIELD_VALUE_MAX - len(fence[0] + fence[1]))]
    else:
        # A value of nothing visible once escaped (NUL, U+0001) still needs a character on Discord.
        chunks = [c or "\u200b" for c in split_escaped(value, FIELD_VALUE_MAX)] if value else ["\u200b"]
    if len(chunks) == 1:
        return [_Field(name, chunks[0], inline)]
    more = escape(DISCORD("continued", lang))
    out = []
    for i, chunk in enumerate(chunks):
        label = name if i == 0 else _clip(f"{name} {more}", FIELD_NAME_MAX)
        out.append(_Field(label, chunk, False))
    return out


def reply_fields(reply: Reply, shaped: Layout | None = None) -> list[_Field]:
    """The embed fields of `reply` as `cogs.layout` shapes them: the layout's own (markdown)
    fields first (one per pot), the reply's other fields, the working in a code block folded to
    a phone's width, then the cited rules as links."""
    if shaped is None:
        shaped = shape(reply, escape)
    fields: list[_Field] = []
    for f in shaped.markdown:
        # Markdown already (names escaped by the layout): split as it is, never escaped again.
        name = _clip(f.name, FIELD_NAME_MAX) or "\u200b"
        chunks = split_text(f.value, FIELD_VALUE_MAX)
        fields.extend(_Field(name if i == 0 else _clip(f"{name} {escape(DISCORD('continued', reply.lang))}",
                                                      FIELD_NAME_MAX), c or "\u200b", f.inline)
                      for i, c in enumerate(chunks))
    for f in shaped.fields:
        fields.extend(_fields_for(f.name, f.value, reply.lang, inline=f.inline))
    if shaped.working:
        fields.extend(_fields_for(reply.working_title or "", "\n".join(shaped.working), reply.lang, code=True))
    if reply.citations and shaped.citations:
        lines = []
        for c in reply.citations:
            title = f" — {escape(c.title)}" if c.title else ""
            lines.append(f"[{escape(c.label)}]({c.url}){title}")
        # The lines are markdown already (our own links): split as they are, not escaped again.
        for i, chunk in enumerate(split_text("\n".join(lines), FIELD_VALUE_MAX)):
            label = escape(reply.citations_title)
            more = f" {escape(DISCORD('continued', reply.lang))}" if i else ""
            fields.append(_Field(_clip(label + more, FIELD_NAME_MAX), chunk))
    return fields


def _descriptions(shaped: Layout) -> list[str]:
    """The description pieces: the lead (markdown) over the body (plain text, escaped), each
    piece within Discord's 4,096 characters; a body too long for one continues in the next."""
    if shaped.body is None:
        return [shaped.lead] if shaped.lead else []
    if not shaped.lead:
        return split_escaped(shaped.body, DESCRIPTION_MAX)
    pieces = split_escaped(shaped.body, DESCRIPTION_MAX, first=DESCRIPTION_MAX - len(shaped.lead) - 2)
    return [f"{shaped.lead}\n\n{pieces[0]}".rstrip()] + pieces[1:]


def _sized_embeds(reply: Reply, echo: str | None = None) -> list[tuple[discord.Embed, int]]:
    """Every embed the reply needs, each within the per-embed limits, in reading order, with its
    `embed_size`, counted while filling it: reading
    `Embed.fields` back builds a proxy object per field on every call (27 a reply, when the
    field count and the sizes were read back from the embeds)."""
    shaped = shape(reply, escape, echo=echo)
    colour = discord.Colour(shaped.colour)
    title: str | None = _clip_escaped(shaped.title, TITLE_MAX) if shaped.title else None
    descriptions = _descriptions(shaped)
    if title is None and not descriptions:
        title = "\u200b"
    # Footers show no markdown at all (an escape would show as a backslash): only bidi removed.
    footer = _clip(strip_bidi(reply.footer), FOOTER_MAX) if reply.footer else None

    embeds: list[discord.Embed] = []
    sizes: list[int] = []
    counts: list[int] = []  # fields on each embed

    def new_embed(desc: str | None = None, with_title: bool = False) -> discord.Embed:
        e = discord.Embed(colour=colour, title=title if with_title else None, description=desc,
                          url=shaped.url if with_title and title else None)
        embeds.append(e)
        sizes.append((len(title) if with_title and title else 0) + len(desc or ""))
        counts.append(0)
        return e

    current = new_embed(descriptions[0] if descriptions else None, with_title=True)
    for desc in descriptions[1:]:
        current = new_embed(desc)
    # The footer goes on the last embed; reserve room for it on every embed we fill.
    reserve = len(footer) if footer else 0
    for f in reply_fields(reply, shaped):
        if counts[-1] >= FIELDS_MAX or sizes[-1] + f.size + reserve > EMBED_TOTAL_MAX:
            current = new_embed()
        current.add_field(name=f.name, value=f.value, inline=f.inline)
        sizes[-1] += f.size
        counts[-1] += 1
    if footer:
        current.set_footer(text=footer)
        sizes[-1] += len(footer)
    return list(zip(embeds, sizes, strict=True))


def embed_size(embed: discord.Embed) -> int:
    """Characters Discord counts towards the 6,000 total."""
    n = len(embed.title or "") + len(embed.description or "") + len(embed.footer.text or "")
    n += len(embed.author.name or "")
    return n + sum(len(f.name or "") + len(f.value or "") for f in embed.fields)


def render_messages(reply: Reply, *, echo: str | None = None) -> list[list[discord.Embed]]:
    """The embeds grouped into messages (≤ 10 embeds and ≤ 6,000 characters each); `echo`: the
    line the user typed, shown under an error with the failing place marked."""
    messages: list[list[discord.Embed]] = [[]]
    total = 0
    for e, size in _sized_embeds(reply, echo):
        if messages[-1] and (len(messages[-1]) >= EMBEDS_PER_MESSAGE or total + size > EMBED_TOTAL_MAX):
            messages.append([])
            total = 0
        messages[-1].append(e)
        total += size
    return messages
