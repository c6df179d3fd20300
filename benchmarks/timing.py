"""The one way `make bench` times a repeated piece of work."""

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def rate(function: Callable[[], int], seconds: float) -> tuple[int, int, float]:
    """Call ``function`` (which returns a count, e.g. a game's decisions) until ``seconds``
    have passed, finishing the call under way: calls, summed count, seconds taken."""
    calls = count = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        count += function()
        calls += 1
        elapsed = time.perf_counter() - start
    return calls, count, elapsed


def best_of(function: Callable[[], T], times: int = 3) -> tuple[float, T]:
    """The fastest of ``times`` calls of ``function`` (the machine's noise is not the
    engine's): seconds and the last call's answer."""
    best = float("inf")
    for _ in range(times):
        start = time.perf_counter()
        answer = function()
        best = min(best, time.perf_counter() - start)
    return best, answer
