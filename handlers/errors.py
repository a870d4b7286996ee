"""Turning a `FloorcallError` into a localized, structured error reply (never a traceback)."""

from __future__ import annotations

from engine.errors import FloorcallError
from engine.notation.money import MONEY
from handlers.context import Context
from handlers.hint_text import render_hint
from handlers.i18n import Messages
from handlers.reply import Reply, ReplyError

# Messages for errors any command may raise. Feature modules keep their own codes in their own
# catalogs and pass them to `error_reply`.
COMMON = Messages("common-errors")

_HINT = Messages("error-hints")
_HELP = Messages("help")


def error_reply(command: str, ctx: Context, err: FloorcallError, catalog: Messages | None = None) -> Reply:
    """A rejected command as a Reply with `ok: false` and the spec's error object."""
    lang = ctx.lang
    source = catalog if catalog is not None and catalog.has(err.code) else COMMON
    params = {k: v for k, v in err.params.items()}
    # An example written into a message is notation, like a hint: in the reply language's.
    if isinstance(params.get("example"), str):
        params["example"] = render_hint(params["example"], lang)
    # A command named in a message is named by the reply language's command word (ブラインド, 블라인드).
    if isinstance(params.get("command"), str) and _HELP.has(f"label_{params['command']}"):
        params["command"] = _HELP(f"label_{params['command']}", lang)
    message = source(err.code, lang, **params) if source.has(err.code) else COMMON("internal", lang)
    if err.hint and (money := MONEY.get()) is not None:  # `B allin 500` in cents: `B allin $5`
        err.hint = money.hint(err.hint)
    lines = [message]
    # `at` is an offset (0 for the first character, as in the JSON); a person counts from 1. The
    # brackets are the language's own (full-width in Japanese), so they live in the catalogue.
    if err.at is not None:
        lines.append(_HINT("at", lang, at=err.at + 1))
    # The engine writes hints in the English notation; a Japanese or Korean reply suggests what to
    # type in its own notation (handlers/hint_text.py), so the suggestion can be typed as it reads.
    hint = render_hint(err.hint, lang, err.code) if err.hint else None
    if hint:
        lines.append(_HINT("hint", lang, hint=hint))
    return Reply(
        ok=False,
        command=command,
        lang=lang,
        ruleset=ctx.ruleset_id,
        headline=("" if lang == "ja" else " ").join(lines),
        error=ReplyError(err.code, message, err.at, hint),
    )
