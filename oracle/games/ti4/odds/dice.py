"""How many hits a set of dice scores: the exact distribution (a convolution of
one binomial per combat value) and a draw from it."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from fractions import Fraction
from math import comb
from random import Random

#: A probability: a float, or a Fraction when the answer must be exact.
Number = float | Fraction


def hit_chance(value: int, *, exact: bool = False) -> Number:
    """The chance that one die (1 to 10) meets ``value`` (18.1)."""
    faces = min(10, max(0, 11 - value))
    return Fraction(faces, 10) if exact else faces / 10


def distribution(
    dice: Sequence[tuple[int, int]], *, exact: bool = False
) -> list[Number]:
    """``out[k]`` is the chance that the dice (``(value, how many)`` pairs)
    score exactly ``k`` hits."""
    out: list[Number] = [Fraction(1) if exact else 1.0]
    for value, count in dice:
        p = hit_chance(value, exact=exact)
        q = 1 - p
        one: list[Number] = [
            comb(count, k) * p**k * q ** (count - k) for k in range(count + 1)
        ]
        out = _convolve(out, one)
    return out


def _convolve(left: list[Number], right: list[Number]) -> list[Number]:
    out: list[Number] = [0 * left[0]] * (len(left) + len(right) - 1)
    for i, a in enumerate(left):
        if a:
            for j, b in enumerate(right):
                out[i + j] += a * b
    return out


def cumulative(chances: Sequence[Number]) -> list[float]:
    """Running sums of a distribution, for ``draw``."""
    total = 0.0
    out = []
    for chance in chances:
        total += float(chance)
        out.append(total)
    return out


def draw(running: Sequence[float], rng: Random) -> int:
    """A number of hits drawn from a distribution given by its running sums."""
    return min(bisect_right(running, rng.random() * running[-1]), len(running) - 1)
