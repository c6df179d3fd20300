"""Game name -> game spec: the one list of the games the site plays.

A game is a package (``games.meierijen``, or any importable folder of a club's own game)
whose ``__init__`` holds ``GAME``, its :class:`~games.base.GameSpec`: the whole contract,
every part a field (the engine's checks, the result form, the simulator, the dispute
checker's forms, the score sheet's layout, the demo evening). The site plays the packages
of :data:`BUILT_IN`; a site adds its own with the ``TROEF_GAMES`` setting, which
:func:`use` reads (config/settings.py at start-up, ``clubs.apps`` again when a test changes
the setting). :func:`use` checks every part: one of the wrong kind, or a module of a
part's name in the package (``sheet.py``) that the spec leaves out, is a
:class:`GamePackageError` naming the game and the part, so the site does not start.

A game's words are in its package too: its catalogue (``locale/``, :func:`locale_paths`)
and its rules (``rules.<language>.md``, read by ``disputes.rules``).

Nothing outside a game's package names the game; the apps only iterate this registry.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import Any

from games.base import Demo, GameSpec, Text, _
from games.results import ResultSpec
from games.sheet_layout import SheetLayout

#: The games that come with Troef, in the order the site lists them: one entry per game.
BUILT_IN = (
    "games.meierijen",
    "games.duizenden",
    "games.miezemauzen",
    "games.meino",
    "games.keezen",
    "games.klaverjassen",
)

#: Game name -> its package, in the site's order (filled by :func:`use`).
_packages: dict[str, str] = {}


class UnknownGameError(LookupError):
    pass


class GamePackageError(ImportError):
    """A package in ``TROEF_GAMES`` is no game: it cannot be imported, has no ``GAME``, or
    a part of its ``GAME`` is missing or of the wrong kind."""


#: The parts of a game that were once modules found by name: a module of that name in the
#: package (``sheet.py`` or ``sheet/``) means the spec's field must be set.
PART_MODULES = ("results", "simulate", "checker", "sheet", "demo")


def use(packages: Iterable[str] = BUILT_IN) -> None:
    """Play exactly the games of ``packages`` (dotted names), in that order."""
    found: dict[str, str] = {}
    for package in packages:
        try:
            spec = import_module(package).GAME
        except (ImportError, AttributeError, TypeError) as error:
            raise GamePackageError(f"{package} is no game package: {error}") from error
        if not isinstance(spec, GameSpec):
            raise GamePackageError(f"{package}.GAME is no GameSpec")
        problems = _problems(spec, package)
        if problems:
            raise GamePackageError(f"{package}.GAME: " + "; ".join(problems))
        if found.setdefault(spec.name, package) != package:
            raise GamePackageError(f"two packages play the game {spec.name!r}")
    _packages.clear()
    _packages.update(found)
    get.cache_clear()


def _problems(spec: GameSpec, package: str) -> list[str]:
    """What is wrong with the parts of ``spec`` (the game of ``package``): each a sentence
    naming the part."""
    problems = []
    kinds: dict[str, tuple[Any, ...]] = {
        "results": (ResultSpec,),
        "sheet": (SheetLayout, type(None)),
        "demo": (Demo, type(None)),
    }
    for name, kind in kinds.items():
        value = getattr(spec, name)
        if not isinstance(value, kind):
            problems.append(f"{name} is {type(value).__name__}, not {kind[0].__name__}")
    if spec.simulate is not None and not callable(spec.simulate):
        problems.append("simulate is not callable")
    if not spec.checks or not all(callable(check) for check in spec.checks.values()):
        problems.append("checks must name at least one check, each callable")
    for check, form in spec.checker.items():
        # A CheckForm (games.checkform reads this registry: not imported here).
        shape = (getattr(form, "game", None), getattr(form, "check", None), type(form).__name__)
        if shape != (spec.name, check, "CheckForm"):
            problems.append(f"checker[{check!r}] is no CheckForm of {spec.name}'s {check}")
    folder = Path(import_module(package).__file__).resolve().parent
    for name in PART_MODULES:
        present = (folder / f"{name}.py").is_file() or (folder / name / "__init__.py").is_file()
        if present and not getattr(spec, name):
            problems.append(f"{package}.{name} is there but GAME.{name} is not set")
    return problems


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
