"""The one reply model every command produces, and its plain-text and JSON renderings.

Discord renders the same `Reply` as an embed (headline, fields, citation links); the console
prints `text` or `to_json()`. Keeping one model means the three surfaces cannot drift apart.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType
from typing import Any


@dataclass(frozen=True)
class Citation:
    """A cited rule: canonical id (JSON), label in the reply language, link to the source."""

    id: str
    label: str
    url: str
    title: str | None = None


@dataclass(slots=True)
class Field:
    """One named value of a reply (an embed field on Discord, `name: value` in text).

    Slotted rather than frozen: a reply builds several, and a frozen one costs three times as
    much to build; nothing changes a field once its reply is built.
    """

    name: str
    value: str
    inline: bool = False


@dataclass(frozen=True)
class ReplyError:
    code: str
    message: str
    at: int | None = None
    hint: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "at": self.at, "hint": self.hint}


@dataclass(slots=True)  # built for every answer: slots make it cheaper to build and read
class Reply:
    ok: bool
    command: str
    lang: str
    ruleset: str
    headline: str
    fields: list[Field] = field(default_factory=list)
    citations: list[Citation] = field(default_factory=list)
    # Command-specific keys of the JSON contract (to_act, results, seconds ...), in spec order.
    data: dict[str, Any] = field(default_factory=dict)
    error: ReplyError | None = None
    # A closing line under the fields (e.g. "the floor's decision is final").
    footer: str | None = None
    # Lines of monospace working (the reopening table), shown as a code block.
    working: list[str] = field(default_factory=list)
    working_title: str | None = None
    citations_title: str = "Rules"

    @property
    def citation_ids(self) -> list[str]:
        return [c.id for c in self.citations]

    @property
    def text(self) -> str:
        return render_text(self)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"ok": self.ok, "command": self.command, "lang": self.lang, "ruleset": self.ruleset}
        out.update(self.data)
        if self.error is not None:
            out["error"] = self.error.to_json()
        ids: list[str] = []  # `citation_ids`, `text`: no property calls, and a plain loop
        for c in self.citations:
            ids.append(c.id)
        out["citations"] = ids
        out["text"] = render_text(self)
        return out


def render_text(reply: Reply) -> str:
    """What a person reads: headline, fields, the working table, cited rules with links."""
    # Plain loops rather than list comprehensions: each comprehension is a function call.
    lines = [reply.headline]
    add = lines.append
    for f in reply.fields:
        add(f"{f.name}: {f.value}")
    if reply.working:
        if reply.working_title:
            add(reply.working_title)
        for w in reply.working:
            add("  " + w)
    if reply.citations:
        add(f"{reply.citations_title}:")
        for c in reply.citations:
            add(f"  {c.label} {c.title} <{c.url}>" if c.title else f"  {c.label} <{c.url}>")
    if reply.footer:
        lines.append(reply.footer)
    return "\n".join(lines)


def dumps(obj: dict[str, Any]) -> str:
    """One reply as one line of JSON: the same JSON as `json.dumps(obj, ensure_ascii=False)` (keys
    in order, non-ASCII kept), without the spaces after `,` and `:`.

    orjson (compiled, wheels for every common platform) encodes a ruling reply in about 2 µs where
    the standard library takes about 17 µs, a seventh of the whole reply (bench/bench_ruling.py).
    Anything it refuses (an integer beyond 64 bits, a lone surrogate from a badly encoded
    terminal) falls back to the standard library, so the reply is still written.
    """
    global _orjson
    if _orjson is None:  # imported on first use: it costs the console's cold start about 3 ms
        import orjson

        _orjson = orjson
    return dumps_bytes(obj).decode()


def dumps_bytes(obj: dict[str, Any]) -> bytes:
    """`dumps` as the UTF-8 bytes the console writes for `--json` (JSON Lines are UTF-8 whatever
    the terminal's encoding). The fallback writes the same form as orjson (no spaces), and a lone
    surrogate becomes U+FFFD: every line out is valid UTF-8."""
    global _orjson
    if _orjson is None:
        import orjson

        _orjson = orjson
    try:
        return bytes(_orjson.dumps(obj))
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        import json
        import re

        text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
        return re.sub("[\ud800-\udfff]", "\ufffd", text).encode("utf-8")


_orjson: ModuleType | None = None
