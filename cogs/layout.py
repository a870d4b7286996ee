"""How a `Reply` is laid out on Discord so it reads on a 400 px phone (issue 22).

The handlers build one reply for every surface; the console prints its text as is. On Discord a
phone shows about 32 monospace cells of an embed's code block and about 40 characters of a line,
so this module decides, from the reply's structured `data` (the same keys as its JSON), what the
embed leads with and how the parts are shaped:

- a ruling leads with one short line, who acts, what it costs to call and the smallest raise,
  with only the amounts bold; the handler's sentence (the reasoning) follows as plain text, and
  the inline fields that only repeated the lead are left out;
- a pot settlement shows one field per pot (name and amount; who won it, who could, odd chips
  only when there are any) instead of a monospace table, which no phone can hold and in which
  Japanese and Korean columns drift;
- a player clock takes its colour and its title from its phase (running, countdown, time up with
  the consequence in the title, stopped);
- a blind clock's status shows the level once, as its title, and the note under it.

Everything here is presentation: no amount is computed, only read from `data` as the handler put
it there, and every word comes from `handlers/locales/phone.toml` or the handlers' catalogues.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cogs.live import defuse
from cogs.messages import PHONE
from handlers.reply import Field, Reply

# Cells of monospace text a phone shows in an embed's code block (400 px screen, 14 px font).
CODE_CELLS = 32
# A headline longer than this is not a title (a bold title of 200 characters is four or five
# lines on a phone): it goes to the description, as plain text under the lead.
TITLE_SHORT = 100

OK_COLOUR = 0x2E8B57
ERROR_COLOUR = 0xC0392B
# The player clock: green while it runs, amber in the countdown, red when time is up, grey
# once it is stopped (acted or cancelled).
CLOCK_COLOURS = {"running": 0x2E8B57, "countdown": 0xE67E22, "expired": 0xC0392B,
                 "acted": 0x95A5A6, "cancelled": 0x95A5A6}


@dataclass
class Layout:
    """What an embed shows first: colour, title (plain), lead (markdown, escaped), the body
    (plain text under the lead), and the fields (`markdown` ones carry escaped markdown)."""

    colour: int
    title: str | None
    lead: str | None
    body: str | None
    fields: list[Field] = field(default_factory=list)
    markdown: list[Field] = field(default_factory=list)  # shown first, values already markdown
    working: list[str] = field(default_factory=list)
    url: str | None = None  # the title's link (a rule's source), instead of a "Rules" field
    citations: bool = True  # whether the cited rules are listed as links under the fields


def cells(text: str) -> int:
    """Monospace cells a string takes: a wide (CJK) character takes two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def fold(line: str, width: int = CODE_CELLS, indent: str = "  ") -> list[str]:
    """One working row as phone-wide lines: broken before the verdict (` → `), then before the
    difference (` = `), then at spaces, each continuation indented, so no code-block row wraps
    (a row wrapped by the phone starts its second line at the left edge, under the names)."""
    if cells(line) <= width:
        return [line]
    for sep in (" → ", " = "):
        head, mark, tail = line.rpartition(sep)
        if mark and head.strip():
            lead = indent if not line.startswith(indent) else line[: len(line) - len(line.lstrip())]
            return fold(head, width, indent) + fold(lead + sep.lstrip() + tail, width, indent)
    out: list[str] = []
    rest = line
    while cells(rest) > width:
        cut = _last_space_within(rest, width)
        if cut <= len(indent):
            break
        out.append(rest[:cut].rstrip())
        rest = indent + rest[cut:].lstrip()
    out.append(rest)
    return out


def _last_space_within(text: str, width: int) -> int:
    used = 0
    last = -1
    for i, ch in enumerate(text):
        used += 2 if unicodedata.east_asian_width(ch) in "WF" else 1
        if used > width:
            break
        if ch == " ":
            last = i
    return last


def amount(value: Any) -> str:
    """An amount as the handlers write it (thousands separators)."""
    from handlers.ruling import n

    return n(value)


