"""By keyboard alone (issue 16): a table's result entered and sent with Tab, typing and
Enter, and the dispute checker's card picker opened and used with Enter and the arrow
keys. No clicks, no taps: what a player with a keyboard, or a screen reader, does."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from scoring.links import table_link
from scoring.models import ResultEntry
from tournaments.models import Round

from ..factories import EntryFactory, TournamentFactory, seat_round
from ..results.helpers import CASES, game_table
from .conftest import log_in
from .test_table_link import TOTALS, seated_table

#: More Tab presses than any of these pages has stops before the one sought.
TABS = 80


def focused(target: Locator) -> bool:
    return target.evaluate("el => el === document.activeElement")


def tab_to(page: Page, target: Locator) -> None:
    """Tab forward until `target` has the focus."""
    for _ in range(TABS):
        if focused(target):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reaches {target}")


def press_until(page: Page, key: str, done) -> None:
    for _ in range(20):
        if done():
            return
        page.keyboard.press(key)
    raise AssertionError(f"{key} never got there")


def test_a_result_is_entered_and_sent_by_keyboard(make_page, site, two_clubs):
    table, entries = seated_table(two_clubs)
    page = make_page()
    page.goto(site + table_link(table.pk))

    # Who am I: the list by typing the name, then "Verder" by Enter.
    who = page.get_by_label("Wie ben je?")
    tab_to(page, who)
    page.keyboard.type("Player Lid")
    expect(who.locator("option:checked")).to_have_text("Player Lid")
    tab_to(page, page.get_by_role("button", name="Verder"))
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page.get_by_text("Je bent Player Lid.")).to_be_visible()

    # The four scores, each typed where Tab leads, then sent with Enter on the button.
    rows = page.locator("table.summary-grid tbody tr")
    expect(rows).to_have_count(4)
    for row in rows.all():
        name = " ".join(row.locator("th").inner_text().split())
        tab_to(page, row.locator("input"))
        page.keyboard.type(TOTALS[name])
    tab_to(page, page.get_by_role("button", name="Uitslag opslaan"))
    with page.expect_navigation():
        page.keyboard.press("Enter")

    expect(
        page.get_by_text("De uitslag is opgeslagen. Een tweede persoon bevestigt die.")
    ).to_be_visible()
    result = table.results.get()
    assert result.status == ResultEntry.Status.PROVISIONAL
    assert [side["total"] for side in result.data["sides"]] == [
        int(TOTALS[entry.member.name]) for entry in entries
    ]


def test_the_card_picker_works_by_keyboard(make_page, site, two_clubs):
    """The picker's cards are real buttons: Tab reaches the opener, Enter opens the grid
    with the focus on a card, the arrow keys move, Enter adds the focused card where the
    caret was, Escape closes and gives the focus back to the opener."""
    tournament = TournamentFactory(club=two_clubs.a, game="miezemauzen", table_size=3)
    entries = [EntryFactory(tournament=tournament) for _ in range(3)]
    seat_round(tournament, [entries], status=Round.Status.STARTED)
    page = make_page()
    log_in(page, site, "director")
    page.goto(f"{site}/c/rooi/disputes/miezemauzen/deal/")

    tricks = page.locator("[name=tricks]")
    tab_to(page, tricks)
    page.keyboard.type("AH 7C")
    opener = page.locator(".card-picker-open[data-picker-for=id_tricks]")
    tab_to(page, opener)
    page.keyboard.press("Enter")
    picker = page.locator("#id_tricks-picker")
    expect(picker).to_be_visible()
    expect(opener).to_have_attribute("aria-expanded", "true")

    card = page.locator(":focus")
    expect(card).to_have_class(re.compile(r"\bcard-pick\b"))
    assert card.evaluate("el => el.tagName") == "BUTTON"
    assert card.evaluate("el => el.closest('#id_tricks-picker') !== null")

    def code() -> str:
        return page.evaluate("document.activeElement.dataset.code || ''")

    # Down to the hearts, then along the row to the ten.
    press_until(page, "ArrowDown", lambda: code().endswith("H"))
    press_until(page, "ArrowRight", lambda: code() == "10H")
    page.keyboard.press("Enter")
    expect(tricks).to_have_value("AH 7C 10♥")  # the picker types the page's letters
    expect(picker.locator(".card-picker-status")).not_to_be_empty()

    page.keyboard.press("Escape")
    expect(picker).to_be_hidden()
    assert focused(opener)


def test_a_detailed_result_with_a_choice_per_row_is_entered_by_keyboard(make_page, site, two_clubs):
    """The MeieRijen form by rounds (the one that was clipped on a phone): each round's
    minus points typed where Tab leads, "emptied the draw pile first" chosen with the
    arrow keys, sent with Enter; what is stored is what was typed."""
    case = next(c for c in CASES if c.game == "meierijen" and c.entry["mode"] == "detailed")
    table = game_table(two_clubs.a, case)
    page = make_page()
    log_in(page, site, "director")
    page.goto(site + table.page)

    for index, row in enumerate(case.entry["rows"]):
        for side, cells in enumerate(row["sides"]):
            tab_to(page, page.locator(f"[name=r{index}_s{side}_minus]"))
            page.keyboard.type(str(cells["minus"]))
        if row["first"] is not None:
            first = page.locator(f"[name=r{index}_first]")
            tab_to(page, first)
            press_until(
                page, "ArrowDown", lambda f=first, w=row["first"]: f.input_value() == str(w)
            )
    tab_to(page, page.get_by_role("button", name="Uitslag opslaan"))
    with page.expect_navigation():
        page.keyboard.press("Enter")

    result = table.table.results.get()
    assert result.status == ResultEntry.Status.PROVISIONAL
    stored = [
        (row["first"], [side["minus"] for side in row["sides"]]) for row in result.data["rows"]
    ]
    assert stored == [
        (row["first"], [side["minus"] for side in row["sides"]]) for row in case.entry["rows"]
    ]
