"""Second red-team round on the player clock and the blind clock (December 2026): times typed the
ways a floor person types them, errors that came without a hint, and a paused last level that did
not say it was paused. Time comes from `ManualTime`, never from sleeping."""

from __future__ import annotations

import pytest

from engine.errors import FloorcallError
from handlers.blinds.structure import MAX_ENTRIES, Level, parse_structure
from handlers.blinds.text import ERRORS, MSG, blinds_text
from handlers.clock import parse_request
from handlers.clock.messages import MSG as CLOCK
from handlers.context import Context
from handlers.dispatch import handle
from handlers.durations import minutes_of, seconds_of
from handlers.i18n import LANGS
from tests.test_blinds_typed_structures import run


@pytest.mark.parametrize(
    ("word", "seconds"),
    [
        ("90s", 90), ("90sec", 90), ("90秒", 90), ("90초", 90), ("1:30", 90), ("1m30s", 90),
        ("1分30秒", 90), ("1분30초", 90), ("1분 30초", 90), ("２０分", 1200), ("1h30m", 5400),
        ("1時間30分", 5400), ("1시간30분", 5400), ("20min", 1200), ("2h", 7200),
        ("30m1h", None), ("1m1m", None), ("5ms", None), ("-5m", None), ("1.5m", None), ("abc", None),
        ("100/200", None), ("4", None), ("seat", None), ("1:75", None),
    ],
)
def test_one_reader_for_the_times_a_floor_person_types(word, seconds):
    assert seconds_of(word) == seconds


def test_a_structure_reads_clock_faces_as_no_duration():
    """`20m:` ends a duration with a colon, so `1:30` never reads as minutes in a structure."""
    assert minutes_of("1:30") is None and minutes_of("120s") == 2 and minutes_of("90s") is None


# -- the player clock: a time after the player ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "at_word", "hint"),
    [
        ("A 90s", "90s", "/settings clock seconds:90"),
        ("A 1:30", "1:30", "/settings clock seconds:90"),  # was "no option 1:", hint "player"
        ("Aさん 60秒", "60秒", "/settings clock seconds:60"),
        ("A 1분 30초", "1분 30초", "/settings clock seconds:90"),
        ("A ９０秒", "９０秒", "/settings clock seconds:90"),
        ("A bet 30s", "30s", "/settings clock seconds:30"),
        ("A facing:bet 45s", "45s", "/settings clock seconds:45"),
        ("A 1h", "1h", "/settings clock"),  # beyond what a server may set: no number offered
        ("1:30", "1:30", "/settings clock seconds:90"),  # was "no option 1:", hint "player"
        ("90s", "90s", "/settings clock seconds:90"),  # was a player called "90s"
    ],
)
def test_a_time_after_the_player_is_refused_not_taken_into_the_name(text, at_word, hint):
    """`clock A 90s` put a player called "A 90s" on the ruleset's 25 seconds."""
    with pytest.raises(FloorcallError) as info:
        parse_request(text, 6)
    err = info.value
    assert (err.code, err.hint, err.params["word"]) == ("time_given", hint, at_word)
    assert ("clock " + text)[err.at:].startswith(at_word)
    messages = {CLOCK("time_given", lang, **err.params) for lang in LANGS}
    assert len(messages) == 3 and all(at_word in m for m in messages)


def test_a_time_given_reaches_the_reply_as_an_error_in_each_language():
    for lang in LANGS:
        reply = handle("clock A 90s", Context(lang=lang)).to_json()
        assert reply["ok"] is False and reply["error"]["code"] == "time_given" and reply["error"]["at"] == 8


@pytest.mark.parametrize("text", ["seat 4", "A 4", "Bob the 2nd", "1st", "4番席", "3番"])
def test_names_with_numbers_stay_names(text):
    assert parse_request(text).player == text


# -- the blind clock: durations ----------------------------------------------------------------


@pytest.mark.parametrize("head", ["1h30m", "1時間30分", "1시간 30분", "5400s", "90分"])
def test_hours_and_minutes_together_are_one_duration(head):
    """`1h30m: ...` was "not a duration"."""
    structure = parse_structure(f"{head}: 100/200, 200/400")
    assert [lv.minutes for lv in structure.levels] == [90, 90]


@pytest.mark.parametrize(
    ("text", "at_text", "hint"),
    [
        ("90s: 100/200, 200/400", "90s", "2m"),  # was "not a duration", hint 20m
        ("1分30秒: 100/200, 200/400", "1分30秒", "2m"),
        ("20m: 100/200 30s, 200/400", "30s", "1m"),
        ("20m: 100/200, break 90秒, 200/400", "90秒", "break 2m"),  # was "break 10m colour-up 25"
    ],
)
def test_a_time_that_is_not_whole_minutes_gets_the_nearest(text, at_text, hint):
    base = len("blinds start ")
    with pytest.raises(FloorcallError) as info:
        parse_structure(text, base)
    err = info.value
    assert (err.code, err.hint) == ("blinds_whole_minutes", hint)
    assert ("blinds start " + text)[err.at:].startswith(at_text)
    assert len({ERRORS("blinds_whole_minutes", lang, **err.params) for lang in LANGS}) == 3


