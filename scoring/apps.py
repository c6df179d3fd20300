from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


def log_labels() -> None:
    """The words of what scoring logs, for the club's log (clubs.log_labels)."""
    from clubs.log_labels import register  # noqa: PLC0415

    from .models import DEVICE_SIGNS, ResultEntry  # noqa: PLC0415

    register(
        "scoring",
        actions={
            "result.entered": _("result entered"),
            "result.confirmed": _("result confirmed"),
            "result.corrected": _("result corrected"),
            "result.rejected": _("result set aside"),
            "table.link_renewed": _("table link renewed"),
            "player.code_renewed": _("personal code renewed"),
        },
        data={
            "by": _("by"),
            "scores": _("scores"),
            "before": _("before"),
            "disputed": _("disputed"),
            "via": _("entered"),
            "note": _("note"),
            "same_device": _("looks like one device"),
        },
        # Why an entry and its confirmation look like one device's: comma separated,
        # empty when they do not.
        values={"via": dict(ResultEntry.Via.choices), "same_device": DEVICE_SIGNS},
        hidden=("result",),
        evening=True,
    )


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Results and standings")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:

        log_labels()
