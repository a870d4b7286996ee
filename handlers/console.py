"""The local console: one command per input line, one reply per command, text or JSON Lines.

It runs the same `handle()` as Discord, with no token and without importing discord.py.

At a terminal it behaves like a shell: line editing and history with the arrow keys (the
standard library's `readline`, where the platform has it; the history is kept in
`console_history` in the cache directory), Ctrl-D ends the session on a fresh line, and Ctrl-C
ends it with a new line and status 130 (the shell's convention for an interrupt) instead of a
traceback. Without `--lang`, a line whose command word is Japanese or Korean (`裁定`, `판정`) is
answered in that language; English command words keep the default.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from engine.rulesets import DEFAULT_RULESET, RULESETS
from handlers.context import Context
from handlers.dispatch import COMMANDS, find_command, handle, split_command
from handlers.i18n import LANGS

if TYPE_CHECKING:
    from handlers.blinds.session import ConsoleBlinds
    from handlers.clock.session import ConsoleClocks

INTERRUPTED = 130  # 128 + SIGINT, what a shell reports for a program stopped by Ctrl-C
HISTORY_FILE = "console_history"
HISTORY_LENGTH = 1000

USAGE = {
    "ruling": ("<hand>", "rule on a betting sequence: ruling NL 50/100 flop: A bet 100, B?"),
    "pot": ("<hand>", "settle a whole hand: pot ... preflop: A allin, B call; showdown: A > B"),
    "rule": ("<number|words>", "find a rule: rule 45 / rule one chip"),
    "clock": ("<player>", "put a player on the clock: clock seat 4 facing:bet"),
    "blinds": ("[start <structure>|pause|resume|next|back|stop]", "the blind clock: blinds start turbo"),
    "button": ("<table>; bust <players>", "next hand's button and blinds: button T1 btn 9: 1 A, 4 D; bust A"),
    "balance": ("<tables>", "who moves where: balance T1 btn 2: 1 A, 2 B; T2 btn 6: ..."),
    "colour": ("<from> to <to>: <chips>", "a colour-up and chip race: colour 25 to 100: 1 A 5, 2 B 3"),
    "break": ("<table> <tables> [seed N]", "seat a broken table's players: break T3 T1 btn 2: ...; T3 btn 1: ..."),
    "bust": ("<players> left N paid M", "places of players out in one hand: bust A B left 13 paid 18"),
    "deal": ("icm|chip <stacks> prizes <amounts>", "a deal: deal icm A 5000 B 3000 C 2000 prizes 6000 3000 1000"),
    "payouts": ("<entries> pool N|buyin N", "a prize structure: payouts 87 buyin 100 preset standard unit 5"),
    "help": ("[command]", "usage with examples"),
}


def epilog() -> str:
    """The end of `--help`: every command with its other spellings, and the environment."""
    lines = ["console commands (one per line; Japanese and Korean command words work too):"]
    for cmd in COMMANDS:
        args, what = USAGE[cmd.name]
        usage = f"  {cmd.name} {args}"
        # A usage longer than the column ran into its description ("...|stop]the blind clock").
        lines.append(f"{usage:<23}{what}" if len(usage) < 23 else f"{usage}\n  {'':<21}{what}")
        others = [w for w in cmd.words if w != cmd.name]
        if others:
            lines.append(f"  {'':<21}also: {', '.join(others)}")
    lines += [
        "",
        "environment:",
        "  DISCORD_TOKEN        the Discord bot's token (python bot.py without --console needs it)",
        "  FLOORCALL_DB         where the Discord settings database lives (default ./floorcall.db)",
        "  FLOORCALL_CACHE_DIR  the rule lookup's cache and the console's history",
        "                       (default ~/.cache/floorcall; empty: keep neither)",
        "  FLOORCALL_LOG_LEVEL  the Discord bot's own log level (default info; debug adds a line",
        "                       per answered command)",
        "  FLOORCALL_TZ         the zone clock times are shown in, e.g. Asia/Tokyo (default: the",
        "                       machine's own)",
        "",
        "At the prompt: arrow keys recall earlier lines, Ctrl-D quits, Ctrl-C quits with status 130.",
    ]
    return "\n".join(lines)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="one JSON object per reply (JSON Lines)")
    parser.add_argument("--file", default=None, metavar="PATH",
                        help="answer one hand history (PHH or client text) or one command from a file, then exit"
                             " (`pot` unless the file starts with a command word)")
    parser.add_argument("--lang", choices=LANGS, default=None,
                        help="reply language (default: the language of each command word, English for English)")
    parser.add_argument("--ruleset", choices=list(RULESETS), default=DEFAULT_RULESET, help="ruleset in force")


def typed_lang(word: str) -> str | None:
    """The language a command word is written in: `ko` for Hangul, `ja` for kana or kanji."""
    for c in word:
        o = ord(c)
        if 0xAC00 <= o <= 0xD7A3 or 0x1100 <= o <= 0x11FF or 0x3130 <= o <= 0x318F:
            return "ko"
        if 0x3040 <= o <= 0x30FF or 0x4E00 <= o <= 0x9FFF or 0xFF66 <= o <= 0xFF9F:
            return "ja"
    return None


def history_path() -> Path | None:
    """`console_history` in FLOORCALL_CACHE_DIR (empty: no file), else in ~/.cache/floorcall.

    The same directory as `handlers.lookup.cache_dir()`, worked out here because importing the
    lookup (numpy) would add about 70 ms to every console start.
    """
    env = os.environ.get("FLOORCALL_CACHE_DIR")
    if env is not None:
        return Path(env) / HISTORY_FILE if env else None
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "floorcall" / HISTORY_FILE


class _Editor:
    """`input()` with readline's editing and a history file; plain `input()` where there is no
    readline (Windows without pyreadline: the line is still read, just not edited)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        try:
            import readline
        except ImportError:
            self.readline = None
            return
        self.readline = readline
        readline.set_history_length(HISTORY_LENGTH)
        if path is not None:
            try:
                readline.read_history_file(path)
            except OSError:  # first run, or an unreadable file: start with no history
                pass

    def __call__(self, prompt: str) -> str | None:
        try:
            return input(prompt)
        except EOFError:
            return None

    def save(self) -> None:
        if self.readline is None or self.path is None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.readline.write_history_file(self.path)
        except OSError:  # a read-only home must not spoil the exit
            pass


