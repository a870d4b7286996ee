"""Issue 27 on Discord: a hand history on the **Ruling** message menu, pasted into the message
(in a code block or not) or attached as a `.txt` / `.phh` file (cogs/hand_file.py)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path

from cogs.hand_file import attached_history, history_command, pasted_history
from cogs.render import render_messages
from handlers.context import Context
from handlers.dispatch import handle

FILES = Path(__file__).parent / "hand_histories"


@dataclass
class _Attached:
    filename: str
    data: bytes

    @property
    def size(self) -> int:
        return len(self.data)

    async def read(self) -> bytes:
        return self.data


def test_an_attached_history_is_found_and_other_files_are_not() -> None:
    phh = (FILES / "heads_up.phh").read_bytes()
    files = [_Attached("photo.png", b"\x89PNG"), _Attached("notes.txt", b"just talk"), _Attached("hand.PHH", phh)]
    found = asyncio.run(attached_history(files))  # type: ignore[arg-type]
    assert found == phh.decode("utf-8")
    assert asyncio.run(attached_history([_Attached("big.txt", b"x" * 60_000)])) is None  # type: ignore[list-item]
    assert history_command(found) == "pot" and history_command((FILES / "short_raise.phh").read_text()) == "ruling"


def test_a_pasted_history_in_a_code_block() -> None:
    text = (FILES / "client_cash.txt").read_text(encoding="utf-8")
    assert pasted_history(f"floor, who gets the side pot?\n```\n{text}```") == text.strip()
    assert pasted_history("NL 100/200 flop: A bet 600, B?") is None


async def test_the_ruling_menu_settles_a_pasted_history(fake_discord, start_bot) -> None:
    await start_bot()
    text = (FILES / "client_cash.txt").read_text(encoding="utf-8")
    target = fake_discord.user_message(f"```\n{text}```")
    inter = await fake_discord.message_command("Ruling", target)
    [msg] = await inter.wait_final()
    expected = handle(text.strip(), Context(), command="pot")
    assert expected.ok and msg["embeds"] == [e.to_dict() for e in render_messages(expected)[0]]
    fake_discord.assert_clean()
