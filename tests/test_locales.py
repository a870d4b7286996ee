"""The catalogue files themselves, walked on disk (not whichever modules a test happened to import):
every key in every language, the same placeholders in each, every key used by the code, and every
`Messages("name")` in the code backed by a file.

"Used" means the key appears as a string literal in the project's code (engine/, handlers/, cogs/,
bot.py): error codes are raised in engine/ as `FloorcallError("code")`, templates are looked up as
`TEXT("key", lang)` or `t["key"]`. Keys built at run time are accounted for in `DYNAMIC`: each entry
names the catalogue, the prefix or pattern the code builds, and where the variable parts come from,
so that list is checked against the code as well (a prefix nobody builds any more fails).
"""

from __future__ import annotations

import ast
import re
import string
import tomllib
from pathlib import Path

import pytest

from handlers import locales
from handlers.locales import DEFAULT_LANG, LANGS

ROOT = Path(__file__).resolve().parent.parent
CODE_DIRS = ("engine", "handlers", "cogs")


def _code_files() -> list[Path]:
    return [p for d in CODE_DIRS for p in (ROOT / d).rglob("*.py")] + [ROOT / "bot.py"]


def _literals() -> set[str]:
    """Every string constant in the code, f-string pieces included."""
    out: set[str] = set()
    for p in _code_files():
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"), str(p))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                out.add(node.value)
    return out


LITERALS = _literals()
SOURCE = "\n".join(p.read_text(encoding="utf-8") for p in _code_files())

# Keys the code builds at run time: (catalogue, pattern, the code that builds it). A key matching the
# pattern counts as used while that code is still there and every named part of the key is itself a
# string literal in the code (where the variable part comes from: a `Note("code")` in engine/, an
# enum value, a `Literal[...]`). So `n_oot_fold` is used because rulings.py writes Note("oot_fold").
DYNAMIC: list[tuple[str, str, str]] = [
    ("ruling", r"n_(?P<code>\w+)", 't["n_" + code]'),  # a Note's code (engine/betting/rulings.py)
    ("ruling", r"n_undercall_(?P<outcome>\w+)", 'Note("undercall_" + outcome'),
    ("ruling", r"n_query_no_decision_(?P<status>\w+)", "code = f\"{code}_{params['status']}\""),
    ("ruling", r"n_alias_(?P<alias>\w+)", 'Note(f"alias_{alias}"'),  # notation's aliases: limp, 3x ...
    ("ruling", r"r_(?P<ruled>\w+)", 't["r_" + ruled]'),  # Ruled in engine/betting/records.py
    ("ruling", r"why_(?P<why>\w+)", 't["why_" + params.get("why"'),  # the undercall's reason
    ("ruling", r"(?P<base>may_\w+?)(?P<suffix>_pl|_fl)", '_GAME_SUFFIX = {"PL": "_pl", "FL": "_fl"}'),
    ("clock", r"(?P<facing>bet|no_bet)_(?P<outcome>\w+)", 'MSG(f"{facing}_{outcome}"'),  # ClockRule outcomes
    ("clock", r"facing_(?P<facing>\w+)", 'MSG(f"facing_{clock.facing}"'),
    ("rule", r"game_(?P<game>\w+)", 'MESSAGES("game_" + result.game'),  # lookup's game names
    # main's blind clock (handlers/blinds/) and the pots branch's pot command (handlers/pot.py), whose
    # catalogues tools/catalogue_to_toml.py brings in at merge time; a rule for a catalogue with no
    # file yet is skipped by the checks below.
    ("pot", r"n_(?P<code>\w+)", 'TEXT("n_" + note.code'),  # a Note's code in the whole-hand engine
    ("blinds", r"ante_kind_(?P<kind>\w+)", 'MSG(f"ante_kind_{lv.ante_kind}"'),
    ("blinds", r"preset_(?P<preset>\w+)", 'MSG(f"preset_{preset}"'),
    ("blinds", r"did_(?P<action>\w+)", 'MSG(f"did_{'),
    ("help", r"label_(?P<name>\w+)", 'TEXT(f"label_{name}"'),  # each command's name in the list
    ("discord", r"why_(?P<source>\w+)", "DISCORD('why_' + here."),  # handlers.store.settings's *_source values
]


# A language may leave out a placeholder English has (never add one) only where listed, with why.
OMITTED: dict[tuple[str, str], str] = {
    ("ruling", "to_call"): "ja/ko leave the subject out: the sentence after it names the player",
}


