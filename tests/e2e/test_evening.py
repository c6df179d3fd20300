"""A director's evening in the browser, through the real pages only: log in, create an
evening, check players in, draw round 1, print the round's pack (following the progress
bar to the download), enter two results, have a second director confirm them, and see
the standings change."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from ..factories import MemberFactory
from ..sheets.pdf import pdf_text
from .conftest import log_in

#: Two Duizenden tables of three: the fixture's three members with a login, Anneke, and two more.
PLAYERS = [
    "Player Lid",
    "Director Lid",
    "Admin Lid",
    "Anneke van den Heuvel",
    "Cor Verhoeven",
    "Dien Smulders",
]
#: Final scores (summary entry) of each table's three sides: one winner at 1000 or more.
TOTALS = ["1005", "640", "-35"]


def link(page, text: str):
    """The link (a plain one, or one drawn as a button) whose whole text is ``text``."""
    return page.locator("a").filter(has_text=re.compile(rf"^\s*{re.escape(text)}\s*$"))


def standings_rows(page: Page) -> dict[str, dict[str, str]]:
    """The standings table as {player name: {column heading: cell}}."""
    table = page.locator("table.standings")
    expect(table.locator("tbody tr")).to_have_count(len(PLAYERS))
    headings = [" ".join(h.split()) for h in table.locator("thead th").all_text_contents()]
    rows = {}
    for row in table.locator("tbody tr").all():
        cells = [" ".join(c.split()) for c in row.locator("td").all_inner_texts()]
        record = dict(zip(headings, cells, strict=True))
        rows[record["naam"]] = record
    assert sorted(rows) == sorted(PLAYERS)
    return rows


def test_a_director_runs_round_one_of_an_evening(make_page, site, worker, two_clubs):
    MemberFactory(club=two_clubs.a, name="Cor Verhoeven", membership_number="R002")
    MemberFactory(club=two_clubs.a, name="Dien Smulders", membership_number="R003")
    second = make_page()  # the second director (club admin), a browser of their own
    log_in(second, site, "admin")
    page = make_page()
    log_in(page, site, "director")
    page.goto(f"{site}/c/rooi/")
    page.locator("a", has_text="Ledenpagina").click()

    # A new game evening: Duizenden at tables of three, final scores entered.
    link(page, "Toernooien").first.click()
    link(page, "Nieuw toernooi").click()
    page.fill("[name=name]", "Donderdagavond")
    page.fill("[name=date]", "2026-12-03")
    page.select_option("[name=game]", "duizenden")
    page.fill("[name=table_size]", "3")
    page.fill("[name=rounds_planned]", "3")
    page.select_option("[name=entering]", "summary")
    page.locator("#tournament-form button[type=submit]").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Donderdagavond")
    evening_url = page.url

    # Check-in: one tap on each of the six in the club's list enters and marks them present.
    link(page, "Aanwezigheid").click()
    for name in PLAYERS:
        row = page.locator("#checkin-list tr", has_text=name)
        row.locator("form.toggle button").click()
        expect(row.locator("button[aria-pressed=true]")).to_be_visible()
    expect(page.locator("#plan")).to_contain_text("6 aanwezig: 2 tafels van 3")

    # Standings before the draw: nobody has a table or a bye yet, so nobody is listed
    # (issue 15: registered but never played is not in the standings).
    link(page, "Donderdagavond").click()
    link(page, "Stand").click()
    expect(page.locator("table.standings tbody tr", has_text=PLAYERS[0])).to_have_count(0)
    # Once drawn, before any result, everyone shares first place on nothing.
    before = {name: {"plaats": "1", "wedstrijdpunten": "0", "gespeeld": "0"} for name in PLAYERS}
    link(page, "Toernooi").click()

    # Draw round 1.
    page.get_by_role("button", name="Ronde 1 loten").click()
    expect(page).not_to_have_url(evening_url)
    expect(page.locator("article#table-2")).to_be_visible()
    tables = [
        [" ".join(t.split()) for t in page.locator(f"#table-{n} ol li").all_inner_texts()]
        for n in (1, 2)
    ]
    assert sorted(tables[0] + tables[1]) == sorted(PLAYERS)
    round_url = page.url

    # Print the round's pack: the job page's progress bar runs to the download.
    page.locator("section.print-jobs button[type=submit]").click()
    expect(page.locator("#print-job")).to_be_visible()
    download_link = page.locator("#print-job a[download]")
    expect(download_link).to_be_visible(timeout=60_000)
    bar = page.locator("#print-job progress")
    expect(bar).to_have_attribute("value", "1")
    expect(bar).to_have_attribute("max", "1")
    with page.expect_download() as info:
        download_link.click()
    pdf = info.value.path().read_bytes()
    assert pdf.startswith(b"%PDF-")
    text = " ".join(pdf_text(pdf))
    for name in PLAYERS:
        assert name in text, name

    # Enter both tables' results on the round's page, each from its "Enter" link.
    page.locator("hgroup a").click()  # from the job page back to the round
    expect(page).to_have_url(round_url)
    winners = []
    for number in (1, 2):
        link(page.locator(f"#result-table-{number}"), "Invoeren").click()
        rows = page.locator("table.summary-grid tbody tr")
        expect(rows).to_have_count(3)
        for row, total in zip(rows.all(), TOTALS, strict=True):
            row.locator("input").fill(total)
        winners.append(" ".join(rows.first.locator("th").inner_text().split()))
        page.get_by_role("button", name="Uitslag opslaan").click()
        # One's own entry: no confirm button, only why (another director confirms it).
        expect(
            page.get_by_text("Wie een uitslag invoert, kan die niet zelf bevestigen.")
        ).to_be_visible()
        expect(page.get_by_role("button", name="Bevestigen")).to_have_count(0)
        page.locator("hgroup a").click()  # the round's results
    results = page.locator(".round-results .result-card")
    # Their own entries: the list offers them no "confirm" either (issue 15).
    expect(link(results, "Bevestigen")).to_have_count(0)
    expect(link(results, "Wacht op bevestiging")).to_have_count(2)
    assert winners[0] in tables[0] and winners[1] in tables[1]

    # The standings count no provisional result yet.
    page.locator("hgroup a").first.click()  # the evening (then the round)
    link(page, "Stand").click()
    provisional = standings_rows(page)
    counted = ["plaats", "wedstrijdpunten", "gespeeld"]
    for name in PLAYERS:
        assert [provisional[name][c] for c in counted] == [before[name][c] for c in counted]
    assert sorted(r["voorlopig (telt nog niet)"] for r in provisional.values()) == [
        "",
        "",
        "+1",
        "+1",
        "+2",
        "+2",
    ]
    standings_url = page.url

    # The second director confirms both from the round's results page.
    second.goto(f"{site}/c/rooi/")
    second.locator("a", has_text="Ledenpagina").click()
    link(second, "Toernooien").first.click()
    link(second, "Donderdagavond").click()
    second.get_by_role("link", name=re.compile("^Ronde 1")).first.click()
    for _ in (1, 2):
        link(second.locator(".round-results"), "Bevestigen").first.click()
        second.get_by_role("button", name="Bevestigen").click()
        expect(second.get_by_role("button", name="Bevestigen")).to_have_count(0)
        confirmed = second.locator("article", has_text="Bevestigde uitslag")
        expect(confirmed).to_contain_text("bevestigd door admin")
        second.locator("hgroup a").click()
    confirm_links = link(second.locator(".round-results"), "Bevestigen")
    expect(confirm_links).to_have_count(0)
    expect(second.locator(".round-results .result-card.result-confirmed")).to_have_count(2)

    # The director's standings change: the two winners lead, with more points than before.
    page.reload()
    assert page.url == standings_url
    after = standings_rows(page)
    assert after != before
    for name in PLAYERS:
        assert before[name]["wedstrijdpunten"] == "0"
        assert before[name]["gespeeld"] == "0"
        assert after[name]["gespeeld"] == "1"
        assert after[name]["voorlopig (telt nog niet)"] == ""
    # Rank at a table of three gives 2, 1 and 0 match points: the winners share the lead.
    for name in winners:
        assert after[name]["wedstrijdpunten"] == "2", after[name]
        assert after[name]["plaats"] == "1", after[name]
    assert sorted(r["wedstrijdpunten"] for r in after.values()) == ["0", "0", "1", "1", "2", "2"]
