"""Result entry pages: a round's tables for the director, one table's result (enter,
confirm, set aside, correct, history), and the table's private link for its players.

Views stay thin: every read comes from scoring.selectors, every change is a call to
scoring.services; the form is built from the game's layout (scoring.forms), so no game
is named here.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial, wraps
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from clubs.access import director_required
from clubs.views import _posted
from tournaments.models import Entry, Round, Table

from .. import services
from ..forms import PlayerForm, ResultForm
from ..links import table_from_token, table_link
from ..models import ResultEntry
from ..selectors import TableState, load_table, round_tables
from ..services import ResultInvalidError, TableGoneError

# --- what was posted ---------------------------------------------------------------------


def _posted_int(request, name: str) -> int | None:
    try:
        return int(request.POST[name])
    except (KeyError, ValueError):
        return None


def _bad_form() -> HttpResponseBadRequest:
    return HttpResponseBadRequest(_("This form is incomplete or was changed; reload the page."))


def _form(state: TableState, request, *, more: bool = False) -> ResultForm:
    """The result form: posted, or empty, or (for a correction) the confirmed result."""
    confirmed = state.confirmed
    return ResultForm(
        _posted(request),
        layout=state.layout,
        mode=state.mode,
        side_names=state.names,
        entry=confirmed.data if confirmed is not None else None,
        more=more,
    )


def _save(form: ResultForm, call: Callable[[], ResultEntry]) -> ResultEntry | None:
    """Call the service; its refusal goes on the form: the game's at the cell it names,
    a conflict or a rule of who-may-do-what at the top. The input stays in the form."""
    try:
        return call()
    except TableGoneError:
        raise
    except ResultInvalidError as error:
        form.show_error(error.field, error.message)
    except ValidationError as error:  # ResultConflictError among them
        form.add_error(None, error.messages)
    return None


def _posted_result(request, table: Table) -> ResultEntry | None:
    pk = _posted_int(request, "result")
    if pk is None:
        return None
    return ResultEntry.objects.filter(table=table, pk=pk).first()


def _entered_message(result: ResultEntry) -> str:
    if result.status == ResultEntry.Status.CONFIRMED:
        return _("The result is saved and confirmed.")
    if result.disputed:
        return _("The result is saved. It differs from another entry: the director decides.")
    return _("The result is saved. A second person confirms it.")


def _unless_gone(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A table whose round's draw was taken back, even while its page was being sent: a
    page that says so (404), never a server error. The table's printed link may outlive
    its table too."""

    @wraps(view)
    def wrapped(request, *args, **kwargs) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except (Table.DoesNotExist, TableGoneError):
            return render(
                request,
                "scoring/results/gone.html",
                {"message": TableGoneError().message},
                status=404,
            )

    return wrapped


# --- the director's pages ----------------------------------------------------------------


@director_required
def round_results(request, club, pk: int, number: int):
    round_ = get_object_or_404(
        Round.objects.select_related("tournament"),
        tournament__club=club,
        tournament_id=pk,
        number=number,
    )
    return render(
        request,
        "scoring/results/round.html",
        {
            "club": club,
            "tournament": round_.tournament,
            "round": round_,
            "tables": round_tables(round_),
        },
    )


@director_required
@require_http_methods(["GET", "POST"])
@_unless_gone
def table_result(request, club, pk: int):
    table = get_object_or_404(Table, pk=pk, round__tournament__club=club)
    here = reverse("table-result", kwargs={"club_slug": club.slug, "pk": table.pk})
    action = _action(request)
    if action in DECISIONS:
        service = services.result_confirm if action == "confirm" else services.result_reject
        return _decision(request, table, here, action, partial(service, actor=request.user))
    state = load_table(table.pk)

    def save(form: ResultForm, version: int) -> ResultEntry:
        if state.confirmed is not None:
            return services.result_correct(
                table=table,
                data=form.entry(),
                version=version,
                actor=request.user,
                note=form.cleaned_data["note"],
            )
        return services.result_submit(
            table=table, data=form.entry(), version=version, actor=request.user
        )

    return _entry_page(
        request,
        state,
        action=action,
        save=save,
        here=here,
        template="scoring/results/table.html",
        context={"club": club, "link": request.build_absolute_uri(table_link(table.pk))},
    )


