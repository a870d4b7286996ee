"""The tournament desk (issue 25): `button`, `balance`, `colour`, from the rule texts' own examples.

Each example of the seeds is run in the three languages: the JSON keys must be the same in each,
and the text must name the seats the decision gave.
"""

from __future__ import annotations

import random

import pytest

from engine.desk.balance import balance
from engine.desk.button import next_hand, played_blinds
from engine.desk.tables import Table
from engine.rulesets import RULESETS
from handlers.context import Context
from handlers.dispatch import handle
from rules_data.corpus import get_corpus

LANGS = ("en", "ja", "ko")


def ask(line: str, lang: str = "en", ruleset: str = "tda2026") -> dict:
    return handle(line, Context(lang=lang, ruleset_id=ruleset)).to_json()


# -- button: 34, 36-B, 36-C ------------------------------------------------------------------

SEED_36B = "button T1 btn 9: 1 A, 4 D, 5 E, 6 F, 9 I; bust A"


@pytest.mark.parametrize("lang", LANGS)
def test_the_seeds_36b_example_moves_the_button_to_seat_3(lang: str) -> None:
    """36-B: button 9, SB 1, seats 2-3 empty, BB 4; the SB goes out: button 3, SB 4, BB 5."""
    out = ask(SEED_36B, lang)
    assert out["ok"] is True
    assert (out["button"], out["small_blind"], out["big_blind"]) == (3, 4, 5)
    assert out["dead_button"] is True and out["dead_small_blind"] is False
    assert out["citations"] == ["34", "36-B"]
    first = out["text"].splitlines()[0]
    for seat in ("3", "4", "5"):
        assert seat in first
    assert "D" in first and "E" in first


@pytest.mark.parametrize("word", ["ボタン", "버튼", "BUTTON", "/button"])
def test_the_command_in_japanese_and_korean(word: str) -> None:
    out = ask(SEED_36B.replace("button", word, 1), "ja")
    assert (out["command"], out["button"], out["big_blind"]) == ("button", 3, 5)


def test_tda2009_keeps_the_dead_button_where_the_small_blind_sat() -> None:
    """TDA 2009 has only the dead button (rule 24), no 36-B: the button stays on seat 1."""
    out = ask(SEED_36B, ruleset="tda2009")
    assert (out["button"], out["small_blind"], out["big_blind"]) == (1, 4, 5)
    assert out["citations"] == ["24"]
    assert "seat 1 (empty)" in out["text"].splitlines()[0]


def test_the_big_blind_out_leaves_a_dead_small_blind() -> None:
    out = ask("button btn 1: 1 A, 2 B, 3 C, 4 D; bust C")
    assert (out["button"], out["small_blind"], out["big_blind"]) == (2, None, 4)
    assert out["dead_small_blind"] is True and out["dead_button"] is False
    assert out["citations"] == ["34"]


def test_nobody_out_moves_everything_one_seat() -> None:
    out = ask("button btn 1: 1 A, 2 B, 3 C, 4 D")
    assert (out["button"], out["small_blind"], out["big_blind"]) == (2, 3, 4)
    assert not out["dead_button"] and not out["dead_small_blind"]


THREE = "button T1 btn 1: 1 X, 2 Y, 3 Z; bust "


@pytest.mark.parametrize("ruleset", ["tda2026", "tda2009", "jp-basic"])
@pytest.mark.parametrize("gone, bb", [("X", 2), ("Y", 1), ("Z", 1)])
def test_going_heads_up_from_three(ruleset: str, gone: str, bb: int) -> None:
    """Seed 003: the button out → the old SB is BB; the SB out → the old button is BB; the BB out →
    the BB moves on to the old button. Heads-up the small blind is the button (36-C)."""
    out = ask(THREE + gone, ruleset=ruleset)
    assert out["heads_up"] is True and out["big_blind"] == bb
    other = ({1, 2, 3} - {bb, " XYZ".index(gone)}).pop()
    assert out["button"] == other
    heads_up_ids = list(RULESETS[ruleset].desk.c("heads_up"))
    assert out["citations"] == heads_up_ids
    if ruleset == "jp-basic" and gone == "Z":  # seed 003 (3): one hand with a dead small blind
        assert out["small_blind"] is None and out["dead_small_blind"] is True
    else:
        assert out["small_blind"] == other and out["dead_small_blind"] is False