# -- the blind clock: errors that had no hint -------------------------------------------------


def test_too_many_entries_says_where_the_structure_may_end():
    levels = ", ".join(f"{i * 100}/{i * 200}" for i in range(1, MAX_ENTRIES + 2))
    text = f"20m: {levels}"
    with pytest.raises(FloorcallError) as info:
        parse_structure(text)
    err = info.value
    last = f"{MAX_ENTRIES * 100}/{MAX_ENTRIES * 200}"
    assert err.code == "blinds_too_many" and err.hint == last
    assert text[err.at:] == f"{(MAX_ENTRIES + 1) * 100}/{(MAX_ENTRIES + 1) * 200}"
    assert all(last in ERRORS("blinds_too_many", lang, **err.params) for lang in LANGS)


def test_too_many_entries_that_are_all_breaks_is_an_error_not_a_crash():
    """61 breaks raised StopIteration while looking for the last level to hint."""
    with pytest.raises(FloorcallError) as info:
        parse_structure("20m: " + ", ".join(["break 1m"] * (MAX_ENTRIES + 1)))
    assert (info.value.code, info.value.at, info.value.hint) == ("blinds_break_first", 5, "20m: 100/200, break 10m")


def test_a_structure_ending_in_a_break_is_told_what_to_add():
    text = "20m: 100/200, 300/600 bba 600, break 10m"
    with pytest.raises(FloorcallError) as info:
        parse_structure(text)
    err = info.value
    assert err.code == "blinds_break_edge" and text[err.at:] == "break 10m"
    assert err.hint == "break 10m, 600/1200 bba 1200"
    parse_structure(text.replace("break 10m", err.hint))  # the hint as typed is a good structure


# -- the blind clock: the last level paused ----------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_a_paused_last_level_says_it_is_paused(lang):
    """The headline read "Level 3: 300/600" as if it ran: the paused headline needed time left."""
    replies = run(["blinds start 20m: 100/200, 200/400, 300/600", "blinds next", "blinds next", 30.0,
                   "blinds pause", 600.0, "blinds"], lang=lang)
    paused, shown = replies[3], replies[4]
    expected = MSG("paused_last", lang, n=3, blinds=blinds_text(Level(20, 300, 600, number=3), lang))
    for reply in (paused, shown):
        assert reply["paused"] is True and reply["level"] == 3 and reply["left"] is None
        assert reply["text"].startswith(expected)
    resumed = run(["blinds start 20m: 100/200, 200/400", "blinds next", "blinds pause", "blinds resume"],
                  lang=lang)[-1]
    level_2 = MSG("level", lang, n=2, blinds=blinds_text(Level(20, 200, 400, number=2), lang))
    assert resumed["paused"] is False and resumed["text"].startswith(level_2 + "\n")


# -- on Discord --------------------------------------------------------------------------------


async def test_discord_clock_with_a_time_is_a_private_error_and_no_clock(fake, clock, tmp_path, monkeypatch):
    """`/clock player:A 90s` posted a public clock on "A 90s" with the ruleset's 25 seconds."""
    from fakediscord.fixtures import running_bot

    async with running_bot(fake, str(tmp_path / "floorcall.db"), monkeypatch, ("cogs.clock",)) as bot:
        inter = await fake.slash("clock", player="A 90s")
        [msg] = await inter.wait_final()
        assert inter.ephemeral
        body = (msg["embeds"][0].get("title") or "") + (msg["embeds"][0].get("description") or "")
        assert CLOCK("time_given", "en", word="90s") in body and "/settings clock seconds:90" in body
        assert bot.get_cog("ClockCog").service.live() == []
    fake.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
def test_a_second_start_during_a_break_names_the_level_before_it(lang):
    """It said "already runs here (level -)": a break has no level number."""
    replies = run(["blinds start 2m: 100/200, break 5m, 200/400", 150.0, "blinds start turbo"], lang=lang)
    again = replies[-1]
    assert again["started"] is False and again["break"] is not None
    assert ERRORS("already_running_break", lang, n=1) in again["text"] and "-)" not in again["text"]


# -- the blind clock: which level a hand in play keeps after the floor moves it ----------------


