"""`handlers.reply.dumps` writes the same JSON as `json.dumps(..., ensure_ascii=False)`.

The console's `--json` line goes through orjson (see `dumps`): same keys in the same order, the
same values, Japanese and Korean kept as characters, and the standard library for what orjson
refuses. Compared over real replies in every language: rulings, errors, rule lookups, help.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from handlers.context import Context
from handlers.dispatch import handle
from handlers.reply import dumps

LINES = [
    "ruling NL 50/100 flop: A bet 100, B allin 125, C call, D allin 200, E call",
    "ruling NL 250/500 preflop: A raise 1100, B chips 1000+100x5",
    "ruling PL 100/200 turn pot 1500: A bet pot, B?",
    "ruling FL 100/200 flop: A bet 200, B raise 1000, C?",
    "裁定 NL 100/200 フロップ: Aが600ベット、Bが1600にレイズ、C?",
    "판정 NL 100/200 플랍: A 600 벳, B 콜했어요, C?",
    "ruling NL 50/100 flop: A bet",
    "ruling nonsense",
    "frobnicate",
    "help",
]


def _pairs(text: str) -> Any:
    """The JSON with every object as its list of (key, value) pairs: key order counts."""
    return json.loads(text, object_pairs_hook=list)


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
@pytest.mark.parametrize("line", LINES)
def test_the_json_line_is_the_standard_librarys_json(line: str, lang: str) -> None:
    out = handle(line, Context(lang=lang)).to_json()
    written = dumps(out)
    assert "\n" not in written  # one reply, one line
    assert _pairs(written) == _pairs(json.dumps(out, ensure_ascii=False))
    assert "\\u" not in written or "\\u" in json.dumps(out, ensure_ascii=False)  # non-ASCII kept as is


def test_what_orjson_refuses_is_still_written() -> None:
    """In the same compact form as orjson's, and always valid UTF-8 (a lone surrogate, from a
    badly decoded terminal byte, becomes U+FFFD: echoed raw, that line was not UTF-8)."""
    huge = {"ok": True, "pot": 10**30, "text": "ポット"}
    assert dumps(huge) == json.dumps(huge, ensure_ascii=False, separators=(",", ":"))
    lone = {"text": "\udcff"}
    assert dumps(lone) == '{"text":"\ufffd"}'
    assert dumps({"text": "ポット"}) == json.dumps({"text": "ポット"}, ensure_ascii=False, separators=(",", ":"))
