"""The phone layout of issue 22 (cogs/layout.py): what a 400 px screen shows first.

Rendered replies are read the way Discord draws them: the lead line of a ruling, one field per pot
(no monospace table), working rows folded to a phone's width, the clock's title in its phase, the
blind clock's level once. The same payloads reach Discord through the fake in
tests/test_discord_limits.py and tests/test_discord_e2e.py.
"""

from __future__ import annotations

import pytest

from cogs.layout import CLOCK_COLOURS, CODE_CELLS, cells, clock_title, fold
from cogs.messages import PHONE
from cogs.render import render_messages
from handlers.context import Context
from handlers.dispatch import handle
from handlers.reply import Field, Reply
from handlers.ruling_text import TEXT as RULING

LANGS = ("en", "ja", "ko")
TWELVE = "Christopher1"
NINE = [f"{TWELVE[:11]}{i}" for i in range(9)]


def embeds(reply: Reply) -> list[dict]:
    return [e.to_dict() for m in render_messages(reply) for e in m]


def side_pots(names: list[str]) -> str:
    stacks = " ".join(f"{n} {1000 * (i + 1)}" for i, n in enumerate(names))
    allin = ", ".join(f"{n} allin" for n in names[:8]) + f", {names[8]} call"
    return f"NL 100/200 stacks {stacks} preflop: {allin}; showdown: " + " > ".join(names)


@pytest.mark.parametrize("lang", LANGS)
def test_nine_players_and_eight_pots_are_one_field_each_without_a_table(lang: str) -> None:
    reply = handle(side_pots(NINE), Context(lang=lang), command="pot")
    assert reply.ok and len(reply.data["pots"]) == 8
    [embed, *more] = embeds(reply)
    values = [f["value"] for f in embed["fields"]]
    assert not any("```" in v for v in values), "no monospace table"
    pots = embed["fields"][:8]
    for field, pot in zip(pots, reply.data["pots"], strict=True):
        assert f"{pot['amount']:,}" in field["name"], field
        assert all(p in field["value"] for p in pot["eligible"])
        assert f"**{pot['winners'][0]}**" in field["value"], "the winner is the one thing in bold"
        assert PHONE("pot_odd_chips", lang, chips="").split(":")[0].split("：")[0] not in field["value"], \
            "no odd-chip line when there are none"
        # A field's name is a line on a phone: the pot and its amount, nothing more.
        assert len(field["name"]) <= 24, field["name"]
    assert reply.headline in embed["description"]


@pytest.mark.parametrize("lang", LANGS)
def test_odd_chips_and_split_shares_show_only_when_there_are_any(lang: str) -> None:
    reply = handle("NL 1/2 stacks A 101 B 101 C 101 preflop: A allin, B call, C call; showdown: A = B > C",
                   Context(lang=lang), command="pot")
    [pot] = reply.data["pots"]
    assert pot["odd_chips"] == {"B": 1}
    field = embeds(reply)[0]["fields"][0]
    assert PHONE("pot_odd_chips", lang, chips="B +1") in field["value"]
    assert "**B** 152" in field["value"] and "**A** 151" in field["value"], "each winner's share"


@pytest.mark.parametrize("lang", LANGS)
def test_a_ruling_leads_with_who_the_call_and_the_raise_and_fields_do_not_repeat_it(lang: str) -> None:
    hand = f"NL 100/200 flop: {TWELVE} bet 600, B raise 1600, C?"
    reply = handle(hand, Context(lang=lang), command="ruling")
    [embed] = embeds(reply)
    lead, _, body = embed["description"].partition("\n\n")
    assert "title" not in embed, "no long bold title"
    assert lead == PHONE("lead_sep", lang).join([PHONE("lead_to_act", lang, player="C"),
                                                 PHONE("lead_call", lang, amount="1,600"),
                                                 PHONE("lead_min_raise", lang, amount="2,600")])
    assert len(lead) <= 60, "one short line"
    assert body == reply.headline, "the reasoning under the lead, whole"
    inline = [f["name"] for f in embed["fields"] if f["inline"]]
    t = RULING.templates(lang)
    assert t["f_to_call"] not in inline and t["f_min_raise"] not in inline
    assert inline == [t["f_bet_level"], t["f_full_raise"]], "W and R share a row: R is never alone"


