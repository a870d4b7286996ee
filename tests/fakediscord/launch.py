"""`python tests/fakediscord/launch.py`: bot.py's Discord bot, pointed at a fake Discord.

For tests that run the bot as a real process (shard clusters, kill -9, SIGTERM): everything is
`python bot.py` except the two URLs, and two waits shortened for tests. Environment:
FAKE_DISCORD_API, FAKE_DISCORD_GATEWAY (the fake's), FLOORCALL_TEST_LEASE (player and blind clock lease seconds),
FLOORCALL_PROFILE (a file: cProfile of the event-loop thread, written when the bot exits; for
bench/bench_cluster.py --profile), and the bot's own (DISCORD_TOKEN, FLOORCALL_DB, SHARD_COUNT, SHARD_IDS).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def main() -> int:
    import discord.gateway
    import discord.http
    import yarl

    import bot
    from cogs.app import FloorcallBot
    from handlers.blinds.service import BlindService
    from handlers.clock.service import ClockService

    discord.http.Route.BASE = os.environ["FAKE_DISCORD_API"]
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["FAKE_DISCORD_GATEWAY"])
    defaults = dict(FloorcallBot.__init__.__kwdefaults__ or {})
    defaults["identify_delay"] = 0.0  # the fake has no identify rate limit
    FloorcallBot.__init__.__kwdefaults__ = defaults
    original_init = FloorcallBot.__init__

    def init(self, *args, **kwargs):  # guilds arrive at once from the fake: no 2 s wait for more
        kwargs.setdefault("guild_ready_timeout", 0.1)
        original_init(self, *args, **kwargs)

    FloorcallBot.__init__ = init  # type: ignore[method-assign]
    lease = os.environ.get("FLOORCALL_TEST_LEASE")
    if lease:
        for service in (ClockService, BlindService):
            service_defaults = dict(service.__init__.__kwdefaults__ or {})
            service_defaults["lease"] = float(lease)
            service.__init__.__kwdefaults__ = service_defaults
    profile_to = os.environ.get("FLOORCALL_PROFILE")
    if not profile_to:
        return bot.main([])
    import cProfile

    profiler = cProfile.Profile()
    profiler.enable()
    try:
        return bot.main([])
    finally:
        profiler.disable()
        profiler.dump_stats(profile_to)


if __name__ == "__main__":
    sys.exit(main())
