"""Every ruling reply of a fixed corpus of lines is what it was: tools/same_output.py in the suite.

tests/fixtures/same_output.json holds about a thousand lines (every hand the tests wrote when it
was made, and the public eval's) and, for each, one digest per language and ruleset of the reply's
text and JSON. A change that alters any reply fails here with the lines it changed and their new
text; when the change is meant, `python tools/same_output.py fixture` writes the digests again
(and the diff of the fixture shows which lines moved).
"""

from __future__ import annotations

from tools.same_output import FIXTURE, LANGS, RULESETS, answers, digest, digests, read_fixture

SHOWN = 5  # differing lines listed in a failure


def test_the_fixture_names_what_it_was_made_over() -> None:
    data = read_fixture()
    assert data["langs"] == list(LANGS) and data["rulesets"] == sorted(RULESETS)
    rows = data["answers"]
    assert isinstance(rows, list) and len(rows) > 900
    per = len(LANGS) * len(RULESETS)
    assert all(len(row[1].split()) == per for row in rows)


def test_every_reply_of_the_corpus_is_unchanged() -> None:
    rows = read_fixture()["answers"]
    assert isinstance(rows, list)
    corpus = [row[0] for row in rows]
    now = digests(corpus)
    changed = [i for i, (before, after) in enumerate(zip(rows, now, strict=True)) if before[1] != after[1]]
    if not changed:
        return
    shown = []
    combos = [(lang, rs) for lang in LANGS for rs in sorted(RULESETS)]
    for i in changed[:SHOWN]:
        old, new = rows[i][1].split(), now[i][1].split()
        moved = [k for k in range(len(combos)) if old[k] != new[k]]
        lang, rs = combos[moved[0]]
        reply = answers([corpus[i]])[moved[0]]
        shown.append(f"  {corpus[i]!r}\n    {len(moved)} of {len(combos)} answers differ; {lang}/{rs} now reads:\n"
                     f"    {reply[3][:400]!r}")
    raise AssertionError(
        f"{len(changed)} of {len(corpus)} lines of {FIXTURE.name} reply differently now. If every change is "
        f"intended, run `python tools/same_output.py fixture` and commit tests/fixtures/same_output.json "
        f"(say the counts in the commit message). The first {len(shown)}:\n" + "\n".join(shown))


def test_the_digest_sees_text_and_json_apart() -> None:
    assert digest("a", "b") != digest("a", "c") != digest("ab", "")
    assert digest("ab", "") != digest("a", "b")  # the separator keeps the two parts apart
