"""The address printed links use (config.site.site_url): the venue's only through what the
venue app registered; without it (a hosted site) the configured or the request's."""

import os

from config import site
from venue import runfile


def test_without_the_venues_answer_the_run_file_is_not_read(settings, tmp_path):
    settings.VAR_DIR = tmp_path
    settings.TROEF_SITE_URL = "https://troef.example.nl/"
    runfile.write_run_file("http://192.168.1.20:8000", os.getpid())
    assert site.site_url() == "http://192.168.1.20:8000"  # venue.apps registered its answer
    site.register_venue_url(lambda: None)  # as a site without the venue app
    try:
        assert site.site_url() == "https://troef.example.nl"
        settings.TROEF_SITE_URL = ""
        assert site.site_url() == site.FALLBACK_URL
    finally:
        site.register_venue_url(runfile.venue_url)
