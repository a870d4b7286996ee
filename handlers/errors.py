"""Turning a `FloorcallError` into a localized, structured error reply (never a traceback)."""

from __future__ import annotations

from engine.errors import FloorcallError
from engine.notation.money import MONEY
from handlers.context import Context
from handlers.i18n import Messages
from handlers.reply import Reply, ReplyError

# Messages for errors any command may raise. Feature modules keep their own codes in their own
# catalogs and pass them to `error_reply`.
COMMON = Messages("common-errors")

_HINT = Messages("error-hints")


def error_reply(command: str, ctx: Context, err: FloorcallError, catalog: Messages | None = None) -> Reply:
    """A rejected command as a Reply with `ok: false` and the spec's error object."""
    lang = ctx.lang
    source = catalog if catalog is not None and catalog.has(err.code) else COMMON
    params = {k: v for k, v in err.params.items()}
    message = source(err.code, lang, **params) if source.has(err.code) else COMMON("internal", lang)
    if err.hint and (money := MONEY.get()) is not None:  # `B allin 500` in cents: `B allin $5`
        err.hint = money.hint(err.hint)
    lines = [message]
    if err.at is not None:
        lines.append(f"({_HINT('at', lang, at=err.at)})")
    if err.hint:
        lines.append(_HINT("hint", lang, hint=err.hint))
    return Reply(
        ok=False,
        command=command,
        lang=lang,
        ruleset=ctx.ruleset_id,
        headline=" ".join(lines),
        error=ReplyError(err.code, message, err.at, err.hint),
    )
