"""What people typed, echoed into Discord, stays text (issue 10): no live masked link, no markdown
from a name, no code block broken out of, no ping; the console's text stays plain.

Unit tests of `cogs.render` on replies built here, then the real bot against the fake Discord.
"""

from __future__ import annotations

import re

import pytest
from discord_markdown import (
    code_blocks_closed,
    live_links,
    markdown_pairs,
    outside_code,
    texts,
    unescape,
    without_own_bold,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from cogs.render import escape, escape_text, fence_safe, render_messages, split_escaped
from handlers.context import Context
from handlers.dispatch import handle
from handlers.reply import Citation, Field, Reply

EVIL = "[Free chips](https://evil.example)"
PDA = "https://www.pokertda.com/poker-tda-rules/"


def embeds(reply: Reply) -> list[dict]:
    return [e.to_dict() for message in render_messages(reply) for e in message]


def assert_safe(sent: list[dict], *, names: tuple[str, ...] = ()) -> None:
    """The checks of issue 10 on everything a message's embeds show."""
    for embed in sent:
        for where, text in texts(embed):
            plain = outside_code(text)
            assert not [u for u in live_links(plain) if "pokertda.com" not in u], (where, text)
            if where == "field value" and "pokertda.com" in plain:
                continue  # our citation links: their brackets are markdown on purpose
            assert markdown_pairs(without_own_bold(plain)) == [], (where, text)
            assert "@everyone" not in plain and "@here" not in plain, (where, text)
        for f in embed.get("fields", []):
            assert code_blocks_closed(f["value"]), f["value"]
    shown = "\n".join(unescape(outside_code(t)) for e in sent for _, t in texts(e))
    for name in names:
        assert name in shown, f"{name!r} must still read as typed"


def test_a_masked_link_in_a_name_is_shown_as_text():
    reply = Reply(ok=True, command="ruling", lang="en", ruleset="tda2026", headline=f"Action is on {EVIL}.",
                  fields=[Field("Player", EVIL), Field(EVIL, "x")])
    sent = embeds(reply)
    assert_safe(sent, names=(EVIL,))
    assert live_links(sent[0]["fields"][0]["value"]) == []
    assert reply.text.count(EVIL) == 3, "the console text is not escaped"


def test_markdown_and_mentions_in_a_name_do_not_format_or_ping():
    name = "**Bo**_b_ ~~x~~ ||s|| `c` \\ @everyone"
    reply = Reply(ok=True, command="clock", lang="en", ruleset="tda2026", headline=f"Clock on {name}",
                  fields=[Field("Player", name, inline=True)], footer=f"started by {name}")
    sent = embeds(reply)
    assert_safe(sent, names=("**Bo**_b_ ~~x~~ ||s|| `c` \\ @",))
    assert sent[0]["footer"]["text"] == f"started by {name}", "footers show no markdown: nothing to escape"


def test_line_start_markdown_is_escaped():
    for line in ("# big", "> quote", "- list", "-# small", "* list", "+ list", "12. list"):
        shown = escape(line)
        assert "\\" in shown[:3] and unescape(shown) == line


def test_backticks_in_the_working_table_cannot_close_its_code_block():
    name = "```x``` **y** [a](https://evil.example) `"
    reply = Reply(ok=True, command="ruling", lang="en", ruleset="tda2026", headline="ok",
                  working=[f"{name}: W 200 − L 100 = 100 ≥ 100 → may raise"] * 40, working_title="Working")
    sent = embeds(reply)
    values = [f["value"] for e in sent for f in e["fields"]]
    assert len(values) > 1, "long enough to be split over several fields"
    assert all(code_blocks_closed(v) for v in values)
    inside = "".join(v[4:-4] for v in values).replace("\u200b", "")
    # Rows are folded to a phone's width (cogs.layout.fold): a continuation starts "\n  ".
    assert inside.replace("\n  ", " ").count(name) == 40, "the table still reads as typed"
    assert fence_safe("a```b") == "a`\u200b`\u200b`b"


def test_direction_controls_are_removed_from_what_discord_shows():
    reply = Reply(ok=True, command="clock", lang="en", ruleset="tda2026", headline="A\u202e001 teb",
                  fields=[Field("P", "B\u2066x")], working=["C\u202ey"], footer="D\u200fz")
    dumped = repr(embeds(reply))
    assert not re.search("[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]", dumped)


def test_citation_links_stay_links_and_their_titles_are_escaped():
    reply = Reply(ok=True, command="ruling", lang="en", ruleset="tda2026", headline="ok",
                  citations=[Citation("49-A", "Rule 49-A", PDA, title="Re_opening *the* bet")])
    [embed] = embeds(reply)
    value = embed["fields"][0]["value"]
    assert live_links(value) == [PDA]
    assert "Re_opening \\*the* bet" in value, "a lone _ cannot format: left as it is"


@settings(max_examples=60, deadline=None)
@given(text=st.text(alphabet="ab *_~|`>#-[]()@\\\n", max_size=3000), limit=st.integers(8, 1024))
def test_escaped_pieces_fit_and_read_back_as_the_text(text, limit):
    pieces = split_escaped(text, limit)
    assert all(len(p) <= limit for p in pieces)
    assert all(markdown_pairs(p) == [] for p in pieces)
    # Pieces are cut at line breaks (dropped) or spaces (kept): the characters all come back.
    assert "".join(unescape(p) for p in pieces).replace("\n", "") == text.replace("\n", "")


# Every character escape_text acts on, the line starts it acts on, and plain text around them.
_TRICKY = "ab 1.2\t\n\u3000*_~|`>#-+[]()@\\\x00\x01\u202e\u200f\u2066名前ㅋ."


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet=_TRICKY, max_size=60) | st.from_regex(r"(?m)^[ \t]*(\d+\.|-|#|>)[ \t]\w*", fullmatch=True))
def test_the_fast_path_escapes_exactly_as_the_full_escape(text):
    """`escape` skips the full escape for text with nothing to escape: same result either way."""
    assert escape(text) == escape_text(text)
    assert escape(text) == escape(text)  # the cached answer too


