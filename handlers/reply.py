"""The one reply model every command produces, and its plain-text and JSON renderings.

Discord renders the same `Reply` as an embed (headline, fields, citation links); the console
prints `text` or `to_json()`. Keeping one model means the three surfaces cannot drift apart.
"""

from __future__ import annotations

from dataclasses import dataclass, field
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


@dataclass
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
        out["citations"] = self.citation_ids
        out["text"] = self.text
        return out


def render_text(reply: Reply) -> str:
    """What a person reads: headline, fields, the working table, cited rules with links."""
    lines = [reply.headline]
    for f in reply.fields:
        lines.append(f"{f.name}: {f.value}")
    if reply.working:
        if reply.working_title:
            lines.append(reply.working_title)
        lines.extend("  " + w for w in reply.working)
    if reply.citations:
        lines.append(f"{reply.citations_title}:")
        for c in reply.citations:
            title = f" {c.title}" if c.title else ""
            lines.append(f"  {c.label}{title} <{c.url}>")
    if reply.footer:
        lines.append(reply.footer)
    return "\n".join(lines)
