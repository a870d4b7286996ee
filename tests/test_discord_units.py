"""The Discord layer's pieces that need no server: shard parsing, text splitting, settings, start-up."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cogs.process import NO_TOKEN_HELP, log_level, parse_shards, run_bot
from cogs.render import (
    DESCRIPTION_MAX,
    EMBED_TOTAL_MAX,
    EMBEDS_PER_MESSAGE,
    FIELD_VALUE_MAX,
    FIELDS_MAX,
    embed_size,
    render_messages,
    split_text,
)
from handlers.reply import Citation, Field, Reply
from handlers.store import configured_url, open_store
from handlers.store.settings import CHANNEL, LANGUAGE, RULESET, SERVER

ROOT = Path(__file__).resolve().parent.parent


def test_parse_shards():
    assert parse_shards({}) == (None, None)
    assert parse_shards({"SHARD_COUNT": "4"}) == (4, None)
    assert parse_shards({"SHARD_COUNT": "4", "SHARD_IDS": "0,2"}) == (4, [0, 2])
    assert parse_shards({"SHARD_COUNT": "8", "SHARD_IDS": "4-7"}) == (8, [4, 5, 6, 7])
    assert parse_shards({"SHARD_COUNT": "4", "SHARD_IDS": " 0 - 1 , 3 "}) == (4, [0, 1, 3])
    for bad, named in (({"SHARD_IDS": "0"}, "SHARD_COUNT"), ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "0..1"),
                       ({"SHARD_COUNT": "0"}, "1..10000"), ({"SHARD_COUNT": "four"}, "'four'"),
                       ({"SHARD_COUNT": "4", "SHARD_IDS": "a"}, "'a'"), ({"SHARD_COUNT": "4", "SHARD_IDS": "0,,1"}, "0,,1"),
                       ({"SHARD_COUNT": "4", "SHARD_IDS": "3-1"}, "backwards"),
                       ({"SHARD_COUNT": "4", "SHARD_IDS": "0-2,2"}, "shard 2 more than once")):
        with pytest.raises(ValueError, match="SHARD_") as caught:
            parse_shards(bad)
        assert named in str(caught.value), (bad, caught.value)


def test_a_bad_shard_setting_stops_the_bot_with_one_line():
    env = {**os.environ, "DISCORD_TOKEN": "not.a.real.token", "SHARD_COUNT": "4", "SHARD_IDS": "3-1"}
    result = subprocess.run([sys.executable, "bot.py"], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "floorcall: SHARD_IDS: the range 3-1 runs backwards; write 1-3"]


def test_log_level_from_the_environment():
    assert log_level({}) is None
    assert log_level({"FLOORCALL_LOG_LEVEL": " debug "}) == logging.DEBUG
    assert log_level({"FLOORCALL_LOG_LEVEL": "WARNING"}) == logging.WARNING
    with pytest.raises(ValueError, match="FLOORCALL_LOG_LEVEL"):
        log_level({"FLOORCALL_LOG_LEVEL": "loud"})


def test_split_text_keeps_every_character_and_prefers_line_breaks():
    text = "\n".join("word " * 30 for _ in range(20))
    pieces = split_text(text, 200)
    assert all(len(p) <= 200 for p in pieces)
    assert "".join(pieces).replace("\n", "").replace(" ", "") == text.replace("\n", "").replace(" ", "")
    assert split_text("x" * 2500, 1024) == ["x" * 1024, "x" * 1024, "x" * 452]


@settings(max_examples=40, deadline=None)
@given(
    headline=st.text(min_size=1, max_size=5000),
    fields=st.lists(st.tuples(st.text(min_size=1, max_size=300), st.text(min_size=1, max_size=3000)), max_size=40),
    working=st.lists(st.text(max_size=120), max_size=60),
    cites=st.integers(0, 60),
)
def test_rendered_messages_always_fit_discord_limits(headline, fields, working, cites):
    reply = Reply(ok=True, command="ruling", lang="en", ruleset="tda2026", headline=headline,
                  fields=[Field(n, v) for n, v in fields], working=working, working_title="Working",
                  citations=[Citation(str(i), f"Rule {i}", "https://www.pokertda.com/poker-tda-rules/")
                             for i in range(cites)], footer="final")
    for embeds in render_messages(reply):
        assert 1 <= len(embeds) <= EMBEDS_PER_MESSAGE
        assert sum(embed_size(e) for e in embeds) <= EMBED_TOTAL_MAX
        for e in embeds:
            assert len(e.title or "") <= 256 and len(e.description or "") <= DESCRIPTION_MAX
            assert len(e.fields) <= FIELDS_MAX
            assert all(0 < len(f.value or "") <= FIELD_VALUE_MAX and 0 < len(f.name or "") <= 256 for f in e.fields)


async def test_language_resolution_order_and_persistence(store, store_url):
    assert store.resolve(1, 2, "en-US").lang == "en"
    assert (store.resolve(1, 2, "ko").lang, store.resolve(1, 2, "ko").lang_source) == ("ko", "locale")
    assert store.resolve(1, 2, "fr").lang == "en"
    await store.set(SERVER, 1, LANGUAGE, "ja")
    assert (store.resolve(1, 2, "ko").lang, store.resolve(1, 2, "ko").lang_source) == ("ja", "server")
    await store.set(CHANNEL, 2, LANGUAGE, "en")
    assert (store.resolve(1, 2, "ko").lang, store.resolve(1, 2, "ko").lang_source) == ("en", "channel")
    assert store.resolve(1, 3, None).lang == "ja"
    await store.set(SERVER, 1, RULESET, "jp-basic")
    await store.set(SERVER, 1, "clock_seconds", "40")
    await store.close()
    await store.close()  # idempotent: SIGTERM and normal shutdown may both close it

    again = await open_store(store_url)
    ctx = again.context_for(1, 2, None, user="floor")
    assert (ctx.lang, ctx.ruleset_id, ctx.clock_seconds, ctx.user) == ("en", "jp-basic", 40, "floor")
    await again.delete(CHANNEL, 2, LANGUAGE)
    assert again.resolve(1, 2, None).lang == "ja"
    if again.db.dialect == "sqlite":
        assert (await again.db.fetch("pragma journal_mode"))[0]["journal_mode"] == "wal"
    [row] = await again.db.fetch("select count(*) as n from settings")
    assert row["n"] == 3
    await again.close()


def test_db_from_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("FLOORCALL_DB", str(tmp_path / "x.db"))
    assert configured_url() == str(tmp_path / "x.db")
    monkeypatch.delenv("FLOORCALL_DB")
    assert configured_url() == "floorcall.db"


def test_without_a_token_the_bot_explains_and_exits_non_zero(monkeypatch, capsys):
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert run_bot() != 0
    err = capsys.readouterr().err
    assert err == NO_TOKEN_HELP
    assert "--console" in err and "discord.com/developers" in err


def test_bot_py_without_token_and_console_without_discord():
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    done = subprocess.run([sys.executable, "bot.py"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "--console" in done.stderr
    probe = ("import sys, io; sys.stdin = io.StringIO('help\\n'); import bot; bot.main(['--console']); "
             "assert 'discord' not in sys.modules, 'the console imported discord'")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
