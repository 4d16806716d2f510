"""Exact arithmetic and the roundings the regulations name.

Scores are halves and ratings whole numbers, so every figure is kept as a
`Fraction` until it is shown: a rounding rule ("0.5 is rounded up", "0.5 is
rounded away from zero") then decides exactly what a float would blur.
"""

from __future__ import annotations

import math
from fractions import Fraction
from numbers import Rational

__all__ = ["exact", "round_half_up", "round_half_away", "round_to_step",
           "as_float"]

Number = int | float | Fraction


def exact(value: Number) -> Fraction:
    """The value as a Fraction; floats by their shortest decimal form (0.1 -> 1/10)."""
    if type(value) is Fraction:      # immutable: the value itself
        return value
    if isinstance(value, Rational):
        return Fraction(value)
    return Fraction(repr(value))


def round_half_up(value: Number) -> int:
    """Nearest whole number, .5 up (fide-2009 8.32: "0,5 è arrotondato per eccesso")."""
    if type(value) is int:
        return value
    if type(value) is Fraction:
        # floor(n/d + 1/2) = (2n + d) // 2d in integers: the same figure
        # without building two Fractions (a million calls in a FIDE-scale
        # period, bench/fide_scale.py)
        n, d = value.numerator, value.denominator
        return (2 * n + d) // (2 * d)
    return math.floor(exact(value) + Fraction(1, 2))


def round_half_away(value: Number) -> int:
    """Nearest whole number, .5 away from zero (rapid & blitz 2024 7.3.4)."""
    if type(value) is Fraction:
        # floor(|n/d| + 1/2) = (2|n| + d) // 2d in integers, as round_half_up:
        # every rated player's change of every event, and of the period
        n, d = value.numerator, value.denominator
        magnitude = (2 * abs(n) + d) // (2 * d)
        return magnitude if n >= 0 else -magnitude
    v = exact(value)
    magnitude = round_half_up(abs(v))        # floor(|v| + 1/2)
    return magnitude if v >= 0 else -magnitude


def round_to_step(value: Number, step: int) -> int:
    """Nearest multiple of `step`, halfway up (2003 web 10.32: "nearest 5 or zero")."""
    return step * round_half_up(exact(value) / step)


def as_float(value: Number | None, places: int = 2) -> float | None:
    """A figure for display: rounded half up to `places` decimals, None kept."""
    if value is None:
        return None
    scale: int = 10**places
    if type(value) is int:           # the common cases in integers, exactly as below
        return value * scale / scale
    if type(value) is Fraction:
        n, d = value.as_integer_ratio()      # one call, not two properties
        return (2 * n * scale + d) // (2 * d) / scale
    scaled = round_half_up(exact(value) * scale)
    return scaled / scale
