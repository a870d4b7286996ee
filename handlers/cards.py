"""A showdown typed with cards, in the `pot` and `ruling` replies: the checks of what was typed,
the hands valued (engine/pots/cards.py), the pots decided by them, and the words.

    pot PLO 100/200 stacks A 3000 B 5000 C 800 preflop: C allin, A call, B call; flop: ...;
        showdown: A Ah Kd 7c 7d, B Qs Qc 2h 3h, C 8h 8d 9s 9d; board As 9c 7s 2d Kh

`apply_cards` runs before the pots are settled: it refuses what cannot be dealt (a player's hand
of the wrong size, a board of one or two cards, or of three or four once the hand is over, cards
for a player not in the hand or folded), then sets the showdown's ranking from the cards (or, when
an order was typed as well, checks that the cards agree with it: cards speak, rule 13). After
settling, `hilo` halves hi-lo pots and `add_to_reply` adds the hands, the winning hands and the
JSON `hands` (the contract's "Cards speak" section).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.errors import FloorcallError
from engine.hands.hand import HandResult
from engine.notation.cards import card_text
from engine.notation.read import fold
from engine.notation.showdown import NAME_PARTICLES
from engine.notation.streets import WholeHand
from engine.pots import Pot, Settlement
from engine.pots.cards import (
    HOLE_CARDS,
    CardGame,
    Made,
    ShownHand,
    card_game,
    evaluate,
    groups,
    ranks_of,
    split_hilo,
)
from handlers.citations import make_citations
from handlers.context import Context
from handlers.i18n import Messages
from handlers.reply import Field, Reply

CARDS = Messages("cards")
ERRORS = Messages("cards-errors")


@dataclass(slots=True)
class Shown:
    """The cards of one showdown, valued: the game, the board and every hand typed."""

    game: CardGame
    board: tuple[str, ...]
    hands: tuple[ShownHand, ...]


def _table_name(typed: str, spelled: dict[str, str]) -> str | None:
    """The table's name for a name typed before cards (`a`, `Aさん` is not read; `民秀가` is 民秀)."""
    if fold(typed) in spelled:
        return spelled[fold(typed)]
    if len(typed) > 1 and typed[-1] in NAME_PARTICLES and fold(typed[:-1]) in spelled:
        return spelled[fold(typed[:-1])]
    return None


def _end_of(wh: WholeHand) -> int:
    assert wh.cards is not None
    ends = [a + 2 for h in wh.cards.hands for a in h.cards_at] + [a + 2 for a in wh.cards.board_at]
    return max(ends, default=wh.showdown_start)


# The words of each rank, one card and several (`ace`, `aces`; the letter in Japanese and Korean).
_RANK_WORDS = {
    "A": ("r_A", "p_A"), "K": ("r_K", "p_K"), "Q": ("r_Q", "p_Q"), "J": ("r_J", "p_J"), "T": ("r_T", "p_T"),
    "9": ("r_9", "p_9"), "8": ("r_8", "p_8"), "7": ("r_7", "p_7"), "6": ("r_6", "p_6"), "5": ("r_5", "p_5"),
    "4": ("r_4", "p_4"), "3": ("r_3", "p_3"), "2": ("r_2", "p_2"),
}
_GAME_WORDS = {"holdem": "game_holdem", "omaha": "game_omaha", "omaha_hilo": "game_omaha_hilo"}


def hand_name(made: Made, lang: str, low: bool = False) -> str:
    """`aces full of kings`, `Kのフルハウス（Aのペア）`, `8-6-4-3-A low`: a hand as a dealer reads it."""
    if low:
        ranks = [c[0] for c in made.best]
        if ranks == ["5", "4", "3", "2", "A"]:
            return CARDS("low_wheel", lang)
        return CARDS("low", lang, cards="-".join("10" if r == "T" and lang != "en" else r for r in ranks))
    if made.category in ("straight", "straight_flush") and made.best[0][0] == "5":
        return CARDS("wheel" if made.category == "straight" else "steel_wheel", lang)
    values: dict[str, str] = {}
    for k, rank in enumerate(made.ranks, start=1):
        one, many = _RANK_WORDS[rank]
        values[f"r{k}"] = CARDS(one, lang)
        values[f"p{k}"] = CARDS(many, lang)
    return CARDS(made.category, lang, **values)


