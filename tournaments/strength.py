"""Players' strengths for a draw with tables by rating (Tournament.balance).

The ratings live in an app above this one (ratings), which registers its provider here
when Django starts (ratings.apps.RatingsConfig.ready): tournaments imports no app above
it, and without a provider every player is as strong, so the draw only avoids repeats.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

#: (game, member ids) -> (strength per member who has one, strength of everyone else).
Provider = Callable[[str, Sequence[int]], tuple[dict[int, float], float]]

_providers: list[Provider] = []


def register(provider: Provider) -> None:
    """Use `provider` for the strengths (the last one registered wins)."""
    if provider not in _providers:
        _providers.append(provider)


def of_members(game: str, members: Sequence[int]) -> tuple[dict[int, float], float]:
    """The strengths of `members` in `game`, and the strength of a player without one."""
    if not _providers:
        return {}, 0.0
    return _providers[-1](game, members)
