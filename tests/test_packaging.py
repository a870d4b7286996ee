"""`pip install .` must carry every module and data file the bot reads.

pyproject.toml names its packages one by one, and the clock, blind clock, store and lookup
folders (handlers.clock, handlers.blinds, handlers.store, handlers.lookup) were added beside
handlers/ without being named there: an installed `floorcall` could not import its own clock
(nor read the blind clock's presets.toml). This reads the list as setuptools does and checks it
against the tree, so a new folder or data file cannot be left out again.
"""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOPS = ("engine", "handlers", "cogs", "rules_data")


def _config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def _packages_in_tree() -> set[str]:
    return {".".join(p.parent.relative_to(ROOT).parts) for top in TOPS for p in (ROOT / top).rglob("__init__.py")}


def test_every_package_in_the_tree_is_installed():
    listed = set(_config()["packages"])
    assert _packages_in_tree() <= listed, sorted(_packages_in_tree() - listed)


def _covered(rel: str, globs: list[str]) -> bool:
    """Whether one of setuptools' package-data globs takes `rel` (a path inside the package):
    `*.toml` only beside the package's modules, `**/*.toml` in any folder below it too."""
    for g in globs:
        if g.startswith("**/") and fnmatch.fnmatch(rel.rsplit("/", 1)[-1], g[3:]):
            return True
        if "/" not in rel and fnmatch.fnmatch(rel, g):
            return True
    return False


def test_every_data_file_in_a_package_is_installed():
    packages = _packages_in_tree()
    data = _config().get("package-data", {})
    missing = []
    for package in sorted(packages):
        folder = ROOT / package.replace(".", "/")
        inner = [ROOT / p.replace(".", "/") for p in packages if p.startswith(package + ".")]
        for path in folder.rglob("*"):
            if (not path.is_file() or path.suffix in (".py", ".pyc") or "__pycache__" in path.parts
                    or any(path.is_relative_to(sub) for sub in inner)):  # a subpackage's: checked there
                continue
            rel = path.relative_to(folder).as_posix()
            if not _covered(rel, data.get(package, [])):
                missing.append(f"{package}: {rel}")
    assert not missing, missing
