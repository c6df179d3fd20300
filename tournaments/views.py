"""Tournament, check-in, team, round and season pages. Views stay thin: access checks come
from clubs.access, reads from tournaments.selectors, every change from
tournaments.services; a service's ValidationError becomes a form error or a message."""

from __future__ import annotations

import copy

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponseBadRequest, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST
from django_tables2 import RequestConfig

from clubs.access import director_required, is_htmx, player_required
from clubs.forms import posted
from clubs.idempotency import idempotent
from clubs.models import Role
from clubs.views import ClubTableView
from games import registry

from . import formats, selectors, services
from .filters import TournamentFilter
from .forms import (
    EntryAddForm,
    EntryStatusForm,
    SeasonForm,
    SwapForm,
    TeamForm,
    TeamSwapForm,
    TournamentForm,
    option_summary,
)
from .models import Entry, Round, Team, Tournament
from .tables import SeasonTable, TournamentTable

#: The check-in page's own query (search and status filter), kept across its buttons.
CHECKIN_QUERY = ("q", "status")


def _is_director(request) -> bool:
    return request.club_role >= Role.Level.DIRECTOR


def _tournament(club, pk: int) -> Tournament:
    return get_object_or_404(selectors.club_tournament(club, pk))


def _save(request, form, service, **kwargs):
    """For a valid posted form, call `service(actor=..., **kwargs, **form.values())` and
    return what it returns. A service's ValidationError becomes errors on the form, next
    to the field it names; then, and for GET or an invalid form, None."""
    if request.method != "POST" or not form.is_valid():
        return None
    try:
        return service(actor=request.user, **kwargs, **form.values())
    except ValidationError as error:
        form.add_service_error(error)
        return None


def _call(request, service, **kwargs) -> bool:
    """Run a button's service; its ValidationError becomes an error message."""
    try:
        service(actor=request.user, **kwargs)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return False
    return True


# --- tournaments -------------------------------------------------------------------------


class TournamentListView(ClubTableView):
    table_class = TournamentTable
    filterset_class = TournamentFilter
    template_name = "tournaments/tournament_list.html"
    export_name = "tournaments"

    def get_queryset(self):
        return selectors.tournament_list(self.club)

    def get_context_data(self, **kwargs):
        return super().get_context_data(is_director=_is_director(self.request), **kwargs)


tournament_list = player_required(TournamentListView.as_view())


def _tournament_form_page(request, club, form, tournament=None):
    return render(
        request,
        "tournaments/tournament_form.html",
        {"club": club, "form": form, "tournament": tournament},
    )


@director_required
@require_http_methods(["GET", "POST"])
def tournament_add(request, club):
    form = TournamentForm(posted(request), club=club)
    tournament = _save(request, form, services.tournament_create, club=club)
    if tournament:
        messages.success(request, _("%(name)s was created.") % {"name": tournament.name})
        return redirect(tournament)
    return _tournament_form_page(request, club, form)


@director_required
@require_http_methods(["GET", "POST"])
def tournament_edit(request, club, pk):
    tournament = _tournament(club, pk)
    # The form edits a copy, so that the service still sees the values before the edit.
    form = TournamentForm(
        posted(request),
        instance=copy.copy(tournament),
        club=club,
        drawn=selectors.has_rounds(tournament),
    )
    saved = _save(request, form, services.tournament_update, tournament=tournament)
    if saved:
        messages.success(request, _("%(name)s was saved.") % {"name": saved.name})
        return redirect(saved)
    return _tournament_form_page(request, club, form, tournament)


@player_required
def tournament_detail(request, club, pk):
    tournament = _tournament(club, pk)
    rounds = selectors.rounds_of(tournament)
    finished = tournament.status == Tournament.Status.FINISHED
    is_director = _is_director(request)
    # A button is shown only when its service would do it; else why not, in a line.
    draw_refusal = (
        services.draw_refusal(tournament)
        if is_director and not finished and len(rounds) < tournament.rounds_planned
        else ""
    )
    return render(
        request,
        "tournaments/tournament_detail.html",
        {
            "club": club,
            "tournament": tournament,
            "game": registry.get(tournament.game),
            "options": option_summary(tournament),
            "rounds": rounds,
            "counts": selectors.entry_counts(tournament),
            "is_director": is_director,
            "can_draw": draw_refusal is None,
            "draw_refusal": draw_refusal,
            "can_finish": (
                is_director
                and not finished
                and bool(rounds)
                and services.finish_refusal(tournament) is None
            ),
        },
    )


