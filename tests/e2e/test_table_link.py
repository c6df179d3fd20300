"""A player at the table: the table's private link on a phone, no login, the result
entered and sent."""

from __future__ import annotations

from playwright.sync_api import expect

from clubs.models import Member
from scoring.links import table_link
from scoring.models import ResultEntry
from tournaments.models import Round, Tournament

from ..factories import EntryFactory, MemberFactory, TournamentFactory, seat_round
from .conftest import PHONE, choose, enter_totals

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
    name on the same phone". A phone keeps one identity: under another name it is asked
    for that player's personal code, shows no confirm button for its own entry, and
    entering the same result again (which confirms someone else's entry) is refused."""
    table, _entries = seated_table(two_clubs)
    page = make_page(**PHONE)
    page.goto(site + table_link(table.pk))
    choose(page, "Player Lid")
    enter_totals(page, TOTALS)
    expect(
        page.get_by_text("De uitslag is opgeslagen. Een tweede persoon bevestigt die.")
    ).to_be_visible()

    page.get_by_role("link", name="Ben jij dat niet?").click()
    choose(page, "Ine Dekkers")
    expect(page.get_by_text("Jij hebt deze uitslag ingevoerd")).to_be_visible()
    expect(page.get_by_text("Deze telefoon is in dit toernooi van Player Lid.")).to_be_visible()
    expect(page.get_by_role("button", name="Dit klopt: bevestigen")).to_have_count(0)
    enter_totals(page, TOTALS)
    expect(page.get_by_text("De uitslag is opgeslagen en bevestigd.")).to_have_count(0)
    assert table.results.get().status == ResultEntry.Status.PROVISIONAL
