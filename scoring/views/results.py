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
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_safe

from clubs.access import director_required, player_required
from clubs.forms import posted
from clubs.idempotency import idempotent
from clubs.models import Club, Role
from config.site import site_url
from tournaments.models import Entry, Round, Table

from .. import services
from ..actors import Actor
from ..forms import PlayerForm, ResultForm
from ..links import table_token_parts, table_url
from ..models import ResultEntry
from ..selectors import TableState, load_table, round_tables_seen_by, table_link_view
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
    """The result form: posted, or empty, or the rows the table saved so far, or (for a
    correction) the confirmed result; with the running totals of what it shows."""
    confirmed, kept = state.confirmed, state.kept
    entry, totals = None, None
    if confirmed is not None:
        entry, totals = confirmed.data, confirmed.outcome.get("totals")
    elif kept is not None:
        entry, totals = kept.data, kept.totals
    return ResultForm(
        posted(request),
        layout=state.layout,
        mode=state.mode,
        side_names=state.names,
        entry=entry,
        more=more,
        totals=totals,
    )


def _save(form: ResultForm, call: Callable[[], Any]) -> Any:
    """Call the service; its refusal goes on the form: the game's at the cell it names,
    one naming a field (the correction's reason) at that field, a conflict or a rule of
    who-may-do-what at the top. The input stays in the form."""
    try:
        return call()
    except TableGoneError:
        raise
    except ResultInvalidError as error:
        for path, message in error.refusals:  # all at once: the players correct once
            form.show_error(path, message)
    except ValidationError as error:  # ResultConflictError among them
        if hasattr(error, "error_dict"):
            for field, messages in error.message_dict.items():
                form.add_error(field if field in form.fields else None, messages)
        else:
            form.add_error(None, error.messages)
    return None


def _posted_result(request, table: Table) -> ResultEntry | None:
    pk = _posted_int(request, "result")
    if pk is None:
        return None
    return ResultEntry.objects.filter(table=table, pk=pk).first()


def _entered_message(result: ResultEntry, *, before: set[int]) -> str:
    """What entering said; `before`: the provisional entries there were. Entering one of
    them again, where that does not confirm it (one's partner's, one's own), stores
    nothing new, and the message says whose it is."""
    if result.status == ResultEntry.Status.CONFIRMED:
        return _("The result is saved and confirmed.")
    if result.pk in before:
        return _(
            "%(name)s already entered this result: it waits for a confirmation, nothing "
            "was saved again."
        ) % {"name": result.entered_by_name}
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


#: static/troef/resend.js sends a kept entry with ASK_HEADER and is answered a redirect
#: as ANSWER_HEADER: it then goes there itself, where the messages wait, instead of
#: sending the entry a second time as a form to follow the redirect.
ASK_HEADER = "X-Troef-Resend"
ANSWER_HEADER = "X-Troef-Location"


