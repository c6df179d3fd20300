from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DisputesConfig(AppConfig):
    """The rules engine in the site: check_hand, the dispute-check endpoint."""

    name = "disputes"
    verbose_name = _("Disputes")

    def ready(self) -> None:
        from clubs.log_labels import register  # noqa: PLC0415

        register(
            "disputes",
            actions={"dispute.saved": _("dispute saved")},
            evening=True,
            data={
                "check": _("check"),
                "legal": _("legal"),
                "rules": _("rules"),
                "ruling": _("ruling"),
            },
            hidden=("dispute",),
        )
