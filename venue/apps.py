from django.apps import AppConfig


class VenueConfig(AppConfig):
    name = "venue"
    verbose_name = "Venue"

    def ready(self) -> None:
        from config import pages, site  # noqa: PLC0415

        from . import runfile  # noqa: PLC0415

        # What the apps below ask for "the address phones use" (config.site.site_url):
        # the running venue's, read from its run-file.
        site.register_venue_url(runfile.venue_url)
        # The venue's pages that the round pages and the venue screen link to (config.pages).
        pages.register(table_qr="venue:venue-table-qr", connect="venue:venue-connect")
