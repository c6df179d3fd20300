"""Which roem a briefje row can record (KJ-4): the bound :func:`possible`.

A trick of 4 cards holds at most one roem of each kind, and the amounts it can give are
20 (three in sequence, or stuk alone), 40 (three in sequence with stuk), 50 (four in
sequence), 70 (four in sequence with stuk), 100 (four aces, kings, queens or tens) and
200 (four jacks). A deal has 8 tricks, one K and one Q of trump (stuk at most once), one
set of each rank (four jacks at most once, four of a kind of 100 at most four times).

The bound: a team's roem (and both teams' together) must be a sum of such trick amounts
over at most 8 tricks within those counts. It is necessary, not sufficient: it does not
follow every card (five tricks of four of a kind leave no K and Q of trump for stuk, but
the bound allows both), so a row at the bound's edge may pass that no deal could give.
Pit's 100 is not roem of a trick and is not in this bound. Pure Python: no Django here.
"""

from __future__ import annotations

from functools import cache

from games.klaverjassen.cards import TRICKS, Options

SEQUENCES = (20, 50)
WITH_STUK = (0, 20, 40, 70)  # the one trick with stuk (0: none)


def possible(options: Options) -> frozenset[int]:
    """Every roem total the bound allows for one team, or for a whole deal."""
    return _possible(options.four_of_a_kind)


@cache
def _possible(four_of_a_kind: bool) -> frozenset[int]:
    found: set[int] = set()
    jacks_most, hundreds_most = (1, 4) if four_of_a_kind else (0, 0)
    for stuk in WITH_STUK:
        used_stuk = 1 if stuk else 0
        for jacks in range(jacks_most + 1):
            for hundreds in range(hundreds_most + 1):
                left = TRICKS - used_stuk - jacks - hundreds
                if left < 0:
                    continue
                for threes in range(left + 1):
                    for fours in range(left - threes + 1):
                        found.add(stuk + 200 * jacks + 100 * hundreds + 20 * threes + 50 * fours)
    return frozenset(found)
