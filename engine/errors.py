"""Errors the engine raises for input it cannot rule on.

The engine does not localize: it raises a code, the offset in the input where reading failed,
an optional hint and the values a message needs. `handlers` turns that into ja/ko/en text.
"""

from __future__ import annotations

from typing import Any


class FloorcallError(Exception):
    """A rejected input: `code` is stable (it is part of the JSON contract), `at` a char offset."""

    def __init__(self, code: str, at: int | None = None, hint: str | None = None, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.at = at
        self.hint = hint
        self.params = params

    def shifted(self, offset: int) -> FloorcallError:
        """The same error with `at` moved by `offset` (a handler parsed a slice of the line)."""
        if self.at is not None:
            self.at += offset
        return self
