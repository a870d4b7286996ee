"""Message catalogs in ja/ko/en.

Each feature module keeps its own catalog next to its code (`Messages({...})`), so a change to
one feature's wording touches one file. Every key must carry all three languages; a test walks
every catalog created in the process.
"""

from __future__ import annotations

from typing import Any

from handlers.korean import resolve_particles

LANGS: tuple[str, ...] = ("en", "ja", "ko")
DEFAULT_LANG = "en"

_ALL_CATALOGS: list[Messages] = []


class Messages:
    """A catalog of templates, `{key: {lang: template}}`, formatted with `str.format`."""

    def __init__(self, table: dict[str, dict[str, str]], name: str = "") -> None:
        self.table = table
        self.name = name
        self._by_lang: dict[str, dict[str, str]] = {}
        _ALL_CATALOGS.append(self)

    def __call__(self, key: str, lang: str, /, **params: Any) -> str:
        entry = self.table[key]
        template = entry.get(lang) or entry[DEFAULT_LANG]
        text = template.format(**params) if params else template
        return resolve_particles(text) if lang == "ko" else text

    def templates(self, lang: str) -> dict[str, str]:
        """`{key: template}` in `lang`, English where `lang` lacks one: what `__call__` would pick.

        Built once per language, for replies that look up many keys in one language (a ruling
        reads two dozen); a template is formatted only when it has values to fill in, as above.
        Korean text formatted from these still needs `resolve_particles`, as `__call__` does.
        """
        view = self._by_lang.get(lang)
        if view is None:
            view = {key: entry.get(lang) or entry[DEFAULT_LANG] for key, entry in self.table.items()}
            self._by_lang[lang] = view
        return view

    def has(self, key: str) -> bool:
        return key in self.table


def all_catalogs() -> list[Messages]:
    """Every catalog created so far (for the completeness test)."""
    return list(_ALL_CATALOGS)


def normalize_lang(lang: str | None) -> str:
    """'ja-JP' -> 'ja', 'KO' -> 'ko'; anything else -> English."""
    if not lang:
        return DEFAULT_LANG
    base = lang.replace("_", "-").split("-")[0].lower()
    return base if base in LANGS else DEFAULT_LANG
