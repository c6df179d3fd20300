"""A player at the table: the table's private link on a phone, no login, the result
entered and sent."""

from __future__ import annotations

import pytest
from django.conf import settings
from playwright.sync_api import expect

from clubs.models import Member
from scoring.links import table_link
from scoring.models import ResultEntry
from tournaments.models import Round, Tournament

from ..factories import EntryFactory, MemberFactory, TournamentFactory, seat_round
from .conftest import PHONE, PHONE_360, choose, enter_totals
from .test_phone_pages import AXE, check_page

TOTALS = {
    "Player Lid": "1010",
    "Gerrit Bosch": "720",
    "Hanneke Claassen": "455",
    "Ine Dekkers": "-40",
}


def seated_table(two_clubs):
    """A running Duizenden evening (final scores) with one table of four: the fixture's
    player and three more. Returns (table, entries)."""
    club = two_clubs.a
    tournament = TournamentFactory(
        club=club,
        name="Vrijdagavond",
        game="duizenden",
        table_size=4,
        entering=Tournament.Entering.SUMMARY,
        status=Tournament.Status.RUNNING,
    )
    members = [Member.objects.get(user=two_clubs.player)] + [
        MemberFactory(club=club, name=name) for name in list(TOTALS)[1:]
    ]
    entries = [EntryFactory(tournament=tournament, member=member) for member in members]
    round_ = seat_round(tournament, [entries], status=Round.Status.STARTED)
    return round_.tables.get(), entries


def test_a_player_enters_the_tables_result_on_a_phone(make_page, site, two_clubs):
    table, entries = seated_table(two_clubs)
    members = [entry.member for entry in entries]
    link = site + table_link(table.pk)  # as the draw's score sheet prints it

    page = make_page(**PHONE)
    page.goto(link)
    expect(page.get_by_role("heading", level=1)).to_contain_text("Tafel 1")
    choose(page, "Player Lid")
    enter_totals(page, TOTALS)

    expect(
        page.get_by_text("De uitslag is opgeslagen. Een tweede persoon bevestigt die.")
    ).to_be_visible()
    entered = page.locator("article", has_text="Ingevoerd, nog niet bevestigd")
    expect(entered).to_contain_text("1. Player Lid 1010")
    expect(entered).to_contain_text("4. Ine Dekkers -40")
    # The form is one's own entry now: another player or the director confirms it.
    expect(page.get_by_role("button", name="Dit klopt: bevestigen")).to_have_count(0)

    result = table.results.get()
    assert result.status == ResultEntry.Status.PROVISIONAL
    assert result.via == ResultEntry.Via.TABLE
    assert result.entered_by_entry_id == entries[0].pk
    assert [side["total"] for side in result.data["sides"]] == [
        int(TOTALS[m.name]) for m in members
    ]

    # Nothing sticks out sideways on a phone.
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], width


def test_one_phone_cannot_confirm_its_own_entry_under_another_name(make_page, site, two_clubs):
    """README: the one who entered a result never confirms it, "not even under another
    name on the same phone". Under another name the page says one thing (issue 37): this
    phone entered it, as Player Lid; not "you entered it" to the name now chosen. It
    offers no confirm button and no form to enter it again."""
    table, _entries = seated_table(two_clubs)
    page = make_page(**PHONE)
    page.goto(site + table_link(table.pk))
    choose(page, "Player Lid")
    enter_totals(page, TOTALS)
    expect(
        page.get_by_text("De uitslag is opgeslagen. Een tweede persoon bevestigt die.")
    ).to_be_visible()
    expect(page.locator(".link-state")).to_have_text(
        "Jij hebt deze uitslag ingevoerd: een speler van de andere partij of de "
        "wedstrijdleider bevestigt die."
    )

    page.get_by_role("link", name="Ben jij dat niet?").click()
    choose(page, "Ine Dekkers")
    expect(page.locator(".link-state")).to_have_text(
        "Op deze telefoon is deze uitslag ingevoerd, als Player Lid: een speler van een "
        "andere partij bevestigt die op zijn eigen telefoon, of een wedstrijdleider doet het."
    )
    expect(page.get_by_text("Jij hebt deze uitslag ingevoerd")).to_have_count(0)
    expect(page.get_by_role("button", name="Dit klopt: bevestigen")).to_have_count(0)
    expect(page.get_by_role("button", name="Uitslag opslaan")).to_have_count(0)
    assert table.results.get().status == ResultEntry.Status.PROVISIONAL


