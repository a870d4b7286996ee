"""The Discord bot: an `AutoShardedBot` that adapts the shared handlers (`cogs.process` runs it).

Deliberately boring: explicit intents with nothing privileged (Discord still delivers the text
of messages that mention the bot), no mention can ever ping (`AllowedMentions.none()`), handler
work runs off the event loop so heartbeats and the 3-second interaction deadline never wait on
it, and SIGTERM closes the gateway, HTTP session and database within two seconds.
"""

from __future__ import annotations

import asyncio
import gc
import hashlib
import json
import logging
import math
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.cooldown import UserCooldowns
from cogs.guard import GUARD, Autocompletes, keeps_nothing_in, needs_server, refuse_outside
from cogs.messages import DISCORD
from cogs.translator import FloorcallTranslator
from handlers.context import Context
from handlers.dispatch import handle
from handlers.reply import Reply
from handlers.store import Store, StoreError, open_store
from handlers.store.errors import try_again
from handlers.store.settings import APP

log = logging.getLogger("floorcall.discord")

# One module per feature. The clock engineer adds "cogs.clock" here.
EXTENSIONS: tuple[str, ...] = (
    "cogs.show_rules",
    "cogs.entry",
    "cogs.ruling",
    "cogs.pot",
    "cogs.rule",
    "cogs.help",
    "cogs.settings",
    "cogs.mention",
    "cogs.clock",
    "cogs.blinds",
)

# Answer within this many seconds or defer: Discord drops interactions not acknowledged in 3 s.
DEFER_AFTER = 1.5
# Discord allows one IDENTIFY per 5 s per concurrency bucket; shards after the first wait this long.
IDENTIFY_DELAY = 5.0
COMMANDS_HASH_KEY = "commands_hash"
# Tasks discord.py starts to answer an interaction or a message: a shutdown lets them finish.
DRAIN_TASKS = ("CommandTree-invoker", "discord-ui-", "discord.py: on_message", "discord.py: on_interaction")



def make_intents() -> discord.Intents:
    """Servers, channels and messages; nothing privileged (no members, presences or message content)."""
    intents = discord.Intents.none()
    intents.guilds = True
    intents.guild_messages = True
    intents.dm_messages = True
    return intents


def not_installed_here(interaction: discord.Interaction[Any]) -> bool:
    """Used where the bot is not installed: a DM or group DM, or a server in which only the user
    installed the app (Discord's `authorizing_integration_owners` has no server install)."""
    return interaction.guild_id is None or not interaction.is_guild_integration()


class FloorcallTree(app_commands.CommandTree["FloorcallBot"]):
    """Applies the per-user cooldown to every command and turns failures into a quiet reply."""

    async def _call(self, interaction: discord.Interaction[FloorcallBot]) -> None:
        """discord.py's own dispatch (pinned 2.7.1), then the interaction's reference cycle cut.

        An `Interaction` and its cached `InteractionResponse` point at each other, so every
        interaction (its payload, member, user, namespace: ~10 KB) outlived its answer until
        the cyclic collector came by; at concurrency 50 about 150 of them were waiting at any
        time, 2 MB that pymalloc keeps as arenas afterwards. Once the command has finished
        (answered, error reported, completion dispatched) nothing reads `response` again, so
        the cached slot is dropped and reference counting frees the lot at once. After an
        exception the slot is left alone: `on_error` still asks `response.is_done()`.
        """
        await super()._call(interaction)
        try:
            del interaction._cs_response  # type: ignore[attr-defined]
        except AttributeError:  # never answered through `response`
            pass

    async def interaction_check(self, interaction: discord.Interaction[FloorcallBot]) -> bool:
        if interaction.type is not discord.InteractionType.application_command:
            return True
        wait = self.client.cooldowns.hit(interaction.user.id)
        if wait is None:
            command = interaction.command
            if command is not None and needs_server(command.qualified_name) and keeps_nothing_in(interaction):
                await refuse_outside(interaction, self.client.context_for_interaction(interaction).lang)
                return False
            return True
        lang = self.client.context_for_interaction(interaction).lang
        await interaction.response.send_message(
            DISCORD("slow_down", lang, seconds=max(1, math.ceil(wait))), ephemeral=True
        )
        return False

    async def on_error(self, interaction: discord.Interaction[FloorcallBot], error: app_commands.AppCommandError) -> None:
        name = interaction.command.qualified_name if interaction.command else "?"
        cause = getattr(error, "original", error)
        if isinstance(error, app_commands.TransformerError):
            # A value outside an option's choices or range: only a modified client sends one
            # (Discord's own keeps to them). Answered in words; the value is what someone typed,
            # so it is not logged, nor is the traceback that would carry it.
            option = _option_of(interaction, error)
            log.warning("command %s: a value for option %s outside what it accepts", name, option)
            if interaction.type is not discord.InteractionType.autocomplete and not interaction.is_expired():
                lang = self.client.context_for_interaction(interaction).lang
                try:
                    await interaction.response.send_message(GUARD("bad_option", lang, option=option), ephemeral=True)
                except discord.HTTPException:
                    log.warning("could not report the failure of %s", name)
            return
        if isinstance(cause, StoreError):  # a passing condition, answered "try again": one line
            log.warning("command %s: the database did not take it (%s: %s)", name, type(cause).__name__, cause)
        else:
            log.error("command %s failed: %s", name, type(error).__name__, exc_info=error)
        if interaction.type is discord.InteractionType.autocomplete or interaction.is_expired():
            return
        from handlers.errors import COMMON

        lang = self.client.context_for_interaction(interaction).lang
        text = try_again(cause, lang) if isinstance(cause, StoreError) else COMMON("internal", lang)
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not report the failure of %s", name)