def test_plain_words_pass_unchanged_and_line_start_forms_do_not():
    assert escape("Minimum raise 1,000. Call 600 (RP-8)") == "Minimum raise 1,000. Call 600 (RP-8)"
    assert escape("1. first") == "1\\. first"
    assert escape(" - item") == "\\ - item"
    assert escape("A\u202eB") == "AB"


def test_console_text_and_json_stay_plain():
    reply = handle(f"rule {EVIL} bet 100", Context())
    assert EVIL in reply.text and EVIL in reply.to_json()["text"]


# -- through the fake Discord ---------------------------------------------------------------------

TICKS = "```x"
WORKING_HAND = f"NL 50/100 flop: {TICKS} bet 100, B allin 125, C call, D allin 200, E call"
LINK_HAND = "NL 50/100 flop: [Free_chips](https://evil.example) bet 100, B?"


def _finish(fake) -> None:
    fake.assert_clean()
    for r in fake.requests:
        if r.sends_content:
            assert (r.message_payload or {}).get("allowed_mentions") == {"parse": []}


async def test_slash_commands_echo_names_and_queries_as_text(fake_discord, start_bot):
    await start_bot()
    inter = await fake_discord.slash("rule", query=f"{EVIL} bet 100")
    [msg] = await inter.wait_final()
    expected = handle(f"{EVIL} bet 100", Context(), command="rule")
    assert EVIL in expected.text, "the lookup echoes the query (else this test proves nothing)"
    assert msg["embeds"] == embeds(expected)
    assert_safe(msg["embeds"], names=(EVIL,))

    inter = await fake_discord.slash("ruling", hand=LINK_HAND)
    [msg] = await inter.wait_final()
    expected = handle(LINK_HAND, Context(), command="ruling")
    assert expected.ok and "[Free_chips](https://evil.example)" in expected.text
    assert_safe(msg["embeds"], names=("[Free_chips](https://evil.example)",))
    _finish(fake_discord)


async def test_a_name_with_backticks_stays_inside_the_working_table(fake_discord, start_bot):
    await start_bot()
    expected = handle(WORKING_HAND, Context(), command="ruling")
    if not expected.ok:
        pytest.fail(f"the notation no longer takes {TICKS!r} as a name: pick another name with backticks")
    assert any(TICKS in w for w in expected.working), "the name must reach the working table"
    inter = await fake_discord.slash("ruling", hand=WORKING_HAND)
    [msg] = await inter.wait_final()
    assert msg["embeds"] == embeds(expected)
    code = [f["value"] for e in msg["embeds"] for f in e["fields"] if f["value"].startswith("```")]
    assert code and all(code_blocks_closed(v) for v in code)
    assert TICKS in code[0].replace("\u200b", "")
    assert_safe(msg["embeds"])
    _finish(fake_discord)


async def test_clock_on_a_markdown_name_and_a_mention_reply(fake_discord, start_bot):
    await start_bot()
    name = "**Bo** ||x|| @everyone"
    inter = await fake_discord.slash("clock", player=name)
    [msg] = await inter.wait_final()
    assert_safe(msg["embeds"], names=("**Bo** ||x|| @",))

    await fake_discord.post_message(f"<@{fake_discord.app_id}> rule {EVIL}")
    sent = await fake_discord.wait_for(lambda: fake_discord.requests_to("POST", r"^/channels/\d+/messages$"), 5,
                                       "the mention reply")
    assert_safe(sent[-1].body["embeds"], names=(EVIL,))

    inter = await fake_discord.slash("clock", player="\u200b")
    [msg] = await inter.wait_final()
    assert "U+200B" in msg["embeds"][0].get("title", "") + msg["embeds"][0].get("description", "")
    _finish(fake_discord)
