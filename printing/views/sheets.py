"""Printed sheets as PDF downloads, made while the page waits. (A round's or a
tournament's whole pack, a sheet per table, is a print job: printing.views.jobs.)

Who may print what:
- what the director hands out or what carries the tables' private links (a round's draw
  list and table cards, one table's score sheet), and an evening's printed report (the
  standings with the disputes and the director's rulings): the club's directors;
- the standings: whoever may see them on the site (the club's members; everyone, at the
  public addresses, when the club makes its standings public);
- a player's personal score card: directors, and the player themself;
- blank score sheets for casual play: the club's members.

Views stay thin: printing.contents reads the database, printing.sheets draws the PDF, in
the club's language whatever the page's.
"""

from __future__ import annotations

from django import forms
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import path
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from clubs.access import director_required, player_required
from clubs.models import Club, Member, Role
from config.site import site_url
from disputes.checker.base import engine_message
from games import registry
from games.base import CaseError, clean_options
from scoring import services
from scoring.selectors import slip_entries
from scoring.views.standings import public_club
from tournaments import formats
from tournaments import selectors as tournament_selectors
from tournaments.forms import GameOptionsMixin
from tournaments.models import Entry, Round, Table, Tournament
from tournaments.services import sizes_text

from .. import contents
from ..sheets import render as render_pdf
from ..sheets.data import Document


def pdf_response(documents: list[Document], *, club: Club, title: str, filename: str):
    """The PDF of `documents` in the club's language, shown in the browser (it can save or
    print it); its metadata names the club as author and now as its creation date."""
    data = render_pdf(
        documents,
        language=club.language,
        title=title,
        author=club.name,
        created=timezone.now(),
    )
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def base_url(request) -> str:
    """The site's address for the table links in the QR codes: the venue's while
    `manage.py venue` runs, else TROEF_SITE_URL, else the address the page was opened
    with (config.site)."""
    return site_url(request) + "/"


def _tournament(club: Club, pk: int) -> Tournament:
    return get_object_or_404(tournament_selectors.club_tournament(club, pk))


def _round(club: Club, pk: int, number: int) -> Round:
    tournament = _tournament(club, pk)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    round_.tournament = tournament
    return round_


# --- a round: the director's ----------------------------------------------------------------


@director_required
@require_safe
def draw_list(request, club, pk, number):
    round_ = _round(club, pk, number)
    title, filename = contents.round_names(round_.tournament, number)
    return pdf_response([contents.draw_list(round_)], club=club, title=title, filename=filename)


@director_required
@require_safe
def table_cards(request, club, pk, number):
    round_ = _round(club, pk, number)
    title, filename = contents.round_names(round_.tournament, number)
    # ?table=N: that table's card alone (a fresh one after its link was renewed).
    table = request.GET.get("table", "")
    only = int(table) if table.isdigit() else None
    return pdf_response(
        [contents.table_cards(round_, base_url=base_url(request), table=only)],
        club=club,
        title=title,
        filename=filename.replace(".pdf", "-cards.pdf"),
    )


@director_required
@require_safe
def table_sheet(request, club, pk):
    table = get_object_or_404(
        Table.objects.filter(round__tournament__club=club).select_related("round__tournament"),
        pk=pk,
    )
    tournament = table.round.tournament
    tournament.club = club
    title, filename = contents.round_names(tournament, table.round.number, table.number)
    return pdf_response(
        [contents.table_sheet(table, base_url(request))],
        club=club,
        title=title,
        filename=filename,
    )


@director_required
@require_safe
def tournament_report(request, club, pk):
    """The evening's printed report: the standings, then the disputes with the rulings."""
    tournament = _tournament(club, pk)
    pack = contents.tournament_report(tournament.pk)
    return pdf_response(pack.documents, club=club, title=pack.title, filename=pack.filename)


# --- standings: as the pages ------------------------------------------------------------------


def _tournament_standings(club: Club, pk: int):
    tournament = _tournament(club, pk)
    document = contents.tournament_standings(tournament)
    return pdf_response(
        [document],
        club=club,
        title=f"{document.title} \N{EN DASH} {tournament.name}",
        filename=contents.pdf_filename(club.slug, tournament.name, tournament.date),
    )


def _season_standings(club: Club, pk: int):
    season = get_object_or_404(tournament_selectors.club_season(club, pk))
    document = contents.season_standings(season)
    return pdf_response(
        [document],
        club=club,
        title=f"{document.title} \N{EN DASH} {season.name}",
        filename=contents.pdf_filename(club.slug, season.name),
    )


@player_required
@require_safe
def tournament_standings(request, club, pk):
    return _tournament_standings(club, pk)


@player_required
@require_safe
def season_standings(request, club, pk):
    return _season_standings(club, pk)


@require_safe
def public_tournament_standings(request, club_slug, pk):
    return _tournament_standings(public_club(club_slug), pk)


@require_safe
def public_season_standings(request, club_slug, pk):
    return _season_standings(public_club(club_slug), pk)


# --- a player's card --------------------------------------------------------------------------


