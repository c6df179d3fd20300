"""A director settles disputes with the dispute checker: a Miezemauzen renege (on a
phone, with the card picker, saved to the tournament's table with a ruling) and a MEINO
W+4 played while holding the colour in force."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from disputes.models import Dispute
from disputes.rules import rule
from tournaments.models import Round

from ..factories import EntryFactory, TournamentFactory, seat_round
from .conftest import PHONE, log_in


def open_checker(page: Page, site: str, game: str, check: str) -> None:
    """From the club's public page to a game's check, the way a director clicks there."""
    page.goto(f"{site}/c/rooi/")
    page.locator("a", has_text="Ledenpagina").click()
    page.locator("nav.club-nav").get_by_role("link", name="Geschillen").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Geschillen")
    page.locator(f"article.checker-game a[href$='/disputes/{game}/{check}/']").click()
    expect(page.locator("#checker-form")).to_be_visible()


def expect_rule_broken(page: Page, rule_id: str) -> None:
    """The verdict: not legal, the one rule broken by its ID, with its text (Dutch)."""
    verdict = page.locator("#verdict")
    expect(verdict).to_have_class("verdict verdict-illegal")
    expect(verdict.locator(".verdict-head")).to_contain_text("Niet toegestaan")
    broken = verdict.locator("li.violation")
    expect(broken).to_have_count(1)
    expect(broken).to_have_attribute("data-rule", rule_id)
    expect(broken.locator(".rule-id")).to_have_text(rule_id)
    text = rule(rule_id, "nl").text
    shown = " ".join(broken.locator("blockquote.rule-text").inner_text().split())
    assert shown == " ".join(text.split())


def test_a_director_settles_a_miezemauzen_renege_on_a_phone(make_page, site, two_clubs):
    tournament = TournamentFactory(
        club=two_clubs.a, name="Miezelavond", game="miezemauzen", table_size=3
    )
    entries = [EntryFactory(tournament=tournament) for _ in range(3)]
    seat_round(tournament, [entries], status=Round.Status.STARTED)

    page = make_page(**PHONE)
    log_in(page, site, "director")
    open_checker(page, site, "miezemauzen", "deal")

    # Ann leads the ace of hearts; Bas, holding the nine of hearts, discards a club.
    page.fill("[name=players]", "Ann, Bas, Cor")
    page.fill("[name=dealer]", "Cor")
    page.select_option("[name=trump]", "S")
    page.fill("[name=declarations]", "Ann: speelt\nBas: speelt\nCor: speelt")
    page.fill(
        "[name=hands]",
        "Ann: harten aas, KS, 9S, 8C, 7D\n"
        "Bas: 9H QC JD 10D 7C\n"
        "Cor: 10H, klaveren heer, 8D, A♠, 7S",
    )
    page.locator("[name=tricks]").tap()
    page.fill("[name=tricks]", "AH 7C")
    # The trick's last card from the card picker.
    opener = page.locator(".card-picker-open[data-picker-for=id_tricks]")
    opener.tap()
    picker = page.locator("#id_tricks-picker")
    expect(picker).to_be_visible()
    picker.locator("[data-code='10H']").tap()
    # The picker types the card as the page writes it; the engine reads it all the same.
    expect(page.locator("[name=tricks]")).to_have_value("AH 7C 10♥")
    page.locator("#checker-form button[name=judge]").tap()

    expect_rule_broken(page, "MZ-8")
    # The form keeps what was typed, and offers to save the dispute.
    expect(page.locator("[name=tricks]")).to_have_value("AH 7C 10♥")
    save = page.locator("fieldset#save")
    ruling = "Bas verzaakt: Ann en Cor krijgen de slag, Bas 5 punten erbij."
    save.locator("[name=ruling]").fill(ruling)
    save.locator("[name=tournament]").select_option(label=str(tournament))
    save.locator("[name=round]").fill("1")
    save.locator("[name=table]").fill("1")
    save.locator("button[name=save]").tap()

    # The saved dispute, and from there the tournament's page lists it.
    expect(page.get_by_text("Het geschil is opgeslagen.")).to_be_visible()
    expect(page.locator("dd.ruling")).to_have_text(ruling)
    expect(page.locator("#verdict li.violation")).to_have_attribute("data-rule", "MZ-8")
    page.locator("dl.dispute-facts a", has_text="Miezelavond").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Miezelavond")
    row = page.locator("table.disputes tbody tr")
    expect(row).to_have_count(1)
    expect(row.locator("td").nth(0)).to_have_text("1")
    expect(row.locator("td").nth(1)).to_have_text("1")
    expect(row.locator(".rule-id")).to_have_text("MZ-8")
    expect(row).to_contain_text("Bas verzaakt")

    dispute = Dispute.objects.get()
    assert dispute.tournament_id == tournament.pk
    assert dispute.ruling == ruling
    assert dispute.case["tricks"] == [["AH", "7C", "10H"]]

    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], width


def test_a_director_settles_a_meino_plus_four(make_page, site, two_clubs):
    page = make_page()
    log_in(page, site, "director")
    open_checker(page, site, "meino", "play")

    # Red 5 on the pile; the player holds red 7 and plays W+4 anyway, wishing green.
    page.fill("[name=top]", "rood 5")
    page.fill("[name=hand]", "R7, W+4, blauw 5")
    page.locator(".card-picker-open[data-picker-for=id_card]").click()
    page.locator("#id_card-picker [data-code='W+4']").click()
    expect(page.locator("[name=card]")).to_have_value("W+4")
    page.select_option("[name=wish]", "G")
    page.locator("#checker-form button[name=judge]").click()

    expect_rule_broken(page, "ME-8")
    case = page.locator("#verdict .case-json code").text_content()
    assert '"card": "W+4"' in case and '"top": "R5"' in case, case

    # Without the red 7 the same W+4 is legal: the verdict turns on ME-8.
    page.fill("[name=hand]", "W+4, blauw 5")
    page.locator("#checker-form button[name=judge]").click()
    expect(page.locator("#verdict")).to_have_class("verdict verdict-legal")
    expect(page.locator("#verdict li.violation")).to_have_count(0)
