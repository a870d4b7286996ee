"""The no-copy check (../shared/tools/check_no_copy.py) passes over the whole repository."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.shared_files import require

ROOT = Path(__file__).resolve().parent.parent
CHECK = ROOT.parent / "shared" / "tools" / "check_no_copy.py"


def test_no_passage_repeats_the_seeds():
    require(CHECK)
    proc = subprocess.run([sys.executable, str(CHECK), str(ROOT)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-1000:]
