from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PrintingConfig(AppConfig):
    """What goes on paper: the sheets (printing.sheets, pure), what the database puts on
    them (printing.contents), the print jobs a worker makes (printing.jobs, printing.tasks)
    and their pages. Above scoring and disputes, whose data it prints."""

    name = "printing"
    verbose_name = _("Printing")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from clubs.log_labels import register  # noqa: PLC0415

        register(
            "printing",
            actions={"print.requested": _("print pack requested")},
            evening=True,
            data={"pack": _("pack")},
            values={"pack": {"round": _("one round"), "tournament": _("whole tournament")}},
            hidden=("job",),
        )