def _option_of(interaction: discord.Interaction[Any], error: app_commands.TransformerError) -> str:
    """The name of the option whose value `error` refused (our own name, never the value)."""
    command = interaction.command
    params = getattr(command, "_params", {}) if command is not None else {}
    for param in params.values():
        if getattr(param, "_annotation", None) is error.transformer:
            return str(param.display_name)
    return "?"


class FloorcallBot(commands.AutoShardedBot):
    """The bot; `store` holds settings, `run_handler` runs shared handlers off the event loop."""

    def __init__(
        self,
        *,
        store: Store | None = None,
        db_path: str | os.PathLike[str] | None = None,
        shard_count: int | None = None,
        shard_ids: Sequence[int] | None = None,
        defer_after: float = DEFER_AFTER,
        identify_delay: float = IDENTIFY_DELAY,
        cooldowns: UserCooldowns | None = None,
        extensions: Sequence[str] = EXTENSIONS,
        freeze_gc: bool = False,
        warm_lookup: bool = True,
        **options: Any,
    ) -> None:
        options.setdefault("chunk_guilds_at_startup", False)
        options.setdefault("member_cache_flags", discord.MemberCacheFlags.none())
        # No message cache: nothing here reads a cached message (clocks edit theirs through
        # partial messages, mentions are answered from the event itself), and with the
        # guild_messages intent every message in every channel the bot sees, its own replies
        # included, would otherwise be parsed into the cache (1,000 by default).
        options.setdefault("max_messages", None)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=make_intents(),
            allowed_mentions=discord.AllowedMentions.none(),
            help_command=None,
            tree_cls=FloorcallTree,
            shard_count=shard_count,
            shard_ids=list(shard_ids) if shard_ids is not None else None,  # type: ignore[arg-type]  # None: discord.py's own default
            **options,
        )
        # Opened in setup_hook when not given (run_bot opens it first, to fail before logging in).
        self._store = store
        self.db_path = db_path
        self.defer_after = defer_after
        self.identify_delay = identify_delay
        self.cooldowns = cooldowns or UserCooldowns()
        # Buttons count apart from commands, and more loosely (a clock is pressed in a hurry).
        self.press_cooldowns = UserCooldowns(rate=10, per=10.0)
        self.autocompletes = Autocompletes()
        self.extension_names = tuple(extensions)
        # One worker: handlers are quick and pure, and one thread keeps first-use loading
        # (corpus, lookup index) from racing.
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="floorcall-handler")
        # Rule lookups (the `rule` command, its autocomplete) on a thread of their own: a lookup
        # waiting for its index or vectors to load must not hold up every other command.
        self.lookup_executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="floorcall-lookup")
        self.synced = False
        self.retention_days = 0.0  # read in setup_hook
        # The lookup's index and vectors are loaded at start on a thread of their own (never the
        # worker); until then a sentence lookup answers from its words (handlers/lookup/warm.py).
        self.warm_lookup = warm_lookup
        self.lookup_warm_thread: Any = None
        self._sweeper: asyncio.Task[None] | None = None
        # Only the process's own bot (run_bot) freezes the collector: a test process that starts
        # many bots would keep each one's reference cycles for good.
        self._gc_frozen = not freeze_gc
        # Functions (ctx, guild_id, channel_id) -> ctx that add what a cog knows about a channel
        # (the blind clock's level) to every command's context.
        self.context_hooks: list[Callable[[Context, int | None, int | None], Context]] = []

    @property
    def store(self) -> Store:
        if self._store is None:
            raise RuntimeError("the store is opened in setup_hook")
        return self._store

    async def setup_hook(self) -> None:
        from handlers.store.retention import retention_days

        self.retention_days = retention_days()  # a bad FLOORCALL_RETENTION_DAYS stops the start, in one line
        if self._store is None:
            self._store = await open_store(self.db_path)
        self._sweeper = asyncio.create_task(self._sweep_forever(), name="floorcall-retention")
        if self.warm_lookup:
            from engine.rulesets import DEFAULT_RULESET, RULESETS
            from handlers.lookup import warm

            self.lookup_warm_thread = warm.start([DEFAULT_RULESET, *RULESETS])
        await self.tree.set_translator(FloorcallTranslator())
        for name in self.extension_names:
            await self.load_extension(name)
        # FLOORCALL_SYNC=always re-uploads even when the hash matches (e.g. after editing commands
        # in the developer portal or from another database).
        await self.sync_commands(force=os.environ.get("FLOORCALL_SYNC", "").lower() == "always")

    async def sync_commands(self, *, force: bool = False) -> bool:
        """Upload the commands when they changed since the last upload from this database.

        Discord rate-limits command uploads, and several shard processes start at once; the
        hash of the translated payload lets every restart after the first skip the upload.
        Only the process holding shard 0 (or all shards) uploads.
        """
        if self.shard_ids is not None and 0 not in self.shard_ids:
            return False
        translator = self.tree.translator
        assert translator is not None
        payload = [await c.get_translated_payload(self.tree, translator) for c in self.tree.get_commands()]
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True, ensure_ascii=False).encode()).hexdigest()
        key = f"{COMMANDS_HASH_KEY}:{self.application_id}"
        if not force and self.store.get(APP, 0, key) == digest:
            log.info("application commands unchanged; not syncing")
            return False
        try:
            synced = await self.tree.sync()
        except discord.HTTPException as exc:
            log.error("command sync failed with HTTP %s; commands may be stale", exc.status)
            return False
        try:
            await self.store.set(APP, 0, key, digest)
        except StoreError as exc:  # uploaded; the next start uploads again, which is harmless
            log.warning("could not remember the commands' hash: %s", exc)
        self.synced = True
        log.info("synced %d application commands", len(synced))
        return True

    async def sweep_now(self, now: float | None = None) -> None:
        """One retention sweep (handlers/store/retention.py); a busy database waits for the next."""
        import time

        try:
            swept = await self.store.sweep(time.time() if now is None else now, self.retention_days)
        except StoreError as exc:
            log.warning("retention sweep skipped: %s", exc)
            return
        if swept.blanked or swept.deleted:
            log.info("retention: blanked the names in %d finished record(s), deleted %d", swept.blanked, swept.deleted)

    async def _sweep_forever(self) -> None:
        from handlers.store.retention import SWEEP_EVERY

        while True:
            await self.sweep_now()
            await asyncio.sleep(SWEEP_EVERY)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        if not initial and self.identify_delay > 0:
            await asyncio.sleep(self.identify_delay)

    async def on_message(self, message: discord.Message) -> None:
        """Prefix commands are not used; mentions are handled by the mention cog's listener."""

    async def on_ready(self) -> None:
        log.info("ready as %s in %d servers on %d shard(s)", self.user, len(self.guilds), self.shard_count or 1)
        if not self._gc_frozen:  # on_ready comes again after a reconnect; once is enough
            # Everything loaded at start-up (modules, commands, settings) lives as long as the
            # process: out of the cyclic collector's sight, a full collection under load walks
            # only what came since. Measured with gc.callbacks in bench/bench_cluster.py (2,000
            # interactions at c=50): full-collection pauses of 20-24 ms became 4-6 ms. (A higher
            # first-generation threshold was tried too: pauses of 3-16 ms, p99 worse; not kept.)
            self._gc_frozen = True
            gc.collect()  # what is garbage now must not be frozen with the rest
            gc.freeze()

    # -- where a command is asked from ------------------------------------------------------------

    def context_for_interaction(self, interaction: discord.Interaction[Any]) -> Context:
        if not_installed_here(interaction):
            return self.context_for_user(interaction)
        guild_locale = interaction.guild_locale.value if interaction.guild_locale else None
        ctx = self.store.context_for(
            interaction.guild_id, interaction.channel_id, guild_locale, user=interaction.user.display_name
        )
        return self._hooked(ctx, interaction.guild_id, interaction.channel_id)

    def context_for_user(self, interaction: discord.Interaction[Any]) -> Context:
        """Where the bot is not installed (a DM, a server that only the user installed it for): the
        person's own `/settings language scope:me`, else their Discord client's language, else
        English; the default ruleset (a server's settings belong to that server)."""
        from dataclasses import replace

        from handlers.store.settings import LANGUAGE, USER, locale_lang

        ctx = self.store.context_for(None, None, None, user=interaction.user.display_name)
        own = self.store.get(USER, interaction.user.id, LANGUAGE)
        lang = own if own in ("en", "ja", "ko") else locale_lang(interaction.locale.value if interaction.locale else None)
        return replace(ctx, lang=lang)

    def context_for_message(self, message: discord.Message) -> Context:
        guild = message.guild
        locale = guild.preferred_locale.value if guild is not None else None
        ctx = self.store.context_for(
            guild.id if guild else None, message.channel.id, locale, user=message.author.display_name
        )
        return self._hooked(ctx, guild.id if guild else None, message.channel.id)

    def _hooked(self, ctx: Context, guild_id: int | None, channel_id: int | None) -> Context:
        if self.warm_lookup:
            ctx = replace(ctx, lookup_wait=False)
        for hook in self.context_hooks:
            ctx = hook(ctx, guild_id, channel_id)
        return ctx

    async def run_handler(self, text: str, ctx: Context, *, command: str | None = None,
                          lookup: bool = False) -> Reply:
        """`handlers.dispatch.handle` on the worker thread (never blocks the gateway)."""
        return await self.run_in_worker(lambda: handle(text, ctx, command=command), lookup=lookup)

    async def run_in_worker(self, fn: Callable[[], Reply], *, lookup: bool = False) -> Reply:
        return await self.submit(fn, lookup=lookup)

    def submit(self, fn: Callable[[], Reply], *, lookup: bool = False) -> asyncio.Future[Reply]:
        """`fn` started on the worker thread (`lookup`: the rule lookup's thread); its result as a
        future of the running loop."""
        return asyncio.get_running_loop().run_in_executor(self.lookup_executor if lookup else self.executor, fn)

    async def drain(self, timeout: float = 1.0) -> int:
        """Let interactions and messages being answered finish (up to `timeout` s), then cancel
        what is left, so a shutdown never sends into a closed HTTP session. How many were cut off."""
        me = asyncio.current_task()
        pending = [t for t in asyncio.all_tasks()
                   if t is not me and not t.done() and t.get_name().startswith(DRAIN_TASKS)]
        if not pending:
            return 0
        _, left = await asyncio.wait(pending, timeout=timeout)
        for t in left:
            t.cancel()
        if left:
            log.warning("shutting down: %d reply(ies) still unfinished after %.1f s were dropped", len(left), timeout)
        return len(left)

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        try:
            await super().close()
        finally:
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.lookup_executor.shutdown(wait=False, cancel_futures=True)
            if self._store is not None:
                await self._store.close()
