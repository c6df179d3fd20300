"""The rating lists as django-tables2 tables (sortable, exported as CSV/XLSX)."""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from clubs.tables import CardTable

from .models import Rating


class RatingTable(CardTable):
    position = tables.Column(_("position"), orderable=False)  # annotated by the selectors
    name = tables.Column(_("name"), accessor="member__name", order_by=("member__name",))
    shown = tables.Column(_("rating"), attrs={"td": {"class": "number"}})
    games = tables.Column(_("games"), attrs={"td": {"class": "number"}})
    # The word says what it is: on a phone's card it stands alone, not beside a label
    # that says it again ("Voorlopig voorlopig").
    provisional = tables.Column(
        _("provisional"), empty_values=(), orderable=False, attrs={"td": {"data-label": ""}}
    )

    class Meta:
        model = Rating
        fields = ("position", "name", "shown", "games", "provisional")
        order_by = ("-shown",)
        attrs = {"class": "standings"}

    def __init__(self, *args, link: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        self.link = link

    def render_name(self, record, value):
        if not self.link:
            return value
        url = reverse(
            "scoring:player-detail",
            kwargs={"club_slug": record.member.club.slug, "pk": record.member_id},
        )
        return format_html('<a href="{}">{}</a>', url, value)

    def value_name(self, record, value):
        return value

    def render_provisional(self, record):
        return _("provisional") if record.provisional else ""

    def value_provisional(self, record):
        return "1" if record.provisional else ""


class SiteRatingTable(RatingTable):
    club = tables.Column(_("club"), accessor="member__club__name", order_by=("member__club__name",))

    class Meta(RatingTable.Meta):
        fields = ("position", "name", "club", "shown", "games", "provisional")
        sequence = ("position", "name", "club", "shown", "games", "provisional")
