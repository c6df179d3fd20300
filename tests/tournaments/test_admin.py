"""The site admin shows the tournament models and changes none of them."""

import pytest
from django.urls import reverse

from ..conftest import client_for

MODELS = ["season", "tournament", "team", "entry", "round", "table", "seat", "bye"]


@pytest.mark.parametrize("model", MODELS)
def test_the_admin_lists_every_model_read_only(two_clubs, model):
    two_clubs.evening  # noqa: B018 - builds a season, a tournament, a round with seats
    admin = client_for(two_clubs.superuser)
    assert admin.get(reverse(f"admin:tournaments_{model}_changelist")).status_code == 200
    assert admin.get(reverse(f"admin:tournaments_{model}_add")).status_code == 403
