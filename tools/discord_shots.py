"""Screenshots of the bot's Discord replies as Discord draws them, at desktop and phone width.

    python tools/discord_shots.py capture shots.json      # the real bot against the fake Discord
    python tools/discord_shots.py html shots.json out/    # one HTML page per reply and width
    python tools/discord_shots.py png shots.json out/     # the pages as PNG (headless Chromium)

`capture` starts the real `FloorcallBot` against the project's fake Discord (tests/fakediscord, on
127.0.0.1) and records what it sends for every command in the three languages: the messages
(embeds and buttons) and the modals. `html` draws each captured payload the way Discord's client
draws it (dark theme, an embed's colour bar, title, description, inline fields three to a row,
code blocks, links, the markdown the bot may send), at 900 px and at 400 px; `png` opens those
pages in headless Chromium (Debian's `chromium`) and saves each at its full height.

This is for looking: a person reads the 400 px pictures for wrapped table rows, raw markdown and
an answer that is not on the first line. tests/test_discord_shots.py checks that capture and HTML
work (without a browser).
"""

from __future__ import annotations

import asyncio
import base64
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

WIDTHS = (900, 400)
LOCALES = {"en": "en-US", "ja": "ja", "ko": "ko"}
TWELVE = "Christopher1"

# (name, command path, options): each run in every language. Hands are English notation, which
# every language reads; the long ones are the largest the tests use (nine players, side pots).
_NINE = [f"{TWELVE[:11]}{i}" for i in range(9)]
_STACKS = " ".join(f"{n} {1000 * (i + 1)}" for i, n in enumerate(_NINE))
SCENARIOS: list[tuple[str, str, dict[str, Any]]] = [
    ("ruling", "ruling", {"hand": "NL 100/200 flop: A bet 600, B raise 1600, C?"}),
    ("ruling-short-allin", "ruling", {"hand": f"NL 100/200 flop: {TWELVE} bet 600, B allin 900, C call, {TWELVE}?"}),
    ("ruling-error", "ruling", {"hand": "NL 100/200 flop: A bet 600, B rase 1600, C?"}),
    ("pot", "pot", {"hand": "NL 100/200 stacks A 700 B 5000 C 3000 preflop: A allin, B call, C call; "
                            "flop: B bet 1000, C allin, B call; showdown: A > B > C"}),
    ("pot-split", "pot", {"hand": "NL 1/2 stacks A 101 B 101 C 101 preflop: A allin, B call, C call; "
                                  "showdown: A = B > C"}),
    ("pot-nine", "pot", {"hand": f"NL 100/200 stacks {_STACKS} preflop: "
                                 + ", ".join(f"{n} allin" for n in _NINE[:8]) + f", {_NINE[8]} call; showdown: "
                                 + " > ".join(_NINE)}),
    ("rule-49", "rule", {"query": "49"}),
    ("rule-words", "rule", {"query": "one chip"}),
    ("help", "help", {}),
    ("help-ruling", "help", {"command": "ruling"}),
    ("clock", "clock", {"player": "seat 4"}),
    ("blinds", "blinds start", {"structure": "turbo"}),
    ("settings-show", "settings show", {}),
    ("ruling-entry", "ruling", {}),
]
MANAGE_GUILD = 1 << 5


async def capture(scenarios: list[tuple[str, str, dict[str, Any]]] | None = None,
                  langs: tuple[str, ...] = tuple(LOCALES), verbose: bool = False) -> list[dict[str, Any]]:
    """Every scenario (all of `SCENARIOS` unless given) in every language of `langs`: what the bot
    sent (messages, or the modal it opened)."""
    import discord.gateway
    import discord.http
    import yarl
    from fakediscord.server import FakeDiscord

    from cogs.app import FloorcallBot
    from cogs.cooldown import UserCooldowns

    out: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        fake = FakeDiscord()
        await fake.start()
        # A server per language (clocks and blind clocks are one per channel), seen at IDENTIFY.
        rooms = {lang: fake.add_guild()[1] for lang in langs}
        before = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
        discord.http.Route.BASE = fake.api_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)
        bot = FloorcallBot(db_path=os.path.join(tmp, "shots.db"), guild_ready_timeout=0.05,
                           cooldowns=UserCooldowns(rate=10_000, per=1))
        task = asyncio.create_task(bot.start(fake.token))
        try:
            await fake.wait_for(lambda: bot.is_ready() or task.done(), 20, "the bot ready")
            for lang in langs:
                locale = LOCALES[lang]
                fake.guild_locale = locale
                channel = rooms[lang]
                await _set_language(fake, lang, channel)
                for name, path, options in scenarios or SCENARIOS:
                    if verbose:
                        print(lang, name, file=sys.stderr)
                    inter = await fake.slash(path, locale=locale, permissions=MANAGE_GUILD, channel_id=channel,
                                             **options)
                    await inter.wait_answered(20)
                    if inter.modal is not None:
                        out.append({"name": name, "lang": lang, "modal": inter.modal})
                        continue
                    messages = await inter.wait_final(20)
                    out.append({"name": name, "lang": lang,
                                "messages": [{"embeds": m.get("embeds") or [], "components": m.get("components") or [],
                                              "content": m.get("content") or "",
                                              "ephemeral": bool(int(m.get("flags", 0)) & 64)} for m in messages]})
            fake.assert_clean()
        finally:
            await bot.close()
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
            await fake.stop()
            discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = before
    return out


