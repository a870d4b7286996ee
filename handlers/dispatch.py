"""One entry point for every surface: `handle(text, ctx) -> Reply`.

Command words come in English, Japanese and Korean. Each command lives in its own module with a
`handle(args, offset, ctx)` function, imported on first use so the console's cold start pays
only for the command it runs.
"""

from __future__ import annotations

import importlib
import logging
import unicodedata
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, Any

from engine.errors import FloorcallError
from engine.notation.money import amounts_in, money_of
from engine.notation.quoted_names import Names, protect
from handlers.context import Context
from handlers.errors import error_reply
from handlers.i18n import Messages
from handlers.reply import Field, Reply, ReplyError

if TYPE_CHECKING:
    from handlers.hand_history import HandText

log = logging.getLogger(__name__)

MAX_INPUT = 2000


@dataclass(frozen=True)
class Command:
    name: str
    module: str
    words: tuple[str, ...]


COMMANDS: tuple[Command, ...] = (
    # 判定 ("judgement") is what many Japanese floor people call a ruling as often as 裁定.
    Command("ruling", "handlers.ruling_command", ("ruling", "rule-on", "裁定", "判定", "ルーリング", "판정", "룰링")),
    Command("rule", "handlers.rule", ("rule", "rules", "ルール", "規則", "규칙", "룰")),
    Command("clock", "handlers.clock", ("clock", "クロック", "클락", "클럭")),
    # ポット and 팟 are also the "pot" bet word inside a hand, never a command word there: no clash.
    Command("pot", "handlers.pot", ("pot", "pots", "ポット", "ポット計算", "팟", "팟계산")),
    Command("blinds", "handlers.blinds", ("blinds", "blind", "ブラインド", "블라인드")),
    # The tournament desk (handlers/desk.py). ボタン/버튼 are also the button word inside a table.
    Command("button", "handlers.desk_button", ("button", "ボタン", "버튼")),
    Command("balance", "handlers.desk_balance", ("balance", "バランス", "テーブルバランス", "밸런스", "밸런싱")),
    Command("colour", "handlers.desk_colour", ("colour", "color", "colour-up", "color-up", "colourup", "colorup",
                                               "カラーアップ", "컬러업", "칼라업")),
    Command("break", "handlers.desk_break", ("break", "テーブルブレイク", "ブレイク", "테이블브레이크", "브레이크")),
    Command("bust", "handlers.desk_bust", ("bust", "busts", "バスト", "敗退", "탈락", "버스트")),
    Command("deal", "handlers.desk_deal", ("deal", "ディール", "딜")),
    Command("payouts", "handlers.desk_payouts", ("payouts", "payout", "ペイアウト", "賞金配分", "페이아웃", "상금분배")),
    Command("help", "handlers.help", ("help", "ヘルプ", "使い方", "도움말", "도움", "?")),
)

_BY_WORD: dict[str, Command] = {w.casefold(): c for c in COMMANDS for w in c.words}


def split_command(text: str) -> tuple[str, int, str, int]:
    """(command word, its offset, arguments, their offset in `text`). A leading '/' is ignored.

    Leading space, an optional slash, the command word (up to a space or a colon), then space:
    read with str methods rather than a pattern, as `engine.notation.read` reads the usual hand (a
    regular expression's engine crowds the caches the ruling after it needs)."""
    word, space, rest = text.partition(" ")
    if space and word.isalpha() and rest[:1].strip():  # `ruling NL ...`: the usual line, at once
        return word, 0, rest, len(word) + 1
    at = len(text) - len(text.lstrip())
    if text[at:at + 1] in ("/", "／"):
        at += 1
    rest = text[at:]
    word = "" if not rest or rest[0].isspace() else rest.split(None, 1)[0]
    for colon in (":", "："):
        if (cut := word.find(colon)) >= 0:
            word = word[:cut]
    end = at + len(word)
    if text[end:end + 1] not in (":", "："):  # the word ended at a space or the end: skip the spaces
        end = len(text) - len(text[end:].lstrip())
    return word, at, text[end:], end


