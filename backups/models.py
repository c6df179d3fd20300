"""The site's own log: what happened to whole clubs (imported, deleted). A club's action
log goes with the club; this one stays when a club leaves the site."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class SiteAction(models.Model):
    club_slug = models.CharField(_("club"), max_length=50)
    club_name = models.CharField(_("name"), max_length=100)
    actor_name = models.CharField(_("by"), max_length=150)
    action = models.CharField(_("action"), max_length=50, db_index=True)
    data = models.JSONField(_("data"), default=dict, blank=True)
    created_at = models.DateTimeField(_("when"), auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("site log entry")
        verbose_name_plural = _("site log")

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.action} {self.club_slug}"
