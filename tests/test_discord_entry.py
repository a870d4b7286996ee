"""Entering and fixing a hand through modals (issue 22), the real client against the fake Discord.

An error echoes the line with the failing word marked and carries a Fix and resend button; the
button opens a modal holding the hand as typed; what is submitted is answered as the slash command
answers it. `/ruling` and `/pot` without a hand open the entry modal (selects and text inputs),
which produces the same text the slash option takes. The fake checks the modal as Discord does.
"""

from __future__ import annotations

import pytest
from fakediscord.server import (
    CHANNEL_MESSAGE,
    EPHEMERAL_FLAG,
    LABEL,
    MODAL,
    STRING_SELECT,
    TEXT_INPUT,
    FakeDiscord,
)

from cogs import entry
from cogs.layout import mark
from cogs.messages import PHONE
from cogs.render import render_messages
from handlers.context import Context
from handlers.dispatch import handle

BAD = "NL 100/200 flop: A bet 600, B rase 1600, C?"
GOOD = "NL 100/200 flop: A bet 600, B raise 1600, C?"


def embeds_of(reply, echo: str | None = None) -> list[dict]:
    return [e.to_dict() for e in render_messages(reply, echo=echo)[0]]


def button_ids(msg: dict) -> list[str]:
    return [c["custom_id"] for row in msg.get("components", []) for c in row["components"]]


def inputs(modal: dict) -> dict[str, dict]:
    return {row["component"]["custom_id"]: row["component"] for row in modal["components"]}


async def test_an_error_echoes_the_line_and_its_button_opens_it_to_fix_and_resend(fake_discord: FakeDiscord,
                                                                                   start_bot) -> None:
    await start_bot()
    inter = await fake_discord.slash("ruling", hand=BAD)
    [msg] = await inter.wait_final()
    error = handle(BAD, Context(), command="ruling")
    assert not error.ok and msg["flags"] & EPHEMERAL_FLAG
    assert msg["embeds"] == embeds_of(error, BAD)
    assert "__**rase**__" in msg["embeds"][0]["fields"][-1]["value"]
    [fix] = button_ids(msg)
    opened = await fake_discord.click(msg, fix)
    await opened.wait_answered()
    assert opened.callback_type == MODAL
    modal = opened.modal
    assert modal is not None and modal["title"] == PHONE("modal_title_ruling", "en")
    [(cid, box)] = inputs(modal).items()
    assert box["type"] == TEXT_INPUT and box["value"] == BAD, "the hand as typed, ready to correct"
    assert all(row["type"] == LABEL for row in modal["components"])
    # Sent again still wrong: the same echo and a new Fix button (a modal closes once submitted).
    again = await fake_discord.submit_modal(opened, {cid: BAD.replace("rase", "rais")})
    [msg2] = await again.wait_final()
    assert "__**rais**__" in msg2["embeds"][0]["fields"][-1]["value"]
    [fix2] = button_ids(msg2)
    assert fix2.startswith("fc:fix:ruling:") and fix2 != fix
    reopened = await fake_discord.click(msg2, fix2)
    await reopened.wait_answered()
    [(cid2, box2)] = inputs(reopened.modal or {}).items()
    assert box2["value"] == BAD.replace("rase", "rais")
    submitted = await fake_discord.submit_modal(reopened, {cid2: GOOD})
    [answer] = await submitted.wait_final()
    assert submitted.callback_type == CHANNEL_MESSAGE and not answer["flags"] & EPHEMERAL_FLAG
    assert answer["embeds"] == embeds_of(handle(GOOD, Context(), command="ruling"))
    assert button_ids(answer)[0].startswith("fc:rules:"), "the ruling's own Show rules button"
    fake_discord.assert_clean()


async def test_a_fix_button_whose_hand_is_gone_says_so(fake_discord: FakeDiscord, start_bot) -> None:
    bot = await start_bot()
    inter = await fake_discord.slash("pot", hand="NL 100/200 stacks A 700 B 5000 preflop: A alin, B call")
    [msg] = await inter.wait_final()
    [fix] = button_ids(msg)
    assert fix.startswith("fc:fix:pot:")
    # The 15 minutes are over, or the bot restarted (discord.py loads each extension as a module
    # object of its own: the one the bot runs is cleared).
    bot.extensions["cogs.entry"]._kept.clear()
    pressed = await fake_discord.click(msg, fix)
    [gone] = await pressed.wait_final()
    assert gone["content"] == PHONE("fix_gone", "en") and gone["flags"] & EPHEMERAL_FLAG
    fake_discord.assert_clean()


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
async def test_ruling_without_a_hand_opens_the_entry_modal_and_answers_its_text(fake_discord: FakeDiscord,
                                                                             start_bot, lang: str) -> None:
    fake_discord.guild_locale = {"en": "en-US", "ja": "ja", "ko": "ko"}[lang]
    await start_bot()
    opened = await fake_discord.slash("ruling")
    await opened.wait_answered()
    assert opened.callback_type == MODAL
    modal = opened.modal
    assert modal is not None
    boxes = inputs(modal)
    kinds = [b["type"] for b in boxes.values()]
    assert kinds == [STRING_SELECT, TEXT_INPUT, STRING_SELECT, TEXT_INPUT, TEXT_INPUT]
    game, blinds, street, stacks, actions = boxes
    assert [row["label"] for row in modal["components"]][0] == PHONE("modal_game", lang)
    submitted = await fake_discord.submit_modal(opened, {
        game: ["PL"], blinds: "100/200", street: ["preflop"], stacks: "A 5000 B 3000 C 8000",
        actions: "A raise 600, B call, C?"})
    [answer] = await submitted.wait_final()
    text = "PL 100/200 stacks A 5000 B 3000 C 8000 preflop: A raise 600, B call, C?"
    expected = handle(text, Context(lang=lang), command="ruling")
    assert expected.ok, expected.headline
    assert answer["embeds"] == embeds_of(expected)
    fake_discord.assert_clean()


