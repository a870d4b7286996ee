"""The free heap handed back to the OS once a lookup index is built (glibc only; a no-op elsewhere).

Why: after its imports and its first index, the SQLite bot's C heap holds 1.2-1.6 MB of free
chunks (glibc `mallinfo2`, December 2026): space that import-time objects and the index build's
temporaries (the scan file's JSON lists, numpy's read buffers) used and gave back, which glibc
keeps resident because live objects sit above it. Nothing in a running bot needs it back at
once. `malloc_trim(0)` returns those pages: bench/bench_cluster.py's bot after the batches went
from 78.7-78.8 to 77.8-78.1 MB (3 runs each), the trim coming in the warm-up batch and the
figure read after the 1,000 interactions that followed, so the pages were not faulted in again. It costs well under 1 ms (0.06 ms measured), once per ruleset's index.

`ctypes.CDLL(None)` reads the symbol from the running process, without `find_library` (which
runs `ldconfig` in a subprocess); where libc has no `malloc_trim` (musl, macOS) nothing is done.
"""

from __future__ import annotations

import ctypes


def return_free_heap() -> bool:
    """Ask glibc to return the free pages of its heap to the OS; whether it could be asked."""
    try:
        trim = ctypes.CDLL(None).malloc_trim
    except (AttributeError, OSError, TypeError):
        return False
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    trim(0)
    return True
