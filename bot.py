"""floorcall: poker floor calls under the Poker TDA rules, on Discord or in a local console.

    python bot.py --console [--json] [--lang ja|ko|en] [--ruleset tda2026|tda2009|jp-basic]
    python bot.py                      # the Discord bot, token from DISCORD_TOKEN
    python bot.py --help               # the commands and the environment variables

The console path never imports discord.py: its cold start is part of the product.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace


def _prog() -> str:
    """The name `--help` shows: `floorcall` when run as the installed command (it said
    `usage: bot.py`, a file the user never typed), else `bot.py`."""
    import os

    name = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    return name if name and not name.endswith(".py") and name not in ("-c", "-m") else "bot.py"


def main(argv: list[str] | None = None) -> int:
    from handlers import console

    parser = argparse.ArgumentParser(prog=_prog(), description=__doc__.splitlines()[0], epilog=console.epilog(),
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--console", action="store_true", help="run the local console instead of Discord")
    console.add_arguments(parser)
    args = parser.parse_args(argv)
    if args.console:
        from handlers.context import Context

        ctx = Context(lang=args.lang) if args.lang else Context()
        if args.file:  # one hand history (or command) from a file, answered once
            return console.run_file(replace(ctx, ruleset_id=args.ruleset), args.file, as_json=args.json)
        return console.run(replace(ctx, ruleset_id=args.ruleset), as_json=args.json, auto_lang=args.lang is None)
    try:
        from cogs.process import run_bot
    except ModuleNotFoundError as exc:
        if exc.name not in ("cogs", "cogs.process", "cogs.app"):
            raise
        print("The Discord bot is not available in this version; use: python bot.py --console", file=sys.stderr)
        return 2
    return run_bot()


if __name__ == "__main__":
    sys.exit(main())
