"""Hand notation: the text a floor person types, read into a `Hand`.

    [game] <blinds> <street> [pot N] [players P1 P2 ...] : <action>, <action>, ... [, <player>?]

Words come in English, Japanese and Korean; digits may be full-width; amounts may be written
`2,000`, `1k`, `1.5k`, `2万`, `3천`. Every token keeps its offset in the input, so an error can
say exactly where reading failed. Reading never decides a ruling: it only records what was
said or pushed (`ActionInput`); `engine.rulings` decides what it counts as.

The word tables live in `engine.words`, the header reader in `engine.header`, the records in
`engine.inputs`, where one action ends in `engine.separators`, and Japanese and Korean word order
in `engine.cjk`; every name other modules import from here is re-exported.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

from engine import words as _words
from engine.cjk import _cjk_order, _split_name, _verb_amount
from engine.cjk_facing import facing_clause, read_facing
from engine.cjk_punct import _unwrap
from engine.cjk_questions import _question, check_not_swallowed
from engine.errors import FloorcallError
from engine.fold_around import EVERYONE_ASCII
from engine.header import (
    Header,
    _has_blinds,
    _parse_blinds,
    _parse_simple_header,
    no_colon_hint,
    parse_header,
)
from engine.inputs import ActionInput, Hand
from engine.names import clean_name, is_visible, same_seat_names, without_invisible
from engine.separators import SEPARATORS, _split_actions
from engine.words import (
    _KATA_HINTS,
    _NAME_COLONS,
    _VERB_HINTS,
    ALIAS_WORDS,
    AMOUNT_NAMES,
    BACK_WORDS,
    BLIND_NAMES,
    BY_WORDS,
    CHIPS_WORDS,
    DEAD_WORDS,
    FILLER_WORDS,
    GAME_WORDS,
    LAST_WORDS,
    MAKE_WORDS,
    MAX_AMOUNT,
    MORE_WORDS,
    PLAYERS_WORDS,
    POT_WORDS,
    SECOND_WORD_JOINS,
    SHORT_WORDS,
    STRADDLE_WORDS,
    STREET_WORDS,
    Game,
    Street,
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

__all__ = [
    "ALIAS_WORDS", "BACK_WORDS", "BLIND_NAMES", "CHIPS_WORDS", "DEAD_WORDS", "FILLER_WORDS", "GAME_WORDS",
    "LAST_WORDS", "MAX_ACTIONS", "MAX_AMOUNT", "PLAYERS_WORDS", "POT_WORDS", "SEPARATORS", "SHORT_WORDS",
    "STREET_WORDS", "VERB_WORDS", "ActionInput", "Game", "Hand", "Header", "Street", "Token", "Verb",
    "_KATA_HINTS", "_has_blinds", "_parse_blinds", "_parse_simple", "_parse_simple_header", "_parse_tokens",
    "_split_actions", "fold", "parse_action", "parse_amount", "parse_chips", "parse_hand",
    "parse_header", "read_items",
]

# Bound by assignment rather than `from engine.words import`: CPython 3.11 compiles a method call
# on a name imported with `from ... import` (`VERB_WORDS.get(word)`) as an attribute load that
# builds a bound method on every call, not as a plain method call; on these tables that made
# parse_hand about 4% slower (bench/bench_ruling.py).
VERB_WORDS = _words.VERB_WORDS
# `3bb`, `2.5bb`, `10BB`: an amount in big blinds (the header's), a total like any amount.
_BBS = re.compile(r"^(\d+(?:\.\d+)?)bbs?$")
_TIMES = _words._TIMES

MAX_ACTIONS = 100


def _is_player_name(tok: Token) -> bool:
    """The first word of an action names the player (letters, seat numbers, positions), unless it is
    a whole verb word: one-letter short forms (`b`, `c`, `f`) are also common player names."""
    if len(tok.text) == 1:
        return True
    return tok.text not in VERB_WORDS and tok.text not in CHIPS_WORDS


# `A bet 100`, `B call`: a name, a verb word and at most a plain amount, the shape nearly every
# action has. Reading that shape needs no token list (and no pattern: see `_split_actions`);
# anything else goes through `_parse_tokens`.


def parse_action(text: str, at: int) -> ActionInput | str:
    """One action item; returns the player name (str) for a trailing `A?` query.

    Invisible characters come out first (offsets after one shift by its width: only errors
    use them, and an error after an invisible character is rare)."""
    visible = without_invisible(text)
    if not visible.isascii() and not (unwrapped := _unwrap(visible)).isspace():  # (a lone `「` is read as typed)
        visible = unwrapped
    if visible != text:
        words = text.split()
        name = words[0].rstrip("?？:：") if words else ""
        if name and not any(is_visible(c) for c in name):  # the name itself was invisible: say so
            clean_name(name, at + text.index(name), hint="A")
    return _parse_simple(visible, at) or _parse_tokens(visible, at)


def _parse_simple(text: str, at: int) -> ActionInput | None:
    """`<player> <verb> [digits]`, read exactly as `_parse_tokens` reads it, or None.

    None for anything it does not cover (no verb word, fillers, chips, big or zero amounts, an
    amount on a verb that takes none, an all-in without one): those, and every error, are left
    to the general reader, so the two can never disagree on an offset or a message.
    """
    words = text.split()
    if len(words) == 2:
        name, word = words
        digits = None
        if word in _LETTER_VERBS:  # `winner B`: a capital letter alone, checked in `read_items`
            return None
    elif len(words) == 3:
        name, word, digits = words
        if not (digits.isascii() and digits.isdigit()):  # `[0-9]+`: full-width and other digits are not
            return None
    else:
        return None
    if len(name) > 1:  # a one-letter name (most are) is never a colon nor a verb word
        if name.endswith(_NAME_COLONS):  # `A: bet 400`: the colon is punctuation
            name = name[:-1]
        if len(name) > 1 and name.isascii() and ((folded_name := name.lower()) in VERB_WORDS or folded_name in CHIPS_WORDS):
            return None  # `call 100` with no player: the general reader says so
    if word.isascii():
        # `fold`, inlined for ASCII; a word typed in lower case (nearly every one) is a key as it
        # stands (every ASCII key is lower case), so it needs no lowered copy to look it up.
        verb = VERB_WORDS.get(word) or VERB_WORDS.get(word.lower())
    else:
        verb = VERB_WORDS.get(fold(word))
    if verb is None or not name.isascii():  # `Aが`, `민수가`: a particle to take off first
        return None
    amount = None
    if digits is not None:
        amount = int(digits)
        if not 0 < amount <= MAX_AMOUNT or verb in ("call", "check", "fold"):
            return None
    elif verb == "allin":
        return None
    # Only spaces come before the name (its first occurrence is where it starts, with no
    # stripped copy of the line) and lie between the name and the word; after a last word
    # there are only spaces, so the action as typed is that word itself.
    lead = text.find(words[0])
    if digits is None:
        raw = word
    else:
        raw = text[text.find(word, lead + len(words[0])):].rstrip()
    if verb == "raise" and digits is None and not word.isascii() and _NBET.fullmatch(fold(word)):
        return ActionInput(name, at + lead, raw, verb, amount, nbet=int(word[0]))  # `A 5벳` (ActionInput.nbet)
    return ActionInput(name, at + lead, raw, verb, amount)


def _glued_ascii(tok: Token) -> list[Token] | None:
    """`b2k` → `b`, `2k`; `raise600` → `raise`, `600`; None for a word that is read as it is."""
    text = tok.text
    if text in VERB_WORDS or text in ALIAS_WORDS or _TIMES.match(text) or parse_amount(text) is not None:
        return None
    va = _verb_amount(tok.raw)
    if va is None or VERB_WORDS[fold(va[0])] in ("check", "fold"):
        return None
    return [Token(fold(va[0]), va[0], tok.at), Token(fold(va[1]), va[1], tok.at + len(va[0]))]


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
        if verb is None and chips is None and amount is None and tok.text in ("wins", "won", "win", "scoops"):
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
    said = rest[0].raw if verb is not None and rest[0].text in VERB_WORDS else verb
    if verb in ("check", "fold") and amount is not None:  # `call 2000` is read: 53-A decides it
        raise FloorcallError("amount_not_allowed", at=toks[-1].at, hint=f"{player} {said}", verb=said)
    if verb in ("check", "fold", "pot") and chips is not None:
        raise FloorcallError("chips_not_allowed", at=toks[-1].at, hint=f"{player} {said}", verb=said)
    if bbs is not None and (alias is not None or verb in ("check", "fold", "pot")):
        raise FloorcallError("amount_not_allowed", at=toks[-1].at, hint=f"{player} {rest[0].raw}", verb=rest[0].raw)
    if verb == "allin" and amount is None and chips is None and bbs is None:
        raise FloorcallError("allin_needs_amount", at=toks[-1].at + len(toks[-1].raw), hint=f"{player} allin 500")
    nbet = int(rest[0].text[0]) if verb == "raise" and alias is None and _NBET.fullmatch(rest[0].text) else None
    return ActionInput(player=player, at=at + (len(text) - len(text.lstrip())), raw=raw, verb=verb, amount=amount,
                       chips=chips, last=last, pulled_back=pulled_back, alias=alias, times=times, allin_said=allin_said,
                       bbs=bbs, then_said=then_said, nbet=nbet)


def read_items(items: list[tuple[str, int]], read: Callable[[str, int], ActionInput | str] | None = None
               ) -> tuple[list[ActionInput], str | None, int | None]:
    """A street's action items read one by one (`read`, by default `parse_action`), with every
    name cleaned; a closing `P?` comes back as the query and its offset, and only last."""
    actions: list[ActionInput] = []
    query: str | None = None
    query_at: int | None = None
    last = len(items) - 1
    letters = False  # a capital letter alone as the verb (`_check_letter_verbs`), never on the fast path
    for n, (item, at) in enumerate(items):
        if item.isascii():  # (asked once: nearly every item is, and it decides both tests below)
            if read is not None:
                parsed = read(item, at)
            else:  # `parse_action` without its call (nothing invisible in ASCII)
                simple = _parse_simple(item, at)
                if simple is not None:  # the usual `A bet 100`: an action whose name is ASCII
                    if not simple.player.isalnum():  # `clean_name`'s own first test, without the call
                        simple.player = clean_name(simple.player, simple.at)
                    actions.append(simple)
                    continue
                parsed = _parse_tokens(item, at)
        elif ("に" in item or "에" in item) and (facing := facing_clause(item)) is not None:
            # `1000のベットに5000チップ1枚`: the bet faced, then the action facing it.
            faced, parsed = read_facing(item, at, facing, read or parse_action)
            faced.player = clean_name(faced.player, faced.at)
            actions.append(faced)
        elif (two := _TWO_NAMES.match(item)) is not None and isinstance(
                both := (read or parse_action)(item[two.start(2):], at + two.start(2)), ActionInput) and both.verb in (
                "call", "check", "fold") and both.amount is None and both.chips is None:
            # `BとCがコール`, `B랑 C 콜`: two players, one action each. Read as one, "BとC" had been a
            # single player calling, and the pot short of C's call.
            actions.append(replace(both, player=two.group(1), at=at + two.start(1)))
            parsed = both
        else:
            parsed = (read or parse_action)(item, at)
        if parsed == "":  # `次は？`, `다음은?`: who is next, nobody named (engine.cjk_questions)
            if n != last:
                asked = item.strip().rstrip("?？")
                raise FloorcallError("query_not_last", at=at, hint=f"{asked}?", player=asked)
            continue
        if isinstance(parsed, str):
            if n != last:
                raise FloorcallError("query_not_last", at=at, hint=f"{parsed}?", player=parsed)
            query_at = at + (len(item) - len(item.lstrip()))
            if not parsed.isascii():
                check_not_swallowed(parsed, query_at)
            query = clean_name(parsed, query_at)
        else:
            name = parsed.player
            if not (name.isascii() and name.isalnum()):  # `clean_name`'s own first test, without the call
                if _amount_name(name):
                    if _amount_of_previous(actions, parsed):
                        continue
                    # `B 콜, 금액은 3000`: an amount with no action of its own to belong to.
                    raise FloorcallError("missing_player", at=parsed.at, hint=f"A {parsed.raw}")
                parsed.player = clean_name(name, parsed.at)
            actions.append(parsed)
            if parsed.raw in _LETTER_VERBS:
                letters = True
    if letters:
        _check_letter_verbs(actions, query)
    return actions, query, query_at


_LETTER_VERBS = {"B": "bet", "C": "call", "F": "fold", "R": "raise", "X": "check", "K": "check"}


def _check_letter_verbs(actions: list[ActionInput], query: str | None) -> None:
    """`winner B`, `result: C`: a capital letter alone after a name reads as a short verb (bet,
    call ...), but where that letter is a player of the street it is much more likely the player:
    such a line had seated a player called "winner" betting. Refused, with the verb in full as hint
    (or, after a word for the winner, the showdown). Lower-case short verbs (`A b 100`, `B c`) and
    letters with an amount are read as before."""
    named: set[str] | None = None
    for a in actions:
        raw = a.raw
        if len(raw) != 1 or raw not in _LETTER_VERBS:
            continue
        if named is None:
            named = {x.player for x in actions} | ({query} if query else set())
        if raw not in named or raw == a.player:
            continue
        if a.player.lower() in ("winner", "winners", "result", "results"):
            raise FloorcallError("win_is_showdown", at=a.at, player=raw, hint=f"showdown: {raw} wins")
        raise FloorcallError("letter_verb_is_player", at=a.at, player=a.player, letter=raw,
                             verb=_LETTER_VERBS[raw], hint=f"{a.player} {_LETTER_VERBS[raw]}")


# Two Latin names (or seats) joined by "and" before one action: `BとCがコール`, `B랑 C 콜`, `B와 C 폴드`.
_TWO_NAMES = re.compile(r"\s*([A-Za-z][A-Za-z0-9]*|\d{1,2}番席?|\d{1,2}번)\s*(?:と|＆|&|이랑|랑|와|과|하고)\s*"
                        r"([A-Za-z][A-Za-z0-9]*|\d{1,2}番席?|\d{1,2}번)(?=\s*[がはも가는도]?\s*\S)")


def _amount_name(name: str) -> bool:
    """`額`, `金額`, `금액은`: a word for "the amount" where a player's name goes."""
    return name in AMOUNT_NAMES or (len(name) > 1 and name[-1] in "はが은는이가" and name[:-1] in AMOUNT_NAMES)


