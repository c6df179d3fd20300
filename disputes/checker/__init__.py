"""The dispute checker's forms, one module per game: ``disputes.checker.<game>``.

A game's module holds ``CHECKS``: check name → :class:`disputes.checker.base.CheckForm`,
in the order the checker's index lists them. Adding a game's forms is adding its module;
nothing here names a game.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from types import ModuleType

from games import registry

from .base import CheckForm


@cache
def game_module(game: str) -> ModuleType | None:
    """The forms module of ``game``, or None (no such game, or no forms yet)."""
    if game not in registry.available():
        return None
    name = f"{__name__}.{game}"
    try:
        return import_module(name)
    except ModuleNotFoundError as error:
        if error.name == name:
            return None
        raise


def checks(game: str) -> dict[str, CheckForm]:
    module = game_module(game)
    return dict(getattr(module, "CHECKS", {})) if module is not None else {}


def checker(game: str, check: str) -> CheckForm | None:
    """The form of ``game``'s ``check``, or None."""
    return checks(game).get(check)


def games() -> list[tuple[str, str, dict[str, CheckForm]]]:
    """``(game, title, checks)`` of every game with forms, in the registry's order."""
    out = []
    for game in registry.available():
        found = checks(game)
        if found:
            out.append((game, registry.get(game).title, found))
    return out
