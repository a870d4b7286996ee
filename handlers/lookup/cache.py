"""The lookup's disk cache: scans of the corpus and its sentence embeddings, kept between runs.

A file's name holds a hash of everything it was computed from: the corpus texts of the ruleset
(situations merged from `situations/*.toml` included, so adding one rebuilds), the code of this
package and of `handlers/normalize.py`, and which analyzers were on. numpy's own format, without
pickle; any trouble with a file (missing, truncated, a damaged byte, another numpy) just means
a fresh computation, written atomically for next time.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from handlers.lookup import morph
from handlers.lookup.scan import LISTS, scan
from rules_data.corpus import Entry, situations_held

_HERE = Path(__file__).resolve().parent
_SOURCES = (*sorted(_HERE.glob("*.py")), _HERE.parent / "normalize.py")


def cache_dir() -> Path | None:
    """Where built indexes are kept between runs: `FLOORCALL_CACHE_DIR` (empty: nowhere), else
    the user's cache directory."""
    env = os.environ.get("FLOORCALL_CACHE_DIR")
    if env is not None:
        return Path(env) if env else None
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "floorcall"


def corpus_key(entries: list[Entry], ruleset_id: str, extra: str = "", analyzers: bool = True) -> str:
    """A hash of the texts of `entries`, the lookup's code, `extra`, and (for what their lemmas
    feed, not the sentence vectors) the analyzers in use. The situations enter as their
    edition's file digest (`rules_data.corpus.Situations.__repr__`), so the key is made without
    reading them."""
    h = hashlib.sha256(ruleset_id.encode())
    h.update(extra.encode())
    if analyzers:
        h.update(morph.signature().encode())
    for src in _SOURCES:
        h.update(src.read_bytes())
    for e in entries:
        h.update(repr((e.id, e.title, e.keywords, e.situations, e.summary, e.parts)).encode())
    return h.hexdigest()[:32]


def load_scan(entries: list[Entry], ruleset_id: str, in_child: bool = False) -> dict[str, Any]:
    """`scan(entries)`, read from the cache when the same texts were scanned by the same code.

    `in_child`: when the cache has no file yet, scan in a child process (`build_in_child`) and
    read what it wrote. The scan's temporaries (the corpus parsed whole, every situation, the
    feature tables) then never enter this process: a bot's first start on a machine without the
    cache held 87.6 MB after its first /rule instead of 72.7 (in-process, December 2026). Only for
    the checkout's own corpus, which the child reads too; if the child fails, the scan runs here.
    """

    def compute() -> dict[str, Any]:
        with situations_held(entries):  # read for the scan, not kept (`SituationStore`)
            return scan(entries)

    build = (lambda: build_in_child(ruleset_id)) if in_child else None
    return cached(f"lookup-{ruleset_id}", corpus_key(entries, ruleset_id), compute, LISTS, build)


def build_in_child(ruleset_id: str, vectors: bool = False) -> bool:
    """Build the ruleset's lookup cache in a fresh interpreter (`python -m handlers.lookup.build`,
    with `--vectors` the sentence vectors too); whether it exited cleanly."""
    import subprocess
    import sys

    root = _HERE.parent.parent
    try:
        args = [sys.executable, "-m", "handlers.lookup.build", ruleset_id, *(["--vectors"] if vectors else [])]
        done = subprocess.run(args, cwd=root,
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              timeout=300 if vectors else 120, check=False)
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


def _load(path: Path, lists: tuple[str, ...]) -> dict[str, Any] | None:
    try:
        with np.load(path, allow_pickle=False) as z:
            out: dict[str, Any] = {k: z[k] for k in z.files if k != "lists"}
            if lists:
                out.update(json.loads(z["lists"].tobytes()))
        return out
    except Exception:  # missing, truncated, from another numpy: compute afresh
        return None


def cached(prefix: str, key: str, compute: Callable[[], dict[str, Any]], lists: tuple[str, ...] = (),
           build_elsewhere: Callable[[], bool] | None = None) -> dict[str, Any]:
    """`compute()` (arrays, plus JSON-able values under `lists`), read from `<prefix>-<key>.npz`
    when there, else computed and written there (older files of the prefix are removed).
    `build_elsewhere`, when given, is asked first to write the file (another process)."""
    where = cache_dir()
    if where is None:
        return compute()
    path = where / f"{prefix}-{key}.npz"
    got = _load(path, lists)
    if got is None and build_elsewhere is not None and build_elsewhere():
        got = _load(path, lists)
    if got is not None:
        return got
    out = compute()
    try:
        where.mkdir(parents=True, exist_ok=True)
        blob = json.dumps({k: out[k] for k in lists}, ensure_ascii=False).encode()
        arrays = {k: v for k, v in out.items() if k not in lists}
        fd, tmp = tempfile.mkstemp(dir=where, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as fh:
                np.savez(fh, lists=np.frombuffer(blob, dtype=np.uint8), **arrays)
            os.replace(tmp, path)  # readers see a whole file or none
            for old in where.glob(f"{prefix}-*.npz"):  # computed from older texts or code
                if old != path:
                    old.unlink(missing_ok=True)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    except OSError:
        pass
    return out
