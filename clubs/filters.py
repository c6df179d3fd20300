from __future__ import annotations

import django_filters
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .models import ActionLog, Member


class WordSearchFilterSet(django_filters.FilterSet):
    """A search box (`q`): every word must be in one of `search_fields` (icontains), at
    most `max_words` words (None: all)."""

    q = django_filters.CharFilter(method="search", label=_("Search"))
    search_fields: tuple[str, ...] = ()
    max_words: int | None = None

    def search(self, queryset, _name, value):
        for word in value.split()[: self.max_words]:
            match = Q()
            for field in self.search_fields:
                match |= Q(**{f"{field}__icontains": word})
            queryset = queryset.filter(match)
        return queryset


class MemberFilter(WordSearchFilterSet):
    search_fields = ("name", "membership_number", "email", "phone")
    active = django_filters.ChoiceFilter(
        choices=[("1", _("active")), ("0", _("inactive"))],
        empty_label=_("active and inactive"),
        method="by_active",
        label=_("Status"),
    )

    class Meta:
        model = Member
        fields: list[str] = []

    def by_active(self, queryset, _name, value):
        return queryset.filter(active=value == "1")


class ActionLogFilter(WordSearchFilterSet):
    search_fields = ("actor_name", "search_text")
    action = django_filters.ChoiceFilter(
        choices=[], empty_label=_("all actions"), label=_("Action")
    )

    class Meta:
        model = ActionLog
        fields: list[str] = []

    def __init__(self, *args, **kwargs):
        from .tables import ACTION_LABELS  # noqa: PLC0415 - tables imports this module

        super().__init__(*args, **kwargs)
        self.filters["action"].extra["choices"] = list(ACTION_LABELS.items())