def shape(reply: Reply, escape: Callable[[str], str], *, echo: str | None = None) -> Layout:
    """The layout of `reply` on Discord; `escape` (cogs.render's) makes a name safe markdown;
    `echo`, the line the user typed, is shown under an error with the failing place marked."""
    out = _shape(reply, escape)
    if not reply.ok and echo and reply.error is not None:
        out.markdown.append(Field(escape(PHONE("echo_title", reply.lang)), mark(echo, reply.error.at)))
    return out


def _shape(reply: Reply, escape: Callable[[str], str]) -> Layout:
    colour = OK_COLOUR if reply.ok else ERROR_COLOUR
    out = Layout(colour, None, None, None, list(reply.fields), [], [r for w in reply.working for r in fold(w)])
    data = reply.data
    if reply.ok and reply.command == "ruling" and isinstance(data.get("to_act"), str):
        out.lead = ruling_lead(data, reply.lang, escape)
        out.body = reply.headline
        out.fields = _without_lead_fields(reply)
        return out
    if reply.ok and reply.command == "pot" and isinstance(data.get("pots"), list) and data["pots"]:
        out.body = reply.headline
        out.markdown = pot_fields(data["pots"], reply.lang, escape)
        out.working = []
        return out
    if reply.command == "clock" and isinstance(data.get("state"), str):
        state = data["state"]
        out.colour = CLOCK_COLOURS.get(state, colour)
        out.title = clock_title(state, data, reply.lang, late=_closed_late(reply))
        out.body = reply.headline
        return out
    if reply.ok and reply.command == "blinds" and reply.headline:
        first, _, rest = reply.headline.partition("\n")
        out.title, out.body = first, rest or None
        if data.get("level") is not None and not data.get("stopped"):
            # The title shows the blinds (and an ante, when there is one): not twice.
            from handlers.blinds.messages import MSG as BLINDS

            drop = {BLINDS("f_blinds", reply.lang)}
            if data.get("ante"):
                drop.add(BLINDS("f_ante", reply.lang))
            out.fields = [f for f in reply.fields if f.name not in drop]
        return out
    if reply.ok and reply.command == "rule" and len(reply.citations) == 1 and reply.fields:
        _shape_rule(reply, out)
        return out
    if reply.ok and reply.command == "help" and isinstance(data.get("commands"), list):
        out.title = reply.headline if len(reply.headline) <= TITLE_SHORT else None
        out.body = None if out.title else reply.headline
        out.fields = []
        # Only what Discord has as a command: the desk's calls (button, balance ...) are console words.
        names = [str(c) for c in data["commands"] if str(c) in DISCORD_COMMANDS]
        if len(names) > 1 and "settings" not in names:  # the whole list: Discord has /settings too
            names.insert(names.index("help") if "help" in names else len(names), "settings")
        out.markdown = help_fields(names, reply.lang, escape)
        return out
    if len(reply.headline) <= TITLE_SHORT and "\n" not in reply.headline:
        out.title = reply.headline
    else:
        out.body = reply.headline
    return out


def ruling_lead(data: dict[str, Any], lang: str, escape: Callable[[str], str]) -> str:
    """`C to act · call **1,600** · min raise to **2,600**`: who, the call, the raise."""
    parts = [PHONE("lead_to_act", lang, player=escape(data["to_act"]))]
    to_call = data.get("to_call") or 0
    parts.append(PHONE("lead_call", lang, amount=amount(to_call)) if to_call else PHONE("lead_check", lang))
    if data.get("can_raise") and data.get("min_raise_to") is not None:
        key = "lead_min_bet" if not data.get("bet_level") else "lead_min_raise"
        parts.append(PHONE(key, lang, amount=amount(data["min_raise_to"])))
        if data.get("max_raise_to") is not None:
            parts.append(PHONE("lead_max", lang, amount=amount(data["max_raise_to"])))
    elif to_call:
        parts.append(PHONE("lead_no_raise", lang))
    return PHONE("lead_sep", lang).join(parts)


