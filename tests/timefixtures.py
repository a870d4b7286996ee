"""The replaceable clock for tests of the player clock and the blind clock: `fake_time` starts at
`T0` and moves only when a test advances it, so nothing races real time on a loaded machine."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from handlers.clock.model import ManualTime, use_time_source

T0 = 1_800_000_000.0


@pytest.fixture
def fake_time() -> Iterator[ManualTime]:
    with use_time_source(ManualTime(T0)) as t:
        yield t
