"""A pasted hand history (PHH, the open TOML format, or a PokerStars-style client's hand text) read
as the notation the same hand is typed in, so `ruling` and `pot` answer it as they answer a
typed hand: every action checked against the rules in force (a raise short of the minimum, a
bet that did not reopen, an action out of turn), the pots and who wins them.

PokerKit reads the files (`pokerkit.HandHistory.loads` for PHH, its `PokerStarsParser` for client
text) and ranks the hands shown at the showdown (cards speak, 13); it is imported here, on the
first hand history only: it costs 0.4–0.7 s to import (measured: a first hand history answers in about 0.45 s, the next in 7–10 ms), and neither the typed ruling path nor
the console's cold start may pay that. What is read comes back as one notation line
(`HandText.line`), which the reply shows, so what the floor checks is what the bot read.

A file that cannot be read says which line and why (`hh_*` errors, handlers/locales/hand-history.toml).
"""

from __future__ import annotations

import contextlib
import io
import re
import tomllib
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, cast

from engine.errors import FloorcallError
from engine.notation.money import PREFIX_SIGNS

# PHH: TOML with a variant and the actions; client text: the client's first words.
_PHH_MARK = re.compile(r"^\s*(variant|actions)\s*=", re.MULTILINE)
_CLIENT_MARK = re.compile(r"^\s*PokerStars (Hand|Game) #", re.MULTILINE)
# The games the notation plays: no limit and fixed limit hold'em, pot-limit Omaha.
_GAMES = {"NT": "NL", "FT": "FL", "PO": "PLO"}
MAX_HISTORY = 50_000  # characters: a long tournament hand is about 5,000


@dataclass(frozen=True, slots=True)
class HandText:
    line: str  # the hand in the notation (header, streets, showdown)
    source: str  # "phh" or "client"
    # What the file says each player collected from the pots (the client's `collected` lines, PHH
    # `winnings`), when it says; the reply sets it beside what the rules give.
    paid: dict[str, Decimal] | None = None


def kind_of(text: str) -> str | None:
    """"phh", "client" or None (typed notation: nearly every line, one pattern each)."""
    if "=" in text and _PHH_MARK.search(text) and "\n" in text:
        return "phh"
    if "PokerStars" in text and _CLIENT_MARK.search(text):
        return "client"
    return None


def read_history(text: str) -> HandText:
    """The hand of a pasted hand history, as notation; FloorcallError (hh_*) when it cannot be read."""
    if len(text) > MAX_HISTORY:
        raise FloorcallError("hh_too_long", at=None, length=len(text), limit=MAX_HISTORY)
    kind = kind_of(text)
    if kind == "client":
        hh = _from_client(text)
        return HandText(_notation(hh, text), "client", _client_paid(text))
    hh = _from_phh(text)
    return HandText(_notation(hh, text), "phh", _phh_paid(hh))


_COLLECTED = re.compile(r"^(?P<player>.+?) collected \(?\D?(?P<amount>[0-9][0-9.,]*)\)?(?: from .*)?$")


def _client_paid(text: str) -> dict[str, Decimal] | None:
    """`Brian Rast collected $93 from side pot`, summed per player (the summary's seat lines repeat
    them and are left out); None when the text says nothing of who collected."""
    paid: dict[str, Decimal] = {}
    for row in text.splitlines():
        row = row.strip()
        if row.startswith("Seat ") or (m := _COLLECTED.match(row)) is None:
            continue
        paid[m.group("player")] = paid.get(m.group("player"), Decimal(0)) + Decimal(m.group("amount").replace(",", ""))
    return paid or None


def _phh_paid(hh: Any) -> dict[str, Decimal] | None:
    winnings = getattr(hh, "winnings", None)
    if not winnings or not any(winnings):
        return None
    names = [str(p) for p in (hh.players or [f"p{i + 1}" for i in range(len(hh.starting_stacks))])]
    return {n: Decimal(str(w)) for n, w in zip(names, winnings, strict=False) if w}


def _value(text: str) -> Decimal:
    return Decimal(text)


