"""Drive the `ruling` command through the public handler, as the console and Discord do."""

from __future__ import annotations

from typing import Any

from handlers.context import Context
from handlers.dispatch import handle


def ruling(hand: str, lang: str = "en", ruleset: str = "tda2026") -> dict[str, Any]:
    reply = handle("ruling " + hand, Context(lang=lang, ruleset_id=ruleset))
    return reply.to_json()


def ok(hand: str, **kw: Any) -> dict[str, Any]:
    out = ruling(hand, **kw)
    assert out["ok"], out.get("error")
    return out


def action(out: dict[str, Any], player: str, index: int = -1) -> dict[str, Any]:
    """The ruled action of `player` (the last one by default)."""
    acts = [a for a in out["actions"] if a["player"] == player]
    assert acts, f"no action by {player}"
    return acts[index]


# The same for a whole command line (`ruling ...` or `pot ...`), as the red-team and review tests type them.

def answer_line(line: str, lang: str = "en", ruleset: str = "tda2026") -> dict[str, Any]:
    return handle(line, Context(lang=lang, ruleset_id=ruleset)).to_json()


def ok_line(line: str, lang: str = "en", ruleset: str = "tda2026") -> dict[str, Any]:
    out = answer_line(line, lang, ruleset)
    assert out["ok"], out.get("error")
    return out


def refused_line(line: str, lang: str = "en", ruleset: str = "tda2026") -> dict[str, Any]:
    out = answer_line(line, lang, ruleset)
    assert not out["ok"], out["text"]
    return out["error"]
