"""The language the terminal speaks (issue 38): `--lang`, then the system's locale, then
Dutch. The messages are in the site's catalogues (locale/). The venue's banner
(the venue command) and the backup commands (backups.cli) choose it here, below both.

The system's locale is read as gettext reads it: LANGUAGE, LC_ALL, LC_MESSAGES, LANG, the
first that names a language ("C" and "POSIX" name none); on Windows, where those are not
set, the user's locale (e.g. "Dutch_Netherlands" or "de_DE"). Stdlib only.
"""

from __future__ import annotations

import locale
import os
import sys
from collections.abc import Mapping

LANGUAGES = ("nl", "de", "en")
DEFAULT = "nl"
#: Windows' names of the languages (locale.getlocale() there: "Dutch_Netherlands").
WINDOWS_NAMES = {"dutch": "nl", "german": "de", "english": "en"}
NO_LANGUAGE = {"c", "posix"}


def language(chosen: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """nl, de or en: `chosen` (already checked against LANGUAGES), else the system's."""
    if chosen:
        return chosen
    return system_language(os.environ if environ is None else environ) or DEFAULT


def system_language(environ: Mapping[str, str]) -> str | None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for value in environ.get(name, "").split(":"):
            code = _code(value)
            if code is not None:
                return code if code in LANGUAGES else None
    if sys.platform == "win32":  # pragma: no cover - Windows only
        code = _code(locale.getlocale()[0] or "")
        return code if code in LANGUAGES else None
    return None


def _code(value: str) -> str | None:
    """The language of a locale name ("nl_NL.UTF-8", "de", "Dutch_Netherlands"), or
    None when it names none."""
    base = value.split(".", maxsplit=1)[0].split("@", maxsplit=1)[0].strip().lower()
    if not base or base in NO_LANGUAGE:
        return None
    head = base.replace("-", "_").split("_")[0]
    return WINDOWS_NAMES.get(head, head)
