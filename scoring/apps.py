from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Results and standings")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from tournaments import providers  # noqa: PLC0415

        from . import selectors  # noqa: PLC0415

        # The Swiss draw reads the match points so far from here (tournaments sits below).
        providers.swiss_scores.register(selectors.draw_scores)
