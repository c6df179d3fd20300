"""Every change to clubs, members and roles goes through here: validated, saved in one
transaction, and written to the club's action log."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from . import selectors
from .importing import IMPORTED_FIELDS, Change
from .models import ActionLog, Club, Member, Role, SiteSetup

User = get_user_model()

MEMBER_FIELDS = ("name", "membership_number", "email", "phone")


def log_action(*, club: Club, actor, action: str, data: dict | None = None) -> ActionLog:
    """Append one entry to the club's action log. `actor` is a user, or None for the
    system (demo data, maintenance commands)."""
    name = actor.get_username() if actor is not None else "system"
    data = data or {}
    return ActionLog.objects.create(
        club=club,
        actor=actor,
        actor_name=name,
        action=action,
        data=data,
        search_text=" ".join(log_words(data)),
    )


def log_words(value) -> list[str]:
    """Every value in a log entry's data as text (keys left out)."""
    if isinstance(value, dict):
        return [word for item in value.values() for word in log_words(item)]
    if isinstance(value, list | tuple):
        return [word for item in value for word in log_words(item)]
    return [] if value is None else [str(value)]


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


def _lock_club(club: Club) -> None:
    """Serialise changes to one club's members and roles (PostgreSQL row lock; SQLite's
    IMMEDIATE transactions serialise all writers anyway)."""
    Club.objects.select_for_update().filter(pk=club.pk).exists()


def members_import(*, club: Club, actor, changes: list[Change]) -> dict[str, int]:
    """Apply the changes of a confirmed preview in one transaction: add the new members,
    set the shown values on the others. If any of those members changed after the
    preview (someone edited them, the preview was confirmed before), nothing is saved."""
    try:
        with transaction.atomic():
            _lock_club(club)
            current = {
                member.membership_number: member
                for member in Member.objects.filter(
                    club=club, membership_number__in=[c.membership_number for c in changes]
                )
            }
            stale = [
                change.line
                for change in changes
                if _changed_since_preview(change, current.get(change.membership_number))
            ]
            if stale:
                raise _stale_import_error(stale)
            now = timezone.now()
            new = [
                Member(club=club, membership_number=change.membership_number, **change.values)
                for change in changes
                if change.before is None
            ]
            Member.objects.bulk_create(new)
            updated = []
            for change in changes:
                if change.before is not None:
                    member = current[change.membership_number]
                    for key, value in change.values.items():
                        setattr(member, key, value)
                    member.updated_at = now
                    updated.append(member)
            Member.objects.bulk_update(updated, [*IMPORTED_FIELDS, "updated_at"])
            summary = {"added": len(new), "updated": len(updated)}
            log_action(
                club=club,
                actor=actor,
                action="members.imported",
                data={
                    **summary,
                    "members": [
                        {
                            "membership_number": c.membership_number,
                            "set": c.values,
                            "before": c.before,
                        }
                        for c in changes
                    ],
                },
            )
    except IntegrityError:
        # A member with one of the new numbers was added meanwhile.
        raise _stale_import_error([c.line for c in changes if c.before is None]) from None
    return summary


def _changed_since_preview(change: Change, member: Member | None) -> bool:
    if change.before is None:
        return member is not None
    return member is None or any(
        getattr(member, key) != value for key, value in change.before.items()
    )


def _stale_import_error(lines: list[int]) -> ValidationError:
    return ValidationError(
        _(
            "The members on lines %(lines)s were changed after the preview; nothing was "
            "saved. Upload the file again to see the changes as they are now."
        )
        % {"lines": ", ".join(str(line) for line in lines)}
    )


def _ensure_another_admin(club: Club, user, new_level: int | None) -> None:
    """Refuse to leave the club without an admin: `user` is about to get `new_level`
    (None: no role at all)."""
    if new_level == Role.Level.ADMIN:
        return
    admins = Role.objects.filter(club=club, level=Role.Level.ADMIN)
    if admins.filter(user=user).exists() and not admins.exclude(user=user).exists():
        raise ValidationError(
            {
                "level": _("%(user)s is the club's last admin; make someone else admin first.")
                % {"user": user.get_username()}
            }
        )


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
    try:
        with transaction.atomic():
            _lock_club(club)
            member = Member.objects.select_for_update().get(pk=member.pk)
            created = member.user is None
            user = member.user or _new_login(member, username, password)
            previous = Role.objects.filter(club=club, user=user).first()
            if previous is not None and previous.level == level:
                return previous
            _ensure_another_admin(club, user, level)
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
    except IntegrityError:
        # The same user name was taken by a request running at the same moment.
        raise ValidationError({"username": _("This user name is already taken.")}) from None
    return role


def _new_login(member: Member, username: str, password: str):
    user = _login_create(
        username=username, password=password, name=member.name, email=member.email or ""
    )
    member.user = user
    member.save(update_fields=["user", "updated_at"])
    return user


def _login_create(*, username: str, password: str, name: str, email: str = ""):
    """A new login, its user name free and valid and its password passing the site's
    password validators; a ValidationError names the field (username, password)."""
    username = User.normalize_username(username.strip())
    if not username:
        raise ValidationError({"username": _("This member has no login yet: choose a user name.")})
    if User.objects.filter(username__iexact=username).exists():
        raise ValidationError({"username": _("This user name is already taken.")})
    user = User(username=username, email=email, first_name=name.strip()[:150])
    try:
        user.full_clean(exclude=["password", "email"], validate_unique=False)
    except ValidationError as exc:
        raise ValidationError(
            {"username": exc.message_dict.get("username", exc.messages)}
        ) from None
    try:
        validate_password(password, user)
    except ValidationError as exc:
        raise ValidationError({"password": exc.messages}) from None
    user.set_password(password)
    user.save()
    return user