def keezen_table(two_clubs):
    """A running Keezen evening, one table of two fixed teams: Henk Smits and his partner
    Wim Hurkmans against Ria and Kees. Returns (table, [henk, ria, wim, kees])."""
    tournament = TournamentFactory(
        club=two_clubs.a,
        name="Keezavond",
        game="keezen",
        table_size=4,
        teams="fixed",
        entering=Tournament.Entering.SUMMARY,
        status=Tournament.Status.RUNNING,
    )
    names = ["Henk Smits", "Ria van Dijk", "Wim Hurkmans", "Kees Verhoeven"]
    entries = [
        EntryFactory(tournament=tournament, member=MemberFactory(club=two_clubs.a, name=name))
        for name in names
    ]
    round_ = seat_round(tournament, [entries], status=Round.Status.STARTED)
    return round_.tables.get(), entries


#: What each phone reads in each language (scoring.selectors.link).
SAYS = {
    "nl": {
        "mine": "Jij hebt deze uitslag ingevoerd: een speler van de andere partij of de "
        "wedstrijdleider bevestigt die.",
        "my_side": "Je partner Henk Smits heeft deze uitslag ingevoerd: een speler van een "
        "andere partij of de wedstrijdleider bevestigt die.",
        "other_side": "Henk Smits heeft deze uitslag ingevoerd. Klopt die? Bevestig hem. "
        "Klopt die niet? Voer de juiste in: dan beslist de wedstrijdleider.",
        "finished": "Dit toernooi is afgelopen: uitslagen zijn hier nog te lezen, maar niet "
        "meer in te voeren of te bevestigen.",
        "enter": "Uitslag opslaan",
        "confirm": "Dit klopt: bevestigen",
    },
    "de": {
        "mine": "Du hast dieses Ergebnis erfasst: Ein Spieler der anderen Partei oder der "
        "Turnierleiter bestätigt es.",
        "my_side": "Dein Partner Henk Smits hat dieses Ergebnis erfasst: Ein Spieler einer "
        "anderen Partei oder der Turnierleiter bestätigt es.",
        "other_side": "Henk Smits hat dieses Ergebnis erfasst. Stimmt es? Bestätige es. "
        "Stimmt es nicht? Erfasse das richtige: Dann entscheidet der Turnierleiter.",
        "finished": "Dieses Turnier ist beendet: Ergebnisse sind hier noch zu lesen, aber "
        "nicht mehr zu erfassen oder zu bestätigen.",
        "enter": "Ergebnis speichern",
        "confirm": "Das stimmt: bestätigen",
    },
}


@pytest.mark.parametrize("language", ["nl", "de"])
def test_each_phone_at_a_keezen_table_reads_one_thing(browser, site, two_clubs, language):
    """Issue 37 at 360 px: Henk enters, his partner Wim reads that Henk entered it (not
    that partners cannot confirm and then that entering it again confirms it), Ria of the
    other side confirms; once finished, the link asks no name. Each page fits the phone,
    has no serious axe violation, and is saved as a screenshot."""
    table, (henk, ria, wim, _kees) = keezen_table(two_clubs)
    link = site + table_link(table.pk)
    says = SAYS[language]
    contexts = []

    def phone_of(name: str):
        context = browser.new_context(locale=f"{language}-{language.upper()}", **PHONE_360)
        context.set_default_timeout(15_000)
        context.add_cookies(
            [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": site}]
        )
        context.add_init_script(path=AXE)
        contexts.append(context)
        page = context.new_page()
        page.goto(f"{link}?player={name}")
        return page

    try:
        henks = phone_of(str(henk.pk))
        rows = henks.locator("table.summary-grid tbody tr")
        expect(rows).to_have_count(2)
        rows.nth(0).locator("input").fill("8")
        rows.nth(1).locator("input").fill("5")
        with henks.expect_navigation():
            henks.get_by_role("button", name=says["enter"]).tap()
        expect(henks.locator(".link-state")).to_have_text(says["mine"])
        check_page(henks, f"table-link-mine-{language}")

        wims = phone_of(str(wim.pk))
        expect(wims.locator(".link-state")).to_have_text(says["my_side"])
        expect(wims.get_by_role("button")).not_to_contain_text([says["confirm"]])
        expect(wims.locator("form.result-form")).to_have_count(0)
        check_page(wims, f"table-link-my-side-{language}")

        rias = phone_of(str(ria.pk))
        expect(rias.locator(".link-state")).to_have_text(says["other_side"])
        expect(rias.get_by_role("button", name=says["confirm"])).to_have_count(1)
        check_page(rias, f"table-link-other-side-{language}")

        Tournament.objects.filter(pk=table.round.tournament_id).update(
            status=Tournament.Status.FINISHED
        )
        anyone = phone_of("")
        expect(anyone.locator(".link-state")).to_have_text(says["finished"])
        expect(anyone.locator("select[name=player]")).to_have_count(0)  # no "who are you?"
        expect(anyone.locator("form[method=post]")).to_have_count(1)  # the language menu
        check_page(anyone, f"table-link-finished-{language}")
    finally:
        for context in contexts:
            context.close()