def _redirect_as_header(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A redirect answering resend.js's POST becomes a 204 that names where to go
    (ANSWER_HEADER). Outside @idempotent, so a repeat of the POST is answered the same
    way from the stored redirect; anything else (a page, a refusal) is answered as is."""

    @wraps(view)
    def wrapped(request, *args, **kwargs) -> HttpResponse:
        response = view(request, *args, **kwargs)
        asked = request.method == "POST" and request.headers.get(ASK_HEADER) == "1"
        if asked and 300 <= response.status_code < 400 and response.has_header("Location"):
            answer = HttpResponse(status=204)
            answer[ANSWER_HEADER] = response["Location"]
            answer["Cache-Control"] = "no-store"
            for name, cookie in response.cookies.items():
                answer.cookies[name] = cookie
            return answer
        return response

    return wrapped


# --- the director's pages ----------------------------------------------------------------


def _club_round(club: Club, pk: int, number: int) -> Round:
    return get_object_or_404(
        Round.objects.select_related("tournament__club"),
        tournament__club=club,
        tournament_id=pk,
        number=number,
    )


@director_required
@require_safe
def round_results(request, club, pk: int, number: int):
    round_ = _club_round(club, pk, number)
    return render(
        request,
        "scoring/results/round.html",
        {
            "club": club,
            "tournament": round_.tournament,
            "round": round_,
            "tables": round_tables_seen_by(request, round_, director=True),
        },
    )


@player_required
@never_cache
@require_safe
def round_results_live(request, club, pk: int, number: int):
    """The round's results list alone, which the round page and the results page fetch
    every few seconds (htmx) to keep up. Whoever may open the round page may read it; a
    director gets their links. Not in the page cache (scoring.pagecache): what it shows
    depends on who looks (whether they may confirm), and it is three queries anyway."""
    round_ = _club_round(club, pk, number)
    director = request.club_role >= Role.Level.DIRECTOR
    return render(
        request,
        "scoring/_round_results.html",
        {
            "round": round_,
            "tables": round_tables_seen_by(request, round_, director=director),
            "director": director,
        },
    )


@_redirect_as_header
@director_required
@require_http_methods(["GET", "POST"])
@idempotent  # a POST sent again (the wifi dropped) gets the first answer
@_unless_gone
def table_result(request, club, pk: int):
    table = get_object_or_404(Table, pk=pk, round__tournament__club=club)
    here = reverse("scoring:table-result", kwargs={"club_slug": club.slug, "pk": table.pk})
    action = _action(request)
    if action == "renew":
        return _renew_link(request, table, here)
    # The director, from this browser (a session made when they post: who entered and
    # confirmed from one device is compared on it).
    actor = Actor.from_request(request, club, session=request.method == "POST")
    if action in DECISIONS:
        if action == "confirm":
            service = partial(services.result_confirm, actor=actor)
        else:
            service = partial(services.result_reject, actor=request.user)
        return _decision(request, table, here, action, service)
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
        return services.result_submit(table=table, data=form.entry(), version=version, actor=actor)

    refusals = _refusals(state, actor)
    return _entry_page(
        request,
        state,
        action=action,
        save=save,
        actor=actor,
        here=here,
        template="scoring/results/table.html",
        context={
            "club": club,
            "link": table_url(site_url(request), state.table),
            "open_rows": [(shown, refusals[shown.result.pk]) for shown in state.open],
            "same_device_minutes": services.SAME_DEVICE_MINUTES,
        },
    )


def _renew_link(request, table: Table, here: str) -> HttpResponse:
    """The director renews the table's link: the old QR code stops working."""
    try:
        services.table_link_renew(table=table, actor=request.user)
    except TableGoneError:
        raise
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(
            request,
            _("The table's link is renewed: the old QR code no longer works. Print a fresh card."),
        )
    return redirect(here)


def _refusals(state: TableState, actor: Actor) -> dict[int, str | None]:
    """Why `actor` cannot confirm each open entry (None: they may)."""
    seats = services.table_seats(state.table)
    return {
        shown.result.pk: services.may_confirm(actor, shown.result, table=state.table, seats=seats)
        for shown in state.open
    }


# --- the table's private link ------------------------------------------------------------


@_redirect_as_header
@require_http_methods(["GET", "POST"])
@idempotent
@_unless_gone
def table_link_page(request, token: str):
    """No login: whoever has the table's link says which of its players they are, then
    enters the result or confirms the one another player entered. The page is in one
    state for them (selectors.table_link_view) and says one thing."""
    found = table_token_parts(token)
    if found is None:
        raise Http404
    pk, link_version = found
    state = load_table(pk)
    club = state.tournament.club
    if link_version != state.table.link_version:
        # The director renewed the link: the old QR code stops here.
        link = table_link_view(state, renewed=True)
        return render(
            request,
            "scoring/results/renewed.html",
            {"club": club, "state": state, "link": link},
            status=410,
        )
    posted = request.method == "POST"
    entered_here = _entered_in_this_browser(request, state.table)
    # Who acts, as the pages and the services judge it: one phone cannot enter a result
    # as one player and confirm it as another.
    actor = Actor.from_request(
        request,
        club,
        code=request.POST.get("code", "") if posted else "",
        entered_here=tuple(entered_here),
        session=posted,
    )
    chooser = PlayerForm(
        request.POST if posted else (request.GET if "player" in request.GET else None),
        table=state.table,
    )
    player: Entry | None = chooser.cleaned_data["player"] if chooser.is_valid() else None
    if player is None and not posted and "choose" not in request.GET:
        player = _this_phones_player(state, actor)
    actor = actor.as_player(player)

    def seen(state: TableState) -> dict[str, Any]:
        """What the page shows of `state` to whoever holds the phone."""
        link = table_link_view(state, actor)
        need_code = None
        if player is not None and (link.can_enter or link.can_confirm):
            need_code = services.code_needed(state.table, actor)
        return {"state": state, "link": link, "need_code": need_code}

    context = {"club": club, "chooser": chooser, "player": player}
    if player is None:
        return render(request, "scoring/results/link.html", {**context, **seen(state)})
    here = f"{request.path}?player={player.pk}"
    action = _action(request)
    if action == "confirm":
        confirm = partial(services.result_confirm, actor=actor)
        return _decision(request, state.table, here, action, confirm)

    def save(form: ResultForm, version: int) -> ResultEntry:
        result = services.result_submit(
            table=state.table, data=form.entry(), version=version, actor=actor
        )
        if result.entered_by_entry_id == player.pk and result.pk not in entered_here:
            entered_here.append(result.pk)  # a new entry of theirs, not one already there
            request.session[_entered_key(state.table)] = entered_here
        return result

    return _entry_page(
        request,
        state,
        action=action,
        save=save,
        actor=actor,
        here=here,
        template="scoring/results/link.html",
        context=context,
        seen=seen,
    )


def _this_phones_player(state: TableState, actor: Actor) -> Entry | None:
    """The player this phone already is (its login, its personal QR code, what it did
    before) when they sit at this table: the page opens as them."""
    known = services.phone_players(state.tournament, actor)
    seated = [seat.entry for seat in state.table.seats.select_related("entry__member")]
    mine = [entry for entry in seated if entry.pk in known]
    return mine[0] if len(mine) == 1 else None


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
    """What a POST asks for: enter (the default), more (rows), draft (save the rows so
    far), confirm, reject; else "show" (a GET)."""
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
    actor: Actor,
    here: str,
    template: str,
    context: dict[str, Any],
    seen: Callable[[TableState], dict[str, Any]] | None = None,
) -> HttpResponse:
    """The result form: shown, grown by more rows, saved through `save`, or its rows
    kept so far during the game by `actor` (action "draft", not a result). A refusal
    shows the page again with what is there now and the input kept in the form. `seen`:
    what the page shows of a table state (it may change with a refusal)."""
    if action not in ("show", "enter", "more", "draft"):
        return _bad_form()
    form = _form(state, request, more=action == "more")
    if action == "draft" and (form.mode != "detailed" or _posted_int(request, "draft") is None):
        return _bad_form()
    if action in ("enter", "draft") and form.is_valid():
        version = _posted_int(request, "version")
        if version is None:
            return _bad_form()
        if action == "draft":
            keep = partial(
                services.result_draft_save,
                table=state.table,
                data=form.entry(),
                version=version,
                draft_version=_posted_int(request, "draft"),
                actor=actor,
            )
            if _save(form, keep) is not None:
                messages.success(
                    request,
                    _(
                        "The rows so far are saved. They are not a result yet: when the "
                        "game is over, save the result."
                    ),
                )
                return redirect(here)
        else:
            before = {r.pk for r in state.results if r.status == ResultEntry.Status.PROVISIONAL}
            saved = _save(form, partial(save, form, version))
            if saved is not None:
                messages.success(request, _entered_message(saved, before=before))
                return redirect(here)
        state = load_table(state.table.pk)
    shown = seen(state) if seen is not None else {"state": state}
    context = {**context, **shown, "form": form, "correcting": state.confirmed is not None}
    return render(request, template, context)


urlpatterns = [
    path(
        "c/<slug:club_slug>/tournaments/<int:pk>/rounds/<int:number>/results/",
        round_results,
        name="round-results",
    ),
    path(
        "c/<slug:club_slug>/tournaments/<int:pk>/rounds/<int:number>/results/live/",
        round_results_live,
        name="round-results-live",
    ),
    path("c/<slug:club_slug>/tables/<int:pk>/", table_result, name="table-result"),
    path("t/<str:token>/", table_link_page, name="table-link"),
]
