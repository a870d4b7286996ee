"""Bad things: a FLOORCALL_DB that cannot work, PostgreSQL down at start or restarted while the
bot runs, an SQLite file locked by another process, SIGTERM with replies in flight."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from botproc import BotProcess
from fakediscord.server import DEFERRED_UPDATE, MANAGE_GUILD
from pgtest import PgServer, free_port

from cogs.messages import DISCORD
from handlers.store import StoreBusy, StoreUnavailable, open_store
from handlers.store.errors import try_again
from handlers.store.settings import LANGUAGE, SERVER

ROOT = Path(__file__).resolve().parent.parent


def run_bot(db: str, as_plain_user: bool = False) -> subprocess.CompletedProcess[str]:
    """`python bot.py` with a token and this FLOORCALL_DB: the store opens before Discord is asked.
    `as_plain_user`: as root, without the capabilities that let root write past file modes."""
    env = {**os.environ, "DISCORD_TOKEN": "not.a.real.token", "FLOORCALL_DB": db}
    drop = _without_root_powers if as_plain_user and os.geteuid() == 0 else None
    return subprocess.run([sys.executable, "bot.py"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120, preexec_fn=drop)


# CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER: what lets root write a 0444 file or into a
# 0555 directory. Without them root is held to the mode bits like any user.
_ROOT_POWERS = (1, 2, 3)
PR_CAPBSET_DROP = 24


def _without_root_powers() -> None:
    """In the child before exec: drop those capabilities from the bounding set, so the bot (still
    uid 0, so it reaches an interpreter under a 0700 /root) runs without them. Running it as
    `nobody` instead failed where Python lives in a home only root may enter."""
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    for cap in _ROOT_POWERS:
        if libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


def _root_powers_can_be_dropped() -> bool:
    probe = subprocess.run([sys.executable, "-c", "pass"], preexec_fn=_without_root_powers, capture_output=True)
    return probe.returncode == 0


@pytest.fixture
def read_only_dirs() -> Iterator[tuple[Path, Path]]:
    """Two directories the bot may read but not write: one empty, one holding a floorcall
    database made before it turned read-only. Root writes anywhere, so as root the bot runs
    without the capabilities that allow that (`run_bot(..., as_plain_user=True)`)."""
    import shutil
    import tempfile

    if os.geteuid() == 0 and not _root_powers_can_be_dropped():
        pytest.skip("running as root without CAP_SETPCAP: cannot run the bot held to file modes")
    top = Path(tempfile.mkdtemp(prefix="floorcall-ro-"))
    empty, full = top / "empty", top / "full"
    empty.mkdir()
    full.mkdir()
    asyncio.run(_make_db(full / "floorcall.db"))
    for d in (empty, full):
        os.chmod(d, 0o555)
    os.chmod(full / "floorcall.db", 0o444)
    try:
        yield empty, full
    finally:
        for d in (empty, full):
            os.chmod(d, 0o755)
        shutil.rmtree(top, ignore_errors=True)


async def _make_db(path: Path) -> None:
    await (await open_store(path, watch=False)).close()


def bad_dbs(tmp_path: Path) -> dict[str, tuple[str, str]]:
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(os.urandom(4096))
    foreign = tmp_path / "foreign.db"
    with sqlite3.connect(foreign) as conn:
        conn.execute("create table clocks (brand text, price real)")
    return {
        "a directory": (str(tmp_path), "is a directory"),
        "garbage bytes": (str(garbage), "not an SQLite database"),
        "a directory that cannot be made": ("/proc/floorcall/floorcall.db", "cannot create its directory"),
        "someone else's tables": (str(foreign), "table 'clocks' that floorcall did not write"),
        "an unknown scheme": ("mysql://db/floorcall", "unknown kind of database"),
        "an SQLite URL without a file": ("sqlite:///", "names no file"),
    }


@pytest.mark.parametrize("case", ["a directory", "garbage bytes", "a directory that cannot be made",
                                  "someone else's tables", "an unknown scheme", "an SQLite URL without a file"])
def test_a_bad_floorcall_db_is_one_line_naming_it(tmp_path, case):
    db, expected = bad_dbs(tmp_path)[case]
    result = run_bot(db)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "FLOORCALL_DB" in lines[0] and expected in lines[0] and "Traceback" not in result.stderr


@pytest.mark.parametrize("case", ["a new file", "a database made before"])
def test_a_read_only_directory_is_one_line_naming_it(read_only_dirs, case):
    empty, full = read_only_dirs
    db, expected = {"a new file": (empty / "floorcall.db", f"cannot be opened (is {empty} writable?)"),
                    "a database made before": (full / "floorcall.db", "is read-only")}[case]
    result = run_bot(str(db), as_plain_user=True)
    assert result.returncode == 2, result.stderr
    [line] = result.stderr.strip().splitlines()
    assert line.startswith(f"floorcall: FLOORCALL_DB={db} ") and expected in line


def test_a_postgresql_user_who_may_not_create_tables_is_one_line_naming_it(pg_server):
    """PostgreSQL 15+ gives a user who does not own the database no CREATE on its schema: the
    line names the variable and the database and says what to change (it was the bare
    "permission denied for schema public")."""
    pg_server.psql("CREATE ROLE guest LOGIN")
    pg_server.psql("CREATE DATABASE not_guests")
    url = f"postgresql://guest@127.0.0.1:{pg_server.port}/not_guests"
    result = run_bot(url)
    assert result.returncode == 2, result.stderr
    [line] = result.stderr.strip().splitlines()
    assert line.startswith(f"floorcall: FLOORCALL_DB: PostgreSQL at {url} refused to set up"), line
    assert "permission denied" in line and "owner" in line


def test_postgresql_down_at_start_is_one_line_and_exit_3():
    url = f"postgresql://floorcall:secret@127.0.0.1:{free_port()}/floorcall"
    result = run_bot(url)
    assert result.returncode == 3, result.stderr
    [line] = result.stderr.strip().splitlines()
    assert "FLOORCALL_DB" in line and "cannot reach" in line and "secret" not in line


async def test_postgresql_restarted_while_running(fake_discord, start_bot):
    """Commands answer "try again" while the server is down; once it is back, the bot carries
    on, and every setting it acknowledged is there."""
    server = PgServer()
    server.start()
    try:
        url = server.create_db("restart")
        fake = fake_discord
        bot = await start_bot(db_path=url, extensions=("cogs.settings", "cogs.help", "cogs.clock"))
        watcher = await open_store(url)  # a second process, kept up to date by NOTIFY
        done = await fake.slash("settings language", value="ko", scope="server", permissions=MANAGE_GUILD)
        await done.wait_final()
        server.stop()
        down = await fake.slash("settings language", value="ja", scope="server", permissions=MANAGE_GUILD)
        [msg] = await down.wait_final(timeout=10)
        assert down.ephemeral and msg["content"] == try_again(StoreUnavailable(), "ko")
        clock = await fake.slash("clock", player="A")
        [msg] = await clock.wait_final(timeout=10)
        assert clock.ephemeral and try_again(StoreUnavailable(), "ko") in str(msg["embeds"])
        helped = await fake.slash("help")
        await helped.wait_final()  # reads come from memory: answered, in Korean, while the database is down
        server.start()
        for _ in range(100):
            again = await fake.slash("settings language", value="ja", scope="server", permissions=MANAGE_GUILD)
            [msg] = await again.wait_final(timeout=10)
            if not again.ephemeral:
                break
            await asyncio.sleep(0.1)
        assert msg["embeds"][0]["title"] == DISCORD("language_set_server", "ja", language="日本語")
        for _ in range(200):  # the watcher's listener reconnected and reloaded
            if watcher.resolve(fake.guild_id, None, None).lang == "ja":
                break
            await asyncio.sleep(0.05)
        assert watcher.resolve(fake.guild_id, None, None).lang == "ja"
        assert bot.store.get(SERVER, fake.guild_id, LANGUAGE) == "ja"
        await watcher.close()
        fake.protocol_errors.clear()  # none expected; the fake saw only answered interactions
    finally:
        server.cleanup()


async def test_a_clock_running_across_a_postgresql_restart_ends_once_and_nothing_acknowledged_is_lost(
        fake_discord, start_bot, manual_clock):
    """A setting and a clock acknowledged before PostgreSQL goes down. The clock's end comes while
    the server is down: it is not shown before it is recorded (the write is retried), and once
    the server is back it is shown once, in the server's language, said to be late and with no
    outcome by rule (it was "the hand is dead", 10 s late, as if on time); the setting is still
    there for a process that starts afterwards."""
    from handlers.clock import MSG

    server = PgServer()
    server.start()
    try:
        url = server.create_db("restart_clock")
        fake = fake_discord
        bot = await start_bot(db_path=url, extensions=("cogs.settings", "cogs.clock"))
        done = await fake.slash("settings language", value="ko", scope="server", permissions=MANAGE_GUILD)
        await done.wait_final()
        started = await fake.slash("clock", player="A", facing="bet")
        [posted] = await started.wait_final()
        msg = fake.messages[int(posted["id"])]
        service = bot.get_cog("ClockCog").service
        await fake.wait_for(lambda: service.live() and service.live()[0].message_id, what="the clock stored")
        await service.idle()
        await asyncio.to_thread(server.stop)
        manual_clock.advance(40)  # the end falls while the server is down
        await fake.wait_for(lambda: service.live() == [] or manual_clock.sleepers == 0, what="the timer awake")
        assert msg["components"], "not shown as ended before it was recorded"
        await asyncio.to_thread(server.start)
        await fake.wait_for(lambda: not msg["components"], timeout=20, what="the end shown")
        assert MSG("floor_decides_held", "ko") in str(msg["embeds"])
        assert MSG("bet_dead_hand", "ko") not in str(msg["embeds"])
        ends = [r for r in fake.requests_to("PATCH", r"/messages/\d+$") if r.path.endswith(f"/{msg['id']}")]
        assert len(ends) == 1, [r.body["embeds"][0]["title"] for r in ends]
        later = await open_store(url, watch=False)
        try:
            assert later.get(SERVER, fake.guild_id, LANGUAGE) == "ko"
            [row] = await later.db.fetch("SELECT state, live FROM clocks")
            assert row == {"state": "expired", "live": None}
        finally:
            await later.close()
        fake.assert_clean()
    finally:
        server.cleanup()


class LockHolder:
    """Another process holding the SQLite file's write lock until `release()` (a line on its stdin)."""

    SCRIPT = (
        "import sqlite3, sys\n"
        "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
        "c.execute('BEGIN IMMEDIATE')\n"
        "c.execute(\"insert into settings values ('server', 1, 'x', 'y', 'now')\")\n"
        "print('locked', flush=True)\n"
        "sys.stdin.readline()\n"
        "c.execute('ROLLBACK')\n"
    )

    def __init__(self, path: Path) -> None:
        self.proc = subprocess.Popen([sys.executable, "-c", self.SCRIPT, str(path)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None and self.proc.stdout.readline().strip() == "locked"

    def release(self) -> None:
        if self.proc.poll() is None:
            self.proc.communicate("go\n", timeout=30)


async def test_a_locked_sqlite_file_answers_try_again_and_blocks_nothing(fake_discord, start_bot, floorcall_db):
    """Another process holds the write lock while five commands come in at once: the three that
    write (a setting, a clock, a blind clock) answer "try again" in the channel's language, the
    press on a running clock is kept in memory and saved once the lock is gone, and an unrelated /help is answered at once -- every one well
    inside Discord's 3 s (the fake refuses a late answer: 10062, a protocol error). Statements
    wait for the lock one after another on the store's thread; each must give up on its own
    deadline, not queue behind the others' waits (seen: the third answered after 3 s)."""
    from cogs.clock import BUTTONS
    from handlers.clock import MSG

    fake = fake_discord
    bot = await start_bot(extensions=("cogs.settings", "cogs.help", "cogs.clock", "cogs.blinds"))
    done = await fake.slash("settings language", value="ja", scope="server", permissions=MANAGE_GUILD)
    await done.wait_final()
    owner = fake.user("td")
    started = await fake.slash("clock", player="A", user=owner)
    [clock] = await started.wait_final()
    holder = LockHolder(floorcall_db)
    try:
        writes = [
            await fake.slash("settings language", value="ko", scope="server", permissions=MANAGE_GUILD),
            await fake.slash("clock", player="B"),
            await fake.slash("blinds start", structure="turbo", permissions=MANAGE_GUILD),
        ]
        act = clock["components"][0]["components"][0]["custom_id"]
        clock_id = int(act.split(":")[2])  # clock:act:<id>:<key>
        press = await fake.click(clock, act, user=owner)
        helped = await fake.slash("help")
        await helped.wait_answered(timeout=5)
        busy = try_again(StoreBusy(), "ja")
        for inter in writes:
            [msg] = await inter.wait_final(timeout=5)
            assert inter.ephemeral and busy in str(msg), msg
        # Order, not seconds: /help came in after the writes and is answered before any of them
        # gives up on the lock (a loop blocked by the lock answers nothing until a write returns).
        # Discord's own 3 s deadline is the fake's to enforce: a late answer is a 10062 there,
        # which assert_clean() below reports.
        assert helped.callback_at < min(inter.callback_at for inter in writes), "the loop was blocked by the lock"
        # The press needs no read (this process runs the clock): it acknowledges the press on the
        # clock's message (DEFERRED_UPDATE, whose original is that message); the write fails, so
        # the press is kept in memory, shown on the message, and the presser told so privately.
        await press.wait_answered(timeout=5)
        assert press.callback_type == DEFERRED_UPDATE
        *_, msg = await press.wait_final(timeout=5, count=2)
        assert msg is press.followups[-1] and BUTTONS("kept", "ja") in str(msg), msg
        assert MSG("press_kept", "ja") in str(fake.messages[int(clock["id"])]["embeds"])
    finally:
        holder.release()
    service = bot.get_cog("ClockCog").service
    await fake.wait_for(lambda: not service.known(clock_id), timeout=20, what="the kept press saved")
    assert "Time on" not in str(fake.messages[int(clock["id"])]["embeds"]), "the press did not stop the clock"
    assert MSG("press_kept", "ja") not in str(fake.messages[int(clock["id"])]["embeds"])
    again = await fake.slash("settings language", value="ko", scope="server", permissions=MANAGE_GUILD)
    [msg] = await again.wait_final()
    assert not again.ephemeral
    fake.assert_clean()


async def test_a_locked_postgresql_table_answers_try_again_in_time(fake_discord, start_bot, pg_url):
    """Another session locks floorcall's tables while more writes come in than the pool has
    connections: every one answers "try again" in the server's language inside Discord's 3 s,
    the clock too, and /help at once. Each step had a timeout of its own (waiting for a pooled
    connection, then each statement: 2 s each), so the writes queued for a connection answered
    after 4 s (10062), and a clock's insert waited for a connection with no timeout at all."""
    import asyncpg

    fake = fake_discord
    await start_bot(db_path=pg_url, extensions=("cogs.settings", "cogs.help", "cogs.clock"))
    done = await fake.slash("settings language", value="ja", scope="server", permissions=MANAGE_GUILD)
    await done.wait_final()
    other = await asyncpg.connect(pg_url)
    locked = other.transaction()
    await locked.start()
    await other.execute("LOCK TABLE settings, clocks IN EXCLUSIVE MODE")
    try:
        writes = [await fake.slash("settings language", value="ko", scope="server", permissions=MANAGE_GUILD,
                                   user=fake.user(f"td{i}")) for i in range(8)]
        writes.append(await fake.slash("clock", player="B"))
        helped = await fake.slash("help")
        await helped.wait_answered(timeout=5)
        busy = try_again(StoreBusy(), "ja")
        for inter in writes:
            [msg] = await inter.wait_final(timeout=6)
            assert inter.ephemeral and busy in str(msg), msg
        # Order, not seconds (see the SQLite test above); the 3 s deadline is the fake's 10062.
        assert helped.callback_at < min(inter.callback_at for inter in writes), "the loop was blocked by the lock"
    finally:
        await locked.rollback()
        await other.close()
    again = await fake.slash("settings language", value="ko", scope="server", permissions=MANAGE_GUILD)
    await again.wait_final()
    assert not again.ephemeral
    fake.assert_clean()


async def test_sigterm_lets_replies_in_flight_finish_and_exits_quietly(fake_discord, tmp_path):
    fake = fake_discord
    bot = await BotProcess(fake, str(tmp_path / "f.db")).start()
    fake.delay("POST", r"/callback$", seconds=0.5)  # the answer is on its way when SIGTERM comes
    inter = await fake.slash("ruling", hand="NL 100/200 flop: A bet 600, B raise 1600, C raise 3600, D?")
    await fake.wait_for(lambda: fake.requests_to("POST", rf"/interactions/{inter.id}/"), what="the answer sent")
    rc = await bot.terminate()
    assert rc == 0
    await inter.wait_final(timeout=5)
    assert "Session is closed" not in bot.output and "Traceback" not in bot.output, bot.output[-2000:]
    fake.assert_clean()


async def test_sigterm_with_replies_slower_than_the_drain_drops_them_quietly(fake_discord, tmp_path):
    """Replies still on their way a second after SIGTERM (Discord slow to take them: a ruling, a
    /help, a clock's first message) are dropped: one warning line saying how many, exit 0 soon
    after the drain, and no traceback from sending into a closed session."""
    fake = fake_discord
    bot = await BotProcess(fake, str(tmp_path / "f.db")).start()
    fake.delay("POST", r"/callback$", seconds=4)
    inters = [await fake.slash("ruling", hand="NL 100/200 flop: A bet 600, B?"), await fake.slash("help"),
              await fake.slash("clock", player="A")]
    await fake.wait_for(lambda: len(fake.requests_to("POST", r"/callback$")) == len(inters), what="the answers sent")
    loop = asyncio.get_running_loop()
    sent = loop.time()
    assert await bot.terminate() == 0
    assert loop.time() - sent < 10, "drained for a second, closed within two more (slack for a loaded machine)"
    assert any("3 reply(ies) still unfinished after 1.0 s were dropped" in line for line in bot.lines), bot.output[-2000:]
    assert "Session is closed" not in bot.output and "Traceback" not in bot.output, bot.output[-2000:]
    assert all(i.callback_at is None for i in inters)
    fake.assert_clean()


async def test_discord_unreachable_at_start_is_one_line_and_exit_3(tmp_path):
    from pgtest import free_port

    port = free_port()  # nothing listens there
    env = {**os.environ, "DISCORD_TOKEN": "not.a.real.token", "FLOORCALL_DB": str(tmp_path / "f.db"),
           "FAKE_DISCORD_API": f"http://127.0.0.1:{port}/api/v10", "FAKE_DISCORD_GATEWAY": f"ws://127.0.0.1:{port}/"}
    launch = ROOT / "tests" / "fakediscord" / "launch.py"
    result = subprocess.run([sys.executable, str(launch)], env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 3, result.stderr
    lines = [line for line in result.stderr.strip().splitlines() if " INFO " not in line and "WARNING" not in line]
    assert len(lines) == 1 and "cannot reach Discord" in lines[0], result.stderr
    assert "Traceback" not in result.stderr


async def test_a_locked_sqlite_file_at_start_is_waited_for_then_one_line(tmp_path):
    from handlers.store import StoreBusy

    path = tmp_path / "locked.db"
    await (await open_store(path, watch=False)).close()
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")  # another process holds the whole file
    try:
        with pytest.raises(StoreBusy) as caught:
            await open_store(path, busy_wait=0.5)
        assert "FLOORCALL_DB" in str(caught.value) and "\n" not in str(caught.value)
        opening = asyncio.create_task(open_store(path, busy_wait=30))
        await asyncio.sleep(0.3)
    finally:
        other.execute("ROLLBACK")
        other.close()
    store = await opening  # the lock went away while it waited: it opens
    await store.close()
