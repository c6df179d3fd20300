from __future__ import annotations

import django_filters
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .models import GAME_CHOICES, Entry, Season, Tournament


def _club_seasons(request):
    return Season.objects.filter(club=request.club).order_by("name")


class TournamentFilter(django_filters.FilterSet):
    q = django_filters.CharFilter(field_name="name", lookup_expr="icontains", label=_("Search"))
    game = django_filters.ChoiceFilter(
        choices=GAME_CHOICES, empty_label=_("all games"), label=_("Game")
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


class EntryFilter(django_filters.FilterSet):
    """The check-in page's search: a name (member or guest) and a status."""

    q = django_filters.CharFilter(method="search", label=_("Search"))
    status = django_filters.ChoiceFilter(
        choices=Entry.Status.choices, empty_label=_("everyone"), label=_("Status")
    )

    class Meta:
        model = Entry
        fields: list[str] = []

    def search(self, queryset, _name, value):
        for word in value.split():
            queryset = queryset.filter(
                Q(member__name__icontains=word) | Q(guest_name__icontains=word)
            )
        return queryset
