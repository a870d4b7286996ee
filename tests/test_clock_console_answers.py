"""Red-team round on the player clock (December 2026): what a tournament director typed at the
console and what the clock answered wrongly or unclearly, each pinned here."""

from __future__ import annotations

import io
import json

import pytest

from engine.errors import FloorcallError
from handlers import console
from handlers.clock import parse_request, player_key
from handlers.clock.model import ManualTime
from handlers.context import Context
from handlers.dispatch import handle
from handlers.i18n import LANGS
from tests.timefixtures import T0


# "clock on seat 4" used to put "on seat 4" on the clock.
@pytest.mark.parametrize(
    ("args", "player", "facing"),
    [
        ("on seat 4", "seat 4", None),
        ("on Bob facing:bet", "Bob", "bet"),
        ("on", "on", None),  # a player called "on" is still a player
        ("A bet", "A", "bet"),  # used to be a player called "A bet"
        ("A no bet", "A", "no_bet"),
        ("A facing a bet", "A", "bet"),  # used to be refused: "a" is not a facing value
        ("Bet", "Bet", None),
        ("4番席 ノーベット", "4番席", "no_bet"),  # was a player "4番席 ノーベット"
        ("4번 노벳", "4번", "no_bet"),
    ],
)
def test_the_player_is_read_as_a_td_types_it(args, player, facing):
    r = parse_request(args)
    assert (r.player, r.facing) == (player, facing)


@pytest.mark.parametrize("word", ["<@12345>", "<@!12345>", "<@&999>", "<#42>", "@everyone", "@here"])
def test_a_mention_is_refused_with_a_hint_in_every_language(word):
    """The clock's message escapes mentions, so `<@12345>` showed as a number nobody can read."""
    text = f"clock {word} facing:bet"
    messages = set()
    for lang in LANGS:
        data = handle(text, Context(lang=lang)).to_json()
        assert data["ok"] is False
        err = data["error"]
        assert (err["code"], err["at"], err["hint"]) == ("player_mention", 6, {"ja": "4番席", "ko": "4번 좌석"}.get(lang, "seat 4"))
        assert word in err["message"]
        messages.add(err["message"])
    assert len(messages) == 3


def test_a_name_with_an_at_sign_inside_is_still_a_name(fake_time):
    assert handle("clock Bob@home", Context()).to_json()["player"] == "Bob@home"


@pytest.mark.parametrize("typed", ["4", "#4", "seat 4", "Seat 04", "ＳＥＡＴ４", "4番", "4番席", "席4", "4번", "4번 좌석",
                                   "좌석 4", "4번석"])
def test_one_seat_is_one_key_however_it_is_typed(typed):
    """Two clocks on one seat: `clock 4` then `clock 4番席` were two players to the duplicate check."""
    assert player_key(typed) == player_key("seat 4") == "seat4"


def test_different_seats_and_names_stay_apart():
    assert len({player_key(x) for x in ["seat 4", "seat 41", "A", "Bob", "4 Bob"]}) == 5


@pytest.mark.parametrize(
    ("ruleset", "seconds", "countdown", "no_bet", "cited", "same_moment"),
    [
        ("tda2026", 25, 5, "check", "31", True),
        ("tda2009", 60, 10, "dead_hand", "20", False),
        ("jp-basic", 25, 5, "check", "31", True),
    ],
)
def test_clock_rule_per_ruleset_comes_from_the_data(fake_time, ruleset, seconds, countdown, no_bet, cited,
                                                   same_moment):
    """Seeds: TDA 2026 rule 31 (25 s, then 5 s; facing a bet dead, else checked; the same moment
    stands); TDA 2009 rule 20 (one minute, then ten seconds; dead either way); jp-basic has no
    clock rule of its own and follows TDA 2026."""
    from engine.rulesets import RULESETS

    rs = RULESETS[ruleset]
    assert (rs.clock_seconds, rs.clock_countdown, rs.clock_no_bet_outcome) == (seconds, countdown, no_bet)
    for lang in LANGS:
        data = handle("clock on seat 4", Context(lang=lang, ruleset_id=ruleset)).to_json()
        assert (data["player"], data["seconds"], data["countdown"]) == ("seat 4", seconds, countdown)
        assert data["on_time"] == {"bet": "dead_hand", "no_bet": no_bet}
        assert data["citations"] == [cited] and data["same_moment_stands"] is same_moment
        assert data["ends_at_unix"] == T0 + seconds + countdown


@pytest.mark.parametrize(
    ("text", "code", "hint"),
    [
        ("clock", "no_player", ("seat 4", "4番席", "4번 좌석")),
        ("clock " + "x" * 41, "player_too_long", ("seat 4", "4番席", "4번 좌석")),
        ("clock A facing:bet facing:no-bet", "facing_conflict", ("facing:bet", "ベット:あり", "벳:있음")),
        ("clock A seconds:10", "unknown_option", ("/settings clock", "/設定 クロック", "/설정 클락")),
        ("clock A foo:1", "unknown_option", ("player", "プレイヤー", "플레이어")),
    ],
)
def test_every_clock_error_has_a_hint(text, code, hint):
    """These four gave no hint at all. The hint is in the reply language's words (en, ja, ko)."""
    for lang, expected in zip(("en", "ja", "ko"), hint, strict=True):
        err = handle(text, Context(lang=lang)).to_json()["error"]
        assert (err["code"], err["hint"]) == (code, expected)


