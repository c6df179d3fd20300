"""Saved disputes on the tournament's page and its printed report: a dispute saved through
disputes.services.dispute_save on the running evening shows on the tournament page (for
its directors), in the report PDF with the rule's title in the club's language and the
ruling in full, and at the end of the tournament's print pack; in a fixed number of
queries whatever the number of disputes."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.html import escape

from disputes.rules import rule
from disputes.services import dispute_save
from games.cases import judge
from printing import contents as printing
from printing.sheets.data import DisputeReport, Standings
from tournaments.models import Tournament

from ..conftest import client_for
from ..factories import TournamentFactory
from ..sheets.pdf import pdf_text

BASE = "https://troef.example.nl"
RULING = (
    "Bas gooide schoppen vrouw weg: dat mag nooit, hij had haar moeten uitleggen. "
    "De kaart gaat terug in zijn hand en Ann mag de aflegstapel nemen. " * 3
).strip()
# The running evening of the fixture plays Duizenden: a dispute is saved to an evening
# of its own game. Bas discards the queen of spades (DZ-8); a plain run is legal.
DISCARD_CASE = {
    "game": "duizenden",
    "check": "discard",
    "player": "Bas",
    "card": "QS",
    "hand": ["QS", "5H", "9C"],
    "first_turn": False,
}
LEGAL_CASE = {"game": "duizenden", "check": "meld", "cards": ["5H", "6H", "7H"]}


def save(two_clubs, ruling: str = RULING, *, case=DISCARD_CASE, table=True, tournament=None):
    evening = two_clubs.evening
    return dispute_save(
        club=two_clubs.a,
        user=two_clubs.director,
        case=case,
        verdict=judge(case),
        ruling=ruling,
        tournament=tournament or evening.tournament,
        table=evening.table if table else None,
    )


def page(client, tournament: Tournament) -> str:
    response = client.get(reverse("evenings:tournament-detail", args=["rooi", tournament.pk]))
    assert response.status_code == 200
    return response.content.decode()


def report_url(tournament: Tournament, club_slug: str = "rooi") -> str:
    return reverse("printing:print-tournament-report", args=[club_slug, tournament.pk])


def test_the_report_document_says_where_what_the_rule_and_the_ruling(two_clubs):
    renege = save(two_clubs)
    save(two_clubs, "Mocht gewoon.", case=LEGAL_CASE, table=False)
    report = printing.dispute_report(two_clubs.evening.tournament)
    first, second = report.entries
    assert (first.round, first.table) == (1, two_clubs.evening.table.number)
    assert first.subject.startswith("Duizenden (Zwarte wijven) · ")
    # In the club's language: its card letters, and the engine's words translated.
    assert "Bas" in first.what and "schoppen V" in first.what
    english = [v["message"] for v in renege.verdict["violations"]]
    assert first.notes and list(first.notes) != english
    assert not first.legal
    assert [(r.id, r.title) for r in first.rules] == [("DZ-8", rule("DZ-8", "nl").title)]
    assert first.ruling == RULING == renege.ruling
    assert first.decided_by == two_clubs.director.get_username()
    assert (second.round, second.table, second.legal, second.rules) == (None, None, True, ())
    assert second.ruling == "Mocht gewoon."


def test_the_tournament_page_lists_the_disputes_for_its_directors(two_clubs):
    dispute = save(two_clubs)
    tournament = two_clubs.evening.tournament
    html = page(client_for(two_clubs.director), tournament)
    detail = reverse("disputes:dispute-detail", args=["rooi", dispute.pk])
    assert f'href="{detail}"' in html
    assert f'data-dispute="{dispute.pk}"' in html
    assert '<span class="rule-id">DZ-8</span>' in html
    assert escape(RULING[:60]) in html
    assert escape(RULING) not in html  # the ruling shortened; in full on its own page
    assert f'href="{reverse("disputes:dispute-index", args=["rooi"])}"' in html
    assert f'href="{report_url(tournament)}"' in html
    # players see the tournament, not the rulings nor the director's links
    html = page(client_for(two_clubs.player), tournament)
    assert detail not in html
    assert escape(RULING[:60]) not in html
    assert report_url(tournament) not in html


def test_the_printed_report_is_the_standings_then_the_rulings(two_clubs):
    save(two_clubs)
    save(two_clubs, "Tweede uitspraak, zonder tafel.", case=LEGAL_CASE, table=False)
    tournament = two_clubs.evening.tournament
    response = client_for(two_clubs.director).get(report_url(tournament))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert 'filename="rooi-vrijdagavond-' in response["Content-Disposition"]
    pages = pdf_text(response.content)
    assert pages[0].splitlines()[0] == "Stand"  # the standings first, in Dutch
    assert two_clubs.evening.entries[0].name in pages[0]
    rulings = " ".join(" ".join(p.split()) for p in pages[1:])
    assert RULING in rulings  # in full, wrapped over lines
    assert f"DZ-8 {rule('DZ-8', 'nl').title}" in rulings
    assert f"Ronde 1 · Tafel {two_clubs.evening.table.number} · Duizenden" in rulings
    assert rulings.index(RULING) < rulings.index("Tweede uitspraak, zonder tafel.")


def test_a_report_without_disputes_says_so(two_clubs):
    pack = printing.tournament_report(two_clubs.evening.tournament.pk)
    assert [type(d) for d in pack.documents] == [Standings, DisputeReport]
    assert pack.documents[1].entries == ()


def test_the_tournament_pack_ends_with_the_disputes_when_there_are_any(two_clubs):
    tournament = two_clubs.evening.tournament
    pack = printing.tournament_pack(tournament.pk, base_url=BASE)
    assert isinstance(pack.documents[-1], Standings)  # none saved: no report page
    save(two_clubs)
    pack = printing.tournament_pack(tournament.pk, base_url=BASE)
    assert isinstance(pack.documents[-2], Standings)
    report = pack.documents[-1]
    assert isinstance(report, DisputeReport)
    assert [e.ruling for e in report.entries] == [RULING]


def test_another_clubs_report_is_404(two_clubs):
    save(two_clubs)
    tournament = two_clubs.evening.tournament
    other = client_for(two_clubs.other_director)
    assert other.get(report_url(tournament)).status_code == 404
    assert other.get(report_url(tournament, "veghel")).status_code == 404
    theirs = TournamentFactory(club=two_clubs.b)
    director = client_for(two_clubs.director)
    assert director.get(report_url(theirs)).status_code == 404
    assert client_for(two_clubs.player).get(report_url(tournament)).status_code == 403


def _count(run) -> int:
    with CaptureQueriesContext(connection) as queries:
        run()
    return len(queries)


@pytest.mark.parametrize("disputes", [1, 8])
def test_queries_do_not_grow_with_the_disputes(two_clubs, django_assert_num_queries, disputes):
    for n in range(disputes):
        save(two_clubs, f"Uitspraak {n}", table=n % 2 == 0)
    tournament = Tournament.objects.select_related("club").get(pk=two_clubs.evening.tournament.pk)
    with django_assert_num_queries(1):
        assert len(printing.dispute_report(tournament).entries) == disputes
    # the tournament (with whether it has disputes), the standings' four, the disputes
    with django_assert_num_queries(6):
        printing.tournament_report(tournament.pk)
    # the pack's nine (tests/printing/test_printing_data.py) and the disputes
    with django_assert_num_queries(10):
        printing.tournament_pack(tournament.pk, base_url=BASE)


def test_the_tournament_page_takes_as_many_queries_for_one_dispute_as_for_eight(two_clubs):
    client = client_for(two_clubs.director)
    tournament = two_clubs.evening.tournament
    save(two_clubs)
    one = _count(lambda: page(client, tournament))
    for n in range(7):
        save(two_clubs, f"Uitspraak {n}", table=n % 2 == 0)
    assert _count(lambda: page(client, tournament)) == one
