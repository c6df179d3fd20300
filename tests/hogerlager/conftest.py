"""The registration: the ``TROEF_GAMES`` setting names this package beside the built-in
games, for the tests of this folder only (the site reads the setting again when a test
changes it, clubs/apps.py)."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import override_settings

PACKAGE = __name__.rpartition(".")[0]


@pytest.fixture(autouse=True)
def plays_this_game():
    with override_settings(TROEF_GAMES=[*settings.TROEF_GAMES, PACKAGE]):
        yield