async def _set_language(fake: Any, lang: str, channel: int) -> None:
    inter = await fake.slash("settings language", permissions=1 << 4, channel_id=channel, value=lang)
    await inter.wait_final(20)


# -- drawing ------------------------------------------------------------------------------------

CSS = """
body { margin: 0; background: #313338; color: #dbdee1; font: 16px/1.375 "gg sans", "Noto Sans",
       "Noto Sans CJK JP", "Noto Sans CJK KR", sans-serif; }
.msg { display: flex; padding: 8px 16px 8px 16px; }
.avatar { width: 40px; height: 40px; border-radius: 50%; background: #5865f2; flex: none; margin-right: 16px; }
.body { min-width: 0; flex: 1; }
.who { color: #f2f3f5; font-weight: 600; } .who small { color: #949ba4; font-weight: 400; font-size: 12px; }
.embed { display: grid; max-width: 516px; background: #2b2d31; border-left: 4px solid; border-radius: 4px;
         padding: 8px 16px 16px 12px; margin-top: 4px; box-sizing: border-box; }
.title { color: #f2f3f5; font-weight: 600; font-size: 16px; margin-top: 8px; }
.title a { color: #00a8fc; text-decoration: none; } .ts { background: #3f4147; border-radius: 3px; padding: 0 2px; }
.desc { font-size: 14px; margin-top: 8px; white-space: pre-wrap; overflow-wrap: anywhere; }
.fields { display: grid; grid-template-columns: repeat(12, 1fr); gap: 8px; margin-top: 8px; }
.field { grid-column: 1 / 13; min-width: 0; } .field.inline { grid-column: span 4; }
.fname { font-size: 14px; font-weight: 600; color: #f2f3f5; margin-bottom: 2px; overflow-wrap: anywhere; }
.fvalue { font-size: 14px; white-space: pre-wrap; overflow-wrap: anywhere; }
.footer { font-size: 12px; color: #b5bac1; margin-top: 8px; }
pre { background: #1e1f22; border: 1px solid #232428; border-radius: 4px; padding: 7px; margin: 4px 0 0;
      font: 14px/1.125 "Noto Sans Mono", "Noto Sans Mono CJK JP", monospace; white-space: pre-wrap;
      overflow-wrap: anywhere; }
code { background: #1e1f22; border-radius: 3px; padding: 0 2px; font: 0.85em "Noto Sans Mono", monospace; }
a { color: #00a8fc; text-decoration: none; } .ts { background: #3f4147; border-radius: 3px; padding: 0 2px; }
.buttons button { margin: 8px 8px 0 0; padding: 2px 16px; min-height: 32px; border: 0; border-radius: 3px;
                  color: #fff; font: 14px "Noto Sans", sans-serif; background: #4e5058; }
.buttons button.s1 { background: #5865f2; } .buttons button.s3 { background: #248046; }
.note { font-size: 12px; color: #949ba4; margin-top: 4px; }
.modal { background: #313338; border-radius: 8px; padding: 16px; max-width: 440px; }
.modal h2 { font-size: 20px; margin: 0 0 16px; color: #f2f3f5; }
.modal label { display: block; font-size: 12px; font-weight: 700; text-transform: uppercase; color: #b5bac1; }
.modal .input { background: #1e1f22; border-radius: 3px; padding: 10px; margin: 8px 0 16px; min-height: 20px;
                white-space: pre-wrap; color: #dbdee1; font-size: 16px; }
.modal .input.para { min-height: 60px; } .modal .placeholder { color: #6d6f78; }
"""
# On a phone the client narrows everything: the padding, the avatar and the embed fill the screen.
PHONE_CSS = """
.msg { padding: 8px 8px 8px 12px; } .avatar { width: 36px; height: 36px; margin-right: 10px; }
.embed { max-width: none; } .field.inline { grid-column: span 6; }
"""


