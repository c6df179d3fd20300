"""The Swiss draw in pure tournaments/seating/: "pair by standings, still avoiding
repeats". When the players of each score can be paired among themselves without a
repeat, nobody should be paired with someone of another score."""

import pytest

from tournaments.seating import draw_round

from ..night_through_pages import pin_draw_seed

#: Eight players after two rounds of a Swiss evening (winner first at each table): round 1
#: 13-11, 9-16, 14-10, 12-15; round 2 (winners met winners) 9-13, 12-14, 15-16, 10-11.
EVENING = [(13, 11), (9, 16), (14, 10), (12, 15), (9, 13), (12, 14), (15, 16), (10, 11)]
#: Two wins: 9, 12; one win: 13, 14, 15, 10; none: 16, 11. Within each score a pairing
#: without repeats exists: 9-12, 13-14, 15-10, 16-11.
SCORES = {9: 4, 12: 4, 13: 2, 14: 2, 15: 2, 10: 2, 16: 0, 11: 0}


@pytest.fixture(autouse=True)
def _pinned_draw_seed(monkeypatch):
    """The same draw on every run (tests/night_through_pages.py)."""
    pin_draw_seed(monkeypatch)


@pytest.mark.parametrize("seed", range(20))
def test_no_one_floats_when_every_score_group_pairs_without_repeats(seed):
    draw = draw_round(
        sorted(SCORES), table_size=2, allowed_sizes=(2,), evening=EVENING, seed=seed,
        swiss=SCORES,
    )  # fmt: skip
    met = {frozenset(pair) for pair in EVENING}
    assert not [pair for pair in draw.tables if frozenset(pair) in met]
    assert [(a, b) for a, b in draw.tables if SCORES[a] != SCORES[b]] == []
