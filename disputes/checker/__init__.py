"""The dispute checker's forms on the site. A game's forms are data in its own package
(``games.<game>.checker``: ``CHECKS``, check name → :class:`games.checkform.CheckForm`, in
the order the checker's index lists them), found through the registry
(``registry.part(game, "checker")``); this package makes Django forms of them
(:mod:`.base`) and shows verdicts (:mod:`.verdict`). Nothing here names a game.
"""

from __future__ import annotations

from types import ModuleType

from games import registry

from .base import ShownCheck


def game_module(game: str) -> ModuleType | None:
    """The checker description of ``game`` (its package's ``checker``), or None (no such
    game, or no forms yet)."""
    return registry.part(game, "checker")


def checks(game: str) -> dict[str, ShownCheck]:
    module = game_module(game)
    found = getattr(module, "CHECKS", {}) if module is not None else {}
    return {name: ShownCheck(form) for name, form in found.items()}


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
