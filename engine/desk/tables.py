"""Reading the desk's tables notation into typed tables, every error at its place in the line.

    [9-max;] T1 btn 2: 1 A, 2 B, 3 C, 5 D; T2 btn 6: 1 E, 2 F

A table is a name (may be left out when only one table is typed), `btn S` (the seat with the
button in the hand being played) and its seats. A seat typed twice, a player at two seats or
tables, a seat beyond the table's size are refused where they were typed.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from engine.errors import FloorcallError

DEFAULT_SIZE = 9
MAX_SIZE = 12
BUTTON_WORDS = ("btn", "button", "bu", "d", "ボタン", "btn:", "버튼", "ディーラー", "딜러")
_MAX_SUFFIXES = ("-max", "max", "人制", "人", "인", "명")


@dataclass(frozen=True)
class Token:
    text: str
    at: int


@dataclass
class Table:
    """One table as typed: `seats` maps a seat number to its player; `button` the button's seat
    in the hand being played (it may be an empty seat: a dead button, 34)."""

    name: str
    size: int
    button: int
    seats: dict[int, str]
    at: int
    button_at: int
    seat_at: dict[int, int] = field(default_factory=dict)

    def occupied(self) -> list[int]:
        return sorted(self.seats)

    def clockwise_from(self, seat: int) -> list[int]:
        """Every seat number after `seat`, clockwise, ending with `seat` itself."""
        return [(seat + i - 1) % self.size + 1 for i in range(1, self.size + 1)]

    def next_occupied(self, seat: int, skip: frozenset[int] = frozenset()) -> int | None:
        for s in self.clockwise_from(seat):
            if s in self.seats and s not in skip:
                return s
        return None


def tokens(text: str, offset: int) -> list[Token]:
    """Words of `text` with their offsets in the whole line (NFKC: full-width digits read as digits)."""
    out: list[Token] = []
    i = 0
    norm = unicodedata.normalize("NFKC", text) if not text.isascii() else text
    if len(norm) != len(text):  # NFKC changed the length: keep the typed text, offsets must hold
        norm = text
    while i < len(norm):
        if norm[i].isspace():
            i += 1
            continue
        j = i
        while j < len(norm) and not norm[j].isspace():
            j += 1
        out.append(Token(norm[i:j], offset + i))
        i = j
    return out


def split_on(text: str, offset: int, seps: str) -> list[tuple[str, int]]:
    """`text` cut at any of `seps`, each piece with its offset (empty pieces kept out)."""
    pieces: list[tuple[str, int]] = []
    start = 0
    for i, ch in enumerate(text):
        if ch in seps:
            pieces.append((text[start:i], offset + start))
            start = i + 1
    pieces.append((text[start:], offset + start))
    return [(p, at) for p, at in pieces if p.strip()]


def seat_number(tok: Token, what: str = "seat") -> int:
    word = unicodedata.normalize("NFKC", tok.text)
    for suffix in ("番席", "番", "席", "번석", "번"):
        if word.endswith(suffix) and len(word) > len(suffix):
            word = word[: -len(suffix)]
            break
    if not word.isdigit():
        raise FloorcallError("not_a_seat", at=tok.at, word=tok.text, what=what)
    return int(word)


def read_size(piece: str, at: int) -> int | None:
    """`9-max`, `6max`, `9人`, `9인`: the table size; None when `piece` is not one."""
    word = unicodedata.normalize("NFKC", piece.strip()).casefold()
    for suffix in _MAX_SUFFIXES:
        if word.endswith(suffix) and word[: -len(suffix)].isdigit():
            size = int(word[: -len(suffix)])
            if not 2 <= size <= MAX_SIZE:
                raise FloorcallError("bad_size", at=at, size=size, limit=MAX_SIZE)
            return size
    return None


def _is_button_word(word: str) -> bool:
    return unicodedata.normalize("NFKC", word).casefold() in BUTTON_WORDS


def read_table(piece: str, at: int, size: int, default_name: str) -> Table:
    """One table: `[name] btn S: seat player, seat player ...`."""
    colon = max(piece.find(":"), piece.find("："))
    if colon < 0:
        raise FloorcallError("table_no_colon", at=at + len(piece.rstrip()), table=piece.strip())
    head = tokens(piece[:colon], at)
    button_tok: Token | None = None
    name = default_name
    name_at = head[0].at if head else at
    for i, tok in enumerate(head):
        if _is_button_word(tok.text):
            if i + 1 >= len(head):
                raise FloorcallError("no_button", at=tok.at + len(tok.text), table=name)
            button_tok = head[i + 1]
            if i >= 1:
                name = " ".join(t.text for t in head[:i])
            break
    if button_tok is None:
        if head:
            name = " ".join(t.text for t in head)
        raise FloorcallError("no_button", at=at + colon, table=name)
    button = seat_number(button_tok, "button")
    if not 1 <= button <= size:
        raise FloorcallError("seat_out_of_range", at=button_tok.at, seat=button, size=size, table=name)
    seats: dict[int, str] = {}
    seat_at: dict[int, int] = {}
    by_name: dict[str, int] = {}
    for entry, entry_at in split_on(piece[colon + 1:], at + colon + 1, ",、，"):
        words = tokens(entry, entry_at)
        if len(words) < 2:
            raise FloorcallError("seat_no_player", at=words[0].at if words else entry_at, table=name,
                                 word=entry.strip())
        seat = seat_number(words[0])
        if not 1 <= seat <= size:
            raise FloorcallError("seat_out_of_range", at=words[0].at, seat=seat, size=size, table=name)
        if seat in seats:
            raise FloorcallError("seat_twice", at=words[0].at, seat=seat, table=name, player=seats[seat])
        player = words[1].text
        if player.casefold() in by_name:
            raise FloorcallError("player_twice_table", at=words[1].at, player=player, table=name,
                                 seat=by_name[player.casefold()], other=seat)
        if len(words) > 2:
            raise FloorcallError("seat_extra", at=words[2].at, word=words[2].text, player=player)
        seats[seat] = player
        seat_at[seat] = words[0].at
        by_name[player.casefold()] = seat
    if not seats:
        raise FloorcallError("table_empty", at=at + colon + 1, table=name)
    return Table(name, size, button, seats, name_at, button_tok.at, seat_at)


def read_tables(text: str, offset: int) -> list[Table]:
    """Every table of `text` (pieces split by `;`), the size first if typed."""
    pieces = split_on(text, offset, ";；")
    if not pieces:
        raise FloorcallError("no_tables", at=offset)
    size = DEFAULT_SIZE
    first, first_at = pieces[0]
    read = read_size(first, first_at + len(first) - len(first.lstrip()))
    if read is not None:
        size = read
        pieces = pieces[1:]
        if not pieces:
            raise FloorcallError("no_tables", at=first_at + len(first))
    tables = [read_table(p, at, size, f"T{i + 1}") for i, (p, at) in enumerate(pieces)]
    check_unique(tables)
    return tables


def check_unique(tables: list[Table]) -> None:
    """A table name typed twice, or a player seated at two tables, is refused at the second."""
    names: dict[str, Table] = {}
    players: dict[str, Table] = {}
    for t in tables:
        if t.name.casefold() in names:
            raise FloorcallError("table_twice", at=t.at, table=t.name)
        names[t.name.casefold()] = t
        for seat, player in t.seats.items():
            other = players.get(player.casefold())
            if other is not None:
                raise FloorcallError("player_two_tables", at=t.seat_at[seat], player=player,
                                     table=t.name, other=other.name)
            players[player.casefold()] = t