def markdown(text: str) -> str:
    """The markdown the bot sends, as Discord's client shows it: code blocks, inline code,
    backslash escapes, bold, underline, italics and masked links; anything else is text."""
    blocks: list[str] = []

    def keep(fragment: str) -> str:
        blocks.append(fragment)
        return f"\x00{len(blocks) - 1}\x00"

    text = re.sub(r"```(?:[a-z]*\n)?(.*?)\n?```", lambda m: keep(f"<pre>{html.escape(m[1])}</pre>"), text, flags=re.S)
    text = re.sub(r"\\([^\w\s])", lambda m: keep(html.escape(m[1])), text)
    text = re.sub(r"`([^`\n]+)`", lambda m: keep(f"<code>{html.escape(m[1])}</code>"), text)
    text = re.sub(r"\[([^\]\n]+)\]\((https?://[^)\s]+)\)",
                  lambda m: keep(f'<a href="{html.escape(m[2])}">{html.escape(m[1])}</a>'), text)
    text = re.sub(r"<t:(\d+):[tTdDfFR]>", lambda m: keep(
        f'<span class="ts">{datetime.fromtimestamp(int(m[1]), UTC):%H:%M} UTC</span>'), text)
    text = html.escape(text, quote=False)
    text = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", text)
    text = re.sub(r"__(.+?)__", r"<u>\1</u>", text)
    text = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<i>\1</i>", text)
    text = re.sub(r"(?<!\w)_(?!\s)(.+?)(?<!\s)_(?!\w)", r"<i>\1</i>", text)
    while "\x00" in text:
        text = re.sub(r"\x00(\d+)\x00", lambda m: blocks[int(m[1])], text)
    return text


def embed_html(e: dict[str, Any]) -> str:
    colour = f"#{int(e.get('color') or 0x202225):06x}"
    parts = []
    if e.get("title"):
        title = markdown(e["title"])
        parts.append(f'<div class="title">{f"<a>{title}</a>" if e.get("url") else title}</div>')
    if e.get("description"):
        parts.append(f'<div class="desc">{markdown(e["description"])}</div>')
    if e.get("fields"):
        fields = "".join(f'<div class="field{" inline" if f.get("inline") else ""}"><div class="fname">'
                         f'{markdown(f["name"])}</div><div class="fvalue">{markdown(f["value"])}</div></div>'
                         for f in e["fields"])
        parts.append(f'<div class="fields">{fields}</div>')
    if (e.get("footer") or {}).get("text"):
        parts.append(f'<div class="footer">{html.escape(e["footer"]["text"])}</div>')
    return f'<div class="embed" style="border-color:{colour}">{"".join(parts)}</div>'


def message_html(m: dict[str, Any]) -> str:
    content = f'<div class="desc">{markdown(m["content"])}</div>' if m.get("content") else ""
    embeds = "".join(embed_html(e) for e in m.get("embeds", []))
    buttons = "".join(f'<button class="s{c.get("style", 2)}">{html.escape((c.get("emoji") or {}).get("name") or "")} '
                      f'{html.escape(c.get("label") or "")}</button>'
                      for row in m.get("components", []) for c in row.get("components", []))
    note = '<div class="note">Only you can see this</div>' if m.get("ephemeral") else ""
    return (f'<div class="msg"><div class="avatar"></div><div class="body"><div class="who">floorcall '
            f'<small>Today at 21:00</small></div>{content}{embeds}<div class="buttons">{buttons}</div>{note}'
            f'</div></div>')


