"""What the draw needs from apps above this one, which register it when Django starts.

The draw reads the Swiss scores (match points so far, from the scoring app) and the
players' strengths for tables by rating (Tournament.balance, from the ratings app).
Both apps sit above tournaments (the layers in pyproject.toml), so tournaments imports
neither: each registers its function here in its AppConfig.ready, as Tabbycat's draw
gets the standings passed in. Without a provider the draw gets the default (nobody has
points, everyone is as strong), so it only avoids repeats."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any


class Provider:
    """One function, registered from above; the last one registered wins."""

    def __init__(self, default: Callable[..., Any]):
        self._default = default
        self._registered: list[Callable[..., Any]] = []

    def register(self, function: Callable[..., Any]) -> None:
        if function not in self._registered:
            self._registered.append(function)

    def __call__(self, *args: Any) -> Any:
        return (self._registered[-1] if self._registered else self._default)(*args)


#: (tournament) -> match points so far per competitor, keyed as the draw keys them
#: (fixed teams by team id, players by member id, guests by negative entry id).
swiss_scores: Callable[[Any], dict[Hashable, float]] = Provider(lambda tournament: {})

#: (game, member ids) -> (strength per member who has one, strength of everyone else).
strengths: Callable[[str, Sequence[int]], tuple[dict[int, float], float]] = Provider(
    lambda game, members: ({}, 0.0)
)
