import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def _empty_cache():
    """The season standings are cached; every test starts without what another left."""
    cache.clear()
    yield
    cache.clear()
