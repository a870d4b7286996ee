"""`break`: a broken table's players seated by the two-step draw (11-B, Addendum 11), the tables
as even as they can be, and who waits for the button (11-A)."""

from __future__ import annotations

import random

import pytest

from engine.desk.breaking import break_table
from engine.desk.tables import Table
from engine.rulesets import RULESETS
from handlers.context import Context
from handlers.dispatch import handle

LANGS = ("en", "ja", "ko")
LINE = "break T3 T1 btn 2: 1 A, 2 B, 3 C, 5 D; T2 btn 1: 1 E, 2 F, 3 G; T3 btn 1: 1 P, 2 H, 4 I; seed 7"


def ask(line: str, lang: str = "en", ruleset: str = "tda2026") -> dict:
    return handle(line, Context(lang=lang, ruleset_id=ruleset)).to_json()


@pytest.mark.parametrize("word", ["break", "ブレイク", "브레이크"])
@pytest.mark.parametrize("lang", LANGS)
def test_a_seeded_draw_repeats_in_every_language(lang: str, word: str) -> None:
    out, again = ask(LINE.replace("break", word, 1), lang), ask(LINE)
    assert out["command"] == "break"
    assert out["moves"] == again["moves"] and out["seed"] == 7
    assert out["counts"] == {"T1": 5, "T2": 5}
    assert sorted(m["player"] for m in out["moves"]) == ["H", "I", "P"]
    # T2 (3 players) takes two, T1 (4) one; each at the seats that are big blind soonest
    assert sorted((m["to"]["table"], m["to"]["seat"]) for m in out["moves"]) == [("T1", 6), ("T2", 4), ("T2", 5)]
    assert out["citations"] == ["11-B", "IA-11"]


def test_the_seed_may_come_first() -> None:
    assert ask(LINE.replace("; seed 7", "").replace("break T3", "break T3 seed 7;"))["moves"] == ask(LINE)["moves"]


def test_without_a_seed_the_draw_says_which_it_used() -> None:
    out = ask(LINE.replace("; seed 7", ""))
    again = ask(LINE.replace("seed 7", f"seed {out['seed']}"))
    assert out["moves"] == again["moves"]


def test_a_seat_between_the_small_blind_and_the_button_waits() -> None:
    # T1 (5-max): button 1, SB 2, BB 4; seat 3 (between them) is its only empty seat: next hand the
    # button is on 2 and the small blind on 4, so whoever sits on 3 waits for the button to pass.
    # T3 fills first (3 players against T1's 4), then T1's only empty seat, 3.
    out = ask("break T2 5-max; T1 btn 1: 1 A, 2 B, 4 D, 5 X; T2 btn 1: 1 E, 2 F; T3 btn 1: 1 H, 2 I, 3 J; seed 3")
    to_t1 = [m for m in out["moves"] if m["to"]["table"] == "T1"]
    assert [m["to"]["seat"] for m in to_t1] == [3]
    assert out["waits"] == [to_t1[0]["player"]]
    assert "11-A" in out["citations"]


@pytest.mark.parametrize("seed", range(100))
def test_every_player_gets_an_empty_seat_and_the_tables_end_even(seed: int) -> None:
    rng = random.Random(seed)
    size = 9
    tables = []
    for i in range(rng.randint(2, 4)):
        seats = rng.sample(range(1, size + 1), rng.randint(2, 7))
        tables.append(Table(f"T{i}", size, rng.choice(seats), {s: f"T{i}P{s}" for s in seats}, 0, 0))
    broken = rng.choice(tables)
    before = {t.name: len(t.seats) for t in tables if t is not broken}
    room = sum(size - n for n in before.values())
    if room < len(broken.seats):
        return
    result = break_table(broken.name, tables, RULESETS["tda2026"].desk, seed)
    assert sorted(m.player for m in result.moves) == sorted(broken.seats.values())
    taken = [(m.to_table, m.to_seat) for m in result.moves]
    assert len(set(taken)) == len(taken)
    by = {t.name: t for t in tables}
    assert all(seat not in by[name].seats for name, seat in taken)
    assert sum(result.counts.values()) == sum(before.values()) + len(broken.seats)
    added = {n: result.counts[n] - before[n] for n in before}
    # Each player went to a table with the fewest at that moment: no table got one while another
    # that ended with fewer had room left.
    for n, got in added.items():
        if got:
            for m, other in result.counts.items():
                if other < result.counts[n] - 1:
                    assert len(by[m].seats) + added[m] == size


def test_tda2009_cites_its_seating_rules() -> None:
    assert ask(LINE, ruleset="tda2009")["citations"] == ["4", "5"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("line, code, at", [
    ("break T9 T1 btn 2: 1 A, 2 B; T2 btn 1: 1 C, 2 D", "break_unknown_table", 6),
    ("break T2 6-max; T1 btn 1: 1 A, 2 B, 3 C, 4 D, 5 E; T2 btn 1: 1 F, 2 G", "break_no_room", 6),
    ("break T1 T1 btn 1: 1 A, 2 B", "break_no_other", 6),
    ("break T2 T1 btn 1: 1 A, 2 B; T2 btn 1: 1 A, 2 C", "player_two_tables", 39),
    ("break T2 T1 btn 1: 1 A, 2 B; T2 btn 1: 1 C, 2 D; seed x", "seed_number", 53),
])
def test_break_errors_name_the_place(lang: str, line: str, code: str, at: int) -> None:
    out = ask(line, lang)
    assert out["ok"] is False and out["error"]["code"] == code and out["error"]["at"] == at
