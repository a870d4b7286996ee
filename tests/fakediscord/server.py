"""The fake Discord server: one aiohttp app serving the gateway websocket and the REST API.

Only what a bot like floorcall uses is modelled, but what is modelled is checked the way Discord
checks it: a request that Discord would refuse gets Discord's error status *and* is recorded in
`protocol_errors`, so a test that only looks at the happy path still fails on it.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from aiohttp import WSMsgType, web

API_PREFIX = "/api/v10"
RECORDED_KEY: web.RequestKey[Recorded] = web.RequestKey("recorded", "Recorded")
DISCORD_EPOCH_MS = 1420070400000

# Interaction types (incoming) and callback types (the bot's answer).
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, AUTOCOMPLETE_RESULT = 4, 5, 6, 7, 8
MODAL = 9
# Component types a modal may hold (Discord's "Label" layout: a label over one input).
ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT, LABEL = 1, 2, 3, 4, 18
# Interaction contexts (where a command was used) and install types (who installed the app).
GUILD_CONTEXT, BOT_DM_CONTEXT, PRIVATE_CHANNEL_CONTEXT = 0, 1, 2
GUILD_INSTALL, USER_INSTALL = 0, 1
EPHEMERAL_FLAG = 1 << 6
LOADING_FLAG = 1 << 7

# Discord's documented limits for what a message may carry.
EMBED_LIMITS = {"title": 256, "description": 4096, "fields": 25, "field_name": 256, "field_value": 1024,
                "footer": 2048, "author": 256, "total": 6000}
CONTENT_LIMIT = 2000
EMBEDS_PER_MESSAGE = 10
AUTOCOMPLETE_CHOICES = 25
POLL_INTERVAL = 0.02

ALL_PERMISSIONS = (1 << 41) - 1
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
BASIC_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 16) | (1 << 31)  # view, send, embed, history, app cmds


def now_iso() -> str:
    return datetime.now(UTC).isoformat()


@dataclass
class Recorded:
    """One HTTP request the bot made, as the fake saw it."""

    method: str
    path: str
    query: dict[str, str]
    body: Any
    headers: dict[str, str]
    at: float
    status: int = 0

    @property
    def sends_content(self) -> bool:
        """True when the request would put text in front of people (where mentions could ping)."""
        if not isinstance(self.body, dict):
            return False
        payload = self.body.get("data", self.body) if "/callback" in self.path else self.body
        if not isinstance(payload, dict):
            return False
        return bool(payload.get("content") or payload.get("embeds"))

    @property
    def message_payload(self) -> dict[str, Any] | None:
        if not isinstance(self.body, dict):
            return None
        if "/callback" in self.path:
            data = self.body.get("data")
            return data if isinstance(data, dict) else None
        return self.body


@dataclass
class FakeUser:
    id: int
    username: str
    bot: bool = False

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "username": self.username, "discriminator": "0", "global_name": self.username,
                "avatar": None, "bot": self.bot, "public_flags": 0}


@dataclass
class FakeInteraction:
    """An interaction the fake sent, and everything the bot did to answer it."""

    id: int
    token: str
    type: int
    payload: dict[str, Any]
    created: float
    callback_type: int | None = None
    callback_at: float | None = None
    callback_body: dict[str, Any] | None = None
    original: dict[str, Any] | None = None
    followups: list[dict[str, Any]] = field(default_factory=list)
    edits: list[dict[str, Any]] = field(default_factory=list)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    where: str = "guild"

    @property
    def modal(self) -> dict[str, Any] | None:
        """The modal the bot opened in answer (callback type 9), as sent."""
        if self.callback_type != MODAL or self.callback_body is None:
            return None
        return self.callback_body.get("data")

    @property
    def deferred(self) -> bool:
        return self.callback_type in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE)

    @property
    def ephemeral(self) -> bool:
        msg = self.original
        return bool(msg and int(msg.get("flags", 0)) & EPHEMERAL_FLAG)

    @property
    def autocomplete_choices(self) -> list[dict[str, Any]] | None:
        if self.callback_type != AUTOCOMPLETE_RESULT or self.callback_body is None:
            return None
        return self.callback_body.get("data", {}).get("choices")

    def final_messages(self) -> list[dict[str, Any]]:
        """The visible answer: the original response (once it has content) and any followups."""
        out = []
        if self.original is not None and (self.original.get("content") or self.original.get("embeds")):
            out.append(self.original)
        out.extend(self.followups)
        return out

    async def wait_answered(self, timeout: float = 5.0) -> FakeInteraction:
        """Wait until the bot acknowledged the interaction (any callback type). No poll: the
        callback type is set in one place, `FakeDiscord._callback`, which sets `changed`."""
        await self._wait(lambda: self.callback_type is not None, timeout, "no callback", poll=None)
        return self

    async def wait_final(self, timeout: float = 5.0, count: int = 1) -> list[dict[str, Any]]:
        """Wait until `count` visible messages answer it (deferred ones are followed up/edited)."""
        await self._wait(lambda: len(self.final_messages()) >= count, timeout, "no visible answer")
        return self.final_messages()

    async def _wait(self, cond: Callable[[], bool], timeout: float, what: str,
                    poll: float | None = POLL_INTERVAL) -> None:
        """Until `cond()`, woken by `changed`; `poll` also re-checks that often, for conditions
        that can change without it (a message edited through the channel routes)."""
        deadline = time.monotonic() + timeout
        while not cond():
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"interaction {self.id} ({self.type}): {what} within {timeout}s")
            self.changed.clear()
            try:
                # asyncio.timeout, not wait_for: wait_for wraps the wait in a task of its own, one
                # per poll per interaction outstanding (bench/bench_cluster.py keeps 50).
                async with asyncio.timeout(remaining if poll is None else min(remaining, poll)):
                    await self.changed.wait()
            except TimeoutError:
                pass


class Gateway:
    """One shard's websocket connection."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.seq = 0
        self.shard: tuple[int, int] = (0, 1)
        self.identify: dict[str, Any] | None = None
        self.heartbeats = 0

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        self.seq += 1
        await self.ws.send_str(json.dumps({"op": 0, "t": event, "s": self.seq, "d": data}))


@dataclass
class Inject429:
    method: str
    pattern: re.Pattern[str]
    times: int
    retry_after: float
    hits: int = 0


