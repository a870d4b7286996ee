"""tools/catalogue_to_toml.py on a small fixture: what the lead runs when a branch cut before
handlers/locales brings new `Messages({...})` keys or command translations."""

from __future__ import annotations

import ast
import shutil
import tomllib
from pathlib import Path

from tools import catalogue_to_toml as conv

FIXTURE = Path(__file__).parent / "fixtures" / "catalogue_module.py"


def _load(path: Path) -> dict:
    with path.open("rb") as f:
        return tomllib.load(f)


def test_a_new_catalogue_becomes_a_file_with_the_same_texts(tmp_path: Path, capsys) -> None:
    conv.main(["--locales", str(tmp_path), str(FIXTURE)])
    demo = _load(tmp_path / "demo.toml")
    assert demo == {
        "hello": {"en": "Hello {p}.", "ja": "{p}さん、こんにちは。", "ko": "{p}님, 안녕하세요."},
        "multi": {"en": 'Line one\nline "two"', "ja": "一行目\n二行目", "ko": "첫 줄\n둘째 줄"},
    }
    assert _load(tmp_path / "commands.toml") == {
        "Start the blind clock": {"ja": "ブラインドクロックを始めます", "ko": "블라인드 클락을 시작합니다"}}
    assert "3 added, 0 updated, 0 changed" in capsys.readouterr().out


def test_missing_keys_are_added_changed_ones_reported_and_nothing_dropped(tmp_path: Path, capsys) -> None:
    (tmp_path / "demo.toml").write_text(
        '# kept header\n\n[hello]\nen = "Hi {p}."\nja = "{p}さん、こんにちは。"\nko = "{p}님, 안녕하세요."\n\n'
        '[ours_only]\nen = "x"\nja = "x"\nko = "x"\n', encoding="utf-8")
    conv.main(["--locales", str(tmp_path), str(FIXTURE)])
    out = capsys.readouterr().out
    text = (tmp_path / "demo.toml").read_text(encoding="utf-8")
    demo = tomllib.loads(text)
    assert text.startswith("# kept header\n")
    assert demo["hello"]["en"] == "Hi {p}."  # reported, not overwritten
    assert "CHANGED  demo.hello" in out and "'en': 'Hello {p}.'" in out
    assert demo["ours_only"] == {"en": "x", "ja": "x", "ko": "x"}  # never dropped
    assert list(demo) == ["hello", "ours_only", "multi"]  # new keys at the end
    conv.main(["--locales", str(tmp_path), "--update", str(FIXTURE)])
    assert _load(tmp_path / "demo.toml")["hello"]["en"] == "Hello {p}."


def test_a_base_tells_a_key_removed_here_from_a_key_added_there(tmp_path: Path) -> None:
    theirs = conv.extract(FIXTURE.read_text(encoding="utf-8")).catalogues["demo"]
    base = {"hello": theirs["hello"]}  # "hello" was there before the branch; "multi" is the branch's
    report = conv.Report()
    conv.merge("demo", theirs, base, tmp_path, update=False, dry_run=False, origin="branch", report=report)
    assert list(_load(tmp_path / "demo.toml")) == ["multi"]  # "hello" stays out: removed here, unchanged there
    assert report.added == ["demo.multi"] and "demo.hello" in report.kept[0]


def test_with_a_base_a_text_only_they_changed_is_taken_and_one_both_changed_is_reported(tmp_path: Path) -> None:
    theirs = {"a": {"en": "A2", "ja": "あ2", "ko": "아2"}, "b": {"en": "B2", "ja": "い2", "ko": "이2"}}
    base = {"a": {"en": "A", "ja": "あ", "ko": "아"}, "b": {"en": "B", "ja": "い", "ko": "이"}}
    ours = {"a": base["a"], "b": {"en": "B ours", "ja": "い", "ko": "이"}}
    (tmp_path / "demo.toml").write_text(conv.dump(ours, "# h"), encoding="utf-8")
    report = conv.Report()
    conv.merge("demo", theirs, base, tmp_path, update=False, dry_run=False, origin="branch", report=report)
    out = _load(tmp_path / "demo.toml")
    assert out["a"] == theirs["a"] and out["b"] == ours["b"]
    assert report.updated and report.changed[0].startswith("demo.b: changed on both sides (ours kept)")


def test_rewrite_leaves_the_module_reading_its_file(tmp_path: Path) -> None:
    module = tmp_path / "mod.py"
    shutil.copy(FIXTURE, module)
    conv.main(["--locales", str(tmp_path), "--rewrite", str(module)])
    text = module.read_text(encoding="utf-8")
    assert 'TEXT = Messages("demo")\n' in text and "setdefault" not in text and "def after()" in text
    assert "TABLE: dict = {}" in text  # a TABLE of the module's own stays; only the cog's import would go
    ast.parse(text)
    assert conv.extract(text).catalogues == {} and conv.extract(text).commands == {}


def test_the_shipped_catalogues_round_trip_through_the_writer() -> None:
    """Writing a file back changes nothing: the format the tool writes is the one on disk."""
    from handlers import locales

    for name in locales.names():
        path = locales.path_of(name)
        text = path.read_text(encoding="utf-8")
        assert conv.dump(tomllib.loads(text), conv._header_of(text)) == text, name


def test_rewriting_a_cogs_loop_also_drops_its_translator_import() -> None:
    cog = ('from cogs.translator import TABLE\nX = 1\nfor _en, _loc in {"Go": {"ja": "行く", "ko": "가기"}}.items():\n'
           "    TABLE.setdefault(_en, _loc)\n")
    found = conv.extract(cog)
    assert found.commands == {"Go": {"ja": "行く", "ko": "가기"}}
    assert conv.rewrite(cog, found) == "X = 1\n"


def test_a_key_they_deleted_is_kept_unless_drop_and_then_only_if_unchanged_here(tmp_path: Path) -> None:
    base = {"gone": {"en": "G", "ja": "ぐ", "ko": "그"}, "edited": {"en": "E", "ja": "え", "ko": "에"}}
    ours = {"gone": base["gone"], "edited": {"en": "E ours", "ja": "え", "ko": "에"}}
    for drop, left in ((False, ["gone", "edited"]), (True, ["edited"])):
        (tmp_path / "demo.toml").write_text(conv.dump(ours, "# h"), encoding="utf-8")
        report = conv.Report()
        conv.merge("demo", {}, base, tmp_path, update=False, dry_run=False, origin="b", report=report, drop=drop)
        assert list(_load(tmp_path / "demo.toml")) == left