def test_heads_up_alternates() -> None:
    out = ask("button btn 1: 1 X, 2 Y")
    assert (out["button"], out["small_blind"], out["big_blind"]) == (2, 2, 1)


def _random_table(rng: random.Random) -> Table:
    size = rng.choice([6, 9, 10])
    seats = rng.sample(range(1, size + 1), rng.randint(3, size))
    return Table("T", size, rng.choice(seats), {s: f"P{s}" for s in seats}, 0, 0)


@pytest.mark.parametrize("seed", range(200))
def test_nobody_misses_the_big_blind_or_posts_it_twice(seed: int) -> None:
    """Any table, any players out: the next big blind is the first player still in after the last
    one (nobody skipped, 36-B), never the same player twice (36-C), and the small blind is the old
    big blind's seat or dead."""
    rng = random.Random(seed)
    table = _random_table(rng)
    players = list(table.seats.values())
    out = tuple(rng.sample(players, rng.randint(0, len(players) - 2)))
    for rules in (rs.desk for rs in RULESETS.values()):
        played = played_blinds(table)
        result = next_hand(table, out, rules)
        gone = {s for s, p in table.seats.items() if p in out}
        expected_bb = table.next_occupied(played.big_blind, skip=frozenset(gone))
        assert result.next.big_blind == expected_bb
        assert table.seats[result.next.big_blind] not in out
        if len(table.seats) - len(gone) > 2:
            assert result.next.small_blind in (played.big_blind, None)
            assert (result.next.small_blind is None) == (played.big_blind in gone)
        else:
            assert result.next.button != result.next.big_blind


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("line, code, at", [
    ("button T1 btn 9: 1 A, 1 B", "seat_twice", 22),
    ("button btn 3: 1 A, 2 B; bust C", "bust_not_seated", 29),
    ("button btn 3: 1 A, 2 B", "button_empty_heads_up", 11),
    ("button btn 3: 1 A, 2 B, 4 C; bust A A", "bust_twice", 36),
    ("button T1 btn 10: 1 A, 2 B", "seat_out_of_range", 14),
    ("button btn 1: 1 A, 2 B, 3 C; bust A B", "one_left", None),
    ("button btn 1: 1 A, 2 A", "player_twice_table", 21),
])
def test_button_errors_name_the_place(lang: str, line: str, code: str, at: int | None) -> None:
    out = ask(line, lang)
    assert out["ok"] is False and out["error"]["code"] == code and out["error"]["at"] == at
    assert "internal" not in out["error"]["code"]
    if lang != "en":
        assert out["error"]["message"] != ask(line, "en")["error"]["message"]


# -- balance: 12-A, 12-D -------------------------------------------------------------------

SPEC = "balance T1 btn 2: 1 A, 2 B, 3 C, 5 D; T2 btn 6: 1 E, 2 F, 3 G, 5 H, 6 I, 8 J, 9 K"


@pytest.mark.parametrize("word", ["balance", "バランス", "밸런스"])
@pytest.mark.parametrize("lang", LANGS)
def test_the_specs_worked_example(lang: str, word: str) -> None:
    """E (T2's big blind next hand) goes to T1 seat 6 (T1's big blind next hand); T1 stops (12-D)."""
    out = ask(SPEC.replace("balance", word, 1), lang)
    assert out["moves"] == [{"player": "E", "from": {"table": "T2", "seat": 1}, "to": {"table": "T1", "seat": 6}}]
    assert out["pause"] == ["T1"]
    assert out["counts"] == {"T1": 5, "T2": 6}
    assert out["citations"] == ["12-A", "12-D", "IA-12-D"]
    assert "E" in out["text"] and "6" in out["text"]


