"""Files from ../shared (the public evals, the no-copy check) that some tests read.

Locally, without ../shared beside the project, those tests skip with the reason. In CI (`CI` is
set) ../shared is always laid beside the clone, so a missing file there is a broken set-up, and
the test fails instead of passing by skipping.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"


def require(path: Path) -> Path:
    """`path`, or skip (locally) / fail (in CI) when it is not there."""
    if not path.exists():
        message = f"{path} is not here (run with ../shared beside the project)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path