@pytest.mark.parametrize("lang", LANGS)
def test_long_names_never_drop_the_lead_and_no_working_row_wraps(lang: str) -> None:
    names = [TWELVE * 2 + str(i) for i in range(3)]
    hand = f"NL 100/200 flop: {names[0]} bet 600, {names[1]} allin 900, {names[2]} call, {names[0]}?"
    reply = handle(hand, Context(lang=lang), command="ruling")
    assert reply.ok
    [embed] = embeds(reply)
    lead = embed["description"].split("\n\n")[0]
    assert lead.startswith(PHONE("lead_to_act", lang, player=names[0]))
    assert PHONE("lead_no_raise", lang) in lead
    code = [line for f in embed["fields"] if f["value"].startswith("```") for line in f["value"].split("\n")[1:-1]]
    assert code, "the reopening check is shown"
    # A line wider than a phone is only one that no space lets fold (a name longer than the width).
    over = [line for line in code if cells(line) > CODE_CELLS]
    assert all(" " not in line.strip()[: CODE_CELLS - 2] for line in over), over


def test_fold_breaks_before_the_verdict_then_the_difference_and_keeps_short_rows() -> None:
    assert fold("A: W 20 − L 10 = 10 ≥ 10 → ok") == ["A: W 20 − L 10 = 10 ≥ 10 → ok"]
    assert fold("B: W 1,600 − L 1,600 = 0 < 1,000 → レイズ不可") == ["B: W 1,600 − L 1,600 = 0 < 1,000", "  → レイズ不可"]
    assert fold("Christopher12: W 1,600 − L 600 = 1,000 ≥ 1,000 → may raise") == [
        "Christopher12: W 1,600 − L 600", "  = 1,000 ≥ 1,000", "  → may raise"]
    assert cells("レイズ") == 6


def test_a_long_headline_is_never_a_title_and_never_lost() -> None:
    long = "word " * 60
    reply = Reply(ok=True, command="rule", lang="en", ruleset="tda2026", headline=long.strip(),
                  fields=[Field("x", "y")])
    [embed] = embeds(reply)
    assert "title" not in embed and embed["description"] == long.strip()
    short = Reply(ok=True, command="rule", lang="en", ruleset="tda2026", headline="Rule 45")
    assert embeds(short)[0]["title"] == "Rule 45"


@pytest.mark.parametrize("lang", LANGS)
def test_the_clock_title_and_colour_follow_its_phase(lang: str) -> None:
    assert clock_title("expired", {"facing": "bet", "on_time": {"bet": "dead_hand"}}, lang) == \
        PHONE("clock_expired_bet_dead_hand", lang)
    assert clock_title("expired", {"facing": "no_bet", "on_time": {"no_bet": "check"}}, lang) == \
        PHONE("clock_expired_no_bet_check", lang)
    # Facing unknown, or closed while nobody could press Acted: the title announces no outcome.
    assert clock_title("expired", {"facing": None, "on_time": {"bet": "dead_hand", "no_bet": "check"}}, lang) == \
        PHONE("clock_expired", lang)
    assert clock_title("expired", {"facing": "bet", "on_time": {"bet": "dead_hand"}}, lang, late=True) == \
        PHONE("clock_expired", lang)
    titles = {clock_title(s, {}, lang) for s in ("running", "countdown", "acted", "cancelled")}
    assert len(titles) == 4
    assert len(set(CLOCK_COLOURS.values())) == 4 and CLOCK_COLOURS["acted"] == CLOCK_COLOURS["cancelled"]


def test_a_clock_reply_is_drawn_in_its_phase() -> None:
    from handlers.clock.command import clock_reply, new_clock, parse_request

    ctx = Context()
    clock = new_clock(parse_request("A facing:bet", 0), ctx, 1000.0)
    for now, state in ((1001.0, "running"), (1000.0 + clock.seconds + 1, "countdown"),
                       (1000.0 + clock.seconds + clock.countdown + 1, "expired")):
        reply = clock_reply(clock, ctx, now)
        assert reply.data["state"] == state
        [embed] = embeds(reply)
        assert embed["color"] == CLOCK_COLOURS[state]
        assert embed["description"] == reply.headline
    assert embed["title"] == PHONE("clock_expired_bet_dead_hand", "en") == "Time: the hand is dead"


@pytest.mark.parametrize("lang", LANGS)
def test_the_blind_clock_shows_its_level_once_as_the_title(lang: str) -> None:
    from handlers.blinds.messages import MSG
    from handlers.blinds.model import BlindClock
    from handlers.blinds.structure import parse_structure
    from handlers.blinds.text import status_reply

    clock = BlindClock(parse_structure("20m: 100/200, 200/400"), 1000.0)
    reply = status_reply(clock, Context(lang=lang), 1001.0, note=MSG("started", lang))
    [embed] = embeds(reply)
    assert embed["title"] == MSG("level", lang, n=1, blinds=MSG("blinds", lang, sb="100", bb="200"))
    assert embed["description"] == MSG("started", lang)
    names = [f["name"] for f in embed["fields"]]
    assert MSG("f_blinds", lang) not in names, "the blinds are in the title: not twice"