def _from_phh(text: str) -> Any:
    try:
        tomllib.loads(text, parse_float=_value)
    except tomllib.TOMLDecodeError as err:
        m = re.search(r"line (\d+)", str(err))
        raise FloorcallError("hh_toml", at=None, line=int(m.group(1)) if m else 1,
                             detail=str(err).split(" (at")[0]) from None
    from pokerkit import HandHistory  # (only here: see the module's docstring)

    try:
        return HandHistory.loads(text, parse_value=cast(Any, _value))  # (Decimal: PokerKit's hint says int)
    except (TypeError, ValueError, KeyError) as err:
        missing = re.findall(r"'(\w+)'", str(err))
        field = missing[0] if missing else "variant"
        raise FloorcallError("hh_field", at=None, line=_line_of(text, field), field=field) from None


def _from_client(text: str) -> Any:
    # PokerKit passes over a line it has no pattern for (and then repairs the hand round it): a
    # line the client never writes is refused here first, by number.
    for n, row in enumerate(text.splitlines(), 1):
        if row.strip() and not _CLIENT_LINE.match(row.strip()):
            raise FloorcallError("hh_client", at=None, line=n, text=row.strip()[:80])
    from pokerkit import PokerStarsParser

    quiet = io.StringIO()
    try:
        with contextlib.redirect_stderr(quiet), warnings_off():
            hands = list(PokerStarsParser()(text, parse_value=cast(Any, _value), error_status=True))
    except (ValueError, KeyError, IndexError) as err:
        line = _client_line(text, str(err))
        raise FloorcallError("hh_client", at=None, line=line, text=_line_text(text, line)) from None
    if not hands:
        raise FloorcallError("hh_client", at=None, line=1, text=_line_text(text, 1))
    if len(hands) > 1:
        raise FloorcallError("hh_several", at=None, count=len(hands))
    return hands[0]


@contextlib.contextmanager
def warnings_off() -> Any:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


_CLIENT_LINE = re.compile(
    r"^(PokerStars |Table |Seat \d+: |\*\*\* |Dealt to |Uncalled bet |Total pot |Board |.+: (posts|folds|checks|calls|bets"
    r"|raises|shows|mucks|doesn't show|is sitting out|sits out)|.+ (collected|said|is disconnected|has timed out"
    r"|leaves the table|joins the table|is connected|was removed|will be allowed|finished the tournament)|.+ wins)")


def _client_line(text: str, message: str) -> int:
    """Where a client hand stopped making sense: the first line of a kind the client never
    writes, or the action PokerKit could not play, or else the first betting line."""
    lines = text.splitlines()
    for n, row in enumerate(lines, 1):
        if row.strip() and not _CLIENT_LINE.match(row.strip()):
            return n
    for n, row in enumerate(lines, 1):
        if re.search(r": (bets|raises|calls|checks|folds)", row):
            last = n
    return locals().get("last", 1)


def _line_text(text: str, line: int) -> str:
    rows = text.splitlines()
    return rows[line - 1].strip()[:80] if 0 < line <= len(rows) else ""


def _line_of(text: str, needle: str) -> int:
    for n, row in enumerate(text.splitlines(), 1):
        if needle in row:
            return n
    return 1


def _amount(value: Any) -> str:
    """A number as the notation types it: `100`, `0.5`, `1050.25`."""
    d = Decimal(str(value))
    if d == d.to_integral_value():
        return str(int(d))
    return format(d.normalize(), "f")


def _name(name: str) -> str:
    return f'"{name}"' if re.search(r"\s", name) else name


def _action_line(text: str, k: int, action: str) -> int:
    """The file line of the k-th action (its first occurrence after the `actions` key)."""
    start = _line_of(text, "actions")
    rows = text.splitlines()
    seen = 0
    for n in range(start - 1, len(rows)):
        row = rows[n]
        for _m in re.finditer(r'"([^"]*)"', row):
            if seen == k:
                return n + 1
            seen += 1
    return start


