"""Players named together for one action (`BとCがコール`, `B/C call`, `1番と2番がコール`): the
names cut apart where the cut is certain, each taking the action; refused where it is not one
action each (`BとCがレイズ`) or a name is joined twice (`B/B call`). Split from engine/notation/read.py;
what cannot be cut at all (Hangul names, "both") is refused in engine/notation/cjk/joined.py.
"""

from __future__ import annotations

import re

from engine.errors import FloorcallError
from engine.notation import words as _words
from engine.notation.inputs import ActionInput
from engine.notation.names import clean_name

# Names joined by "and" (or `/`) before one action: `BとCがコール`, `BとCとDがコール`, `次郎と花子が
# コール`, `B랑 C 콜`, `B/C call`. Latin names and seats, or names in kanji or katakana: と is
# hiragana, so it is never inside those (it is inside `ひとみ`, and a Korean name may hold 와 or
# 과, so names in hiragana or hangul are never cut). Group 1: the names, group 2: the last name
# (read with the action).
# (Possessive: a name is never cut short to make the pattern fit, `同額でコール` is no name "同".)
_ONE_NAME = r"(?:[A-Za-z][A-Za-z0-9]*+|\d{1,2}番席?+|\d{1,2}번|[\u4e00-\u9fff々]++|[\u30a1-\u30faー]++)"
_JOIN = r"\s*(?:と|＆|&|/|이랑|랑|와|과|하고)\s*"
# After the last name: a particle, a space, or anything but hiragana (`Bと同じくコール`, `Bと同額で
# コール` are no names joined: "同" and "同額" would have been players).
_JOINED_NAMES = re.compile(rf"\s*((?:{_ONE_NAME}{_JOIN})+({_ONE_NAME}))"
                           r"(?=\s*[がはも가는도]\s*\S|\s+\S|[^\s\u3041-\u309f])")
_JOINED_ONLY = re.compile(rf"({_ONE_NAME}(?:{_JOIN}{_ONE_NAME})+)")
_JOIN_AT = re.compile(_JOIN)


def _names_of(joined: re.Match[str], at: int) -> list[tuple[str, int]]:
    """Each name of a `_JOINED_NAMES` match, cleaned, with its offset in the line."""
    names: list[tuple[str, int]] = []
    start = joined.start(1)
    for sep in (*_JOIN_AT.finditer(joined.string, start, joined.end(1)), None):
        end = sep.start() if sep is not None else joined.end(1)
        names.append((clean_name(joined.string[start:end], at + start), at + start))
        if sep is not None:
            start = sep.end()
    return names


def _one_action_each(names: list[tuple[str, int]], each: ActionInput, said: str) -> None:
    """Players named together take one action each only for a call, check or fold said alone:
    two raises are not one action, and an amount for both says nothing of who put in what.
    Refused, pointing at the names, with each player's action written out as the hint.
    A name joined twice (`B/B call`, `BとBがコール`) is a slip, not two actions: it had been read as
    B calling and B acting again out of turn."""
    seen: set[str] = set()
    for name, name_at in names:
        if _words.fold(name) in seen:
            first: dict[str, str] = {}
            for n, _ in names:
                first.setdefault(_words.fold(n), n)
            hint = ", ".join(f"{n} {said}" for n in first.values())
            raise FloorcallError("joined_players_repeated", at=name_at, player=name, hint=hint, example=hint)
        seen.add(_words.fold(name))
    if each.verb in ("call", "check", "fold") and each.amount is None and each.chips is None and each.bbs is None:
        return
    word = "、".join(n for n, _ in names) if not said.isascii() else "/".join(n for n, _ in names)
    hint = ", ".join(f"{n} {said}" for n, _ in names)
    raise FloorcallError("joined_players_one_action", at=names[0][1], word=word, said=said, hint=hint, example=hint)