@require_POST
@director_required
@idempotent
def tournament_finish(request, club, pk):
    tournament = _tournament(club, pk)
    if _call(request, services.tournament_finish, tournament=tournament):
        messages.success(request, _("%(name)s is finished.") % {"name": tournament.name})
    return redirect(tournament)


@require_POST
@director_required
@idempotent
def tournament_reopen(request, club, pk):
    tournament = _tournament(club, pk)
    if _call(request, services.tournament_reopen, tournament=tournament):
        messages.success(
            request,
            _("%(name)s is open again: results can be corrected; finish it when done.")
            % {"name": tournament.name},
        )
    return redirect(tournament)


@require_POST
@director_required
@idempotent
def round_draw(request, club, pk):
    tournament = _tournament(club, pk)
    try:
        round_ = services.round_draw(tournament=tournament, actor=request.user)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect(tournament)
    messages.success(request, _("Round %(number)s is drawn.") % {"number": round_.number})
    return redirect("round-detail", club_slug=club.slug, pk=tournament.pk, number=round_.number)


# --- check-in ----------------------------------------------------------------------------


def _checkin_url(club, tournament, query: QueryDict | None = None) -> str:
    url = reverse("tournament-checkin", kwargs={"club_slug": club.slug, "pk": tournament.pk})
    kept = QueryDict(mutable=True)
    for key in CHECKIN_QUERY:
        if query is not None and query.get(key):
            kept[key] = query[key]
    return f"{url}?{kept.urlencode()}" if kept else url


def _checkin_context(
    request, club, tournament, query: QueryDict, *, listed: bool = True, **extra
) -> dict:
    """What the check-in page and its parts (list, count, guest form) show; without
    `listed` not the list itself (a tap's answer swaps only its row and the count)."""
    q, status = query.get("q", "").strip(), query.get("status", "")
    previous = selectors.previous_tournament(tournament) if listed else None
    return {
        "club": club,
        "tournament": tournament,
        "rows": selectors.checkin_rows(tournament, q, status) if listed else [],
        "q": q,
        "status": status if status in selectors.CHECKIN_STATUSES else "",
        "counts": selectors.entry_counts(tournament),
        "plan": selectors.seating_plan(tournament),
        "fixed_teams": tournament.teams == Tournament.Teams.FIXED,
        "previous": previous,
        # A finished tournament refuses every change: no buttons then.
        "finished": tournament.status == Tournament.Status.FINISHED,
        "back": _checkin_url(club, tournament, query).partition("?")[2],
        **extra,
    }


def _checkin_page(request, club, tournament, add_form):
    context = _checkin_context(request, club, tournament, request.GET, add_form=add_form)
    if is_htmx(request) and not request.headers.get("HX-History-Restore-Request"):
        response = render(request, "tournaments/_checkin_list.html", context)
    else:
        response = render(request, "tournaments/checkin.html", context)
    patch_vary_headers(response, ["HX-Request"])
    return response


def _checkin_answer(request, club, tournament, row=None, error: str = "", **parts):
    """After a tap: with htmx the row (`row`) and the count, swapped in place; else back
    to the list with the same search, the error as a message."""
    back = QueryDict(request.POST.get("back", ""))
    if not is_htmx(request):
        if error:
            messages.error(request, error)
        return redirect(_checkin_url(club, tournament, back))
    listed = bool(parts.get("added"))  # a new guest: the list comes along, out of band
    context = _checkin_context(
        request, club, tournament, back, listed=listed, row=row, error=error, **parts
    )
    return render(request, "tournaments/_checkin_answer.html", context)


