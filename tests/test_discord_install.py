"""The bot wherever players are (issue 22): user-installable /rule, /ruling, /pot, /help (and the
Ruling menu and /settings), in the user's own language in DMs and in servers without the bot;
clocks and blinds stay server-only. Through the fake Discord, with Discord's install contexts.
"""

from __future__ import annotations

import pytest
from fakediscord.server import (
    BOT_DM_CONTEXT,
    GUILD_CONTEXT,
    GUILD_INSTALL,
    MANAGE_GUILD,
    PRIVATE_CHANNEL_CONTEXT,
    USER_INSTALL,
    FakeDiscord,
)

from cogs.cooldown import UserCooldowns
from cogs.messages import LANGUAGE_NAMES, PHONE
from cogs.render import render_messages
from handlers.context import Context
from handlers.dispatch import handle

HAND = "NL 100/200 flop: A bet 600, B raise 1600, C?"
EVERYWHERE = ("rule", "ruling", "pot", "help", "settings")


def embeds_of(reply) -> list[dict]:
    return [e.to_dict() for e in render_messages(reply)[0]]


async def test_which_commands_may_be_installed_by_a_user_and_used_in_dms(fake_discord: FakeDiscord, start_bot):
    await start_bot()
    by_name = {(c["name"], c.get("type", 1)): c for c in fake_discord.global_commands}
    for name in EVERYWHERE:
        cmd = by_name[(name, 1)]
        assert sorted(cmd["integration_types"]) == [GUILD_INSTALL, USER_INSTALL], name
        assert sorted(cmd["contexts"]) == [GUILD_CONTEXT, BOT_DM_CONTEXT, PRIVATE_CHANNEL_CONTEXT], name
    menu = by_name[("Ruling", 3)]
    assert sorted(menu["integration_types"]) == [GUILD_INSTALL, USER_INSTALL]
    for name in ("clock", "blinds"):
        cmd = by_name[(name, 1)]
        assert cmd["integration_types"] == [GUILD_INSTALL] and cmd["contexts"] == [GUILD_CONTEXT], name
        with pytest.raises(AssertionError, match="cannot be used dm"):
            await fake_discord.slash(name, where="dm", player="A") if name == "clock" else \
                await fake_discord.slash("blinds show", where="dm")
    fake_discord.assert_clean()


@pytest.mark.parametrize(("where", "locale", "lang"), [("dm", "ja", "ja"), ("elsewhere", "ko", "ko"),
                                                        ("dm", "en-GB", "en"), ("elsewhere", "fr", "en")])
async def test_in_dms_and_other_servers_the_reply_is_in_the_users_own_language(fake_discord: FakeDiscord, start_bot,
                                                                             where: str, locale: str, lang: str):
    fake_discord.guild_locale = "ja" if lang != "ja" else "ko"  # the other server's locale is not the user's
    await start_bot()
    inter = await fake_discord.slash("ruling", hand=HAND, where=where, locale=locale)
    [msg] = await inter.wait_final()
    assert msg["embeds"] == embeds_of(handle(HAND, Context(lang=lang), command="ruling"))
    inter = await fake_discord.slash("rule", query="49", where=where, locale=locale)
    [msg] = await inter.wait_final()
    assert msg["embeds"] == embeds_of(handle("49", Context(lang=lang), command="rule"))
    inter = await fake_discord.slash("help", where=where, locale=locale)
    [msg] = await inter.wait_final()
    assert msg["embeds"] == embeds_of(handle("help", Context(lang=lang)))
    assert PHONE("help_server_only", lang) in str(msg["embeds"]), "clocks say they are server-only"
    fake_discord.assert_clean()


async def test_settings_language_for_me_follows_the_user_and_not_the_servers(fake_discord: FakeDiscord, start_bot):
    await start_bot(cooldowns=UserCooldowns(rate=100, per=60))  # one person, many commands
    player = fake_discord.user("player")
    inter = await fake_discord.slash("settings language", user=player, where="dm", value="ko")
    [msg] = await inter.wait_final()
    assert msg["embeds"][0]["title"] == PHONE("language_set_user", "ko", language=LANGUAGE_NAMES["ko"])
    # Over the client's locale, in DMs and where only the user installed the app.
    for where in ("dm", "elsewhere"):
        inter = await fake_discord.slash("rule", query="49", user=player, where=where, locale="ja")
        [msg] = await inter.wait_final()
        assert msg["embeds"] == embeds_of(handle("49", Context(lang="ko"), command="rule")), where
    # A server with the bot keeps its own language; `scope:me` there needs no permission.
    inter = await fake_discord.slash("rule", query="49", user=player)
    [msg] = await inter.wait_final()
    assert msg["embeds"] == embeds_of(handle("49", Context(lang="en"), command="rule"))
    inter = await fake_discord.slash("settings language", user=player, value="ja", scope="user")
    [msg] = await inter.wait_final()
    assert msg["embeds"][0]["title"] == PHONE("language_set_user", "ja", language=LANGUAGE_NAMES["ja"])
    inter = await fake_discord.slash("rule", query="49", user=player, where="dm")
    [msg] = await inter.wait_final()
    assert msg["embeds"] == embeds_of(handle("49", Context(lang="ja"), command="rule"))
    inter = await fake_discord.slash("settings show", user=player, where="dm")
    [msg] = await inter.wait_final()
    assert msg["embeds"][0]["fields"][0]["value"] == f"{LANGUAGE_NAMES['ja']} ({PHONE('why_user', 'ja')})"
    # A server's settings are refused where the bot is not installed.
    inter = await fake_discord.slash("settings ruleset", user=player, where="elsewhere", permissions=MANAGE_GUILD,
                                     value="tda2009")
    [msg] = await inter.wait_final()
    # Refused privately, in words (cogs.guard: nothing is stored for a server the bot is not in).
    from cogs.guard import GUARD

    assert msg["flags"] & 64 and msg["content"] in {GUARD("not_in_server", lang) for lang in ("en", "ja", "ko")}
    fake_discord.assert_clean()


async def test_the_entry_modal_and_the_fix_button_work_in_a_dm(fake_discord: FakeDiscord, start_bot):
    await start_bot()
    opened = await fake_discord.slash("ruling", where="dm", locale="ja")
    await opened.wait_answered()
    boxes = [row["component"]["custom_id"] for row in (opened.modal or {})["components"]]
    sub = await fake_discord.submit_modal(opened, {boxes[1]: "100/200", boxes[4]: "A bet 600, B rase 1600, C?"},
                                          locale="ja")
    [msg] = await sub.wait_final()
    fix = msg["components"][0]["components"][0]["custom_id"]
    again = await fake_discord.click(msg, fix, locale="ja")
    await again.wait_answered()
    [row] = (again.modal or {})["components"]
    assert row["component"]["value"] == "NL 100/200 flop: A bet 600, B rase 1600, C?"
    fake_discord.assert_clean()
