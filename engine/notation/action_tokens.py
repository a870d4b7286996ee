"""One action item read word by word: the general reader behind `engine.notation.read.parse_action`.

`parse_action` tries the common shape first (`A bet 100`, in `_parse_simple`); everything else --
chips, `back`, `last`, fillers, glued words, Japanese and Korean word order, and every error
with its offset and hint -- is read here. Split from engine/notation/read.py (526 lines), which keeps
the line-level reading: items, names, the header and the hand.
"""

from __future__ import annotations

import re
from fractions import Fraction

from engine.errors import FloorcallError
from engine.notation import words as _words
from engine.notation.cjk.order import _cjk_order
from engine.notation.cjk.questions import _question
from engine.notation.cjk.words import _split_name, _verb_amount
from engine.notation.inputs import ActionInput
from engine.notation.words import (
    _NAME_COLONS,
    _VERB_HINTS,
    ALIAS_WORDS,
    BACK_WORDS,
    BY_WORDS,
    CHIPS_WORDS,
    FILLER_WORDS,
    LAST_WORDS,
    MAKE_WORDS,
    MORE_WORDS,
    POT_WORDS,
    SECOND_WORD_JOINS,
    STRADDLE_WORDS,
    WIN_WORDS,
    Token,
    Verb,
    _suggest,
    _tokens,
    fold,
    join_two_word_verbs,
    looks_like_chips,
    parse_amount,
    parse_chips,
)

# Bound by assignment, as engine.notation.read does (a method call on a name from `from ... import`
# builds a bound method on every call in CPython 3.11).
VERB_WORDS = _words.VERB_WORDS
# `3bb`, `2.5bb`, `10BB`: an amount in big blinds (the header's), a total like any amount.
_BBS = re.compile(r"^(\d+(?:\.\d+)?)bbs?$")
_TIMES = _words._TIMES


def _is_player_name(tok: Token) -> bool:
    """The first word of an action names the player (letters, seat numbers, positions), unless it is
    a whole verb word: one-letter short forms (`b`, `c`, `f`) are also common player names."""
    if len(tok.text) == 1:
        return True
    return tok.text not in VERB_WORDS and tok.text not in CHIPS_WORDS


def _glued_ascii(tok: Token) -> list[Token] | None:
    """`b2k` → `b`, `2k`; `raise600` → `raise`, `600`; None for a word that is read as it is."""
    text = tok.text
    if text in VERB_WORDS or text in ALIAS_WORDS or _TIMES.match(text) or parse_amount(text) is not None:
        return None
    va = _verb_amount(tok.raw)
    if va is None or VERB_WORDS[fold(va[0])] in ("check", "fold"):
        return None
    return [Token(fold(va[0]), va[0], tok.at), Token(fold(va[1]), va[1], tok.at + tok.raw.rindex(va[1]))]


_NBET = re.compile(r"[3-5](?:ベット|べット|ベッド|벳)")  # (`5ベット`: see ActionInput.nbet)
_DECIMAL_COMMA = re.compile(r"\d{1,3},\d{1,2}(?:万|만|千|천|k)")
_DOTTED_GLUED = re.compile(r"\d{1,3}(?:\.\d{3})+(?![\d.])")
_POT_SHARE = re.compile(r"(?:ハーフ|半分|半|はーふ|하프|반|절반|\d/\d)(?:の)?(?:ポット|팟|포트)(?:ベット|レイズ|벳|레이즈|を?ベット|으로|로|に|で)?"
                        r"|(?:ポット|팟)(?:の)?(?:半分|半額|절반|반)(?:ベット|レイズ|벳|레이즈)?")


