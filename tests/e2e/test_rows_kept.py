"""Rows kept during the game on a 360 px phone (issue 41): a field with a complement
fills the other side's cell as the player types (static/troef/complement.js, never over
what was typed there), "Rijen bewaren" keeps the rows, and the running totals are in
view without scrolling sideways."""

from __future__ import annotations

from dataclasses import replace

import pytest
from playwright.sync_api import expect

import games.meierijen
from games import registry
from scoring.links import table_link
from scoring.models import ResultDraft
from tournaments.models import Round, Tournament

from ..factories import EntryFactory, MemberFactory, TournamentFactory, seat_round
from .conftest import PHONE_360, choose

NAMES = ("Gerrit Bosch", "Hanneke Claassen")


@pytest.fixture
def complement(monkeypatch):
    """MeieRijen's minus points as if the two sides' always summed to 17 (the live server
    runs in this process)."""
    spec = games.meierijen.GAME
    layout = spec.results.layout
    fields = tuple(replace(f, complement=17) if f.name == "minus" else f for f in layout.row_fields)
    results = replace(spec.results, layout=replace(layout, row_fields=fields))
    monkeypatch.setattr(games.meierijen, "GAME", replace(spec, results=results))
    registry.get.cache_clear()
    yield
    monkeypatch.undo()
    registry.get.cache_clear()


def two_player_table(two_clubs):
    tournament = TournamentFactory(
        club=two_clubs.a,
        name="Vrijdagavond",
        game="meierijen",
        table_size=2,
        entering=Tournament.Entering.DETAILED,
        status=Tournament.Status.RUNNING,
        options={"players": 2},
    )
    entries = [
        EntryFactory(tournament=tournament, member=MemberFactory(club=two_clubs.a, name=name))
        for name in NAMES
    ]
    return seat_round(tournament, [entries], status=Round.Status.STARTED).tables.get()


def test_a_phone_fills_the_complement_keeps_the_rows_and_sees_the_totals(
    make_page, site, two_clubs, complement
):
    table = two_player_table(two_clubs)
    page = make_page(**PHONE_360)
    page.goto(site + table_link(table.pk))
    choose(page, NAMES[0])
    mine, theirs = page.locator("[name=r0_s0_minus]"), page.locator("[name=r0_s1_minus]")
    mine.tap()
    mine.fill("5")
    expect(theirs).to_have_value("12")
    mine.fill("7")  # filled by the script: follows the typed cell
    expect(theirs).to_have_value("10")
    second, typed = page.locator("[name=r1_s0_minus]"), page.locator("[name=r1_s1_minus]")
    typed.fill("4")  # typed by hand: never overwritten
    second.fill("9")
    expect(typed).to_have_value("4")
    with page.expect_navigation():
        page.get_by_role("button", name="Rijen bewaren").tap()
    expect(page.get_by_text("De rijen tot nu toe zijn bewaard.")).to_be_visible()

    draft = ResultDraft.objects.get(table=table)
    assert [[side["minus"] for side in row["sides"]] for row in draft.rows] == [[7, 10], [9, 4]]
    # The rows are back, and the totals after the last one in view at the top of the form.
    expect(mine).to_have_value("7")
    now = page.locator(".running-now")
    expect(now).to_contain_text(f"{NAMES[0]} 1")
    expect(now).to_contain_text(f"{NAMES[1]} 1")
    expect(page.locator("td.running-cell").first).to_contain_text(NAMES[0])
    box = now.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360, box
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], width
    # Further down the rows, the totals are still in view.
    page.get_by_role("button", name="Rijen bewaren").scroll_into_view_if_needed()
    expect(now).to_be_in_viewport()


def test_a_yes_no_box_is_one_large_tap(make_page, site, two_clubs):
    """Miezemauzen's kater, a box of its row: its whole cell, 44 px at least, ticks it."""
    tournament = TournamentFactory(
        club=two_clubs.a,
        game="miezemauzen",
        table_size=3,
        entering=Tournament.Entering.DETAILED,
        status=Tournament.Status.RUNNING,
        options={"players": 3},
    )
    entries = [
        EntryFactory(tournament=tournament, member=MemberFactory(club=two_clubs.a, name=name))
        for name in (*NAMES, "Ine Dekkers")
    ]
    table = seat_round(tournament, [entries], status=Round.Status.STARTED).tables.get()
    page = make_page(**PHONE_360)
    page.goto(site + table_link(table.pk))
    choose(page, NAMES[0])
    box = page.locator("[name=r0_kater]")
    target = page.locator("label.tap-box", has=box)
    target.scroll_into_view_if_needed()
    size = target.bounding_box()
    assert size is not None and size["height"] >= 44 and size["width"] >= 44, size
    page.touchscreen.tap(size["x"] + size["width"] - 5, size["y"] + size["height"] - 5)
    expect(box).to_be_checked()
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], width
