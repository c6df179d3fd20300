"""The address printed links use (config.site.site_url): the venue's only through the
setting the venue pushes down (TROEF_VENUE_URL); config never reads the venue's run-file,
so without the setting (a hosted site) it is the configured or the request's address."""

import os

from config import site
from venue import runfile


def test_without_the_venues_setting_the_run_file_is_not_read(settings, tmp_path):
    settings.VAR_DIR = tmp_path
    settings.TROEF_SITE_URL = "https://troef.example.nl/"
    settings.TROEF_VENUE_URL = "http://192.168.1.20:8000"
    assert site.site_url() == "http://192.168.1.20:8000"  # as the venue sets it
    settings.TROEF_VENUE_URL = ""  # as a site without a venue
    runfile.write_run_file("http://192.168.1.21:8000", os.getpid())
    assert site.site_url() == "https://troef.example.nl"
    settings.TROEF_SITE_URL = ""
    assert site.site_url() == site.FALLBACK_URL


def test_a_process_started_beside_a_running_venue_takes_its_address_once(settings, tmp_path):
    """What venue.apps does when a process loads (print_round beside a venue): it reads
    the run-file into the setting, unless the setting is there already."""
    settings.VAR_DIR = tmp_path
    settings.TROEF_SITE_URL = ""
    settings.TROEF_VENUE_URL = ""
    runfile.take_running_venues_address()
    assert site.site_url() == site.FALLBACK_URL  # no venue runs
    runfile.write_run_file("http://192.168.1.20:8000", os.getpid())
    runfile.take_running_venues_address()
    assert site.site_url() == "http://192.168.1.20:8000"
    settings.TROEF_VENUE_URL = "http://10.0.0.5:8000"  # set by the venue that started it
    runfile.take_running_venues_address()
    assert site.site_url() == "http://10.0.0.5:8000"