def find_command(word: str) -> Command | None:
    if word.isascii():  # ASCII is NFKC-normal already, and its casefold is its lower case
        return _BY_WORD.get(word.lower())
    return _BY_WORD.get(unicodedata.normalize("NFKC", word).casefold())


def _glued_command(word: str) -> tuple[Command, int] | None:
    """`ルール49` → (rule, 3): a Japanese or Korean command word with a number glued after it (a
    digit, 第 or 제, or a kanji numeral), as chat types it; None for anything else."""
    if word.isascii():
        return None
    folded = unicodedata.normalize("NFKC", word).casefold()
    if len(folded) != len(word):
        return None
    for key in sorted((k for k in _BY_WORD if not k.isascii()), key=len, reverse=True):
        if folded.startswith(key) and len(folded) > len(key) and (
                folded[len(key)].isdigit() or folded[len(key)] in "第제〇一二三四五六七八九十百"):
            return _BY_WORD[key], len(key)
    return None


@cache
def _module(name: str) -> ModuleType:
    """A command's module, imported on first use; later calls skip the import machinery's checks.
    Every command has its module: one that fails to import is a bug, answered as `internal`."""
    return importlib.import_module(name)


def _suggest(word: str) -> str | None:
    from rapidfuzz import process

    best = process.extractOne(word.casefold(), list(_BY_WORD), score_cutoff=60)
    return _BY_WORD[best[0]].name if best else None


def handle(text: str, ctx: Context, *, command: str | None = None) -> Reply:
    """Answer one line of input. Never raises: every failure is an `ok: false` reply.

    With `command` (e.g. a Discord option, where the user typed only the arguments), `text` is
    the arguments alone and error offsets count from its start.
    """
    if command is not None:
        word, word_at, args, offset = command, 0, text, 0
    else:
        word, word_at, args, offset = split_command(text)
    cmd = find_command(word) if word else None
    if cmd is None and word and (glued := _glued_command(word)) is not None:
        # `ルール49`, `규칙49`: the command word with the rule number glued on (issue 21).
        cmd, cut = glued
        word, args, offset = word[:cut], text[word_at + cut:], word_at + cut
    name = cmd.name if cmd else (word or "")
    # `NL 0.50/1`, `$1/$2`: a hand in decimals or with a sign is read and shown in its own units
    # (engine.notation.money); every other line sets nothing.
    history = None
    if name in _MONEY_COMMANDS and ("\n" in args or "PokerStars" in args):
        from handlers.hand_history import kind_of, read_history

        if kind_of(args) is not None:  # a pasted hand history: read as the notation of the same hand
            try:
                history = read_history(args)
            except FloorcallError as err:
                return error_reply(name, ctx, err, _history_errors())
            args, offset = history.line, 0
            text = f"{word} {args}"
    if name not in _MONEY_COMMANDS or len(text) > MAX_INPUT:
        return _answer(text, ctx, cmd, name, word, word_at, args, offset)
    money = money_of(args)
    # `"Brian Rast"`, `Qd5w/zLDg` listed in `stacks`: one player each (engine.notation.quoted_names).
    args, names = protect(args)
    if money is None:  # (no context manager to enter for the usual line)
        reply = _answer(text, ctx, cmd, name, word, word_at, args, offset)
    else:
        with amounts_in(money):
            reply = _answer(text, ctx, cmd, name, word, word_at, args, offset)
            money.json(reply.data)
    if names is not None:
        _restore(reply, names)
    if history is not None:  # what the file was read as: the floor checks what the bot read
        reply.data["hand_history"] = {"source": history.source, "notation": history.line}
        if reply.error is not None and (asked := _ruled_where_it_stops(reply, history, ctx, word)) is not None:
            reply = asked
        elif reply.error is not None:
            reply.headline += f"\n{_history_errors()('hh_read_as', ctx.lang)}: {history.line}"
        else:
            reply.fields.insert(0, Field(_history_errors()("hh_read_as", ctx.lang), history.line))
            if history.paid is not None and reply.data.get("pots"):
                _compare_paid(reply, history.paid, ctx.lang)
    return reply


