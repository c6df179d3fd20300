"""The dispute checker: a form per game and check, the verdict with the rule's text, and
saving a dispute with the director's ruling to a tournament and table.

Directors only. Every game's forms come from its own package (``games.<game>.checker``,
found through the registry by :mod:`disputes.checker`): no game is named here.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_safe

from clubs.access import director_required
from games import registry

from . import checker as checkers
from . import selectors, services
from .checker.base import CheckerForm, make_form
from .checker.verdict import show_verdict
from .models import RULING_LENGTH


class SaveForm(forms.Form):
    """Where the dispute happened and what the director ruled."""

    ruling = forms.CharField(
        label=gettext_lazy("your ruling"),
        max_length=RULING_LENGTH,
        widget=forms.Textarea(attrs={"rows": 3}),
        error_messages={"required": gettext_lazy("Write down your ruling.")},
    )
    tournament = forms.ModelChoiceField(
        label=gettext_lazy("tournament"), queryset=None, required=False
    )
    round = forms.IntegerField(
        label=gettext_lazy("round"), min_value=1, max_value=999, required=False
    )
    table = forms.IntegerField(
        label=gettext_lazy("table"), min_value=1, max_value=999, required=False
    )

    def __init__(self, *args: Any, club, game: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # only the evenings of the dispute's game: a dispute of one game has no place in
        # another game's evening report (the service refuses it too)
        self.fields["tournament"].queryset = selectors.club_tournaments(club).filter(game=game)
        self.table_found = None

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        tournament, round_number, number = (
            data.get("tournament"),
            data.get("round"),
            data.get("table"),
        )
        if number is not None or round_number is not None:
            if tournament is None:
                self.add_error("tournament", _("Choose the tournament of the table."))
            elif number is None or round_number is None:
                self.add_error("table", _("Give both the round and the table number."))
            else:
                self.table_found = selectors.find_table(tournament, round_number, number)
                if self.table_found is None:
                    self.add_error(
                        "table",
                        _("%(tournament)s has no table %(table)s in round %(round)s.")
                        % {"tournament": tournament.name, "table": number, "round": round_number},
                    )
        return data


def _checker_or_404(game: str, check: str):
    found = checkers.checker(game, check)
    if found is None:
        raise Http404
    return found


@director_required
@require_safe
def checker_index(request, club):
    return render(
        request,
        "disputes/checker/index.html",
        {"club": club, "games": checkers.games(), "disputes": selectors.recent_disputes(club)},
    )


@director_required
@require_http_methods(["GET", "POST"])
def checker_page(request, club, game: str, check: str) -> HttpResponse:
    form_spec = _checker_or_404(game, check)
    posted = request.method == "POST"
    if posted:
        form = make_form(form_spec, request.POST)
    elif "example" in request.GET:
        form = make_form(form_spec, initial=dict(form_spec.example))
    else:
        form = make_form(form_spec)
    save_form = SaveForm(
        request.POST if posted and "save" in request.POST else None, club=club, game=game
    )
    verdict = form.judge() if posted else None
    refused = posted and verdict is None
    if verdict is not None and save_form.is_bound:
        saved = _save(request, club, form, save_form)
        if saved is not None:
            messages.success(request, _("The dispute is saved."))
            return redirect("disputes:dispute-detail", club_slug=club.slug, pk=saved.pk)
        refused = True
    return render(
        request,
        "disputes/checker/check.html",
        {
            "club": club,
            "game": game,
            "game_title": registry.get(game).title,
            "spec": form_spec,
            "checks": checkers.checks(game),
            "form": form,
            "save_form": save_form,
            "shown": (
                show_verdict(verdict, form.case, form_spec, judged=form.judged)
                if verdict is not None
                else None
            ),
            "picker_ranks": " ".join(form_spec.picker_ranks),
        },
        status=400 if refused else 200,
    )


def _save(request, club, form: CheckerForm, save_form: SaveForm):
    if not save_form.is_valid():
        return None
    data = save_form.cleaned_data
    try:
        return services.dispute_save(
            club=club,
            user=request.user,
            case=form.case,
            verdict=form.verdict,
            ruling=data["ruling"],
            tournament=data.get("tournament"),
            table=save_form.table_found,
        )
    except ValidationError as error:
        for field, problems in error.message_dict.items():
            save_form.add_error(field if field in save_form.fields else None, problems)
    return None


@director_required
@require_safe
def dispute_detail(request, club, pk: int) -> HttpResponse:
    dispute = selectors.club_dispute(club, pk)
    if dispute is None:
        raise Http404
    spec = checkers.checker(dispute.game, dispute.check_name)
    return render(
        request,
        "disputes/checker/saved.html",
        {
            "club": club,
            "dispute": dispute,
            "spec": spec,
            "game_title": dispute.game_title,
            "shown": show_verdict(dispute.verdict, dispute.case, spec),
        },
    )


C = "c/<slug:club_slug>/disputes/"

urlpatterns = [
    path(C, checker_index, name="dispute-index"),
    path(C + "saved/<int:pk>/", dispute_detail, name="dispute-detail"),
    path(C + "<slug:game>/<slug:check>/", checker_page, name="dispute-check"),
]