def _spaced(cards: tuple[str, ...]) -> str:
    return " ".join(cards)


def apply_cards(args: str, wh: WholeHand, h: HandResult, ctx: Context, finished: bool = True) -> Shown | None:
    """Check the cards typed and set `wh.showdown` from them; None when no cards were typed."""
    sd = wh.cards
    if sd is None:
        return None
    game = card_game(args[:min((i for i in (args.find(":"), args.find("：")) if i >= 0), default=len(args))])
    spelled = {fold(p): p for p in h.table}
    live = [p for p in h.table if p not in h.folded]
    typed: dict[str, tuple[str, ...]] = {}
    mucked_with_cards: set[str] = set()
    for hand in sd.hands:
        name = _table_name(hand.player, spelled)
        if name is None:
            raise FloorcallError("cards_unknown_player", at=hand.at, player=hand.player,
                                 players=("、" if ctx.lang == "ja" else ", ").join(h.table), hint=" / ".join(p for p in live if p not in typed) or None)
        if name in h.folded:
            raise FloorcallError("cards_folded", at=hand.at, player=name, hint=None)
        if name in typed:
            raise FloorcallError("cards_player_twice", at=hand.at, player=name, hint=None)
        need = HOLE_CARDS[game]
        if len(hand.cards) != need:
            raise FloorcallError("hole_cards_count", at=hand.at, player=name, count=len(hand.cards), need=need,
                                 cards=_spaced(hand.cards), game=CARDS(_GAME_WORDS[game], ctx.lang),
                                 hint=f"{name} " + " ".join(["__"] * need))
        typed[name] = hand.cards
        if hand.mucked:
            mucked_with_cards.add(name)
    board = sd.board
    if sd.board_word_at is None:
        if typed:
            raise FloorcallError("board_missing", at=_end_of(wh), hint="; board As 9c 7s 2d Kh")
        return None
    if len(board) < 3:
        raise FloorcallError("board_too_short", at=sd.board_word_at, count=len(board), cards=_spaced(board) or "—",
                             hint="board As 9c 7s 2d Kh")
    if len(board) > 5:
        raise FloorcallError("board_too_long", at=sd.board_at[5], count=len(board), cards=_spaced(board), hint=None)
    if len(board) < 5 and finished:
        raise FloorcallError("board_not_run_out", at=sd.board_word_at, count=len(board), cards=_spaced(board),
                             hint=f"board {_spaced(board)} " + " ".join(["__"] * (5 - len(board))))
    mucked = {spelled.get(fold(m), m) for m in wh.mucked} | mucked_with_cards
    open_hands = [p for p in live if p not in mucked]
    if len(open_hands) > 1:
        for p in open_hands:
            if p not in typed:
                raise FloorcallError("cards_missing", at=_end_of(wh), player=p,
                                     hint=f"{p} " + " ".join(["__"] * HOLE_CARDS[game]) + f" / {p} mucks")
    hands = []
    for p in h.table:  # in seat order from the left of the button
        if p in typed:
            high, low = evaluate(typed[p], board, game)
            hands.append(ShownHand(p, typed[p], high, low, p in mucked))
    shown = Shown(game, board, tuple(hands))
    ranking = groups(shown.hands)
    typed_order = [tuple(spelled.get(fold(n), n) for n in g) for g in (wh.showdown or ()) if g]
    if typed_order and wh.winner_only:  # `Cの勝ち`, `winner: C`: C above every other hand shown
        said = {p for g in typed_order for p in g}
        typed_order.append(tuple(x.player for x in shown.hands if x.player not in said))
    if typed_order:
        _check_order(typed_order, shown, wh, ctx.lang, loose_last=wh.winner_only)
    if ranking:
        wh.showdown = tuple(ranking)
        wh.winner_only = False
    wh.mucked = tuple(dict.fromkeys([*(spelled.get(fold(m), m) for m in wh.mucked), *sorted(mucked_with_cards)]))
    return shown


