"""Moved to `handlers.clock.model`; this name stays so code written against it (the blind clock's
branch) keeps working until it imports the new one."""

from handlers.clock.model import *  # noqa: F403
