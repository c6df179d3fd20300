"""Loading the demo clubs, their members, logins and evenings: ``manage.py seed_demo``
and the first start's "Eerst proberen met de democlubs" (demo.views). Running it again
changes nothing.

It only ever touches what it created itself: a club with a demo slug that was not made
here (a real "rooi" club, say) is left alone, and so is any login that is not one of the
demo logins.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from clubs import services
from clubs.models import ActionLog, Club, Member, Role
from clubs.selectors import DEMO_SOURCE
from demo.clubs import DEMO_CLUBS, DEMO_PASSWORD, DemoClub, demo_email, demo_phone
from demo.evenings import seed_club

SOURCE = DEMO_SOURCE


def _quiet(message: str) -> None:
    """Where the warnings go when nobody reads them."""


def demo_seed(*, warn: Callable[[str], None] = _quiet) -> list[DemoClub]:
    """Create (or complete) the demo clubs in one transaction; the demo clubs that are
    ready. `warn` hears of what was left alone (a real club with a demo slug, say)."""
    ready = []
    with transaction.atomic():
        for demo in DEMO_CLUBS:
            club = _demo_club(demo)
            if club is None:
                warn(
                    f"A club with the short name {demo.slug!r} exists and is not demo "
                    "data: left alone."
                )
                continue
            members = _demo_members(club, demo)
            for username, index, level_name in demo.logins:
                _demo_login(club, members[index], username, Role.Level[level_name], warn)
            _demo_evenings(club, demo, members)
            ready.append(demo)
    return ready


def _demo_club(demo: DemoClub) -> Club | None:
    club = Club.objects.filter(slug=demo.slug).first()
    if club is None:
        club = Club.objects.create(
            slug=demo.slug, name=demo.name, town=demo.town, standings_public=True
        )
        services.log_action(
            club=club,
            actor=None,
            action="club.created",
            data={"name": club.name, "source": SOURCE},
        )
        return club
    made_here = ActionLog.objects.filter(
        club=club, action="club.created", data__source=SOURCE
    ).exists()
    return club if made_here else None


def _demo_members(club: Club, demo: DemoClub) -> list[Member]:
    by_number = {member.membership_number: member for member in club.members.all()}
    members = []
    for index, name in enumerate(demo.members, start=1):
        number = f"{demo.prefix}{index:03d}"
        member = by_number.get(number) or services.member_create(
            club=club,
            actor=None,
            name=name,
            membership_number=number,
            email=demo_email(name),
            phone=demo_phone(demo.prefix, index),
        )
        members.append(member)
    return members


def _demo_evenings(club: Club, demo: DemoClub, members: list[Member]) -> None:
    """A season of six evenings, an evening of every other game (unless the club plays
    its season's game only), one running now."""
    director_name = next(name for name, _index, level in demo.logins if level == "DIRECTOR")
    director = get_user_model().objects.filter(username=director_name).first()
    if director is None:
        return
    seed_club(
        club,
        director=director,
        members=members,
        today=timezone.localdate(),
        other_games=demo.other_games,
    )


def _demo_login(club: Club, member: Member, username: str, level: int, warn) -> None:
    User = get_user_model()  # noqa: N806
    user = User.objects.filter(username=username).first()
    if member.user_id is not None and member.user_id != getattr(user, "pk", None):
        warn(f"{member} has another login: {username} not set up.")
        return
    if user is None:
        services.role_grant(
            club=club,
            actor=None,
            member=member,
            level=level,
            username=username,
            password=DEMO_PASSWORD,
        )
        return
    if member.user_id is None:
        if Member.objects.filter(club=club, user=user).exists():
            warn(f"{username} belongs to another member: not set up.")
            return
        member.user = user
        member.save(update_fields=["user", "updated_at"])
    # Keep the printed logins true even if someone changed a demo password.
    if not user.check_password(DEMO_PASSWORD):
        user.set_password(DEMO_PASSWORD)
        user.save(update_fields=["password"])
    services.role_grant(club=club, actor=None, member=member, level=level)