def modal_html(modal: dict[str, Any]) -> str:
    rows = []
    for row in modal["components"]:
        inner = row.get("component") or row["components"][0]
        label = row.get("label") or inner.get("label") or ""
        if inner["type"] == 3:
            chosen = [o["label"] for o in inner.get("options", []) if o.get("default")]
            value = html.escape(chosen[0] if chosen else inner.get("placeholder") or "") + " ▾"
        else:
            value = html.escape(inner.get("value") or "") or \
                f'<span class="placeholder">{html.escape(inner.get("placeholder") or "")}</span>'
        para = " para" if inner.get("style") == 2 else ""
        rows.append(f'<label>{html.escape(label)}</label><div class="input{para}">{value}</div>')
    return f'<div class="modal"><h2>{html.escape(modal["title"])}</h2>{"".join(rows)}</div>'


def page(shot: dict[str, Any], width: int) -> str:
    body = modal_html(shot["modal"]) if "modal" in shot else "".join(message_html(m) for m in shot["messages"])
    css = CSS + (PHONE_CSS if width < 600 else "")
    return (f'<!doctype html><html lang="{shot["lang"]}"><head><meta charset="utf-8"><style>{css}</style></head>'
            f'<body style="width:{width}px">{body}</body></html>')


def write_pages(shots: list[dict[str, Any]], out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for shot in shots:
        for width in WIDTHS:
            path = out / f"{shot['name']}-{shot['lang']}-{width}.html"
            path.write_text(page(shot, width), encoding="utf-8")
            paths.append(path)
    return paths


# -- pictures -------------------------------------------------------------------------------------


def browser() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    sys.exit("no Chromium: apt-get install -y chromium fonts-noto-cjk")


async def screenshots(pages: list[Path]) -> list[Path]:
    """Each page as a PNG at its own width and full height, through Chromium's DevTools protocol
    (a plain --screenshot is one window size for all, cut or padded)."""
    import aiohttp

    with tempfile.TemporaryDirectory() as profile:
        proc = subprocess.Popen([browser(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                 "--remote-debugging-port=0", f"--user-data-dir={profile}", "about:blank"],
                                stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
        try:
            assert proc.stderr is not None
            ws_url = ""
            for line in proc.stderr:
                if "DevTools listening on" in line:
                    ws_url = line.split("on", 1)[1].strip()
                    break
            port = ws_url.split(":")[2].split("/")[0]
            out = []
            async with aiohttp.ClientSession() as http:
                async with http.get(f"http://127.0.0.1:{port}/json/list") as r:
                    target = next(t for t in await r.json() if t["type"] == "page")
                async with http.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0) as ws:
                    ids = iter(range(1, 1 << 30))

                    async def call(method: str, **params: Any) -> dict[str, Any]:
                        n = next(ids)
                        await ws.send_json({"id": n, "method": method, "params": params})
                        while True:
                            msg = await ws.receive_json()
                            if msg.get("id") == n:
                                return msg.get("result", {})

                    await call("Page.enable")
                    for path in pages:
                        width = int(path.stem.rsplit("-", 1)[1])
                        await call("Emulation.setDeviceMetricsOverride", width=width, height=800,
                                   deviceScaleFactor=1, mobile=False)
                        await call("Page.navigate", url=path.resolve().as_uri())
                        await asyncio.sleep(0.3)
                        got = await call("Runtime.evaluate", expression="document.body.scrollHeight",
                                         returnByValue=True)
                        height = int(got["result"]["value"]) + 8
                        await call("Emulation.setDeviceMetricsOverride", width=width, height=height,
                                   deviceScaleFactor=1, mobile=False)
                        shot = await call("Page.captureScreenshot", format="png")
                        png = path.with_suffix(".png")
                        png.write_bytes(base64.b64decode(shot["data"]))
                        out.append(png)
            return out
        finally:
            proc.terminate()
            proc.wait(10)


def main(argv: list[str]) -> int:
    if len(argv) < 3 or argv[1] not in ("capture", "html", "png"):
        print(__doc__)
        return 2
    source = Path(argv[2])
    if argv[1] == "capture":
        shots = asyncio.run(capture(verbose=True))
        source.write_text(json.dumps(shots, ensure_ascii=False, indent=1), encoding="utf-8")
        print(f"captured {len(shots)} replies to {source}")
        return 0
    shots = json.loads(source.read_text(encoding="utf-8"))
    out = Path(argv[3]) if len(argv) > 3 else source.with_suffix("")
    pages = write_pages(shots, out)
    if argv[1] == "png":
        pngs = asyncio.run(screenshots(pages))
        print(f"{len(pngs)} pictures in {out}")
    else:
        print(f"{len(pages)} pages in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
