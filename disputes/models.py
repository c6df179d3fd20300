"""Saved disputes: a case the rules engine judged, with the director's ruling."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from games import registry
from tournaments.models import Table, Tournament

from . import checker

#: The longest ruling a director writes (the form's limit too).
RULING_LENGTH = 2000


def game_title(name: str) -> str:
    """The game's title from the registry (the bare name for a game without an engine)."""
    return registry.get(name).title if name in registry.available() else name


class Dispute(models.Model):
    """One disputed situation: the CASES.md case, the engine's verdict, and what the
    director ruled. The table's round and number are kept as numbers too, so the record
    still says where it happened when a draw is taken back (which removes its tables)."""

    club = models.ForeignKey(
        Club, on_delete=models.PROTECT, related_name="disputes", verbose_name=_("club")
    )
    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="disputes",
        verbose_name=_("tournament"),
    )
    table = models.ForeignKey(
        Table,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="disputes",
        verbose_name=_("table"),
    )
    round_number = models.PositiveSmallIntegerField(_("round"), null=True, blank=True)
    table_number = models.PositiveSmallIntegerField(_("table"), null=True, blank=True)
    game = models.CharField(_("game"), max_length=20)
    check_name = models.CharField(_("check"), max_length=30)
    case = models.JSONField(_("case"))
    verdict = models.JSONField(_("verdict"))
    legal = models.BooleanField(_("legal"))
    ruling = models.TextField(_("ruling"), max_length=RULING_LENGTH)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("by"),
    )
    created_by_name = models.CharField(_("by"), max_length=150)
    created_at = models.DateTimeField(_("when"), auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("dispute")
        verbose_name_plural = _("disputes")

    def __str__(self) -> str:
        return f"{self.game} {self.check_name} #{self.pk}"

    @property
    def game_title(self) -> str:
        return game_title(self.game)

    @property
    def check_title(self) -> str:
        found = checker.checker(self.game, self.check_name)
        return str(found.title) if found is not None else self.check_name

    @property
    def rules(self) -> list[str]:
        """The rule IDs the verdict cites, each once, in order."""
        ids = [v.get("rule") for v in self.verdict.get("violations", []) if isinstance(v, dict)]
        return list(dict.fromkeys(str(i) for i in ids if i))
