"""`全員フォールド`, `다 폴드`, `everyone folds` (and `全員チェック`, `다 체크`, `全員コール`): every player
between the last action and the next one named did that.

Floor chat says it where nobody bothers to name each fold (`UTGが600にレイズ、全員フォールド、BBは？`).
Read as an action, it seated a player called "全員" who folded, and the line was then refused
("it is not BB's turn, the SB acts"), or answered as if that player were at the table. On one street
the seats are known from the line (`engine.notation.seating`), so the word is written out as the folds it
stands for, each at the word's offset; across the streets of a whole hand the table is settled
later, so there it is refused with a hint to name the folds.
"""

from __future__ import annotations

from dataclasses import replace

from engine.errors import FloorcallError
from engine.notation.inputs import ActionInput, Hand
from engine.notation.seating import seat_order
from engine.notation.words import fold

# Who "everyone" is in chat, as a name before the fold (its particle already off: `全員が`).
EVERYONE = frozenset({
    "全員", "みんな", "皆", "他全員", "他の全員", "ほか全員", "残り全員", "残りの全員", "残り", "他", "全部", "その他",
    "他の人", "ほかの人", "残りの人", "他のプレイヤー", "残りのプレイヤー",
    "다", "모두", "전원", "나머지", "나머지는", "다들", "모두들", "전부", "나머지전부", "나머지들", "사람들",
    "everyone", "everybody", "all", "rest", "others",
})
_NOT_IN_ORDER = ("fold", "allin")
_AROUND_VERBS = ("fold", "check", "call")


def is_fold_around(act: ActionInput) -> bool:
    return (act.verb in _AROUND_VERBS and act.amount is None and act.chips is None
            and fold(act.player) in EVERYONE)


def refuse_fold_around(act: ActionInput, names: tuple[str, ...] = (), code: str = "fold_around_not_read",
                       verb: str | None = None) -> FloorcallError:
    """Where the folds cannot be written out: name them one by one. `names`: players of the hand
    the hint may name (without them, the blinds; a flop hand's hint had named SB and BB, who were
    not in it); `code`, `verb`: `fold_around_check_facing_bet` hints folds, not checks."""
    sep = " " if act.player.isascii() or any("\uac00" <= c <= "\ud7a3" for c in act.player) else ""  # (`다 폴드`, `全員フォールド`)
    shown = names[:2] or ("SB", "BB")
    hint = ", ".join(f"{n} {verb or act.verb}" for n in shown)
    return FloorcallError(code, at=act.at, word=f"{act.player}{sep}{act.raw}".strip(), hint=hint, example=hint)


def expand_fold_around(actions: tuple[ActionInput, ...], order: tuple[str, ...], key: dict[str, str],
                       query: str | None, big_blind: str | None = None) -> tuple[ActionInput, ...]:
    """The actions with each "everyone folds" written out as the folds of the players between
    the last actor and the next player named (the next action's, or the one asked about; at the
    end of the line, the last player to bet or raise, before the flop the big blind until then).
    `order`: seats in acting order, first to act first; `key`: each typed name folded as the
    seating compares them."""
    def k(name: str) -> str:
        return key.get(name) or fold(name)

    seats = [k(n) for n in order]
    out: list[ActionInput] = []
    out_of_it: set[str] = set()
    acted: set[str] = set()
    last = -1  # index in `seats` of the last player who acted
    aggressor: str | None = k(big_blind) if big_blind is not None else None
    bet_typed = False  # a bet or raise typed on the line (not the big blind alone)

    def refuse(act: ActionInput, code: str = "fold_around_not_read", verb: str | None = None) -> FloorcallError:
        # The hint names the hand's own players: those after the last actor first, never the bettor
        # nor the one asked about; with none such, letters no seat has (never SB and BB on a flop).
        n = len(order)
        after = [order[(last + 1 + j) % n] for j in range(n)] if n else []
        skip = {aggressor, k(act.player), k(query) if query is not None else None} | out_of_it
        names = tuple(p for p in after if k(p) not in skip)
        if not names:
            names = tuple(c for c in "BCDEFGHIJ" if fold(c) not in seats and c != query)[:2]
        return refuse_fold_around(act, names, code, verb)

    for i, act in enumerate(actions):
        if not is_fold_around(act):
            out.append(act)
            who = k(act.player)
            acted.add(who)
            if who in seats:
                last = seats.index(who)
            if act.verb in _NOT_IN_ORDER:
                out_of_it.add(who)
            if act.verb in ("bet", "raise", "open", "pot", "allin"):
                aggressor = who
                bet_typed = True
            continue
        if not acted:
            # `全員コール` first on the line: who "everyone" is, nobody typed says. Guessed from the
            # blinds alone, it had been a heads-up hand.
            raise refuse(act)
        if act.verb == "check" and bet_typed:
            # `A bet 400, everyone check`: nobody checks facing a bet. Written out as checks, the
            # rules had made them calls or left the line open; whether they called or folded, the
            # line does not say.
            raise refuse(act, "fold_around_check_facing_bet", "fold")
        nxt = next((a for a in actions[i + 1:] if not is_fold_around(a)), None)
        target = k(nxt.player) if nxt is not None else (k(query) if query is not None else aggressor)
        # `…、全員チェック` ending the line with nothing bet: round the table to the first who acted.
        checks_round = target is None and act.verb == "check" and aggressor is None
        if (target is None and not checks_round) or (target is not None and target not in seats):
            raise refuse(act)
        pos = (last + 1) % len(seats)
        written = len(out)
        for _ in range(len(seats)):
            if seats[pos] == target or (checks_round and seats[pos] in acted):
                break
            if seats[pos] == aggressor:  # past the bettor: not what "everyone" can mean
                raise refuse(act)
            if seats[pos] not in out_of_it:
                out.append(replace(act, player=order[pos]))
                acted.add(seats[pos])
                if act.verb == "fold":
                    out_of_it.add(seats[pos])
            last = pos
            pos = (pos + 1) % len(seats)
        if act.verb != "check" and len(out) == written:
            # Nobody between: "everyone" named no one the line knows (`Aが1000ベット、全員フォールド`
            # with A alone typed, or `A bet 400, everyone fold, B?` with B next after A). Dropped,
            # the hand had been left open for an unnamed player, or read as if nobody had folded.
            raise refuse(act)
    return tuple(out)


def with_folds_around(hand: Hand) -> Hand:
    """`全員フォールド` (`全員チェック`, `全員コール`) written out as the actions it stands for
    (the seats known from the line, `engine.notation.seating`)."""
    if not any(is_fold_around(a) for a in hand.actions):
        return hand
    rest = tuple(a for a in hand.actions if not is_fold_around(a))
    seating = seat_order(replace(hand, actions=rest))
    return replace(hand, actions=expand_fold_around(hand.actions, seating.order, seating.keys, hand.query, seating.bb))
