"""Result entry pages: a round's tables for the director, one table's result (enter,
confirm, set aside, correct, history), and the table's private link for its players.

Views stay thin: every change is a call to scoring.services; the form is built from the
game's layout (scoring.forms), so no game is named here.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial, wraps
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db.models import Prefetch
from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from clubs.access import director_required
from games import registry
from games.results import Layout
from tournaments.models import Entry, Round, Seat, Table, Tournament

from .. import services
from ..forms import PlayerForm, ResultForm
from ..links import table_from_token, table_link
from ..models import ResultEntry
from ..services import ResultInvalidError, TableGoneError

Status = ResultEntry.Status

#: A table's result status as the pages show it.
STATUS_LABELS = {
    "none": gettext_lazy("no result yet"),
    "provisional": gettext_lazy("provisional"),
    "disputed": gettext_lazy("disputed"),
    "confirmed": gettext_lazy("confirmed"),
}


# --- reading a table -------------------------------------------------------------------


def side_names(seats: Iterable[Seat]) -> list[str]:
    """One name per side in side order: the player, or the partners joined by '&'."""
    by_side: dict[int, list[str]] = defaultdict(list)
    for seat in sorted(seats, key=lambda seat: seat.position):
        by_side[seat.side].append(seat.entry.name)
    return [" & ".join(by_side[side]) for side in sorted(by_side)]


def table_status(results: Iterable[ResultEntry]) -> str:
    """none / provisional / disputed / confirmed, from the table's entries."""
    statuses = [(result.status, result.disputed) for result in results]
    if any(status == Status.CONFIRMED for status, _disputed in statuses):
        return "confirmed"
    open_ = [disputed for status, disputed in statuses if status == Status.PROVISIONAL]
    if any(open_):
        return "disputed"
    return "provisional" if open_ else "none"


def game_layout(tournament: Tournament) -> Layout:
    """The game's result form for this tournament's options (stored cleaned by
    tournament_create; the defaults stand in for any it lacks)."""
    spec = registry.get(tournament.game)
    options = {option.name: option.default for option in spec.options} | tournament.options
    return spec.results.layout.for_options(options)


def entry_mode(tournament: Tournament, layout: Layout) -> str:
    """How this tournament's results are entered: the director's choice, when the game
    offers it."""
    return tournament.entering if tournament.entering in layout.modes else layout.modes[0]


@dataclass
class Shown:
    """A recorded entry as the page shows it: each side's score and rank, and what was
    entered, as a small table (a row per deal or round, or the one summary line)."""

    result: ResultEntry
    scores: list[tuple[str, int, int]]
    columns: list[str]
    lines: list[tuple[str, list[str]]]


def show_entry(result: ResultEntry, layout: Layout, names: Sequence[str]) -> Shown:
    """`result` read with the game's layout of the mode it was entered in (a correction
    may be entered another way than the entry it replaces)."""
    data = result.data
    detailed = data.get("mode") == "detailed"
    fields = layout.row_fields if detailed else layout.summary_fields
    per_side = [spec for spec in fields if spec.per_side]
    own = [spec for spec in fields if not spec.per_side]
    several = len(per_side) > 1
    columns = [
        f"{name}: {_(spec.label)}" if several else name for name in names for spec in per_side
    ]
    columns += [_(spec.label) for spec in own]

    def cells(values: Mapping[str, Any]) -> list[str]:
        sides = values.get("sides", [])
        out = [_text(spec.kind, side.get(spec.name), names) for side in sides for spec in per_side]
        return out + [_text(spec.kind, values.get(spec.name), names) for spec in own]

    if detailed:
        label = _(layout.row_label)
        lines = [(f"{label} {i + 1}", cells(row)) for i, row in enumerate(data.get("rows", []))]
    else:
        lines = [("", cells(data))]
    scores = [
        (names[side["side"]], side["score"], side["rank"]) for side in result.outcome["sides"]
    ]
    return Shown(result, scores, columns, lines)


