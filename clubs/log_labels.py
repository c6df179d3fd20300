"""The words of a club's log (clubs.tables.ActionLogTable and the log's action filter):
what each logged action, each key of its data and some coded values read as.

Each app owns the words of what it logs: it registers them when it loads, from its
AppConfig.ready, with :func:`register`. Clubs holds its own here.
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
#: The actions of the club's evenings (seasons, tournaments, check-in, the draw, results,
#: table links, disputes, printing): a director reads these in the log. The club's own
#: (members, roles, logins) are for its admins; each app says which of its are evenings'.
EVENING_ACTIONS: set[str] = set()

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
    evening: bool = False,
) -> None:
    """Add the words of app `app`'s log entries. A word another app registered already is
    a mistake (two owners), refused at start-up; the same app registering again (its
    ready run twice) is not. `evening`: the actions happen at the club's evenings, so a
    director reads them in the log (EVENING_ACTIONS)."""
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
    if evening:
        EVENING_ACTIONS.update(actions)