@director_required
def tournament_checkin(request, club, pk):
    tournament = _tournament(club, pk)
    return _checkin_page(request, club, tournament, EntryAddForm(tournament=tournament))


@require_POST
@director_required
@idempotent
def entry_add(request, club, pk):
    tournament = _tournament(club, pk)
    form = EntryAddForm(request.POST, tournament=tournament)
    entry = _save(request, form, services.entry_add, tournament=tournament)
    if is_htmx(request):
        # The guest form in place: its errors, or empty again with the list and count.
        fresh = EntryAddForm(tournament=tournament) if entry else form
        return _checkin_answer(request, club, tournament, add_form=fresh, added=entry)
    if entry is None:
        return _checkin_page(request, club, tournament, form)
    messages.success(request, _("%(name)s was registered.") % {"name": entry.name})
    return redirect(_checkin_url(club, tournament, QueryDict(request.POST.get("back", ""))))


@require_POST
@director_required
@idempotent
def entry_status(request, club, pk, entry_pk):
    tournament = _tournament(club, pk)
    entry = get_object_or_404(
        Entry.objects.select_related("member", "team"), tournament=tournament, pk=entry_pk
    )
    form = EntryStatusForm(request.POST)
    if not form.is_valid():
        return HttpResponseBadRequest(_("Unknown status."))
    entry.tournament = tournament
    error = ""
    try:
        services.entry_set_status(
            entry=entry, actor=request.user, status=form.cleaned_data["status"]
        )
    except ValidationError as refused:
        error = " ".join(refused.messages)
    return _checkin_answer(request, club, tournament, selectors.checkin_row(entry), error)


@require_POST
@director_required
@idempotent
def member_checkin(request, club, pk, member_pk):
    """One tap on a member not entered yet: registered and present at once."""
    tournament = _tournament(club, pk)
    member = get_object_or_404(selectors.active_members(club.pk), pk=member_pk)
    try:
        entry = services.member_check_in(tournament=tournament, actor=request.user, member=member)
    except ValidationError as refused:
        row = selectors.CheckinRow(member.name, member, None)
        return _checkin_answer(request, club, tournament, row, " ".join(refused.messages))
    return _checkin_answer(request, club, tournament, selectors.checkin_row(entry))


def _check_in_many(request, club, tournament, members, bulk: str):
    try:
        changed = services.members_check_in(
            tournament=tournament, actor=request.user, members=list(members), bulk=bulk
        )
    except ValidationError as refused:
        messages.error(request, " ".join(refused.messages))
    else:
        messages.success(
            request,
            ngettext(
                "%(count)s player was checked in.",
                "%(count)s players were checked in.",
                len(changed),
            )
            % {"count": len(changed)},
        )
    return redirect(_checkin_url(club, tournament, QueryDict(request.POST.get("back", ""))))


@require_POST
@director_required
@idempotent
def checkin_last_evening(request, club, pk):
    """Everyone present at the club's previous evening (of the season, if in one)."""
    tournament = _tournament(club, pk)
    previous = selectors.previous_tournament(tournament)
    if previous is None:
        messages.error(request, _("There is no earlier evening to copy."))
        return redirect(_checkin_url(club, tournament))
    members = selectors.present_members(previous)
    return _check_in_many(request, club, tournament, members, "last_evening")


@require_POST
@director_required
@idempotent
def checkin_all_members(request, club, pk):
    tournament = _tournament(club, pk)
    members = selectors.active_members(club.pk)
    return _check_in_many(request, club, tournament, members, "all_members")


# --- teams -------------------------------------------------------------------------------


def _fixed_teams(club, pk: int) -> tuple[Tournament, formats.Format]:
    """The tournament and its table format; 404 unless it plays in fixed teams."""
    tournament = _tournament(club, pk)
    if tournament.teams != Tournament.Teams.FIXED:
        raise Http404
    return tournament, formats.table_format(tournament.game, tournament.table_size, teams=True)


