import pytest

# The shared helpers assert: rewrite them as pytest rewrites the test modules, so that a
# failing helper shows the values it compared.
pytest.register_assert_rewrite(
    "tests.games.helpers",
    "tests.games.duizenden.helpers",
    "tests.games.keezen.helpers",
    "tests.games.meierijen.helpers",
    "tests.games.meino.helpers",
    "tests.games.miezemauzen.helpers",
)
