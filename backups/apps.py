from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BackupsConfig(AppConfig):
    name = "backups"
    verbose_name = _("Backups")

    def ready(self) -> None:
        from clubs.log_labels import register  # noqa: PLC0415

        register("backups", actions={"club.exported": _("club history exported")})
