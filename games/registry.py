"""Game name -> game spec. Adding a game: one package in games/ and one line here."""

from __future__ import annotations

from functools import cache
from importlib import import_module

from games.base import GameSpec, Text, _

#: Every game of RULES.md, in the order the site lists them.
GAME_NAMES = ("meierijen", "duizenden", "miezemauzen", "meino", "keezen")

#: The games whose engine is built (one line each).
_PACKAGES = {
    "meierijen": "games.meierijen",
    "duizenden": "games.duizenden",
    "miezemauzen": "games.miezemauzen",
    "meino": "games.meino",
    "keezen": "games.keezen",
}


class UnknownGameError(LookupError):
    pass


@cache
def get(name: str) -> GameSpec:
    """The spec of game ``name``; :class:`UnknownGameError` for any other name."""
    module = _PACKAGES.get(name)
    if module is None:
        shown = name if len(name) <= 40 else name[:37] + "..."
        raise UnknownGameError(
            Text(
                _("unknown game %(name)s (known: %(known)s)"),
                name=repr(shown),
                known=", ".join(available()),
            )
        )
    return import_module(module).GAME


def available() -> tuple[str, ...]:
    """Names of the games with an engine, in GAME_NAMES order."""
    return tuple(n for n in GAME_NAMES if n in _PACKAGES)


def games() -> tuple[GameSpec, ...]:
    return tuple(get(n) for n in available())