def _without_lead_fields(reply: Reply) -> list[Field]:
    """The ruling's fields less those the lead already says (to call, minimum and maximum raise)."""
    from handlers.ruling_text import TEXT

    t = TEXT.templates(reply.lang)
    said = {t[k] for k in ("f_to_call", "f_min_raise", "f_min_bet", "f_max_raise")}
    return [f for f in reply.fields if not (f.inline and f.name in said)]


def pot_fields(pots: list[dict[str, Any]], lang: str, escape: Callable[[str], str]) -> list[Field]:
    """One field per pot: `Main pot · 2,100`, then who won it (bold), who could, odd chips."""
    from handlers.pot_text import TEXT as POT
    from handlers.ruling import list_sep

    sep = list_sep(lang)
    out: list[Field] = []
    for pot in pots:
        name = pot.get("name", "")
        label = POT("main", lang) if name == "main" else POT("side", lang, n=str(name).removeprefix("side"))
        lines = []
        winners = pot.get("winners") or []
        shares = pot.get("shares") or {}
        if winners:
            if len(winners) > 1 and shares:
                won = sep.join(f"**{escape(w)}** {amount(shares.get(w, 0))}" for w in winners)
            else:
                won = sep.join(f"**{escape(w)}**" for w in winners)
            lines.append(PHONE("pot_won_by", lang, players=won))
        lines.append(PHONE("pot_can_win", lang, players=sep.join(escape(p) for p in pot.get("eligible") or [])))
        odd = pot.get("odd_chips") or {}
        if odd:
            lines.append(PHONE("pot_odd_chips", lang, chips=sep.join(f"{escape(p)} +{amount(c)}" for p, c in odd.items())))
        out.append(Field(escape(PHONE("pot_title", lang, pot=label, amount=amount(pot.get("amount", 0)))),
                         "\n".join(lines)))
    return out


# The clock's title in each phase, and when time is up, by (facing, outcome) of the rule in force.
_CLOCK_TITLES = {"running": "clock_running", "countdown": "clock_countdown", "expired": "clock_expired",
                 "acted": "clock_acted", "cancelled": "clock_cancelled"}
_EXPIRED_TITLES = {("bet", "dead_hand"): "clock_expired_bet_dead_hand",
                   ("no_bet", "check"): "clock_expired_no_bet_check",
                   ("no_bet", "dead_hand"): "clock_expired_no_bet_dead_hand"}


def _closed_late(reply: Reply) -> bool:
    """A clock closed after its end while nobody could press Acted (the bot was away): the rule
    gives no outcome and the floor decides, so the title must not announce one."""
    from handlers.clock.messages import MSG

    late = MSG("floor_decides", reply.lang)
    return any(f.value == late for f in reply.fields)


def clock_title(state: str, data: dict[str, Any], lang: str, *, late: bool = False) -> str:
    """The player clock's title in its phase; when time is up and the facing is known, what
    happens to the hand ("Time: the hand is dead")."""
    if state == "expired" and late:
        return PHONE("clock_expired", lang)
    if state == "expired":
        on_time = data.get("on_time") or {}
        facing = data.get("facing")
        key = _EXPIRED_TITLES.get((str(facing), str(on_time.get(facing)))) if facing is not None else None
        return PHONE(key or "clock_expired", lang)
    return PHONE(_CLOCK_TITLES.get(state, "clock_running"), lang)


# Each command's example (Discord's own syntax) and, where one is needed, a note under it.
HELP_EXAMPLES = {"ruling": "help_ex_ruling", "pot": "help_ex_pot", "rule": "help_ex_rule", "clock": "help_ex_clock",
                 "blinds": "help_ex_blinds", "settings": "help_ex_settings", "help": "help_ex_help"}
HELP_NOTES = {"ruling": "help_note_ruling"}
# What a command does, where the console's help text (its first line) does not say it for Discord.
HELP_OWN = {"settings": "help_settings", "help": "help_help"}
# Commands that run only in a server with floorcall (never in DMs, nor where a user installed it).
SERVER_ONLY = ("clock", "blinds")


