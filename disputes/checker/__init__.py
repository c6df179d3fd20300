"""The dispute checker's forms on the site. A game's forms are data in its own package
(``games.<game>.checker``: check name → :class:`games.checkform.CheckForm`, in the order
the checker's index lists them), given by its spec (``GameSpec.checker``, through the
registry); this package makes Django forms of them (:mod:`.base`) and shows verdicts
(:mod:`.verdict`). Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Mapping

from games import registry
from games.checkform import CheckForm

from .base import ShownCheck


def forms(game: str) -> Mapping[str, CheckForm]:
    """The dispute forms of ``game`` (its spec's ``checker``); none for an unknown game."""
    if game not in registry.available():
        return {}
    return registry.get(game).checker


def checks(game: str) -> dict[str, ShownCheck]:
    return {name: ShownCheck(form) for name, form in forms(game).items()}


def checker(game: str, check: str) -> ShownCheck | None:
    """The form of ``game``'s ``check``, or None."""
    return checks(game).get(check)


def games() -> list[tuple[str, str, dict[str, ShownCheck]]]:
    """``(game, title, checks)`` of every game with forms, in the registry's order."""
    out = []
    for game in registry.available():
        found = checks(game)
        if found:
            out.append((game, registry.get(game).title, found))
    return out