def _parse_tokens(text: str, at: int) -> ActionInput | str:
    """Any action item, word by word: chips, `back`, `last`, fillers, and every error."""
    question = _question(text)
    if question is not None:
        return question
    toks = _cjk_order(_tokens(text, at))
    if len(toks) > 2 and toks[0].text == "seat" and toks[1].text.isdigit():  # `seat 3 bet 2k`: the player `seat3`
        toks[0:2] = [Token(toks[0].text + toks[1].text, toks[0].raw + toks[1].raw, toks[0].at)]
    if len(toks) > 1 and toks[1].raw.isascii() and (va := _glued_ascii(toks[1])) is not None:
        toks[1:2] = va  # `b2k`, `r6k`, `raise600`: the verb and the amount, as `オールイン700` is read
    first = toks[0]
    if first.raw.endswith(_NAME_COLONS) and len(first.raw) > 1:  # `A: bet 400`: the colon is punctuation
        first = toks[0] = Token(fold(first.raw[:-1]), first.raw[:-1], first.at)
    if len(toks) == 1:
        raise FloorcallError("missing_action", at=first.at + len(first.raw), hint=f"{first.raw} call", player=first.raw)
    if not _is_player_name(first):
        raise FloorcallError("missing_player", at=first.at, hint=f"A {first.raw}")
    player = first.raw
    rest = join_two_word_verbs([t for t in toks[1:] if t.text not in FILLER_WORDS])
    if not rest:  # `A to`, `A makes`: only filler words, so nothing was said or pushed
        end = toks[-1].at + len(toks[-1].raw)
        raise FloorcallError("missing_action", at=end, hint=f"{player} call", player=player)
    raw = text[min(t.at for t in toks[1:]) - at:].strip()  # from the first word after the name, as typed
    verb: Verb | None = None
    amount: int | None = None
    chips: tuple[int, ...] | None = None
    last = False
    pulled_back: int | None = None
    alias: str | None = None
    times: Fraction | None = None
    i = 0
    if i < len(rest) and rest[i].text in VERB_WORDS:
        verb = VERB_WORDS[rest[i].text]
        i += 1
    allin_said = False
    bbs: Fraction | None = None
    if verb == "call" and i < len(rest) and VERB_WORDS.get(rest[i].text) == "allin":  # `calls all-in (for) 300`
        allin_said = True
        i += 1
    then_said: str | None = None
    if verb in ("call", "fold") and i < len(rest):
        j = i + 1 if rest[i].text in SECOND_WORD_JOINS else i
        if j < len(rest) and VERB_WORDS.get(rest[j].text) in ("raise", "bet", "open", "pot", "call", "allin") and \
                not (verb == "call" and VERB_WORDS.get(rest[j].text) in ("call", "allin")):
            # `call raise 900`, `calls and raises 900`, `fold call`: the first word is the action.
            then_said = " ".join(r for t in rest[j:] if (r := t.raw))  # (a verb only implied has no raw)
            i = len(rest)
    if i < len(rest) and (verb is None or verb in ("bet", "raise", "open")):
        word = rest[i].text
        if word in ALIAS_WORDS and verb is None:
            verb, alias = ALIAS_WORDS[word]
            i += 1
        elif (m := _TIMES.match(word)) is not None:
            times = Fraction(m.group(1))
            if times <= 1:
                raise FloorcallError("bad_times", at=rest[i].at, word=rest[i].raw, hint=f"{player} 3x")
            verb, alias = "raise", "times"
            i += 1
        elif word in POT_WORDS and verb is not None:  # `bet pot`, `raise pot`: the pot-limit maximum
            verb, alias = "pot", None
            i += 1
        elif word in BY_WORDS and verb is not None and i + 1 < len(rest) and parse_amount(rest[i + 1].text):
            alias = "by"  # `raise by 1000`: 1000 more than the bet faced (the reader adds it)
            i += 1
    if i < len(rest) and rest[i].text in BACK_WORDS:
        back = rest[i]
        pulled_back = 0
        i += 1
        if i < len(rest) and (a := parse_amount(rest[i].text)) is not None:
            pulled_back = a
            i += 1
        if i >= len(rest) or rest[i].text not in CHIPS_WORDS:
            raise FloorcallError("back_without_chips", at=back.at, hint=f"{player} back chips 1000")
    if i < len(rest) and rest[i].text in CHIPS_WORDS:
        if i + 1 >= len(rest):
            raise FloorcallError("bad_chips", at=rest[i].at + len(rest[i].raw), hint="chips 1000+100x5", text="")
        chips = parse_chips(rest[i + 1].raw, rest[i + 1].at)
        i += 2
    elif i < len(rest) and (m := _BBS.match(rest[i].text)) is not None:  # `3bb`, `2.5bb`
        bbs = Fraction(m.group(1))
        i += 1
    elif i < len(rest) and (a := parse_amount(rest[i].text)) is not None:
        amount = a
        i += 1
        if i == len(rest) - 1 and rest[i].text in ("bb", "bbs") and alias is None:  # `raise 3 bb`
            bbs, amount = Fraction(a), None
            i += 1
        if alias is None and verb in ("bet", "raise", "open") and i < len(rest) and rest[i].text in MORE_WORDS:
            alias = "by"  # `raises 1000 more`
            i += 1
    if i < len(rest) and rest[i].text in LAST_WORDS:
        last = True
        i += 1
    if i < len(rest):
        tok = rest[i]
        if chips is None and amount is None and re.fullmatch(r"\d+,\d{1,2}[km]", tok.text):
            # `1,5k`: a decimal comma, as much of Europe writes 1.5k (read as chips, the hint had
            # been `chips 1,5k`: one chip and a 5,000).
            raise FloorcallError("bad_amount", at=tok.at, word=tok.raw, hint=tok.raw.replace(",", "."))
        if amount is None and (dec := _DECIMAL_COMMA.match(tok.text)) is not None:
            # `1,5万`: a decimal comma before a unit (1.5万 = 15,000). Read with the comma dropped it
            # had been 15万, ten times that; as chips, a 1 and a 50,000. The hint writes the dot.
            raise FloorcallError("bad_amount", at=tok.at, word=tok.raw[:dec.end()], hint=dec.group().replace(",", "."))
        if amount is None and not tok.raw.isascii() and (dots := _DOTTED_GLUED.match(tok.text)) is not None:
            # `1.000ベット`: thousands grouped with dots, glued to the verb (`1.000` alone has its hint).
            raise FloorcallError("bad_amount", at=tok.at, word=dots.group(), hint=dots.group().replace(".", ","))
        if _POT_SHARE.fullmatch(tok.text) is not None:
            # `ハーフポット`, `하프팟`, `1/2ポット`: a share of the pot, as `bet half pot` (refused there
            # for that reason). Read as an unknown word its hint had been `ポット`, a pot-sized bet.
            raise FloorcallError("pot_share_not_read", at=tok.at, word=tok.raw,
                                 hint=f"{player} {rest[0].raw} 500" if verb is not None else f"{player} 500")
        if chips is None and amount is None and looks_like_chips(tok.text):
            # `B 1000+500`: chips, but the notation needs the word before them (as it reads `1000,500`
            # only after `chips`); saying "not an action" would send the floor looking for a verb.
            said = f"{rest[0].raw} " if verb is not None else ""
            raise FloorcallError("chips_need_word", at=tok.at, word=tok.raw, hint=f"{player} {said}chips {tok.raw}")
        if re.fullmatch(r"[\d,._]+", tok.text):
            # `1.000` with dots for thousands: the same number with commas is what to type.
            dotted = _words._DOT_GROUPED.match(tok.text) is not None
            raise FloorcallError("bad_amount", at=tok.at, word=tok.raw, hint=tok.raw.replace(".", ",") if dotted else None)
        if tok.text.startswith(tuple(STRADDLE_WORDS)):
            raise FloorcallError("straddle_not_read", at=tok.at, word=tok.raw, hint=None)
        if ((verb is None or amount is not None) and (m := re.fullmatch(r"[(\[（［](.+)[)\]）］]", tok.text)) is not None
                and parse_amount(m.group(1)) is not None):
            # `UTG (50k) raise 5k`: a stack in brackets, as hand histories write it; stacks go in the
            # header, where they are read for all-ins and pots (a bracketed amount mid-action is not).
            raise FloorcallError("stack_inline", at=tok.at, word=tok.raw, player=player, amount=m.group(1),
                                 hint=f"stacks {player} {m.group(1)} ... preflop: ...")
        if verb is None and chips is None and amount is None and tok.text in WIN_WORDS:
            # `B wins` typed as one more action: the result belongs in a showdown (it read as an
            # unknown verb with `B call` as the hint).
            raise FloorcallError("win_is_showdown", at=tok.at, player=player, hint=f"showdown: {player} wins")
        if verb is None and chips is None and amount is None:
            # With no verb spelled alike, the hint is the plainest action there is (every refusal has one).
            raise FloorcallError("unknown_verb", at=tok.at, hint=_suggest(tok.text, _VERB_HINTS) or f"{player} call",
                                 word=tok.raw)
        following = rest[i + 1].text if i + 1 < len(rest) else None
        if following in POT_WORDS and (tok.text in ("half", "quarter", "third") or re.fullmatch(r"\d/\d", tok.text)):
            # `bet half pot`: a share of a pot the line may not state; the amount bet is what rules.
            raise FloorcallError("pot_share_not_read", at=tok.at, word=f"{tok.raw} {rest[i + 1].raw}",
                                 hint=f"{player} {rest[0].raw} 500" if verb is not None else None)
        if not tok.raw.isascii() and len(_split_name(tok)) > 1:  # `Aが400ベット Bコール`: spaces only between actions
            raise FloorcallError("missing_separator", at=tok.at, word=tok.raw, hint=f", {tok.raw}")
        if following in VERB_WORDS or following in ALIAS_WORDS:  # `A bet 200 B raise 600`: a comma left out
            raise FloorcallError("missing_separator", at=tok.at, word=tok.raw, hint=f", {tok.raw} {rest[i + 1].raw}")
        if (following is not None and i + 2 < len(rest) and parse_amount(following) is not None
                and (rest[i + 2].text in VERB_WORDS or rest[i + 2].text in ALIAS_WORDS)):
            # `A 체크 B 1000 벳`, `Aチェック B 1000ベット`: the amount before the verb, as Korean and
            # Japanese put it; the hint had been the action read so far, which named no comma.
            raise FloorcallError("missing_separator", at=tok.at, word=tok.raw,
                                 hint=f", {tok.raw} {rest[i + 1].raw} {rest[i + 2].raw}")
        # The hint is the action read up to the stray word: what remains once it is taken out.
        raise FloorcallError("unexpected_word", at=tok.at, word=tok.raw,
                             hint=" ".join([player, *(t.raw for t in rest[:i])]))
    if verb is None and amount is not None and any(t.text in MAKE_WORDS or t.text == "to" for t in toks[1:]):
        # `B makes it 700` / `B goes to 700` / `UTG to 600` (as hand histories write an open) say a
        # raise to 700: not an amount said alone (42-C), which facing 500 would have been a call
        # by the 50 % standard.
        verb = "open"
    if last and chips is None:
        raise FloorcallError("last_without_chips", at=toks[-1].at, hint=f"{player} chips 1000 last")
    if alias == "by" and chips is not None:
        raise FloorcallError("chips_not_allowed", at=toks[-1].at, hint=f"{player} {rest[0].raw} chips ...", verb="by")
    # `complete 300` / `completes to 300`: the total said; the reader holds it to what completing means.
    if alias is not None and alias != "by" and (chips is not None or (amount is not None and alias != "complete")):
        word = rest[0].raw
        raise FloorcallError("amount_not_allowed", at=toks[-1].at, hint=f"{player} {word}", verb=word)
    # The verb as typed (`コール`, `콜`): the message quotes it, so it must not come back in English.
    verb_said = rest[0].raw if verb is not None and rest[0].text in VERB_WORDS else verb
    if verb in ("check", "fold") and amount is not None:  # `call 2000` is read: 53-A decides it
        raise FloorcallError("amount_not_allowed", at=toks[-1].at, hint=f"{player} {verb_said}", verb=verb_said)
    if verb in ("check", "fold", "pot") and chips is not None:
        raise FloorcallError("chips_not_allowed", at=toks[-1].at, hint=f"{player} {verb_said}", verb=verb_said)
    if bbs is not None and (alias is not None or verb in ("check", "fold", "pot")):
        raise FloorcallError("amount_not_allowed", at=toks[-1].at, hint=f"{player} {rest[0].raw}", verb=rest[0].raw)
    if verb == "allin" and amount is None and chips is None and bbs is None:
        raise FloorcallError("allin_needs_amount", at=toks[-1].at + len(toks[-1].raw), hint=f"{player} allin 500")
    nbet = int(rest[0].text[0]) if verb == "raise" and alias is None and _NBET.fullmatch(rest[0].text) else None
    return ActionInput(player=player, at=at + (len(text) - len(text.lstrip())), raw=raw, verb=verb, amount=amount,
                       chips=chips, last=last, pulled_back=pulled_back, alias=alias, times=times, allin_said=allin_said,
                       bbs=bbs, then_said=then_said, nbet=nbet)
