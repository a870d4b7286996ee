"""Reading one corpus TOML file and checking its fields: the pieces `corpus` and `situations` share.

Split from `corpus` (December 2026) when situations came to be read on demand, so that each
module stays small; `corpus` re-exports `CorpusError`.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from handlers.locales import LANGS


class CorpusError(ValueError):
    """A corpus file that cannot be read as the schema says; the message names file and entry."""


def need(cond: bool, file: str, entry: str, msg: str) -> None:
    if not cond:
        raise CorpusError(f"{file}: entry {entry!r}: {msg}")


def lang_table(raw: Any, file: str, eid: str, name: str, required: bool) -> dict[str, str]:
    if raw is None and not required:
        return {}
    need(isinstance(raw, dict), file, eid, f"[{name}] must be a table of ja/ko/en strings")
    out: dict[str, str] = {}
    for lang, text in raw.items():
        need(lang in LANGS, file, eid, f"{name}.{lang}: unknown language (use ja, ko, en)")
        need(isinstance(text, str) and text.strip() != "", file, eid, f"{name}.{lang} must be a non-empty string")
        out[lang] = text.strip()
    if required:
        missing = [lang for lang in LANGS if lang not in out]
        need(not missing, file, eid, f"{name} lacks {', '.join(missing)}")
    return out


def lang_lists(raw: Any, file: str, eid: str, name: str) -> dict[str, tuple[str, ...]]:
    if raw is None:
        return {}
    need(isinstance(raw, dict), file, eid, f"[{name}] must be a table of ja/ko/en lists")
    out: dict[str, tuple[str, ...]] = {}
    for lang, items in raw.items():
        need(lang in LANGS, file, eid, f"{name}.{lang}: unknown language (use ja, ko, en)")
        need(
            isinstance(items, list) and all(isinstance(s, str) and s.strip() for s in items),
            file,
            eid,
            f"{name}.{lang} must be a list of non-empty strings",
        )
        out[lang] = tuple(s.strip() for s in items)
    return out


def str_list(raw: Any, file: str, eid: str, name: str, allowed: frozenset[str] | None = None) -> tuple[str, ...]:
    if raw is None:
        return ()
    need(isinstance(raw, list) and all(isinstance(s, str) for s in raw), file, eid, f"{name} must be a list of strings")
    if allowed is not None:
        bad = [s for s in raw if s not in allowed]
        need(not bad, file, eid, f"{name}: unknown value(s) {bad} (allowed: {sorted(allowed)})")
    return tuple(raw)


def read_toml(path: Path, root: Path, digest: Any = None) -> dict[str, Any]:
    """The file's TOML; its path and bytes added to `digest` (a hashlib object) when given."""
    rel = str(path.relative_to(root))
    data = path.read_bytes()
    if digest is not None:
        digest.update(f"{rel}\0{len(data)}\0".encode())
        digest.update(data)
    try:
        return tomllib.loads(data.decode())
    except tomllib.TOMLDecodeError as exc:
        raise CorpusError(f"{rel}: not valid TOML: {exc}") from None
