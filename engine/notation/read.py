"""Hand notation: the text a floor person types, read into a `Hand`.

    [game] <blinds> <street> [pot N] [players P1 P2 ...] : <action>, <action>, ... [, <player>?]

Words come in English, Japanese and Korean; digits may be full-width; amounts may be written
`2,000`, `1k`, `1.5k`, `2万`, `3천`. Every token keeps its offset in the input, so an error can
say exactly where reading failed. Reading never decides a ruling: it only records what was
said or pushed (`ActionInput`); `engine.betting.rulings` decides what it counts as.

The word tables live in `engine.notation.words`, the header reader in `engine.notation.header`, the records in
`engine.notation.inputs`, where one action ends in `engine.notation.separators`, an action read word by word in
`engine.notation.action_tokens`, and Japanese and Korean word order in `engine.notation.cjk.words`; every name other
modules import from here is re-exported.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from engine.errors import FloorcallError
from engine.notation import words as _words
from engine.notation.action_tokens import _NBET, _parse_tokens
from engine.notation.cjk.facing import facing_clause, read_facing
from engine.notation.cjk.joined import refuse_joined
from engine.notation.cjk.punct import _unwrap
from engine.notation.cjk.questions import check_not_swallowed
from engine.notation.cjk.unparted import part_unseparated
from engine.notation.fold_around import EVERYONE, with_folds_around
from engine.notation.header import (
    Header,
    _has_blinds,
    _parse_blinds,
    _parse_simple_header,
    cut_without_colon,
    no_colon_at,
    no_colon_hint,
    parse_header,
)
from engine.notation.inputs import ActionInput, Hand
from engine.notation.joined_names import _JOINED_NAMES, _JOINED_ONLY, _names_of, _one_action_each
from engine.notation.money import MONEY
from engine.notation.names import clean_name, is_visible, same_seat_names, without_invisible
from engine.notation.separators import SEPARATORS, _split_actions
from engine.notation.words import (
    _KATA_HINTS,
    _NAME_COLONS,
    ALIAS_WORDS,
    AMOUNT_NAMES,
    BACK_WORDS,
    BLIND_NAMES,
    CHIPS_WORDS,
    DEAD_WORDS,
    FILLER_WORDS,
    GAME_WORDS,
    LAST_WORDS,
    MAX_AMOUNT,
    PLAYERS_WORDS,
    POT_WORDS,
    SHORT_WORDS,
    STREET_WORDS,
    Game,
    Street,
    Token,
    Verb,
    fold,
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

# Bound by assignment rather than `from engine.notation.words import`: CPython 3.11 compiles a method call
# on a name imported with `from ... import` (`VERB_WORDS.get(word)`) as an attribute load that
# builds a bound method on every call, not as a plain method call; on these tables that made
# parse_hand about 4% slower (bench/bench_ruling.py).
VERB_WORDS = _words.VERB_WORDS

MAX_ACTIONS = 100



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
        if not (digits.isascii() and digits.isdigit()) or MONEY.get() is not None:  # `[0-9]+`: full-width and
            return None  # other digits are not; in a line of decimals (engine.notation.money) `3` is 300
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




def read_items(items: list[tuple[str, int]], read: Callable[[str, int], ActionInput | str] | None = None
               ) -> tuple[list[ActionInput], str | None, int | None]:
    """A street's action items read one by one (`read`, by default `parse_action`), with every
    name cleaned; a closing `P?` comes back as the query and its offset, and only last."""
    actions: list[ActionInput] = []
    query: str | None = None
    query_at: int | None = None
    last = len(items) - 1
    letters = False  # a capital letter alone as the verb (`_check_letter_verbs`), never on the fast path
    taken = -1  # an item read as the all-in's amount before it (`_allin_then_amount`)
    for n, (item, at) in enumerate(items):
        if n == taken:
            continue
        if item.isascii():  # (asked once: nearly every item is, and it decides both tests below)
            if read is not None:
                parsed = read(item, at)
            else:  # `parse_action` without its call (nothing invisible in ASCII)
                simple = _parse_simple(item, at)
                if simple is not None:  # the usual `A bet 100`: an action whose name is ASCII
                    if not simple.player.isalnum():  # `clean_name`'s own first test, without the call
                        if (joined := _JOINED_ONLY.fullmatch(simple.player)) is not None:  # `B/C call`
                            names = _names_of(joined, simple.at)
                            _one_action_each(names, simple, simple.raw)
                            actions.extend(replace(simple, player=name, at=name_at) for name, name_at in names)
                            continue
                        simple.player = clean_name(simple.player, simple.at)
                    actions.append(simple)
                    continue
                try:
                    parsed = _parse_tokens(item, at)
                except FloorcallError as e:
                    parsed = _allin_then_amount(e, items, n, _parse_tokens)
                    taken = n + 1
        elif ("に" in item or "에" in item) and (facing := facing_clause(item)) is not None:
            # `1000のベットに5000チップ1枚`: the bet faced, then the action facing it.
            faced, parsed = read_facing(item, at, facing, read or parse_action)
            faced.player = clean_name(faced.player, faced.at)
            actions.append(faced)
        elif (joined := _JOINED_NAMES.match(item)) is not None and isinstance(
                each := (read or parse_action)(item[joined.start(2):], at + joined.start(2)), ActionInput):
            # `BとCとDがコール`, `次郎と花子がコール`, `B랑 C 콜`: players, one action each (the last name
            # and the action read as one). Read as one, "BとC" had been a single player calling, and
            # the pot short of C's call.
            names = _names_of(joined, at)
            _one_action_each(names, each, item[joined.end(1):].lstrip().lstrip("がはも가는도").strip())
            actions.extend(replace(each, player=name, at=name_at) for name, name_at in names[:-1])
            parsed = each
        else:
            try:
                parsed = (read or parse_action)(item, at)
            except FloorcallError as e:
                refuse_joined(item, at, e)  # `민수랑 지은 콜`, `둘 다 콜`, `B랑 C는?` (engine.notation.cjk.joined)
                pieces = part_unseparated(item, at, e, read or parse_action)
                if pieces is not None:  # `A 600 벳 B 1600 레이즈 C는`: actions with no separator between
                    more, asked, asked_at = read_items(pieces, read)
                    actions.extend(more)
                    if asked is not None:
                        if n != last:
                            raise FloorcallError("query_not_last", at=asked_at, hint=f"{asked}?", player=asked) from None
                        query, query_at = asked, asked_at
                    continue
                parsed = _allin_then_amount(e, items, n, read or parse_action)
                taken = n + 1
            else:
                refuse_joined(item, at, parsed)  # `민수랑지은 콜`, `2人ともコール`, `花子と次郎は？`
        if parsed == "":  # `次は？`, `다음은?`: who is next, nobody named (engine.notation.cjk.questions)
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
            # `clean_name`'s own first test, without the call; `total 1000` is ASCII but no name.
            if not (name.isascii() and name.isalnum()) or (parsed.verb is None and name.lower() in AMOUNT_NAMES):
                if (joined := _JOINED_ONLY.fullmatch(name)) is not None:
                    names = _names_of(joined, parsed.at)
                    if name.isascii():  # `B/C raise to 1000`
                        _one_action_each(names, parsed, parsed.raw)
                    else:  # `ケンとジョンコール`, `Bと同額でコール`: where the names end, nothing says
                        hint = ", ".join(f"{n} {parsed.raw}" for n, _ in names)
                        raise FloorcallError("joined_players_not_read", at=parsed.at, word=name, hint=hint, example=hint)
                if _amount_name(name):
                    if _amount_of_previous(actions, parsed):
                        continue
                    # `B 체크, 금액은 3000`: an amount with no action of its own to belong to.
                    who = actions[-1].player if actions else "A"
                    raise FloorcallError("missing_player", at=parsed.at, hint=f"{who} {parsed.raw}")
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


def _amount_name(name: str) -> bool:
    """`額`, `金額`, `금액은`, `total`: a word for "the amount" where a player's name goes."""
    name = name.lower()
    return name in AMOUNT_NAMES or (len(name) > 1 and name[-1] in "はが은는이가" and name[:-1] in AMOUNT_NAMES)


