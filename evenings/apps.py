from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class EveningsConfig(AppConfig):
    name = "evenings"
    verbose_name = _("Evenings")

    def ready(self) -> None:
        from scoring import signals  # noqa: PLC0415

        from .services import progress  # noqa: PLC0415

        # Scoring reports a table's results changing; the round's status is decided here.
        signals.results_changed.connect(progress.results_changed, dispatch_uid="evenings")