def test_the_addendums_12d_example() -> None:
    """9-handed: table A with 5, table B (the largest) with 8: A stops when its blinds hit an empty seat."""
    out = ask("balance A btn 1: 1 a1, 2 a2, 3 a3, 4 a4, 5 a5; "
              "B btn 1: 1 b1, 2 b2, 3 b3, 4 b4, 5 b5, 6 b6, 7 b7, 8 b8")
    assert out["pause"] == ["A"]
    assert out["counts"] == {"A": 6, "B": 7}
    # B: button 1, SB 2, BB 3 this hand: b4 is the next big blind; A's BB is seat 3, so seat 6 next.
    assert out["moves"] == [{"player": "b4", "from": {"table": "B", "seat": 4}, "to": {"table": "A", "seat": 6}}]


def test_two_short_is_balanced_without_a_pause() -> None:
    out = ask("balance T1 btn 1: 1 A, 2 B, 3 C, 4 D, 5 E; T2 btn 1: 1 F, 2 G, 3 H, 4 I, 5 J, 6 K, 7 L")
    assert len(out["moves"]) == 1 and out["pause"] == []


def test_balanced_tables_move_nobody() -> None:
    out = ask("balance T1 btn 1: 1 A, 2 B, 3 C; T2 btn 2: 1 D, 2 E, 3 F, 4 G")
    assert out["moves"] == [] and out["pause"] == [] and out["counts"] == {"T1": 3, "T2": 4}


def test_two_moves_from_one_table_take_the_next_two_big_blinds() -> None:
    out = ask("balance T1 btn 1: 1 A, 2 B, 3 C; T2 btn 1: 1 D, 2 E, 3 F, 4 G, 5 H, 6 I, 7 J")
    assert [(m["player"], m["to"]["seat"]) for m in out["moves"]] == [("G", 4), ("H", 5)]
    assert out["counts"] == {"T1": 5, "T2": 5}
    assert out["pause"] == ["T1"]


def test_short_handed_pause_is_the_tds_call_under_2026_but_not_2009() -> None:
    line = "balance 6-max; T1 btn 1: 1 A, 2 B, 3 C; T2 btn 1: 1 D, 2 E, 3 F, 4 G, 5 H, 6 I"
    new = ask(line)
    assert new["pause"] == [] and new["pause_discretion"] == ["T1"]
    old = ask(line, ruleset="tda2009")
    assert old["pause"] == ["T1"] and "pause_discretion" not in old
    assert old["citations"] == ["6"]


@pytest.mark.parametrize("seed", range(150))
def test_the_mover_goes_to_the_seat_that_is_big_blind_soonest_never_the_small_blind(seed: int) -> None:
    rng = random.Random(seed)
    tables = [_random_table(rng) for _ in range(rng.randint(2, 4))]
    size = tables[0].size
    names: set[str] = set()
    fixed = []
    for i, t in enumerate(tables):  # one size for all, names unique
        seats = {s: f"T{i}P{s}" for s in t.seats if s <= size}
        seats = seats or {1: f"T{i}P1", 2: f"T{i}P2"}
        if len(seats) < 2:
            seats[(min(seats) % size) + 1] = f"T{i}Px"
        button = rng.choice(sorted(seats))
        fixed.append(Table(f"T{i}", size, button, seats, 0, 0))
        names |= set(seats.values())
    result = balance(fixed, RULESETS["tda2026"].desk)
    if result.final_table is not None:  # RP-9: few enough left for one final table
        assert sum(result.counts.values()) <= result.final_table and result.moves == ()
        return
    counts = list(result.counts.values())
    assert max(counts) - min(counts) <= 1
    by = {t.name: t for t in fixed}
    for m in result.moves:
        to = by[m.to_table]
        bb = played_blinds(to).big_blind
        assert m.to_seat != bb  # the next hand's small blind
        assert m.to_seat not in to.seats
        first_empty = next(s for s in to.clockwise_from(bb) if s not in to.seats)
        if m is next(x for x in result.moves if x.to_table == m.to_table):
            assert m.to_seat == first_empty
    assert sum(result.counts.values()) == sum(len(t.seats) for t in fixed)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("line, code, at", [
    ("balance T1 btn 2: 1 A, 2 B; T2 btn 1: 1 A, 3 C", "player_two_tables", 38),
    ("balance T1 btn 2: 1 A, 2 B, 2 C; T2 btn 1: 1 D, 3 E", "seat_twice", 28),
    ("balance T1 btn 2: 1 A, 2 B", "balance_one_table", 8),
    ("balance T1 2: 1 A, 2 B; T2 btn 1: 1 C, 2 D", "no_button", 12),
    ("balance T1 btn 2 1 A, 2 B", "table_no_colon", 25),
    ("balance T1 btn 2: 1 A, 2 B; T1 btn 1: 1 C, 2 D", "table_twice", 28),
    ("balance T1 btn 2: x A, 2 B; T2 btn 1: 1 C, 2 D", "not_a_seat", 18),
])
def test_balance_errors_name_the_place(lang: str, line: str, code: str, at: int) -> None:
    out = ask(line, lang)
    assert out["ok"] is False and out["error"]["code"] == code and out["error"]["at"] == at


