"""The `rule` command: a rule by number in any spelling, or by words through the lookup.

`rule 45`, `rule 45-A`, `rule 第49項`, `rule 규칙 49`, `rule 2024:43` (renumbered to 45) go
straight to the entry of the ruleset in force; anything else is a word query (`rule
オーバーチップ`, `rule can I raise after a short all-in? game:stud`). The corpus and the index
are built on the first call, never at import of the dispatcher, so rulings start fast.
"""

from __future__ import annotations

import re

from engine.errors import FloorcallError
from engine.rulesets import Ruleset
from handlers.citations import citation_label, make_citations, rules_heading, with_titles
from handlers.context import Context
from handlers.errors import error_reply
from handlers.i18n import Messages, ruleset_name
from handlers.reply import Field, Reply
from handlers.rule_ids import RuleRef, parse_rule_id, target
from rules_data.corpus import Corpus, Entry

MAX_RESULTS = 5

MESSAGES = Messages("rule")

_GAME_TOKEN = re.compile(r"(?:^|\s)(?:game|ゲーム|게임)\s*[:：=]\s*(\S+)", re.IGNORECASE)


def handle(args: str, offset: int, ctx: Context) -> Reply:
    """Answer `rule <query>`; every failure is a localized `ok: false` reply."""
    try:
        return _answer(args, offset, ctx)
    except FloorcallError as err:
        return error_reply("rule", ctx, err, MESSAGES)


def _split_game(args: str, offset: int) -> tuple[str, str | None]:
    from handlers.lookup import game_of

    m = _GAME_TOKEN.search(args)
    if not m:
        return args.strip(), None
    game = game_of(m.group(1))
    if game is None:
        raise FloorcallError("unknown_game", at=offset + m.start(1), hint="holdem", game=m.group(1))
    return (args[: m.start()] + " " + args[m.end() :]).strip(), game


def _answer(args: str, offset: int, ctx: Context) -> Reply:
    query, game = _split_game(args, offset)
    if not query:
        raise FloorcallError("empty_query", at=offset, hint="rule 45")
    ref = parse_rule_id(query)
    if ref is not None:
        return _by_number(query, ref, offset, ctx)
    several = _several_numbers(query, ctx)
    if several is not None:
        return several
    from handlers.lookup import search

    result = search(query, ctx.lang, ctx.ruleset, game=game or ctx.game, limit=MAX_RESULTS, wait=ctx.lookup_wait)
    reply = _by_words(query, result, ctx)
    if result.semantic_pending:  # only a sentence, where the meaning search could change the answer
        reply.data["semantic_pending"] = True
        from handlers.lookup.warm import WARMING

        reply.footer = " ".join(x for x in (reply.footer, WARMING("semantic_pending", ctx.lang)) if x)
    return reply


def _several_numbers(query: str, ctx: Context) -> Reply | None:
    """`rule 45 46`: every word a rule number. The lookup read it as words and offered 47, 49,
    45 and 51 -- never 46. Offered instead: exactly the rules typed, in their order (the ones
    the edition in force has), as a "did you mean" list; None when a word is not a number."""
    words = query.split()
    if len(words) < 2 or len(words) > MAX_RESULTS:
        return None
    refs = [parse_rule_id(w) for w in words]
    if any(r is None for r in refs):
        return None
    corpus = _corpus()
    entries: list[Entry] = []
    for r in refs:
        assert r is not None
        to = target(r, ctx.ruleset, corpus)
        entry = corpus.resolve(to.ruleset, to.cid) if to.cid is not None else None
        if entry is not None and all(e.cid != entry.cid for e in entries):
            entries.append(entry)
    if not entries:
        return None
    lang, ruleset = ctx.lang, ctx.ruleset
    return Reply(
        ok=True, command="rule", lang=lang, ruleset=ctx.ruleset_id,
        headline=MESSAGES("did_you_mean", lang, query=query),
        fields=[Field(rule_heading(e, lang, ruleset), _first_sentence(e.summary.get(lang) or e.summary["en"]))
                for e in entries],
        citations=with_titles(make_citations([e.cid for e in entries], lang, ruleset), lang, ruleset),
        data={"query": query, "results": [_result(e, lang, 1.0) for e in entries], "confidence": "ambiguous"},
        citations_title=rules_heading(lang),
    )


