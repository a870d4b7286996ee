"""Message catalogues in ja/ko/en, read from handlers/locales/<name>.toml on first use.

A feature module names its catalogue (`TEXT = Messages("ruling")`) and calls it as before
(`TEXT("key", lang, **params)`); the words themselves are data, one file per catalogue with the
three languages side by side, so a translator reviews one file and adding a language touches the
files and `LANGS`. Nothing is read at import: the console's cold start pays only for the files its
command uses. `tests/test_locales.py` walks the files: every key in every language, the same
placeholders, every key used somewhere.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from handlers import locales
from handlers.korean import resolve_particles
from handlers.locales import DEFAULT_LANG, LANGS

__all__ = ["COMPILED", "DEFAULT_LANG", "LANGS", "Messages", "compile_template", "ruleset_name"]


class Messages:
    """A catalogue of templates, `{key: {lang: template}}`, formatted with `str.format`."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._table: dict[str, dict[str, str]] | None = None
        self._by_lang: dict[str, dict[str, str]] = {}

    @property
    def table(self) -> dict[str, dict[str, str]]:
        """The file's contents, read on first use (`handlers.locales.load` keeps one copy per process)."""
        if self._table is None:
            self._table = locales.load(self.name)
        return self._table

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


_RULESET_NAMES = Messages("rulesets")


def ruleset_name(ruleset_id: str, lang: str) -> str:
    """`TDA 2026年版` for ("tda2026", "ja"): the names are words, so they live in rulesets.toml,
    not in engine/rulesets/__init__.py (the engine keeps only what decides a ruling)."""
    return _RULESET_NAMES(ruleset_id, lang)


def compile_template(template: str) -> Callable[..., str]:
    """The function that fills `template` in: its own `str.format`.

    This had been an f-string lambda built with `eval` (about 0.1-0.6 µs a template faster). Built
    without it, every variant measured slower than `format` itself: a closure taking `**values`
    pays for the dict it builds, and `%` formatting parses its template at every call as `format`
    does (bench figures in the commit that made this change)."""
    return template.format


class _Compiled(dict[str, Callable[..., str]]):
    """`COMPILED[template]`: the template's `compile_template`, made on first use and kept (the
    catalogues are a few hundred templates, read from files that do not change while running)."""

    def __missing__(self, template: str) -> Callable[..., str]:
        filled = self[template] = compile_template(template)
        return filled


COMPILED = _Compiled()