@director_required
@require_http_methods(["GET", "POST"])
@idempotent
def team_list(request, club, pk):
    tournament, fmt = _fixed_teams(club, pk)
    form = TeamForm(posted(request), tournament=tournament, per_side=fmt.per_side)
    team = _save(request, form, services.team_create, tournament=tournament)
    if team:
        messages.success(request, _("Team %(name)s was made.") % {"name": team.name})
        return redirect("team-list", club_slug=club.slug, pk=tournament.pk)
    return _teams_page(request, club, tournament, fmt, form=form)


def _teams_page(request, club, tournament, fmt, *, form=None, swap_form=None):
    form = form or TeamForm(tournament=tournament, per_side=fmt.per_side)
    teams = selectors.teams_of(tournament)
    without = list(selectors.entries_without_team(tournament))
    return render(
        request,
        "tournaments/teams.html",
        {
            "club": club,
            "tournament": tournament,
            # A team's name beside its players' names, unless it is just those names.
            "teams": [(team, selectors.players_beside_name(team)) for team in teams],
            "without": without,
            "drawable": sum(1 for entry in without if entry.status == Entry.Status.PRESENT)
            >= fmt.per_side,
            "finished": tournament.status == Tournament.Status.FINISHED,
            # A team needs that many players not in a team yet; else the form only refuses
            # (a posted form still shows, with its errors).
            "can_make": form.is_bound or len(without) >= fmt.per_side,
            "form": form,
            "swap_form": swap_form or TeamSwapForm(tournament=tournament),
            "can_swap": bool(teams),
        },
    )


@require_POST
@director_required
@idempotent
def team_draw(request, club, pk):
    tournament, _fmt = _fixed_teams(club, pk)
    try:
        teams = services.team_draw(tournament=tournament, actor=request.user)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(
            request,
            ngettext("%(count)s team was drawn.", "%(count)s teams were drawn.", len(teams))
            % {"count": len(teams)},
        )
    return redirect("team-list", club_slug=club.slug, pk=tournament.pk)


@require_POST
@director_required
@idempotent
def team_swap(request, club, pk):
    tournament, fmt = _fixed_teams(club, pk)
    form = TeamSwapForm(request.POST, tournament=tournament)
    swapped = _save(request, form, services.team_swap, tournament=tournament)
    if swapped is None:
        return _teams_page(request, club, tournament, fmt, swap_form=form)
    first, second = swapped
    messages.success(
        request,
        _("%(first)s and %(second)s changed teams.") % {"first": first.name, "second": second.name},
    )
    return redirect("team-list", club_slug=club.slug, pk=tournament.pk)


@require_POST
@director_required
@idempotent
def team_delete(request, club, pk, team_pk):
    tournament, _fmt = _fixed_teams(club, pk)
    team = get_object_or_404(Team, tournament=tournament, pk=team_pk)
    team.tournament = tournament
    if _call(request, services.team_delete, team=team):
        messages.success(request, _("Team %(name)s was split.") % {"name": team.name})
    return redirect("team-list", club_slug=club.slug, pk=tournament.pk)


# --- rounds ------------------------------------------------------------------------------


def round_of(club, pk: int, number: int) -> Round:
    tournament = _tournament(club, pk)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    round_.tournament = tournament
    return round_


@player_required
def round_detail(request, club, pk, number):
    return _round_page(request, club, _tournament(club, pk), number)


def _round_page(request, club, tournament, number, *, swap_form=None, second_bye=""):
    """The round's page; after a swap that would give a second bye, with the swap to
    confirm (`swap_form` bound to it, `second_bye` the warning)."""
    page = selectors.round_page(tournament, number)
    if page is None:
        raise Http404
    is_director = _is_director(request)
    finished = tournament.status == Tournament.Status.FINISHED
    page.round.tournament = tournament
    changeable = is_director and not finished and page.round.status == Round.Status.DRAWN
    # Each button only when its service would do it (the services' own checks).
    can_draw = (
        is_director
        and not finished
        and page.is_last
        and number < tournament.rounds_planned
        and services.draw_refusal(tournament) is None
    )
    return render(
        request,
        "tournaments/round_detail.html",
        {
            "club": club,
            "tournament": tournament,
            "page": page,
            "round": page.round,
            "is_director": is_director,
            "changeable": changeable,
            "swap_form": (swap_form or SwapForm(round_=page.round)) if changeable else None,
            "second_bye": second_bye,
            "can_undraw": changeable and services.undraw_refusal(page.round) is None,
            "can_draw": can_draw,
        },
    )


