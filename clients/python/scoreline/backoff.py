"""Retry delays: exponential backoff with full jitter, and ``Retry-After`` parsing (RFC 9110 §10.2.3). Pure functions."""
from __future__ import annotations

import random as _random
import time
from collections.abc import Callable
from email.utils import parsedate_to_datetime


def backoff_window(attempt: int, initial: float = 0.5, maximum: float = 30.0) -> float:
    """Upper bound of retry ``attempt``'s delay (0-based), in seconds: ``min(maximum, initial * 2**attempt)``."""
    n = max(0, min(int(attempt), 40))
    return max(0.0, min(maximum, initial * 2**n))


def backoff_delay(attempt: int, initial: float = 0.5, maximum: float = 30.0, random: Callable[[], float] = _random.random) -> float:
    """Delay before retry ``attempt`` in seconds, full jitter: ``random() * backoff_window(attempt)``."""
    return random() * backoff_window(attempt, initial, maximum)


def parse_retry_after(value: str | None, cap: float = 60.0, now: float | None = None) -> float | None:
    """A ``Retry-After`` value (delay-seconds or an HTTP-date) as seconds from ``now`` (unix s), capped at ``cap`` (60 s).

    Returns None when absent or unreadable; never negative.
    """
    if value is None:
        return None
    v = value.strip()
    if not v:
        return None
    if v.isdigit():
        seconds = float(v)
    else:
        try:
            at = parsedate_to_datetime(v)
        except (TypeError, ValueError):
            return None
        if at is None:
            return None
        seconds = at.timestamp() - (time.time() if now is None else now)
    return min(cap, max(0.0, seconds))
