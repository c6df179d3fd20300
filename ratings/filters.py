"""The rating lists' search form."""

from __future__ import annotations

import django_filters
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .models import Rating


class RatingFilter(django_filters.FilterSet):
    q = django_filters.CharFilter(method="search", label=_("Search"))
    provisional = django_filters.ChoiceFilter(
        choices=[("0", _("established")), ("1", _("provisional"))],
        empty_label=_("established and provisional"),
        method="by_provisional",
        label=_("Rating"),
    )

    class Meta:
        model = Rating
        fields: list[str] = []

    def search(self, queryset, _name, value):
        for word in value.split()[:10]:
            queryset = queryset.filter(
                Q(member__name__icontains=word) | Q(member__club__name__icontains=word)
            )
        return queryset

    def by_provisional(self, queryset, _name, value):
        from .core import PROVISIONAL_GAMES  # noqa: PLC0415

        if value == "1":
            return queryset.filter(games__lt=PROVISIONAL_GAMES)
        return queryset.filter(games__gte=PROVISIONAL_GAMES)