def _catalogues() -> list[str]:
    return locales.names()


def _load(name: str) -> dict[str, dict[str, str]]:
    with locales.path_of(name).open("rb") as f:
        return tomllib.load(f)


def _fields(template: str) -> set[str]:
    return {f.split(".")[0].split("[")[0] for _, f, _, _ in string.Formatter().parse(template) if f is not None}


def test_the_catalogues_on_disk_are_the_ones_the_code_names() -> None:
    named = set(re.findall(r'\bMessages\("([\w-]+)"\)', SOURCE))
    on_disk = set(_catalogues())
    assert named, "no Messages(\"name\") found in the code"
    assert named - on_disk == set(), "Messages(...) without a file"
    # commands (the Discord translator) is read by name through handlers.locales.load
    assert on_disk - named <= {"commands"}, on_disk - named
    assert not re.search(r"\bMessages\(\s*\{", SOURCE), "a literal catalogue in code: run tools/catalogue_to_toml.py --rewrite"


@pytest.mark.parametrize("name", sorted(set(locales.names()) - {"commands"}))
def test_every_key_has_every_language_and_the_same_placeholders(name: str) -> None:
    table = _load(name)
    assert table, name
    for key, entry in table.items():
        assert isinstance(entry, dict), (name, key)
        assert set(entry) == set(LANGS), (name, key, sorted(entry))
        assert all(isinstance(v, str) for v in entry.values()), (name, key)
        # empty on purpose in every language (why_multiway_raise: the note needs no reason) or in none
        assert len({bool(v.strip()) for v in entry.values()}) == 1, (name, key, "empty in some languages only")
        fields = {lang: _fields(entry[lang]) for lang in LANGS}
        if (name, key) in OMITTED:
            assert all(f <= fields[DEFAULT_LANG] for f in fields.values()), (name, key, fields)
        else:
            assert all(f == fields[DEFAULT_LANG] for f in fields.values()), (name, key, fields)


@pytest.mark.parametrize("name", sorted(set(locales.names()) - {"commands"}))
def test_every_key_is_used_by_the_code(name: str) -> None:
    rules = [(re.compile(rx), snippet) for cat, rx, snippet in DYNAMIC if cat == name]
    unused = []
    for key in _load(name):
        if key in LITERALS:
            continue
        if any(_built(rx, snippet, key) for rx, snippet in rules):
            continue
        unused.append(key)
    assert unused == [], f"{name}: keys no code uses"


def _built(rx: re.Pattern[str], snippet: str, key: str) -> bool:
    m = rx.fullmatch(key)
    return bool(m) and snippet in SOURCE and all(part in LITERALS for part in m.groupdict().values())


def test_every_dynamic_rule_still_matches_code_and_keys() -> None:
    """A rule whose code is gone, or that no key needs, would hide unused keys: it goes too."""
    for cat, rx, snippet in DYNAMIC:
        if cat not in locales.names():
            continue
        assert snippet in SOURCE, (cat, snippet)
        needed = [k for k in _load(cat) if k not in LITERALS and _built(re.compile(rx), snippet, k)]
        assert needed, (cat, rx)


def test_command_translations_have_every_other_language_and_are_used() -> None:
    """commands.toml is keyed by the English string itself; each entry has the other languages."""
    table = _load("commands")
    others = set(LANGS) - {DEFAULT_LANG}
    for en, entry in table.items():
        assert set(entry) == others, (en, sorted(entry))
        assert all(isinstance(v, str) and v.strip() for v in entry.values()), en
    cogs_literals = set()  # strings passed to Discord, and parameter names (discord.py's option names)
    for p in (ROOT / "cogs").glob("*.py"):
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                cogs_literals.add(node.value)
            elif isinstance(node, ast.arg):
                cogs_literals.add(node.arg)
    assert [en for en in table if en not in cogs_literals] == []


def test_the_korean_templates_leave_particles_after_placeholders_to_markers() -> None:
    """A name or amount is only known at run time: its particle must be a marker, not fixed."""
    fixed = re.compile(r"\}[’']?(은|는|이|가|을|를|과|와|으로|로)(?=[\s,.)])")  # a marker has "(" next
    offenders = [(name, key) for name in _catalogues() if name != "commands"
                 for key, entry in _load(name).items() if fixed.search(entry["ko"])]
    assert offenders == []
