"""The local console: one command per input line, one reply per command, text or JSON Lines.

It runs the same `handle()` as Discord, with no token and without importing discord.py.
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from engine.rulesets import DEFAULT_RULESET, RULESETS
from handlers.context import Context
from handlers.dispatch import handle
from handlers.i18n import LANGS
from handlers.reply import dumps


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="one JSON object per reply (JSON Lines)")
    parser.add_argument("--lang", choices=LANGS, default="en", help="reply language")
    parser.add_argument("--ruleset", choices=list(RULESETS), default=DEFAULT_RULESET, help="ruleset in force")


def run(ctx: Context, as_json: bool, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    """Answer every line of `stdin`; exit status 0 at end of input even if some were rejected."""
    interactive = stdin.isatty() and not as_json
    if interactive:
        stdout.write("floorcall console: type a command (help for examples), Ctrl-D to quit.\n")
    while True:
        if interactive:
            stdout.write("> ")
            stdout.flush()
        line = stdin.readline()
        if not line:
            break
        line = line.rstrip("\r\n")
        if not line.strip():
            continue
        reply = handle(line, ctx)
        try:
            if as_json:
                stdout.write(dumps(reply.to_json()) + "\n")
            else:
                stdout.write(reply.text + "\n\n")
            stdout.flush()
        except BrokenPipeError:  # the reader went away (e.g. `| head`): stop quietly
            return 0
        if interactive and reply.ok and reply.command == "clock":  # count it down in place
            from handlers.clock_console import follow

            follow(reply, ctx, stdin, stdout)
    return 0
