"""Every game's dispute forms live in the game's own package (``games.<game>.checker``),
are its spec's ``checker`` (found through the registry), and are pure Python: no Django,
not even indirectly."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from disputes import checker
from games import registry
from games.cards import Deck
from games.checkform import CheckForm, Input

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game", registry.available())
def test_a_games_checker_is_found_through_the_registry_in_its_package(game):
    forms = registry.get(game).checker
    module = sys.modules[f"{registry.package(game)}.checker"]
    assert forms is module.CHECKS
    assert forms is checker.forms(game)
    assert forms
    for name, form in forms.items():
        assert isinstance(form, CheckForm)
        assert (form.game, form.check) == (game, name)
        assert all(isinstance(spec, Input) for spec in form.inputs)
        assert checker.checker(game, name).form is form
    assert list(checker.checks(game)) == list(forms)


@pytest.mark.parametrize("game", registry.available())
def test_a_games_checker_and_deck_import_no_django(game):
    """In a fresh interpreter: importing the game's checker loads no Django module."""
    code = (
        "import sys\n"
        "from games import registry\n"
        f"forms = registry.get({game!r}).checker\n"
        f"deck = registry.get({game!r}).deck\n"
        "assert forms\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'celery')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("game", registry.available())
def test_a_game_gives_its_deck(game):
    deck = registry.get(game).deck
    assert isinstance(deck, Deck)
    rows = deck.picker("nl", ())
    assert rows
    assert all(card["code"] for row in rows for card in row["cards"])
