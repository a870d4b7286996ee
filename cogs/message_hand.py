"""The hands in a chat message, for the **Ruling** menu and `@floorcall ruling ...`.

People paste a hand the way they write chat: in a code block, after a line of talk ("what is
the call here?"), with someone @mentioned or a link beside it, in bold or a spoiler, or two hands
in one message. Read as it was, each of these became an error about the first odd character
("“```” is not a game, blinds, street, pot or players"), which tells a floor person nothing.

Here, and only for chat messages, the chat markup comes off and the hands are found; what is left
goes to the handlers unchanged, so a plain hand is answered exactly as `/ruling` answers it.
- Code blocks: when a message has any, only what is inside them is read (the talk is around them).
- Mentions, channel links, custom emoji, links, `@everyone`/`@here`, quote marks at a line start
  and the paired markers `**`, `__`, `~~`, `||` are taken out (a name keeps single `*` and `_`).
- A hand starts at a line that gives its stakes (`100/200`): talk before the first such line is
  dropped, and each further one starts another hand (a list mark before it, `1.` `-`, and talk
  ending in `:` `,` `?` just before its game word and stakes are dropped too).
  A message without stakes is one hand.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from cogs.messages import DISCORD
from engine.notation.streets import mentions_showdown
from handlers.context import Context
from handlers.dispatch import find_command, handle, split_command
from handlers.reply import Field, Reply

_CODE = re.compile(r"```(?:[A-Za-z0-9_+-]*[ \t]*\n)?(.*?)```|`([^`\n]+)`", re.S)
_MARKUP = re.compile(r"<@[!&]?\d+>|<#\d+>|<a?:\w+:\d+>|<?https?://\S+|@everyone|@here|\*\*|__|~~|\|\|")
_QUOTE = re.compile(r"^[ \t]*>{1,3}[ \t]?", re.M)
_STAKES = re.compile(r"\d\s*[/／]\s*\d")
# Talk on the hand's own line, up to a colon, comma or mark just before the game word and stakes:
# `look: NL 100/200 ...`, `floor, 100/200 ...` (a hand's setup has none of these before its stakes).
_TALK_BEFORE = re.compile(r"^.*[:：,，、!?！？]\s*(?=(?:[^\s:：,，、!?！？]+\s+)?\d+\s*[/／]\s*\d)")
_LIST_MARK = re.compile(r"^(?:\d{1,2}[.)]|[-*•・])\s+")  # `1. NL 100/200 ...`: hands listed
COMMANDS_READ = ("ruling", "pot")


@dataclass(frozen=True)
class MessageHands:
    said: str | None  # "ruling" or "pot" when the message names the command, else None
    hands: list[str]

    @property
    def command(self) -> str:
        """`pot` for a message that says so or whose (first) hand ends in a showdown, else `ruling`."""
        if self.said == "pot" or (self.hands and mentions_showdown(self.hands[0])):
            return "pot"
        return "ruling"


def _command_word(text: str) -> tuple[str | None, str]:
    """(`ruling`/`pot` when `text` starts with one of their words, the text after it)."""
    word, _, args, _ = split_command(text)
    cmd = find_command(word) if word else None
    if cmd is not None and cmd.name in COMMANDS_READ:
        return cmd.name, args.strip()
    return None, text


def read_hands(content: str) -> MessageHands:
    """The hands in a message's text (see the module docstring); no hands when nothing is left."""
    blocks = [m[1] if m[1] is not None else m[2] for m in _CODE.finditer(content)]
    text = "\n".join(blocks) if blocks else content
    text = _MARKUP.sub(" ", _QUOTE.sub("", text))
    said, text = _command_word(text.strip())
    if blocks and said is None:  # `ruling ```NL ...```': the command word outside the block
        said = _command_word(_MARKUP.sub(" ", _QUOTE.sub("", _CODE.sub(" ", content))).strip())[0]
    lines = [line.strip() for line in text.splitlines()]
    starts = [i for i, line in enumerate(lines) if _STAKES.search(line)]
    if not starts:
        whole = "\n".join(line for line in lines if line)
        return MessageHands(said, [whole] if whole else [])
    hands = []
    for n, start in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(lines)
        first = _TALK_BEFORE.sub("", _LIST_MARK.sub("", lines[start]), count=1)
        said_here, hand = _command_word("\n".join(line for line in [first, *lines[start + 1:end]] if line))
        said = said or said_here
        if hand:
            hands.append(hand)
    return MessageHands(said, hands)


def with_several_note(reply: Reply, count: int) -> Reply:
    """`reply` (to the first hand) saying that the message held `count` hands and which was answered.
    A copy: the handler's reply is left as it was."""
    if count < 2:
        return reply
    note = Field(DISCORD("several_hands_title", reply.lang), DISCORD("several_hands", reply.lang, count=count))
    return replace(reply, fields=[*reply.fields, note])


def answer_first_hand(found: MessageHands, ctx: Context, command: str) -> Reply:
    """The handler's reply to the message's first hand under `command`, noting when there were
    several. The one path for the Ruling menu and `@floorcall ruling ...` (each cog only chooses
    `command` and where the reply goes); runs on the worker. `found` has at least one hand."""
    return with_several_note(handle(found.hands[0], ctx, command=command), len(found.hands))


__all__ = ["COMMANDS_READ", "MessageHands", "answer_first_hand", "read_hands", "with_several_note"]
