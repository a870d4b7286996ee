"""End to end on the fake Discord: `/pot`, and the **Ruling** menu on a hand with a showdown.

As in test_discord_e2e.py, what the bot sends is compared with what the shared handler answers
for the same input, rendered by `cogs.render`: the Discord layer adds nothing but the surface.
"""

from __future__ import annotations

from fakediscord.server import CHANNEL_MESSAGE

from cogs.render import render_messages
from handlers.context import Context
from handlers.dispatch import handle
from tests.test_discord_e2e import embeds_of, finish, is_ephemeral

POT_HAND = ("NL 100/200 stacks A 700 B 5000 C 5000 preflop: A allin, B call, C call; flop: B bet 1000, C call; "
            "turn: B check, C check; river: B check, C check; showdown: A > B = C")
UNFINISHED = "NL 100/200 stacks A 700 B 5000 C 5000 preflop: A allin, B call; flop: B bet 1000"


async def test_slash_pot_is_registered_localized_and_answers_with_the_table(fake_discord, start_bot):
    await start_bot()
    [payload] = fake_discord.sync_payloads
    by_name = {(c["name"], c.get("type", 1)): c for c in payload}
    assert by_name[("pot", 1)]["name_localizations"] == {"ja": "ポット", "ko": "팟"}
    assert set(by_name[("pot", 1)]["options"][0]["description_localizations"]) >= {"ja", "ko"}

    inter = await fake_discord.slash("pot", hand=POT_HAND)
    [msg] = await inter.wait_final()
    assert inter.callback_type == CHANNEL_MESSAGE and not is_ephemeral(msg)
    expected = handle(POT_HAND, Context(), command="pot")
    assert expected.ok and expected.command == "pot"
    assert msg["embeds"] == embeds_of(expected)
    # One field per pot (cogs/layout.py), no monospace table.
    names = [f["name"] for f in msg["embeds"][0]["fields"]]
    assert names[:2] == ["Main pot · 2,100", "Side pot 1 · 2,000"], names
    assert not any("```" in f["value"] for f in msg["embeds"][0]["fields"])
    finish(fake_discord)


async def test_slash_pot_error_is_private_with_the_offset_into_the_option(fake_discord, start_bot):
    await start_bot()
    inter = await fake_discord.slash("pot", hand=UNFINISHED)
    [msg] = await inter.wait_final()
    assert is_ephemeral(msg)
    expected = handle(UNFINISHED, Context(), command="pot")
    assert expected.error is not None and expected.error.code == "street_unfinished"
    assert expected.error.at == UNFINISHED.index("; flop") + 2 and "C" in expected.error.message
    assert expected.error.hint == "C call / C fold"
    # The line echoed with the failing place marked (cogs/layout.py), and the Fix button.
    assert msg["embeds"] == [e.to_dict() for e in render_messages(expected, echo=UNFINISHED)[0]]
    assert msg["components"][0]["components"][0]["custom_id"].startswith("fc:fix:pot:")
    finish(fake_discord)


async def test_ruling_menu_settles_a_hand_that_has_a_showdown(fake_discord, start_bot):
    await start_bot()
    inter = await fake_discord.message_command("Ruling", fake_discord.user_message(POT_HAND))
    [msg] = await inter.wait_final()
    assert msg["embeds"] == embeds_of(handle(POT_HAND, Context(), command="pot"))

    without = POT_HAND.split("; river")[0]  # no showdown: still a ruling, on the turn
    inter = await fake_discord.message_command("Ruling", fake_discord.user_message(without))
    [msg2] = await inter.wait_final()
    expected = handle(without, Context(), command="ruling")
    assert expected.command == "ruling" and msg2["embeds"] == embeds_of(expected)

    # A message that says `pot` is settled even without a showdown (the pots, unawarded).
    inter = await fake_discord.message_command("Ruling", fake_discord.user_message("pot " + without + "; river: B check, C check"))
    [msg3] = await inter.wait_final()
    expected = handle(without + "; river: B check, C check", Context(), command="pot")
    assert expected.ok and expected.command == "pot" and msg3["embeds"] == embeds_of(expected)
    finish(fake_discord)

