from __future__ import annotations

import json

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from .importing import display_value
from .models import ActionLog, Club, Member, Role

ACTION_LABELS = {
    "club.created": _("club created"),
    "club.changed": _("club changed"),
    "member.added": _("member added"),
    "member.changed": _("member changed"),
    "member.deactivated": _("member deactivated"),
    "member.reactivated": _("member reactivated"),
    "members.imported": _("members imported"),
    "role.granted": _("role granted"),
    "role.revoked": _("role revoked"),
    "login.password_set": _("password set"),
    "season.created": _("season created"),
    "season.changed": _("season changed"),
    "tournament.created": _("tournament created"),
    "tournament.changed": _("tournament changed"),
    "tournament.finished": _("tournament finished"),
    "tournament.reopened": _("tournament opened again"),
    "entry.added": _("player registered"),
    "entry.status": _("check-in changed"),
    "team.created": _("team made"),
    "team.deleted": _("team split"),
    "team.swapped": _("players swapped between teams"),
    "round.drawn": _("round drawn"),
    "round.undrawn": _("draw taken back"),
    "round.started": _("round started"),
    "seats.swapped": _("seats swapped"),
    "clock.started": _("round clock started"),
    "clock.paused": _("round clock paused"),
    "clock.resumed": _("round clock resumed"),
    "clock.extended": _("minutes added to the round clock"),
    "result.entered": _("result entered"),
    "result.confirmed": _("result confirmed"),
    "result.corrected": _("result corrected"),
    "result.rejected": _("result set aside"),
    "dispute.saved": _("dispute saved"),
    "print.requested": _("print pack requested"),
    "table.link_renewed": _("table link renewed"),
    "player.code_renewed": _("personal code renewed"),
    "club.exported": _("club history exported"),
}


DATA_LABELS = {
    **{
        field: Member._meta.get_field(field).verbose_name
        for field in ("name", "membership_number", "email", "phone", "active")
    },
    **{
        field: Club._meta.get_field(field).verbose_name
        for field in ("town", "slug", "language", "standings_public")
    },
    "user": _("user name"),
    "level": _("role"),
    "previous_level": _("previous role"),
    "login_created": _("login created"),
    "changes": _("changes"),
    "added": _("added"),
    "updated": _("changed"),
    "members": _("members"),
    "source": _("source"),
    "evening": _("evening"),
    "game": _("game"),
    "date": _("date"),
    "guest": _("guest"),
    "present": _("present"),
    "status": _("status"),
    "players": _("players"),
    "round": _("round"),
    "seed": _("draw seed"),
    "tables": _("tables"),
    "byes": _("byes"),
    "second_bye": _("second bye"),
    "repeats": _("repeat tablemates"),
    "table": _("table"),
    "by": _("by"),
    "scores": _("scores"),
    "before": _("before"),
    "disputed": _("disputed"),
    "via": _("entered"),
    "note": _("note"),
    "best_of": _("best evenings counted"),
    "min_attendance": _("minimum attendance"),
    "previous_season_weight": _("weight of the previous season"),
    "check": _("check"),
    "legal": _("legal"),
    "rules": _("rules"),
    "ruling": _("ruling"),
    "pack": _("pack"),
    "same_device": _("looks like one device"),
    "left": _("time left"),
    "minutes": _("minutes"),
    "round_minutes": _("round clock (minutes per round)"),
    "bulk": _("checked in with"),
    "from_teams": _("teams before"),
    "drawn": _("drawn by lot"),
}
# Coded values shown in words (the result's way in: scoring.models.ResultEntry.Via).
VALUE_LABELS = {
    "via": {"director": _("by a director"), "table": _("at the table")},
    "level": dict(Role.Level.choices),
    "previous_level": dict(Role.Level.choices),
    "pack": {"round": _("one round"), "tournament": _("whole tournament")},
    "bulk": {
        "last_evening": _("everyone of the last evening"),
        "all_members": _("all active members"),
    },
}
# Why an entry and its confirmation look like one device's (scoring.models.DEVICE_SIGNS):
# comma separated, empty when they do not.
DEVICE_SIGNS = {
    "session": _("the same browser session"),
    "phone": _("the same linked phone"),
    "address": _("the same network address and browser"),
    # At the venue (settings.VENUE) every phone on its network has its own address.
    "venue_address": _("the same network address at the venue"),
}
# Internal ids: the log says who and what by name.
HIDDEN_DATA = {
    "member",
    "tournament",
    "entry",
    "team",
    "result",
    "season",
    "entries",
    "dispute",
    "job",
}


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
        signs = [str(DEVICE_SIGNS.get(sign, sign)) for sign in str(value).split(",") if sign]
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
        url = reverse("member-edit", kwargs={"club_slug": record.club.slug, "pk": record.pk})
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
            reverse("role-password", kwargs=kwargs),
            _("new password"),
            reverse("role-revoke", kwargs=kwargs),
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
