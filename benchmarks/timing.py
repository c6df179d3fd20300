"""The one way `make bench` times a repeated piece of work."""

import time
from collections.abc import Callable


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
