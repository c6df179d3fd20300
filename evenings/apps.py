from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


def log_labels() -> None:
    """The words of what evenings logs (the draw, a round's start, seats swapped, an
    evening finished or opened again), for the club's log (clubs.log_labels)."""
    from clubs.log_labels import register  # noqa: PLC0415

    register(
        "evenings",
        actions={
            "round.drawn": _("round drawn"),
            "round.undrawn": _("draw taken back"),
            "round.started": _("round started"),
            "seats.swapped": _("seats swapped"),
            "tournament.finished": _("tournament finished"),
            "tournament.reopened": _("tournament opened again"),
        },
        data={
            "seed": _("draw seed"),
            "tables": _("tables"),
            "byes": _("byes"),
            "second_bye": _("second bye"),
            "repeats": _("repeat tablemates"),
        },
        evening=True,
    )


class EveningsConfig(AppConfig):
    name = "evenings"
    verbose_name = _("Evenings")

    def ready(self) -> None:
        from scoring import signals  # noqa: PLC0415

        from .services import progress  # noqa: PLC0415

        log_labels()
        # Scoring reports a table's results changing; the round's status is decided here.
        signals.results_changed.connect(progress.results_changed, dispatch_uid="evenings")
