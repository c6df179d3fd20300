"""Game name -> game spec: the one list of the games the site plays.

A game is a package (``games.meierijen``, or any importable folder of a club's own game)
whose ``__init__`` holds ``GAME``, its :class:`~games.base.GameSpec`. The site plays the
packages of :data:`BUILT_IN`; a site adds its own with the ``TROEF_GAMES`` setting, which
:func:`use` reads (``clubs.apps`` calls it when Django starts and when a test changes the
setting). Everything else about a game lives in its package, found by :func:`part`:

- ``checker``: the dispute checker's forms, as data (``CHECKS``);
- ``sheet``: the score sheet's layout, as data (``SHEET``);
- ``demo``: how the demo evenings fill in a table's result (``demo_result``).

Nothing outside a game's package names the game; the apps only iterate this registry.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from importlib import import_module
from pathlib import Path
from types import ModuleType

from games.base import GameSpec, Text, _

#: The games that come with Troef, in the order the site lists them: one entry per game.
BUILT_IN = (
    "games.meierijen",
    "games.duizenden",
    "games.miezemauzen",
    "games.meino",
    "games.keezen",
)

#: Game name -> its package, in the site's order (filled by :func:`use`).
_packages: dict[str, str] = {}


class UnknownGameError(LookupError):
    pass


class GamePackageError(ImportError):
    """A package in ``TROEF_GAMES`` is no game: it cannot be imported or has no ``GAME``."""


def use(packages: Iterable[str] = BUILT_IN) -> None:
    """Play exactly the games of ``packages`` (dotted names), in that order."""
    found: dict[str, str] = {}
    for package in packages:
        try:
            spec = import_module(package).GAME
        except (ImportError, AttributeError) as error:
            raise GamePackageError(f"{package} is no game package: {error}") from error
        if not isinstance(spec, GameSpec):
            raise GamePackageError(f"{package}.GAME is no GameSpec")
        if found.setdefault(spec.name, package) != package:
            raise GamePackageError(f"two packages play the game {spec.name!r}")
    _packages.clear()
    _packages.update(found)
    get.cache_clear()
    part.cache_clear()


def _loaded() -> dict[str, str]:
    if not _packages:
        use()
    return _packages


@cache
def get(name: str) -> GameSpec:
    """The spec of game ``name``; :class:`UnknownGameError` for any other name."""
    package = _loaded().get(name)
    if package is None:
        shown = name if len(name) <= 40 else name[:37] + "..."
        raise UnknownGameError(
            Text(
                _("unknown game %(name)s (known: %(known)s)"),
                name=repr(shown),
                known=", ".join(available()),
            )
        )
    return import_module(package).GAME


def available() -> tuple[str, ...]:
    """Names of the games the site plays, in its order."""
    return tuple(_loaded())


def games() -> tuple[GameSpec, ...]:
    return tuple(get(n) for n in available())


def package(name: str) -> str:
    """The dotted name of game ``name``'s package (:class:`UnknownGameError` if none)."""
    get(name)
    return _loaded()[name]


def folder(name: str) -> Path:
    """The folder of game ``name``'s package (its own files: rules texts, ...)."""
    return Path(import_module(package(name)).__file__).resolve().parent


@cache
def part(name: str, kind: str) -> ModuleType | None:
    """Game ``name``'s module ``kind`` (``checker``, ``sheet``, ``demo``), or None when
    the game has none; an unknown game is None too."""
    if name not in _loaded():
        return None
    dotted = f"{_loaded()[name]}.{kind}"
    try:
        return import_module(dotted)
    except ModuleNotFoundError as error:
        if error.name == dotted:
            return None
        raise


#: The engine's words that every game shares (``games/*.py``): its own catalogue.
SHARED_LOCALE = Path(__file__).resolve().parent / "locale"


def locale_paths() -> list[Path]:
    """The catalogues of the engine's words (``locale/<language>/LC_MESSAGES/django.po``
    and ``.mo``): the shared one (:data:`SHARED_LOCALE`), then each game's own
    (``<game package>/locale``, where it has one), in the site's order. Plain paths: the
    site's settings put them in ``LOCALE_PATHS``."""
    found = [SHARED_LOCALE, *(folder(name) / "locale" for name in available())]
    return [path for path in found if path.is_dir()]


def choices() -> list[tuple[str, str]]:
    """``(name, title)`` of every game played: the game fields' choices. The models name
    this function, so their migrations hold a reference to it and a new game needs none."""
    return [(spec.name, spec.title) for spec in games()]


def by_prefix() -> dict[str, str]:
    """Rule-ID prefix (``MR``) -> game name, for every game played."""
    return {get(n).prefix: n for n in available()}
