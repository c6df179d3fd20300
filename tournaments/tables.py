from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from clubs.tables import CardTable

from .models import Season, Tournament


class TournamentTable(CardTable):
    name = tables.Column(verbose_name=_("name"), linkify=True)
    date = tables.DateColumn(verbose_name=_("date"), format="SHORT_DATE_FORMAT")
    game = tables.Column(verbose_name=_("game"))
    kind = tables.Column(verbose_name=_("kind"))
    season = tables.Column(verbose_name=_("season"), order_by=("season__name",))
    status = tables.Column(verbose_name=_("status"))
    entry_count = tables.Column(verbose_name=_("players"))

    class Meta:
        model = Tournament
        fields = ("name", "date", "game", "kind", "season", "status", "entry_count")
        order_by = ("-date",)

    def value_date(self, value):
        return value.isoformat()


class SeasonTable(CardTable):
    name = tables.Column(verbose_name=_("name"), linkify=True)
    game = tables.Column(verbose_name=_("game"))
    best_of = tables.Column(verbose_name=_("best evenings counted"), default=_("all"))
    min_attendance = tables.Column(verbose_name=_("minimum attendance"))
    evening_count = tables.Column(verbose_name=_("evenings"))
    actions = tables.Column(
        verbose_name="", empty_values=(), orderable=False, exclude_from_export=True
    )

    class Meta:
        model = Season
        fields = ("name", "game", "best_of", "min_attendance", "evening_count")
        order_by = ("name",)

    def __init__(self, *args, can_edit: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if not can_edit:
            self.columns.hide("actions")

    def render_actions(self, record):
        url = reverse(
            "tournaments:season-edit", kwargs={"club_slug": record.club.slug, "pk": record.pk}
        )
        return format_html('<a href="{}">{}</a>', url, _("edit"))
