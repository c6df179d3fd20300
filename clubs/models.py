"""Clubs, the people they know, who may do what, and the record of what was done."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class Club(models.Model):
    name = models.CharField(_("name"), max_length=100)
    slug = models.SlugField(_("short name in links"), max_length=50, unique=True)
    town = models.CharField(_("town"), max_length=100, blank=True)
    language = models.CharField(
        _("language"),
        max_length=2,
        choices=settings.LANGUAGES,
        default="nl",
        help_text=_("The language of the club's printed score sheets."),
    )
    standings_public = models.BooleanField(
        _("standings are public"),
        default=False,
        help_text=_("Anyone may see the club's standings without logging in."),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("clubs:club-public", kwargs={"club_slug": self.slug})


class Member(models.Model):
    """A person the club knows. May have a login (user); may belong to other clubs too,
    as another Member row there, linked to the same user."""

    club = models.ForeignKey(
        Club, on_delete=models.PROTECT, related_name="members", verbose_name=_("club")
    )
    name = models.CharField(_("name"), max_length=100)
    membership_number = models.CharField(_("membership number"), max_length=20)
    email = models.EmailField(_("email"), blank=True)
    phone = models.CharField(_("phone"), max_length=30, blank=True)
    active = models.BooleanField(_("active"), default=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="memberships",
        verbose_name=_("login"),
    )
    # The member's personal code: proves at a table's link that a confirmation is theirs
    # (scoring.services). Kept readable, not hashed: it is shown to them again, privately
    # (their own page, their check-in slip). Made when first needed; unique in the club.
    personal_code = models.CharField(_("personal code"), max_length=8, blank=True, editable=False)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        ordering = ["name", "membership_number"]
        verbose_name = _("member")
        verbose_name_plural = _("members")
        constraints = [
            models.UniqueConstraint(
                fields=["club", "membership_number"], name="member_number_unique_in_club"
            ),
            models.UniqueConstraint(
                fields=["club", "user"],
                condition=Q(user__isnull=False),
                name="member_user_once_per_club",
            ),
            models.UniqueConstraint(
                fields=["club", "personal_code"],
                condition=~Q(personal_code=""),
                name="member_code_unique_in_club",
            ),
        ]
        indexes = [models.Index(fields=["club", "name"], name="member_club_name")]

    def __str__(self) -> str:
        return f"{self.name} ({self.membership_number})"


class Role(models.Model):
    """What a user may do in one club. Each level includes the ones below it."""

    class Level(models.IntegerChoices):
        PLAYER = 10, _("player")
        DIRECTOR = 20, _("director")
        ADMIN = 30, _("admin")

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="roles", verbose_name=_("club")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="club_roles",
        verbose_name=_("user"),
    )
    level = models.PositiveSmallIntegerField(_("role"), choices=Level.choices)
    granted_at = models.DateTimeField(_("granted"), auto_now=True)

    class Meta:
        verbose_name = _("role")
        verbose_name_plural = _("roles")
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="role_once_per_club"),
            models.CheckConstraint(condition=Q(level__in=[10, 20, 30]), name="role_level_known"),
        ]

    def __str__(self) -> str:
        return f"{self.user} - {self.get_level_display()} - {self.club}"


class ActionLogQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise ActionLog.ImmutableError(_("The action log cannot be changed."))

    def delete(self):
        raise ActionLog.ImmutableError(_("The action log cannot be changed."))


class ActionLog(models.Model):
    """One entry per change: who did what, when, with which data. Written once, never
    changed: updates and deletes raise, and the admin shows it read-only."""

    class ImmutableError(Exception):
        pass

    club = models.ForeignKey(
        Club, on_delete=models.PROTECT, related_name="actions", verbose_name=_("club")
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("by"),
    )
    # Kept as text too, so the log still says who it was if the account is removed.
    actor_name = models.CharField(_("by"), max_length=150)
    action = models.CharField(_("action"), max_length=50, db_index=True)
    data = models.JSONField(_("data"), default=dict, blank=True)
    # The data's values as plain text, for searching the log (JSON text escapes
    # accented letters on some databases).
    search_text = models.TextField(_("search text"), blank=True, editable=False)
    created_at = models.DateTimeField(_("when"), auto_now_add=True, db_index=True)

    objects = ActionLogQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("action log entry")
        verbose_name_plural = _("action log")

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.actor_name}: {self.action}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise self.ImmutableError(_("The action log cannot be changed."))
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise self.ImmutableError(_("The action log cannot be changed."))


class IdempotentAnswer(models.Model):
    """The answer a POST carrying an idempotency key got (clubs.idempotency): a repeat of
    that POST (a phone sending again after the wifi dropped) gets this answer back instead
    of doing it again. Stored in the same transaction as the view's writes; pruned after
    clubs.idempotency.KEEP. Not shown anywhere: no user-facing names."""

    key = models.CharField(max_length=64)
    path = models.CharField(max_length=400)
    # Whose answer it is (clubs.idempotency.owner_of: the browser's CSRF secret and the
    # user, as a keyed fingerprint) and what was sent (a fingerprint of the posted
    # fields): a repeat gets the answer only from its owner with the same fields.
    owner = models.CharField(max_length=64, default="")
    digest = models.CharField(max_length=64, default="")
    status = models.PositiveSmallIntegerField(default=0)
    headers = models.JSONField(default=dict)
    body = models.BinaryField(default=b"")
    # The messages (django.contrib.messages) the view left for the next page, so that a
    # repeat shows them as the first answer would have.
    messages = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["key", "path"], name="idempotent_answer_key_path"),
        ]

    def __str__(self) -> str:
        return f"{self.key} {self.path} {self.status}"


class TryCounter(models.Model):
    """Wrong tries counted in the database (clubs.tries), so that a limit holds across
    the site's processes and restarts: e.g. wrong personal codes for one player at one
    table. `key` names what is counted; the count is forgotten at `expires_at`. Not shown
    anywhere: no user-facing names."""

    key = models.CharField(max_length=200, unique=True)
    count = models.PositiveIntegerField(default=0)
    expires_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"{self.key} {self.count}"


class SiteSetup(models.Model):
    """The site's first start (clubs.first_start): one row at most (pk 1). It holds the
    one-time set-up code that ``manage.py venue`` prints while the site has no club of
    its own (kept as a keyed digest, never as the code itself), and when the first club
    was made. Set-up takes this row FOR UPDATE, so that two set-ups sent at the same
    moment make one club; once `done_at` is set, set-up is gone for good. Not shown
    anywhere: no user-facing names."""

    code_digest = models.CharField(max_length=64, blank=True)
    code_made_at = models.DateTimeField(null=True, blank=True)
    done_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.CheckConstraint(condition=Q(pk=1), name="site_setup_one_row")]

    def __str__(self) -> str:
        return f"set-up done {self.done_at}" if self.done_at else "set-up open"
