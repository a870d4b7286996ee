"""Turning a `FloorcallError` into a localized, structured error reply (never a traceback)."""

from __future__ import annotations

from engine.errors import FloorcallError
from handlers.context import Context
from handlers.i18n import Messages
from handlers.reply import Reply, ReplyError

# Messages for errors any command may raise. Feature modules keep their own codes in their own
# catalogs and pass them to `error_reply`.
COMMON = Messages(
    {
        "empty": {
            "en": "Nothing to rule on: the command is empty.",
            "ja": "入力が空です。コマンドを入力してください。",
            "ko": "입력이 비어 있습니다. 명령을 입력해 주세요.",
        },
        "too_long": {
            "en": "The input is {length} characters long; the limit is {limit}.",
            "ja": "入力が{length}文字あります。上限は{limit}文字です。",
            "ko": "입력이 {length}자입니다. 최대 {limit}자까지 받을 수 있습니다.",
        },
        "unknown_command": {
            "en": "Unknown command “{word}”. Commands: ruling, pot, rule, clock, blinds, help.",
            "ja": "「{word}」というコマンドはありません。使えるのは ruling・pot・rule・clock・blinds・help です。",
            "ko": "‘{word}’라는 명령은 없습니다. 사용할 수 있는 명령: ruling, pot, rule, clock, blinds, help.",
        },
        "not_available": {
            "en": "The {command} command is not available yet in this version.",
            "ja": "{command} コマンドはこのバージョンではまだ使えません。",
            "ko": "{command} 명령은 이 버전에서 아직 사용할 수 없습니다.",
        },
        "invisible_name": {
            "en": "That player name shows nothing: it is made only of invisible characters ({chars}). "
                  "Type a name people can read, or a seat.",
            "ja": "プレイヤー名が見えない文字（{chars}）だけでできていて、何も表示されません。"
                  "読める名前か席番号を入力してください。",
            "ko": "플레이어 이름이 보이지 않는 문자({chars})로만 되어 있어 아무것도 표시되지 않습니다. "
                  "읽을 수 있는 이름이나 좌석 번호를 입력해 주세요.",
        },
        "internal": {
            "en": "Something went wrong on our side while answering; nothing was ruled. Please report it.",
            "ja": "回答中に内部エラーが起きたため、裁定できませんでした。開発者に報告してください。",
            "ko": "답변 중 내부 오류가 발생해 판정하지 못했습니다. 개발자에게 알려 주세요.",
        },
    },
    name="common-errors",
)

_HINT = Messages(
    {
        "hint": {"en": "Did you mean “{hint}”?", "ja": "「{hint}」のことですか？", "ko": "‘{hint}’을(를) 말씀하신 건가요?"},
        "at": {"en": "at character {at}", "ja": "{at}文字目", "ko": "{at}번째 글자"},
        "title": {"en": "Could not read that", "ja": "読み取れませんでした", "ko": "읽을 수 없습니다"},
    },
    name="error-hints",
)


def error_reply(command: str, ctx: Context, err: FloorcallError, catalog: Messages | None = None) -> Reply:
    """A rejected command as a Reply with `ok: false` and the spec's error object."""
    lang = ctx.lang
    source = catalog if catalog is not None and catalog.has(err.code) else COMMON
    params = {k: v for k, v in err.params.items()}
    message = source(err.code, lang, **params) if source.has(err.code) else COMMON("internal", lang)
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