def _round_redirect(round_: Round):
    """Back to the round's page, or to the tournament's when its draw was taken back
    (by another director at the same moment, say)."""
    if not Round.objects.filter(pk=round_.pk).exists():
        return redirect(round_.tournament)
    return redirect(
        "round-detail",
        club_slug=round_.tournament.club.slug,
        pk=round_.tournament_id,
        number=round_.number,
    )


@require_POST
@director_required
@idempotent
def round_start(request, club, pk, number):
    round_ = round_of(club, pk, number)
    if _call(request, services.round_start, round_=round_):
        messages.success(request, _("Round %(number)s has started.") % {"number": number})
    return _round_redirect(round_)


@require_POST
@director_required
@idempotent
def round_undraw(request, club, pk, number):
    round_ = round_of(club, pk, number)
    if _call(request, services.round_undraw, round_=round_):
        messages.success(
            request, _("The draw of round %(number)s was taken back.") % {"number": number}
        )
        return redirect(round_.tournament)
    return _round_redirect(round_)


@require_POST
@director_required
@idempotent
def seats_swap(request, club, pk, number):
    round_ = round_of(club, pk, number)
    form = SwapForm(request.POST, round_=round_)
    if not form.is_valid():
        messages.error(request, _("Choose two players of this round."))
        return _round_redirect(round_)
    try:
        services.seats_swap(round_=round_, actor=request.user, **form.cleaned_data)
    except services.SecondByeError as warning:
        # Nothing is saved: the page asks the director to confirm the swap.
        return _round_page(
            request,
            club,
            round_.tournament,
            number,
            swap_form=form,
            second_bye=" ".join(warning.messages),
        )
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(
            request,
            _("%(first)s and %(second)s changed places.")
            % {
                "first": form.cleaned_data["first"].name,
                "second": form.cleaned_data["second"].name,
            },
        )
    return _round_redirect(round_)


# --- seasons -----------------------------------------------------------------------------


@player_required
def season_list(request, club):
    is_director = _is_director(request)
    table = SeasonTable(selectors.season_list(club), can_edit=is_director)
    RequestConfig(request, paginate=False).configure(table)
    return render(
        request,
        "tournaments/season_list.html",
        {"club": club, "table": table, "is_director": is_director},
    )


@director_required
@require_http_methods(["GET", "POST"])
def season_add(request, club):
    form = SeasonForm(posted(request))
    season = _save(request, form, services.season_create, club=club)
    if season:
        messages.success(request, _("%(name)s was created.") % {"name": season.name})
        return redirect("season-list", club_slug=club.slug)
    return render(request, "tournaments/season_form.html", {"club": club, "form": form})


@director_required
@require_http_methods(["GET", "POST"])
def season_edit(request, club, pk):
    season = get_object_or_404(selectors.club_season(club, pk))
    form = SeasonForm(posted(request), instance=copy.copy(season))
    saved = _save(request, form, services.season_update, season=season)
    if saved:
        messages.success(request, _("%(name)s was saved.") % {"name": saved.name})
        return redirect("season-list", club_slug=club.slug)
    return render(
        request, "tournaments/season_form.html", {"club": club, "form": form, "season": season}
    )


@player_required
def season_detail(request, club, pk):
    """The season's evenings. (The standings pages replace this with the season's
    standings under the same URL name.)"""
    season = get_object_or_404(selectors.club_season(club, pk))
    return render(
        request,
        "tournaments/season_detail.html",
        {
            "club": club,
            "season": season,
            "tournaments": selectors.season_tournaments(season),
            "is_director": _is_director(request),
        },
    )
