"""Reads that build pages. Each runs a fixed number of queries."""

from __future__ import annotations

from django.db.models import QuerySet

from .models import ActionLog, Club, Member, Role


def clubs_for_front_page() -> QuerySet[Club]:
    return Club.objects.order_by("name")


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


def action_log(club: Club) -> QuerySet[ActionLog]:
    return ActionLog.objects.filter(club=club)
