"""The registration: the ``TROEF_GAMES`` setting names this package beside the built-in
games, for the tests of this folder only (the site reads the setting again when a test
changes it, clubs/apps.py). The game's words come with it: ``LOCALE_PATHS`` built from
the registry then, as config/settings.py builds it, holds this folder's ``locale``."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import override_settings

from games import registry

PACKAGE = __name__.rpartition(".")[0]


@pytest.fixture(autouse=True)
def plays_this_game():
    with override_settings(TROEF_GAMES=[*settings.TROEF_GAMES, PACKAGE]):
        site = [path for path in settings.LOCALE_PATHS if path not in registry.locale_paths()]
        with override_settings(LOCALE_PATHS=[*site, *registry.locale_paths()]):
            yield
