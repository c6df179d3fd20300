"""The browser reaches the live site and a director logs in."""

from .conftest import log_in


def test_a_director_logs_in_and_sees_the_club(page, site, two_clubs):
    log_in(page, site, "director")
    page.goto(f"{site}/c/rooi/")
    assert "Spellenclub Rooi" in page.inner_text("body")