async def test_pot_without_a_hand_takes_a_whole_hand_in_the_modal(fake_discord: FakeDiscord, start_bot) -> None:
    await start_bot()
    opened = await fake_discord.slash("pot")
    await opened.wait_answered()
    boxes = list(inputs(opened.modal or {}))
    hand = "A allin, B call, C call; showdown: A > B > C"
    submitted = await fake_discord.submit_modal(opened, {boxes[1]: "100/200", boxes[3]: "A 700 B 5000 C 3000",
                                                         boxes[4]: hand})
    [answer] = await submitted.wait_final()
    text = f"NL 100/200 stacks A 700 B 5000 C 3000 preflop: {hand}"
    expected = handle(text, Context(), command="pot")
    assert expected.ok and answer["embeds"] == embeds_of(expected)
    # Left empty, a required input is refused by the client, as Discord's is.
    with pytest.raises(AssertionError, match="required"):
        await fake_discord.submit_modal(opened, {boxes[1]: "100/200", boxes[4]: ""})
    fake_discord.assert_clean()


def test_compose_is_the_line_the_slash_option_takes() -> None:
    assert entry.compose("NL", "100/200", "flop", "", "A bet 600, B?") == "NL 100/200 flop: A bet 600, B?"
    assert entry.compose("FL", " 2/4 ", "preflop", "A 50 B 60", "A raise, B?") == \
        "FL 2/4 stacks A 50 B 60 preflop: A raise, B?"
    # Actions that name their street are left to say it.
    assert entry.compose("NL", "100/200", "preflop", "", "flop: A bet 600, B?") == "NL 100/200 flop: A bet 600, B?"


def test_keep_forgets_after_its_time_and_beyond_its_size() -> None:
    entry._kept.clear()
    token = entry.keep("ruling", GOOD, now=0.0)
    assert entry.kept(token, now=1.0) == ("ruling", GOOD)
    assert entry.kept(token, now=entry.KEEP_SECONDS + 1.0) is None
    first = entry.keep("pot", "x", now=0.0)
    for _ in range(entry.KEEP_MAX):
        entry.keep("pot", "y", now=0.0)
    assert entry.kept(first, now=0.0) is None and len(entry._kept) == entry.KEEP_MAX
    entry._kept.clear()


def test_mark_underlines_the_failing_word_and_escapes_the_rest() -> None:
    assert mark("NL 1/2 flop: A bett 6", 15) == "NL 1/2 flop: A __**bett**__ 6"
    assert mark("A *x bett", 5) == "A \\*x __**bett**__"
    assert mark("A bet", 5) == "A bet__**␣**__", "the end of the line is marked too"
    long = "x " * 400 + "bad " + "y " * 400
    shown = mark(long, long.index("bad"))
    assert "__**bad**__" in shown and shown.startswith("…") and shown.endswith("…") and len(shown) < 400


@pytest.mark.parametrize(("modal", "why"), [
    ({"custom_id": "m", "title": "t" * 46, "components": [{"type": 18, "label": "l",
                                                           "component": {"type": 4, "custom_id": "a", "style": 1}}]},
     "title"),
    ({"custom_id": "m", "title": "t", "components": []}, "components"),
    ({"custom_id": "m", "title": "t", "components": [{"type": 18, "label": "l" * 46,
                                                      "component": {"type": 4, "custom_id": "a", "style": 1}}]},
     "label"),
    ({"custom_id": "m", "title": "t", "components": [{"type": 18, "label": "l",
                                                      "component": {"type": 4, "custom_id": "a", "style": 1,
                                                                    "value": "v" * 4001}}]}, "value"),
    ({"custom_id": "m", "title": "t", "components": [{"type": 18, "label": "l",
                                                      "component": {"type": 3, "custom_id": "s", "options": []}}]},
     "options"),
    ({"custom_id": "m", "title": "t", "components": [{"type": 2, "custom_id": "b"}]}, "button"),
])
def test_the_fake_refuses_a_modal_discord_refuses(modal: dict, why: str) -> None:
    assert FakeDiscord._validate_modal(modal) is not None, why
