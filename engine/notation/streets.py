"""Reading a whole hand: several streets in one line, stacks, antes, the button and the showdown.

    NL 100/200 [ante 25 | bba 200] [stacks A 5000 B 1200 C 9000] [button C] preflop: A raise 500,
        B allin, C call, A call; flop: C bet 2000, A call; showdown: C > A = B

This module only reads (`parse_whole`): it splits the line at `<street>:` and `showdown:`, takes
the new header words out (leaving spaces, so every offset stays true) and reads the rest with
`engine.notation.read` as before. `engine.hands.hand` rules on what it reads, street by street.
"""

from __future__ import annotations

import re

from engine.errors import FloorcallError
from engine.notation.fold_around import is_fold_around, refuse_fold_around
from engine.notation.hand_header import (
    _HEADER_WORDS,
    _glued_amount,
    take_header_words,
)
from engine.notation.header import ANTE_WORDS, no_colon_at, no_colon_hint
from engine.notation.header import BB_FIRST_WORDS as _BB_FIRST_WORDS
from engine.notation.names import same_seat_names, seat_spellings
from engine.notation.read import (
    PLAYERS_WORDS,
    STREET_WORDS,
    ActionInput,
    Street,
    _has_blinds,
    _split_actions,
    fold,
    parse_action,
    parse_amount,
    parse_header,
    read_items,
)
from engine.notation.showdown import parse_showdown, show_question, spoken_result
from engine.notation.whole_hand import StreetInput, WholeHand

__all__ = ["STREETS", "StreetInput", "WholeHand", "parse_whole"]  # the records kept importable from here

STREETS: tuple[Street, ...] = ("preflop", "flop", "turn", "river")
SHOWDOWN_WORDS = ("showdown", "ショーダウン", "ショウダウン", "쇼다운", "results", "result", "sd", "結果", "결과")
# `winner: B` names the one hand that won (`WholeHand.winner_only`). Read as actions, `winner: B`
# had seated a player called "winner" betting ("b" is bet), a wrong ruling with no error.
WINNER_WORDS = ("winners", "winner", "勝者", "승자")

# What may come before a street or showdown word: a separator, `。`, an arrow, a space (`…、Bコール
# フロップ：…` with an ideographic space; `…Bコール。フロップ: …`) or an English full stop followed
# by a space (`B call. Flop: ...`): the word and its colon mark a street.
_SEP = r"(?:^|[,;、，；\n。→⇒／/]|\.(?=\s)|\s)"
# The full street words may also come without their colon (`; flop B check, ...`): a short form
# (`pre`, `pf`) then could be a player's name, so it keeps the colon.
_BARE_STREET_WORDS = ("preflop", "flop", "turn", "river", "プリフロップ", "フロップ", "ターン", "リバー",
                      "프리플랍", "플랍", "턴", "리버")
_STREET_MARK = re.compile(
    _SEP + r"\s*(?:(" + "|".join(sorted(map(re.escape, STREET_WORDS), key=len, reverse=True))
    # (`フロップで：`, `플랍에서:`: a particle after the street, as the header allows; read as an action,
    # `플랍에서:` had been a player's name and the line refused as "not A's turn, the SB acts".)
    + r")(?:で|の|에서|에)?\s*[:：]|("
    + "|".join(sorted(map(re.escape, _BARE_STREET_WORDS), key=len, reverse=True)) + r")\s+(?=\S))",
    re.IGNORECASE)
# Full-width ASCII (`ｆｌｏｐ：`, `ｓｈｏｗｄｏｗｎ：`, typed in a Japanese IME's full-width mode) mapped one
# character to one onto ASCII, for finding the street and showdown marks only: offsets stay true
# and the text itself (names as typed) is untouched.
_ASCII_PROBE = {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}


def _probe(text: str) -> str:
    return text if text.isascii() else text.translate(_ASCII_PROBE)


_SHOWDOWN_MARK = re.compile(_SEP + r"\s*(" + "|".join((*SHOWDOWN_WORDS, *WINNER_WORDS)) + r")\s*[:：]", re.IGNORECASE)


