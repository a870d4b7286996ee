"""Nothing a user typed and no secret reaches a log line, at any level floorcall logs at.

A session of hostile inputs goes through the fake Discord with floorcall's loggers at DEBUG (as
`FLOORCALL_LOG_LEVEL=debug` sets them) and discord.py's at INFO (as `configure_logging` leaves
them); every record is formatted with its traceback and searched for the typed marker.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from handlers.store import StoreError, make_db, open_store

MARK = "ZQXSECRET"  # in everything the hostile member types
PASSWORD = "ZQXPASSWORD9"
MANAGE_GUILD = 1 << 5
BASIC = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 16) | (1 << 31)


@pytest.fixture
def all_records(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    """Every record at DEBUG from floorcall and the handlers; discord.py at its production INFO."""
    levels = {name: logging.getLogger(name).level for name in ("discord", "discord.gateway", "floorcall")}
    caplog.set_level(logging.DEBUG)
    logging.getLogger("discord").setLevel(logging.INFO)
    logging.getLogger("discord.gateway").setLevel(logging.WARNING)
    logging.getLogger("floorcall").setLevel(logging.DEBUG)
    try:
        yield caplog
    finally:
        for name, level in levels.items():
            logging.getLogger(name).setLevel(level)


def leaks(caplog: pytest.LogCaptureFixture, secret: str) -> list[str]:
    fmt = logging.Formatter("%(name)s %(levelname)s %(message)s")
    return [line for r in caplog.records if secret in (line := fmt.format(r))]


async def test_a_session_of_hostile_inputs_logs_nothing_typed(fake_discord, start_bot, all_records):
    await start_bot()
    fake = fake_discord
    admin = BASIC | MANAGE_GUILD | (1 << 4) | (1 << 13) | (1 << 33)
    hostile = [
        await fake.slash("ruling", hand=f"NL 100/200 preflop: {MARK}A raise 600, {MARK}B?"),
        await fake.slash("ruling", hand=f"NL 100/200 flop: https://{MARK}.example/login bet 600, B?"),
        await fake.slash("ruling", hand=f"{MARK} {MARK} {MARK}"),
        await fake.slash("rule", query=MARK),
        await fake.slash("settings language", permissions=admin, value=f"{MARK}-lang"),
        await fake.slash("settings ruleset", permissions=admin, value=f"{MARK}-rules"),
        await fake.slash("clock", player="seat 4", facing=MARK),
        await fake.slash("clock", player=f"{MARK} <t:0:R>"),
        await fake.slash("blinds start", permissions=admin, structure=f"{MARK} 20m"),
        await fake.autocomplete("rule", "query", query=MARK),
    ]
    for inter in hostile:
        await inter.wait_answered(timeout=30)
    clock = await fake.slash("clock", player=f"{MARK}C")
    [msg] = await clock.wait_final()
    msg = fake.messages[int(msg["id"])]
    for crafted in (f"clock:act:{MARK}", f"clock:cancel:1:{MARK}AAAAAAA", f"fc:rules:{MARK}:1,2", f"fc:erase:{MARK}"):
        press = await fake.click(msg, crafted, permissions=admin, crafted=True)
        await press.wait_answered()
    for text in (f"{MARK}word and more", f"ruling NL 100/200 preflop: {MARK} raise 600, B?", f"rule {MARK}",
                 f"clock {MARK}", f"blinds {MARK}"):
        await fake.post_message(f"<@{fake.app_id}> {text}")
    await fake.wait_for(lambda: len(fake.requests_to("POST", r"^/channels/\d+/messages$")) >= 5, 20,
                        "the five mention replies")
    assert any(r.name.startswith("floorcall") and r.levelno == logging.DEBUG for r in all_records.records), \
        "floorcall's debug lines were captured (else this proves nothing)"
    assert leaks(all_records, MARK) == []
    assert [r for r in all_records.records if r.levelno >= logging.ERROR] == []
    assert fake.protocol_errors == []


@pytest.mark.parametrize("url", [
    f"postgresql://floor@127.0.0.1:1/floorcall?password={PASSWORD}",
    f"postgresql://floor@127.0.0.1:1/floorcall?sslmode=disable&password={PASSWORD}",
    f"postgresql://floor:{PASSWORD}@127.0.0.1:1/floorcall",
    f"postgres://floor:{PASSWORD}@127.0.0.1:1/floorcall?connect_timeout=x",
])
async def test_a_postgresql_password_never_reaches_a_message_or_a_log(url, all_records):
    db = make_db(url)
    assert PASSWORD not in db.where
    with pytest.raises(StoreError) as caught:
        await open_store(url, busy_wait=0.1)
    assert PASSWORD not in str(caught.value)
    assert "FLOORCALL_DB" in str(caught.value)
    assert leaks(all_records, PASSWORD) == []
