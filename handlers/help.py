"""The `help` command: what each command does, with examples, in the reply language."""

from __future__ import annotations

from engine.errors import FloorcallError
from handlers.context import Context
from handlers.dispatch import find_command
from handlers.errors import error_reply
from handlers.i18n import Messages, ruleset_name
from handlers.reply import Field, Reply

TEXT = Messages("help")

ORDER = ("ruling", "pot", "rule", "clock", "blinds", "button", "balance", "colour", "break", "bust", "deal", "payouts", "help")


def handle(args: str, offset: int, ctx: Context) -> Reply:
    lang = ctx.lang
    topic = args.strip().lstrip("/")
    names: tuple[str, ...] = ORDER
    if topic:
        cmd = find_command(topic)
        if cmd is None:
            return error_reply("help", ctx, FloorcallError("unknown_help_topic", at=offset, word=topic), TEXT)
        names = (cmd.name,)
    fields = [Field(TEXT(f"label_{name}", lang), TEXT(name, lang)) for name in names]
    return Reply(
        ok=True,
        command="help",
        lang=lang,
        ruleset=ctx.ruleset_id,
        headline=TEXT("title", lang, ruleset=ruleset_name(ctx.ruleset_id, lang)),
        fields=fields,
        data={"commands": list(names)},
        footer=TEXT("footer", lang),
    )
