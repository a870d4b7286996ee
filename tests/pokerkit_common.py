"""What the PokerKit differentials share: one disagreement, as the failure message prints it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True)
class Disagreement:
    """One comparison where we and PokerKit differ, with the line that shows it. `lead` is the
    command the line is an argument of (`pot `, `ruling `), so the message can be pasted to the console."""

    what: str
    line: str
    ours: str
    pokerkit: str
    lead: ClassVar[str] = ""

    def __str__(self) -> str:
        return f"{self.what}: ours {self.ours} / PokerKit {self.pokerkit}\n  {self.lead}{self.line}"