# --- the table's private link ------------------------------------------------------------


@require_http_methods(["GET", "POST"])
@_unless_gone
def table_link_page(request, token: str):
    """No login: whoever has the table's link says which of its players they are, then
    enters the result or confirms the one another player entered."""
    pk = table_from_token(token)
    if pk is None:
        raise Http404
    state = load_table(pk)
    posted = request.method == "POST"
    chooser = PlayerForm(
        request.POST if posted else (request.GET if "player" in request.GET else None),
        table=state.table,
    )
    player: Entry | None = chooser.cleaned_data["player"] if chooser.is_valid() else None
    context = {"club": state.tournament.club, "chooser": chooser, "player": player}
    if player is None:
        return render(request, "scoring/results/link.html", {**context, "state": state})
    here = f"{request.path}?player={player.pk}"
    action = _action(request)
    entered_here = _entered_in_this_browser(request, state.table)
    if action == "confirm":

        def confirm(*, result: ResultEntry, version: int) -> ResultEntry:
            # One phone cannot enter a result as one player and confirm it as another.
            return services.result_confirm(
                result=result, version=version, by_entry=player, entered_here=entered_here
            )

        return _decision(request, state.table, here, action, confirm)

    def save(form: ResultForm, version: int) -> ResultEntry:
        result = services.result_submit(
            table=state.table,
            data=form.entry(),
            version=version,
            by_entry=player,
            entered_here=entered_here,
        )
        entered_here.append(result.pk)
        request.session[_entered_key(state.table)] = entered_here
        return result

    context["mine"] = state.open_entries_of(player) | set(entered_here)
    return _entry_page(
        request,
        state,
        action=action,
        save=save,
        here=here,
        template="scoring/results/link.html",
        context=context,
    )


def _entered_key(table: Table) -> str:
    return f"troef.entered-at-table.{table.pk}"


def _entered_in_this_browser(request, table: Table) -> list[int]:
    """The results this browser entered at the table's link, whichever name it chose."""
    value = request.session.get(_entered_key(table), [])
    return [pk for pk in value if isinstance(pk, int)] if isinstance(value, list) else []


# --- shared by both ----------------------------------------------------------------------

#: The buttons next to a provisional entry.
DECISIONS = ("confirm", "reject")


def _action(request) -> str:
    """What a POST asks for: enter (the default), more (rows), confirm, reject; else
    "show" (a GET)."""
    return request.POST.get("action", "enter") if request.method == "POST" else "show"


def _decision(request, table: Table, here: str, action: str, service) -> HttpResponse:
    """A confirm or set-aside button: the service's answer as a message on the page."""
    result, version = _posted_result(request, table), _posted_int(request, "version")
    if result is None or version is None:
        return _bad_form()
    try:
        service(result=result, version=version)
    except TableGoneError:
        raise
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        done = (
            _("The result is confirmed.") if action == "confirm" else _("The entry was set aside.")
        )
        messages.success(request, done)
    return redirect(here)


def _entry_page(
    request,
    state: TableState,
    *,
    action: str,
    save: Callable[[ResultForm, int], ResultEntry],
    here: str,
    template: str,
    context: dict[str, Any],
) -> HttpResponse:
    """The result form: shown, grown by more rows, or saved through `save`. A refusal
    shows the page again with what is there now and the input kept in the form."""
    if action not in ("show", "enter", "more"):
        return _bad_form()
    form = _form(state, request, more=action == "more")
    if action == "enter" and form.is_valid():
        version = _posted_int(request, "version")
        if version is None:
            return _bad_form()
        saved = _save(form, partial(save, form, version))
        if saved is not None:
            messages.success(request, _entered_message(saved))
            return redirect(here)
        state = load_table(state.table.pk)
    context = {**context, "state": state, "form": form, "correcting": state.confirmed is not None}
    return render(request, template, context)


urlpatterns = [
    path(
        "c/<slug:club_slug>/tournaments/<int:pk>/rounds/<int:number>/results/",
        round_results,
        name="round-results",
    ),
    path("c/<slug:club_slug>/tables/<int:pk>/", table_result, name="table-result"),
    path("t/<str:token>/", table_link_page, name="table-link"),
]
