"""The words of a club's log (clubs.tables.ActionLogTable and the log's action filter):
what each logged action, each key of its data and some coded values read as.

Each app owns the words of what it logs: it registers them when it loads, from its
AppConfig.ready, with :func:`register`. Clubs holds its own here, and, until the evening's
flow has its one owner (issue 40's evenings step), the tournaments' too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from .models import Club, Member, Role

#: action code -> what it reads as ("result.confirmed" -> "result confirmed").
ACTION_LABELS: dict[str, object] = {
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
}
#: a key of an entry's data -> its label.
DATA_LABELS: dict[str, object] = {
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
}
#: a key of an entry's data -> its coded values in words. A key whose value is a list of
#: codes (or codes separated by commas, like same_device) has each code read.
VALUE_LABELS: dict[str, Mapping] = {
    "level": dict(Role.Level.choices),
    "previous_level": dict(Role.Level.choices),
}
#: Keys of internal ids: the log says who and what by name.
HIDDEN_DATA: set[str] = {"member"}

#: Who registered which word: (kind, key) -> app label.
_owners: dict[tuple[str, str], str] = {
    **{("action", key): "clubs" for key in ACTION_LABELS},
    **{("data", key): "clubs" for key in DATA_LABELS},
    **{("value", key): "clubs" for key in VALUE_LABELS},
    **{("hidden", key): "clubs" for key in HIDDEN_DATA},
}


def owner(kind: str, key: str) -> str | None:
    """The app that registered word `key` of `kind` (action, data, value, hidden)."""
    return _owners.get((kind, key))


def register(
    app: str,
    *,
    actions: Mapping[str, object] = {},
    data: Mapping[str, object] = {},
    values: Mapping[str, Mapping] = {},
    hidden: Iterable[str] = (),
) -> None:
    """Add the words of app `app`'s log entries. A word another app registered already is
    a mistake (two owners), refused at start-up; the same app registering again (its
    ready run twice) is not."""
    hidden = tuple(hidden)
    words = [
        (kind, key)
        for kind, keys in (
            ("action", actions),
            ("data", data),
            ("value", values),
            ("hidden", hidden),
        )
        for key in keys
    ]
    for kind, key in words:
        owner = _owners.get((kind, key), app)
        if owner != app:
            raise ImproperlyConfigured(
                f"the log's {kind} label {key!r} is {owner}'s; {app} registers it too"
            )
    _owners.update(dict.fromkeys(words, app))
    ACTION_LABELS.update(actions)
    DATA_LABELS.update(data)
    VALUE_LABELS.update(values)
    HIDDEN_DATA.update(hidden)


# --- the tournaments' words, until the evenings step of issue 40 gives them their owner ------

register(
    "tournaments",
    actions={
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
    },
    data={
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
        "best_of": _("best evenings counted"),
        "min_attendance": _("minimum attendance"),
        "previous_season_weight": _("weight of the previous season"),
        "left": _("time left"),
        "minutes": _("minutes"),
        "round_minutes": _("round clock (minutes per round)"),
        "bulk": _("checked in with"),
        "from_teams": _("teams before"),
        "drawn": _("drawn by lot"),
    },
    values={
        "bulk": {
            "last_evening": _("everyone of the last evening"),
            "all_members": _("all active members"),
        },
    },
    hidden=("tournament", "entry", "team", "season", "entries"),
)
