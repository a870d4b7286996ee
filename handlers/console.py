"""The local console: one command per input line, one reply per command, text or JSON Lines.

It runs the same `handle()` as Discord, with no token and without importing discord.py.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, TextIO

from engine.rulesets import DEFAULT_RULESET, RULESETS
from handlers.context import Context
from handlers.dispatch import handle
from handlers.i18n import LANGS

if TYPE_CHECKING:
    from handlers.blinds.session import ConsoleBlinds


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="one JSON object per reply (JSON Lines)")
    parser.add_argument("--lang", choices=LANGS, default="en", help="reply language")
    parser.add_argument("--ruleset", choices=list(RULESETS), default=DEFAULT_RULESET, help="ruleset in force")


def run(ctx: Context, as_json: bool, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    """Answer every line of `stdin`; exit status 0 at end of input even if some were rejected."""
    from handlers.blinds.session import ConsoleBlinds, use_session

    with use_session(ConsoleBlinds()) as blinds:
        return _loop(ctx, as_json, stdin, stdout, blinds)


def _loop(ctx: Context, as_json: bool, stdin: TextIO, stdout: TextIO, blinds: ConsoleBlinds) -> int:
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
        here = ctx
        if blinds.clock is not None:  # the session's blind clock: its level for rulings without blinds
            from handlers.clock_model import time_source

            here = blinds.context(ctx, time_source().now())
        reply = handle(line, here)
        try:
            if as_json:
                stdout.write(json.dumps(reply.to_json(), ensure_ascii=False) + "\n")
            else:
                stdout.write(reply.text + "\n\n")
            stdout.flush()
        except BrokenPipeError:  # the reader went away (e.g. `| head`): stop quietly
            return 0
        if interactive and reply.ok and reply.command == "clock":  # count it down in place
            from handlers.clock_console import follow

            follow(reply, ctx, stdin, stdout)
        if interactive and reply.ok and reply.command == "blinds" and blinds.clock is not None:
            from handlers.blinds.console import follow as follow_blinds

            follow_blinds(blinds, ctx, stdin, stdout)
    return 0
