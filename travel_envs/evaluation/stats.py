"""Small statistics for win rates."""

from __future__ import annotations

import math

#: two-sided 95% normal quantile
Z95 = 1.959963984540054


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion (95% by default).

    ``successes`` may be fractional (draws counted as half a win). ``n == 0``
    gives the uninformative ``(0.0, 1.0)``.
    """
    if n < 0 or successes < 0 or successes > n:
        raise ValueError(f"wilson_interval: need 0 <= successes <= n, got {successes}/{n}")
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    denom = 1.0 + z2 / n
    center = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    # exact ends: no win gives 0 and all wins 1 (rounding would leave a bound a hair inside the rate)
    low = 0.0 if successes == 0 else max(0.0, center - half)
    high = 1.0 if successes == n else min(1.0, center + half)
    return low, high


def mean(values) -> float:
    values = list(values)
    return sum(values) / len(values) if values else float("nan")
