"""games.places: every path form the engines raise, in words."""

from __future__ import annotations

import pytest

from games import places, registry
from games.base import Text


def english(path: str, options=()) -> str:
    return ", ".join(str(part) for part in places.describe(path, options))


@pytest.mark.parametrize(
    ("path", "words"),
    [
        ("tricks[0]", "trick 1"),
        ("hands.Ann[2]", "Ann's hand, card 3"),
        ("hands.Ann", "Ann's hand"),
        ("rounds[1].players.Ann", "round 2, player Ann"),
        ("deals[0]", "deal 1"),
        ("deals[3].turns[1].claims[0]", "deal 4, turn 2, claim 1"),
        ("melds[2]", "meld 3"),
        ("melds[2][1]", "meld 3, entry 2"),
        ("rows[2].sides[1].minus", "row 3, side 2, the minus points"),
        ("dealer_swap.take", "the dealer's swap, the card taken"),
        ("turned", "the turned card"),
        ("kip[4]", "card 5"),
        ("players[1]", "player 2"),
        ("points.Bas", "points of Bas"),
        ("tricks_won.Cor", "tricks won by Cor"),
        ("pawns.Eva", "pawns of Eva"),
        ("draw_piles.Ann+Cor", "draw pile of Ann+Cor"),
        ("events[3].wish", "event 4, the wished colour"),
        ("options.players", "option “players”"),
        ("emptied_first", "who emptied first"),
        ("--games", "the number of games"),
        ("some_new_field", "some new field"),
        ("open.me[0]", "open cards of the player, card 1"),
        ("penalty.opponent", "penalty pile of the opponent"),
        ("case", "the case"),
        ("", ""),
    ],
)
def test_every_path_form_in_words(path, words):
    said = english(path)
    assert said == words
    assert "[" not in said and "]" not in said


def test_an_option_is_named_by_its_label():
    options = registry.get("miezemauzen").options
    parts = places.describe("options.start_points", options)
    assert str(parts[0]) == "option “Starting points”"
    label = parts[0].values["option"]
    assert isinstance(label, Text) and label.template == "Starting points"


def test_parts():
    assert places.parts("rounds[1].players.Ann") == ["rounds", 1, "players", "Ann"]
    assert places.parts("hands.Ann[2]") == ["hands", "Ann", 2]
