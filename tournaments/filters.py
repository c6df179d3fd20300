from __future__ import annotations

import django_filters
from django.utils.translation import gettext_lazy as _

from games import registry

from .models import Season, Tournament


def _club_seasons(request):
    return Season.objects.filter(club=request.club).order_by("name")


class TournamentFilter(django_filters.FilterSet):
    q = django_filters.CharFilter(field_name="name", lookup_expr="icontains", label=_("Search"))
    game = django_filters.ChoiceFilter(
        choices=registry.choices, empty_label=_("all games"), label=_("Game")
    )
    status = django_filters.ChoiceFilter(
        choices=Tournament.Status.choices, empty_label=_("any status"), label=_("Status")
    )
    season = django_filters.ModelChoiceFilter(
        queryset=_club_seasons, empty_label=_("any season"), label=_("Season")
    )

    class Meta:
        model = Tournament
        fields: list[str] = []
