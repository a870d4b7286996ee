"""A small fake Discord (gateway + REST) on 127.0.0.1 for end-to-end tests of the real bot.

The bot under test is the unmodified discord.py client; only `Route.BASE` and the default
gateway URL are pointed here (see `fixtures.py`). The fake keeps the parts of Discord's protocol
that a bot can get wrong -- the 3-second interaction deadline, one callback per interaction,
message and embed limits, `with_response=1` -- and records every request and every protocol
error so each test can assert that none happened.
"""

from fakediscord.server import FakeDiscord, FakeInteraction, Recorded

__all__ = ["FakeDiscord", "FakeInteraction", "Recorded"]
