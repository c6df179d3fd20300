from django.apps import AppConfig
from django.conf import settings
from django.core.signals import setting_changed
from django.utils.translation import gettext_lazy as _

from games import registry


def use_games(*, setting: str = "TROEF_GAMES", **kwargs) -> None:
    """Play the games of the ``TROEF_GAMES`` setting (again, when a test changes it)."""
    if setting == "TROEF_GAMES":
        registry.use(settings.TROEF_GAMES)


class ClubsConfig(AppConfig):
    name = "clubs"
    verbose_name = _("Clubs")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        use_games()
        setting_changed.connect(use_games, dispatch_uid="troef-games")