def _text(kind: str, value: Any, names: Sequence[str]) -> str:
    if value is None:
        return "\N{EN DASH}"
    if kind == "bool":
        return "✓" if value else ""
    if kind == "side" and isinstance(value, int) and 0 <= value < len(names):
        return names[value]
    return str(value)


@dataclass
class TableState:
    """Everything a table's page shows: who sits where, and every entry ever made."""

    table: Table
    tournament: Tournament
    names: list[str]
    layout: Layout
    results: list[ResultEntry]

    @property
    def score_label(self) -> str:
        return _(registry.get(self.tournament.game).results.score_label)

    @property
    def status(self) -> str:
        return table_status(self.results)

    @property
    def status_label(self) -> str:
        return STATUS_LABELS[self.status]

    @property
    def confirmed(self) -> ResultEntry | None:
        return next((r for r in self.results if r.status == Status.CONFIRMED), None)

    @property
    def open(self) -> list[Shown]:
        """The provisional entries, oldest first: two of them side by side are a dispute."""
        pending = [r for r in reversed(self.results) if r.status == Status.PROVISIONAL]
        return [show_entry(r, self.layout, self.names) for r in pending]

    @property
    def current(self) -> Shown | None:
        confirmed = self.confirmed
        return None if confirmed is None else show_entry(confirmed, self.layout, self.names)

    @property
    def history(self) -> list[Shown]:
        return [show_entry(r, self.layout, self.names) for r in self.results]

    @property
    def finished(self) -> bool:
        return self.tournament.status == Tournament.Status.FINISHED


def load_table(pk: int) -> TableState:
    """The table with its seats and entries, fresh from the database (after a conflict,
    what is there now)."""
    table = Table.objects.select_related("round__tournament__club").get(pk=pk)
    seats = Seat.objects.filter(table=table).select_related("entry__member")
    results = list(ResultEntry.objects.filter(table=table).order_by("-created_at", "-id"))
    tournament = table.round.tournament
    return TableState(table, tournament, side_names(seats), game_layout(tournament), results)


@dataclass
class TableRow:
    """A line of a round's results list (templates/scoring/_round_results.html)."""

    table: Table
    names: list[str]
    status: str
    status_label: str
    current: ResultEntry | None
    link: str


def round_tables(round_: Round) -> list[TableRow]:
    """Every table of `round_` with its players and result status, in three queries
    whatever the number of tables. The round page includes the list with these rows."""
    tables = round_.tables.order_by("number").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("entry__member")),
        Prefetch(
            "results",
            queryset=ResultEntry.objects.filter(
                status__in=[Status.PROVISIONAL, Status.CONFIRMED]
            ).order_by("-created_at", "-id"),
        ),
    )
    rows = []
    for table in tables:
        results = list(table.results.all())
        status = table_status(results)
        confirmed = [r for r in results if r.status == Status.CONFIRMED]
        rows.append(
            TableRow(
                table=table,
                names=side_names(table.seats.all()),
                status=status,
                status_label=STATUS_LABELS[status],
                current=(confirmed or results or [None])[0],
                link=table_link(table.pk),
            )
        )
    return rows


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
        request.POST if request.method == "POST" else None,
        layout=state.layout,
        mode=entry_mode(state.tournament, state.layout),
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
    if result.status == Status.CONFIRMED:
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
    if action == "confirm":
        confirm = partial(services.result_confirm, by_entry=player)
        return _decision(request, state.table, here, action, confirm)

    def save(form: ResultForm, version: int) -> ResultEntry:
        return services.result_submit(
            table=state.table, data=form.entry(), version=version, by_entry=player
        )

    context["mine"] = {
        r.pk
        for r in state.results
        if r.status == Status.PROVISIONAL and r.entered_by_entry_id == player.pk
    }
    return _entry_page(
        request,
        state,
        action=action,
        save=save,
        here=here,
        template="scoring/results/link.html",
        context=context,
    )


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
