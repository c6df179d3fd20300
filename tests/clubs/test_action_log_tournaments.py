"""The action log reads a game night in words: what happened, to whom, never bare ids."""

from __future__ import annotations

import datetime

from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from evenings import services as evenings
from scoring.actors import Actor
from scoring.services import result_confirm
from tournaments import services

from ..conftest import client_for
from ..factories import EntryFactory, MemberFactory, confirm_all


def new_evening(two_clubs, name: str, day: int, game: str, *, table_size: int, players: int):
    """A tournament on December `day` created by the director through the services (so
    logged), with `players` members named Speler 0, Speler 1, ... entered."""
    tournament = services.tournament_create(
        club=two_clubs.a, actor=two_clubs.director, name=name,
        date=datetime.date(2026, 12, day), game=game, table_size=table_size,
    )  # fmt: skip
    members = (MemberFactory(club=two_clubs.a, name=f"Speler {n}") for n in range(players))
    return tournament, [EntryFactory(tournament=tournament, member=m) for m in members]


def test_a_drawn_round_and_a_swap_read_as_names_in_dutch(two_clubs):
    director = two_clubs.director
    tournament, entries = new_evening(two_clubs, "Vrijdag", 4, "duizenden", table_size=4, players=8)
    round_ = evenings.round_draw(tournament=tournament, actor=director)
    evenings.seats_swap(round_=round_, actor=director, first=entries[0], second=entries[1])
    html = (
        client_for(two_clubs.admin).get(reverse("clubs:action-log", args=["rooi"])).content.decode()
    )
    assert "toernooi aangemaakt" in html
    assert "ronde geloot" in html
    assert "plaatsen geruild" in html
    assert "Speler 0, Speler 1" in html  # the swap's players
    assert "Speler 3" in html  # a table of the draw, by name
    assert "<span>tournament: " not in html  # the internal id is not shown
    with translation.override("nl"):
        evening = f"<span>{gettext('evening')}: <code>Vrijdag</code></span>"
    assert html.count(evening) == 3  # created, drawn, swapped: each says which evening


def test_how_a_result_came_in_reads_in_words(two_clubs):
    evening = two_clubs.evening  # a provisional result at table 1, entered by the director
    seated = evening.table.seats.exclude(entry__member__user=two_clubs.director).first().entry
    result_confirm(result=evening.result, version=evening.table.version, actor=Actor(entry=seated))
    html = (
        client_for(two_clubs.admin).get(reverse("clubs:action-log", args=["rooi"])).content.decode()
    )
    assert "uitslag bevestigd" in html
    assert "<code>aan tafel</code>" in html
    assert "<code>table</code>" not in html


def test_a_taken_back_draw_and_a_second_bye_read_in_words_for_a_director(two_clubs):
    director = two_clubs.director
    tournament, entries = new_evening(
        two_clubs, "Zaterdag", 5, "meierijen", table_size=2, players=3
    )
    first = evenings.round_draw(tournament=tournament, actor=director)
    evenings.round_undraw(round_=first, actor=director)
    first = evenings.round_draw(tournament=tournament, actor=director)
    confirm_all(first)
    second = evenings.round_draw(tournament=tournament, actor=director)
    (sat_out,) = first.byes.values_list("entry_id", flat=True)
    (now_out,) = second.byes.values_list("entry_id", flat=True)
    again = next(e for e in entries if e.pk == sat_out)
    evenings.seats_swap(
        round_=second,
        actor=director,
        first=again,
        second=next(e for e in entries if e.pk == now_out),
        second_bye_ok=True,
    )
    html = client_for(director).get(reverse("clubs:action-log", args=["rooi"])).content.decode()
    assert "loting teruggenomen" in html
    assert "status: running → planned" in html
    assert f"tweede vrije ronde: <code>{again.name}</code>" in html
