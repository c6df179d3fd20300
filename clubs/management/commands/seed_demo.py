"""Create the demo clubs, members and logins. Running it again changes nothing."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from clubs import services
from clubs.demo import DEMO_CLUBS, DEMO_PASSWORD, demo_email, demo_phone
from clubs.models import Club, Member, Role


class Command(BaseCommand):
    help = "Create the demo clubs Spellenclub Rooi and Spellenclub Veghel (idempotent)."

    def handle(self, *args, **options):
        User = get_user_model()  # noqa: N806
        lines = []
        with transaction.atomic():
            for demo in DEMO_CLUBS:
                club, created = Club.objects.get_or_create(
                    slug=demo.slug,
                    defaults={"name": demo.name, "town": demo.town, "standings_public": True},
                )
                if created:
                    services.log_action(
                        club=club,
                        actor=None,
                        action="club.created",
                        data={"name": club.name, "source": "seed_demo"},
                    )
                members = []
                for index, name in enumerate(demo.members, start=1):
                    number = f"{demo.prefix}{index:03d}"
                    member = Member.objects.filter(club=club, membership_number=number).first()
                    if member is None:
                        member = services.member_create(
                            club=club,
                            actor=None,
                            name=name,
                            membership_number=number,
                            email=demo_email(name),
                            phone=demo_phone(demo.prefix, index),
                        )
                    members.append(member)
                for username, index, level_name in demo.logins:
                    member = members[index]
                    user = member.user or User.objects.filter(username=username).first()
                    if user is None:
                        services.role_grant(
                            club=club,
                            actor=None,
                            member=member,
                            level=Role.Level[level_name],
                            username=username,
                            password=DEMO_PASSWORD,
                        )
                        continue
                    if member.user_id is None:
                        member.user = user
                        member.save(update_fields=["user"])
                    # Keep the printed logins true even if someone changed the password.
                    if not user.check_password(DEMO_PASSWORD):
                        user.set_password(DEMO_PASSWORD)
                        user.save(update_fields=["password"])
                    services.role_grant(
                        club=club, actor=None, member=member, level=Role.Level[level_name]
                    )
                lines.append((club, demo))
        self.stdout.write(f"Demo clubs ready. Logins (password for all: {DEMO_PASSWORD}):")
        for club, demo in lines:
            logins = ", ".join(
                f"{username} ({level.lower()})" for username, _index, level in demo.logins
            )
            self.stdout.write(f"  {club.name}: {logins}")
