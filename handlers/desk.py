"""The tournament desk's console commands: `button`, `balance`, `colour` (engine.desk decides,
this module reads the line and words the reply in ja/ko/en from handlers/locales/desk.toml).

    button T1 btn 9: 1 A, 4 D, 5 E, 6 F; bust A
    balance T1 btn 2: 1 A, 2 B, 3 C, 5 D; T2 btn 6: 1 E, 2 F, 3 G, 5 H, 6 I, 8 J, 9 K
    colour 25 to 100: 1 A 5, 2 B 3, 3 C 1 last [seed 7]

The dispatcher loads one module per command (handlers.desk_button, desk_balance, desk_colour);
each is a line that calls `handle_button`, `handle_balance` or `handle_colour` here.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from engine.desk.balance import balance
from engine.desk.button import Blinds, next_hand
from engine.desk.colour import Holding, colour_up
from engine.desk.tables import Table, read_size, read_table, read_tables, seat_number, split_on, tokens
from engine.errors import FloorcallError
from handlers.citations import make_citations, rules_heading
from handlers.context import Context
from handlers.i18n import Messages
from handlers.reply import Field, Reply

TEXT = Messages("desk")
BUST_WORDS = ("bust", "busts", "busted", "out", "バスト", "飛び", "敗退", "탈락", "버스트", "아웃")
TO_WORDS = ("to", "→", "->", ">", "から", "에서", "->")
LAST_WORDS = ("last", "最後", "ラスト", "마지막", "라스트")
SEED_WORDS = ("seed", "シード", "시드")


def _fold(word: str) -> str:
    return unicodedata.normalize("NFKC", word).casefold()


def _reply(command: str, ctx: Context, headline: str, fields: list[Field], cites: tuple[str, ...],
           data: dict[str, Any], working: list[str] | None = None) -> Reply:
    lang = ctx.lang
    return Reply(ok=True, command=command, lang=lang, ruleset=ctx.ruleset_id, headline=headline, fields=fields,
                 citations=make_citations(list(cites), lang, ctx.ruleset), data=data,
                 working=working or [], citations_title=rules_heading(lang))


def _who(table: Table, seat: int | None, lang: str, gone: frozenset[str] = frozenset()) -> str:
    if seat is None:
        return TEXT("dead_small_blind", lang)
    player = table.seats.get(seat)
    if player is None or player in gone:
        return TEXT("seat_empty", lang, seat=seat)
    return TEXT("seat_player", lang, seat=seat, player=player)


# -- button ---------------------------------------------------------------------------------

def read_button(args: str, offset: int) -> tuple[Table, tuple[str, ...]]:
    """`[N-max;] T1 btn 9: 1 A, ...; bust A B`: the one table and who went out."""
    pieces = split_on(args, offset, ";；")
    if not pieces:
        raise FloorcallError("no_tables", at=offset)
    size = 9
    first, first_at = pieces[0]
    read = read_size(first, first_at + len(first) - len(first.lstrip()))
    if read is not None:
        size, pieces = read, pieces[1:]
    table_pieces: list[tuple[str, int]] = []
    bust: list[tuple[str, int]] = []
    for piece, at in pieces:
        words = tokens(piece, at)
        if words and _fold(words[0].text) in BUST_WORDS:
            bust += [(w.text, w.at) for w in words[1:]]
            if len(words) == 1:
                raise FloorcallError("bust_nobody", at=words[0].at + len(words[0].text))
        else:
            table_pieces.append((piece, at))
    if not table_pieces:
        raise FloorcallError("no_tables", at=offset)
    if len(table_pieces) > 1:
        raise FloorcallError("button_one_table", at=table_pieces[1][1])
    table = read_table(table_pieces[0][0], table_pieces[0][1], size, "T1")
    seated = {p.casefold(): p for p in table.seats.values()}
    out: list[str] = []
    for name, at in bust:
        for part, part_at in split_on(name, at, ",、，"):
            key = part.strip().casefold()
            if key not in seated:
                raise FloorcallError("bust_not_seated", at=part_at, player=part.strip(), table=table.name)
            if seated[key] in out:
                raise FloorcallError("bust_twice", at=part_at, player=seated[key])
            out.append(seated[key])
    return table, tuple(out)


def _blinds_line(table: Table, b: Blinds, lang: str, gone: frozenset[str] = frozenset()) -> str:
    """`button seat 3 (empty), SB seat 4 (D), BB seat 5 (E)`; players in `gone` left their seats."""
    return TEXT("blinds_line", lang, button=_who(table, b.button, lang, gone),
                sb=_who(table, b.small_blind, lang, gone), bb=_who(table, b.big_blind, lang, gone))


def handle_button(args: str, offset: int, ctx: Context) -> Reply:
    table, busted = read_button(args, offset)
    rules = ctx.ruleset.desk
    result = next_hand(table, busted, rules)
    lang = ctx.lang
    nxt = result.next
    fields = [Field(TEXT("f_played", lang), _blinds_line(table, result.played, lang))]
    if busted:
        fields.append(Field(TEXT("f_out", lang), TEXT("list_sep", lang).join(busted)))
    notes: list[str] = []
    if result.heads_up:
        notes.append(TEXT("n_heads_up", lang, player=table.seats[nxt.button]))
        if result.dead_small_blind:
            notes.append(TEXT("n_heads_up_dead_sb", lang))
    else:
        if result.dead_small_blind:
            notes.append(TEXT("n_dead_sb", lang, seat=result.played.big_blind))
        if result.dead_button:
            notes.append(TEXT("n_dead_button", lang, seat=nxt.button))
        if result.advanced_from is not None:
            notes.append(TEXT("n_button_advanced", lang, seat=result.advanced_from, to=nxt.button))
    for note in notes:
        fields.append(Field(TEXT("f_why", lang), note))
    headline = TEXT("button_headline", lang, table=table.name, line=_blinds_line(table, nxt, lang, frozenset(busted)))
    data = {"table": table.name, "button": nxt.button, "small_blind": nxt.small_blind, "big_blind": nxt.big_blind,
            "dead_button": result.dead_button, "dead_small_blind": result.dead_small_blind,
            "heads_up": result.heads_up}
    return _reply("button", ctx, headline, fields, result.citations, data)


# -- balance --------------------------------------------------------------------------------

def handle_balance(args: str, offset: int, ctx: Context) -> Reply:
    tables = read_tables(args, offset)
    rules = ctx.ruleset.desk
    result = balance(tables, rules)
    lang = ctx.lang
    sep = TEXT("list_sep", lang)
    fields: list[Field] = []
    for m in result.moves:
        fields.append(Field(TEXT("f_move", lang), TEXT("move_line", lang, player=m.player, table=m.from_table,
                                                       seat=m.from_seat, to_table=m.to_table, to_seat=m.to_seat)))
    if result.pause:
        fields.append(Field(TEXT("f_pause", lang), TEXT("pause_line", lang, tables=sep.join(result.pause),
                                                        largest=result.largest)))
    if result.pause_discretion:
        fields.append(Field(TEXT("f_pause", lang), TEXT("pause_discretion", lang,
                                                        tables=sep.join(result.pause_discretion))))
    fields.append(Field(TEXT("f_counts", lang), sep.join(
        TEXT("count_item", lang, table=t, count=c) for t, c in result.counts.items())))
    if result.waits:
        fields.append(Field(TEXT("f_waits", lang), TEXT("waits_line", lang, players=sep.join(result.waits))))
    headline = (TEXT("balance_headline", lang, count=len(result.moves)) if result.moves
                else TEXT("balance_none", lang))
    if result.final_table is not None:
        headline = TEXT("final_table", lang, count=sum(result.counts.values()), size=result.final_table)
    data = {"moves": [{"player": m.player, "from": {"table": m.from_table, "seat": m.from_seat},
                       "to": {"table": m.to_table, "seat": m.to_seat}} for m in result.moves],
            "pause": list(result.pause), "counts": dict(result.counts)}
    if result.pause_discretion:
        data["pause_discretion"] = list(result.pause_discretion)
    if result.waits:
        data["waits"] = list(result.waits)
    if result.final_table is not None:
        data["final_table"] = result.final_table
    return _reply("balance", ctx, headline, fields, result.citations, data)


# -- colour ---------------------------------------------------------------------------------

def _amount(tok_text: str, at: int, what: str) -> int:
    word = _fold(tok_text).replace(",", "")
    mult = 1
    if word.endswith("k") and word[:-1].isdigit():
        word, mult = word[:-1], 1000
    if not word.isdigit() or int(word) == 0:
        raise FloorcallError("not_a_chip", at=at, word=tok_text, what=what)
    return int(word) * mult


def read_colour(args: str, offset: int) -> tuple[int, int, list[Holding], int | None, int]:
    colon = max(args.find(":"), args.find("："))
    if colon < 0:
        raise FloorcallError("colour_no_colon", at=offset + len(args.rstrip()))
    head = tokens(args[:colon], offset)
    seed: int | None = None
    for i, tok in enumerate(head):
        if _fold(tok.text) in SEED_WORDS:
            if i + 1 >= len(head) or not head[i + 1].text.isdigit():
                raise FloorcallError("seed_number", at=tok.at + len(tok.text))
            seed = int(head[i + 1].text)
            head = head[:i] + head[i + 2:]
            break
    words = [t for t in head if _fold(t.text) not in TO_WORDS]
    if len(words) != 2:
        raise FloorcallError("colour_head", at=head[0].at if head else offset)
    removed = _amount(words[0].text, words[0].at, "removed")
    new = _amount(words[1].text, words[1].at, "new")
    if new <= removed:
        raise FloorcallError("colour_not_up", at=words[1].at, removed=removed, new=new)
    if new % removed:
        raise FloorcallError("colour_not_multiple", at=words[1].at, removed=removed, new=new)
    holdings: list[Holding] = []
    seen_seat: dict[int, str] = {}
    seen_player: set[str] = set()
    for entry, at in split_on(args[colon + 1:], offset + colon + 1, ",、，;"):
        toks = tokens(entry, at)
        if toks and _fold(toks[0].text) in SEED_WORDS:
            if len(toks) != 2 or not toks[1].text.isdigit():
                raise FloorcallError("seed_number", at=toks[0].at + len(toks[0].text))
            seed = int(toks[1].text)
            continue
        if len(toks) >= 2 and _fold(toks[-2].text) in SEED_WORDS and toks[-1].text.isdigit():
            seed = int(toks[-1].text)
            toks = toks[:-2]
        last = bool(toks) and _fold(toks[-1].text) in LAST_WORDS
        if last:
            toks = toks[:-1]
        if len(toks) != 3:
            raise FloorcallError("colour_entry", at=toks[0].at if toks else at, word=entry.strip())
        seat = seat_number(toks[0])
        if seat in seen_seat:
            raise FloorcallError("colour_seat_twice", at=toks[0].at, seat=seat, player=seen_seat[seat])
        player = toks[1].text
        if player.casefold() in seen_player:
            raise FloorcallError("colour_player_twice", at=toks[1].at, player=player)
        if not toks[2].text.isdigit():
            raise FloorcallError("colour_count", at=toks[2].at, word=toks[2].text, player=player)
        seen_seat[seat] = player
        seen_player.add(player.casefold())
        holdings.append(Holding(seat, player, int(toks[2].text), last, toks[0].at))
    if not holdings:
        raise FloorcallError("colour_nobody", at=offset + colon + 1)
    return removed, new, holdings, seed, offset


def handle_colour(args: str, offset: int, ctx: Context) -> Reply:
    removed, new, holdings, seed, _ = read_colour(args, offset)
    rules = ctx.ruleset.desk
    result = colour_up(removed, new, holdings, rules, seed)
    lang = ctx.lang
    sep = TEXT("list_sep", lang)
    fields: list[Field] = []
    if result.exchanged:
        fields.append(Field(TEXT("f_exchanged", lang), sep.join(
            TEXT("exchanged_item", lang, player=p, count=c, new=new) for p, c in result.exchanged.items())))
    if result.race:
        fields.append(Field(TEXT("f_race", lang), TEXT("race_line", lang, players=sep.join(
            TEXT("odd_item", lang, player=p, count=result.odd[p]) for p in result.race),
            chips=result.race_chips, new=new)))
    if result.protected:
        fields.append(Field(TEXT("f_protected", lang), TEXT("protected_line", lang, players=sep.join(result.protected),
                                                            new=new)))
    if result.lost_value:
        fields.append(Field(TEXT("f_removed", lang), TEXT("removed_line", lang, value=result.lost_value, new=new)))
    if result.won is not None and result.cards is not None:
        fields.append(Field(TEXT("f_cards", lang), sep.join(f"{p} {result.cards[p]}" for p in result.race)))
        fields.append(Field(TEXT("f_won", lang), sep.join(result.won) if result.won else TEXT("nobody", lang)))
    if result.given:
        fields.append(Field(TEXT("f_given", lang), TEXT("given_line", lang, players=sep.join(result.given), new=new)))
    headline = TEXT("colour_headline", lang, removed=removed, new=new, chips=result.race_chips)
    data: dict[str, Any] = {"exchanged": dict(result.exchanged), "race": list(result.race),
                            "race_chips": result.race_chips, "protected": list(result.protected)}
    if seed is not None:
        data["seed"] = seed
        data["race_won"] = list(result.won or ())
        data["cards"] = dict(result.cards or {})
    return _reply("colour", ctx, headline, fields, result.citations, data)


# -- deal -----------------------------------------------------------------------------------

KIND_WORDS = {"icm": "icm", "chip": "chip", "chips": "chip", "chop": "chip", "チップ": "chip", "チョップ": "chip",
              "칩": "chip", "찹": "chip"}
PRIZE_WORDS = ("prizes", "prize", "payouts", "賞金", "プライズ", "상금")
KEEP_WORDS = ("keep", "残す", "残し", "남김", "남기기")


def _money(text: str, at: int) -> int:
    """`5000`, `5,000`, `5k`, `1.5k`: a whole amount."""
    word = _fold(text).replace(",", "")
    mult = 1
    if word.endswith("k"):
        word, mult = word[:-1], 1000
    try:
        value = float(word) * mult if "." in word else int(word) * mult
    except ValueError:
        raise FloorcallError("not_an_amount", at=at, word=text) from None
    if value != int(value) or value < 0:
        raise FloorcallError("not_an_amount", at=at, word=text)
    return int(value)


def read_deal(args: str, offset: int) -> tuple[str, dict[str, int], list[int], int, int | None]:
    words = tokens(args, offset)
    if not words or _fold(words[0].text) not in KIND_WORDS:
        raise FloorcallError("deal_kind", at=words[0].at if words else offset, word=words[0].text if words else "")
    kind = KIND_WORDS[_fold(words[0].text)]
    stacks: dict[str, int] = {}
    prizes: list[int] = []
    keep, keep_at = 0, None
    part = "stacks"
    i = 1
    while i < len(words):
        tok = words[i]
        word = _fold(tok.text)
        if word in PRIZE_WORDS:
            part, i = "prizes", i + 1
            continue
        if word in KEEP_WORDS:
            if i + 1 >= len(words):
                raise FloorcallError("keep_amount", at=tok.at + len(tok.text))
            keep, keep_at = _money(words[i + 1].text, words[i + 1].at), words[i + 1].at
            i += 2
            continue
        if part == "stacks":
            if i + 1 >= len(words) or _fold(words[i + 1].text) in PRIZE_WORDS:
                raise FloorcallError("stack_missing", at=tok.at + len(tok.text), player=tok.text)
            if tok.text.casefold() in {p.casefold() for p in stacks}:
                raise FloorcallError("deal_player_twice", at=tok.at, player=tok.text)
            chips = _money(words[i + 1].text, words[i + 1].at)
            if chips == 0:
                raise FloorcallError("stack_zero", at=words[i + 1].at, player=tok.text)
            stacks[tok.text] = chips
            i += 2
            continue
        prize = _money(tok.text.split(":")[-1], tok.at)
        if prizes and prize > prizes[-1]:
            raise FloorcallError("prizes_order", at=tok.at, prize=prize, before=prizes[-1])
        prizes.append(prize)
        i += 1
    if not stacks:
        raise FloorcallError("deal_no_stacks", at=words[0].at + len(words[0].text))
    if not prizes:
        raise FloorcallError("deal_no_prizes", at=offset + len(args.rstrip()))
    return kind, stacks, prizes, keep, keep_at


def _cents(value: float) -> float:
    return round(value, 2)


def handle_deal(args: str, offset: int, ctx: Context) -> Reply:
    from engine.desk.deal import deal

    kind, stacks, prizes, keep, keep_at = read_deal(args, offset)
    rules = ctx.ruleset.desk
    result = deal("icm" if kind == "icm" else "chip", stacks, prizes, keep, rules, keep_at)
    lang = ctx.lang
    amounts = {p: _cents(float(a)) for p, a in result.amounts.items()}
    fields = [Field(TEXT("deal_player", lang, player=p, chips=f"{stacks[p]:,}"), f"{amounts[p]:,.2f}")
              for p in stacks]
    if kind == "chip":
        fields.append(Field(TEXT("f_why", lang), TEXT("chop_how", lang, floor=f"{result.guaranteed:,}")))
    else:
        fields.append(Field(TEXT("f_why", lang), TEXT("icm_how", lang)))
    if keep:
        fields.append(Field(TEXT("f_keep", lang), TEXT("keep_line", lang, keep=f"{keep:,}")))
    headline = TEXT("deal_icm_headline" if kind == "icm" else "deal_chip_headline", lang,
                    pool=f"{result.pool - keep:,}", count=len(stacks))
    data: dict[str, Any] = {"equity" if kind == "icm" else "shares": amounts, "pool": result.pool}
    if keep:
        data["left_to_play"] = keep
    return _reply("deal", ctx, headline, fields, result.citations, data)


# -- payouts --------------------------------------------------------------------------------

POOL_WORDS = ("pool", "プール", "賞金総額", "풀", "총상금")
BUYIN_WORDS = ("buyin", "buy-in", "バイイン", "参加費", "바이인", "참가비")
PRESET_WORDS = ("preset", "プリセット", "프리셋")
UNIT_WORDS = ("unit", "単位", "단위")


def handle_payouts(args: str, offset: int, ctx: Context) -> Reply:
    from engine.desk.payouts import DEFAULT_PRESET, payouts, presets

    words = tokens(args, offset)
    if not words:
        raise FloorcallError("payouts_entries", at=offset, word="")
    try:
        entries = int(_fold(words[0].text))
    except ValueError:
        raise FloorcallError("payouts_entries", at=words[0].at, word=words[0].text) from None
    if entries < 2:
        raise FloorcallError("payouts_entries", at=words[0].at, word=words[0].text)
    pool: int | None = None
    buyin: int | None = None
    preset, unit = DEFAULT_PRESET, 1
    i = 1
    while i < len(words):
        tok, word = words[i], _fold(words[i].text)
        if i + 1 >= len(words):
            raise FloorcallError("payouts_value", at=tok.at + len(tok.text), word=tok.text)
        value = words[i + 1]
        if word in POOL_WORDS or word in BUYIN_WORDS:
            if pool is not None:
                raise FloorcallError("payouts_pool_twice", at=tok.at)
            amount = _money(value.text, value.at)
            if word in BUYIN_WORDS:
                buyin, pool = amount, amount * entries
            else:
                pool = amount
        elif word in PRESET_WORDS:
            preset = value.text.casefold()
            if preset not in presets():
                raise FloorcallError("payouts_preset", at=value.at, word=value.text, names=", ".join(presets()),
                                     hint=DEFAULT_PRESET)
        elif word in UNIT_WORDS:
            unit = _money(value.text, value.at)
            if unit == 0:
                raise FloorcallError("not_an_amount", at=value.at, word=value.text)
        else:
            raise FloorcallError("payouts_word", at=tok.at, word=tok.text)
        i += 2
    if pool is None:
        raise FloorcallError("payouts_no_pool", at=offset + len(args.rstrip()))
    result = payouts(entries, pool, preset, unit, words[0].at)
    if result.amounts[-1] <= 0:
        raise FloorcallError("payouts_unit_too_big", at=None, unit=unit, places=len(result.amounts))
    lang = ctx.lang
    fields = [Field(TEXT("place", lang, place=k), f"{a:,}", inline=True) for k, a in enumerate(result.amounts, 1)]
    headline = TEXT("payouts_headline", lang, entries=entries, pool=f"{pool:,}", places=len(result.amounts),
                    preset=preset, unit=f"{unit:,}")
    if buyin is not None:
        fields.insert(0, Field(TEXT("f_pool", lang), TEXT("pool_from_buyin", lang, entries=entries,
                                                          buyin=f"{buyin:,}", pool=f"{pool:,}")))
    data = {"places": [{"place": k, "amount": a} for k, a in enumerate(result.amounts, 1)], "pool": pool,
            "preset": preset, "unit": unit}
    return _reply("payouts", ctx, headline, fields, (), data)


# -- bust -----------------------------------------------------------------------------------

LEFT_WORDS = ("left", "残り", "남은", "잔여")
PAID_WORDS = ("paid", "入賞", "입상", "itm")
STACK_WORDS = ("stacks", "stack", "スタック", "스택")


def _count(tok_text: str, at: int) -> int:
    word = _fold(tok_text)
    for suffix in ("人", "명", "位", "위"):
        word = word.removesuffix(suffix)
    if not word.isdigit():
        raise FloorcallError("bust_number", at=at, word=tok_text)
    return int(word)


def handle_bust(args: str, offset: int, ctx: Context) -> Reply:
    from engine.desk.bust import bust_places

    words = tokens(args.replace(",", " ").replace("、", " "), offset)
    players: list[str] = []
    left = paid = None
    bba, bb_player = 0, None
    stacks: dict[str, int] = {}
    prizes: dict[int, int] = {}
    part = "players"
    i = 0
    while i < len(words):
        tok, word = words[i], _fold(words[i].text)
        if word in LEFT_WORDS or word in PAID_WORDS or word in ("bba", "bb"):
            if i + 1 >= len(words):
                raise FloorcallError("payouts_value", at=tok.at + len(tok.text), word=tok.text)
            value = words[i + 1]
            if word in LEFT_WORDS:
                left = _count(value.text, value.at)
            elif word in PAID_WORDS:
                paid = _count(value.text, value.at)
            elif word == "bba":
                bba = _money(value.text, value.at)
            else:
                if value.text.casefold() not in {p.casefold() for p in players}:
                    raise FloorcallError("bust_bb_not_out", at=value.at, player=value.text)
                bb_player = next(p for p in players if p.casefold() == value.text.casefold())
            part, i = "options", i + 2
            continue
        if word in STACK_WORDS:
            part, i = "stacks", i + 1
            continue
        if word in PRIZE_WORDS:
            part, i = "prizes", i + 1
            continue
        if part == "players":
            if word in {p.casefold() for p in players}:
                raise FloorcallError("bust_twice", at=tok.at, player=tok.text)
            players.append(tok.text)
            i += 1
        elif part == "stacks":
            if tok.text.casefold() not in {p.casefold() for p in players}:
                raise FloorcallError("bust_stack_not_out", at=tok.at, player=tok.text)
            if i + 1 >= len(words):
                raise FloorcallError("stack_missing", at=tok.at + len(tok.text), player=tok.text)
            name = next(p for p in players if p.casefold() == tok.text.casefold())
            stacks[name] = _money(words[i + 1].text, words[i + 1].at)
            i += 2
        elif part == "prizes":
            place, colon, amount = tok.text.partition(":")
            if not colon:
                raise FloorcallError("bust_prize", at=tok.at, word=tok.text)
            prizes[_count(place, tok.at)] = _money(amount, tok.at + len(place) + 1)
            i += 1
        else:
            raise FloorcallError("payouts_word", at=tok.at, word=tok.text)
    if not players:
        raise FloorcallError("bust_nobody", at=offset)
    if left is None or paid is None:
        raise FloorcallError("bust_left_paid", at=offset + len(args.rstrip()))
    result = bust_places(players, left, paid, stacks, prizes, bba, bb_player, ctx.ruleset.desk)
    lang = ctx.lang
    sep = TEXT("list_sep", lang)

    def money(x: Any) -> float | int | None:
        if x is None:
            return None
        return int(x) if x.denominator == 1 else round(float(x), 2)

    fields: list[Field] = []
    for p, finished in sorted(result.places.items(), key=lambda kv: kv[1]):
        fields.append(Field(TEXT("place", lang, place=finished), p, inline=True))
    for s in result.shared:
        each = money(s.each)
        fields.append(Field(TEXT("f_shared", lang), TEXT("shared_line" if each is not None else "shared_line_no_prize",
                                                          lang, players=sep.join(s.players),
                                                          places=sep.join(str(p) for p in s.places),
                                                          each=f"{each:,}" if each is not None else "")))
    if result.bubble:
        fields.append(Field(TEXT("f_why", lang), TEXT("bubble_why", lang, paid=paid, left=left, count=len(players))))
    elif result.counted and len(players) > 1:
        key = "order_why_bba" if bba and bb_player else "order_why"
        fields.append(Field(TEXT("f_why", lang), TEXT(key, lang, player=bb_player or "", bba=f"{bba:,}")))
    headline = TEXT("bust_headline", lang, count=len(players), left=left, after=left - len(players))
    data: dict[str, Any] = {"places": dict(sorted(result.places.items(), key=lambda kv: kv[1]))}
    if result.shared:
        data["shared"] = [{"players": list(s.players), "places": list(s.places), "each": money(s.each)}
                          for s in result.shared]
    return _reply("bust", ctx, headline, fields, result.citations, data)


# -- break ----------------------------------------------------------------------------------

def handle_break(args: str, offset: int, ctx: Context) -> Reply:
    import random

    from engine.desk.breaking import break_table

    words = tokens(args, offset)
    if not words:
        raise FloorcallError("break_name", at=offset)
    name_tok = words[0]
    broken = name_tok.text.rstrip(";；")
    rest_at = name_tok.at - offset + len(name_tok.text)
    seed: int | None = None
    pieces: list[str] = []
    rest = args[rest_at:]
    for piece, at in split_on(rest, offset + rest_at, ";；"):
        toks = tokens(piece, at)
        if toks and _fold(toks[0].text) in SEED_WORDS:
            if len(toks) < 2 or not toks[1].text.isdigit():
                raise FloorcallError("seed_number", at=toks[0].at + len(toks[0].text))
            seed = int(toks[1].text)
            if len(toks) == 2:
                pieces.append(" " * len(piece))
                continue
            cut = toks[2].at - at
            piece = " " * cut + piece[cut:]
        pieces.append(piece)
    text = ";".join(pieces)
    tables = read_tables(text, offset + rest_at)
    if seed is None:  # a fresh draw, its seed said so that it can be dealt again
        seed = random.SystemRandom().randrange(1_000_000)
    result = break_table(broken, tables, ctx.ruleset.desk, seed, name_tok.at)
    lang = ctx.lang
    sep = TEXT("list_sep", lang)
    fields = [Field(TEXT("f_move", lang), TEXT("move_line", lang, player=m.player, table=m.from_table,
                                               seat=m.from_seat, to_table=m.to_table, to_seat=m.to_seat))
              for m in result.moves]
    fields.append(Field(TEXT("f_draw", lang), sep.join(f"{m.player} {result.cards[m.player]}" for m in result.moves)))
    if result.waits:
        fields.append(Field(TEXT("f_waits", lang), TEXT("waits_line", lang, players=sep.join(result.waits))))
    fields.append(Field(TEXT("f_counts", lang), sep.join(
        TEXT("count_item", lang, table=t, count=c) for t, c in result.counts.items())))
    headline = TEXT("break_headline", lang, table=result.broken, count=len(result.moves), seed=seed)
    data = {"moves": [{"player": m.player, "from": {"table": m.from_table, "seat": m.from_seat},
                       "to": {"table": m.to_table, "seat": m.to_seat}} for m in result.moves],
            "waits": list(result.waits), "counts": dict(result.counts), "seed": seed}
    return _reply("break", ctx, headline, fields, result.citations, data)