class FakeDiscord:
    """Start with `await fake.start()`; point discord.py at `fake.api_base` and `fake.gateway_url`."""

    def __init__(self, *, token: str = "fake.bot.token", heartbeat_interval_ms: int = 45_000,
                 interaction_deadline: float = 3.0, guild_locale: str = "en-US") -> None:
        self.token = token
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.interaction_deadline = interaction_deadline
        self._ids = itertools.count(1)
        self.app_id = self.snowflake()
        self._route_table: list[tuple[re.Pattern[str], str, Callable[..., Any]]] | None = None
        self.bot_user = FakeUser(self.app_id, "floorcall", bot=True)
        self.owner = FakeUser(self.snowflake(), "owner")
        self.guild_id = self.snowflake()
        self.channel_id = self.snowflake()
        self.other_channel_id = self.snowflake()
        # A user's DM with the bot, and a server the bot is not in (for user-installed commands).
        self.dm_channel_id = self.snowflake()
        self.foreign_guild_id = self.snowflake()
        self.foreign_channel_id = self.snowflake()
        self.guild_locale = guild_locale
        # Every guild's channels (the first guild is `guild_id`); `add_guild` adds more, e.g. one per shard.
        self.guild_channels: dict[int, list[int]] = {self.guild_id: [self.channel_id, self.other_channel_id]}
        # Channels of servers the bot is not a member of (`stranger_guild`): interactions come
        # from them (a user install, a stale client), no gateway event ever names them.
        self.stranger_channels: dict[int, int] = {}
        self.shard_conflicts: list[str] = []
        self.requests: list[Recorded] = []
        self.protocol_errors: list[str] = []
        self.global_commands: list[dict[str, Any]] = []
        self.sync_payloads: list[list[dict[str, Any]]] = []
        self.interactions: dict[int, FakeInteraction] = {}
        self.modals: dict[str, FakeInteraction] = {}  # modal custom id -> the interaction that opened it
        self._by_token: dict[str, FakeInteraction] = {}
        self.messages: dict[int, dict[str, Any]] = {}
        self.gateways: list[Gateway] = []
        self.identified = asyncio.Event()
        self._changed = asyncio.Event()
        self._inject: list[Inject429] = []
        self._delays: list[tuple[str, re.Pattern[str], float]] = []
        self._runner: web.AppRunner | None = None
        self.port = 0

    # -- lifecycle ---------------------------------------------------------------------------

    async def start(self) -> None:
        app = web.Application(middlewares=[self._record_middleware])
        app.router.add_get("/", self._gateway)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self._api)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        for gw in list(self.gateways):
            if not gw.ws.closed:
                await gw.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}{API_PREFIX}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

    def snowflake(self) -> int:
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        return (ms << 22) | (next(self._ids) & 0x3FFFFF)

    # -- helpers for tests -------------------------------------------------------------------

    def assert_clean(self) -> None:
        assert not self.protocol_errors, "fake Discord saw protocol errors:\n" + "\n".join(self.protocol_errors)

    def inject_429(self, method: str, path_regex: str, *, times: int = 1, retry_after: float = 0.05) -> Inject429:
        """The next `times` matching requests get a (non-global, Cloudflare-free) 429."""
        rule = Inject429(method.upper(), re.compile(path_regex), times, retry_after)
        self._inject.append(rule)
        return rule

    def delay(self, method: str, path_regex: str, *, seconds: float) -> None:
        """Matching requests are answered only after `seconds` (a slow network, a reply in flight)."""
        self._delays.append((method.upper(), re.compile(path_regex), seconds))

    def requests_to(self, method: str, path_regex: str) -> list[Recorded]:
        rx = re.compile(path_regex)
        return [r for r in self.requests if r.method == method and rx.search(r.path)]

    async def wait_for(self, cond: Callable[[], Any], timeout: float = 5.0, what: str = "condition") -> Any:
        deadline = time.monotonic() + timeout
        while True:
            value = cond()
            if value:
                return value
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"fake Discord: {what} not seen within {timeout}s")
            self._changed.clear()
            try:
                # Woken by every request and frame; the short poll also notices conditions on
                # the bot's own state (e.g. `bot.is_ready()`), which the fake cannot see change.
                async with asyncio.timeout(min(remaining, POLL_INTERVAL)):
                    await self._changed.wait()
            except TimeoutError:
                pass

    def _notify(self) -> None:
        self._changed.set()

    def user(self, username: str = "player") -> FakeUser:
        return FakeUser(self.snowflake(), username)

    def add_guild(self, shard: tuple[int, int] | None = None) -> tuple[int, int]:
        """Another guild with one channel: (guild id, channel id). With `shard=(i, n)`, a guild whose
        id puts it on shard i of n ((id >> 22) % n == i, Discord's rule). Bots see it on their next
        IDENTIFY."""
        while True:
            gid = self.snowflake()
            if shard is None or (gid >> 22) % shard[1] == shard[0]:
                break
            time.sleep(0.001)  # the shard is in the id's milliseconds: wait for the next one
        cid = self.snowflake()
        self.guild_channels[gid] = [cid]
        return gid, cid

    def _guild_of_or_none(self, channel_id: int | str) -> str | None:
        """The guild id of a channel as a message carries it: none in a DM; the foreign server's."""
        if int(channel_id) == self.dm_channel_id:
            return None
        if int(channel_id) == self.foreign_channel_id:
            return str(self.foreign_guild_id)
        return str(self.guild_of(channel_id))
    def stranger_guild(self) -> tuple[int, int]:
        """A server the bot is not in, with one channel: (guild id, channel id). Interactions can
        be sent from it (`slash(..., channel_id=cid)`); the bot never saw it in READY or
        GUILD_CREATE, and the channel routes answer it 404 as Discord does."""
        gid, cid = self.snowflake(), self.snowflake()
        self.stranger_channels[cid] = gid
        return gid, cid

    def guild_of(self, channel_id: int | str) -> int:
        for gid, channels in self.guild_channels.items():
            if int(channel_id) in channels:
                return gid
        if int(channel_id) in self.stranger_channels:
            return self.stranger_channels[int(channel_id)]
        raise AssertionError(f"no guild has channel {channel_id}")

    def channel_payload(self, channel_id: int, name: str) -> dict[str, Any]:
        return {"id": str(channel_id), "type": 0, "guild_id": str(self.guild_of(channel_id)), "name": name,
                "position": 0,
                "permission_overwrites": [], "nsfw": False, "parent_id": None, "topic": None,
                "last_message_id": None, "rate_limit_per_user": 0, "flags": 0}

    def guild_payload(self, guild_id: int | None = None) -> dict[str, Any]:
        gid = guild_id or self.guild_id
        everyone = {"id": str(gid), "name": "@everyone", "permissions": str(BASIC_PERMISSIONS),
                    "position": 0, "color": 0, "hoist": False, "managed": False, "mentionable": False, "flags": 0}
        bot_member = {"user": self.bot_user.payload(), "roles": [], "joined_at": now_iso(), "deaf": False,
                      "mute": False, "flags": 0, "nick": None, "avatar": None}
        return {
            "id": str(gid), "name": "Fake Poker Room", "icon": None, "owner_id": str(self.owner.id),
            "preferred_locale": self.guild_locale, "features": [], "roles": [everyone], "emojis": [],
            "stickers": [], "channels": [self.channel_payload(c, name) for c, name in
                                         zip(self.guild_channels[gid], ("floor", "rail"), strict=False)],
            "members": [bot_member], "member_count": 2, "threads": [], "stage_instances": [],
            "guild_scheduled_events": [], "soundboard_sounds": [], "voice_states": [], "presences": [],
            "large": False, "unavailable": False, "verification_level": 0, "mfa_level": 0,
            "default_message_notifications": 0, "explicit_content_filter": 0, "afk_timeout": 300,
            "premium_tier": 0, "system_channel_flags": 0, "nsfw_level": 0, "joined_at": now_iso(),
        }

    def member_payload(self, user: FakeUser, permissions: int) -> dict[str, Any]:
        return {"user": user.payload(), "roles": [], "joined_at": now_iso(), "deaf": False, "mute": False,
                "flags": 0, "nick": None, "avatar": None, "permissions": str(permissions), "pending": False}

    # -- injecting events ----------------------------------------------------------------------

    def _shard_for_guild(self, guild_id: int | None = None) -> Gateway:
        """The open connection of the shard that carries the guild: Discord routes each guild's
        events to exactly one shard, (guild id >> 22) % shard count."""
        gid = guild_id or self.guild_id
        for gw in self.gateways:
            shard_id, count = gw.shard
            if not gw.ws.closed and gw.identify is not None and (gid >> 22) % count == shard_id:
                return gw
        raise AssertionError("no open gateway connection for the guild's shard")

    async def _send_interaction(self, itype: int, data: dict[str, Any], *, user: FakeUser | None,
                                permissions: int, channel_id: int | None, locale: str,
                                message: dict[str, Any] | None = None, where: str = "guild") -> FakeInteraction:
        """An interaction as Discord sends it. `where`: "guild" (a server the bot is in, the app
        installed there), "dm" (the user's DM with the bot, the app installed by the user), or
        "elsewhere" (a server the bot is not in: only the user installed the app, so the bot gets
        no member permissions there, no guild object, and Discord's `context` says so)."""
        user = user or self.user()
        iid = self.snowflake()
        token = f"itoken-{iid}"
        if where == "guild":
            cid = channel_id or self.channel_id
            gid: int | None = self.guild_of(cid)
        elif where == "dm":
            cid, gid = channel_id or self.dm_channel_id, None
        else:
            cid, gid = channel_id or self.foreign_channel_id, self.foreign_guild_id
        if "guild_id" in data:
            data = {**data, "guild_id": str(gid)} if gid is not None else {k: v for k, v in data.items()
                                                                         if k != "guild_id"}
        payload: dict[str, Any] = {
            "id": str(iid), "application_id": str(self.app_id), "type": itype, "data": data,
            "channel_id": str(cid), "token": token, "version": 1,
            "locale": locale, "app_permissions": str(ALL_PERMISSIONS if where == "guild" else BASIC_PERMISSIONS),
            "entitlements": [], "attachment_size_limit": 8 * 1024 * 1024,
        }
        if where == "guild":
            payload |= {"guild_id": str(gid), "guild_locale": self.guild_locale,
                        "channel": {"id": str(cid), "type": 0, "guild_id": str(gid), "name": "floor", "position": 0,
                                    "permission_overwrites": [], "nsfw": False, "parent_id": None, "flags": 0},
                        "member": self.member_payload(user, permissions),
                        "authorizing_integration_owners": {str(GUILD_INSTALL): str(gid)},
                        "context": GUILD_CONTEXT}
        elif where == "dm":
            payload |= {"channel": {"id": str(cid), "type": 1, "recipients": [user.payload()]},
                        "user": user.payload(),
                        "authorizing_integration_owners": {str(USER_INSTALL): str(user.id)},
                        "context": BOT_DM_CONTEXT}
        else:
            payload |= {"guild_id": str(gid), "guild_locale": self.guild_locale,
                        "channel": {"id": str(cid), "type": 0, "guild_id": str(gid), "name": "elsewhere",
                                    "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None,
                                    "topic": None, "last_message_id": None, "rate_limit_per_user": 0, "flags": 0,
                                    "permissions": str(BASIC_PERMISSIONS)},
                        "member": self.member_payload(user, permissions),
                        "authorizing_integration_owners": {str(USER_INSTALL): str(user.id)},
                        "context": GUILD_CONTEXT}
        if message is not None:
            payload["message"] = message
        inter = FakeInteraction(iid, token, itype, payload, time.monotonic())
        inter.where = where
        self.interactions[iid] = inter
        self._by_token[token] = inter
        gw = self._shard_for_guild(gid) if where == "guild" else self._shard_zero()
        await gw.dispatch("INTERACTION_CREATE", payload)
        return inter

    def _shard_zero(self) -> Gateway:
        """DMs and servers the bot is not in come on shard 0 (Discord's rule for DMs)."""
        for gw in self.gateways:
            if not gw.ws.closed and gw.identify is not None and gw.shard[0] == 0:
                return gw
        raise AssertionError("no open gateway connection for shard 0")

    def _check_installs(self, cmd: dict[str, Any], where: str) -> None:
        """Discord shows a command only where its `contexts` and `integration_types` allow: a test
        that runs one elsewhere is testing what no user could do."""
        contexts = cmd.get("contexts")
        installs = cmd.get("integration_types")
        context = {"guild": GUILD_CONTEXT, "dm": BOT_DM_CONTEXT, "elsewhere": GUILD_CONTEXT}[where]
        install = GUILD_INSTALL if where == "guild" else USER_INSTALL
        if contexts is not None and context not in contexts or \
                (installs is not None and install not in installs) or (installs is None and install != GUILD_INSTALL):
            raise AssertionError(f"/{cmd['name']} cannot be used {where}: contexts={contexts}, "
                                 f"integration_types={installs}")

    def _command(self, name: str, ctype: int = 1) -> dict[str, Any]:
        for cmd in self.global_commands:
            if cmd["name"] == name and cmd.get("type", 1) == ctype:
                return cmd
        raise AssertionError(f"command {name!r} (type {ctype}) was not synced; synced: "
                             f"{[c['name'] for c in self.global_commands]}")

    @staticmethod
    def _options(spec: list[dict[str, Any]], values: dict[str, Any], focused: str | None) -> list[dict[str, Any]]:
        by_name = {o["name"]: o for o in spec}
        out = []
        for key, value in values.items():
            if key not in by_name:
                raise AssertionError(f"option {key!r} not in the synced command; has {list(by_name)}")
            opt: dict[str, Any] = {"name": key, "type": by_name[key]["type"], "value": value}
            if key == focused:
                opt["focused"] = True
            out.append(opt)
        return out

    def _command_data(self, path: str, values: dict[str, Any], focused: str | None = None) -> dict[str, Any]:
        words = path.split()
        cmd = self._command(words[0])
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1,
                                "guild_id": str(self.guild_id)}
        spec = cmd.get("options", [])
        if len(words) > 1:
            sub = next((o for o in spec if o["name"] == words[1] and o["type"] == 1), None)
            if sub is None:
                raise AssertionError(f"subcommand {words[1]!r} not synced under {words[0]!r}")
            data["options"] = [{"name": sub["name"], "type": 1,
                                "options": self._options(sub.get("options", []), values, focused)}]
        else:
            data["options"] = self._options(spec, values, focused)
        return data

    async def slash(self, path: str, *, user: FakeUser | None = None, permissions: int = BASIC_PERMISSIONS,
                    channel_id: int | None = None, locale: str = "en-US", where: str = "guild",
                    **options: Any) -> FakeInteraction:
        """A user runs `/path option:value ...` (`path` may be "settings language"); `where`: "guild",
        "dm" or "elsewhere" (see `_send_interaction`), allowed only where the command says it may run."""
        self._check_installs(self._command(path.split()[0]), where)
        return await self._send_interaction(APPLICATION_COMMAND, self._command_data(path, options), user=user,
                                            permissions=permissions, channel_id=channel_id, locale=locale,
                                            where=where)

    async def submit_modal(self, opened: FakeInteraction, values: dict[str, Any] | None = None, *,
                           user: FakeUser | None = None, locale: str = "en-US") -> FakeInteraction:
        """The user fills in the modal `opened` answered with and presses Submit: each input keeps
        what the bot filled in unless `values` (custom id -> text, or a list for a select) says
        otherwise. Like Discord's client, refuses to submit a required input left empty."""
        modal = opened.modal
        if modal is None:
            raise AssertionError(f"interaction {opened.id} was not answered with a modal")
        values = dict(values or {})
        out = []
        for row in modal["components"]:
            inner = row["component"] if row["type"] == LABEL else row["components"][0]
            cid = inner["custom_id"]
            if inner["type"] == TEXT_INPUT:
                value = str(values.pop(cid, inner.get("value") or ""))
                if inner.get("required", True) and not value:
                    raise AssertionError(f"modal input {cid!r} is required")
                if len(value) > int(inner.get("max_length") or 4000):
                    raise AssertionError(f"modal input {cid!r} takes at most {inner.get('max_length')}")
                sent = {"type": TEXT_INPUT, "custom_id": cid, "value": value}
            else:
                options = [o["value"] for o in inner.get("options", [])]
                chosen = values.pop(cid, [o["value"] for o in inner.get("options", []) if o.get("default")])
                if not set(chosen) <= set(options):
                    raise AssertionError(f"select {cid!r}: {chosen} not among {options}")
                if inner.get("required", True) and not chosen:
                    raise AssertionError(f"select {cid!r} is required")
                sent = {"type": STRING_SELECT, "custom_id": cid, "values": list(chosen)}
            out.append({"type": LABEL, "component": sent} if row["type"] == LABEL
                       else {"type": ACTION_ROW, "components": [sent]})
        if values:
            raise AssertionError(f"no such modal inputs: {sorted(values)}")
        data = {"custom_id": modal["custom_id"], "components": out}
        channel = int(opened.payload["channel_id"])
        return await self._send_interaction(MODAL_SUBMIT, data, user=user or self._user_of(opened),
                                            permissions=BASIC_PERMISSIONS,
                                            channel_id=channel, locale=locale, where=opened.where,
                                            message=opened.payload.get("message"))

    @staticmethod
    def _user_of(inter: FakeInteraction) -> FakeUser:
        u = (inter.payload.get("member") or {}).get("user") or inter.payload["user"]
        return FakeUser(int(u["id"]), u["username"])

    async def autocomplete(self, path: str, focused: str, *, user: FakeUser | None = None,
                           locale: str = "en-US", **options: Any) -> FakeInteraction:
        return await self._send_interaction(AUTOCOMPLETE, self._command_data(path, options, focused), user=user,
                                            permissions=BASIC_PERMISSIONS, channel_id=None, locale=locale)

    async def message_command(self, name: str, target: dict[str, Any], *, user: FakeUser | None = None,
                              locale: str = "en-US") -> FakeInteraction:
        cmd = self._command(name, ctype=3)
        data = {"id": cmd["id"], "name": cmd["name"], "type": 3, "target_id": target["id"],
                "resolved": {"messages": {target["id"]: target}}}
        return await self._send_interaction(APPLICATION_COMMAND, data, user=user, permissions=BASIC_PERMISSIONS,
                                            channel_id=int(target["channel_id"]), locale=locale)

    async def click(self, message: dict[str, Any], custom_id: str, *, user: FakeUser | None = None,
                    permissions: int = BASIC_PERMISSIONS, locale: str = "en-US",
                    crafted: bool = False) -> FakeInteraction:
        """A user presses the button `custom_id` on `message` (a message the bot sent).
        `crafted=True`: a modified client sends a custom id the message never carried (Discord
        passes any string of up to 100 characters on to the bot)."""
        ids = [c.get("custom_id") for row in message.get("components", []) for c in row.get("components", [])]
        if crafted:
            if len(custom_id) > 100:
                raise AssertionError("Discord refuses custom ids over 100 characters")
            if custom_id not in ids:  # the message as the modified client presents it, with that button
                button = {"type": 2, "style": 2, "label": "x", "custom_id": custom_id}
                message = {**message, "components": [*message.get("components", []),
                                                      {"type": 1, "components": [button]}]}
        elif custom_id not in ids:
            raise AssertionError(f"no button {custom_id!r} on message {message['id']}; has {ids}")
        data = {"custom_id": custom_id, "component_type": 2}
        return await self._send_interaction(MESSAGE_COMPONENT, data, user=user, permissions=permissions,
                                            channel_id=int(message["channel_id"]), locale=locale, message=message,
                                            where=self._where(message["channel_id"]))

    def _where(self, channel_id: int | str) -> str:
        """Where a channel is: "dm", "elsewhere" (the server the bot is not in) or "guild"."""
        cid = int(channel_id)
        return "dm" if cid == self.dm_channel_id else "elsewhere" if cid == self.foreign_channel_id else "guild"

    def user_message(self, content: str, *, author: FakeUser | None = None, mention_bot: bool = False,
                     channel_id: int | None = None) -> dict[str, Any]:
        """A message payload written by a person (not yet delivered)."""
        author = author or self.user()
        mid = self.snowflake()
        cid = channel_id or self.channel_id
        bot_mention = self.bot_user.payload() | {"member": {"roles": [], "joined_at": now_iso(), "deaf": False,
                                                              "mute": False, "flags": 0}}
        msg = {
            "id": str(mid), "channel_id": str(cid), "guild_id": str(self.guild_of(cid)), "author": author.payload(),
            "content": content, "timestamp": now_iso(), "edited_timestamp": None, "tts": False,
            "mention_everyone": False, "mentions": [bot_mention] if mention_bot else [],
            "mention_roles": [], "attachments": [], "embeds": [], "pinned": False, "type": 0, "flags": 0,
            "components": [],
        }
        self.messages[mid] = msg
        return msg

    async def post_message(self, content: str, *, author: FakeUser | None = None, mention_bot: bool = True,
                           channel_id: int | None = None) -> dict[str, Any]:
        """A person posts a message; delivered to the bot as MESSAGE_CREATE."""
        msg = self.user_message(content, author=author, mention_bot=mention_bot, channel_id=channel_id)
        event = dict(msg)
        event["member"] = {"roles": [], "joined_at": now_iso(), "deaf": False, "mute": False, "flags": 0}
        await self._shard_for_guild(self.guild_of(msg["channel_id"])).dispatch("MESSAGE_CREATE", event)
        return msg

    def bot_messages_in(self, channel_id: int) -> list[dict[str, Any]]:
        return [m for m in self.messages.values()
                if m["channel_id"] == str(channel_id) and m["author"]["id"] == str(self.app_id)]

    # -- gateway -------------------------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(heartbeat=None, max_msg_size=0)
        await ws.prepare(request)
        if request.query.get("v") != "10" or request.query.get("encoding") != "json":
            self.protocol_errors.append(f"gateway: unexpected query {dict(request.query)}")
        gw = Gateway(ws)
        self.gateways.append(gw)
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": self.heartbeat_interval_ms}}))
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                if msg.type not in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED):
                    self.protocol_errors.append(f"gateway: unexpected frame {msg.type}")
                continue
            try:
                frame = json.loads(msg.data)
            except ValueError:
                self.protocol_errors.append("gateway: frame is not JSON")
                continue
            await self._gateway_frame(gw, frame)
        self._notify()
        return ws

    async def _gateway_frame(self, gw: Gateway, frame: dict[str, Any]) -> None:
        op, d = frame.get("op"), frame.get("d")
        if op == 1:
            gw.heartbeats += 1
            await gw.ws.send_str(json.dumps({"op": 11}))
        elif op == 2:
            await self._identify(gw, d or {})
        elif op in (3, 8):  # presence update, request guild members: accepted, nothing to do
            pass
        else:
            self.protocol_errors.append(f"gateway: unexpected opcode {op}")
        self._notify()

    async def _identify(self, gw: Gateway, d: dict[str, Any]) -> None:
        if gw.identify is not None:
            self.protocol_errors.append("gateway: IDENTIFY sent twice on one connection")
        if d.get("token") != self.token:
            self.protocol_errors.append("gateway: IDENTIFY with the wrong token")
            await gw.ws.close(code=4004, message=b"Authentication failed")
            return
        if "intents" not in d:
            self.protocol_errors.append("gateway: IDENTIFY without intents")
        privileged = (1 << 1) | (1 << 8) | (1 << 15)  # members, presences, message content
        if int(d.get("intents", 0)) & privileged:
            await gw.ws.close(code=4014, message=b"Disallowed intent(s)")
            return
        shard = d.get("shard", [0, 1])
        gw.shard = (int(shard[0]), int(shard[1]))
        gw.identify = d
        shard_id, count = gw.shard
        if not 0 <= shard_id < count:
            self.protocol_errors.append(f"gateway: IDENTIFY with shard {shard}")
        for other in self.gateways:
            if other is not gw and not other.ws.closed and other.identify is not None and other.shard == gw.shard:
                self.shard_conflicts.append(f"shard {list(gw.shard)} identified while another connection holds it")
        owned = [gid for gid in self.guild_channels if (gid >> 22) % count == shard_id]
        await gw.dispatch("READY", {
            "v": 10, "user": self.bot_user.payload(), "session_id": f"session-{shard_id}",
            "resume_gateway_url": self.gateway_url, "shard": [shard_id, count],
            "guilds": [{"id": str(gid), "unavailable": True} for gid in owned],
            "application": {"id": str(self.app_id), "flags": 0},
        })
        for gid in owned:
            await gw.dispatch("GUILD_CREATE", self.guild_payload(gid))
        self.identified.set()

    # -- REST ----------------------------------------------------------------------------------

    @web.middleware
    async def _record_middleware(self, request: web.Request, handler: Callable[..., Any]) -> web.StreamResponse:
        if request.path == "/":
            return await handler(request)
        body: Any = None
        raw = await request.read()
        if raw:
            if request.content_type == "application/json":
                try:
                    body = json.loads(raw)
                except ValueError:
                    self.protocol_errors.append(f"{request.method} {request.path}: body is not JSON")
            else:
                body = raw
        rec = Recorded(request.method, request.path[len(API_PREFIX):], dict(request.query), body,
                       dict(request.headers), time.monotonic())
        self.requests.append(rec)
        request[RECORDED_KEY] = rec
        try:
            response = await handler(request)
        finally:
            self._notify()
        rec.status = response.status
        return response

    @staticmethod
    def _json(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
        # Exactly "application/json", no charset: discord.py compares the header verbatim.
        hdrs = {"Content-Type": "application/json"}
        hdrs.update(headers or {})
        return web.Response(body=json.dumps(data).encode(), status=status, headers=hdrs)

    def _error(self, rec: Recorded, status: int, code: int, message: str, *, protocol: bool = True) -> web.Response:
        if protocol:
            self.protocol_errors.append(f"{rec.method} {rec.path}: {status} {code} {message}")
        return self._json({"code": code, "message": message}, status)

    async def _api(self, request: web.Request) -> web.Response:
        rec = request[RECORDED_KEY]
        for method, pattern, seconds in self._delays:
            if method == rec.method and pattern.search(rec.path):
                await asyncio.sleep(seconds)
        for rule in self._inject:
            if rule.hits < rule.times and rule.method == rec.method and rule.pattern.search(rec.path):
                rule.hits += 1
                return self._json({"message": "You are being rate limited.", "retry_after": rule.retry_after,
                                   "global": False}, 429,
                                  {"Via": "1.1 google", "X-RateLimit-Scope": "user",
                                   "Retry-After": str(max(1, round(rule.retry_after)))})
        webhook_route = rec.path.startswith(("/webhooks/", "/interactions/"))
        if not webhook_route and request.headers.get("Authorization") != f"Bot {self.token}":
            return self._error(rec, 401, 0, "401: Unauthorized")
        if "User-Agent" not in request.headers:
            self.protocol_errors.append(f"{rec.method} {rec.path}: no User-Agent")
        if rec.method in ("POST", "PUT", "PATCH") and rec.body is not None and not isinstance(rec.body, (dict, list)):
            return self._error(rec, 400, 50109, "The request body contains invalid JSON.")
        for pattern, method, route in self._compiled_routes():
            if method == rec.method and (m := pattern.fullmatch(rec.path)):
                return await route(rec, **m.groupdict())
        return self._error(rec, 404, 0, "404: Not Found (no such route in the fake)")

    def _compiled_routes(self) -> list[tuple[re.Pattern[str], str, Callable[..., Any]]]:
        """`_routes()` with the patterns compiled, once (they were formatted and looked up in
        re's cache on every request; the method is compared first, which picks the same route)."""
        if self._route_table is None:
            self._route_table = [(re.compile(p), method, route) for p, method, route in self._routes()]
        return self._route_table

    def _routes(self) -> list[tuple[str, str, Callable[..., Any]]]:
        app = str(self.app_id)
        return [
            (r"/gateway/bot", "GET", self._get_gateway_bot),
            (r"/gateway", "GET", self._get_gateway),
            (r"/users/@me", "GET", self._get_me),
            (r"/oauth2/applications/@me", "GET", self._get_application),
            (rf"/applications/{app}/commands", "PUT", self._put_commands),
            (rf"/applications/{app}/commands", "GET", self._get_commands),
            (rf"/applications/{app}/guilds/(?P<gid>\d+)/commands", "PUT", self._put_commands),
            (r"/interactions/(?P<iid>\d+)/(?P<token>[^/]+)/callback", "POST", self._callback),
            (rf"/webhooks/{app}/(?P<token>[^/]+)", "POST", self._followup),
            (rf"/webhooks/{app}/(?P<token>[^/]+)/messages/(?P<mid>@original|\d+)", "PATCH", self._webhook_edit),
            (rf"/webhooks/{app}/(?P<token>[^/]+)/messages/(?P<mid>@original|\d+)", "GET", self._webhook_get),
            (rf"/webhooks/{app}/(?P<token>[^/]+)/messages/(?P<mid>@original|\d+)", "DELETE", self._webhook_delete),
            (r"/channels/(?P<cid>\d+)/messages", "POST", self._channel_send),
            (r"/channels/(?P<cid>\d+)/messages/(?P<mid>\d+)", "PATCH", self._channel_edit),
            (r"/channels/(?P<cid>\d+)/messages/(?P<mid>\d+)", "GET", self._channel_get),
            (r"/channels/(?P<cid>\d+)/messages/(?P<mid>\d+)", "DELETE", self._channel_delete),
            (r"/channels/(?P<cid>\d+)/typing", "POST", self._typing),
        ]

    async def _get_gateway_bot(self, rec: Recorded) -> web.Response:
        return self._json({"url": self.gateway_url, "shards": 1,
                           "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0,
                                                   "max_concurrency": 1}})

    async def _get_gateway(self, rec: Recorded) -> web.Response:
        return self._json({"url": self.gateway_url})

    async def _get_me(self, rec: Recorded) -> web.Response:
        return self._json(self.bot_user.payload() | {"verified": True, "mfa_enabled": False, "flags": 0})

    async def _get_application(self, rec: Recorded) -> web.Response:
        return self._json({
            "id": str(self.app_id), "name": "floorcall", "icon": None, "description": "", "bot_public": True,
            "bot_require_code_grant": False, "owner": self.owner.payload(), "verify_key": "0" * 64,
            "flags": 0, "team": None, "summary": "", "rpc_origins": [], "interactions_endpoint_url": None,
        })

    # -- commands --

    def _validate_command(self, rec: Recorded, cmd: dict[str, Any]) -> str | None:
        name_rx = re.compile(r"^[-_\w]{1,32}$")
        ctype = cmd.get("type", 1)
        names = [cmd.get("name", "")] + list((cmd.get("name_localizations") or {}).values())
        for name in names:
            if ctype == 1 and (not name_rx.match(name) or name != name.lower()):
                return f"invalid command name {name!r}"
            if ctype != 1 and not 1 <= len(name) <= 32:
                return f"invalid context menu name {name!r}"
        if ctype == 1:
            descs = [cmd.get("description", "")] + list((cmd.get("description_localizations") or {}).values())
            if any(not 1 <= len(d) <= 100 for d in descs):
                return f"command {cmd.get('name')!r}: description must be 1-100 characters"

        def walk(options: list[dict[str, Any]]) -> str | None:
            if len(options) > 25:
                return "more than 25 options"
            for opt in options:
                for n in [opt["name"]] + list((opt.get("name_localizations") or {}).values()):
                    if not name_rx.match(n) or n != n.lower():
                        return f"invalid option name {n!r}"
                for d in [opt.get("description", "")] + list((opt.get("description_localizations") or {}).values()):
                    if not 1 <= len(d) <= 100:
                        return f"option {opt['name']!r}: description must be 1-100 characters"
                for ch in opt.get("choices") or []:
                    if not 1 <= len(ch["name"]) <= 100:
                        return f"choice name {ch['name']!r} too long"
                err = walk(opt.get("options") or [])
                if err:
                    return err
            return None

        return walk(cmd.get("options") or [])

    async def _put_commands(self, rec: Recorded, gid: str | None = None) -> web.Response:
        if not isinstance(rec.body, list):
            return self._error(rec, 400, 50035, "Invalid Form Body: expected a list of commands")
        for cmd in rec.body:
            err = self._validate_command(rec, cmd)
            if err:
                return self._error(rec, 400, 50035, f"Invalid Form Body: {err}")
        self.sync_payloads.append(rec.body)
        old = {(c["name"], c.get("type", 1)): c["id"] for c in self.global_commands}
        stored = []
        for cmd in rec.body:
            out = dict(cmd)
            out["id"] = old.get((cmd["name"], cmd.get("type", 1))) or str(self.snowflake())
            out["application_id"] = str(self.app_id)
            out["version"] = str(self.snowflake())
            out.setdefault("type", 1)
            out.setdefault("options", [])
            out.setdefault("description", "")
            stored.append(out)
        if gid is None:
            self.global_commands = stored
        return self._json(stored)

    async def _get_commands(self, rec: Recorded) -> web.Response:
        return self._json(self.global_commands)

    # -- messages --

    def _validate_message(self, payload: dict[str, Any]) -> str | None:
        content = payload.get("content")
        if content is not None and len(content) > CONTENT_LIMIT:
            return f"content is {len(content)} characters (limit {CONTENT_LIMIT})"
        embeds = payload.get("embeds") or []
        if len(embeds) > EMBEDS_PER_MESSAGE:
            return f"{len(embeds)} embeds (limit {EMBEDS_PER_MESSAGE})"
        total = 0
        for e in embeds:
            author = (e.get("author") or {}).get("name") or ""
            if len(author) > EMBED_LIMITS["author"]:
                return f"embed author name is {len(author)} characters (limit {EMBED_LIMITS['author']})"
            for key in ("title", "description"):
                n = len(e.get(key) or "")
                total += n
                if n > EMBED_LIMITS[key]:
                    return f"embed {key} is {n} characters (limit {EMBED_LIMITS[key]})"
            fields = e.get("fields") or []
            if len(fields) > EMBED_LIMITS["fields"]:
                return f"{len(fields)} embed fields (limit 25)"
            for f in fields:
                if not str(f.get("name") or "").strip() or not str(f.get("value") or "").strip():
                    return "embed field with an empty name or value"
                if len(f["name"]) > EMBED_LIMITS["field_name"] or len(f["value"]) > EMBED_LIMITS["field_value"]:
                    return f"embed field too long ({len(f['name'])}/{len(f['value'])})"
                total += len(f["name"]) + len(f["value"])
            footer = (e.get("footer") or {}).get("text") or ""
            if len(footer) > EMBED_LIMITS["footer"]:
                return "embed footer too long"
            total += len(footer) + len((e.get("author") or {}).get("name") or "")
        if total > EMBED_LIMITS["total"]:
            return f"embeds total {total} characters (limit {EMBED_LIMITS['total']})"
        return self._validate_components(payload.get("components") or [])

    @staticmethod
    def _validate_components(rows: list[dict[str, Any]]) -> str | None:
        """Discord's limits on (non-V2) message components: 5 action rows, 5 buttons or one
        select a row, custom ids 1-100 and unique in the message, labels 80, select options 25."""
        if len(rows) > 5:
            return f"{len(rows)} action rows (limit 5)"
        seen: set[str] = set()
        for row in rows:
            items = row.get("components", [])
            if not 1 <= len(items) <= 5:
                return f"an action row of {len(items)} components (1-5)"
            if len(items) > 1 and any(c.get("type") != 2 for c in items):
                return "a select menu must be alone in its action row"
            for c in items:
                cid = c.get("custom_id")
                if cid is not None:
                    if not 1 <= len(cid) <= 100:
                        return f"component custom_id of {len(cid)} characters (1-100)"
                    if cid in seen:
                        return f"duplicate custom_id {cid!r}"
                    seen.add(cid)
                if len(c.get("label") or "") > 80:
                    return "button label longer than 80"
                if len(c.get("placeholder") or "") > 150:
                    return "select placeholder longer than 150"
                options = c.get("options") or []
                if len(options) > 25:
                    return f"{len(options)} select options (limit 25)"
                for o in options:
                    if not 1 <= len(o.get("label") or "") <= 100 or not 1 <= len(o.get("value") or "") <= 100:
                        return "select option label/value must be 1-100 characters"
                    if len(o.get("description") or "") > 100:
                        return "select option description longer than 100"
        return None

    @staticmethod
    def _validate_modal(data: dict[str, Any]) -> str | None:
        """Discord's rules for a modal: custom id 1-100, title 1-45, 1-5 top-level components,
        each a label (text 1-45, description up to 100) over one text input or string select, or
        a (legacy) action row holding one text input; text inputs' value up to 4,000 and within
        their own min/max length, placeholders up to 100, custom ids unique."""
        cid = data.get("custom_id") or ""
        if not 1 <= len(cid) <= 100:
            return f"custom_id of {len(cid)} characters"
        title = data.get("title") or ""
        if not 1 <= len(title) <= 45:
            return f"title of {len(title)} characters (1-45)"
        rows = data.get("components") or []
        if not 1 <= len(rows) <= 5:
            return f"{len(rows)} components (1-5)"
        seen: set[str] = set()
        for row in rows:
            if row.get("type") == LABEL:
                text = row.get("label") or ""
                if not 1 <= len(text) <= 45:
                    return f"label of {len(text)} characters (1-45): {text!r}"
                if len(row.get("description") or "") > 100:
                    return "label description longer than 100"
                inner = [row.get("component") or {}]
            elif row.get("type") == ACTION_ROW:
                inner = row.get("components") or []
                if len(inner) != 1 or inner[0].get("type") != TEXT_INPUT:
                    return "an action row in a modal holds exactly one text input"
                if not 1 <= len(inner[0].get("label") or "") <= 45:
                    return "a text input in an action row needs a label of 1-45 characters"
            else:
                return f"component type {row.get('type')} at the top of a modal"
            for c in inner:
                ccid = c.get("custom_id") or ""
                if not 1 <= len(ccid) <= 100 or ccid in seen:
                    return f"input custom_id {ccid!r} empty, too long or repeated"
                seen.add(ccid)
                if c.get("type") == TEXT_INPUT:
                    if row.get("type") == LABEL and c.get("label"):
                        return "a text input inside a label has no label of its own"
                    value = c.get("value") or ""
                    low, high = int(c.get("min_length") or 0), int(c.get("max_length") or 4000)
                    if high > 4000 or len(value) > high or (value and len(value) < low):
                        return f"text input {ccid!r}: value of {len(value)} outside {low}-{high}"
                    if len(c.get("placeholder") or "") > 100:
                        return "text input placeholder longer than 100"
                elif c.get("type") == STRING_SELECT:
                    options = c.get("options") or []
                    if not 1 <= len(options) <= 25:
                        return f"select {ccid!r} with {len(options)} options"
                    for o in options:
                        if not 1 <= len(o.get("label") or "") <= 100 or not 1 <= len(o.get("value") or "") <= 100:
                            return "select option label/value must be 1-100 characters"
                else:
                    return f"component type {c.get('type')} inside a modal label"
        return None

    def _make_message(self, channel_id: str, payload: dict[str, Any], *, interaction: FakeInteraction | None = None,
                      flags: int = 0, reference: dict[str, Any] | None = None) -> dict[str, Any]:
        mid = self.snowflake()
        msg = {
            "id": str(mid), "channel_id": channel_id, "guild_id": self._guild_of_or_none(channel_id),
            "author": self.bot_user.payload(), "content": payload.get("content") or "",
            "timestamp": now_iso(), "edited_timestamp": None, "tts": False, "mention_everyone": False,
            "mentions": [], "mention_roles": [], "attachments": [], "embeds": payload.get("embeds") or [],
            "components": payload.get("components") or [], "pinned": False,
            "type": 0 if interaction is None else 20, "flags": int(payload.get("flags") or 0) | flags,
            "webhook_id": str(self.app_id) if interaction is not None else None,
        }
        if interaction is not None:
            cmd_user = (interaction.payload.get("member") or {}).get("user") or interaction.payload["user"]
            msg["interaction_metadata"] = {"id": str(interaction.id), "type": interaction.type, "user": cmd_user,
                                           "authorizing_integration_owners": {}}
            msg["application_id"] = str(self.app_id)
        if reference is not None:
            msg["message_reference"] = reference
            msg["type"] = 19
        self.messages[mid] = msg
        return msg

    def _apply_edit(self, msg: dict[str, Any], payload: dict[str, Any]) -> None:
        for key in ("content", "embeds", "components"):
            if key in payload:
                msg[key] = payload[key] if payload[key] is not None else ([] if key != "content" else "")
        if "flags" in payload and payload["flags"] is not None:
            keep = int(msg.get("flags", 0)) & EPHEMERAL_FLAG
            msg["flags"] = int(payload["flags"]) | keep
        msg["flags"] = int(msg.get("flags", 0)) & ~LOADING_FLAG
        msg["edited_timestamp"] = now_iso()

    def _interaction(self, rec: Recorded, token: str) -> FakeInteraction | None:
        inter = self._by_token.get(token)
        if inter is None:
            return None
        if time.monotonic() - inter.created > 15 * 60:
            return None
        return inter

    async def _callback(self, rec: Recorded, iid: str, token: str) -> web.Response:
        inter = self.interactions.get(int(iid))
        if inter is None or inter.token != token:
            return self._error(rec, 404, 10062, "Unknown interaction")
        if rec.query.get("with_response") not in ("1", "true", "True"):
            self.protocol_errors.append(f"callback without with_response: {rec.query}")
        if inter.callback_type is not None:
            return self._error(rec, 400, 40060, "Interaction has already been acknowledged.")
        late = time.monotonic() - inter.created
        if late > self.interaction_deadline:
            return self._error(rec, 404, 10062, f"Unknown interaction (answered after {late:.2f}s)")
        body = rec.body if isinstance(rec.body, dict) else {}
        ctype = body.get("type")
        data = body.get("data") or {}
        allowed = {APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, 9},
                   MESSAGE_COMPONENT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, 9},
                   # A modal cannot answer a modal; its submission is answered like a command.
                   MODAL_SUBMIT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE},
                   AUTOCOMPLETE: {AUTOCOMPLETE_RESULT}}[inter.type]
        if ctype not in allowed:
            return self._error(rec, 400, 50035, f"callback type {ctype} not valid for interaction type {inter.type}")
        resource: dict[str, Any] = {"type": ctype}
        if ctype == MODAL:
            err = self._validate_modal(data)
            if err:
                return self._error(rec, 400, 50035, f"Invalid Form Body: modal: {err}")
        if ctype == DEFERRED_UPDATE and "message" not in inter.payload:
            return self._error(rec, 400, 50035, "deferred update without a message to update")
        if ctype in (CHANNEL_MESSAGE, UPDATE_MESSAGE):
            err = self._validate_message(data)
            if err:
                return self._error(rec, 400, 50035, f"Invalid Form Body: {err}")
        if ctype == AUTOCOMPLETE_RESULT:
            choices = data.get("choices")
            if not isinstance(choices, list) or len(choices) > AUTOCOMPLETE_CHOICES:
                return self._error(rec, 400, 50035, "autocomplete: 0-25 choices required")
            for ch in choices:
                if not 1 <= len(ch.get("name", "")) <= 100 or not 1 <= len(str(ch.get("value", ""))) <= 100:
                    return self._error(rec, 400, 50035, f"autocomplete choice out of bounds: {ch}")
        channel_id = inter.payload["channel_id"]
        if ctype == CHANNEL_MESSAGE:
            inter.original = self._make_message(channel_id, data, interaction=inter)
        elif ctype == DEFERRED_CHANNEL_MESSAGE:
            inter.original = self._make_message(channel_id, {"flags": data.get("flags", 0)}, interaction=inter,
                                                flags=LOADING_FLAG)
        elif ctype in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            target = self.messages.get(int(inter.payload["message"]["id"]))
            if target is None:
                return self._error(rec, 404, 10008, "Unknown Message")
            if ctype == UPDATE_MESSAGE:
                self._apply_edit(target, data)
            inter.original = target
        inter.callback_type, inter.callback_at, inter.callback_body = ctype, time.monotonic(), body
        if ctype == MODAL:
            self.modals[str(data.get("custom_id"))] = inter
        if inter.original is not None and ctype != DEFERRED_UPDATE:
            resource["message"] = inter.original
        inter.changed.set()
        flags = int((inter.original or {}).get("flags", 0))
        return self._json({
            "interaction": {"id": str(inter.id), "type": inter.type,
                            "response_message_id": (inter.original or {}).get("id"),
                            "response_message_loading": ctype == DEFERRED_CHANNEL_MESSAGE,
                            "response_message_ephemeral": bool(flags & EPHEMERAL_FLAG)},
            "resource": resource,
        })

    async def _followup(self, rec: Recorded, token: str) -> web.Response:
        inter = self._interaction(rec, token)
        if inter is None:
            return self._error(rec, 404, 10015, "Unknown Webhook")
        if inter.callback_type is None:
            return self._error(rec, 400, 40060, "followup before the interaction was acknowledged")
        payload = rec.body if isinstance(rec.body, dict) else {}
        err = self._validate_message(payload)
        if err:
            return self._error(rec, 400, 50035, f"Invalid Form Body: {err}")
        msg = self._make_message(inter.payload["channel_id"], payload, interaction=inter)
        inter.followups.append(msg)
        inter.changed.set()
        return self._json(msg) if rec.query.get("wait") in ("true", "1", "True") else web.Response(status=204)

    def _webhook_target(self, inter: FakeInteraction, mid: str) -> dict[str, Any] | None:
        if mid == "@original":
            return inter.original
        for msg in inter.followups:
            if msg["id"] == mid:
                return msg
        return None

    async def _webhook_edit(self, rec: Recorded, token: str, mid: str) -> web.Response:
        inter = self._interaction(rec, token)
        if inter is None:
            return self._error(rec, 404, 10015, "Unknown Webhook")
        target = self._webhook_target(inter, mid)
        if target is None:
            return self._error(rec, 404, 10008, "Unknown Message")
        payload = rec.body if isinstance(rec.body, dict) else {}
        err = self._validate_message(payload)
        if err:
            return self._error(rec, 400, 50035, f"Invalid Form Body: {err}")
        self._apply_edit(target, payload)
        inter.edits.append(payload)
        inter.changed.set()
        return self._json(target)

    async def _webhook_get(self, rec: Recorded, token: str, mid: str) -> web.Response:
        inter = self._interaction(rec, token)
        target = self._webhook_target(inter, mid) if inter else None
        if target is None:
            return self._error(rec, 404, 10008, "Unknown Message")
        return self._json(target)

    async def _webhook_delete(self, rec: Recorded, token: str, mid: str) -> web.Response:
        inter = self._interaction(rec, token)
        target = self._webhook_target(inter, mid) if inter else None
        if target is None or inter is None:
            return self._error(rec, 404, 10008, "Unknown Message")
        self.messages.pop(int(target["id"]), None)
        if target is inter.original:
            inter.original = None
        else:
            inter.followups.remove(target)
        inter.changed.set()
        return web.Response(status=204)

    def _known_channel(self, cid: str) -> bool:
        return any(cid == str(c) for channels in self.guild_channels.values() for c in channels)

    async def _channel_send(self, rec: Recorded, cid: str) -> web.Response:
        if not self._known_channel(cid):
            return self._error(rec, 404, 10003, "Unknown Channel")
        payload = rec.body if isinstance(rec.body, dict) else {}
        if not (payload.get("content") or payload.get("embeds") or payload.get("components")):
            return self._error(rec, 400, 50006, "Cannot send an empty message")
        err = self._validate_message(payload)
        if err:
            return self._error(rec, 400, 50035, f"Invalid Form Body: {err}")
        ref = payload.get("message_reference")
        if ref is not None and int(ref.get("message_id", 0)) not in self.messages:
            return self._error(rec, 400, 50035, "Invalid Form Body: unknown message_reference")
        return self._json(self._make_message(cid, payload, reference=ref))

    async def _channel_edit(self, rec: Recorded, cid: str, mid: str) -> web.Response:
        msg = self.messages.get(int(mid))
        if msg is None or msg["channel_id"] != cid:
            return self._error(rec, 404, 10008, "Unknown Message")
        if msg["author"]["id"] != str(self.app_id):
            return self._error(rec, 403, 50005, "Cannot edit a message authored by another user")
        payload = rec.body if isinstance(rec.body, dict) else {}
        err = self._validate_message(payload)
        if err:
            return self._error(rec, 400, 50035, f"Invalid Form Body: {err}")
        self._apply_edit(msg, payload)
        return self._json(msg)

    async def _channel_get(self, rec: Recorded, cid: str, mid: str) -> web.Response:
        msg = self.messages.get(int(mid))
        if msg is None or msg["channel_id"] != cid:
            return self._error(rec, 404, 10008, "Unknown Message")
        return self._json(msg)

    async def _channel_delete(self, rec: Recorded, cid: str, mid: str) -> web.Response:
        msg = self.messages.pop(int(mid), None)
        if msg is None:
            return self._error(rec, 404, 10008, "Unknown Message")
        return web.Response(status=204)

    async def _typing(self, rec: Recorded, cid: str) -> web.Response:
        return web.Response(status=204)