def _amount_of_previous(actions: list[ActionInput], said: ActionInput) -> bool:
    """`Bがレイズ、額は3000`, `B 레이즈, 금액은 3bb`, `B raise, total 1000`: the amount of the action
    before, said as an item of its own. Read as an action, it seated a player called "額" (or
    "total") raising after B's minimum raise. A call's amount is read as `B call 3000` is (53-A:
    the call binds, the amount is reported). True when it was taken as that amount."""
    prev = actions[-1] if actions else None
    if (prev is None or said.verb is not None or (said.amount is None and said.bbs is None) or said.chips is not None
            or prev.amount is not None or prev.bbs is not None or prev.chips is not None
            or prev.verb not in ("bet", "raise", "open", "allin", "call") or prev.alias is not None
            or prev.times is not None or (prev.verb == "call" and said.amount is None)):
        return False
    prev.amount, prev.bbs = said.amount, said.bbs
    prev.raw = f"{prev.raw} {said.raw}"
    return True


def _allin_then_amount(error: FloorcallError, items: list[tuple[str, int]], n: int,
                       read: Callable[[str, int], ActionInput | str]) -> ActionInput:
    """`Bがオールイン、額は3000`, `B allin, total 3000`: an all-in with its amount said in the next
    item, read as `B allin 3000`; it had been refused as an all-in with no amount (with a hint of
    500, an amount nobody said). Any other error, or no such item next, is raised as it was."""
    if error.code != "allin_needs_amount" or n + 1 >= len(items):
        raise error
    try:
        said = read(*items[n + 1])
    except FloorcallError:
        raise error from None
    if (not isinstance(said, ActionInput) or said.verb is not None or said.chips is not None
            or not _amount_name(said.player) or (said.amount is None and said.bbs is None)):
        raise error
    item, at = items[n]
    amount = str(said.amount) if said.amount is not None else f"{float(said.bbs or 0):g}bb"
    action = read(f"{item.rstrip()} {amount}", at)
    if not isinstance(action, ActionInput):
        raise error
    action.raw = f"{action.raw.removesuffix(amount).rstrip()} {said.raw}"
    return action


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
        cut = cut_without_colon(text)
        if cut is None:
            raise FloorcallError("no_colon", at=no_colon_at(text, base), hint=no_colon_hint(text))
        header, body, body_at = text[:cut], text[cut:], cut  # `NL 100/200 플랍 A 600 벳 …` (no colon)
    else:
        header, body, body_at = text[:colon], text[colon + 1:], colon + 1
    # `parse_header` tries `_parse_simple_header` first: called here, the usual header costs one call.
    if colon < 0:  # cut after the street word: where that is no header, the colon is what is missing
        try:
            game, sb, bb, street, pot, seats, short = parse_header(header, base, default_blinds)
        except FloorcallError:
            raise FloorcallError("no_colon", at=no_colon_at(text, base), hint=no_colon_hint(text)) from None
    else:
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
                not a.player.isascii() or a.player.lower() in EVERYONE):
            return with_folds_around(hand)
    return hand



