from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DisputesConfig(AppConfig):
    """The rules engine in the site: check_hand, the dispute-check endpoint."""

    name = "disputes"
    verbose_name = _("Disputes")
