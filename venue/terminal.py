"""The venue's terminal language: config.terminal's choice (`--lang`, then the system's
locale, then Dutch), which the backup commands share."""

from config.terminal import DEFAULT, LANGUAGES, language, system_language

__all__ = ["DEFAULT", "LANGUAGES", "language", "system_language"]