def _ruled_where_it_stops(refused: Reply, history: HandText, ctx: Context, word: str) -> Reply | None:
    """A file the engine refuses part-way (`round_over` after a raise that was not open stood as a
    call, `street_unfinished` for a missed fold): the ruling at that point instead, for the player
    there, saying which part of the file the rules do not let happen and why."""
    from handlers.hand_history import stop_point

    err = refused.error
    cut = stop_point(history.line, err.at or 0, err.code, err.hint) if err is not None else None
    if err is None or cut is None:
        return None
    line, rest = cut
    reply = handle(line, ctx, command="ruling")
    if not reply.ok:
        return None
    reply.fields.insert(0, Field(_history_errors()("hh_read_as", ctx.lang), history.line))
    reply.fields.insert(1, Field(_history_errors()("hh_stops_title", ctx.lang),
                                 _history_errors()("hh_stops", ctx.lang, rest=rest, why=err.message)))
    reply.data["hand_history"] = {"source": history.source, "notation": history.line, "asked": line,
                                  "stops": {"code": err.code, "at": err.at, "not_played": rest}}
    return reply


def _compare_paid(reply: Reply, paid: dict[str, Any], lang: str) -> None:
    """What the file paid from the pots beside what the rules award (shares of every pot): the
    floor's question "who should have got the side pot" answered where they differ."""
    from decimal import Decimal

    ours: dict[str, Decimal] = {}
    for pot in reply.data["pots"]:
        for player, share in (pot.get("shares") or {}).items():
            ours[player] = ours.get(player, Decimal(0)) + Decimal(str(share))
    same = {p: v for p, v in ours.items() if v} == {p: v for p, v in paid.items() if v}
    reply.data["hand_history"]["paid"] = {p: float(v) if v != int(v) else int(v) for p, v in paid.items()}
    reply.data["hand_history"]["paid_as_ruled"] = same
    if not same:
        from handlers.ruling import list_sep

        def shown(v: Decimal) -> str:
            return f"{v:,.2f}" if v != int(v) else f"{int(v):,}"

        said = list_sep(lang).join(f"{p} {shown(v)}" for p, v in paid.items())
        ruled = list_sep(lang).join(f"{p} {shown(v)}" for p, v in ours.items() if v)
        reply.fields.insert(1, Field(_history_errors()("hh_paid_title", lang),
                                     _history_errors()("hh_paid_differs", lang, paid=said, ruled=ruled)))


@cache
def _history_errors() -> Messages:
    return Messages("hand-history")


def _restore(reply: Reply, names: Names) -> None:
    """The declared names put back where their stand-ins went (every text and JSON string)."""
    reply.headline = names.restore(reply.headline)
    for f in reply.fields:
        f.name, f.value = names.restore(f.name), names.restore(f.value)
    reply.working = [names.restore(w) for w in reply.working]
    if reply.footer is not None:
        reply.footer = names.restore(reply.footer)
    reply.data = names.restore_all(reply.data)
    if reply.error is not None:
        err = reply.error
        hint = names.restore_typed(err.hint) if err.hint else err.hint
        if hint != err.hint:  # the headline repeats the hint: there too, as it is to be typed
            reply.headline = reply.headline.replace(names.restore(err.hint or ""), hint or "")
        reply.error = ReplyError(err.code, names.restore(err.message), err.at, hint)


_MONEY_COMMANDS = frozenset({"ruling", "pot"})


def _answer(text: str, ctx: Context, cmd: Command | None, name: str, word: str, word_at: int, args: str,
            offset: int) -> Reply:
    try:
        if len(text) > MAX_INPUT:
            raise FloorcallError("too_long", at=MAX_INPUT, length=len(text), limit=MAX_INPUT)
        if not word:
            raise FloorcallError("empty", at=0)
        if cmd is None:
            raise FloorcallError("unknown_command", at=word_at, hint=_suggest(word), word=word)
        return _module(cmd.module).handle(args, offset, ctx)
    except FloorcallError as err:
        return error_reply(name or "unknown", ctx, err)
    except Exception:  # a bug must not take the console or the bot down with it
        log.exception("internal error answering a %s command", name)
        return error_reply(name or "unknown", ctx, FloorcallError("internal"))
