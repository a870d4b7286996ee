"""A process-wide "current" value that a block of code can swap for its own, then put back.

Two things work this way: the time source every clock reads (handlers/clock/model.py; tests and
benchmarks swap in a `ManualTime`) and the console session's blind clock (handlers/blinds/
session.py; a console session puts its own in place while it runs). Both need the same three
steps -- push the value, yield, remove exactly that value even when the block raises -- so they
share this one class rather than each keeping a list and a context manager of its own. Only the
standard library is imported: the console's cold start imports this before anything else.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Generic, TypeVar

T = TypeVar("T")


class Scoped(Generic[T]):
    """The innermost value put in place by `use`, or the default (None if there is none)."""

    def __init__(self, default: T | None = None) -> None:
        self._stack: list[T] = [] if default is None else [default]

    def current(self) -> T | None:
        return self._stack[-1] if self._stack else None

    @contextlib.contextmanager
    def use(self, value: T) -> Iterator[T]:
        """`value` is current for the block; afterwards whatever was (blocks may nest)."""
        self._stack.append(value)
        try:
            yield value
        finally:
            self._stack.remove(value)
