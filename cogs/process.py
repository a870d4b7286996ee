"""The bot as a process: the environment read (shards, log level), start, signals and exit codes.

Kept apart from `cogs.app` (the bot itself) so that what the operator sees -- one line and an exit
status for every mistake in the environment, SIGTERM drained and closed within two seconds --
reads in one place. bot.py calls `run_bot()`.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys

import discord

from cogs.app import FloorcallBot
from handlers.store import ENV, StoreBusy, StoreError, StoreUnavailable, open_store

log = logging.getLogger("floorcall.discord")

SHUTDOWN_TIMEOUT = 2.0
DRAIN_SECONDS = 1.0

NO_TOKEN_HELP = """\
floorcall: DISCORD_TOKEN is not set, so the Discord bot cannot start.

To get a token: open https://discord.com/developers/applications, create an application (or pick
yours), open "Bot", press "Reset Token" and copy it. Invite the bot with the "bot" and
"applications.commands" scopes (OAuth2 > URL Generator). Then run:

    DISCORD_TOKEN=<your token> python bot.py

No privileged intents are needed. To try floorcall without Discord at all:

    python bot.py --console            (add --json for JSON Lines, --lang ja|ko|en)
"""


def parse_shards(env: dict[str, str] | os._Environ[str]) -> tuple[int | None, list[int] | None]:
    """SHARD_COUNT (total shards over all processes) and SHARD_IDS ("0,1" or "0-3": this process's).

    Every mistake is a ValueError naming the variable: a word where a number goes, a range
    written backwards ("3-1" was an empty slice: a process serving no shard at all) or a shard
    listed twice (two connections identifying as one shard, which Discord closes).
    """
    count_s = (env.get("SHARD_COUNT") or "").strip()
    ids_s = (env.get("SHARD_IDS") or "").strip()
    count = _whole("SHARD_COUNT", count_s, count_s) if count_s else None
    if count is not None and count < 1:
        raise ValueError(f"SHARD_COUNT must lie in 1..{MAX_SHARDS}, not {count_s}")
    ids: list[int] | None = None
    if ids_s:
        if count is None:
            raise ValueError("SHARD_IDS needs SHARD_COUNT (the total over all processes)")
        ids = []
        for part in ids_s.split(","):
            lo, dash, hi = (p.strip() for p in part.partition("-"))
            first = _whole("SHARD_IDS", lo, ids_s)
            last = _whole("SHARD_IDS", hi, ids_s) if dash else first
            if last < first:
                raise ValueError(f"SHARD_IDS: the range {part.strip()} runs backwards; write {last}-{first}")
            ids.extend(range(first, last + 1))
        if any(not 0 <= i < count for i in ids):
            raise ValueError(f"SHARD_IDS must lie in 0..{count - 1}")
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            raise ValueError(f"SHARD_IDS lists shard {', '.join(map(str, twice))} more than once")
    return count, ids


# More shards than any bot runs (Discord asks for about one per 1,000 servers): a number past it
# is a typo, and a 23-digit one was accepted and sent to Discord.
MAX_SHARDS = 10_000


def _whole(name: str, text: str, whole: str) -> int:
    """A whole number in ASCII digits ("²" and "٣" are digits to str.isdigit, not to int)."""
    if not (text.isascii() and text.isdigit()):
        raise ValueError(f"{name} must be whole numbers like 0,1 or 0-3, not {whole!r}" if name == "SHARD_IDS"
                         else f"{name} must be a whole number from 1 to {MAX_SHARDS}, not {whole!r}")
    if len(text) > len(str(MAX_SHARDS)) or int(text) > MAX_SHARDS:
        raise ValueError(f"{name} must lie in 1..{MAX_SHARDS}, not {whole}" if name == "SHARD_COUNT"
                         else f"{name} must lie in 0..{MAX_SHARDS - 1}, not {whole!r}")
    return int(text)


def check_token(token: str) -> str | None:
    """What is wrong with DISCORD_TOKEN as written, in one line (None: it may be sent). A line
    break or a space inside it (pasted from two lines) made aiohttp raise from deep inside the
    login: a 57-line traceback instead of a word about the variable."""
    if any(c.isspace() or not c.isprintable() for c in token):
        return ("DISCORD_TOKEN has a line break, a space or a control character inside it; "
                "paste the token on one line, as the developer portal shows it")
    if not token.isascii():
        return "DISCORD_TOKEN has characters that are not ASCII in it; copy the token again from the developer portal"
    return None


LOG_LEVEL_ENV = "FLOORCALL_LOG_LEVEL"


def log_level(env: dict[str, str] | os._Environ[str]) -> int | None:
    """FLOORCALL_LOG_LEVEL for floorcall's own loggers (debug adds a line per answered command);
    None when unset. ValueError names the variable."""
    text = (env.get(LOG_LEVEL_ENV) or "").strip().upper()
    if not text:
        return None
    level = logging.getLevelName(text)
    if not isinstance(level, int):
        raise ValueError(f"{LOG_LEVEL_ENV} must be debug, info, warning or error, not {text.lower()!r}")
    return level


def configure_logging(level: int | None = None) -> None:
    """INFO to stderr. Nothing here logs tokens or message contents (only ids and command names)."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if level is not None:
        logging.getLogger("floorcall").setLevel(level)
    logging.getLogger("discord.gateway").setLevel(logging.WARNING)
    # While PostgreSQL is down asyncpg logs a traceback per retry; the store logs one line instead.
    logging.getLogger("asyncpg.pool").setLevel(logging.ERROR)


def quiet_voice() -> None:
    """No "PyNaCl / davey is not installed, voice will NOT be supported" at every start: this bot
    never joins a voice channel, so the two warnings only taught operators to skim the log.
    discord.py warns once per process, from these two flags."""
    voice = getattr(discord, "VoiceClient", None)
    for flag in ("warn_nacl", "warn_dave"):
        if voice is not None and hasattr(voice, flag):
            setattr(voice, flag, False)


async def serve(bot: FloorcallBot, token: str) -> int:
    """Run until the bot stops or SIGTERM/SIGINT arrives; then close everything within 2 s."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    installed: list[signal.Signals] = []
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(sig, stop.set)
            installed.append(sig)
        except (NotImplementedError, RuntimeError):  # not the main thread, or not Unix
            pass
    runner = asyncio.create_task(bot.start(token), name="floorcall-bot")
    stopper = asyncio.create_task(stop.wait(), name="floorcall-stop")
    try:
        done, _ = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        if stopper in done:
            log.info("stopping on signal")
            await bot.drain(DRAIN_SECONDS)
            try:
                await asyncio.wait_for(bot.close(), SHUTDOWN_TIMEOUT)
            except TimeoutError:
                log.warning("shutdown took longer than %.0f s; closing the database anyway", SHUTDOWN_TIMEOUT)
                bot.store.close_now()
            runner.cancel()
            await asyncio.gather(runner, return_exceptions=True)
            return 0
        exc = runner.exception()
        if isinstance(exc, discord.LoginFailure):
            print("floorcall: Discord refused the token (DISCORD_TOKEN); get a new one in the developer portal.",
                  file=sys.stderr)
            return 1
        if isinstance(exc, discord.PrivilegedIntentsRequired):
            print("floorcall: Discord asked for a privileged intent; this bot needs none.", file=sys.stderr)
            return 1
        if isinstance(exc, OSError | discord.GatewayNotFound):  # aiohttp's connection errors are OSErrors
            print(f"floorcall: cannot reach Discord ({_reason(exc)}); check the network and try again.",
                  file=sys.stderr)
            return 3
        if exc is not None:
            raise exc
        return 0
    finally:
        stopper.cancel()
        for sig in installed:
            loop.remove_signal_handler(sig)
        if not bot.is_closed():
            await bot.close()


def _reason(exc: BaseException) -> str:
    """A connection error in a few words (aiohttp's own text names the host and the OS error)."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 160 else text[:157] + "..."


def run_bot() -> int:
    """Entry point used by bot.py: read the environment, start the bot, return the exit status."""
    token = (os.environ.get("DISCORD_TOKEN") or "").strip()
    if not token:
        sys.stderr.write(NO_TOKEN_HELP)
        return 2
    bad_token = check_token(token)
    if bad_token is not None:
        print(f"floorcall: {bad_token}", file=sys.stderr)
        return 2
    try:
        shard_count, shard_ids = parse_shards(os.environ)
        level = log_level(os.environ)
    except ValueError as exc:
        print(f"floorcall: {exc}", file=sys.stderr)
        return 2
    configure_logging(level)
    quiet_voice()

    async def main() -> int:
        try:
            store = await open_store()
        except (StoreUnavailable, StoreBusy) as exc:  # may pass: exit 3, a supervisor retries
            print(f"floorcall: {exc}", file=sys.stderr)
            return 3
        except StoreError as exc:
            print(f"floorcall: {exc}", file=sys.stderr)
            return 2
        log.info("database: %s%s", store.db.where,
                 "" if (os.environ.get(ENV) or "").strip() else f" ({ENV} is not set: the default)")
        # FLOORCALL_WARM=0: no lookup warm-up at start (the lookup then loads on first use, on its
        # own thread); for processes that never answer a lookup, such as the cluster tests'.
        warm = os.environ.get("FLOORCALL_WARM", "1").strip().lower() not in ("0", "off", "no", "false")
        bot = FloorcallBot(store=store, shard_count=shard_count, shard_ids=shard_ids, freeze_gc=True,
                           warm_lookup=warm)
        return await serve(bot, token)

    return asyncio.run(main())