# -- colour: 26 ------------------------------------------------------------------------------

COLOUR = "colour 25 to 100: 1 A 5, 2 B 3, 3 C 1 last"


@pytest.mark.parametrize("word", ["colour", "color", "カラーアップ", "컬러업"])
@pytest.mark.parametrize("lang", LANGS)
def test_the_specs_colour_example(lang: str, word: str) -> None:
    out = ask(COLOUR.replace("colour", word, 1), lang)
    assert out["command"] == "colour"
    assert out["exchanged"] == {"A": 1}
    assert out["race"] == ["A", "B", "C"]  # from seat 1; five odd 25s are 125: one 100 raced for
    assert out["race_chips"] == 1
    assert out["protected"] == ["C"]
    assert out["citations"] == ["26-A", "26-C"]


def test_odd_chips_under_the_new_minimum_are_taken_without_compensation() -> None:
    out = ask("colour 25 to 100: 1 A 1, 2 B 1")
    assert out["race_chips"] == 0 and out["race"] == ["A", "B"]
    assert out["citations"] == ["26-C"]
    assert "50" in out["text"]


def test_half_a_chip_or_more_is_raced_as_a_chip() -> None:
    out = ask("colour 25 to 100: 1 A 3, 2 B 3, 3 C 1")  # 7 × 25 = 175: 1.75 → 2
    assert out["race_chips"] == 2


def test_nobody_is_raced_out_even_with_nothing_to_race_for() -> None:
    out = ask("colour 25 to 100: 1 A 1 last, 2 B 1")
    assert out["protected"] == ["A"] and out["race_chips"] == 0
    assert "26-A" in out["citations"]


@pytest.mark.parametrize("seed", range(40))
def test_a_seeded_race_repeats_and_gives_at_most_one_chip_each(seed: int) -> None:
    line = f"colour 25 to 100 seed {seed}: 1 A 3, 2 B 3 last, 4 D 2, 5 E 1 last"
    first, again = ask(line), ask(line, "ko")
    assert first["race_won"] == again["race_won"] and first["cards"] == again["cards"]
    assert len(first["race_won"]) == first["race_chips"] == 2  # 9 × 25 = 225: two 100s
    assert len(set(first["race_won"])) == len(first["race_won"])
    assert set(first["race_won"]) <= set(first["race"])
    # the winners hold the two highest cards
    key = {c: ("23456789TJQKA".index(c[0]), "cdhs".index(c[1])) for c in first["cards"].values()}
    ranked = sorted(first["race"], key=lambda p: key[first["cards"][p]], reverse=True)
    assert first["race_won"] == ranked[:2]
    given = [p for p in first["protected"] if p not in first["race_won"]]
    given_line = [line for line in first["text"].splitlines() if line.startswith("Given one chip")]
    assert bool(given) == bool(given_line)
    for p in given:
        assert p in given_line[0]


