"""Tables by rating (issue 19): a draw with `balance` seats players of similar rating
together, or mixes them, through the ratings app's strengths (read by evenings' draw), and
still avoids repeated tablemates first."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from evenings import services as evenings
from ratings.models import Rating
from tournaments import seating
from tournaments.models import Tournament

from ..factories import EntryFactory, MemberFactory, TournamentFactory

TIERS = 4


@pytest.fixture
def rated(two_clubs):
    """16 members in four tiers of rating (mu 10, 20, 30, 40) in Duizenden."""
    members = [MemberFactory(club=two_clubs.a) for _ in range(16)]
    last = TournamentFactory(club=two_clubs.a)
    for n, member in enumerate(members):
        mu = 10.0 * (1 + n % TIERS)
        Rating.objects.create(
            member=member, game="duizenden", mu=mu, sigma=2.0, games=20, shown=0, last=last
        )
    return members


@pytest.mark.parametrize("balance", ["similar", "mixed", "none"])
def test_a_draw_by_rating_groups_or_mixes_and_never_repeats(two_clubs, rated, balance):
    tournament = TournamentFactory(club=two_clubs.a, balance=balance, rounds_planned=1)
    for member in rated:
        EntryFactory(tournament=tournament, member=member)
    first = evenings.round_draw(tournament=tournament, actor=two_clubs.director)
    mu = dict(Rating.objects.values_list("member_id", "mu"))
    tables = [
        [mu[s.entry.member_id] for s in t.seats.select_related("entry")] for t in first.tables.all()
    ]
    spread = [max(t) - min(t) for t in tables]
    if balance == "similar":
        assert spread == [0.0] * 4  # each table one tier
    elif balance == "mixed":
        assert all(sorted(t) == [10.0, 20.0, 30.0, 40.0] for t in tables)
    else:
        assert 0 < sum(spread) < 4 * 30  # neither: whatever the seed gives


def test_balance_comes_after_new_tablemates(two_clubs, rated):
    """Round 2 of 'similar' cannot keep the tiers together without repeats: it mixes."""
    people = [m.pk for m in rated]
    strength = {m.pk: 10.0 * (1 + n % TIERS) for n, m in enumerate(rated)}
    tables: list = []
    for number in (1, 2):
        draw = seating.draw_round(
            people, table_size=4, allowed_sizes=(4,), evening=tables, seed=number,
            rounds_left=3 - number, strength=strength, balance="similar",
        )  # fmt: skip
        assert draw.repeats_evening == 0
        tables.extend(draw.tables)
    met = Counter(frozenset(p) for t in tables for p in combinations(t, 2))
    assert max(met.values()) == 1


def test_an_unknown_balance_is_refused():
    with pytest.raises(seating.DrawError, match="Balance must be one of"):
        seating.draw_round([1, 2, 3, 4], table_size=2, allowed_sizes=(2,), balance="strong")


def test_the_form_sets_whether_it_counts_and_the_tables_by_rating(two_clubs):
    from django.urls import reverse

    from ..conftest import client_for
    from ..tournaments.helpers import tournament_data

    director = client_for(two_clubs.director)
    add = reverse("tournaments:tournament-add", kwargs={"club_slug": "rooi"})
    page = director.get(add).content.decode()
    assert 'name="counts_for_rating"' in page and 'name="balance"' in page
    data = tournament_data(name="Oefenavond", counts_for_rating=None, balance="similar")
    assert director.post(add, data).status_code == 302
    made = Tournament.objects.get(name="Oefenavond")
    assert (made.counts_for_rating, made.balance) == (False, "similar")
    data = tournament_data(name="Zonder keuze", balance=None)
    assert director.post(add, data).status_code == 302
    assert Tournament.objects.get(name="Zonder keuze").balance == "none"
