"""The words of floorcall, kept as data: one TOML file per catalogue, en/ja/ko side by side.

    handlers/locales/ruling.toml        [key] en = "..." ja = "..." ko = "..."

A file is read with the standard library's `tomllib` the first time one of its keys is asked for
(`Messages` in handlers.i18n calls `load`), so the console pays only for the catalogues its
command needs: reading ruling.toml (106 keys) costs about 2 ms, all fourteen files together about
5 ms, plus 2.5 ms to import tomllib the first time (measured with time.perf_counter, median of 20).

This is also the one place the languages are listed: adding a language is a column in these
files and an entry in `LANGS`; `tests/test_locales.py` walks the files and says what is missing.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

LANGS: tuple[str, ...] = ("en", "ja", "ko")
DEFAULT_LANG = "en"

DIR = Path(__file__).resolve().parent


def path_of(name: str) -> Path:
    """The file of catalogue `name` (`ruling-errors` -> handlers/locales/ruling-errors.toml)."""
    return DIR / f"{name}.toml"


@cache
def load(name: str) -> dict[str, dict[str, str]]:
    """`{key: {lang: template}}` of one catalogue, read once per process. Treat it as read-only.

    tomllib is imported here, not at the top, so importing a handler costs nothing (a test holds
    the dispatcher's import to that)."""
    import tomllib

    with path_of(name).open("rb") as f:
        return tomllib.load(f)


def names() -> list[str]:
    """Every catalogue on disk, sorted (the tests walk these, not what happens to be imported)."""
    return sorted(p.stem for p in DIR.glob("*.toml"))