def _action(item: str, at: int) -> ActionInput | str:
    """One action; `A allin` with no amount is kept with `amount` None (the stack fills it in)."""
    try:
        return parse_action(item, at)
    except FloorcallError as err:
        if err.code != "allin_needs_amount":
            raise
        parsed = parse_action(item.rstrip() + " 1", at)
        if isinstance(parsed, str) or parsed.verb != "allin" or parsed.amount != parse_amount("1"):  # (100 in cents)
            raise err from None
        parsed.amount = None
        parsed.raw = parsed.raw[:-1].rstrip()
        return parsed


def _parse_street(street: Street, street_at: int, body: str, body_at: int) -> StreetInput:
    actions, query, query_at = read_items(_split_actions(body, body_at), _action)
    for act in actions:
        if act.verb in ("fold", "check", "call") and is_fold_around(act):
            # Across the streets of a whole hand the table is settled later (engine.hands.hand): the
            # players "everyone" stands for are not known here, so each is asked for.
            raise refuse_fold_around(act)
    return StreetInput(street, street_at, tuple(actions), query, query_at)




def mentions_whole(text: str) -> bool:
    """Whether a line needs the whole-hand reader: a second street, a showdown, or one of the new
    header words. Cheap (no pattern unless a second colon is there), so a single-street ruling
    pays almost nothing for asking."""
    colon = text.find(":")
    wide = text.find("：")
    if wide >= 0 and (colon < 0 or wide < colon):
        colon = wide
    if colon < 0:
        return False
    if (text.find(":", colon + 1) >= 0 or text.find("：", colon + 1) >= 0) and (  # (no copy of the body)
            _STREET_MARK.search(probe := _probe(text), colon + 1) or _SHOWDOWN_MARK.search(probe, colon + 1)):
        return True
    if show_question(text, colon + 1) is not None or spoken_result(text, colon + 1) is not None:
        return True
    words = text[:colon].split()
    for k, word in enumerate(words):
        folded = word.lower() if word.isascii() else fold(word)  # `fold`, inlined for ASCII
        if folded in PLAYERS_WORDS:
            return False  # the rest of the header is seat names
        if folded in _HEADER_WORDS:
            return True
        if (folded in _BB_FIRST_WORDS and k + 1 < len(words) and fold(words[k + 1]) in ANTE_WORDS) or (
                folded[-1:].isdigit() and not folded[:1].isdigit() and _glued_amount(word) is not None):
            # `アンティ25`, `BB엔티200`, `빅블라인드 앤티 200` alone (no stacks, no second street) had gone
            # to the single-street reader and been refused as an unknown header word.
            return True
    return False


def mentions_showdown(text: str) -> bool:
    """Whether a line ends with a showdown result (`...; showdown: B > A`)."""
    return _SHOWDOWN_MARK.search(_probe(text)) is not None


