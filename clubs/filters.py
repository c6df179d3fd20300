from __future__ import annotations

import django_filters
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .models import ActionLog, Member


class MemberFilter(django_filters.FilterSet):
    q = django_filters.CharFilter(method="search", label=_("Search"))
    active = django_filters.ChoiceFilter(
        choices=[("1", _("active")), ("0", _("inactive"))],
        empty_label=_("active and inactive"),
        method="by_active",
        label=_("Status"),
    )

    class Meta:
        model = Member
        fields: list[str] = []

    def search(self, queryset, _name, value):
        for word in value.split():
            queryset = queryset.filter(
                Q(name__icontains=word)
                | Q(membership_number__icontains=word)
                | Q(email__icontains=word)
                | Q(phone__icontains=word)
            )
        return queryset

    def by_active(self, queryset, _name, value):
        return queryset.filter(active=value == "1")


class ActionLogFilter(django_filters.FilterSet):
    q = django_filters.CharFilter(method="search", label=_("Search"))
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

    def search(self, queryset, _name, value):
        for word in value.split():
            queryset = queryset.filter(
                Q(actor_name__icontains=word) | Q(search_text__icontains=word)
            )
        return queryset
