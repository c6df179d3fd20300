"""Reading the environment: the one place where settings come from outside.

Every setting that differs between a club laptop, CI and a federation server is read
here, with a default that works on a laptop with nothing but Python installed.
"""

from __future__ import annotations

import os
import secrets
import sys
from pathlib import Path

TRUE = {"1", "true", "yes", "on"}
FALSE = {"0", "false", "no", "off", ""}


class ConfigError(Exception):
    """An environment variable holds a value Troef cannot use."""


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in TRUE:
        return True
    if value in FALSE:
        return False
    raise ConfigError(f"{name} must be 0 or 1 (or true/false), not {raw!r}")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or not raw.strip():
        return default
    try:
        return int(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a whole number, not {raw!r}") from None


def env_choice(name: str, default: str, choices: tuple[str, ...]) -> str:
    """One of `choices` (compared in upper case, as log levels are written)."""
    raw = os.environ.get(name)
    if raw is None or not raw.strip():
        return default
    value = raw.strip().upper()
    if value not in choices:
        raise ConfigError(f"{name} must be one of {', '.join(choices)}, not {raw!r}")
    return value


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def secret_key(var_dir: Path) -> str:
    """SECRET_KEY from the environment, else one generated once into var/secret_key.

    There is never a fallback key in the source: a fresh checkout makes its own key the
    first time it starts, keeps it (mode 0600) and uses it from then on.
    """
    key = os.environ.get("SECRET_KEY", "").strip()
    if key:
        return key
    path = var_dir / "secret_key"
    try:
        return path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        pass
    var_dir.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(60)
    # O_EXCL: when two processes start at once, only one writes; the other reads it.
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text(encoding="ascii").strip()
    with os.fdopen(fd, "w", encoding="ascii") as handle:
        handle.write(key + "\n")
    return key


def is_checkout(base_dir: Path) -> bool:
    """Whether Troef runs from a git checkout (manage.py beside the apps), not from an
    installed wheel (which carries no manage.py)."""
    return (base_dir / "manage.py").is_file()


def site_dir(base_dir: Path) -> Path:
    """The folder holding templates/, static/ and locale/: the checkout itself, or the
    wheel's data package troef_site beside the apps (setup.py)."""
    return base_dir if is_checkout(base_dir) else base_dir / "troef_site"


def user_data_dir() -> Path:
    """The user's own data folder for Troef: %LOCALAPPDATA%\\Troef on Windows,
    ~/Library/Application Support/Troef on macOS, ~/.local/share/troef (or
    $XDG_DATA_HOME/troef) on Linux."""
    import platformdirs  # noqa: PLC0415 - only an installed troef needs it

    name = "Troef" if sys.platform in ("win32", "darwin") else "troef"
    return Path(platformdirs.user_data_dir(name, appauthor=False, roaming=False))


def default_var_dir(base_dir: Path) -> Path:
    """var/ in a checkout (make run, make venue, make test, as always); the user's data
    folder when Troef runs from an installed wheel (the troef command)."""
    return base_dir / "var" if is_checkout(base_dir) else user_data_dir()