def parse_whole(text: str, base: int = 0, default_blinds: tuple[int, int] | None = None) -> WholeHand:
    """Read a whole hand. A line with one street and none of the new words reads exactly as
    `parse_hand` reads it; `default_blinds` as there (a blind clock's level)."""
    if not text.strip():
        raise FloorcallError("empty_hand", at=base, hint="NL 50/100 flop: A bet 100, B?")
    showdown: tuple[str, int] | None = None
    board_text: tuple[str, int] | None = None
    probe = _probe(text)
    m = _SHOWDOWN_MARK.search(probe)
    winner_word = False
    if m is not None:
        showdown = (text[m.end():], base + m.end())
        winner_word = fold(m.group(1)) in WINNER_WORDS
        text, probe = text[:m.start()], probe[:m.start()]
        # (Imported here: only a line with a showdown pays for reading cards.)
        from engine.notation.cards import board_before, take_cards

        # `…; board As 9c 7s 2d Kh; showdown: A AhKd, …`: a board typed before the showdown is
        # the showdown's (read with its cards), not an action of a player called "board".
        if (board := board_before(probe)) is not None:
            board_text = (text[board:], base + board)
            text, probe = text[:board], probe[:board]
    elif (colon_at := re.search("[:：]", text)) is not None and (
            asked := show_question(text, colon_at.end())) is not None:
        showdown = (text[asked:], base + asked)  # read as `showdown: 誰から見せる？`
        text, probe = text[:asked], probe[:asked]
    elif colon_at is not None and (said := spoken_result(text, colon_at.end())) is not None:
        showdown = (text[said:], base + said)  # read as `showdown: Bの勝ち`
        text, probe = text[:said - 1], probe[:said - 1]  # (the separator before it belongs to neither)
    colon = re.search("[:：]", text)
    if colon is None:
        raise FloorcallError("no_colon", at=no_colon_at(text, base), hint=no_colon_hint(text))
    head = WholeHand("NL", 0, 0, None, None, (), ())
    head.colon_at = base + colon.start()
    header = take_header_words(text[:colon.start()], base, head)
    game, sb, bb, first, pot, seats, short = parse_header(header, base, default_blinds)
    head.blinds_given = default_blinds is None or _has_blinds(header)
    head.game, head.sb, head.bb, head.pot, head.seats, head.short_blinds = game, sb, bb, pot, seats, short
    street_at = next((base + w.start() for w in re.finditer(r"\S+", header) if fold(w.group()) in STREET_WORDS), base)
    marks = [(first, street_at, colon.end())]
    for sm in _STREET_MARK.finditer(probe, colon.end()):
        g = 1 if sm.group(1) is not None else 2
        marks.append((STREET_WORDS[fold(sm.group(g))], base + sm.start(g), sm.end()))
    streets: list[StreetInput] = []
    for k, (street, s_at, body_start) in enumerate(marks):
        body_end = len(text) if k + 1 == len(marks) else marks[k + 1][1] - base
        if k > 0:
            previous = streets[-1].street
            if STREETS.index(street) != STREETS.index(previous) + 1:
                raise FloorcallError("street_out_of_order", at=s_at, street=street, previous=previous,
                                     hint=STREETS[min(3, STREETS.index(previous) + 1)])
        body = text[body_start:body_end]
        if k + 1 < len(marks) and body.rstrip().endswith("."):  # `B call. Flop: ...`: the full stop parts them
            body = body[:len(body.rstrip()) - 1]
        # The separator before the next street word belongs to neither street.
        streets.append(_parse_street(street, s_at, body, base + body_start))
    if not streets[-1].actions and streets[-1].query is None and showdown is None and len(streets) == 1:
        raise FloorcallError("no_actions", at=base + len(text), hint="A bet 100, B?")
    for earlier in streets[:-1]:
        if earlier.query is not None:  # `A?` asks about now: the line must end with it
            raise FloorcallError("query_not_last", at=earlier.query_at, hint=f"{earlier.query}?", player=earlier.query)
    typed_first = [*(seats or ()), *head.stacks, *([head.button] if head.button else [])]
    for read in streets:  # one spelling of a seat for the whole hand, the first typed
        read.query = same_seat_names(typed_first, read.actions, read.query)
        typed_first += [a.player for a in read.actions]
    head.streets = tuple(streets)
    if showdown is not None:
        if streets[-1].query is not None:
            raise FloorcallError("query_with_showdown", at=streets[-1].query_at, player=streets[-1].query,
                                 hint="showdown: B > A")
        head.showdown_start = showdown[1]
        from engine.notation.cards import take_cards

        rest, head.cards = take_cards(showdown[0], showdown[1], board_text)
        if head.cards is None or rest.strip(" \t,;、，；\u3000"):
            parse_showdown(rest, showdown[1], head)
        else:  # the cards alone: who won is theirs to say (engine/pots/cards.py)
            head.showdown = ()
        if winner_word and head.showdown is not None and len(head.showdown) == 1:  # `winner: B`, `winner: B = C`
            head.winner_only = True
        spellings = seat_spellings([*typed_first, *(n for group in head.showdown or () for n in group)])
        if spellings and head.showdown is not None:
            head.showdown = tuple(tuple(spellings.get(n, n) for n in group) for group in head.showdown)
            for typed, spelled in spellings.items():
                if typed in head.showdown_at:
                    head.showdown_at.setdefault(spelled, head.showdown_at[typed])
    return head
