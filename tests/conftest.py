"""Shared test setup: the project root on sys.path, and the fake-Discord fixtures for every test."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

# fake_discord, start_bot, stop_bot, bot_runner, floorcall_db (see tests/fakediscord/fixtures.py)
pytest_plugins = ["fakediscord.fixtures"]
