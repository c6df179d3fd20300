import pytest

#: The draw seed of every tournament these tests make (tournament_create draws one at
#: random), so that each test sees the same draw on every run.
SEED = 1


def pin_seed(monkeypatch, seed: int) -> None:
    monkeypatch.setattr("tournaments.services.new_seed", lambda: seed)


@pytest.fixture(autouse=True)
def _pinned_seed(monkeypatch):
    pin_seed(monkeypatch, SEED)
