"""Choices for the Discord `/rule query:` autocomplete, called on every keystroke.

Empty input gets a curated list of the rules floor staff open most; a number (or the start of
one: `4`, `RP-`, `第4`, `GL:b`, `JP-`) lists the ids it could become; words go through the lookup. Names are
`<id> <title>` in the reply language, at most 100 characters (Discord's limit); the value is the
id, which `rule <id>` reads back as a number.
"""

from __future__ import annotations

import re
import unicodedata

from engine.rulesets import Ruleset
from handlers.citations import citation_label

MAX_CHOICES = 25  # Discord's limit
MAX_NAME = 100  # Discord's limit for a choice name (and value)

_PREFIX = re.compile(r"^(?:#|rule\s*|ルール|規則|규칙\s*|第)?(\d{1,2})$", re.IGNORECASE)
_RP_PREFIX = re.compile(r"^(?:rp|推奨手順)\s*-?\s*(\d{0,2})$", re.IGNORECASE)
_IA_PREFIX = re.compile(r"^(?:ia|追補例解)\s*-?\s*(\d{0,2})$", re.IGNORECASE)
_SLUG_PREFIX = re.compile(r"^(gl\s*:|jp\s*-)\s*([a-z0-9-]*)$", re.IGNORECASE)  # glossary and house ids


def _name(cid: str, title: str, lang: str, ruleset: Ruleset) -> str:
    """`46 オーバーチップ1枚でのベット`: the bare id for rules, the short label otherwise; a glossary
    term is its title after the word for glossary (`用語集: ブリングイン`), not its id's slug too."""
    if re.fullmatch(r"\d+(?:-[A-Z])?", cid):
        head = cid
    elif cid.startswith("GL:"):
        head = citation_label(cid, lang, ruleset).removesuffix(cid[3:]).rstrip()
    else:
        head = citation_label(cid, lang, ruleset, with_edition=False)
    name = f"{head} {title}"
    return name if len(name) <= MAX_NAME else name[: MAX_NAME - 1] + "…"


def _entries_by_prefix(text: str, ruleset: Ruleset) -> list[str] | None:
    """Ids a partly typed number can become (`4` -> 4, 40..49), or None when `text` is words."""
    from rules_data.corpus import get_corpus

    s = unicodedata.normalize("NFKC", text).strip()
    corpus = get_corpus()
    ids = [e.id for ed in ruleset.corpora for e in corpus.entries(ed)]
    if m := _PREFIX.match(s):
        n = m.group(1)
        numbers = [i for i in ids if i.isdigit() and i.startswith(n)]
        return sorted(dict.fromkeys(numbers), key=lambda i: (i != n, int(i)))
    if m := _RP_PREFIX.match(s):
        n = m.group(1)
        return [i for i in ids if i.startswith("RP-") and i[3:].startswith(n)]
    if m := _IA_PREFIX.match(s):
        n = m.group(1)
        return [i for i in ids if i.startswith("IA-") and i[3:].startswith(n)]
    if m := _SLUG_PREFIX.match(s):
        head = "GL:" if m.group(1).lower().startswith("gl") else "JP-"
        slug = m.group(2).lower()
        return [i for i in ids if i.startswith(head) and i[len(head) :].lower().startswith(slug)]
    return None


def choices(current: str, lang: str, ruleset: Ruleset) -> list[tuple[str, str]]:
    """Up to 25 (name, value) pairs for what the user has typed so far."""
    from rules_data.corpus import get_corpus

    corpus = get_corpus()
    text = current.strip()[:MAX_NAME * 2]
    if not text:
        ids = list(ruleset.curated_rules)  # what a floor person reaches for most
    else:
        prefixed = _entries_by_prefix(text, ruleset)
        ids = prefixed if prefixed is not None else []
        if prefixed is None:
            from handlers.lookup import search
            from handlers.rule_ids import parse_rule_id

            ref = parse_rule_id(text)
            found = search(text, lang, ruleset, limit=MAX_CHOICES, semantic=False)  # every keystroke: no encoder
            # a 2024 number answered from another ruleset's corpus (`Ruleset.read_2024_as`) has no
            # id here that `rule <id>` would read back as the same rule: it is not offered
            ids = [h.id for h in found.hits
                   if (ref is not None or h.score >= 0.3) and h.entry.edition in ruleset.corpora]
    out: list[tuple[str, str]] = []
    for cid in dict.fromkeys(ids):
        entry = corpus.resolve(ruleset, cid)
        if entry is None:
            continue
        title = entry.title.get(lang) or entry.title["en"]
        out.append((_name(entry.cid, title, lang, ruleset), entry.cid[:MAX_NAME]))
        if len(out) == MAX_CHOICES:
            break
    return out