def _amount_of_previous(actions: list[ActionInput], said: ActionInput) -> bool:
    """`Bがレイズ、額は3000`, `B 레이즈, 금액은 3000`: the amount of the action before, said as an item
    of its own. Read as an action, it seated a player called "額" raising to 3,000 after B's
    minimum raise. True when it was taken as that amount."""
    prev = actions[-1] if actions else None
    if (prev is None or said.verb is not None or said.amount is None or said.chips is not None
            or prev.amount is not None or prev.chips is not None or prev.verb not in ("bet", "raise", "open", "allin")):
        return False
    prev.amount = said.amount
    prev.raw = f"{prev.raw} {said.raw}"
    return True


def parse_hand(text: str, base: int = 0, default_blinds: tuple[int, int] | None = None) -> Hand:
    """Read a whole `ruling` argument. `base` is the offset of `text` in the line (for `at`);
    `default_blinds` stand in for blinds the header leaves out (`Hand.blinds_given` is then False)."""
    if not text.strip():
        raise FloorcallError("empty_hand", at=base, hint="NL 50/100 flop: A bet 100, B?")
    # The header ends at the first colon, ASCII or full-width (str.find: see `_split_actions` on
    # patterns; written here rather than called, as this runs once per ruling, cold).
    colon, wide = text.find(":"), text.find("：")
    if wide >= 0 and (colon < 0 or wide < colon):
        colon = wide
    if colon < 0:
        raise FloorcallError("no_colon", at=base + len(text), hint=no_colon_hint(text))
    header, body, body_at = text[:colon], text[colon + 1:], colon + 1
    # `parse_header` tries `_parse_simple_header` first: called here, the usual header costs one call.
    game, sb, bb, street, pot, seats, short = _parse_simple_header(header) or parse_header(header, base, default_blinds)
    items = _split_actions(body, base + body_at)
    if not items:
        raise FloorcallError("no_actions", at=base + len(text), hint="A bet 100, B?")
    if len(items) > MAX_ACTIONS + 1:
        raise FloorcallError("too_many_actions", at=items[MAX_ACTIONS + 1][1], count=len(items), limit=MAX_ACTIONS)
    actions, query, query_at = read_items(items)
    query = same_seat_names(seats or (), actions, query)
    if len(actions) > MAX_ACTIONS:
        raise FloorcallError("too_many_actions", at=actions[MAX_ACTIONS].at, count=len(actions), limit=MAX_ACTIONS)
    given = default_blinds is None or _has_blinds(header)
    hand = Hand(game, sb, bb, street, pot, seats, tuple(actions), query, query_at, short, given,
                colon_at=base + body_at - 1)
    for a in actions:  # (a fold is rare, and "everyone" rarer: nothing more for nearly every line)
        if (a.verb == "fold" or a.verb == "check" or a.verb == "call") and (
                not a.player.isascii() or a.player in EVERYONE_ASCII):
            from engine.fold_around import with_folds_around  # (it seats the hand: engine.seating)

            return with_folds_around(hand)
    return hand