def _notation(hh: Any, text: str) -> str:
    """A PokerKit `HandHistory` as one notation line."""
    game = _GAMES.get(str(hh.variant))
    if game is None:
        raise FloorcallError("hh_game", at=None, line=_line_of(text, "variant"), variant=str(hh.variant))
    stacks = list(hh.starting_stacks)
    count = len(stacks)
    names = [str(p) for p in (hh.players or [f"p{i + 1}" for i in range(count)])]
    if len(names) != count or count < 2:
        raise FloorcallError("hh_field", at=None, line=_line_of(text, "players"), field="players")
    code = {f"p{i + 1}": i for i in range(count)}
    blinds = [Decimal(str(b)) for b in (hh.blinds_or_straddles or [0] * count)]
    blinds += [Decimal(0)] * (count - len(blinds))
    antes = [Decimal(str(a)) for a in (hh.antes or [0] * count)]
    antes += [Decimal(0)] * (count - len(antes))
    if count == 2:  # PokerKit (and PHH) heads-up: the first listed is posted by p2, the button
        blinds.reverse()
        antes.reverse()
    posted = [i for i, b in enumerate(blinds) if b > 0]
    if len(posted) != 2 or any(b < 0 for b in blinds):
        raise FloorcallError("hh_blinds", at=None, line=_line_of(text, "blinds_or_straddles"))
    first, second = posted
    sb_at, bb_at = (first, second) if blinds[first] <= blinds[second] else (second, first)
    sb, bb = blinds[sb_at], blinds[bb_at]
    button = sb_at if count == 2 else (sb_at - 1) % count
    sign = str(getattr(hh, "currency_symbol", None) or "")
    sign = sign if sign in PREFIX_SIGNS else ""  # `$0.5/$1`: the reply shows the sign (engine.notation.money)
    header = [game, f"{sign}{_amount(sb)}/{sign}{_amount(bb)}"]
    if any(antes):
        if len({a for a in antes}) == 1:
            header += ["ante", _amount(antes[0])]
        elif [i for i, a in enumerate(antes) if a] == [bb_at]:
            header += ["bba", _amount(antes[bb_at])]
        else:
            raise FloorcallError("hh_antes", at=None, line=_line_of(text, "antes"))
    header.append("stacks")
    for name, stack in zip(names, stacks, strict=True):
        header += [_name(name), _amount(stack)]
    header += ["button", _name(names[button])]
    left = [Decimal(str(s)) for s in stacks]
    for i in range(count):  # antes, then the blinds
        take = min(left[i], antes[i] if antes[i] and (len({a for a in antes}) == 1 or i == bb_at) else 0)
        left[i] -= take
    put = [Decimal(0)] * count
    for i in (sb_at, bb_at):
        put[i] = min(blinds[i], left[i])
        left[i] -= put[i]
    level = max(put)
    streets: list[list[str]] = [[]]
    street_names = ["preflop", "flop", "turn", "river"]
    folded: set[int] = set()
    hole: dict[int, str] = {}
    shown: dict[int, str] = {}
    board = ""
    for k, raw in enumerate(hh.actions):
        action = str(raw).split("#", 1)[0].strip()
        words = action.split()
        line = _action_line(text, k, action)
        if not words:
            continue
        if words[0] == "d":
            if len(words) >= 3 and words[1] == "dh" and words[2] in code:
                if len(words) > 3 and "?" not in words[3]:
                    hole[code[words[2]]] = words[3]
                continue
            if len(words) >= 3 and words[1] == "db":
                if len(streets) >= 4:
                    raise FloorcallError("hh_action", at=None, line=line, action=action)
                board += words[2]
                streets.append([])
                put = [Decimal(0)] * count
                level = Decimal(0)
                continue
            raise FloorcallError("hh_action", at=None, line=line, action=action)
        who = code.get(words[0])
        if who is None or len(words) < 2:
            raise FloorcallError("hh_action", at=None, line=line, action=action)
        name = _name(names[who])
        verb = words[1]
        if verb == "f":
            folded.add(who)
            streets[-1].append(f"{name} fold")
        elif verb == "cc":
            if put[who] < level and left[who] > 0:
                pay = min(level - put[who], left[who])
                put[who] += pay
                left[who] -= pay
                streets[-1].append(f"{name} call")
            else:
                streets[-1].append(f"{name} check")
        elif verb == "cbr" and len(words) >= 3:
            to = Decimal(words[2])
            word = "bet" if level == 0 else "raise"
            if to >= put[who] + left[who]:
                word = "allin"
            left[who] -= max(Decimal(0), min(to - put[who], left[who]))
            put[who] = to
            level = max(level, to)
            streets[-1].append(f"{name} {word} {_amount(to)}")
        elif verb == "sm":
            if len(words) >= 3 and words[2] != "-":
                shown[who] = words[2]
            elif len(words) < 3 and who in hole:
                shown[who] = hole[who]
        elif verb == "sd":
            raise FloorcallError("hh_game", at=None, line=line, variant=str(hh.variant))
        else:
            raise FloorcallError("hh_action", at=None, line=line, action=action)
    parts = [" ".join(header)]
    bodies = []
    for n, acts in enumerate(streets):
        if acts or n == 0:
            bodies.append(f"{street_names[n]}: " + ", ".join(acts))
    notation = parts[0] + " " + "; ".join(bodies)
    live = [i for i in range(count) if i not in folded]
    if len(live) > 1 and any(i in shown or i in hole for i in live) and len(board) >= 10:  # five board cards
        notation += "; showdown: " + _showdown(game, live, shown, hole, board, names)
    return notation


