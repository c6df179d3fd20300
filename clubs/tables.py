from __future__ import annotations

import json

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from .importing import display_value
from .log_labels import ACTION_LABELS, DATA_LABELS, HIDDEN_DATA, VALUE_LABELS
from .models import ActionLog, Member, Role


def _describe(key: str, value) -> str:
    """A log entry's value the way a club admin reads it."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return display_value(value)
    labels = VALUE_LABELS.get(key, {})
    if isinstance(value, str | int) and value in labels:
        return str(labels[value])
    if key == "changes" and isinstance(value, dict):
        return "; ".join(
            f"{DATA_LABELS.get(field, field)}: {_describe(field, old)} → {_describe(field, new)}"
            for field, (old, new) in value.items()
        )
    if isinstance(value, list) or key == "same_device":
        return _describe_list(key, value)
    return str(value)


def _describe_list(key: str, value: list | str) -> str:
    if key == "same_device":  # "session,address", or "" when nothing looked alike
        labels = VALUE_LABELS.get(key, {})
        signs = [str(labels.get(sign, sign)) for sign in str(value).split(",") if sign]
        return ", ".join(signs) or str(_("no"))
    if key == "members":  # an import: membership numbers
        return ", ".join(str(item.get("membership_number", "?")) for item in value)
    if key == "tables":  # a draw: the players of each table
        return " | ".join(", ".join(str(name) for name in table) for table in value)
    return ", ".join(_describe(key, item) for item in value)


class CardTable(tables.Table):
    """A table that becomes a stack of cards on a phone (static/troef/troef.css,
    ``table.cards``): each cell carries its column's header as ``data-label``, which the
    card shows beside the value."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.attrs = {**self.attrs, "class": f"{self.attrs.get('class', '')} cards".strip()}
        for bound in self.columns.iterall():  # columns are this table's own copies
            attrs = bound.column.attrs
            # "td" replaces "cell" for the cells: start from it so nothing of it is lost
            td = attrs.setdefault("td", dict(attrs.get("cell", {})))
            td.setdefault("data-label", capfirst(str(bound.header)))


class MemberTable(CardTable):
    name = tables.Column(verbose_name=_("name"))
    membership_number = tables.Column(verbose_name=_("membership number"))
    email = tables.EmailColumn(verbose_name=_("email"))
    phone = tables.Column(verbose_name=_("phone"))
    active = tables.BooleanColumn(verbose_name=_("active"), yesno=(_("yes"), _("no")))
    has_login = tables.BooleanColumn(
        verbose_name=_("login"),
        accessor="user_id",
        yesno=(_("yes"), _("no")),
        order_by=("user_id",),
    )
    actions = tables.Column(
        verbose_name="", empty_values=(), orderable=False, exclude_from_export=True
    )

    class Meta:
        model = Member
        fields = ("name", "membership_number", "email", "phone", "active", "has_login")
        order_by = ("name",)
        row_attrs = {"class": lambda record: "" if record.active else "inactive"}

    def __init__(self, *args, can_edit: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.can_edit = can_edit
        if not can_edit:
            self.columns.hide("actions")

    def render_actions(self, record):
        url = reverse("clubs:member-edit", kwargs={"club_slug": record.club.slug, "pk": record.pk})
        return format_html('<a href="{}">{}</a>', url, _("edit"))

    def value_has_login(self, record):
        return "1" if record.user_id else "0"

    def value_active(self, record):
        return "1" if record.active else "0"


class RoleTable(CardTable):
    user = tables.Column(verbose_name=_("user name"), accessor="user__username")
    member = tables.Column(verbose_name=_("member"), empty_values=(), orderable=False)
    level = tables.Column(verbose_name=_("role"))
    granted_at = tables.DateTimeColumn(verbose_name=_("since"), format="SHORT_DATE_FORMAT")
    revoke = tables.Column(verbose_name="", empty_values=(), orderable=False)

    class Meta:
        model = Role
        fields = ("user", "member", "level", "granted_at")
        order_by = ("-level", "user")

    def __init__(self, *args, members_by_user: dict, **kwargs):
        super().__init__(*args, **kwargs)
        self.members_by_user = members_by_user

    def render_member(self, record):
        return self.members_by_user.get(record.user_id, "—")

    def render_revoke(self, record):
        kwargs = {"club_slug": record.club.slug, "pk": record.pk}
        return format_html(
            '<a href="{}">{}</a> · <a href="{}">{}</a>',
            reverse("clubs:role-password", kwargs=kwargs),
            _("new password"),
            reverse("clubs:role-revoke", kwargs=kwargs),
            _("revoke"),
        )


class ActionLogTable(CardTable):
    created_at = tables.DateTimeColumn(verbose_name=_("when"), format="SHORT_DATETIME_FORMAT")
    actor_name = tables.Column(verbose_name=_("by"))
    action = tables.Column(verbose_name=_("action"))
    data = tables.Column(verbose_name=_("data"), orderable=False)

    class Meta:
        model = ActionLog
        fields = ("created_at", "actor_name", "action", "data")
        order_by = ("-created_at",)

    def render_action(self, value):
        return ACTION_LABELS.get(value, value)

    def render_actor_name(self, record, value):
        return value if record.actor_id or value != "system" else _("system")

    def render_data(self, value):
        return format_html_join(
            " · ",
            "<span>{}: <code>{}</code></span>",
            (
                (DATA_LABELS.get(key, key), _describe(key, item))
                for key, item in value.items()
                if key not in HIDDEN_DATA
            ),
        )

    def value_data(self, value):
        return json.dumps(value, ensure_ascii=False, sort_keys=True)

    def value_action(self, value):
        return value
