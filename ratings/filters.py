"""The rating lists' search form."""

from __future__ import annotations

import django_filters
from django.utils.translation import gettext_lazy as _

from clubs.filters import WordSearchFilterSet

from .core import PROVISIONAL_GAMES
from .models import Rating


class RatingFilter(WordSearchFilterSet):
    search_fields = ("member__name", "member__club__name")
    max_words = 10
    provisional = django_filters.ChoiceFilter(
        choices=[("0", _("established")), ("1", _("provisional"))],
        empty_label=_("established and provisional"),
        method="by_provisional",
        label=_("Rating"),
    )

    class Meta:
        model = Rating
        fields: list[str] = []

    def by_provisional(self, queryset, _name, value):
        if value == "1":
            return queryset.filter(games__lt=PROVISIONAL_GAMES)
        return queryset.filter(games__gte=PROVISIONAL_GAMES)
