from django.apps import AppConfig


class VenueConfig(AppConfig):
    name = "venue"
    verbose_name = "Venue"

    def ready(self) -> None:
        from . import runfile  # noqa: PLC0415

        # A process started beside a running venue, not by it (manage.py print_round):
        # the venue's address for phones, read once from its run-file into the setting
        # that config.site.site_url reads. The venue's own processes have it already.
        runfile.take_running_venues_address()
