"""The `break` command module the dispatcher loads (the code is in handlers.desk)."""

from __future__ import annotations

from engine.errors import FloorcallError
from handlers.context import Context
from handlers.desk import TEXT, handle_break
from handlers.errors import error_reply
from handlers.reply import Reply


def handle(args: str, offset: int, ctx: Context) -> Reply:
    try:
        return handle_break(args, offset, ctx)
    except FloorcallError as err:  # the desk's own codes are worded in desk.toml
        return error_reply("break", ctx, err, TEXT)
