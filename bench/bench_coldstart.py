"""Console cold start to first reply (target <= 0.3 s), median of 10 runs; prints figures only.

    python bench/bench_coldstart.py [--runs 10]

Each run starts a fresh `python bot.py --console --json` with one `ruling` line on stdin and waits
for its reply (the process exits at end of input), so the figure includes the interpreter's own
start. The interpreter alone (`python -c pass`) is printed beside it for scale. A last run goes
through the same console path in-process and reports whether `discord` ended up in `sys.modules`
(the console must not import discord.py).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINE = "ruling NL 50/100 flop: A bet 100, B allin 125, C call, D allin 200, E call\n"
# The console as bot.py runs it, then a report on stderr of any discord module that got imported.
PROBE = (
    "import sys; sys.path.insert(0, '.'); import bot; bot.main(['--console', '--json']); "
    "sys.stderr.write('discord modules: %r\\n' % sorted(m for m in sys.modules if m.split('.')[0] == 'discord'))"
)


def timed(cmd: list[str], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.run(cmd, input=LINE, capture_output=True, text=True, cwd=ROOT, check=True)
        times.append(time.perf_counter() - start)
        if "bot.py" in cmd:
            assert json.loads(proc.stdout.splitlines()[0])["ok"] is True, proc.stdout[:200]
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    times = timed([sys.executable, "bot.py", "--console", "--json"], args.runs)
    bare = timed([sys.executable, "-c", "pass"], args.runs)
    print(f"console cold start to first reply: median {statistics.median(times):.3f} s, "
          f"min {min(times):.3f} s, max {max(times):.3f} s over {args.runs} runs (target <= 0.300 s)")
    print(f"python -c pass for scale:          median {statistics.median(bare):.3f} s")
    probe = subprocess.run([sys.executable, "-c", PROBE], input=LINE, capture_output=True, text=True, cwd=ROOT, check=True)
    report = probe.stderr.strip().splitlines()[-1]
    print(f"console path: {report} ({'OK' if report.endswith('[]') else 'discord was imported!'})")


if __name__ == "__main__":
    main()