def role_revoke(*, club: Club, actor, role: Role) -> None:
    if role.club_id != club.pk:
        raise ValidationError(_("This role belongs to another club."))
    with transaction.atomic():
        _lock_club(club)
        try:
            _ensure_another_admin(club, role.user, None)
        except ValidationError as exc:
            raise ValidationError(exc.message_dict["level"]) from None
        log_action(
            club=club,
            actor=actor,
            action="role.revoked",
            data={"user": role.user.get_username(), "level": role.level},
        )
        Role.objects.filter(pk=role.pk).delete()


CLUB_FIELDS = ("name", "town", "language", "standings_public")


def club_update(*, club: Club, actor, **values) -> Club:
    unknown = set(values) - set(CLUB_FIELDS)
    if unknown:
        raise TypeError(f"club_update cannot change {sorted(unknown)}")
    changes = {
        key: [getattr(club, key), value]
        for key, value in values.items()
        if getattr(club, key) != value
    }
    if not changes:
        return club
    with transaction.atomic():
        for key, (_old, new) in changes.items():
            setattr(club, key, new)
        club.full_clean(exclude=["slug"])
        club.save(update_fields=list(changes))
        log_action(club=club, actor=actor, action="club.changed", data={"changes": changes})
    return club


def login_password_set(*, club: Club, actor, role: Role, password: str):
    """A club admin sets a new password for someone with a role in the club (who forgot
    theirs). Only for logins that belong to this admin's clubs alone: a password that
    also opens another club, or the site's administration, is not this admin's to set."""
    if role.club_id != club.pk:
        raise ValidationError(_("This role belongs to another club."))
    user = role.user
    if not actor.is_superuser:
        if user.is_superuser or user.is_staff:
            raise ValidationError(_("Only a site administrator can set this password."))
        foreign = Role.objects.filter(user=user).exclude(
            club__in=Role.objects.filter(user=actor, level=Role.Level.ADMIN).values("club")
        )
        if foreign.exists():
            raise ValidationError(
                _("%(user)s also has a role in a club you do not manage; ask a site administrator.")
                % {"user": user.get_username()}
            )
    with transaction.atomic():
        user.set_password(password)
        user.save(update_fields=["password"])
        log_action(
            club=club,
            actor=actor,
            action="login.password_set",
            data={"user": user.get_username()},
        )
    return user


# --- new clubs: the first start, and a site administrator's -------------------------------


class SetupClosedError(Exception):
    """The first start is done (or a club of the site's own exists): set-up is gone."""


def _free_slug(name: str) -> str:
    """A short name for the club's links, from its name, not taken yet."""
    max_length = Club._meta.get_field("slug").max_length - 4
    base = slugify(name)[:max_length].strip("-") or "club"
    slug, number = base, 1
    while Club.objects.filter(slug=slug).exists():
        number += 1
        slug = f"{base}-{number}"
    return slug


def club_create(
    *,
    actor,
    name: str,
    town: str,
    language: str,
    admin_name: str,
    username: str,
    password: str,
    membership_number: str = "",
):
    """A new club and its first admin: a new login (user name and password, checked by
    the site's password validators) with the admin role. With a membership number the
    admin is also the club's first member, so that a member list imported later that
    holds them updates that member instead of adding them twice. `actor`: the site
    administrator who adds the club, or None at the first start (the new admin is then
    logged as the one who did it). Returns (club, the admin's login)."""
    try:
        return _club_create(
            actor=actor,
            name=name,
            town=town,
            language=language,
            admin_name=admin_name,
            username=username,
            password=password,
            membership_number=membership_number,
        )
    except IntegrityError:
        # The same user name or short name was saved by a request at the same moment.
        raise ValidationError(
            _("A club or login with the same name was saved at the same moment; send again.")
        ) from None


def _club_create(*, actor, name, town, language, admin_name, username, password, membership_number):
    with transaction.atomic():
        club = Club(name=name.strip(), town=town.strip(), language=language)
        club.slug = _free_slug(club.name)
        club.full_clean(exclude=["slug"])
        club.save()
        admin_name = admin_name.strip()
        user = _login_create(username=username, password=password, name=admin_name)
        who = actor or user
        member = None
        if membership_number.strip():
            member = Member(
                club=club, name=admin_name, membership_number=membership_number.strip(), user=user
            )
            member.full_clean(exclude=["club", "user"], validate_constraints=False)
            member.save()
        Role.objects.create(club=club, user=user, level=Role.Level.ADMIN)
        log_action(
            club=club,
            actor=who,
            action="club.created",
            data={"name": club.name, "town": club.town, "language": club.language},
        )
        log_action(
            club=club,
            actor=who,
            action="role.granted",
            data={
                "member": member.pk if member else None,
                "name": admin_name,
                "user": user.username,
                "level": int(Role.Level.ADMIN),
                "previous_level": None,
                "login_created": True,
            },
        )
        SiteSetup.objects.update_or_create(
            pk=1, defaults={"done_at": timezone.now(), "code_digest": ""}
        )
    return club, user


def first_club_create(**values):
    """The first start's club (:func:`club_create`, by nobody). Refused with SetupClosedError
    once the first start is done: two set-ups sent at the same moment wait for each other
    on the site's set-up row, and the second finds it done."""
    SiteSetup.objects.get_or_create(pk=1)
    with transaction.atomic():
        SiteSetup.objects.select_for_update().get(pk=1)
        if not selectors.setup_open():
            raise SetupClosedError
        return club_create(actor=None, **values)


def setup_code_new(digest: str) -> None:
    """Keep the digest of the new one-time set-up code (clubs.first_start makes the code
    and its digest); the code printed before it stops working."""
    SiteSetup.objects.update_or_create(
        pk=1, defaults={"code_digest": digest, "code_made_at": timezone.now()}
    )