def _showdown(game: str, live: list[int], shown: dict[int, str], hole: dict[int, str], board: str,
              names: list[str]) -> str:
    """`A > B = C; D mucks`: the live hands ranked from the cards shown (13), PokerKit's evaluator."""
    from pokerkit import OmahaHoldemHand, StandardHighHand

    kind = OmahaHoldemHand if game == "PLO" else StandardHighHand
    ranked: list[tuple[Any, int]] = []
    mucked = []
    for i in live:
        if i in shown:
            ranked.append((kind.from_game(shown[i], board), i))
        elif i in hole:  # dealt face up in the file: the cards speak (13), tabled or not (17)
            ranked.append((kind.from_game(hole[i], board), i))
        else:
            mucked.append(i)
    ranked.sort(key=lambda x: x[0], reverse=True)
    groups: list[list[int]] = []
    previous: Any = None
    for hand, i in ranked:
        if groups and not hand < previous and not previous < hand:  # a tie: one group
            groups[-1].append(i)
        else:
            groups.append([i])
        previous = hand
    text = " > ".join(" = ".join(_name(names[i]) for i in g) for g in groups)
    if mucked:
        text += "; " + ", ".join(f"{_name(names[i])} mucks" for i in mucked)
    return text


# Where a file goes on after the rules have changed the hand (a raise that was not open stands as a
# call, so the round is over; a player left out before the next street), the engine refuses the
# line there; these are the refusals a ruling at that point answers.
STOPS = frozenset({"round_over", "street_unfinished", "hand_already_over"})
_ITEM_START = re.compile(r"(?:^|[,;:]\s*)(?=\S)")


def stop_point(line: str, at: int, code: str, hint: str | None) -> tuple[str, str] | None:
    """(the notation up to where the file goes wrong, with the question for the player there; the
    part of the file not played), or None. `at` is the engine's offset in `line`."""
    if code not in STOPS or not 0 < at < len(line):
        return None
    if code == "street_unfinished":  # `at` is the next street's word; the hint names who must act
        who = (hint or "").split(" ")[0]
        if not who:
            return None
        head = line[:at].rstrip().rstrip(";").rstrip()
        return f"{head}, {who}?", line[at:].split(";")[0].strip()
    starts = [m.end() for m in _ITEM_START.finditer(line, 0, at + 1)]
    start = starts[-1] if starts else at
    item = line[start:].split(",")[0].split(";")[0].strip()
    who = item.split(" ")[0] if not item.startswith('"') else item[:item.index('"', 1) + 1]
    head = line[:start].rstrip().rstrip(",;").rstrip()
    return f"{head}, {who}?", item
