"""The check-in page: entries added, their status, members checked in one by one or
all at once (those of the last evening, or every member)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponseBadRequest, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST, require_safe

from clubs.access import director_required, is_htmx
from clubs.idempotency import idempotent

from .. import selectors, services
from ..forms import (
    EntryAddForm,
    EntryStatusForm,
)
from ..models import Entry, Tournament
from .common import save_form, tournament_of

#: The check-in page's own query (search and status filter), kept across its buttons.
CHECKIN_QUERY = ("q", "status")


def _checkin_url(club, tournament, query: QueryDict | None = None) -> str:
    url = reverse(
        "tournaments:tournament-checkin", kwargs={"club_slug": club.slug, "pk": tournament.pk}
    )
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
@require_safe
def tournament_checkin(request, club, pk):
    tournament = tournament_of(club, pk)
    return _checkin_page(request, club, tournament, EntryAddForm(tournament=tournament))


@require_POST
@director_required
@idempotent
def entry_add(request, club, pk):
    tournament = tournament_of(club, pk)
    form = EntryAddForm(request.POST, tournament=tournament)
    entry = save_form(request, form, services.entry_add, tournament=tournament)
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
    tournament = tournament_of(club, pk)
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
    tournament = tournament_of(club, pk)
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
    tournament = tournament_of(club, pk)
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
    tournament = tournament_of(club, pk)
    members = selectors.active_members(club.pk)
    return _check_in_many(request, club, tournament, members, "all_members")
