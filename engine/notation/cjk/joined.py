"""Players named together where the reader cannot split them: refused, never seated as one player.

`민수랑 지은 콜` (Hangul names joined by 랑/이랑/하고/와/과), `花子と次郎は？` (a question about two
players), `2人ともコール` / `둘 다 콜` ("both call"). Read as before, each of these seated one player
with a joined name ("민수랑지은", "花子と次郎", "2人とも") and the ruling went on without an error,
the pot short of a call; or it was refused as an unknown verb with a hint that kept the particle.
Hangul names are not cut (a name may hold 와 or 과: engine.notation.joined_names `_JOINED_NAMES`), and "both"
does not say which two players, so each is refused with each player's action written out.
"""

from __future__ import annotations

import re

from engine.errors import FloorcallError
from engine.notation.inputs import ActionInput

_JOIN = r"(?:이랑|랑|하고|와|과)"
# `민수랑 지은 콜`, `지은이랑 민수도 콜`: a Hangul word ending in a joining particle, a space, a second
# Hangul word (its subject particle dropped), then the action. Only consulted once reading failed.
_SPACED = re.compile(rf"\s*([가-힣]+?){_JOIN}\s+([가-힣]+)\s+(\S.*)")
# `민수랑지은` as a player's name: two names of two syllables or more (`김과장` stays a name).
_UNSPACED = re.compile(rf"([가-힣]{{2,}}?){_JOIN}([가-힣]{{2,}})")
# `BさんとCさん`, `B님이랑 C님`: a name with its honorific, joined to a second name.
_HONORED = re.compile(rf"(\S+?(?:さん|くん|君|氏|님))\s*(?:と|＆|&|{_JOIN})\s*(\S+?)")
_HONOR = r"(?:さん|くん|君|氏|님)"
_HONORED_SPACED = re.compile(rf"\s*(\S+?{_HONOR})\s*(?:と|＆|&|{_JOIN})\s*(\S+?{_HONOR})[がは가는도이]?\s*(\S.*)")
# A question about two players: `B랑 C는?`, `민수랑 지은은?`, `花子と次郎は？`, `BとCは？` (a Hangul name of
# two syllables or more, so that `이와나?` stays one player).
_ONE = r"(?:[A-Za-z][A-Za-z0-9]*|[가-힣]{2,}?|[\u4e00-\u9fff々]+|[\u30a1-\u30faー]+)"
_ASKED = re.compile(rf"\s*({_ONE})\s*(?:{_JOIN}|と|＆|&|/)\s*({_ONE})\s*(?:[은는이가]|は|さん(?:は)?)?\s*[?？]?\s*")
# "Both" in place of the players: `2人ともコール`, `両方コール`, `둘 다 콜`, `두 명 다 콜`.
_BOTH = re.compile(r"\s*(2人とも|２人とも|二人とも|ふたりとも|両方とも|両方|両者とも|両者|둘\s*다|둘\s*모두"
                   r"|(?:두|2)\s*(?:명|사람|분)\s*(?:다|모두))\s*(.*)")


def refuse_joined(item: str, at: int, parsed: ActionInput | str | FloorcallError) -> None:
    """Raise the refusal for a non-ASCII item naming two players as one (see the module doc);
    return when it names no such pair. `parsed` is what the item was read as, or its error."""
    if (both := _BOTH.fullmatch(item)) is not None:
        said = both.group(2).rstrip("?？").strip() or "call"
        hint = f"B {said}, C {said}"
        raise FloorcallError("fold_around_not_read", at=at + both.start(1), word=both.group(1), hint=hint, example=hint)
    if isinstance(parsed, str) or (isinstance(parsed, FloorcallError) and item.rstrip().endswith(("?", "？"))):
        if (asked := _ASKED.fullmatch(item)) is not None:
            word = item.strip().rstrip("?？").strip()
            hint = f"{asked.group(1)}?"
            raise FloorcallError("joined_players_asked", at=at + asked.start(1), word=word, hint=hint, example=hint)
        return
    if isinstance(parsed, FloorcallError):
        if parsed.code == "unknown_verb" and (honored := _HONORED_SPACED.fullmatch(item)) is not None:
            _refuse(item[honored.start(1):honored.end(2)], at + honored.start(1), (honored.group(1), honored.group(2)), honored.group(3))
        if parsed.code == "unknown_verb" and (spaced := _SPACED.fullmatch(item)) is not None:
            second = spaced.group(2)  # `민수도`: the particle off, but never a name's own last syllable (`지은`)
            second = second[:-1] if len(second) > 2 and second[-1] in "도가" else second
            _refuse(item[spaced.start(1):spaced.end(2)], at + spaced.start(1), (spaced.group(1), second), spaced.group(3))
        return
    if (joined := _UNSPACED.fullmatch(parsed.player) or _HONORED.fullmatch(parsed.player)) is not None:
        _refuse(parsed.player, parsed.at, (joined.group(1), joined.group(2)), parsed.raw)


def _refuse(word: str, at: int, names: tuple[str, str], said: str) -> None:
    hint = ", ".join(f"{n} {said.strip()}" for n in names)
    word = word.strip()
    said = said.strip()
    if word.endswith(said):
        word = word[: -len(said)].strip()
    raise FloorcallError("joined_players_not_read", at=at, word=word, hint=hint, example=hint)
