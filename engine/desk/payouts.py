"""Prize structures (`payouts`): a preset's shares (engine/desk/payouts.toml) applied to a pool,
rounded to a unit.

Each place gets its share rounded down to the unit; the units still left go one each to the
places that lost the most in rounding (the higher place first on a tie), so no place moves more
than one unit from its exact share and the order of the prizes is kept; what is less than a unit
(a pool that is not a whole number of units) goes to first place.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path

from engine.errors import FloorcallError

PRESETS_FILE = Path(__file__).with_name("payouts.toml")
DEFAULT_PRESET = "standard"


@dataclass(frozen=True)
class Tier:
    entries: int
    places: tuple[int, ...]


@cache
def presets() -> dict[str, tuple[Tier, ...]]:
    """The presets, checked: tiers in growing field sizes, shares not going up, each adding up to 1000."""
    with PRESETS_FILE.open("rb") as f:
        data = tomllib.load(f)
    out: dict[str, tuple[Tier, ...]] = {}
    for name, table in data.items():
        tiers = tuple(Tier(int(t["entries"]), tuple(int(p) for p in t["places"])) for t in table["tiers"])
        for before, tier in zip(tiers, tiers[1:], strict=False):
            if tier.entries <= before.entries:
                raise ValueError(f"payouts.toml [{name}]: tiers must grow ({tier.entries} after {before.entries})")
        for tier in tiers:
            if sum(tier.places) != 1000 or list(tier.places) != sorted(tier.places, reverse=True):
                raise ValueError(f"payouts.toml [{name}] tier {tier.entries}: shares must fall and add up to 1000")
            if len(tier.places) > tier.entries:
                raise ValueError(f"payouts.toml [{name}] tier {tier.entries}: more places than players")
        out[name] = tiers
    return out


@dataclass(frozen=True)
class Payouts:
    preset: str
    entries: int
    pool: int
    unit: int
    amounts: tuple[int, ...]


def tier_for(preset: str, entries: int, at: int | None = None) -> Tier:
    tiers = presets()[preset]
    for tier in tiers:
        if entries <= tier.entries:
            return tier
    raise FloorcallError("payouts_too_many", at=at, entries=entries, preset=preset, limit=tiers[-1].entries)


def payouts(entries: int, pool: int, preset: str = DEFAULT_PRESET, unit: int = 1, at: int | None = None) -> Payouts:
    tier = tier_for(preset, entries, at)
    exact = [Fraction(pool * share, 1000) for share in tier.places]
    amounts = [int(x // unit) * unit for x in exact]
    left_units = (pool - sum(amounts)) // unit
    order = sorted(range(len(exact)), key=lambda i: (-(exact[i] - amounts[i]), i))
    for i in order[:left_units]:
        amounts[i] += unit
    amounts[0] += pool - sum(amounts)  # less than a unit: to first place
    return Payouts(preset, entries, pool, unit, tuple(amounts))