def slash_name(command: str, lang: str) -> str:
    """`/裁定` for ("ruling", "ja"): the name a Japanese or Korean client shows for the command."""
    from cogs.translator import table

    return "/" + (table().get(command, {}).get(lang) or command if lang != "en" else command)


# The slash commands the bot registers, in the order help lists them.
DISCORD_COMMANDS = ("ruling", "pot", "rule", "clock", "blinds", "settings", "help")


def help_fields(commands: list[str], lang: str, escape: Callable[[str], str]) -> list[Field]:
    """One field per command: its name as the client shows it, what it does (one line), and an
    example as code in Discord's syntax (`/ruling hand:…`), never the console's."""
    from handlers.help import TEXT as HELP

    out: list[Field] = []
    for name in commands:
        if name in HELP_OWN:
            what = PHONE(HELP_OWN[name], lang)
        else:
            what = HELP(name, lang).strip().split("\n")[0]
        lines = [escape(what)]
        if name in HELP_EXAMPLES:
            lines.append(f"`{PHONE(HELP_EXAMPLES[name], lang)}`")
        if name in HELP_NOTES:
            lines.append(escape(PHONE(HELP_NOTES[name], lang)))
        if name in SERVER_ONLY:
            lines.append(f"*{escape(PHONE('help_server_only', lang))}*")
        out.append(Field(escape(slash_name(name, lang)), "\n".join(lines)))
    return out


def _shape_rule(reply: Reply, out: Layout) -> None:
    """One rule: its title (a link to where it is written), one summary under it, the parts, one
    list of related rules. The lookup's "See also" and "Also close" often name the same rules, the
    summary may be Part A word for word, and a "Rules" field would only repeat the title."""
    from handlers.rule import MESSAGES

    lang = reply.lang
    summary_name, related, also = (MESSAGES(k, lang) for k in ("summary", "related", "also"))
    out.title = reply.headline
    out.url = reply.citations[0].url
    out.citations = False
    kept: list[Field] = []
    seen: list[str] = []
    summary: str | None = None
    for f in reply.fields:
        if f.name == summary_name and summary is None:
            summary = f.value
        elif f.name in (related, also):
            seen.extend(x for x in f.value.split(" / ") if x and x not in seen and x != reply.headline)
        elif summary is not None and f.value.strip() == summary.strip():
            continue  # a part that says exactly what the summary said
        else:
            # One column on a phone: an inline field alone (the section) wraps in a third of it.
            kept.append(Field(f.name, f.value))
    out.body = summary
    if seen:
        kept.append(Field(PHONE("rule_related", lang), "\n".join(seen)))
    out.fields = kept


ECHO_AROUND = 150  # characters of the line shown on each side of the failing place


def mark(text: str, at: int | None) -> str:
    """The line as typed, as markdown, with the word at `at` bold and underlined (`__**bett**__`):
    on a phone the place to fix is found without counting characters. A long line is cut around
    it; with no place (`at` None) the line is shown as it is. Every piece is escaped in full
    (not only where a pair could form): a lone `*` beside the mark must not pair with it."""
    import discord

    def safe(piece: str) -> str:
        from engine.notation.names import strip_bidi

        return discord.utils.escape_mentions(defuse(discord.utils.escape_markdown(strip_bidi(piece))))

    text = text.replace("\n", " ")
    if at is None or not 0 <= at <= len(text):
        return safe(text[: 2 * ECHO_AROUND])
    end = at
    while end < len(text) and not text[end].isspace() and text[end] not in ",;、，；":
        end += 1
    start = max(0, at - ECHO_AROUND)
    stop = min(len(text), end + ECHO_AROUND)
    before = ("…" if start else "") + text[start:at]
    after = text[end:stop] + ("…" if stop < len(text) else "")
    word = text[at:end] or "␣"
    return f"{safe(before)}__**{safe(word)}**__{safe(after)}"
