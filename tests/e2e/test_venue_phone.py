"""A phone through the venue: the real `manage.py venue` (tests/venue/helpers.py), a table
sheet printed by the director on the laptop, its QR code decoded, a phone (390 px wide)
opening it on the venue's address, entering the result, and a player of another side
confirming it from another phone. No page the director or the phones open breaks the
Content-Security-Policy."""

from __future__ import annotations

import io

import pytest
import zxingcpp
from PIL import Image
from playwright.sync_api import expect

from ..sheets.pdf import qr_codes
from ..venue.helpers import PASSWORD, VenueProcess
from .conftest import PHONE, choose, enter_totals, log_in

TOTALS = {"Anna Smits": "1010", "Bas Jansen": "720", "Cor de Wit": "455", "Dirk Peters": "-40"}


@pytest.fixture
def venue(tmp_path):
    server = VenueProcess(tmp_path / "var", tmp_path / "venue.log").start()
    yield server
    server.stop()


def _watch_csp(page, errors: list[str]) -> None:
    def seen(message):
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            errors.append(f"{page.url}: {message.text}")

    page.on("console", seen)


def test_a_phone_enters_a_result_through_the_venue_and_another_confirms(venue, make_page):
    evening = venue.seed_evening()
    csp_errors: list[str] = []

    # The director, on the laptop's own address, prints table 1's sheet.
    director = make_page()
    _watch_csp(director, csp_errors)
    log_in(director, venue.laptop_url, "director", PASSWORD)
    round_url = f"{venue.laptop_url}/c/rooi/tournaments/{evening.tournament}/rounds/1/"
    director.goto(round_url)
    sheet = director.request.get(f"{venue.laptop_url}/c/rooi/tables/{evening.tables[0]}/print/")
    assert sheet.ok
    (link,) = qr_codes(sheet.body())[0]
    assert link.startswith(f"{venue.url}/t/"), link

    # The same link as a QR code on the director's screen, for a lost sheet.
    director.goto(round_url)
    director.locator("#table-1").get_by_role("link", name="QR-code tonen").click()
    shot = director.locator(".qr-large svg").screenshot()
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(shot)))
    assert [code.text for code in found] == [link]

    # A player's phone opens the printed link on the venue's address and enters.
    phone = make_page(**PHONE)
    _watch_csp(phone, csp_errors)
    phone.goto(link)
    expect(phone.get_by_role("heading", level=1)).to_contain_text("Tafel 1")
    choose(phone, "Anna Smits")
    enter_totals(phone, TOTALS)
    expect(
        phone.get_by_text("De uitslag is opgeslagen. Een tweede persoon bevestigt die.")
    ).to_be_visible()
    width = phone.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], width

    # A player of another side confirms it from another phone.
    other = make_page(**PHONE)
    _watch_csp(other, csp_errors)
    other.goto(link)
    choose(other, "Bas Jansen")
    other.get_by_role("button", name="Dit klopt: bevestigen").click()
    expect(other.get_by_text("De uitslag is bevestigd.")).to_be_visible()

    stored = venue.query(
        "SELECT status, COUNT(*) FROM scoring_resultentry WHERE table_id = ? GROUP BY status",
        evening.tables[0],
    )
    assert stored == [("confirmed", 1)]

    # The director's pages with scripts of their own: no CSP refusals anywhere.
    director.goto(f"{venue.laptop_url}/c/rooi/connect/")
    expect(director.locator(".qr-large svg")).to_be_visible()
    director.goto(f"{venue.laptop_url}/c/rooi/tournaments/new/")
    director.locator("select[name=game]").select_option("meino")
    expect(director.locator('fieldset.game-options[data-game="meino"]')).to_be_visible()
    expect(director.locator('fieldset.game-options[data-game="keezen"]')).to_be_hidden()
    director.goto(f"{venue.laptop_url}/c/rooi/tournaments/{evening.tournament}/standings/")
    with director.expect_navigation():
        director.locator("select[name=language]").select_option("de")
    expect(director.locator("html")).to_have_attribute("lang", "de")
    assert csp_errors == []