def test_a_server_clock_without_countdown_does_not_announce_a_zero_second_one(fake_time):
    """`/settings clock countdown:0` made "then a 0-second countdown" and a "Countdown from" time."""
    for lang in LANGS:
        reply = handle("clock A", Context(lang=lang, clock_seconds=30, clock_countdown=0))
        data = reply.to_json()
        assert (data["seconds"], data["countdown"], data["ends_at_unix"]) == (30, 0, T0 + 30)
        assert "0" not in reply.text.split("\n")[0].replace("30", "")
        assert len(reply.fields) == len(handle("clock A", Context(lang=lang, clock_seconds=30)).fields) - 1


async def test_a_second_clock_on_one_seat_typed_another_way_answers_with_the_first(tmp_path):
    """Stored clocks are keyed by `player_key`: `clock 4番席` after `clock seat 4` started a second
    clock on the same seat in the same channel."""
    from handlers.clock.service import ClockService
    from handlers.store import open_store
    from tests.test_clock_service import Board

    store = await open_store(tmp_path / "floorcall.db", watch=False)
    try:
        service = ClockService(store.clocks, Board(), ManualTime(T0))

        async def start(player: str):
            return await service.start(1, 2, parse_request(player), Context(), 7, service.board.post)

        first = await start("seat 4")
        for typed in ("4番席", "4번 좌석", "#4", "on seat 4"):
            again = await start(typed)
            assert not again.created and again.rec.id == first.rec.id
        other = await start("seat 5")
        assert other.created and len(service.live()) == 2
        await service.close()
    finally:
        await store.close()


def test_a_mention_given_as_player_colon_points_at_the_mention():
    with pytest.raises(FloorcallError) as info:
        parse_request("player:<@1> facing:bet", 6)
    assert (info.value.code, info.value.at) == ("player_mention", 13)


@pytest.mark.parametrize(("text", "at"), [("clock A facing", 14), ("clock A facing:", 15)])
def test_facing_with_no_value_says_which_word(text, at):
    """`clock A facing` put "A facing" on the clock; `facing:` was quoted as an empty ‘’."""
    for lang in LANGS:
        err = handle(text, Context(lang=lang)).to_json()["error"]
        assert (err["code"], err["at"], err["hint"]) == ("bad_facing", at, {"ja": "あり", "ko": "있음"}.get(lang, "bet"))
        assert "facing" in err["message"] and "‘’" not in err["message"] and "「」" not in err["message"]


class _Lines(io.StringIO):
    """Console input whose numbers move the fake time on between lines; `tty` makes it interactive."""

    def __init__(self, items: list[str | float], time: ManualTime, tty: bool = False) -> None:
        super().__init__()
        self._items, self._time, self._tty = list(items), time, tty

    def isatty(self) -> bool:
        return self._tty

    def readline(self, size: int = -1) -> str:  # type: ignore[override]
        while self._items:
            item = self._items.pop(0)
            if isinstance(item, float):
                self._time.advance(item)
                continue
            return item + "\n"
        return ""


def test_the_json_console_keeps_one_clock_per_player(fake_time):
    """`clock A` twice in a piped console made two clocks on A with two different ends."""
    out = io.StringIO()
    lines: list[str | float] = ["clock A", 10.0, "clock a", "クロック 4番席", 5.0, "clock seat 4", "clock B", 20.0,
                                "clock A"]
    console.run(Context(), as_json=True, stdin=_Lines(lines, fake_time), stdout=out)
    first, again, seat, seat_again, other, after = [json.loads(x) for x in out.getvalue().splitlines()]
    assert "started" not in first and again["started"] is False
    assert again["ends_at_unix"] == first["ends_at_unix"] == T0 + 30 and again["state"] == "running"
    assert "already on the clock" in again["text"]
    assert seat_again["started"] is False and seat_again["player"] == "4番席"
    assert "started" not in other
    assert "started" not in after and after["ends_at_unix"] == T0 + 65  # the first one had run out


def test_the_interactive_console_forgets_a_clock_it_followed_to_its_end(fake_time, monkeypatch):
    from handlers.clock import console as clock_console

    def enter_at_once(stdin):
        return lambda timeout: "\n"  # Enter: acted

    monkeypatch.setattr(clock_console, "_tty_wait", enter_at_once)
    out = io.StringIO()
    console.run(Context(), as_json=False, stdin=_Lines(["clock A", 2.0, "clock A"], fake_time, tty=True), stdout=out)
    assert "already on the clock" not in out.getvalue()
    assert out.getvalue().count("A acted in time") == 2
