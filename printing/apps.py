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
        from config import pages  # noqa: PLC0415

        register(
            "printing",
            actions={"print.requested": _("print pack requested")},
            evening=True,
            data={"pack": _("pack")},
            values={"pack": {"round": _("one round"), "tournament": _("whole tournament")}},
            hidden=("job",),
        )
        # The printed versions the results and standings pages link to (config.pages).
        pages.register(
            checkin_slips="printing:checkin-slips",
            table_cards="printing:print-table-cards",
            personal_card="printing:print-personal-card",
            season_standings_pdf="printing:print-season-standings",
            public_season_standings_pdf="printing:public-print-season-standings",
            tournament_standings_pdf="printing:print-tournament-standings",
            public_tournament_standings_pdf="printing:public-print-tournament-standings",
        )
