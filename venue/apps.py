from django.apps import AppConfig


class VenueConfig(AppConfig):
    name = "venue"
    verbose_name = "Venue"

    def ready(self) -> None:
        from config import site  # noqa: PLC0415

        from . import runfile  # noqa: PLC0415

        # What the apps below ask for "the address phones use" (config.site.site_url):
        # the running venue's, read from its run-file.
        site.register_venue_url(runfile.venue_url)