def _corpus() -> Corpus:
    from rules_data.corpus import get_corpus

    return get_corpus()


def _nearest(corpus: Corpus, ruleset: Ruleset, ref: RuleRef) -> str | None:
    """The closest existing id of the same kind (rule 75 -> 74, GL:button -> GL:btn), as a hint."""
    if ref.kind == "glossary":
        return _nearest_term(corpus, ruleset, ref.cid.partition(":")[2])
    cid = ref.cid.lstrip("-")  # rule -1: the nearest is rule 1
    base = cid.split("-")[0] if ref.kind == "rule" else "-".join(cid.split("-")[:2])
    m = re.search(r"\d+", base)
    if not m:
        return None
    n = int(m.group())
    prefix = base[: m.start()]
    best: tuple[int, str] | None = None
    for edition in ruleset.corpora:
        for e in corpus.entries(edition):
            if e.kind != ref.kind or not re.fullmatch(re.escape(prefix) + r"\d+", e.id):
                continue
            d = abs(int(e.id[len(prefix) :]) - n)
            if best is None or d < best[0]:
                best = (d, e.id)
    # A slip of a digit or two (75 -> 74, 5-B -> 5) is worth offering; rule 99 of 74 is no typo
    # of rule 74, and offering it sent people to a rule that has nothing to do with what they meant.
    if best is None or best[0] > max(2, n // 10):
        return None
    return best[1]


# Glossary names -> entry id, per (corpus, editions): built on the first unknown glossary id and
# kept, since the corpus does not change while the process runs (it was rebuilt on every miss).
# Keyed by the corpus's identity (its mappings make it unhashable); the entry holds the corpus, so
# the id cannot be reused by another one while it is cached.
_GLOSSARY_NAMES: dict[tuple[int, tuple[str, ...]], tuple[Corpus, dict[str, str], tuple[str, ...]]] = {}


def _glossary_names(corpus: Corpus, editions: tuple[str, ...]) -> tuple[dict[str, str], tuple[str, ...]]:
    """Every glossary id, title and keyword of `editions` (casefolded, and again without spaces
    or marks) -> its entry's id; and the names in order, which rapidfuzz takes as its choices."""
    key = (id(corpus), editions)
    hit = _GLOSSARY_NAMES.get(key)
    if hit is not None and hit[0] is corpus:
        return hit[1], hit[2]
    names: dict[str, str] = {}
    for edition in editions:
        for e in corpus.entries(edition):
            if e.kind != "glossary":
                continue
            for name in (e.id.partition(":")[2], *e.title.values(), *(k for ks in e.keywords.values() for k in ks)):
                names.setdefault(name.casefold(), e.id)
                names.setdefault(re.sub(r"[\W_]+", "", name.casefold()), e.id)  # "bigblind", "big-blind"
    _GLOSSARY_NAMES[key] = (corpus, names, tuple(names))
    return names, _GLOSSARY_NAMES[key][2]


def _nearest_term(corpus: Corpus, ruleset: Ruleset, term: str) -> str | None:
    """The glossary entry whose id, titles or keywords come closest to `term` (typos, long forms).

    Glossary ids are short tags (`GL:btn`), so a term typed out in full (`button`) or in another
    language finds its entry through the titles and keywords; rapidfuzz's WRatio weighs a
    whole-word match inside a longer title well, and 80 keeps unrelated terms from being offered.
    """
    from rapidfuzz import fuzz, process, utils

    names, choices = _glossary_names(corpus, ruleset.corpora)
    query = term.casefold()
    found = process.extract(query, choices, scorer=fuzz.WRatio, processor=utils.default_process,
                            score_cutoff=80, limit=5)
    # WRatio scores a term inside a longer name almost as high as the name itself ("bigblind" in
    # "big blind ante" 90, in "big blind" 89); adding the plain ratio prefers the closest length.
    best = max(found, key=lambda f: f[1] + fuzz.ratio(query, f[0]), default=None)
    return names[best[0]] if best else None


def _by_number(query: str, ref: RuleRef, offset: int, ctx: Context) -> Reply:
    corpus = _corpus()
    to = target(ref, ctx.ruleset, corpus)
    ruleset, cid = to.ruleset, to.cid
    if cid is None:
        raise FloorcallError("not_in_2024", at=offset, n=ref.cid.partition("-")[0])
    entry = corpus.resolve(ruleset, cid)
    if entry is None:
        whole = corpus.resolve(ruleset, cid.split("-")[0]) if ref.kind == "rule" and "-" in cid else None
        label = citation_label(cid, ctx.lang, ruleset)
        if cid.startswith("-"):  # rule -1: the label of 1 with its sign ("第-1項", not "第項-1")
            label = citation_label(cid[1:], ctx.lang, ruleset).replace(cid[1:], cid, 1)
        if whole is not None:
            part = cid.split("-", 1)[1]
            if not whole.parts:
                raise FloorcallError("no_parts", at=offset, hint=whole.id, label=citation_label(whole.id, ctx.lang, ruleset))
            raise FloorcallError(
                "unknown_part", at=offset, hint=f"{whole.id}-{next(iter(whole.parts))}",
                label=citation_label(whole.id, ctx.lang, ruleset), part=part, parts=", ".join(whole.parts),
            )
        raise FloorcallError(
            "unknown_rule", at=offset, hint=_nearest(corpus, ruleset, ref),
            edition=ruleset_name(ruleset.id, ctx.lang), label=label,
        )
    reply = _entry_reply(query, entry, ctx, ruleset, score=1.0, others=())
    reply.data["confidence"] = "direct"
    reply.data["by_number"] = True
    if to.from_2024 is not None:
        reply.data["renumbered"] = {"from": f"2024:{to.from_2024}", "to": cid}
        reply.footer = MESSAGES("renumbered", ctx.lang, old=to.from_2024, new=cid)
    return reply


def summary_text(entry: Entry, lang: str) -> str:
    """What an entry says in `lang`: the asked-for part, else the summary (English if `lang` lacks it).

    Shared with the Show rules button, so a rule reads the same whichever way it was asked for.
    """
    return entry.part_text(lang) or shown(entry.summary.get(lang) or entry.summary.get("en", ""))


# A note for the corpus's reviewers, written inside 〔 〕 in a summary (which source a thin entry
# rests on): it stays in the data, where the lookup reads it as part of the entry, and is never
# shown to a player (rules_data/SCHEMA.md).
_SOURCE_NOTE = re.compile(r"\s*〔[^〔〕]*〕")


def shown(text: str) -> str:
    """A corpus text as a player reads it: without the reviewers' notes."""
    return _SOURCE_NOTE.sub("", text).strip() if "〔" in text else text


def _result(entry: Entry, lang: str, score: float) -> dict[str, object]:
    return {
        "id": entry.cid, "title": entry.title.get(lang) or entry.title["en"], "summary": summary_text(entry, lang),
        "score": score, "related": list(entry.related),
    }


def _related_heads(entry: Entry, lang: str, ruleset: Ruleset) -> list[str]:
    """`Rule 47 Multiple chips` for each related id (the label alone if it does not resolve)."""
    corpus = _corpus()
    out = []
    for rid in entry.related:
        other = corpus.resolve(ruleset, rid)
        out.append(rule_heading(other, lang, ruleset) if other else citation_label(rid, lang, ruleset))
    return out


def rule_heading(entry: Entry, lang: str, ruleset: Ruleset) -> str:
    """`Rule 45-A Raise Amounts`: the label in the reply language and the entry's title."""
    return f"{citation_label(entry.cid, lang, ruleset)} {entry.title.get(lang) or entry.title['en']}".strip()



def _part_label(entry: Entry, key: str, lang: str, ruleset: Ruleset) -> str:
    """A lettered part under the name it is cited by (`第49項-A`, `규칙 49-A`, `Rule 49-A`), as the
    citations below the reply name it; a part that is not a letter (an example) keeps `Part Ex3`."""
    if len(key) == 1 and key.isalpha():
        return citation_label(f"{entry.id}-{key}", lang, ruleset)
    # The addendum's worked examples (`Ex1-A`) and situations (`S5`): 例1-A, 예시 1-A, Example 1-A.
    example = re.fullmatch(r"Ex(\d+(?:-[A-Z])?)", key)
    if example:
        return MESSAGES("part_example", lang, n=example.group(1))
    situation = re.fullmatch(r"S(\d+)", key)
    if situation:
        return MESSAGES("part_situation", lang, n=situation.group(1))
    return MESSAGES("part", lang, part=key)


def _entry_reply(query: str, entry: Entry, ctx: Context, ruleset: Ruleset, score: float, others: tuple) -> Reply:
    lang = ctx.lang
    corpus = _corpus()
    fields: list[Field] = []
    if entry.part is not None:
        fields.append(Field(_part_label(entry, entry.part, lang, ruleset), entry.part_text(lang) or ""))
    else:
        fields.append(Field(MESSAGES("summary", lang), shown(entry.summary.get(lang) or entry.summary["en"])))
        for key, texts in entry.parts.items():
            fields.append(Field(_part_label(entry, key, lang, ruleset), texts.get(lang) or texts.get("en", "")))
    fields.append(Field(MESSAGES("section", lang), corpus.section_name(entry.section, lang), inline=True))
    if entry.related:
        fields.append(Field(MESSAGES("related", lang), " / ".join(_related_heads(entry, lang, ruleset))))
    if others:
        fields.append(Field(MESSAGES("also", lang), " / ".join(rule_heading(h.entry, lang, ruleset) for h in others)))
    results = [_result(entry, lang, score)] + [_result(h.entry, lang, h.score) for h in others]
    return Reply(
        ok=True,
        command="rule",
        lang=lang,
        ruleset=ctx.ruleset_id,
        headline=rule_heading(entry, lang, ruleset),
        fields=fields,
        citations=with_titles(make_citations([entry.cid], lang, ruleset), lang, ruleset),
        data={"query": query, "results": results[:MAX_RESULTS]},
        footer=MESSAGES("thin", lang) if entry.thin else None,
        citations_title=rules_heading(lang),
    )


def _by_words(query: str, result, ctx: Context) -> Reply:  # noqa: ANN001 - LookupResult, imported lazily
    lang = ctx.lang
    ruleset = ctx.ruleset
    hits = result.hits
    if result.confidence == "direct" and hits:
        reply = _entry_reply(query, hits[0].entry, ctx, ruleset, hits[0].score, hits[1:])
    elif result.confidence in ("ambiguous", "uncertain") and hits:
        fields = [
            Field(rule_heading(h.entry, lang, ruleset), _first_sentence(shown(h.entry.summary.get(lang) or h.entry.summary["en"])))
            for h in hits
        ]
        head = "did_you_mean" if result.confidence == "ambiguous" else "may_fit"
        reply = Reply(
            ok=True, command="rule", lang=lang, ruleset=ctx.ruleset_id,
            headline=MESSAGES(head, lang, query=query), fields=fields,
            citations=with_titles(make_citations([h.entry.cid for h in hits], lang, ruleset), lang, ruleset),
            data={"query": query, "results": [_result(h.entry, lang, h.score) for h in hits]},
            citations_title=rules_heading(lang),
        )
    else:
        reply = Reply(
            ok=True, command="rule", lang=lang, ruleset=ctx.ruleset_id,
            headline=MESSAGES("nothing", lang, query=query),
            # What to type, in the reply language's command word: `ルール 45`, `규칙 45`, `rule 45`.
            fields=[Field(f"{Messages('help')('label_rule', lang)} {s}", _suggestion(s, lang, ruleset)) for s in _suggestions(ruleset)],
            data={"query": query, "results": []},
        )
    reply.data["confidence"] = result.confidence
    if result.understood and result.confidence != "none":
        reply.data["understood"] = result.understood
        note = MESSAGES("understood", lang, term=result.understood)
        reply.footer = " ".join(x for x in (note, reply.footer) if x)
    if result.game:
        reply.data["game"] = result.game
        reply.footer = " ".join(x for x in (reply.footer, MESSAGES("game_note", lang, game=MESSAGES("game_" + result.game, lang))) if x)
    return reply


def _suggestions(ruleset: Ruleset) -> list[str]:
    """A few rules people ask for most, those the edition in force has."""
    corpus = _corpus()
    return [s for s in ruleset.suggested_rules if corpus.resolve(ruleset, s) is not None][:4]


def _suggestion(cid: str, lang: str, ruleset: Ruleset) -> str:
    entry = _corpus().resolve(ruleset, cid)
    return entry.title.get(lang, entry.title["en"]) if entry else cid


def _first_sentence(text: str, limit: int = 160) -> str:
    m = re.search(r"[.。!?！？](?=\s|$)|[。！？]", text)
    s = text[: m.end()] if m else text
    return s if len(s) <= limit else s[: limit - 1] + "…"
