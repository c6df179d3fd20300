"""Every change to clubs, members and roles goes through here: validated, saved in one
transaction, and written to the club's action log."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from .importing import ImportRow, plan_import
from .models import ActionLog, Club, Member, Role

User = get_user_model()

MEMBER_FIELDS = ("name", "membership_number", "email", "phone")


def log_action(*, club: Club, actor, action: str, data: dict | None = None) -> ActionLog:
    """Append one entry to the club's action log. `actor` is a user, or None for the
    system (demo data, maintenance commands)."""
    name = actor.get_username() if actor is not None else "system"
    return ActionLog.objects.create(
        club=club, actor=actor, actor_name=name, action=action, data=data or {}
    )


def _number_taken(club: Club, number: str, exclude_pk: int | None = None) -> bool:
    query = Member.objects.filter(club=club, membership_number=number)
    if exclude_pk is not None:
        query = query.exclude(pk=exclude_pk)
    return query.exists()


def _number_taken_error(number: str) -> ValidationError:
    return ValidationError(
        {
            "membership_number": _("Membership number %(number)s is already in use.")
            % {"number": number}
        },
        code="unique",
    )


def member_create(
    *,
    club: Club,
    actor,
    name: str,
    membership_number: str,
    email: str = "",
    phone: str = "",
) -> Member:
    member = Member(
        club=club,
        name=name.strip(),
        membership_number=membership_number.strip(),
        email=email.strip().lower(),
        phone=phone.strip(),
    )
    member.full_clean(exclude=["club", "user"], validate_unique=False, validate_constraints=False)
    try:
        with transaction.atomic():
            if _number_taken(club, member.membership_number):
                raise _number_taken_error(member.membership_number)
            member.save()
            log_action(
                club=club,
                actor=actor,
                action="member.added",
                data={
                    "member": member.pk,
                    "name": member.name,
                    "membership_number": member.membership_number,
                },
            )
    except IntegrityError:
        # Someone else saved the same number between our check and our insert.
        raise _number_taken_error(member.membership_number) from None
    return member


def member_update(*, member: Member, actor, **values) -> Member:
    unknown = set(values) - set(MEMBER_FIELDS)
    if unknown:
        raise TypeError(f"member_update cannot change {sorted(unknown)}")
    cleaned = {key: str(value).strip() for key, value in values.items()}
    if "email" in cleaned:
        cleaned["email"] = cleaned["email"].lower()
    changes = {
        key: [getattr(member, key), value]
        for key, value in cleaned.items()
        if getattr(member, key) != value
    }
    if not changes:
        return member
    for key, (_old, new) in changes.items():
        setattr(member, key, new)
    member.full_clean(exclude=["club", "user"], validate_unique=False, validate_constraints=False)
    try:
        with transaction.atomic():
            if "membership_number" in changes and _number_taken(
                member.club, member.membership_number, exclude_pk=member.pk
            ):
                raise _number_taken_error(member.membership_number)
            member.save(update_fields=[*changes, "updated_at"])
            log_action(
                club=member.club,
                actor=actor,
                action="member.changed",
                data={"member": member.pk, "name": member.name, "changes": changes},
            )
    except IntegrityError:
        raise _number_taken_error(member.membership_number) from None
    return member


def member_set_active(*, member: Member, actor, active: bool) -> Member:
    if member.active == active:
        return member
    with transaction.atomic():
        member.active = active
        member.save(update_fields=["active", "updated_at"])
        log_action(
            club=member.club,
            actor=actor,
            action="member.reactivated" if active else "member.deactivated",
            data={"member": member.pk, "name": member.name},
        )
    return member


def existing_members(club: Club) -> dict[str, dict]:
    return {
        values["membership_number"]: values
        for values in Member.objects.filter(club=club).values(
            "membership_number", "name", "email", "phone", "active"
        )
    }


def members_import(*, club: Club, actor, rows: list[ImportRow]) -> dict[str, int]:
    """Apply confirmed import rows in one transaction: new numbers are added, known
    numbers updated. The rows are planned again against the members as they are now, so
    a change made between preview and confirmation is not overwritten blindly."""
    with transaction.atomic():
        planned = plan_import(rows, existing_members(club))
        bad = [row for row in planned if row.status == "error"]
        if bad:
            raise ValidationError(_("The import has rows with errors; nothing was saved."))
        new = [row for row in planned if row.status == "new"]
        updates = [row for row in planned if row.status == "update"]
        Member.objects.bulk_create(Member(club=club, **row.values()) for row in new)
        by_number = {
            member.membership_number: member
            for member in Member.objects.filter(
                club=club, membership_number__in=[row.membership_number for row in updates]
            )
        }
        changed = []
        now = timezone.now()
        for row in updates:
            member = by_number[row.membership_number]
            for key, (_old, value) in row.changes.items():
                setattr(member, key, value)
            member.updated_at = now
            changed.append(member)
        if changed:
            Member.objects.bulk_update(changed, ["name", "email", "phone", "active", "updated_at"])
        summary = {
            "added": len(new),
            "updated": len(changed),
            "unchanged": len(planned) - len(new) - len(changed),
        }
        log_action(
            club=club,
            actor=actor,
            action="members.imported",
            data={
                **summary,
                "added_numbers": [row.membership_number for row in new],
                "updated_numbers": [row.membership_number for row in updates],
            },
        )
    return summary


def role_grant(
    *,
    club: Club,
    actor,
    member: Member,
    level: int,
    username: str = "",
    password: str = "",
) -> Role:
    """Give `member` a role in `club`. A member without a login gets one, with the given
    user name and first password; a member who has one keeps it."""
    if member.club_id != club.pk:
        raise ValidationError({"member": _("This member belongs to another club.")})
    level = Role.Level(level)
    with transaction.atomic():
        user = member.user
        created = False
        if user is None:
            username = username.strip()
            if not username:
                raise ValidationError(
                    {"username": _("This member has no login yet: choose a user name.")}
                )
            if User.objects.filter(username__iexact=username).exists():
                raise ValidationError({"username": _("This user name is already taken.")})
            user = User(username=username, email=member.email, first_name=member.name[:150])
            try:
                validate_password(password, user)
            except ValidationError as exc:
                raise ValidationError({"password": exc.messages}) from None
            user.set_password(password)
            user.save()
            member.user = user
            member.save(update_fields=["user", "updated_at"])
            created = True
        previous = Role.objects.filter(club=club, user=user).first()
        if previous is not None and previous.level == level:
            return previous
        role, _created = Role.objects.update_or_create(
            club=club, user=user, defaults={"level": level}
        )
        log_action(
            club=club,
            actor=actor,
            action="role.granted",
            data={
                "member": member.pk,
                "name": member.name,
                "user": user.username,
                "level": int(level),
                "previous_level": previous.level if previous else None,
                "login_created": created,
            },
        )
    return role


def role_revoke(*, club: Club, actor, role: Role) -> None:
    if role.club_id != club.pk:
        raise ValidationError(_("This role belongs to another club."))
    with transaction.atomic():
        if (
            role.level == Role.Level.ADMIN
            and not Role.objects.filter(club=club, level=Role.Level.ADMIN)
            .exclude(pk=role.pk)
            .exists()
        ):
            raise ValidationError(
                _("%(user)s is the club's last admin; make someone else admin first.")
                % {"user": role.user.get_username()}
            )
        log_action(
            club=club,
            actor=actor,
            action="role.revoked",
            data={"user": role.user.get_username(), "level": role.level},
        )
        role.delete()
