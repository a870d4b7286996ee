"""The environment read at start, as an operator sees it: one line naming the variable (and the
range or the file), exit status 2, never a traceback -- and a database SQLite would open
read-only without a word is caught before the bot runs."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cogs.process import MAX_SHARDS, check_token, parse_shards
from handlers.store import open_store

ROOT = Path(__file__).resolve().parent.parent


def run_bot(env: dict[str, str], as_plain_user: bool = False) -> subprocess.CompletedProcess[str]:
    from test_store_failures import _without_root_powers

    full = {**os.environ, "DISCORD_TOKEN": "not.a.real.token", **env}
    drop = _without_root_powers if as_plain_user and os.geteuid() == 0 else None
    return subprocess.run([sys.executable, "bot.py"], cwd=ROOT, env=full, capture_output=True, text=True,
                          timeout=120, preexec_fn=drop)


@pytest.mark.parametrize("value, named", [("²", "'²'"), ("٣", "'٣'"), ("99999999999999999999999", f"1..{MAX_SHARDS}"),
                                          (str(MAX_SHARDS + 1), f"1..{MAX_SHARDS}"), ("0", f"1..{MAX_SHARDS}")])
def test_shard_count_names_the_variable_and_the_range(value, named):
    with pytest.raises(ValueError, match="SHARD_COUNT") as caught:
        parse_shards({"SHARD_COUNT": value})
    assert named in str(caught.value)
    assert parse_shards({"SHARD_COUNT": str(MAX_SHARDS)}) == (MAX_SHARDS, None)


def test_shard_ids_in_other_digits_are_refused():
    with pytest.raises(ValueError, match="SHARD_IDS"):
        parse_shards({"SHARD_COUNT": "4", "SHARD_IDS": "0,¹"})


@pytest.mark.parametrize("token", ["abc.def\nghi", "abc def", "abc\tdef", "abc\x00def", "abc\u2028def"])
def test_a_token_with_a_break_inside_is_named(token):
    assert "DISCORD_TOKEN" in (check_token(token) or "")
    assert check_token("MTA0.Gx1y2z.abcdefghijklmnopqrstuvwxyz-_") is None


def test_a_token_with_a_line_break_is_one_line_not_a_traceback():
    result = run_bot({"DISCORD_TOKEN": "first.half\nsecond.half", "FLOORCALL_DB": ":memory:"})
    assert result.returncode == 2
    [line] = result.stderr.strip().splitlines()
    assert line.startswith("floorcall: DISCORD_TOKEN has a line break")


def test_a_huge_shard_count_stops_the_bot_with_one_line():
    result = run_bot({"SHARD_COUNT": "99999999999999999999999", "FLOORCALL_DB": ":memory:"})
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [f"floorcall: SHARD_COUNT must lie in 1..{MAX_SHARDS}, "
                                                  "not 99999999999999999999999"]


def test_a_read_only_database_file_in_a_writable_folder_is_caught_at_start(tmp_path):
    """0444 in a folder the bot may write: SQLite opened it read-only without a word, and every
    write answered "busy, try again" for as long as the bot ran."""
    db = tmp_path / "floorcall.db"

    async def make() -> None:
        await (await open_store(db, watch=False)).close()

    asyncio.run(make())
    os.chmod(db, 0o444)
    os.chmod(tmp_path, 0o755)  # the bot, held to file modes, must reach it
    for parent in tmp_path.parents:
        if parent == Path("/tmp") or parent == Path("/"):
            break
        os.chmod(parent, os.stat(parent).st_mode | 0o111)
    result = run_bot({"FLOORCALL_DB": str(db)}, as_plain_user=True)
    assert result.returncode == 2, result.stderr
    [line] = result.stderr.strip().splitlines()
    assert line == f"floorcall: FLOORCALL_DB={db} is read-only (the file or its directory); floorcall needs to write there"


async def test_the_start_up_log_names_the_database_and_no_voice_library(fake_discord, tmp_path):
    """A misspelled FLOORCALL_DB silently used ./floorcall.db: the log now says which database is
    in use (a PostgreSQL URL without its password). PyNaCl's and davey's warnings are gone: the bot
    has no voice."""
    from botproc import BotProcess

    db = tmp_path / "floorcall.db"
    bot = BotProcess(fake_discord, str(db))
    await bot.start()
    try:
        assert f"database: SQLite file {db}" in bot.output
        assert "PyNaCl" not in bot.output and "davey" not in bot.output and "voice" not in bot.output
    finally:
        assert await bot.terminate() == 0