def test_after_back_a_ruling_names_the_level_moved_from_not_the_one_before_in_the_structure():
    """`back` from level 3 to level 2 said a hand dealt before the change keeps level 1, which
    was not in force at all; the hand in play was dealt at level 3."""
    structure = "20m: 100/200, 200/400, 300/600 bba 600, 400/800 bba 800"
    replies = run([f"blinds start {structure}", "blinds next", "blinds next", 60.0, "blinds back", 30.0,
                   "ruling flop: A bet 400, B?"])
    ruling = replies[-1]
    assert ruling["blind_level"]["level"] == 2 and ruling["blind_level"]["since"] == 30
    assert ruling["blind_level"]["previous"] == {"level": 3, "small_blind": 300, "big_blind": 600, "ante": 600,
                                                 "ante_kind": "bba"}
    assert "25-A" in ruling["citations"]
    # back to the first level: the level moved from is named too (nothing came before it in the structure)
    first = run([f"blinds start {structure}", "blinds next", 10.0, "blinds back", 5.0,
                 "ruling flop: A bet 400, B?"])[-1]
    assert first["blind_level"]["level"] == 1 and first["blind_level"]["previous"]["level"] == 2
    # once the clock runs on by itself, the level before is the structure's again
    later = run([f"blinds start {structure}", "blinds next", "blinds next", "blinds back", 1200.0 + 20,
                 "ruling flop: A bet 400, B?"])[-1]
    assert later["blind_level"]["level"] == 3 and later["blind_level"]["previous"]["level"] == 2
    # `next` into a level names the level left, as before
    skipped = run([f"blinds start {structure}", "blinds next", "ruling flop: A bet 400, B?"])[-1]
    assert skipped["blind_level"]["previous"]["level"] == 1


async def test_the_floors_last_move_survives_a_restart(tmp_path):
    from handlers.blinds.service import BlindService
    from handlers.clock.model import ManualTime
    from handlers.store import open_store
    from tests.test_blinds_store import Board, post

    path = str(tmp_path / "floorcall.db")
    time = ManualTime(1_800_000_000.0)
    first = await open_store(path, watch=False)
    service = BlindService(first.blinds, Board(), time)
    await service.start(1, 2, parse_structure("20m: 100/200, 200/400, 300/600"), Context(), 7, post)
    for move in ("next", "next", "back"):
        await service.command(1, 2, move, "td")  # type: ignore[arg-type]
    await service.close()
    await first.close()
    time.advance(45)
    second = await open_store(path, watch=False)
    again = BlindService(second.blinds, Board(), time)
    try:
        [rec] = await again.resume_all()
        assert rec.clock.moved is not None and rec.clock.moved[1] == 2
        level = again.level_for(1, 2)
        assert level is not None and (level.number, level.since) == (2, 45)
        assert level.previous is not None and level.previous.number == 3
    finally:
        await again.close()
        await second.close()


# -- the blind clock: what a break's announcement may hold ------------------------------------


def test_a_break_colours_up_a_bounded_number_of_chips_so_its_announcement_fits_a_message():
    """180 chips were accepted, and the break's announcement (2,069 characters) was more than one
    Discord message holds (2,000): the channel would have got nothing at the break."""
    from handlers.blinds.model import BlindClock
    from handlers.blinds.structure import MAX_COLOUR_UP
    from handlers.blinds.text import announcement

    chips = [str(10**9 - i) for i in range(MAX_COLOUR_UP + 1)]
    text = f"20m: 100/200, break 10m colour-up {' '.join(chips)}, 200/400"
    with pytest.raises(FloorcallError) as info:
        parse_structure(text)
    err = info.value
    assert err.code == "blinds_colour_many" and text[err.at:].startswith(chips[-1])
    assert err.hint == f"break 10m colour-up {' '.join(chips[:-1])}"
    assert len({ERRORS("blinds_colour_many", lang, **err.params) for lang in LANGS}) == 3
    fitting = parse_structure(text.replace(" " + chips[-1], ""))
    clock = BlindClock(fitting, 0.0)
    for lang in LANGS:
        assert len(announcement(clock, 1200.0, lang, lambda t: f"<t:{int(t)}:R>")) < 2000


def test_a_negative_duration_after_the_blinds_is_hinted_as_the_duration():
    """`100/200 -30m` was hinted "bba 200"."""
    text = "20m: 100/200 -30m, 200/400"
    with pytest.raises(FloorcallError) as info:
        parse_structure(text)
    assert (info.value.code, info.value.hint) == ("blinds_bad_word", "30m")
    assert text[info.value.at:].startswith("-30m")


def test_a_chip_after_a_comma_is_hinted_back_into_the_colour_up():
    text = "20m: 100/200, break 10m colour-up 25, 100, 200/400"
    with pytest.raises(FloorcallError) as info:
        parse_structure(text)
    err = info.value
    assert err.code == "blinds_bad_level" and text[err.at:].startswith("100, 200/400")
    assert err.hint == "break 10m colour-up 25 100"
    parse_structure(text.replace("25, 100", "25 100"))


# -- the player clock: an action on the end itself under TDA 2009 -----------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_tda2009_never_announces_the_2026_same_moment_rule(lang):
    from engine.rulesets import RULESETS
    from handlers.clock import clock_reply
    from handlers.clock.model import Phase, start_clock

    t0 = 1_800_000_000.0
    for ruleset, same in (("tda2009", False), ("tda2026", True)):
        clock = start_clock(RULESETS[ruleset], "A", t0)
        acted = clock.act(clock.ends_at)
        assert acted.stopped is Phase.ACTED and acted.same_moment is same
        reply = clock_reply(acted, Context(lang=lang, ruleset_id=ruleset), clock.ends_at)
        key = "acted_same_moment" if same else "acted"
        assert reply.headline == CLOCK(key, lang, player="A", seconds=clock.seconds, countdown=clock.countdown)
