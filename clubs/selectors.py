"""Reads that build pages. Each runs a fixed number of queries."""

from __future__ import annotations

from functools import reduce
from operator import or_

from django.db.models import Q, QuerySet

from .log_labels import EVENING_ACTIONS
from .models import ActionLog, Club, Member, Role, SiteSetup

#: What the demo app (seed_demo) writes as the source of its clubs' "club.created" entry.
#: A site that holds only such clubs still offers the first start: try the demo first,
#: then start the club's own.
DEMO_SOURCE = "seed_demo"


def clubs_for_front_page() -> QuerySet[Club]:
    return Club.objects.order_by("name")


def own_clubs() -> QuerySet[Club]:
    """The clubs that are not demo clubs (see DEMO_SOURCE)."""
    demo = ActionLog.objects.filter(action="club.created", data__source=DEMO_SOURCE)
    return Club.objects.exclude(pk__in=demo.values("club_id"))


def setup_open() -> bool:
    """Is the first start still to be done: no club of the site's own yet, and set-up
    was never done? Once it was, it stays gone (clubs.first_start)."""
    if SiteSetup.objects.filter(done_at__isnull=False).exists():
        return False
    return not own_clubs().exists()


def setup_code_digest() -> str:
    """The digest of the set-up code the venue printed ('' when there is none)."""
    row = SiteSetup.objects.filter(pk=1).values_list("code_digest", flat=True).first()
    return row or ""


def roles_of_user(user) -> dict[int, int]:
    """club id -> role level, for the clubs the user has a role in."""
    if not user.is_authenticated:
        return {}
    return dict(Role.objects.filter(user=user).values_list("club_id", "level"))


def member_list(club: Club) -> QuerySet[Member]:
    return Member.objects.filter(club=club).select_related("club")


def member_of_user(club: Club, user) -> Member | None:
    if not user.is_authenticated:
        return None
    return Member.objects.filter(club=club, user=user).first()


def role_list(club: Club) -> tuple[QuerySet[Role], dict[int, str]]:
    roles = Role.objects.filter(club=club).select_related("user", "club")
    members = dict(
        Member.objects.filter(club=club, user__isnull=False).values_list("user_id", "name")
    )
    return roles, members


#: The club itself, its members, roles and logins: for the club's admins only, even
#: when such an entry would name a tournament.
ADMIN_ACTIONS = ("club.", "member.", "members.", "role.", "login.")


def is_evening_action(action: str) -> bool:
    """Whether a director reads `action` in the log: one of the evenings' (each app says
    which of its actions are, clubs.log_labels.EVENING_ACTIONS), never the club's own."""
    return action in EVENING_ACTIONS and not action.startswith(ADMIN_ACTIONS)


def action_log(club: Club, *, evenings_only: bool = False) -> QuerySet[ActionLog]:
    """The club's log: all of it for an admin; for a director (`evenings_only`) only
    what happened at the club's evenings."""
    found = ActionLog.objects.filter(club=club)
    if evenings_only:
        evening = Q(action__in=EVENING_ACTIONS)
        admin = reduce(or_, (Q(action__startswith=prefix) for prefix in ADMIN_ACTIONS))
        found = found.filter(evening | Q(data__has_key="tournament")).exclude(admin)
    return found