def _check_order(order: list[tuple[str, ...]], shown: Shown, wh: WholeHand, lang: str, loose_last: bool = False) -> None:
    """A typed order and the cards together: every hand typed above another must beat it, and hands
    typed as a tie must tie; otherwise the reply names the cards that say otherwise. `loose_last`:
    the last group is the hands a `Cの勝ち` left unranked, below the winners in no order."""
    by = {x.player: x for x in shown.hands}

    def said(p: str) -> tuple[str, str]:
        return card_text(by[p].cards), hand_name(by[p].high, lang)

    flat = [(gi, p) for gi, g in enumerate(order) for p in g if p in by and not by[p].mucked]
    for i, (gi, p) in enumerate(flat):
        for gj, q in flat[i + 1:]:
            sp, sq = by[p].high.strength, by[q].high.strength
            at = wh.showdown_at.get(q, wh.showdown_start)
            if gi == gj and sp != sq and not (loose_last and gi == len(order) - 1):
                (pc, pn), (qc, qn) = said(p), said(q)
                raise FloorcallError("cards_contradict_tie", at=at, first=p, second=q, first_cards=pc,
                                     first_name=pn, second_cards=qc, second_name=qn,
                                     hint=f"{p} > {q}" if sp > sq else f"{q} > {p}")
            if gi < gj and sp < sq:
                (pc, pn), (qc, qn) = said(p), said(q)
                raise FloorcallError("cards_contradict", at=at, better=q, worse=p, better_cards=qc,
                                     better_name=qn, worse_cards=pc, worse_name=pn, hint=f"{q} > {p}")
            if gi < gj and sp == sq:
                (pc, pn), (qc, _) = said(p), said(q)
                raise FloorcallError("cards_contradict_equal", at=at, first=p, second=q, first_cards=pc,
                                     second_cards=qc, name=pn, hint=f"{p} = {q}")


def hilo(s: Settlement, shown: Shown | None, h: HandResult, wh: WholeHand, ctx: Context) -> Settlement:
    """The settlement as a hi-lo game awards it, when the cards are Omaha hi-lo."""
    if shown is None or shown.game != "omaha_hilo":
        return s
    return split_hilo(s, shown.hands, h.contributions, h.dead, wh.chip_unit, ctx.ruleset)


def _pot_name(pot: Pot, lang: str) -> str:
    from handlers.pot_text import TEXT

    return TEXT("main", lang) if pot.name == "main" else TEXT("side", lang, n=pot.name.removeprefix("side"))


def _join(players: tuple[str, ...], lang: str) -> str:
    return ("・" if lang == "ja" else (" and " if lang == "en" and len(players) == 2 else ", ")).join(players)


def winning_lines(s: Settlement, shown: Shown, lang: str) -> list[str]:
    """Each pot and the hand that won it, in words (`Main pot: B wins with aces full of kings`)."""
    by = {x.player: x for x in shown.hands}
    lines = []
    for pot in s.pots:
        if not pot.winners:
            continue
        name = _pot_name(pot, lang)
        contenders = [p for p in pot.eligible if p in by and not by[p].mucked]
        if len(contenders) < 2 or any(w not in by for w in pot.winners):
            lines.append(CARDS("win_uncontested", lang, pot=name, w=_join(pot.winners, lang)))
            continue
        if pot.high is not None:
            high = pot.high
            hname = hand_name(by[high[0]].high, lang)
            low_made = by[pot.low[0]].low if pot.low else None
            if not pot.low or low_made is None:
                lines.append(CARDS("win_hilo_nolow", lang, pot=name, high=_join(high, lang), name=hname))
            elif set(high) == set(pot.low) and len(high) == 1:
                lines.append(CARDS("win_hilo_scoop", lang, pot=name, high=high[0], name=hname,
                                   low_name=hand_name(low_made, lang, low=True)))
            else:
                lines.append(CARDS("win_hilo", lang, pot=name, high=_join(high, lang), name=hname,
                                   low=_join(pot.low, lang), low_name=hand_name(low_made, lang, low=True)))
            continue
        hname = hand_name(by[pot.winners[0]].high, lang)
        key = "win_line" if len(pot.winners) == 1 else "win_split"
        lines.append(CARDS(key, lang, pot=name, w=_join(pot.winners, lang), name=hname))
    board = set(shown.board)
    plays = [x.player for x in shown.hands if not x.mucked and any(x.player in p.winners for p in s.pots)
             and set(x.high.best) <= board]
    if plays:
        lines.append(CARDS("board_plays", lang, players=_join(tuple(plays), lang)))
    return lines