def test_tda2009_cites_its_chip_race_rule() -> None:
    out = ask(COLOUR, ruleset="tda2009")
    # Rule 16 races the odd chips; exchanging the rest at equal value is not in 2009 (the floor, rule 1).
    assert out["citations"] == ["16", "1"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("line, code, at", [
    ("colour 100 to 25: 1 A 3", "colour_not_up", 14),
    ("colour 25 to 60: 1 A 3", "colour_not_multiple", 13),
    ("colour 25 to 100: 1 A 3, 1 B 2", "colour_seat_twice", 25),
    ("colour 25 to 100: 1 A 3, 2 A 2", "colour_player_twice", 27),
    ("colour 25 to 100 1 A 3", "colour_no_colon", 22),
    ("colour 25 to 100: 1 A x", "colour_count", 22),
    ("colour 25 to 100 seed x: 1 A 3", "seed_number", 21),
])
def test_colour_errors_name_the_place(lang: str, line: str, code: str, at: int) -> None:
    out = ask(line, lang)
    assert out["ok"] is False and out["error"]["code"] == code and out["error"]["at"] == at


# -- the desk's citations exist in each edition's corpus ------------------------------------

CASES = [(rid, concept, cid) for rid, rs in RULESETS.items() for concept, ids in rs.desk.cite.items() for cid in ids]


@pytest.mark.parametrize("rid, concept, cid", CASES, ids=[f"{r}:{c}:{i}" for r, c, i in CASES])
def test_desk_citations_exist(rid: str, concept: str, cid: str) -> None:
    entry = get_corpus().resolve(RULESETS[rid], cid)
    assert entry is not None, f"{rid} cites {cid} for {concept!r}"
    if "-" in cid and not cid.startswith(("RP-", "IA-", "JP-")):
        assert entry.part is not None


def test_every_ruleset_has_its_own_desk_rules() -> None:
    """The editions differ (36-B, 12-D, 26-C, the heads-up house rule): no ruleset borrows another's."""
    desks = [rs.desk for rs in RULESETS.values()]
    assert len({id(d) for d in desks}) == len(desks)
    assert all(set(d.cite) == set(desks[0].cite) for d in desks)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size, first, second, final", [(9, 5, 4, 9), (8, 5, 4, 9), (7, 4, 3, 7), (6, 4, 3, 7)])
def test_rp9_the_final_table(lang: str, size: int, first: int, second: int, final: int) -> None:
    """RP-9: 9- and 8-handed events go from two tables of 5 to a final table of 9, 7- and 6-handed
    from two of 4 to one of 7: once the players left fit it, the tables come together."""
    t1 = ", ".join(f"{s} A{s}" for s in range(1, first + 1))
    t2 = ", ".join(f"{s} B{s}" for s in range(1, second + 1))
    out = ask(f"balance {size}-max; T1 btn 1: {t1}; T2 btn 1: {t2}", lang)
    assert out["final_table"] == final and out["moves"] == [] and out["citations"] == ["RP-9"]
    more = ask(f"balance {size}-max; T1 btn 1: {t1}, {first + 1} X; T2 btn 1: {t2}")
    assert "final_table" not in more


def test_a_mover_seated_between_the_blinds_waits_for_the_button() -> None:
    """T1's only empty seats (3, 4) lie between this hand's SB (2) and BB (5): next hand they are
    between the button and the small blind, so the moved player waits (11-A)."""
    out = ask("balance 6-max; T1 btn 1: 1 A, 2 B, 5 C, 6 D; T2 btn 1: 1 E, 2 F, 3 G, 4 H, 5 I, 6 J")
    assert out["ok"], out
    t1 = [m for m in out["moves"] if m["to"]["table"] == "T1"]
    assert t1 and t1[0]["to"]["seat"] == 3
    assert out["waits"] == [t1[0]["player"]]
    assert "11-A" in out["citations"]
