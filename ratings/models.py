"""Ratings per game (issue 19): each member's rating after every tournament that counts
for rating (the history), their rating now, and which tournaments the stored ratings were
computed from.

Everything here is derived from the confirmed results: `ratings.services.update` can
always rebuild it, and does so from the first tournament whose results changed. The game
is a game name of the registry, stored without choices, so that a new game needs no
migration.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Member
from games import registry
from tournaments.models import Tournament

from .core import PROVISIONAL_GAMES

GAME_LENGTH = 20


def game_titles() -> dict[str, str]:
    """Game name -> its title, for the pages (the registry's games)."""
    return dict(registry.choices())


class RatingStep(models.Model):
    """A member's rating in a game right after one tournament they played in."""

    member = models.ForeignKey(
        Member, on_delete=models.CASCADE, related_name="rating_steps", verbose_name=_("member")
    )
    game = models.CharField(_("game"), max_length=GAME_LENGTH)
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="+", verbose_name=_("tournament")
    )
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(_("games"))
    shown = models.IntegerField(_("rating"))

    class Meta:
        verbose_name = _("rating step")
        verbose_name_plural = _("rating steps")
        constraints = [
            models.UniqueConstraint(
                fields=["member", "game", "tournament"], name="rating_step_unique"
            )
        ]
        indexes = [models.Index(fields=["game", "tournament"], name="rating_step_game")]

    def __str__(self) -> str:
        return f"{self.member} {self.game} {self.tournament_id}: {self.shown}"


class Rating(models.Model):
    """A member's rating in a game now: their step after the last tournament they played."""

    member = models.ForeignKey(
        Member, on_delete=models.CASCADE, related_name="ratings", verbose_name=_("member")
    )
    game = models.CharField(_("game"), max_length=GAME_LENGTH)
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(_("games"))
    shown = models.IntegerField(_("rating"))
    last = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="+", verbose_name=_("last played")
    )

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        constraints = [models.UniqueConstraint(fields=["member", "game"], name="rating_unique")]
        indexes = [models.Index(fields=["game", "-shown"], name="rating_game_shown")]

    def __str__(self) -> str:
        return f"{self.member} {self.game}: {self.shown}"

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


class RatedTournament(models.Model):
    """A tournament whose confirmed results the stored ratings include, with the
    fingerprint of those results: when it no longer matches, the ratings are recomputed
    from this tournament on."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    game = models.CharField(max_length=GAME_LENGTH)
    fingerprint = models.CharField(max_length=64)

    class Meta:
        indexes = [models.Index(fields=["game"], name="rated_tournament_game")]

    def __str__(self) -> str:
        return f"{self.game} {self.tournament_id}: {self.fingerprint}"


class RatingUpdate(models.Model):
    """One row per game: a recompute that runs in the background, and how far it is."""

    class Status(models.TextChoices):
        IDLE = "idle", _("up to date")
        QUEUED = "queued", _("waiting for the worker")
        RUNNING = "running", _("being recomputed")

    game = models.CharField(max_length=GAME_LENGTH, primary_key=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.IDLE)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    changed_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.game}: {self.status} {self.done}/{self.total}"

    @property
    def percent(self) -> int:
        return round(100 * self.done / self.total) if self.total else 0