def hand_lines(shown: Shown, lang: str) -> list[str]:
    out = []
    for x in shown.hands:
        cards = _spaced(x.cards)
        if x.mucked:
            out.append(CARDS("hand_line_mucked", lang, p=x.player, cards=cards))
        elif shown.game != "omaha_hilo":
            out.append(CARDS("hand_line", lang, p=x.player, cards=cards, name=hand_name(x.high, lang),
                             best=_spaced(x.high.best)))
        elif x.low is None:
            out.append(CARDS("hand_line_nolow", lang, p=x.player, cards=cards, name=hand_name(x.high, lang),
                             best=_spaced(x.high.best)))
        else:
            out.append(CARDS("hand_line_hilo", lang, p=x.player, cards=cards, name=hand_name(x.high, lang),
                             best=_spaced(x.high.best), low=hand_name(x.low, lang, low=True),
                             low_best=_spaced(x.low.best)))
    return out


def hands_json(shown: Shown, lang: str) -> dict[str, Any]:
    """The contract's `hands`: each hand's `cards`, `best` five, `name` in the reply language and
    `rank` (1 the best live hand; ties share it; null for a hand mucked). Hi-lo adds `low`."""
    ranks = ranks_of(shown.hands)
    low_ranks = ranks_of(shown.hands, low=True)
    out: dict[str, Any] = {}
    for x in shown.hands:
        entry: dict[str, Any] = {"cards": card_text(x.cards), "best": list(x.high.best), "name": hand_name(x.high, lang),
                                 "rank": ranks.get(x.player)}
        if x.mucked:
            entry["mucked"] = True
        if shown.game == "omaha_hilo":
            entry["low"] = None if x.low is None else {"best": list(x.low.best), "name": hand_name(x.low, lang, low=True),
                                                       "rank": low_ranks.get(x.player)}
        out[x.player] = entry
    return out


def add_to_reply(reply: Reply, s: Settlement | None, shown: Shown | None, ctx: Context) -> Reply:
    """The board, the hands shown and the winning hands as fields; `hands`, `board` and `card_game`
    in the JSON; tabling (14) cited with the other showdown rules."""
    if shown is None or not reply.ok:
        return reply
    lang = ctx.lang
    fields = [Field(CARDS("f_board", lang), _spaced(shown.board))]
    if shown.hands:
        fields.append(Field(CARDS("f_hands", lang), "\n".join(hand_lines(shown, lang))))
        wins = winning_lines(s, shown, lang) if s is not None else []
        if wins:
            fields.append(Field(CARDS("f_winning", lang), "\n".join(wins)))
    reply.fields[0:0] = fields
    reply.data["hands"] = hands_json(shown, lang)
    reply.data["board"] = list(shown.board)
    reply.data["card_game"] = shown.game
    if s is not None:  # (hi-lo halves; `ruling`: the pots the cards decided)
        reply.data["pots"] = [p.to_json() for p in s.pots]
        if "payoffs" in reply.data or reply.command == "ruling":
            reply.data["payoffs"] = dict(s.payoffs) if s.settled else None
    # What decided the pots (13, 17/18, 21: engine/pots/__init__.py and engine/pots/cards.py, already in a
    # `pot` reply) and the hands tabled (14): every card typed is a card face up.
    ids = list(s.citations) if s is not None else []
    if len([x for x in shown.hands if not x.mucked]) > 1:
        ids += ctx.ruleset.c("tabling")
    seen = {c.id for c in reply.citations}
    reply.citations.extend(c for c in make_citations(list(dict.fromkeys(ids)), lang, ctx.ruleset) if c.id not in seen)
    return reply
