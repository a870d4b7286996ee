"""Shared test setup: a lookup cache of the session's own and the fake-Discord fixtures for every
test (the project root is on sys.path through pyproject.toml's pytest `pythonpath`)."""

import os
import shutil
import tempfile

# fake_discord, start_bot, stop_bot, bot_runner, floorcall_db (see tests/fakediscord/fixtures.py)
pytest_plugins = ["fakediscord.fixtures", "storefixtures", "timefixtures"]


def pytest_configure(config):
    """The rule lookup keeps its scanned corpus in FLOORCALL_CACHE_DIR (default ~/.cache/floorcall):
    the tests, and the consoles and bots they start, use a fresh directory of their own instead."""
    config._floorcall_cache = tempfile.mkdtemp(prefix="floorcall-test-cache-")
    os.environ["FLOORCALL_CACHE_DIR"] = config._floorcall_cache


def pytest_unconfigure(config):
    shutil.rmtree(getattr(config, "_floorcall_cache", ""), ignore_errors=True)
