"""Console cold start to first reply (target <= 0.3 s), median of 10 runs; prints figures only."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINE = "ruling NL 50/100 flop: A bet 100, B allin 125, C call, D allin 200, E call\n"


def main() -> None:
    times = []
    for _ in range(10):
        start = time.perf_counter()
        proc = subprocess.run([sys.executable, "bot.py", "--console", "--json"], input=LINE, capture_output=True,
                              text=True, cwd=ROOT, check=True)
        times.append(time.perf_counter() - start)
        assert proc.stdout.startswith('{"ok": true')
    print(f"console cold start to first reply: median {statistics.median(times):.3f} s, "
          f"min {min(times):.3f} s, max {max(times):.3f} s (target <= 0.300 s)")


if __name__ == "__main__":
    main()