@player_required
@require_safe
def personal_card(request, club, pk, member):
    """The card of `member` at tournament `pk`: for directors, and for the member."""
    tournament = _tournament(club, pk)
    member = get_object_or_404(Member, club=club, pk=member)
    if request.club_role < Role.Level.DIRECTOR and member.user_id != request.user.pk:
        raise PermissionDenied
    entry = get_object_or_404(
        Entry.objects.select_related("member"), tournament=tournament, member=member
    )
    entry.tournament = tournament
    card = contents.personal_card(entry)
    return pdf_response(
        [card],
        club=club,
        title=f"{tournament.name} \N{EN DASH} {member.name}",
        filename=contents.pdf_filename(club.slug, tournament.name, member.name),
    )


# --- blank score sheets -----------------------------------------------------------------------


def _seat_counts(game: str) -> tuple[int, ...]:
    """Every number of players the game is played with, alone or in teams."""
    return tuple(sorted({found.table_size for found in formats.formats(game)}))


class BlankSheetForm(GameOptionsMixin, forms.Form):
    """A game, how many play, and the game's options (`<game>__<option>`, as the
    tournament form; only the chosen game's count)."""

    game = forms.ChoiceField(label=_("game"))
    players = forms.IntegerField(label=_("number of players"), min_value=2, max_value=6)
    copies = forms.IntegerField(
        label=_("copies"),
        min_value=1,
        max_value=50,
        initial=1,
        help_text=_("How many sheets to print."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(spec.name, spec.title) for spec in registry.games()]
        self.fields["players"].help_text = "; ".join(
            f"{spec.title}: {sizes_text(_seat_counts(spec.name))}" for spec in registry.games()
        )
        self.add_option_fields()

    def clean(self):
        data = super().clean()
        game, players = data.get("game"), data.get("players")
        if not game:
            return data
        spec = registry.get(game)
        if players is not None and players not in _seat_counts(game):
            self.add_error(
                "players",
                gettext("%(game)s is played at tables of %(sizes)s players.")
                % {"game": spec.title, "sizes": sizes_text(_seat_counts(game))},
            )
        data["options"] = self.chosen_options(game)
        try:
            clean_options(spec.options, data["options"])
        except CaseError as error:  # the option by its label, the reason in words
            self.add_error(None, engine_message(error, spec.options))
        return data


@player_required
@require_safe
def blank_sheets(request, club):
    """The form, and, once it is filled in right, the PDF of blank sheets."""
    form = BlankSheetForm(request.GET if "game" in request.GET else None)
    if form.is_bound and form.is_valid():
        data = form.cleaned_data
        sheet = contents.blank_sheet(club, data["game"], data["players"], data["options"])
        title = registry.get(data["game"]).title
        return pdf_response(
            [sheet] * data["copies"],
            club=club,
            title=title,
            filename=contents.pdf_filename(club.slug, title, data["players"]),
        )
    return render(request, "printing/blank.html", {"club": club, "form": form})


# --- a tournament's check-in slips: the director's ------------------------------------------


@director_required
@require_safe
def checkin_slips(request, club, pk: int) -> HttpResponse:
    """Check-in slips as PDF: `?player=<id>` that player's, else those of the guests and
    the members without a login (withdrawn players left out)."""
    tournament = get_object_or_404(tournament_selectors.club_tournament(club, pk))
    one = request.GET.get("player", "")
    entries = slip_entries(tournament, int(one) if one.isdigit() else None)
    codes = services.personal_codes(entries)
    document = contents.checkin_slips(tournament, entries, codes, base_url=base_url(request))
    slips = gettext("Check-in slips")  # outside the f-string, where makemessages finds it
    return pdf_response(
        [document],
        club=club,
        title=f"{tournament.name} \N{EN DASH} {slips}",
        filename=contents.pdf_filename(club.slug, tournament.name, "slips"),
    )


urlpatterns = [
    path(
        "c/<slug:club_slug>/tournaments/<int:pk>/rounds/<int:number>/print/draw-list/",
        draw_list,
        name="print-draw-list",
    ),
    path(
        "c/<slug:club_slug>/tournaments/<int:pk>/rounds/<int:number>/print/table-cards/",
        table_cards,
        name="print-table-cards",
    ),
    path("c/<slug:club_slug>/tables/<int:pk>/print/", table_sheet, name="print-table-sheet"),
    path(
        "c/<slug:club_slug>/tournaments/<int:pk>/print/report/",
        tournament_report,
        name="print-tournament-report",
    ),
    path(
        "c/<slug:club_slug>/tournaments/<int:pk>/standings/print/",
        tournament_standings,
        name="print-tournament-standings",
    ),
    path(
        "c/<slug:club_slug>/seasons/<int:pk>/standings/print/",
        season_standings,
        name="print-season-standings",
    ),
    path(
        "c/<slug:club_slug>/tournaments/<int:pk>/players/<int:member>/card/",
        personal_card,
        name="print-personal-card",
    ),
    path("c/<slug:club_slug>/print/blank/", blank_sheets, name="print-blank-sheets"),
    path(
        "p/<slug:club_slug>/tournaments/<int:pk>/print/",
        public_tournament_standings,
        name="public-print-tournament-standings",
    ),
    path(
        "p/<slug:club_slug>/seasons/<int:pk>/print/",
        public_season_standings,
        name="public-print-season-standings",
    ),
    path(
        "c/<slug:club_slug>/tournaments/<int:pk>/print/slips/",
        checkin_slips,
        name="checkin-slips",
    ),
]