def _plain_reader(stdin: TextIO, stdout: TextIO, interactive: bool) -> Callable[[str], str | None]:
    def read(prompt: str) -> str | None:
        if interactive:
            stdout.write(prompt)
            stdout.flush()
        line = stdin.readline()
        return line.rstrip("\r\n") if line else None

    return read


def tolerate_bytes(stdin: TextIO, stdout: TextIO) -> None:
    """Let any byte sequence in and any reply out. Bytes that are not text in the input's
    encoding become U+FFFD: with `PYTHONIOENCODING=utf-8:strict`, `rule caf\\xe9` ended the
    console with a UnicodeDecodeError, and under the default surrogateescape `\\xff` reached the
    lookup's encoder as a lone surrogate (a traceback). A reply the output's encoding cannot
    write (Japanese to `ascii`) is written with replacement characters, not a crash."""
    for stream in (stdin, stdout):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and getattr(stream, "errors", "replace") != "replace":
            try:
                reconfigure(errors="replace")
            except (ValueError, OSError):  # already read from, or not a text wrapper after all
                pass


def _unreadable_encoding(stdin: TextIO) -> str | None:
    """The input's encoding when a line break in it is not the byte 0x0A (UTF-16, UTF-32): such
    input cannot be split into lines, and its decoder stops at the first odd byte whatever the
    error handler says."""
    encoding = getattr(stdin, "encoding", None)
    if not isinstance(encoding, str):
        return None
    try:
        return None if "\n".encode(encoding) == b"\n" else encoding
    except (LookupError, UnicodeError):
        return encoding


def clean_line(line: str) -> str:
    """A line as text every handler can take: lone surrogates (from a stream decoded with
    surrogateescape, or a caller's string) become U+FFFD."""
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        return "".join("\ufffd" if "\ud800" <= c <= "\udfff" else c for c in line)
    return line


def _write_json(stdout: TextIO, obj: dict[str, object]) -> None:
    """One JSON line as UTF-8 bytes, by the one formatter (orjson), past the text layer's encoding."""
    from handlers.reply import dumps_bytes

    raw = dumps_bytes(obj) + b"\n"
    buffer = getattr(stdout, "buffer", None)
    if buffer is None:  # a StringIO in tests: the same line as text
        stdout.write(raw.decode("utf-8"))
        return
    stdout.flush()
    buffer.write(raw)


def run(ctx: Context, as_json: bool, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout, *,
        auto_lang: bool = False) -> int:
    """Answer every line of `stdin`; exit status 0 at end of input even if some were rejected,
    130 when interrupted (Ctrl-C). With `auto_lang`, a Japanese or Korean command word picks the
    reply language for its line."""
    unreadable = _unreadable_encoding(stdin)
    if unreadable is not None:
        line = (f"floorcall: the console reads lines of text, and {unreadable} is not an encoding lines can be "
                "read in (PYTHONIOENCODING); use utf-8\n")
        err = getattr(sys.stderr, "buffer", None)  # stderr is in that encoding too: write UTF-8 bytes
        sys.stderr.flush()
        if err is not None:
            err.write(line.encode("utf-8"))
            err.flush()
        else:
            sys.stderr.write(line)
        return 2
    tolerate_bytes(stdin, stdout)
    interactive = stdin.isatty() and not as_json
    editor = _Editor(history_path()) if interactive and stdin is sys.stdin and stdout is sys.stdout else None
    read = editor or _plain_reader(stdin, stdout, interactive)
    if interactive:
        stdout.write("floorcall console: type a command (help for examples); Ctrl-D or Ctrl-C to quit.\n")
    from handlers.blinds.session import ConsoleBlinds, use_session
    from handlers.clock.session import ConsoleClocks, use_clocks

    try:
        with use_session(ConsoleBlinds()) as blinds, use_clocks(ConsoleClocks()) as clocks:
            return _loop(ctx, as_json, stdin, stdout, read, interactive, auto_lang, blinds, clocks)
    except KeyboardInterrupt:
        if interactive:
            stdout.write("\n")
            stdout.flush()
        return INTERRUPTED
    finally:
        if editor is not None:
            editor.save()


_HISTORY_COMMANDS = ("ruling", "pot")
_TOML_KEY = re.compile(r"[a-z_]+\s*=")


def _gather(line: str, read: Callable[[str], str | None]) -> str:
    """`pot hand.phh`: the file's text; `pot PokerStars Hand #...` or `pot variant = "NT"` pasted:
    the lines that follow too, up to an empty line (or the end of input). Every other line as it is.
    Files are read here, in the console, never by the command handlers (a Discord user must not
    be able to name a file on the bot's machine)."""
    word, _, args, _ = split_command(line)
    cmd = find_command(word) if word else None
    if cmd is None or cmd.name not in _HISTORY_COMMANDS:
        return line
    path = args.strip()
    if path.endswith((".phh", ".txt", ".toml")) and Path(path).expanduser().is_file():
        return f"{word} " + Path(path).expanduser().read_text(encoding="utf-8")
    first = args.lstrip()
    if not (first.startswith(("PokerStars", "#")) or _TOML_KEY.match(first)):
        return line
    lines = [line]
    while (more := read("")) is not None and more.strip():
        lines.append(more)
    return "\n".join(lines)


def file_command(path: str) -> str:
    """The one command `--file` answers: the file's text, after `pot ` unless it starts with a command word."""
    text = Path(path).expanduser().read_text(encoding="utf-8")
    word = split_command(text)[0]
    return text if find_command(word) is not None and word not in ("#",) else "pot " + text


def run_file(ctx: Context, path: str, as_json: bool, stdout: TextIO | None = None) -> int:
    """`--file PATH`: one reply; status 0 when it was answered, 1 when refused, 2 when unreadable."""
    try:
        line = file_command(path)
    except (OSError, UnicodeDecodeError) as err:
        print(f"cannot read {path}: {err}", file=sys.stderr)
        return 2
    word = split_command(line)[0]
    lang = typed_lang(word)
    reply = handle(line, ctx.with_lang(lang) if lang else ctx)
    out = stdout or sys.stdout
    if as_json:
        _write_json(out, reply.to_json())
    else:
        out.write(reply.text + "\n")
    return 0 if reply.ok else 1


def _loop(ctx: Context, as_json: bool, stdin: TextIO, stdout: TextIO, read: Callable[[str], str | None],
          interactive: bool, auto_lang: bool, blinds: ConsoleBlinds, clocks: ConsoleClocks) -> int:
    while True:
        line = read("> ")
        if line is not None:
            line = _gather(line, read)
        if line is None:
            if interactive:  # leave the shell's prompt on a line of its own
                stdout.write("\n")
                stdout.flush()
            return 0
        line = clean_line(line)
        if not line.strip():
            continue
        here = ctx
        if blinds.clock is not None:  # the session's blind clock: its level for rulings without blinds
            from handlers.clock.model import time_source

            here = blinds.context(ctx, time_source().now())
        if auto_lang:
            lang = typed_lang(split_command(line)[0])
            if lang is not None:
                here = here.with_lang(lang)
        reply = handle(line, here)
        try:
            if as_json:
                _write_json(stdout, reply.to_json())
            else:
                stdout.write(reply.text + "\n\n")
            stdout.flush()
            if as_json and hasattr(stdout, "buffer"):
                stdout.buffer.flush()
        except BrokenPipeError:  # the reader went away (e.g. `| head`): stop quietly
            return 0
        if interactive and reply.ok and reply.command == "clock":  # count it down in place
            from handlers.clock.console import follow

            follow(reply, here, stdin, stdout)
            from handlers.clock import player_key

            clocks.end(player_key(reply.data["player"]))  # followed to its end: over
        if interactive and reply.ok and reply.command == "blinds" and blinds.clock is not None:
            from handlers.blinds.console import follow as follow_blinds

            follow_blinds(blinds, here, stdin, stdout)
